"""Resuming a saved game: ``play --resume`` goes on with a record however the game stopped."""

from __future__ import annotations

import json

import pytest
from typer.testing import CliRunner

import ludotheque.cli.session as session
from ludotheque.agents import make_agent
from ludotheque.cli.main import app
from ludotheque.core.errors import RecordError
from ludotheque.core.record import TAKEN_BACK, Record
from ludotheque.play.table import GameInPlay

# A path in a temporary folder is one long word, which rich folds at the line's end if longer:
# a console wider than any of them.
runner = CliRunner(env={"COLUMNS": "1000"})
GAMES = (
    "dames-rabattues", "jacquet", "crypto-90", "crypto-geographique",
    "crypto-geographique-chaine", "cabriole", "tiddledy-winks",
)


def run(*args: str, input: str | None = None):
    result = runner.invoke(app, list(args), input=input)
    assert "Traceback" not in result.output
    return result


def said(result) -> str:
    """The output as one line: the console wraps long sentences at its width."""
    return " ".join(result.output.split())


class Interrupting:
    """A seat that is Ctrl-C'd once the table has asked its seats ``budget`` decisions: the
    interrupt comes from within ``choose``, as it does while a computer player thinks."""

    def __init__(self, agent, asked: list[int], budget: int, interactive: bool) -> None:
        self.agent, self.asked, self.budget = agent, asked, budget
        self.interactive = interactive

    def choose(self, turn):
        self.asked[0] += 1
        if self.asked[0] > self.budget:
            raise KeyboardInterrupt
        return self.agent.choose(turn)


def interrupt_after(monkeypatch, budget: int, interactive: bool = True) -> None:
    """Every seat made from now on is interrupted once ``budget`` decisions were asked;
    ``interactive`` seats are asked even their forced moves (a throw of the dice)."""
    asked = [0]

    def made(spec, **kwargs):
        agent = make_agent(spec, **kwargs)
        return Interrupting(agent, asked, budget, interactive or agent.interactive)

    monkeypatch.setattr(session, "make_agent", made)


def computers(game: str) -> list[str]:
    players = Record(game, {}, ()).load_game().num_players()
    return [f"--seat={n}=random" for n in range(1, players + 1)]


@pytest.mark.parametrize("game", GAMES)
def test_an_interrupted_game_of_each_rule_set_resumes_where_it_stopped(game, tmp_path,
                                                                        monkeypatch):
    saved = tmp_path / "game.json"
    interrupt_after(monkeypatch, 3)
    first = run("play", game, *computers(game), "--seed", "1", "--save", str(saved))
    assert first.exit_code == 130, first.output
    assert f"The game was interrupted; its record was saved to {saved}." in said(first)
    before = Record.from_json(saved.read_text())
    stood = before.replay()
    assert not stood.is_terminal()

    interrupt_after(monkeypatch, 3)
    again = run("play", "--resume", str(saved), "--seed", "2")
    assert again.exit_code == 130, again.output
    after = Record.from_json(saved.read_text())
    # Saved to the same file, the old log kept as it was and the game gone on from it.
    assert after.seats == before.seats
    assert after.moves[: len(before.moves)] == before.moves
    assert len(after.moves) > len(before.moves)
    assert after.replay().history()[: len(stood.history())] == stood.history()


def test_a_game_stopped_while_the_computer_thinks_resumes(tmp_path, monkeypatch):
    saved = tmp_path / "jacquet.json"
    # Seat 1, a person, quits nothing: the heuristic player is Ctrl-C'd at its first turn.
    interrupt_after(monkeypatch, 0, interactive=False)
    first = run("play", "jacquet", "--seed", "1", "--save", str(saved), input="")
    assert first.exit_code == 130
    assert "black is thinking…" in first.output
    record = Record.from_json(saved.read_text())
    assert record.seats == ("human", "heuristic") and record.moves == ("black first", "6-1")
    monkeypatch.undo()
    again = run("play", "--resume", str(saved), "--seed", "1", input="quit\n")
    assert again.exit_code == 0
    # The computer plays its turn from where it was stopped, then the person is asked his.
    assert "black plays 1/7. black plays 7/8." in said(again)
    assert said(again).endswith(f"Game abandoned. Record saved to {saved}.")
    assert Record.from_json(saved.read_text()).moves[:2] == ("black first", "6-1")


def test_a_jacquet_throw_stopped_between_its_halves_resumes(tmp_path):
    saved = tmp_path / "jacquet.json"
    first = run("play", "jacquet", "--seed", "1", "--save", str(saved), input="1/3\nquit\n")
    assert first.exit_code == 0 and "Game abandoned." in first.output
    assert Record.from_json(saved.read_text()).moves[-2:] == ("5-2", "1/3")
    # The second half is forced: Enter plays it, and the person may still take back the first.
    again = run("play", "--resume", str(saved), "--seed", "1", input="undo\n1/6\n\nquit\n")
    assert "white takes back 1/3." in again.output
    assert "white plays 1/6." in again.output and "white plays 6/8." in again.output
    moves = Record.from_json(saved.read_text()).moves
    assert moves[4:9] == ("5-2", "1/3", TAKEN_BACK, "1/6", "6/8")


