"""Forged positions are refused, each with one sentence: a position written by hand must pass
every check a game could not fail (issue 16), the option-free ones in ``Position.parse`` and
those that depend on the reading where the game is known (``JacquetState``)."""

from __future__ import annotations

import random

import pytest

import ludotheque
from ludotheque.core.errors import NotationError
from ludotheque.games.dames_rabattues.position import Position as DamesPosition
from ludotheque.games.jacquet.game import JacquetState
from ludotheque.games.jacquet.position import Position


def one_sentence(error: pytest.ExceptionInfo) -> str:
    text = str(error.value)
    assert text.endswith(".") and "\n" not in text and ". " not in text
    return text


@pytest.mark.parametrize(
    ("text", "options", "says"),
    [
        ("bar1,1x13,20 1x15 dice:white", {}, "cannot have checkers on the bar"),
        ("1x15 bar2,1x13 dice:white", {"higher_die": False}, "no checker is hit"),
        ("1x15,courier 1x15 dice:white", {}, "'courier' marks a courier that came home"),
        # White's courier on 5 is blocked by Black's on White's 11, and the talon is locked.
        ("1x14,5 1x14,23 move:white:6-6:6,6", {}, "can play none of the dice left"),
        ("1x14,5 1x14,23 move:white:6-6:6,6", {"granularity": "pair"}, "would have passed"),
    ],
)
def test_jacquet_positions_the_reading_cannot_reach_are_refused(text, options, says):
    game = ludotheque.load_game("jacquet", **options)
    with pytest.raises(NotationError) as error:
        JacquetState(game, Position.parse(text))
    assert says in one_sentence(error)


@pytest.mark.parametrize(
    "text",
    [
        "bar1,1x13,20 1x15 dice:white",
        "1x15,courier 1x15 dice:white",
        "1x14,5 1x14,23 move:white:6-6:6,6",  # the DLP reading hits the lone checker on 11
    ],
)
def test_the_dlp_reading_reaches_what_the_french_text_cannot(text):
    game = ludotheque.load_game("jacquet", reading="dlp-summary")
    assert str(JacquetState(game, Position.parse(text))) == str(Position.parse(text))


def test_every_position_a_game_reaches_is_accepted():
    rng = random.Random(16)
    for options in ({}, {"reading": "dlp-summary", "bearing_off": "optional"}):
        game = ludotheque.load_game("jacquet", **options)
        for _ in range(3):
            state = game.new_initial_state()
            while True:
                text = str(state.position)
                assert str(JacquetState(game, Position.parse(text))) == text
                if state.is_terminal():
                    break
                if state.is_chance_node():
                    state.apply_action(state.sample_chance(rng))
                else:
                    state.apply_action(rng.choice(state.legal_actions()))


@pytest.mark.parametrize(
    ("text", "says"),
    [
        ("k111222 k111222 won:white", "won:white needs all fifteen of white's checkers raised"),
        ("r000000 r000000 won:white", "both sides cannot have raised all fifteen"),
        ("r000000 k111222 throw:black", "white has raised all fifteen checkers"),
        ("k111222 r000000 dice:white", "write won:black"),
        ("k000000 k111222 throw:white", "written 'r222333'"),
        ("k1²1222 k111222 lot", "is not a side"),
    ],
)
def test_dames_positions_no_game_reaches_are_refused(text, says):
    with pytest.raises(NotationError) as error:
        DamesPosition.parse(text)
    assert says in one_sentence(error)


def test_every_dames_position_a_game_reaches_is_accepted():
    rng = random.Random(16)
    game = ludotheque.load_game("dames-rabattues", raise_in_same_throw=True)
    for _ in range(5):
        state = game.new_initial_state()
        while True:
            assert str(DamesPosition.parse(str(state.position))) == str(state.position)
            if state.is_terminal():
                break
            state.apply_action(rng.choice(state.legal_actions()))
