"""Input that used to crash or be silently wrong (issue 16): numbers read strictly everywhere,
float options within declared ranges, a bounded combination search, output paths checked
first, a record reader with limits, and a game that is saved however it stops."""

from __future__ import annotations

import json
import math
import os
import signal
import subprocess
import sys
import threading
from pathlib import Path

import pytest
from typer.testing import CliRunner

import ludotheque
from ludotheque.cli.main import app
from ludotheque.core.errors import LudothequeError, NotationError, OptionError, RecordError
from ludotheque.core.numbers import MAX_LENGTH, parse_float, parse_int
from ludotheque.core.record import MAX_RECORD_BYTES, MAX_RECORD_DEPTH, Record
from ludotheque.core.registry import games, manifest
from ludotheque.games.crypto_geo.combinations import MOST_CARDS, best_split
from ludotheque.games.dames_rabattues.rules import Side
from tests.helpers import play
from tests.processes import hearing_ctrl_c

# A path in a temporary folder is one long word, which rich folds at the line's end if longer:
# a console wider than any of them.
runner = CliRunner(env={"COLUMNS": "1000"})
HUGE = "9" * 5000
#: Characters Python counts as digits, or reads as numbers, that no move or option means.
NOT_NUMBERS = ["²", "٣", "1_0", "nan", "inf", "-inf", "Infinity", "1e999", "0x10", " ", ""]


def run(*args: str, input: str | None = None):
    result = runner.invoke(app, list(args), input=input)
    assert "Traceback" not in result.output, result.output
    assert result.exception is None or isinstance(result.exception, SystemExit), result.exception
    return result


def said(result) -> str:
    """The output as one line: rich wraps long sentences at the terminal's width."""
    return " ".join(result.output.split())


def one_sentence(text: str) -> str:
    text = " ".join(text.split())
    assert text.endswith(".") and "Traceback" not in text, text
    return text


# --- the strict reader -------------------------------------------------------------------


@pytest.mark.parametrize("text", [*NOT_NUMBERS, HUGE, "9" * (MAX_LENGTH + 1), "+-1", "1.", "1 2"])
def test_the_strict_reader_reads_no_whole_number_but_ascii_digits(text):
    assert parse_int(text) is None and parse_int(text, signed=True) is None


@pytest.mark.parametrize("text", [*NOT_NUMBERS, HUGE, "1" * (MAX_LENGTH + 1), "1e", "--1", "."])
def test_the_strict_reader_reads_no_float_but_finite_ascii_numbers(text):
    assert parse_float(text) is None


def test_the_strict_reader_reads_plain_numbers():
    assert parse_int("07") == 7 and parse_int("-3", signed=True) == -3
    assert parse_int("9" * MAX_LENGTH) == int("9" * MAX_LENGTH)
    assert parse_float("212.5") == 212.5 and parse_float("-1e-3") == -0.001
    assert parse_float("1e308") == 1e308
    assert parse_int(7) is None and parse_float(None) is None


# --- moves, seats, menu: a number Python cannot read is one sentence -----------------------


@pytest.mark.parametrize("game", ["crypto-90", "crypto-geographique", "crypto-geographique-chaine"])
@pytest.mark.parametrize("text", ["²", "٣", HUGE, "1_0", "-1", "+7"])
def test_a_card_chance_node_refuses_numbers_it_cannot_read(game, text):
    state = ludotheque.load_game(game).new_initial_state()
    assert state.is_chance_node()
    with pytest.raises(NotationError) as error:
        state.string_to_action(text)
    one_sentence(str(error.value))
    assert state.history() == []


