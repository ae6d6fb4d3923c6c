"""Crypto géographique, the combinations game: the deal, a turn, fakirs, stopping alone and in
teams, the exhausted stock, secrecy and every card accounted for."""

from __future__ import annotations

import random
import re
import unicodedata
from dataclasses import replace

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import ludotheque
from ludotheque.core.cards import Stock
from ludotheque.core.errors import OptionError
from ludotheque.games.crypto_geo.departements import departements
from ludotheque.games.crypto_geo.game import FAKIR, Phase, card_name
from tests.helpers import play

NUMBER = {d.name: d.number for d in departements().values()}
COMPLET = ("Nord", "Pas-de-Calais", "Somme", "Aisne", "Oise", "Seine-Maritime", "Eure")
CARRE_BRELAN = ("Doubs", "Jura", "Ain", "Savoie", "Indre", "Creuse", "Corrèze")


def game(players=2, **options):
    return ludotheque.load_game("crypto-geographique", players=players, **options)


def hand(*names: str) -> tuple[int, ...]:
    return tuple(NUMBER[n] for n in names)


def dealt(players=2, **options):
    """After a deal of départements 1, 2, 3, … and the pile turned up (Vosges, 88)."""
    state = game(players, **options).new_initial_state()
    play(state, *[str(n) for n in range(1, 7 * players + 1)], "88")
    return state


def test_the_deal_gives_seven_each_and_a_fakir_is_exposed_and_replaced():
    state = game(2).new_initial_state()
    play(state, "Ain", "F")  # north, then south's fakir, exposed and replaced
    assert state.describe_last(0) == "south is dealt a fakir, exposes it and is dealt another."
    play(state, "Aisne")
    r = state.round
    assert r.hands == ((1,), (2,)) and r.fakirs == (0, 1)
    # A card dealt is told with the rest, once the deal is over.
    assert state.describe_last(0) == state.describe_last(1) == ""
    dealt_out = dealt()
    assert dealt_out.describe_last(None) == (
        "The cards are dealt, 7 to each player; the first card of the pile is turned up: Vosges.")
    turned = game(2).new_initial_state()
    play(turned, *[str(n) for n in range(1, 15)], "F")
    assert turned.describe_last(None) == ("the dealer turns up a fakir, exposes it and turns "
                                          "up another.")


def test_a_turn_takes_a_card_and_throws_one():
    state = dealt()
    assert [state.action_to_string(a) for a in state.legal_actions()] == ["stock", "pile"]
    play(state, "pile", "discard Ain")
    assert 88 in state.round.hands[0] and state.round.pile == (1,)
    play(state, "stock")
    assert state.describe_last(1) == ""  # taking the stock's card is told by the draw
    play(state, "Var")
    assert state.describe_last(1) == "south draws from the stock: Var."
    assert state.describe_last(0) == "south draws from the stock."
    play(state, "discard 83")
    assert state.round.pile == (1, 83)
    with pytest.raises(ludotheque.LudothequeError):
        state.string_to_action("discard Atlantis")


def stopping_state(**options):
    state = dealt(**options)
    hands = list(state.round.hands)
    hands[0] = hand(*COMPLET[:6], "Finistère")
    state.round = replace(state.round, hands=tuple(hands), pile=(NUMBER["Eure"],))
    return state


@pytest.mark.parametrize("groups", ["connected", "chain"])
def test_a_complet_may_stop_and_scores_fifty_more(groups):
    state = play(stopping_state(points=1, groups=groups), "pile")
    words = [state.action_to_string(a) for a in state.legal_actions()]
    assert "discard Finistère and stop" in words and "discard Nord and stop" not in words
    play(state, "discard Finistère and stop")
    assert state.is_terminal()
    # North: complet 300 + 50 for stopping; South: cards 8–14, his best combinations.
    assert state.returns()[0] == 350.0
    assert state.observation(1)["last_round"]["ended by"] == "stop"


def test_a_finished_game_is_judged_by_its_totals_alone():
    """The last round's hands and fakirs are in the totals: judged again, they would count
    twice, and a turn that ends the game would look better than it is."""
    from ludotheque.games.crypto_geo.evaluation import GrowthEvaluation

    state = play(stopping_state(points=1), "pile", "discard Finistère and stop")
    for judge in (state.game.manifest.evaluation(), GrowthEvaluation()):
        assert judge(state, 0) == 350.0


