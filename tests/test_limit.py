"""The ``limit`` every rule set declares: a game stops after that many decisions, at the next
point where a player would decide (or where the dice pass his turn), with its own termination
and its rule set's documented returns of an unfinished game, so learning code and servers can
rely on every game ending."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import ludotheque
from ludotheque.core.game import CHANCE, FINISHED, LIMIT_REACHED, TERMINAL, LimitOption
from ludotheque.core.record import Record
from ludotheque.games.jacquet.game import JacquetState
from ludotheque.games.jacquet.position import Position
from ludotheque.selfplay.simulation import simulate, summarise, tally
from tests.helpers import play_at_random

GAMES = ludotheque.games()
#: The rule sets whose unfinished game leaves the points (or penalties) of the rounds played
#: out as they stand; every other gives every stake back.
POINTS = {"crypto-90", "crypto-geographique", "crypto-geographique-chaine"}
#: A tiddlywinks shot is a physical simulation: its games are checked with fewer decisions.
SLOW = {"cabriole", "tiddledy-winks"}


def unfinished_returns(state):
    if state.game.name == "crypto-90":
        return [float(t) for t in state.table.totals]
    if state.game.name in POINTS:
        return [float(t) for t in state.totals]
    return [0.0] * state.num_players()


@pytest.mark.parametrize("name", GAMES)
def test_every_rule_set_declares_the_limit_as_no_rule(name):
    game = ludotheque.load_game(name)
    (option,) = [o for o in game.manifest.options if o.name == "limit"]
    assert isinstance(option, LimitOption) and not option.rule and option.minimum == 1
    assert game.new_initial_state().termination() is None


@pytest.mark.parametrize("name", GAMES)
@settings(max_examples=8, deadline=None, derandomize=True)
@given(limit=st.integers(1, 40), seed=st.integers(0, 2**32))
def test_random_play_ends_within_the_limit(name, limit, seed):
    if name in SLOW:
        limit = min(limit, 3)
    game = ludotheque.load_game(name, limit=limit)
    state = play_at_random(game, seed)
    assert state.current_player() == TERMINAL and state.legal_actions() == []
    assert state.decisions() <= limit
    if state.truncated():
        assert state.termination() == LIMIT_REACHED and state.decisions() == limit
        assert state.returns() == unfinished_returns(state)
        assert state.limit_sentence().startswith(
            f"The game stopped unfinished at its limit of {limit} decisions"
        )
    else:
        assert state.termination() == FINISHED and state.limit_sentence() is None
    # A record of the game replays to the same end.
    again = game.state_from_json(Record.of(state).to_json())
    assert again.history() == state.history()
    assert (again.truncated(), again.returns()) == (state.truncated(), state.returns())
    with pytest.raises(ludotheque.LudothequeError):
        state.apply_action(0)


def test_taking_the_pile_and_throwing_it_back_stops_at_the_limit():
    """The loop the audit found: in Crypto géographique a player may take the pile's card and
    discard it again, for ever. The limit stops it, the points of the rounds played standing."""
    game = ludotheque.load_game("crypto-geographique", limit=1000)
    state = game.new_initial_state()
    rng = random.Random(0)
    taken = None
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply_action(state.sample_chance(rng))
            continue
        words = [state.action_to_string(a) for a in state.legal_actions()]
        if "pile" in words:
            state.apply_action(state.string_to_action("pile"))
            taken = state.observation(state.current_player())["hand"]
            continue
        back = [w for w in words if w.startswith("discard ") and w[8:] in taken]
        state.apply_action(state.string_to_action(back[-1] if back else words[0]))
    assert state.truncated() and state.termination() == LIMIT_REACHED
    assert state.decisions() == 1000
    assert state.returns() == [float(t) for t in state.totals] == [0.0, 0.0]
    again = game.state_from_json(state.to_json())
    assert again.truncated() and again.history() == state.history()


def test_crypto90_loop_stops_with_the_points_as_they_stand():
    """Crypto-90's endless play: a player who only ever takes the pile and puts it in his hand
    never ends a round; the rounds already won keep their points."""
    game = ludotheque.load_game("crypto-90", limit=500)
    state = game.new_initial_state()
    rng = random.Random(1)
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply_action(state.sample_chance(rng))
            continue
        words = [state.action_to_string(a) for a in state.legal_actions()]
        for choice in ("pile", "hand", "pass", "end"):
            if choice in words:
                state.apply_action(state.string_to_action(choice))
                break
        else:
            state.apply_action(rng.choice(state.legal_actions()))
    assert state.truncated() and state.decisions() == 500
    assert state.returns() == [float(t) for t in state.table.totals]


def test_a_game_the_rules_end_at_the_limit_has_ended_by_the_rules():
    """Reaching the limit on the decision that wins is winning: the rules come first."""
    state = play_at_random(ludotheque.load_game("dames-rabattues"), 3)
    exact = ludotheque.load_game("dames-rabattues", limit=state.decisions()).new_initial_state()
    for action in state.history():
        exact.apply_action(action)
    assert exact.termination() == FINISHED and exact.returns() == state.returns()


def test_simulation_tallies_games_stopped_by_the_limit():
    results = simulate("jacquet", {"reading": "dlp-summary", "limit": 30}, ["random"] * 2,
                       games=6, seed=0)
    assert all(dict(r.details)["ending"] == LIMIT_REACHED for r in results)
    assert all(r.returns == (0.0, 0.0) and r.moves == 30 for r in results)
    # Every stake back: each game a draw for both seats.
    assert [(s.wins, s.draws) for s in summarise(results, 2)] == [(0, 6), (0, 6)]
    (ending,) = [row for row in tally(results) if row.name == "ending"]
    assert (ending.value, ending.estimate) == (LIMIT_REACHED, 1.0)


@pytest.mark.parametrize("name", ["crypto-90", "crypto-geographique", "crypto-geographique-chaine"])
def test_a_card_game_stopped_in_its_first_round_is_tallied(name):
    # No round has ended: the share of rounds ended one way or another has nothing to count.
    results = simulate(name, {"limit": 3}, ["random"] * 2, games=3, seed=1)
    assert all(dict(r.details)["ending"] == LIMIT_REACHED for r in results)
    assert tally(results)


def test_a_turn_the_dice_pass_counts_against_the_limit_and_stops_the_game():
    """White's talon faces six points Black holds: no throw of his can be played, the turn
    passes, and it counts as a decision, so that under ``limit=1`` the game stops there (the
    limit bounds the throws a game can make, as OpenSpiel's history length needs)."""
    blocked = Position.parse("1x15 14x2,15x2,16x2,17x2,18x2,19x2,24x3 dice:white")
    state = JacquetState(ludotheque.load_game("jacquet", limit=1), blocked)
    state.apply_action(state.string_to_action("6-5"))
    assert state.decisions() == 1 and state.truncated() and state.history() == [3]
    state = JacquetState(ludotheque.load_game("jacquet", limit=2), blocked)
    state.apply_action(state.string_to_action("6-5"))
    assert state.current_player() == CHANCE and state.decisions() == 1  # Black throws


def test_a_turn_passed_once_the_limit_is_reached_stops_the_game_uncounted():
    """White's one decision reaches ``limit=1``; Black's talon faces six points White holds,
    his throw passes, and the game stops there, the count still at the limit."""
    game = ludotheque.load_game("jacquet", limit=1, granularity="pair")
    state = JacquetState(game, Position.parse(
        "1x3,14x2,15x2,16x2,17x2,18x2,19x2 1x15 move:white:6-5:6,5"))
    state.apply_action(state.string_to_action("1/7 1/6"))
    assert state.current_player() == CHANCE and state.decisions() == 1
    state.apply_action(state.string_to_action("4-2"))
    assert state.truncated() and state.decisions() == 1