@pytest.mark.parametrize(
    "shot",
    [
        "red ² aim cup pressure 0.5 steep 60",
        "red ٣ aim cup pressure 0.5 steep 60",
        f"red {HUGE} aim cup pressure 0.5 steep 60",
        f"red 1 aim {'9' * 400} pressure 0.5 steep 60",
        f"red 1 aim cup+{'9' * 400} pressure 0.5 steep 60",
        f"red 1 aim 10 pressure 0.{'5' * 5000} steep 60",
        "red 1 aim 1e999 pressure 0.5 steep 60",
        "red 1 aim nan pressure 0.5 steep 60",
    ],
)
def test_a_shot_with_numbers_out_of_reach_is_one_sentence(shot):
    state = ludotheque.load_game("cabriole").new_initial_state()
    with pytest.raises(NotationError) as error:
        state.string_to_action(shot)
    one_sentence(str(error.value))


@pytest.mark.parametrize(
    "tremble",
    [f"tremble aim {'1' * 400} pressure 0 steep 0 spin 0", "tremble aim ² pressure 0 steep 0 "
     "spin 0", "tremble aim 0.٣ pressure 0 steep 0 spin 0"],
)
def test_a_tremble_with_numbers_out_of_reach_is_one_sentence(tremble):
    game = ludotheque.load_game("cabriole", hands="steady")
    state = play(game.new_initial_state(), "red 1 aim cup pressure 0.30 steep 60")
    with pytest.raises(NotationError) as error:
        state.string_to_action(tremble)
    one_sentence(str(error.value))


@pytest.mark.parametrize("move", ["1_0/1_3", "²/7", "1/٧", f"{HUGE}/7", "1/7(²)", "20/off(²)"])
def test_jacquet_reads_points_in_ascii_digits_only(move):
    state = ludotheque.load_game("jacquet").new_initial_state()
    play(state, "white first", "6-1")
    with pytest.raises(NotationError) as error:
        state.string_to_action(move)
    one_sentence(str(error.value))


@pytest.mark.parametrize("side", ["k11122²", "k١١١٢٢٢", "k1_1122"])
def test_a_dames_side_reads_ascii_digits_only(side):
    with pytest.raises(NotationError) as error:
        Side.parse(side)
    one_sentence(str(error.value))


def test_a_typed_superscript_no_longer_ends_the_game_unsaved(tmp_path):
    # The repro: '²' passed isdigit() and crashed int(), losing the game.
    record = tmp_path / "x.json"
    result = run("play", "crypto-geographique", "--seed", "1", "--save", str(record),
                 input="stock\ndiscard ²\n")
    assert result.exit_code == 0, result.output
    assert "'discard ²' is not a legal move here" in said(result)
    assert "Game abandoned." in result.output and f"Record saved to {record}." in said(result)
    Record.from_json(record.read_text()).replay()


def test_asking_about_a_counter_by_a_superscript_is_answered():
    result = run("play", "cabriole", input="? red ²\n")
    assert result.exit_code == 0, result.output
    assert "ask about one counter, such as '? red 1'" in said(result)


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["play", "jacquet", "--seat", "²=random"], "seats are numbered 1 to 2"),
        (["play", "jacquet", "--seat", f"{HUGE}=random"], "seats are numbered 1 to 2"),
        (["play", "jacquet", "--seat", "1=random:²"], "random:SEED takes a whole number"),
        (["play", "jacquet", "--seat", f"1=random:{HUGE}"], "random:SEED takes a whole number"),
        (["play", "jacquet", "--seat", "1=heuristic:1_0"], "heuristic:SEED takes a whole"),
        (["play", "crypto-90", "-o", "points=²"], "option 'points' of crypto-90 takes"),
        (["play", "crypto-90", "-o", f"points={HUGE}"], "option 'points' of crypto-90 takes"),
        (["play", "crypto-90", "-o", "points=1000000"], "must be from 1 to 100000"),
        (["play", "cabriole", "-o", f"start={HUGE}"], "option 'start' of cabriole takes"),
    ],
)
def test_numbers_on_the_command_line_are_one_sentence(args, message):
    result = run(*args)
    assert result.exit_code == 2, result.output
    assert message in one_sentence(result.output)


def test_the_menu_reads_a_superscript_as_no_choice():
    result = run(input="²\n" + f"{HUGE}\n" + "q\n")
    assert result.exit_code == 0, result.output
    assert result.output.count("Choose 1 to") == 2