@pytest.mark.parametrize("groups", ["connected", "chain"])
def test_a_carre_and_a_brelan_may_stop_but_not_less(groups):
    state = dealt(groups=groups)
    hands = list(state.round.hands)
    hands[0] = hand(*CARRE_BRELAN[:6], "Finistère")
    state.round = replace(state.round, hands=tuple(hands), pile=(NUMBER["Corrèze"],))
    play(state, "pile")
    assert "discard Finistère and stop" in [
        state.action_to_string(a) for a in state.legal_actions()
    ]
    assert "discard Doubs and stop" not in [
        state.action_to_string(a) for a in state.legal_actions()
    ]


STAR = ("Loiret", "Cher", "Yonne", "Eure-et-Loir")


def star_state(groups):
    """North holds the Loiret star (Loiret with Cher, Yonne and Eure-et-Loir, none touching
    another), Nord and Pas-de-Calais, and Finistère; the Somme is on the pile."""
    state = dealt(groups=groups, points=1)
    hands = list(state.round.hands)
    hands[0] = hand(*STAR, "Nord", "Pas-de-Calais", "Finistère")
    state.round = replace(state.round, hands=tuple(hands), pile=(NUMBER["Somme"],))
    return play(state, "pile")


def test_the_loiret_star_stops_as_a_carre_only_when_a_group_need_only_be_connected():
    connected = star_state("connected")
    assert "discard Finistère and stop" in [
        connected.action_to_string(a) for a in connected.legal_actions()
    ]
    combinations = connected.observation(0)["combinations"]
    assert sorted(map(len, combinations)) == [3, 4]
    play(connected, "discard Finistère and stop")
    assert connected.returns()[0] == 100 + 50 + 50  # carré, brelan, and the stop

    chain = star_state("chain")
    assert not any(
        chain.action_to_string(a).endswith("and stop") for a in chain.legal_actions()
    )
    # As chains: Cher – Loiret – Yonne and Nord – Pas-de-Calais – Somme, two brelans.
    assert sorted(map(len, chain.observation(0)["combinations"])) == [3, 3]
    assert "brelan (50)" in chain.game.manifest.render_view(chain.game, chain.observation(0))
    assert "carré" not in chain.game.manifest.render_view(chain.game, chain.observation(0))


def test_the_picture_names_the_combinations_of_the_reading(tmp_path):
    cards = ", ".join(STAR)
    connected_game, chain_game = game(groups="connected"), game(groups="chain")
    connected = connected_game.manifest.draw(connected_game, tmp_path / "c.svg", cards).read_text()
    chain = chain_game.manifest.draw(chain_game, tmp_path / "h.svg", cards).read_text()
    assert "A hand worth 100" in connected and "A hand worth 50" in chain


def test_in_teams_the_partner_is_asked_and_may_refuse():
    state = play(stopping_state(players=4, teams=True), "pile", "discard Finistère and stop")
    assert state.current_player() == 2  # south, north's partner, answers
    assert [state.action_to_string(a) for a in state.legal_actions()] == ["agree", "refuse"]
    play(state, "refuse")
    assert state.round.phase is Phase.TAKE and state.current_player() == 1
    with pytest.raises(OptionError):
        game(3, teams=True)


def test_an_exhausted_stock_scores_every_hand_as_it_is():
    state = dealt()
    state.round = replace(state.round, stock=Stock.of([83], FAKIR, 0))
    play(state, "stock", "Var", "discard Var")
    assert state.results[-1][0] == "stock"


CARD_NAMES = {card_name(n) for n in departements()}
#: Any card's name, whole: "Loire" is not in "Loire-Atlantique" nor in "Haute-Loire" (the
#: longest first, so that a name is matched whole where a shorter one begins it).
WHOLE_NAME = re.compile(r"(?<![\w-])(" + "|".join(
    re.escape(n) for n in sorted(CARD_NAMES, key=len, reverse=True)) + r")(?![\w-])")


def visible(state, seat):
    r = state.round
    seen = {card_name(c) for c in r.pile}
    if seat is not None:
        seen |= {card_name(c) for c in r.hands[seat]}
    return seen


def names_in(observation) -> set[str]:
    text = " ".join(
        str(v) for k, v in observation.items() if k not in ("last_round", "players", "game")
    )
    return set(WHOLE_NAME.findall(text))


