"""Dames rabattues: the rules clause by clause, the notation, and invariants under random play."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from rich.console import Console

import ludotheque
from ludotheque.cli.session import play_at_terminal
from ludotheque.core.dice import THROWS, Throw
from ludotheque.core.errors import NotationError
from ludotheque.core.record import Record
from ludotheque.games.dames_rabattues.position import Position
from ludotheque.games.dames_rabattues.rules import (
    CHECKERS,
    PILES,
    Passing,
    Phase,
    Reading,
    Side,
    resolve,
)
from tests.helpers import play

sides = st.one_of(
    st.tuples(*(st.integers(0, c) for c in (1, 1, 1, 2, 2, 2))).map(
        lambda left: Side(Phase.KNOCK, left).settled()
    ),
    st.tuples(*(st.integers(0, c) for c in PILES)).map(lambda left: Side(Phase.RAISE, left)),
)


def test_the_lot_is_even(dames):
    state = dames.new_initial_state()
    assert state.is_chance_node()
    assert [(state.action_to_string(a), p) for a, p in state.chance_outcomes()] == [
        ("white first", 0.5),
        ("black first", 0.5),
    ]


def test_a_throw_is_21_outcomes_high_die_first(dames):
    state = play(dames.new_initial_state(), "black first", "throw")
    outcomes = state.chance_outcomes()
    assert len(outcomes) == 21
    assert sum(p for _, p in outcomes) == pytest.approx(1)
    assert [state.action_to_string(a) for a, _ in outcomes][:3] == ["6-6", "6-5", "6-4"]
    for text, throw in [("1-6", "6-1"), ("sonnez", "6-6"), ("5-5 quine", "5-5"), ("3 4", "4-3")]:
        assert state.action_to_string(state.string_to_action(text)) == throw


def test_the_vocabulary():
    assert [t.name for t in THROWS if t.is_doublet] == [
        "sonnez", "quine", "carme", "terne", "double deux", "beset",
    ]
    assert Throw(6, 2).name == "coup simple"


def test_doublets_keep_the_dice_even_when_nothing_is_played(dames):
    state = play(dames.new_initial_state(), "white first", "throw", "1-1", "throw", "1-1")
    # The first beset: White knocks his one ace down, Black his (the second 1 passes to him).
    assert str(state.position) == "k011222 k011222 throw:white"
    play(state, "throw", "1-1", "throw", "2-1")
    assert str(state.position) == "k001222 k011222 throw:black"


def test_no_raising_with_the_die_after_the_last_knock_down():
    # A throw is played in the phase its thrower threw in: the 6 after the last knock-down is
    # passed to the opponent, not raised.
    sides, play_ = resolve(
        (Side.parse("k000001"), Side.parse("k111222")), 0, Throw(6, 6), Reading()
    )
    assert (str(sides[0]), str(sides[1])) == ("r222333", "k111221")
    assert play_.by_thrower.played == (6,) and play_.by_opponent.played == (6,)


def test_the_option_to_raise_in_the_same_throw():
    reading = Reading(raise_in_same_throw=True)
    sides, play_ = resolve((Side.parse("k000001"), Side.parse("k111222")), 0, Throw(6, 6), reading)
    assert (str(sides[0]), str(sides[1])) == ("r222332", "k111222")
    assert play_.by_thrower.played == (6,) and play_.by_thrower.raised_after == (6,)
    # Die order does not matter: the ace waits for the six's knock-down, then raises.
    sides, _ = resolve((Side.parse("k000001"), Side.parse("k111222")), 0, Throw(6, 1), reading)
    assert str(sides[0]) == "r122333"


def test_the_thrower_who_finishes_wins_before_the_opponent_plays():
    sides, play_ = resolve(
        (Side.parse("r000001"), Side.parse("r100000")), 0, Throw(6, 1), Reading()
    )
    assert sides[0].done and not sides[1].done
    assert play_.unplayed == (1,)


def test_the_opponent_wins_with_a_passed_number():
    game = ludotheque.load_game("dames-rabattues")
    state = game.new_initial_state()
    state.position = Position.parse("r000100 r100000 throw:white")
    play(state, "throw", "2-1")
    assert state.is_terminal() and state.returns() == [-1.0, 1.0]


def test_position_notation_round_trip():
    for text in ["k111222 k111222 lot", "r000100 k100000 throw:black", "r000000 k000001 won:white"]:
        assert str(Position.parse(text)) == text
    with pytest.raises(NotationError):
        Position.parse("k111223 k111222 lot")
    with pytest.raises(NotationError):
        Position.parse("k111222 k111222 throw")


readings = st.builds(Reading, st.sampled_from(list(Passing)), st.booleans())


@given(st.tuples(sides, sides), st.sampled_from(THROWS), st.integers(0, 1), readings)
def test_every_number_moves_one_checker_or_none(pair, throw, thrower, reading):
    """Checkers are conserved: each die moves exactly one checker, or nobody plays it."""
    if pair[0].done or pair[1].done:
        return
    after, play_ = resolve(pair, thrower, throw, reading)
    moves = (play_.by_thrower, play_.by_opponent)
    numbers = [n for m in moves for n in m.played + m.raised_after] + list(play_.unplayed)
    assert sorted(numbers) == sorted(throw.dice)
    moved = sum(before.work - now.work for before, now in zip(pair, after, strict=True))
    assert moved == len(play_.by_thrower) + len(play_.by_opponent)
    for side in after:
        caps = PILES if side.phase is Phase.RAISE else (1, 1, 1, 2, 2, 2)
        assert all(0 <= n <= c for n, c in zip(side.left, caps, strict=True))
        assert 0 <= side.work <= CHECKERS + 9


@settings(max_examples=20, deadline=None)
@given(st.integers(0, 2**32), st.sampled_from([p.value for p in Passing]), st.booleans())
def test_work_only_falls_and_the_game_ends(seed, passing, same_throw):
    game = ludotheque.load_game(
        "dames-rabattues", passing=passing, raise_in_same_throw=same_throw
    )
    state, rng = game.new_initial_state(), random.Random(seed)
    work = [s.work for s in state.position.sides]
    while not state.is_terminal():
        state.apply_action(state.sample_chance(rng) if state.is_chance_node() else 0)
        now = [s.work for s in state.position.sides]
        assert all(a <= b for a, b in zip(now, work, strict=True))
        work = now
        assert state.position.throws < 2000
    winner = state.position.winner
    assert state.position.sides[winner].done
    assert state.returns()[winner] == 1.0


def test_golden_playthrough():
    """A recorded game (``ludotheque play dames-rabattues --seat 1=random --seed 1792 --save
    tests/data/dames-rabattues-seed-1792.json``) replays to its stored end; a change in the rules
    or in the seeding shows here as a diff of the record."""
    path = Path(__file__).parent / "data" / "dames-rabattues-seed-1792.json"
    record = Record.from_json(path.read_text(encoding="utf-8"))
    state = record.replay()
    assert state.is_terminal()
    assert list(state.returns()) == json.loads(path.read_text())["result"]
    game = ludotheque.load_game("dames-rabattues")
    again = play_at_terminal(game, ["random", "random"], Console(quiet=True), seed=1792)
    assert again.history() == state.history()


# --- in French (issue 36) ----------------------------------------------------------------


def test_the_throw_typed_in_french_is_the_throw_written_in_the_one_notation():
    from ludotheque.core.i18n import reading

    state = ludotheque.load_game("dames-rabattues").new_initial_state()
    state.apply_action(state.string_to_action("white first"))
    for language in ("en", "fr"):
        with reading(language):
            for typed in ("jette", "Jeter", "lance"):
                assert state.action_to_string(state.string_to_action(typed)) == "throw"
    with pytest.raises(NotationError, match="rien levé avant d’avoir tout abattu"), \
            reading("fr"):
        state.string_to_action("relever")


def test_a_game_told_in_french_says_every_sentence_in_the_1792_words():
    from ludotheque.core.i18n import reading

    with reading("fr"):
        game = ludotheque.load_game("dames-rabattues")
        state = game.new_initial_state()
        rng = random.Random(3)
        told = []
        while not state.is_terminal():
            state.apply_action(state.sample_chance(rng) if state.is_chance_node()
                               else state.legal_actions()[0])
            told.append(state.describe_last())
    said = [line for line in told if line]
    assert said[0] == "le sort donne le dé à blanc."
    assert all(" amène " in line for line in said[1:])
    assert any(" rabat " in line for line in said) and any(" lève " in line for line in said)
    assert not any(word in line for line in said for word in ("throws", "knocks", "raises"))