def test_a_record_with_a_move_python_cannot_read_is_one_sentence(tmp_path):
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps({"game": "crypto-90", "options": {}, "moves": ["²"]}))
    result = run("replay", str(bad))
    assert result.exit_code == 2 and "move 1 of the record ('²') fails" in said(result)


# --- float options: finite, within a declared range ----------------------------------------


def float_options():
    return [(name, option) for name in games() for option in manifest(name).options
            if option.type is float]


def test_every_float_option_declares_its_range():
    found = float_options()
    assert found
    for name, option in found:
        assert option.minimum is not None and option.maximum is not None, (name, option.name)
        assert option.minimum <= option.default <= option.maximum, (name, option.name)


@pytest.mark.parametrize(("game", "option"), [(g, o.name) for g, o in float_options()])
@pytest.mark.parametrize("value", ["nan", "inf", "-inf", "1e308", "-1e308", "Infinity", "²",
                                   float("nan"), float("inf"), 10**400])
def test_a_float_option_refuses_nan_infinity_and_the_unreasonable(game, option, value):
    with pytest.raises(OptionError) as error:
        ludotheque.load_game(game, **{option: value})
    text = one_sentence(str(error.value))
    assert f"option {option!r} of {game}" in text and " to " in text


def test_an_integer_option_too_large_to_write_is_one_sentence():
    with pytest.raises(OptionError) as error:
        ludotheque.load_game("crypto-90", points=10**5000)
    assert "more than 40 digits" in one_sentence(str(error.value))


@pytest.mark.parametrize("cloth", [0.5, 10.0])
def test_a_shot_is_played_on_the_thinnest_and_thickest_cloth(cloth):
    game = ludotheque.load_game("cabriole", cloth=cloth, hands="steady")
    state = play(game.new_initial_state(), "red 1 aim cup pressure 1 steep 90", "steady")
    assert all(math.isfinite(x) for counter in state.position.counters for x in counter.pose)


def test_a_record_with_a_non_finite_option_is_refused():
    for option in ('{"price": Infinity}', '{"fine": NaN}', '{"cloth": 1e999}'):
        with pytest.raises(RecordError) as error:
            Record.from_json(f'{{"game": "cabriole", "options": {option}, "moves": []}}')
        one_sentence(str(error.value))
    with pytest.raises(RecordError) as error:
        Record.from_json('{"game": "cabriole", "options": {"price": "inf"}, "moves": []}').replay()
    assert "option 'price' of cabriole takes a number from 0.0" in str(error.value)


def test_records_are_never_written_with_nan_or_infinity():
    with pytest.raises(ValueError):
        Record("cabriole", {}, (), result=(math.inf, -math.inf)).to_json()


# --- the combination search is bounded ------------------------------------------------------


def test_a_picture_of_more_cards_than_a_hand_holds_is_refused_at_once(tmp_path):
    result = run("picture", "crypto-geographique", str(tmp_path / "p.png"),
                 "--cards", ",".join(str(n) for n in range(1, 31)))
    assert result.exit_code == 2
    assert "picks out at most 8 cards" in one_sentence(result.output)
    assert not (tmp_path / "p.png").exists()


@pytest.mark.parametrize("cards", ["F,1", "1,01", "Ain,1"])
def test_a_picture_of_a_fakir_or_a_card_twice_is_refused(tmp_path, cards):
    result = run("picture", "crypto-geographique", str(tmp_path / "p.png"), "--cards", cards)
    assert result.exit_code == 2 and "each once" in one_sentence(result.output)


def test_the_search_refuses_a_hand_larger_than_any_dealt():
    assert best_split(tuple(range(1, MOST_CARDS + 1)))[0] >= 0
    with pytest.raises(LudothequeError) as error:
        best_split(tuple(range(1, 31)))
    one_sentence(str(error.value))