@settings(max_examples=5, deadline=None)
@given(
    seed=st.integers(0, 2**32),
    setup=st.sampled_from([(2, False), (3, False), (4, True), (5, False)]),
)
def test_hands_stay_secret_and_no_card_is_lost(seed, setup):
    players, teams = setup
    g = game(players, teams=teams, points=40)
    rng = random.Random(seed)
    state = g.new_initial_state()
    seats = [None, *range(players)]
    before = {s: set() for s in seats}
    while not state.is_terminal():
        r = state.round
        assert sum(map(len, r.hands)) + sum(r.fakirs) + len(r.pile) + r.stock.size == 96
        for s in seats:
            now = visible(state, s)
            assert names_in(state.observation(s)) <= now | before[s]
            before[s] = now
        rounds = len(state.results)
        state.apply_action(
            state.sample_chance(rng)
            if state.is_chance_node()
            else rng.choice(state.legal_actions())
        )
        if len(state.results) > rounds:  # the hands are shown at the end of a round, and the
            # card thrown by the stopper lies on the pile
            shown = {card_name(c) for h in (*state.results[-1][1], *r.hands) for c in h}
            for s in seats:
                before[s] |= shown | {card_name(c) for c in r.pile}


def test_the_heuristic_player_beats_a_random_one():
    from ludotheque.selfplay.simulation import simulate

    first = simulate("crypto-geographique", {"points": 300}, ["heuristic", "random"], 3, seed=1)
    second = simulate("crypto-geographique", {"points": 300}, ["random", "heuristic"], 3, seed=2)
    wins = sum(r.returns[0] > r.returns[1] for r in first)
    wins += sum(r.returns[1] > r.returns[0] for r in second)
    assert wins >= 5


@pytest.mark.parametrize(
    ("name", "options"),
    [
        ("crypto-geographique", {"players": 2, "points": 100}),
        ("crypto-geographique", {"players": 4, "teams": True, "points": 100}),
        ("crypto-geographique", {"players": 5, "points": 100}),
        ("crypto-geographique-chaine", {"players": 3}),
    ],
)
def test_heuristic_play_ends_with_every_card_accounted_for(name, options):
    from ludotheque.agents import make_agent

    state = ludotheque.load_game(name, **options).new_initial_state()
    players = options["players"]
    agents = [make_agent("heuristic", seed=seat) for seat in range(players)]
    rng = random.Random(7)
    while not state.is_terminal():
        r = getattr(state, "round", None) or state.chain
        held = sum(map(len, r.hands)) + sum(r.fakirs) + r.stock.size
        assert held + len(getattr(r, "pile", ())) + len(getattr(r, "laid", ())) == 96
        if state.is_chance_node():
            state.apply_action(state.sample_chance(rng))
        else:
            state.apply_action(agents[state.current_player()].choose(state.turn()))


def test_eight_touching_cards_in_hand_score_as_a_complet_and_one_more():
    # Drawn and not yet discarded, a hand of eight can all touch; the largest combination
    # the leaflet names is the complet of seven (found by random play, seed 62879).
    from ludotheque.games.crypto_geo.combinations import best_split

    score, groups = best_split((25, 39, 1, 73, 74, 38, 69, 42))
    assert score == 300 and [len(g) for g in groups] == [7]


def test_departements_are_read_as_people_type_them_without_accents_or_hyphens():
    from ludotheque.games.crypto_geo.departements import explain
    from ludotheque.games.crypto_geo.game import card_of

    assert card_of("ARIEGE") == card_of("Ariège") == 9
    assert card_of("pas de calais") == card_of("Pas-de-Calais") == 62
    assert explain("Correze") == explain("Corrèze") and explain("Correze").startswith("Corrèze")
    assert explain("\u0668\u0660") is None and explain("²") is None  # not 80, not 2
    for name in ("crypto-geographique", "crypto-geographique-chaine"):
        game = ludotheque.load_game(name)
        state = game.new_initial_state()
        rng = random.Random(5)
        while state.is_chance_node() or len(state.legal_actions()) < 3:
            if state.is_chance_node():
                state.apply_action(state.sample_chance(rng))
            else:
                state.apply_action(state.legal_actions()[0])
        for action in state.legal_actions():
            written = state.action_to_string(action)
            bare = unicodedata.normalize("NFKD", written).encode("ascii", "ignore").decode()
            assert state.string_to_action(bare.upper().replace("-", " ")) == action


def test_the_memories_of_hands_are_bounded():
    # Unbounded, they grew with every game a process played: 12 GB in a study of thousands.
    from ludotheque.games.crypto_geo import combinations, departements

    for memo in (departements._touching, combinations._is_chain, combinations._best,
                 combinations._may_stop):
        assert memo.cache_info().maxsize == departements.MEMO
