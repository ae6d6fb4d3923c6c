"""The command line: every command, the menu, a person at the terminal, and bad input."""

from __future__ import annotations

import json
import re

import pytest
from typer.testing import CliRunner

from ludotheque.cli.main import app

runner = CliRunner()


def run(*args: str, input: str | None = None):
    result = runner.invoke(app, list(args), input=input)
    assert "Traceback" not in result.output
    return result


def test_list_shows_games_sources_and_options():
    result = run("list")
    assert result.exit_code == 0
    assert "dames-rabattues" in result.output and "1792" in result.output
    assert "passing" in result.output and "raise_in_same_throw" in result.output


def test_rules_prints_the_doc():
    result = run("rules", "dames-rabattues", "--full")
    assert result.exit_code == 0 and "Readings and decisions" in result.output


def test_play_computer_against_computer_and_replay(tmp_path):
    record = tmp_path / "game.json"
    result = run("play", "dames-rabattues", "--seat", "1=random", "--seed", "5",
                 "--save", str(record))
    assert result.exit_code == 0 and "wins." in result.output
    data = json.loads(record.read_text())
    assert data["seats"] == ["random", "random"] and data["result"] in ([1, -1], [-1, 1])
    replayed = run("replay", str(record))
    assert replayed.exit_code == 0
    winner = re.search(r"(white|black) wins\.", result.output).group(0)
    assert replayed.output.strip().splitlines()[-1] == winner


def test_a_person_plays_and_bad_moves_get_the_legal_list():
    # The person (seat 1, white) presses Enter to throw, types nonsense once, and plays on;
    # end of input abandons the game cleanly.
    keys = "\n" + "roll\n" + "throw\n" * 3
    result = run("play", "dames-rabattues", "--seed", "2", input=keys)
    assert result.exit_code == 0
    assert "'roll' is not a legal move here; legal: throw." in result.output
    assert "the only move is throw; press Enter" in result.output
    assert "Game abandoned." in result.output


def test_simulate_is_reproducible_whatever_the_jobs():
    one = run("simulate", "dames-rabattues", "-n", "60", "--seed", "4")
    two = run("simulate", "dames-rabattues", "-n", "60", "--seed", "4", "--jobs", "2")
    assert one.exit_code == 0 and two.exit_code == 0
    assert one.output == two.output
    assert re.search(r"white .* random .* \d+ .* 0\.\d{4}–0\.\d{4}", one.output)


def test_menu_plays_a_game_end_to_end(data_folder):
    keys = "\n".join(["dames-rabattues", "", "random", "random", "", "q"]) + "\n"
    result = run(input=keys)
    assert result.exit_code == 0, result.output
    assert "wins." in result.output
    folder = data_folder / "ludotheque" / "games"
    [record] = folder.glob("dames-rabattues-*.json")
    assert f"Games are saved in {folder} as they are played" in " ".join(result.output.split())
    assert json.loads(record.read_text())["game"] == "dames-rabattues"


def test_a_game_left_in_the_menu_is_kept_and_continued_from_its_list(data_folder):
    # Jacquet against the heuristic player: the person leaves at his first move.
    left = run(input="\n".join(["jacquet", "", "", "", "quit", "q"]) + "\n")
    assert "Game abandoned." in left.output
    [record] = (data_folder / "ludotheque" / "games").glob("jacquet-*.json")
    moves = json.loads(record.read_text())["moves"]
    again = run(input="\n".join(["c", "1", "quit", "q"]) + "\n")
    shown = " ".join(again.output.split())
    assert f"1. Jacquet, {len(moves)} moves, last played" in shown and record.name in shown
    assert json.loads(record.read_text())["moves"][:len(moves)] == moves


