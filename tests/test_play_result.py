"""The end of a game as every front end tells it (issue 18): partners win together, and a
finished table says the game is over."""

from __future__ import annotations

import pytest

import ludotheque
from ludotheque.play.result import result_sentence
from tests.helpers import play_at_random


def test_partners_who_win_are_told_they_won_together():
    game = ludotheque.load_game("crypto-geographique", players=4, teams=True, points=100)
    for seed in range(3):
        state = play_at_random(game, seed)
        returns = state.returns()
        assert returns[0] == returns[2] and returns[1] == returns[3]
        winners = "north and south" if returns[0] > returns[1] else "east and west"
        assert result_sentence(state) == f"{winners} win."


def test_sides_level_on_points_are_drawn_side_by_side(monkeypatch):
    game = ludotheque.load_game("crypto-geographique", players=4, teams=True, points=100)
    state = play_at_random(game, 0)
    monkeypatch.setattr(type(state), "returns", lambda self: [100.0, 100.0, 100.0, 100.0])
    assert result_sentence(state) == "Drawn between north and south, and east and west."
    alone = play_at_random(ludotheque.load_game("crypto-geographique", players=3, points=100), 0)
    monkeypatch.setattr(type(alone), "returns", lambda self: [50.0, 50.0, 0.0])
    assert result_sentence(alone) == "Drawn between north, east."


@pytest.mark.parametrize("name", ["crypto-geographique", "crypto-geographique-chaine"])
def test_a_finished_table_says_the_game_is_over(name):
    game = ludotheque.load_game(name)
    state = play_at_random(game, 1)
    seen = game.manifest.render_view(game, state.observation(0))
    heading = next(line for line in seen.splitlines()
                   if line.startswith("Crypto"))
    assert heading.endswith("— the game is over") and "— —" not in heading


def test_two_people_at_one_terminal_hand_it_over_before_a_hidden_hand_is_shown():
    from typer.testing import CliRunner

    from ludotheque.cli.main import app

    keys = "\nstock\nreject\nend\n\nstock\nreject\nend\nquit\n"
    result = CliRunner().invoke(
        app, ["play", "crypto-90", "--seat", "2=human", "--seed", "3"], input=keys
    )
    out = result.output
    handed = out.index("Pass to south, and press Enter")
    assert handed < out.index("*south") and "Pass to north, and press Enter" in out
    # Where nothing is hidden there is nothing to hand over.
    open_game = CliRunner().invoke(
        app, ["play", "jacquet", "--seat", "2=human", "--seed", "3"], input="quit\n"
    )
    assert "Pass to" not in open_game.output


def test_a_person_handed_the_terminal_is_told_all_that_happened_since_his_last_turn():
    from typer.testing import CliRunner

    from ludotheque.cli.main import app

    # North takes from the stock and discards the Ain; east, the computer, plays his turn;
    # south, handed the terminal, is told all of it since the deal, his own draws by name.
    keys = "\nstock\ndiscard Ain\n\nquit\n"
    out = CliRunner(env={"COLUMNS": "200"}).invoke(app, [
        "play", "crypto-geographique", "-o", "players=4", "-o", "teams=true", "--seat", "1=human",
        "--seat", "3=human", "--seed", "2"], input=keys).output
    before, _, after = out.partition("Pass to south, and press Enter > ")
    east = [line for line in before.splitlines()[-5:]
            if line.startswith("east ") and not line.endswith("thinking…")]
    told = after.partition("Crypto géographique")[0].splitlines()
    assert told[0] == "Before south's first turn:"
    assert "north discards Ain." in told and east and all(line in told for line in east)
    assert any(line.startswith("The cards are dealt, 7 to each player") for line in told)


def test_the_screen_and_its_scrollback_are_cleared_before_the_terminal_is_handed_over():
    import io

    from rich.console import Console

    from ludotheque.cli.human import Abandoned, TerminalHuman
    from ludotheque.cli.session import HandedOver, SharedTerminal

    state = ludotheque.load_game("crypto-90").new_initial_state()
    while state.is_chance_node():  # the deal, to north's first turn
        state.apply_action(state.chance_outcomes()[0][0])
    screen = io.StringIO()
    console = Console(file=screen, force_terminal=True)
    typed = iter(["", "quit"])  # Enter to take the terminal, then leave
    person = TerminalHuman(console, read=lambda prompt: console.print(prompt) or next(typed))
    seat = HandedOver(person, state.current_player(), "north", console, SharedTerminal(shown=1))
    with pytest.raises(Abandoned):
        seat.choose(state.turn())
    shown = screen.getvalue()
    assert shown.index("\x1b[2J") < shown.index("\x1b[3J") < shown.index("Pass to north")
