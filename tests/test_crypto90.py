"""Crypto-90: the leaflet's examples and scoring table, the deal, a turn, the fakirs, the end of
a round, secrecy, and every card accounted for."""

from __future__ import annotations

import random
import re
from dataclasses import replace

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import ludotheque
from ludotheque.core.errors import IllegalMoveError, NotationError
from ludotheque.games.crypto90.game import HYPNOTISE, Crypto90State
from ludotheque.games.crypto90.rules import (
    FAKIR,
    ROW,
    best_series,
    card_name,
    cards,
    nine_tens,
    round_score,
    winning_side,
)
from ludotheque.games.crypto90.table import Phase, Table
from tests.helpers import play


def game(players=2, **options):
    return ludotheque.load_game("crypto-90", players=players, **options)


# --- the leaflet's examples ------------------------------------------------------------------


def test_a_winning_mixed_nine():
    # «04 12 27 32 48 55 63 78 86 — Un jeu gagnant mélangé pair-impair. La carte en main était le
    # 86. Elle aurait pu aussi bien consister en le chiffre 01 ou 02 ou 03; elle aurait, dans ce
    # cas, été abattue du côté gauche.»
    row = cards("04 12 27 32 48 55 63 78")
    assert winning_side(row, 86, players=4) == "right"
    for hand in (1, 2, 3):
        assert winning_side(cards("12 27 32 48 55 63 78 86"), hand, players=4) == "left"
    # «A deux et à trois, la rangée gagnante devra être entièrement paire ou impaire.»
    assert winning_side(row, 86, players=3) is None
    score = round_score(row, 0, 4, cards("04 12 27 32 48 55 63 78 86"))
    assert (score.won, score.parity, score.tens, score.total) == (150, 0, 100, 250)


def test_a_winning_even_nine_with_a_card_of_each_ten():
    # «08 12 26 32 44 58 64 72 88 — Beau jeu gagnant, uniquement pair et comportant une carte de
    # chaque dizaine.»
    nine = cards("08 12 26 32 44 58 64 72 88")
    assert winning_side(nine[:8], 88, players=2) == "right" and nine_tens(nine)
    assert round_score(nine[:8], 0, 2, nine).total == 250 + 100
    assert round_score(nine[:8], 0, 4, nine).total == 150 + 100 + 100


def test_a_losing_row_with_a_series_of_five():
    # «74 81 06 24 49 61 62 57 — Jeu non gagnant, mais comportant une série de 5 chiffres
    # croissants (de 06 à 62). Donc, 50 points à marquer.»
    row = cards("74 81 06 24 49 61 62 57")
    assert best_series(row) == 5
    assert round_score(row, 0, 2, None).total == 50


def test_the_scoring_table():
    # LA MARQUE: manche à deux et à trois 250; à quatre 150; chaque fakir non utilisé 50;
    # série 10 par carte (non-gagnants seulement); à quatre, jeu gagnant pair ou impair 100;
    # les neuf dizaines 100.
    odd = cards("01 03 05 07 09 11 13 15 17")
    assert round_score(odd[:8], 2, 2, odd).total == 250 + 2 * 50
    assert round_score(odd[:8], 0, 4, odd).total == 150 + 100
    assert round_score(odd[:8], 1, 3, None).total == 50 + 8 * 10  # a loser: series, fakirs
    # A series stops at a lower card and at a fakir; a single card is no series.
    assert best_series(cards("10 20 F 30 40 50 05 06")) == 3
    assert best_series(cards("80 70 60 50 40 30 20 10")) == 0


# --- the deal --------------------------------------------------------------------------------


