"""Bad input gets one clear sentence and leaves the game intact."""

from __future__ import annotations

import json

import pytest

import ludotheque
from ludotheque.core.errors import (
    IllegalMoveError,
    LudothequeError,
    NotationError,
    OptionError,
    RecordError,
    UnknownGameError,
)
from ludotheque.core.record import Record
from tests.helpers import play


def one_sentence(error: Exception) -> str:
    text = str(error)
    assert text.endswith(".") and "\n" not in text and "Traceback" not in text
    return text


def test_unknown_game():
    with pytest.raises(UnknownGameError) as error:
        ludotheque.load_game("chess")
    assert "dames-rabattues" in one_sentence(error.value)


def test_unknown_option():
    with pytest.raises(OptionError) as error:
        ludotheque.load_game("dames-rabattues", hitting=True)
    assert "passing" in one_sentence(error.value) and "hitting" in str(error.value)


@pytest.mark.parametrize(
    ("options", "allowed"),
    [({"passing": "sometimes"}, "exception, general, none"),
     ({"raise_in_same_throw": "maybe"}, "false, true")],
)
def test_bad_option_value(options, allowed):
    with pytest.raises(OptionError) as error:
        ludotheque.load_game("dames-rabattues", **options)
    assert allowed in one_sentence(error.value)


def test_option_values_are_read_from_text():
    game = ludotheque.load_game("dames-rabattues", raise_in_same_throw="true", passing="general")
    assert game.options == {"passing": "general", "raise_in_same_throw": True, "limit": 1000}


def test_non_integer_actions_are_refused(dames):
    state = play(dames.new_initial_state(), "white first")
    for action in (True, "throw", 0.0):
        with pytest.raises(IllegalMoveError) as error:
            state.apply_action(action)
        assert "whole number" in one_sentence(error.value)
    assert state.history() == [0]


def test_observation_of_a_seat_that_does_not_exist(dames):
    state = dames.new_initial_state()
    for player in (-1, 2):
        with pytest.raises(LudothequeError) as error:
            state.observation(player)
        assert "0 to 1" in one_sentence(error.value)


@pytest.mark.parametrize("move", ["7-1", "double six", "", "throw"])
def test_unparsable_or_illegal_move_leaves_the_state_intact(dames, move):
    state = play(dames.new_initial_state(), "white first", "throw")
    before = state.to_json()
    with pytest.raises(NotationError) as error:
        state.string_to_action(move)
    assert "6-6" in one_sentence(error.value)
    assert state.to_json() == before


def test_illegal_action_id_leaves_the_state_intact(dames):
    state = play(dames.new_initial_state(), "white first")
    before = state.to_json()
    for action in (1, 5, -1):
        with pytest.raises(IllegalMoveError) as error:
            state.apply_action(action)
        assert "legal: throw" in one_sentence(error.value)
    assert state.to_json() == before


def test_no_move_after_the_end(dames):
    from ludotheque.games.dames_rabattues.position import Position

    state = dames.new_initial_state()
    state.position = Position.parse("r000000 r100000 won:white")
    with pytest.raises(LudothequeError) as error:
        state.string_to_action("throw")
    assert "over" in one_sentence(error.value)


GOOD = {"game": "dames-rabattues", "options": {}, "moves": ["white first", "throw", "6-1"]}


@pytest.mark.parametrize(
    ("text", "where"),
    [
        ("{not json", "not valid JSON"),
        ("[1, 2]", "JSON object"),
        (json.dumps({"moves": []}), "no game"),
        (json.dumps({**GOOD, "game": "chess"}), "no game 'chess'"),
        (json.dumps({**GOOD, "options": {"passing": "often"}}), "must be one of"),
        (json.dumps({**GOOD, "moves": "6-1"}), "list of strings"),
        (json.dumps({**GOOD, "moves": ["white first", "throw", "6-9"]}), "move 3"),
        (json.dumps({**GOOD, "moves": ["white first", "6-1"]}), "move 2"),
        (json.dumps({**GOOD, "format": "pgn"}), "format"),
        (json.dumps({**GOOD, "result": [5, 5]}), "unfinished"),
        (json.dumps({**GOOD, "result": "won"}), "list of numbers"),
        (json.dumps({**GOOD, "seats": ["human"]}), "names 1 seats"),
    ],
)
def test_corrupt_record(text, where):
    with pytest.raises(RecordError) as error:
        Record.from_json(text).replay()
    assert where in one_sentence(error.value)


def test_record_of_another_game_or_options(dames):
    other = ludotheque.load_game("dames-rabattues", passing="none")
    with pytest.raises(RecordError) as error:
        other.state_from_json(json.dumps(GOOD))
    assert "options" in one_sentence(error.value)
    assert dames.state_from_json(json.dumps(GOOD)).history() == [0, 0, 7]


def test_a_sentence_quotes_at_most_a_line_of_what_it_was_given():
    # A record or a prompt may hold a whole file's worth of text; its sentence stays one line.
    text = json.dumps({"game": "jacquet", "moves": ["x" * 100_000]})
    with pytest.raises(RecordError) as error:
        Record.from_json(text).replay()
    assert len(one_sentence(error.value)) < 500
    with pytest.raises(UnknownGameError) as error:
        ludotheque.load_game("x" * 100_000)
    assert len(one_sentence(error.value)) < 500
    state = ludotheque.load_game("jacquet").new_initial_state()
    with pytest.raises(NotationError) as error:
        state.string_to_action("1/" + "9" * 100_000)
    assert len(one_sentence(error.value)) < 500
