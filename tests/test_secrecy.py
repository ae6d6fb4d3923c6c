"""The relabelled-deal secrecy test (issue 16): every card rule set, at every player count and
with teams, shows each seat nothing that depends on a card he has not seen.

Random games from fixed seeds, a sample of prefixes in each, every seat, a few relabelled deals
each (see ``tests/secrecy.py``); the Crypto-90 and combinations games are followed for their
first 200 actions, or 500 with two players (a random round of either lasts 300 to 400, so that
a round's end and the next deal are in it), the chain game to its end.
``benchmarks/secrecy.py`` runs the same check on many more games, played to their end.
"""

from __future__ import annotations

import pytest

import ludotheque
from tests.secrecy import DECKS, Course, Deck, audit, replay_relabelled, table_view

#: (rule set, options, actions followed (None: to the end), games): about 25 s in all here.
GAMES = [
    ("crypto-90", {"players": 2}, 500, 2),
    ("crypto-90", {"players": 3}, 200, 3),
    ("crypto-90", {"players": 4}, 200, 2),
    ("crypto-90", {"players": 2, "laying": "at once"}, 200, 4),
    ("crypto-geographique", {"players": 2}, 500, 2),
    ("crypto-geographique", {"players": 3}, 200, 3),
    ("crypto-geographique", {"players": 4}, 200, 2),
    ("crypto-geographique", {"players": 4, "teams": True}, 200, 3),
    ("crypto-geographique", {"players": 5}, 200, 2),
    ("crypto-geographique-chaine", {"players": 2, "rounds": 2}, None, 4),
    ("crypto-geographique-chaine", {"players": 3}, None, 4),
    ("crypto-geographique-chaine", {"players": 4}, None, 3),
    ("crypto-geographique-chaine", {"players": 5}, None, 3),
]


def test_every_hidden_card_rule_set_is_covered():
    hidden = {
        name
        for name in ludotheque.games()
        if not ludotheque.load_game(name).info.perfect_information
    }
    assert hidden == set(DECKS) == {name for name, *_ in GAMES}


@pytest.mark.parametrize(("name", "options", "limit", "games"), GAMES, ids=str)
def test_no_view_depends_on_an_unseen_card(name, options, limit, games):
    tally = audit(name, options, range(games), prefixes=6, tries=4, limit=limit or 100_000)
    if tally.leaks:
        pytest.fail(f"{tally}; the first:\n{tally.leaks[0]}", pytrace=False)
    # The check must have checked: enough relabelled deals replayed to their prefix.
    assert tally.worlds - tally.skipped >= 40, tally


@pytest.mark.parametrize("name", sorted(DECKS))
def test_a_view_that_shows_another_hand_is_caught(name):
    def leaky(state, seat):
        other = (seat + 1) % state.num_players()
        return table_view(state, seat) + str(state.observation(other)["hand"])

    tally = audit(name, {}, seeds=[1], prefixes=4, tries=4, view=leaky, limit=120)
    assert tally.leaks


def test_that_a_hand_card_does_not_complete_a_row_is_the_rules_news_not_a_leak():
    # Crypto-90 under laying=at once lays a ninth card at once: the table learns at each end
    # of South's turn that his hand card does not complete his row. A relabelled deal in which
    # it does is ruled out by Deck.ruled, not taken for a leak.
    game = ludotheque.load_game("crypto-90", goal="rounds", rounds=1, laying="at once")
    north, south = [41, 50, 43, 61, 45, 52, 47, 63], [20, 22, 24, 26, 28, 30, 32, 34]
    deal = [card for pair in zip(north, south, strict=True) for card in pair] + [49, 37, 60]
    state = game.new_initial_state()
    for move in [*map(str, deal), "stock", "70", "reject", "stock", "71", "reject"]:
        state.apply_action(state.string_to_action(move))
    assert state.current_player() == 0  # South's 37 is odd among his evens: no nine
    history, seat = state.history(), 0
    swap = {(0, 37): 36, (0, 36): 37}  # North has not seen either: 36 makes South's nine
    ruled = Course(game, history, DECKS["crypto-90"])
    assert replay_relabelled(ruled, seat, len(history), table_view, swap) == "skipped"
    unruled = Course(game, history, Deck(DECKS["crypto-90"].shown))
    leak = replay_relabelled(unruled, seat, len(history), table_view, swap)
    assert "lays 36 on the right and wins" in leak