def test_the_deal_builds_rows_left_to_right_and_replaces_fakirs_in_place():
    state = game(2).new_initial_state()
    # North (seat 1) is on the dealer's left: he is dealt first.
    deal = ["01", "02", "F", "04"] + [f"{n:02d}" for n in range(5, 17)] + ["F", "40"]
    play(state, *deal)
    t = state.table
    assert t.rows[0] == cards("01 F 05 07 09 11 13 15")
    assert t.rows[1] == cards("02 04 06 08 10 12 14 16")
    assert t.hands == (FAKIR, 40)
    play(state, "33")  # the fakir in North's row is set aside and replaced in its place
    assert card_name(state.table.rows[0][1]) == "33" and state.table.held == (1, 0)
    play(state, "50")  # then the fakir in North's hand, shown and replaced
    assert state.table.hands == (50, 40) and state.table.held == (2, 0)
    assert "north shows a fakir in hand" in state.describe_last(1)
    play(state, "77")  # the dealer turns up the first card of the pile
    assert state.table.pile == (77,) and state.table.phase is Phase.DRAW
    assert state.current_player() == 0


FIRST_DEAL = [f"{n:02d}" for n in range(1, 17)] + ["40", "41"]


def test_a_fakir_turned_up_is_the_dealers_and_the_next_card_begins_the_pile():
    # Rule "a fakir turned up" (turned_fakir=dealer): «Tout joueur ayant reçu ou tiré un Fakir
    # doit immédiatement l'exposer… et tirer une carte de remplacement» (Crypto géographique).
    state = play(game(2).new_initial_state(), *FIRST_DEAL, "F")
    assert state.table.held == (0, 1) and state.is_chance_node()  # south deals
    assert state.describe_last(0) == "the dealer, south, turns up a fakir and sets it aside."
    play(state, "77")
    assert state.table.pile == (77,)
    assert [state.action_to_string(a) for a in state.legal_actions()] == ["stock", "pile"]
    # turned_fakir=pile: it begins the pile, and «il ne peut pas être pris sur la pile par le
    # joueur suivant».
    kept = play(game(2, turned_fakir="pile").new_initial_state(), *FIRST_DEAL, "F")
    assert kept.table.held == (0, 0) and kept.table.pile == (FAKIR,)
    assert [kept.action_to_string(a) for a in kept.legal_actions()] == ["stock"]


def test_a_record_of_format_2_keeps_the_fakir_turned_up_on_the_pile():
    import json

    from ludotheque.core.record import Record

    then = play(game(2, turned_fakir="pile").new_initial_state(), *FIRST_DEAL, "F", "stock")
    data = json.loads(then.to_json())
    data["format"] = "ludotheque-record/2"
    del data["options"]["turned_fakir"]  # format 2 had no such option
    replayed = Record.from_json(json.dumps(data)).replay()
    assert replayed.table == then.table and replayed.game.options["turned_fakir"] == "pile"


def dealt(players=2, **options) -> Crypto90State:
    """A state just after a deal of rows 1, 2, 3, … (no fakir), hand cards 40, 41, …, pile 90:
    with two players North's row is 01 03 … 15, South's 02 04 … 16."""
    state = game(players, **options).new_initial_state()
    rows = [f"{n:02d}" for n in range(1, 8 * players + 1)]
    play(state, *rows, *[str(40 + p) for p in range(players)], "90")
    return state


# --- a turn ----------------------------------------------------------------------------------


def test_a_turn_exchanges_the_card_taken_and_discards_the_card_given_up():
    state = dealt()
    assert [state.action_to_string(a) for a in state.legal_actions()] == ["stock", "pile"]
    play(state, "pile", "row 3", "end")
    t = state.table
    assert t.rows[0][2] == 90 and t.pile == (5,) and t.to_move == 1
    play(state, "stock", "33")
    assert "reject" in [state.action_to_string(a) for a in state.legal_actions()]
    play(state, "reject")
    assert state.table.pile == (5, 33)


def test_a_card_from_the_pile_cannot_be_rejected_and_a_fakir_on_the_pile_cannot_be_taken():
    state = dealt()
    play(state, "pile")
    with pytest.raises(NotationError):
        state.string_to_action("reject")
    state.table = replace(state.table, phase=Phase.DRAW, drawn=None, pile=(FAKIR,))
    assert [state.action_to_string(a) for a in state.legal_actions()] == ["stock"]