def test_a_jacquet_turn_stopped_before_its_dice_resumes_and_can_still_be_taken_back(tmp_path):
    saved = tmp_path / "jacquet.json"
    keys = "1/6\n\nquit\n"  # both halves played, then the turn is not confirmed
    first = run("play", "jacquet", "--seed", "1", "--confirm-turn", "--save", str(saved),
                input=keys)
    assert "Enter to end your turn, undo to take it back" in first.output
    record = Record.from_json(saved.read_text())
    assert record.moves[-2:] == ("1/6", "6/8") and record.replay().is_chance_node()
    # Resumed, the turn is asked to be confirmed first; undo takes back the whole of it.
    again = run("play", "--resume", str(saved), "--confirm-turn", "--seed", "1",
                input="undo\nundo\n1/3\n\nquit\n")
    assert "white takes back 6/8." in again.output and "white takes back 1/6." in again.output
    moves = Record.from_json(saved.read_text()).moves
    assert moves[5:] == ("1/6", "6/8", TAKEN_BACK, TAKEN_BACK, "1/3", "3/8")


def test_resume_may_save_elsewhere_and_seat_others(tmp_path):
    saved, elsewhere = tmp_path / "a.json", tmp_path / "b.json"
    run("play", "jacquet", "--seed", "1", "--save", str(saved), input="1/3\nquit\n")
    kept = saved.read_text()
    result = run("play", "--resume", str(saved), "--save", str(elsewhere), "--seat", "1=random",
                 "--seat", "2=random", "--seed", "3")
    assert result.exit_code == 0 and "wins." in result.output
    assert saved.read_text() == kept
    finished = json.loads(elsewhere.read_text())
    assert finished["seats"] == ["random", "random"] and "result" in finished


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("{", "the record is not valid JSON"),
        ('{"game": "jacquet", "moves": ["white first", "7-1"]}', "move 2 of the record"),
        ('{"format": "ludotheque-record/3", "game": "jacquet", "moves": ["white first", '
         '"(taken back)"]}', "takes back a chance outcome"),
    ],
)
def test_a_corrupt_record_is_one_sentence(tmp_path, text, message):
    saved = tmp_path / "bad.json"
    saved.write_text(text)
    result = run("play", "--resume", str(saved))
    assert result.exit_code == 2 and message in said(result)
    assert said(result).endswith(".") and said(result).count(". ") == 0


def test_a_finished_record_is_one_sentence(tmp_path):
    saved = tmp_path / "done.json"
    run("play", "dames-rabattues", "--seat", "1=random", "--seed", "5", "--save", str(saved))
    result = run("play", "--resume", str(saved))
    assert result.exit_code == 2
    assert "the record's game is over after" in said(result)
    assert "only an unfinished game can be resumed" in said(result)
    with pytest.raises(RecordError):
        GameInPlay.resume(Record.from_json(saved.read_text()))


def test_resume_keeps_the_records_options_and_game(tmp_path):
    saved = tmp_path / "j.json"
    run("play", "jacquet", "--seed", "1", "--save", str(saved), input="quit\n")
    assert "keeps the options of its record" in said(run(
        "play", "--resume", str(saved), "-o", "scoring=double"))
    assert "is a record of jacquet, not of crypto-90" in said(run(
        "play", "crypto-90", "--resume", str(saved)))
    assert "play needs a game id" in said(run("play"))


def test_the_menu_continues_a_saved_game(tmp_path):
    saved = tmp_path / "j.json"
    run("play", "jacquet", "--seed", "1", "--save", str(saved), input="1/3\nquit\n")
    keys = f"c\n{tmp_path / 'nothing.json'}\n{saved}\nundo\nquit\n"
    result = run(input=keys)
    assert "Continue a saved game" in result.output
    assert "cannot be read" in said(result)
    assert "white takes back 1/3." in result.output
    assert Record.from_json(saved.read_text()).moves[-2:] == ("1/3", TAKEN_BACK)


def test_a_game_with_a_record_is_saved_as_it_goes_even_if_the_terminal_dies(tmp_path):
    import os
    import signal
    import subprocess
    import sys
    from pathlib import Path

    saved = tmp_path / "jacquet.json"
    command = [str(Path(sys.executable).with_name("ludotheque")), "play", "jacquet", "--seed",
               "1", "--save", str(saved)]
    # The person at the terminal is asked his first move; then the terminal is gone, killed.
    process = subprocess.Popen(command, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                               stderr=subprocess.STDOUT, env=dict(os.environ, COLUMNS="200"))
    try:
        seen = b""
        while b"your move" not in seen and b"press Enter" not in seen:
            chunk = process.stdout.read1(4096)
            assert chunk, seen.decode(errors="replace")
            seen += chunk
        process.send_signal(signal.SIGKILL)
    finally:
        process.kill()
        process.wait()
    record = Record.from_json(saved.read_text())
    assert record.moves and record.seats == ("human", "heuristic")
    assert GameInPlay.resume(record).state.current_player() == 0  # where he was asked