def test_the_chain_game_pictures_its_dealt_hand(tmp_path):
    out = tmp_path / "chain.png"
    cards = ",".join(str(n) for n in range(1, 10))
    assert run("picture", "crypto-geographique-chaine", str(out), "--cards", cards).exit_code == 0
    assert out.exists()


# --- output paths are checked before the work ------------------------------------------------


@pytest.mark.parametrize(
    ("args", "what"),
    [
        (["picture", "cabriole", "/nonexistent/dir/p.png", "--record", "flea.json"],
         "the picture cannot be written to /nonexistent/dir/p.png: there is no folder"),
        (["play", "jacquet", "--seat", "1=random", "--seat", "2=random", "--save",
          "/nonexistent/dir/game.json"], "the record cannot be written to"),
        (["tournament", "jacquet", "--agents", "random,hard", "-n", "50", "--plot",
          "/nonexistent/dir/r.png"], "the plot cannot be written to"),
    ],
)
def test_an_output_path_that_cannot_be_written_is_one_sentence_before_the_work(args, what):
    result = run(*args)
    assert result.exit_code == 2, result.output
    assert what in one_sentence(result.output)
    assert len(result.output.strip().splitlines()) <= 2  # nothing played or drawn first


def test_an_output_path_that_is_a_folder_is_refused(tmp_path):
    result = run("play", "jacquet", "--seat", "1=random", "--save", str(tmp_path))
    assert result.exit_code == 2 and "it is a folder" in one_sentence(result.output)


def test_asking_for_a_picture_in_a_missing_folder_is_answered():
    result = run("play", "cabriole", input="? picture /nonexistent/dir/t.png\n")
    assert result.exit_code == 0
    assert "the picture cannot be written to /nonexistent/dir/t.png" in said(result)


# --- the record reader's limits ------------------------------------------------------------


def record_text(**changes) -> str:
    data = {"game": "crypto-90", "options": {}, "moves": ["F"]}
    data.update(changes)
    return json.dumps(data)


@pytest.mark.parametrize(
    ("text", "limit"),
    [
        (record_text().replace("{}", '{"points": ' + HUGE + "}"), "longer than 40 characters"),
        (record_text().replace("{}", '{"points": 1e999}'), "too long or too large"),
        (record_text().replace("{}", '{"points": -Infinity}'), "-Infinity"),
        ("[" * 100_000 + "]" * 100_000, f"more than {MAX_RECORD_DEPTH} deep"),
        ('{"a": ' + "[" * (MAX_RECORD_DEPTH + 1) + "]" * (MAX_RECORD_DEPTH + 1) + "}",
         "deep"),
        (" " * (MAX_RECORD_BYTES + 1), f"longer than {MAX_RECORD_BYTES:,} characters"),
    ],
)
def test_the_record_reader_says_which_limit_was_passed(text, limit):
    with pytest.raises(RecordError) as error:
        Record.from_json(text)
    assert limit in one_sentence(str(error.value))


def test_brackets_inside_strings_are_not_nesting():
    text = record_text(moves=["F"], seats=["[" * 100, "{" * 100])
    assert Record.from_json(text).seats == ("[" * 100, "{" * 100)


def test_a_record_is_read_from_text_only():
    with pytest.raises(RecordError) as error:
        Record.from_json(record_text().encode())
    one_sentence(str(error.value))


def test_a_record_with_a_byte_order_mark_is_read(tmp_path):
    state = play(ludotheque.load_game("jacquet").new_initial_state(), "white first", "6-1")
    file = tmp_path / "bom.json"
    file.write_text(state.to_json(), encoding="utf-8-sig")
    assert file.read_bytes().startswith(b"\xef\xbb\xbf")
    result = run("replay", str(file))
    assert result.exit_code == 0, result.output
    assert "The record stops after 2 moves" in result.output
    assert Record.from_json("\ufeff" + state.to_json()).replay().history() == state.history()


@pytest.mark.skipif(not Path("/dev/zero").exists(), reason="no /dev/zero here")
def test_replay_of_an_endless_file_stops_at_the_size_limit():
    result = run("replay", "/dev/zero")
    assert result.exit_code == 2
    assert f"longer than {MAX_RECORD_BYTES:,} bytes" in one_sentence(result.output)