def test_a_fakir_drawn_from_the_stock_is_set_aside_and_replaced():
    state = play(dealt(), "stock", "F")
    assert state.table.held[0] == 1 and state.is_chance_node()
    play(state, "42", "hand")
    assert state.table.hands[0] == 42
    # Holding a fakir, he may hypnotise after playing normally.
    assert "pass" in [state.action_to_string(a) for a in state.legal_actions()]


def test_hypnotising_puts_a_fakir_in_a_row_and_the_card_under_the_pile():
    state = play(dealt(), "stock", "F", "42", "hand")
    pile_before = state.table.pile
    play(state, "hypnotise south 4")
    t = state.table
    assert t.rows[1][3] == FAKIR and t.held[0] == 0
    assert t.pile == (8, *pile_before)  # under the pile: the top is unchanged
    assert "goes under the pile" in state.describe_last()


def test_laying_at_once_ends_the_round_as_soon_as_the_nine_are_in_order():
    state = dealt(goal="rounds", rounds=1, laying="at once")
    # North's row is 1 3 5 … 15 (odd), South's 2 4 … 16; North's hand card becomes 17.
    state.table = replace(state.table, hands=(17, 18))
    play(state, "stock", "89", "reject")
    assert state.is_terminal()
    assert state.describe_last() == (
        "north: rejects 89 onto the pile. north lays 17 on the right and wins round 1."
    )
    # North: won 250; South: his row 2 4 … 16 is a series of eight, 80.
    assert state.returns() == [250.0, 80.0]


def test_laying_chosen_lets_a_player_keep_his_ninth_card_unseen():
    state = dealt(goal="rounds", rounds=1)
    state.table = replace(state.table, hands=(17, 18))
    play(state, "stock", "89", "reject")
    assert [state.action_to_string(a) for a in state.legal_actions()] == ["lay right", "end"]
    # Every turn ends with a decision, so South learns nothing from it.
    play(state, "end", "stock", "88", "reject")
    assert [state.action_to_string(a) for a in state.legal_actions()] == ["lay right", "end"]
    assert state.observation(0)["phase"] == "end"


def test_a_fakir_received_goes_out_at_the_first_exchange():
    state = play(dealt(), "stock", "F", "42", "hand", "hypnotise south 4", "end")
    play(state, "pile")  # South takes 37 from the pile... he must put it where the fakir is
    assert [state.action_to_string(a) for a in state.legal_actions()] == ["row 4"]
    free = play(
        dealt(received_fakir="free"), "stock", "F", "42", "hand", "hypnotise south 4", "end"
    )
    play(free, "pile")
    assert len(free.legal_actions()) == 9


def test_an_exhausted_stock_still_lets_the_completing_hand_win():
    from ludotheque.core.cards import Stock

    # «Si le talon se trouve épuisé sans que personne ait gagné la manche, le joueur qui aurait
    # en main la carte lui permettant de parachever sa rangée de neuf cartes, serait quand même
    # gagnant»: reachable only when a player may keep his ninth card (laying=chosen, default).
    def last_card(laying):
        state = dealt(goal="rounds", rounds=1, laying=laying)
        state.table = replace(state.table, hands=(17, 3), stock=Stock.of([60], FAKIR, 0))
        return play(state, "stock", "60", "reject")

    chosen = play(last_card("chosen"), "end")
    # The stock is empty: the round ends, and North, whose hand completes his row, wins (South's
    # 3 would complete nothing: odd, below an even row).
    assert chosen.is_terminal() and chosen.returns() == [250.0, 80.0]
    assert chosen.results[-1].exhausted
    assert "the stock is exhausted; north lays 17" in chosen.describe_last().lower()
    assert chosen.termination() == "finished"
    assert chosen.outcome().termination == "stock exhausted"  # rule "the stock runs out"
    # Laying at once, the same turn lays the card itself: the round is won, the stock
    # exhausted by the way, and the sentence never applies.
    at_once = last_card("at once")
    assert at_once.is_terminal() and at_once.returns() == [250.0, 80.0]
    assert not at_once.results[-1].exhausted
    assert at_once.outcome().termination == "ninth card laid"