def test_menu_rejects_bad_choices(data_folder):
    (data_folder / "ludotheque").write_text("a file where the folder should be")
    keys = "\n".join(["9", "dames-rabattues", "passing=often", "passing=general", "", "robot",
                      "random:x", "random", "random", "", "q"]) + "\n"
    result = run(input=keys)
    assert result.exit_code == 0, result.output
    assert "Choose 1 to" in result.output
    assert "must be one of exception, general, none" in result.output
    assert "a seat is one of" in result.output
    assert "random:SEED takes a whole number" in result.output
    assert "this one is played unsaved" in " ".join(result.output.split())


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["play", "chess"], "there is no game 'chess'"),
        (["play", "dames-rabattues", "-o", "hitting=yes"], "has no option 'hitting'"),
        (["play", "dames-rabattues", "-o", "passing=often"], "must be one of"),
        (["play", "dames-rabattues", "-o", "passing"], "name=value"),
        (["play", "dames-rabattues", "--seat", "3=random"], "numbered 1 to 2"),
        (["play", "dames-rabattues", "--seat", "1=robot"], "a seat is one of human, random"),
        (["simulate", "dames-rabattues", "--seat", "1=human"], "computer players only"),
        (["simulate", "dames-rabattues", "--seat", "1=human:1"], "computer players only"),
        (["play", "dames-rabattues", "--seat", "1"], "N=kind"),
        (["play", "jacquet", "--seat", "2=mcts:impossible"], "a level is one of easy, medium"),
        (["play", "crypto-90", "--seat", "2=mcts:hard"], "mcts does not play crypto-90"),
        (["simulate", "jacquet", "--seat", "2=expectimax"], "expectimax takes a level"),
        (["rules", "chess"], "there is no game"),
        (["replay", "/nonexistent/game.json"], "cannot be read"),
        (["analyze", "chess"], "there is no game"),
    ],
)
def test_bad_input_is_one_sentence(args, message):
    result = run(*args)
    assert result.exit_code == 2
    assert message in result.output
    assert len(result.output.strip().splitlines()) <= 2


def test_replay_refuses_a_corrupt_record(tmp_path):
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps({"game": "dames-rabattues", "moves": ["white first", "7-7"]}))
    result = run("replay", str(bad))
    assert result.exit_code == 2 and "move 2" in result.output


def test_replay_tells_where_a_fault_stopped_a_servers_table(tmp_path):
    stopped = tmp_path / "stopped.json"
    stopped.write_text(json.dumps({
        "format": "ludotheque-record/4", "game": "dames-rabattues", "options": {},
        "moves": ["white first", "throw", "5-1"],
        "stopped": "stopped by a fault at event 4 (RuntimeError: planted)",
    }))
    result = run("replay", str(stopped))
    assert result.exit_code == 0
    assert " ".join(result.output.split()).endswith(
        "The game was stopped by a fault at event 4 (RuntimeError: planted); the record ends "
        "there, after 3 moves.")


def test_search_players_take_seats_by_level():
    result = run("play", "jacquet", "-o", "granularity=pair", "--seat", "1=expectimax:easy",
                 "--seat", "2=mcts:easy", "--seed", "2")
    assert result.exit_code == 0, result.output
    assert re.search(r"(white|black) has borne off all fifteen and wins", result.output)


def test_a_person_plays_jacquet_against_the_heuristic():
    # White (the person) throws 5-2 with this seed; a bad move gets its rule and the legal list.
    keys = "1/9\n" + "\n".join(["1/7", "1/6", "1/5", "1/4", "1/3", "1/2"]) + "\n"
    result = run("play", "jacquet", "--seed", "1", input=keys)
    assert result.exit_code == 0, result.output
    said = " ".join(result.output.split())
    assert ("'1/9' is not a legal move here, by the rule \"a die moves one checker\": the dice "
            "left are 5 and 2, and none of them, alone or added, takes a checker from 1 to 9; "
            "legal: 1/3, 1/6.") in said
    assert "white's point" in result.output and "W15" in result.output
    assert "Game abandoned." in result.output


def test_a_person_plays_a_round_of_crypto_90_and_sees_only_his_own_hand():
    # Whatever comes, the person takes the stock's card and rejects it, keeps his fakirs and
    # ends his turn (a pass without a fakir is refused, and the end follows).
    keys = "stock\nreject\npass\nend\n" * 400
    result = run("play", "crypto-90", "-o", "goal=rounds", "-o", "rounds=1", "--seed", "4",
                 input=keys)
    assert result.exit_code == 0, result.output
    assert "hand:" in result.output and "(row places)" in result.output
    assert "The cards are dealt, 8 face up in each row and one in each hand" in result.output
    assert re.search(r"(north|south) wins\.|round 1\.", result.output)


@pytest.mark.parametrize("game", ["crypto-geographique", "crypto-geographique-chaine"])
def test_a_person_plays_crypto_geographique_and_asks_for_a_neighbourhood(game):
    keys = "? Somme\n" + "stock\n" * 5
    result = run("play", game, "--seed", "3", input=keys)
    assert result.exit_code == 0, result.output
    assert "Somme (80) touches Aisne (2), Nord (59)" in result.output
    assert "Game abandoned." in result.output


def test_picture_draws_the_map_and_refuses_other_files(tmp_path):
    out = tmp_path / "map.png"
    assert run("picture", "crypto-geographique", str(out), "--cards", "Somme,Nord").exit_code == 0
    assert out.exists()
    bad = run("picture", "jacquet", str(tmp_path / "x.png"))
    assert bad.exit_code == 2 and "no picture" in bad.output