def test_replay_of_a_too_large_file_is_refused_before_parsing(tmp_path):
    big = tmp_path / "big.json"
    big.write_text(record_text(seats=["x" * MAX_RECORD_BYTES]))
    result = run("replay", str(big))
    assert result.exit_code == 2 and "the most a record may be" in one_sentence(result.output)


def test_replay_of_json_nested_deep_is_one_sentence(tmp_path):
    deep = tmp_path / "deep.json"
    deep.write_text("[" * 100_000 + "]" * 100_000)
    result = run("replay", str(deep))
    assert result.exit_code == 2 and "deep" in one_sentence(result.output)


# --- a game stopped before its end keeps its record -----------------------------------------


def test_a_computer_player_says_it_is_thinking_only_to_a_person():
    alone = run("play", "jacquet", "-o", "granularity=pair", "--seat", "1=random", "--seat",
                "2=random", "--seed", "2")
    assert alone.exit_code == 0 and "thinking" not in alone.output
    person = run("play", "jacquet", "--seat", "1=heuristic", "--seat", "2=human", "--seed", "2",
                 input="")
    assert person.exit_code == 0, person.output
    assert "white is thinking…" in person.output and "black is thinking" not in person.output


def test_an_unexpected_error_saves_the_record_and_says_so(tmp_path, monkeypatch):
    from ludotheque.agents.base import RandomAgent

    calls = []

    def broken(self, turn):
        calls.append(turn.player)
        if len(calls) == 3:
            raise RuntimeError("a bug")
        return self.rng.choice(turn.legal)

    monkeypatch.setattr(RandomAgent, "choose", broken)
    record = tmp_path / "game.json"
    result = runner.invoke(app, ["play", "jacquet", "--seat", "1=random", "--seat", "2=random",
                                 "--seed", "1", "--save", str(record)])
    assert isinstance(result.exception, RuntimeError)
    assert (f"The game stopped on an unexpected error; its record was saved to {record}."
            in said(result))
    state = Record.from_json(record.read_text()).replay()
    assert not state.is_terminal() and len(state.history()) > 0


def test_ctrl_c_while_a_computer_thinks_saves_the_record(tmp_path):
    # With this seed white, the computer, throws first and thinks; Ctrl-C is sent once it
    # says so. Whether it lands while white thinks or at black's prompt after, the game is
    # interrupted the same way, so the test does not depend on when the signal arrives.
    record = tmp_path / "F.json"
    command = [str(Path(sys.executable).parent / "ludotheque"), "play", "jacquet",
               "--seat", "1=hard", "--seat", "2=human", "--seed", "2", "--save", str(record)]
    env = dict(os.environ, COLUMNS="200", PYTHONIOENCODING="utf-8")
    process = subprocess.Popen(hearing_ctrl_c(command), stdin=subprocess.PIPE,
                               stdout=subprocess.PIPE, stderr=subprocess.PIPE, encoding="utf-8",
                               env=env)
    # A guard, not a wait: should the line never come, the test fails instead of hanging.
    guard = threading.Timer(300, process.kill)
    guard.start()
    try:
        seen = []
        for line in process.stdout:
            seen.append(line)
            if "is thinking" in line:
                break
        assert seen and seen[-1] == "white is thinking…\n", seen
        process.send_signal(signal.SIGINT)
        rest, errors = process.communicate()
    finally:
        guard.cancel()
    assert process.returncode == 130, (rest, errors)
    assert "Traceback" not in errors and "Traceback" not in rest
    # At black's prompt, the sentence follows the prompt on its line.
    assert rest.rstrip().endswith(f"The game was interrupted; its record was saved to {record}.")
    saved = Record.from_json(record.read_text())
    state = saved.replay()
    played = ludotheque.load_game("jacquet").new_initial_state()
    play(played, "white first")
    assert state.history()[:1] == played.history() and len(state.history()) >= 2