def test_a_stock_card_kept_in_hand_is_named_to_its_taker_only():
    state = play(dealt(), "stock", "42", "hand")
    assert state.describe_last(0) == "north: keeps 42 in hand and discards his old hand card, 40."
    for viewer in (1, None):
        assert "42" not in state.describe_last(viewer)


# --- secrecy and conservation ----------------------------------------------------------------

CARD = re.compile(r"\b\d\d\b")


def card_words(observation: dict) -> set[str]:
    """Every two-digit word in the observation's text, but for the game's name and the last
    round's scores."""
    found: set[str] = set()

    def walk(value):
        if isinstance(value, str):
            found.update(CARD.findall(value))
        elif isinstance(value, dict):
            for key, item in value.items():
                if key not in ("game", "last_round"):
                    walk(item)
        elif isinstance(value, list):
            for item in value:
                walk(item)

    walk(observation)
    return found


def visible_cards(state: Crypto90State, player: int | None) -> set[str]:
    """Every card ``player`` (None: a spectator) is entitled to see: the rows and the pile, the
    card taken from the pile, and his own hand card and the card he took from the stock."""
    t = state.table
    seen = {card_name(c) for row in t.rows for c in row if c is not None}
    seen |= {card_name(c) for c in t.pile}
    if player is not None and t.hands[player] is not None:
        seen.add(card_name(t.hands[player]))
    if t.drawn is not None and (t.to_move == player or not t.from_stock):
        seen.add(card_name(t.drawn))
    return seen


def count_cards(t: Table) -> int:
    placed = sum(c is not None for row in t.rows for c in row)
    hands = sum(c is not None for c in t.hands)
    return placed + hands + sum(t.held) + len(t.pile) + t.stock.size + (t.drawn is not None)


@settings(max_examples=12, deadline=None)
@given(seed=st.integers(0, 2**32), players=st.sampled_from([2, 3, 4]))
def test_no_observation_shows_another_hand_or_the_stock_and_no_card_is_lost(seed, players):
    g = game(players, goal="rounds", rounds=2)
    rng = random.Random(seed)
    state = g.new_initial_state()
    total = 96 if players < 4 else 94
    seats = [None, *range(players)]
    before = {seat: set() for seat in seats}  # what each could see before the last action
    while not state.is_terminal():
        assert count_cards(state.table) == total
        for seat in seats:
            now = visible_cards(state, seat)
            # The last action's sentence may name what was visible before it, and a card laid.
            assert card_words(state.observation(seat)) <= now | before[seat]
            before[seat] = now
        ended = len(state.results)
        hands = state.table.hands
        if state.is_chance_node():
            state.apply_action(state.sample_chance(rng))
        else:
            state.apply_action(rng.choice(state.legal_actions()))
        if len(state.results) > ended:  # a round ended: its last table's face-up cards
            last = state.results[-1]
            public = {card_name(c) for row in last.rows for c in row if c is not None}
            public |= {card_name(c) for c in last.pile}
            if last.winner is not None:
                public.add(card_name(hands[last.winner]))  # the ninth card, laid
            for seat in seats:
                before[seat] |= public


def test_a_whole_game_to_1000_ends_with_the_points_reached():
    from ludotheque.selfplay.simulation import simulate

    [result] = simulate("crypto-90", {"players": 3}, ["heuristic"] * 3, 1, seed=2)
    assert max(result.returns) >= 1000


@pytest.mark.parametrize("players", [2, 3, 4])
def test_the_heuristic_player_beats_random_players(players):
    from ludotheque.selfplay.simulation import simulate

    seats = ["heuristic"] + ["random"] * (players - 1)
    results = simulate("crypto-90", {"players": players, "goal": "rounds", "rounds": 1}, seats, 6,
                       seed=5)
    mine = sum(r.returns[0] for r in results)
    theirs = max(sum(r.returns[s] for r in results) for s in range(1, players))
    assert mine > theirs


@pytest.mark.parametrize("players", [2, 3, 4])
def test_heuristic_play_keeps_every_card(players):
    from ludotheque.agents import make_agent

    state = game(players, goal="rounds", rounds=1).new_initial_state()
    agents = [make_agent("heuristic", seed=seat) for seat in range(players)]
    rng = random.Random(players)
    while not state.is_terminal():
        assert count_cards(state.table) == (96 if players < 4 else 94)
        if state.is_chance_node():
            state.apply_action(state.sample_chance(rng))
        else:
            state.apply_action(agents[state.current_player()].choose(state.turn()))


def test_a_row_place_out_of_range_is_refused_not_played_as_something_else():
    state = play(dealt(), "stock", "42")
    for text in ("row 0", "row 9", "row 12", "row x"):
        with pytest.raises(NotationError) as error:
            state.string_to_action(text)
        assert "legal: hand, row 1" in str(error.value)


def test_rounds_and_points_must_be_positive():
    from ludotheque.core.errors import OptionError

    for option in ({"rounds": 0}, {"points": -5}):
        with pytest.raises(OptionError) as error:
            game(2, **option)
        assert "must be from 1 to" in str(error.value)


def test_a_fakir_as_the_stocks_last_card_ends_the_turn_and_the_round():
    from ludotheque.core.cards import Stock

    state = dealt(goal="rounds", rounds=1)
    state.table = replace(state.table, stock=Stock.of([], FAKIR, 1))
    play(state, "stock", "F")
    assert state.is_terminal()
    assert "sets it aside; the stock is empty" in state.describe_last()
    assert state.returns() == [50.0 + 80.0, 80.0]  # North's fakir unused, both series of eight


def test_the_race_evaluation_reads_the_leaflet_examples_as_won_or_not():
    from ludotheque.games.crypto90.evaluation import wait

    unseen = frozenset(range(1, 91))
    even = cards("08 12 26 32 44 58 64 72 88")
    mixed = cards("04 12 27 32 48 55 63 78 86")
    assert wait(even[:8], even[8], unseen - set(even), players=2) == 0.0
    assert wait(mixed[:8], mixed[8], unseen - set(mixed), players=4) == 0.0
    # At two the mixed nine must lose its odd (or even) cards: several places to fill.
    assert wait(mixed[:8], mixed[8], unseen - set(mixed), players=2) > 5.0
    # The third example is no win: its best series, 06 24 49 61 62, leaves three places.
    row = cards("74 81 06 24 49 61 62 57")
    assert wait(row, 2, unseen - set(row) - {2}, players=4) > wait(
        cards("01 03 06 24 49 61 62 77"), 2, unseen - set(row) - {2, 1, 3, 77}, players=4
    )


def test_hypnotising_a_seat_not_at_the_table_is_one_sentence():
    """Two players: an id of the action space that names a third seat's row is refused by the
    rule, not with an IndexError (the ids have room for four)."""

    state, rng = ludotheque.load_game("crypto-90", players=2).new_initial_state(), random.Random(0)
    while state.is_chance_node() or not (state.table.phase is Phase.HYPNOTISE
                                         and state.table.held[state.table.to_move]):
        state.apply_action(state.sample_chance(rng) if state.is_chance_node()
                           else rng.choice(state.legal_actions()))
    before = state.history()
    with pytest.raises(IllegalMoveError, match="a fakir goes in the row of one of the 2 players"):
        state.apply_action(HYPNOTISE + 3 * ROW)
    assert state.history() == before
