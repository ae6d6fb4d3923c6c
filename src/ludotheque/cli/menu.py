"""The interactive menu of ``make run``: pick a game, its options and its seats, then play."""

from __future__ import annotations

from pathlib import Path

from rich.console import Console
from rich.text import Text

from ludotheque.agents import kinds, make_agent
from ludotheque.agents.human import Abandoned
from ludotheque.cli.session import default_seats, play_at_terminal, save_record
from ludotheque.core.errors import LudothequeError
from ludotheque.core.game import Game, State
from ludotheque.core.numbers import parse_int
from ludotheque.core.registry import game_class, games, load_game


def ask(console: Console, prompt: str) -> str:
    try:
        return console.input(prompt).strip()
    except EOFError:
        raise Abandoned from None


def choose_game(console: Console) -> str:
    names = games()
    console.print(Text("Ludothèque — historical parlour games", style="bold"))
    for number, name in enumerate(names, start=1):
        info = game_class(name).info
        console.print(f"  {number}. {info.title} ({info.date}) — {name}")
    while True:
        answer = ask(console, "Game (number or id, q to quit) > ")
        if answer.lower() in ("q", "quit"):
            raise Abandoned
        number = parse_int(answer)
        if number is not None and 1 <= number <= len(names):
            return names[number - 1]
        if answer in names:
            return answer
        console.print(Text(f"Choose 1 to {len(names)}, or one of: {', '.join(names)}.", "red"))


def choose_options(console: Console, name: str) -> dict[str, str]:
    """Ask for each rule option; options that only change how the game is driven (``rule``
    false, such as Jacquet's granularity) keep their defaults, which suit people."""
    chosen: dict[str, str] = {}
    for option in game_class(name).OPTIONS:
        if not option.rule:
            continue
        console.print(f"Option {option.name}: {option.help}")
        while True:
            allowed, default = option.allowed_text(), option.show(option.default)
            answer = ask(console, f"  {option.name} ({allowed}; Enter for {default}) > ")
            if not answer:
                break
            try:
                option.parse(answer, game=name)
            except LudothequeError as error:
                console.print(Text(str(error), style="red"))
                continue
            chosen[option.name] = answer
            break
    return chosen


def choose_seats(console: Console, game: Game) -> list[str]:
    seats = []
    offered = ", ".join(kinds(game))
    for seat, default in enumerate(default_seats(game)):
        name = game.seat_name(seat)
        while True:
            answer = ask(
                console, f"Seat {seat + 1} ({name}): {offered}? (Enter for {default}) > "
            ) or default
            try:
                make_agent(answer, game=game)
            except LudothequeError as error:
                console.print(Text(str(error), style="red"))
                continue
            seats.append(answer)
            break
    return seats


def offer_to_save(console: Console, state: State, seats: list[str]) -> None:
    while path := ask(console, "Save the record? (a file name, or Enter to skip) > "):
        try:
            save_record(state, seats, Path(path), console)
            return
        except LudothequeError as error:
            console.print(Text(str(error), style="red"))


def run_menu(console: Console) -> None:
    while True:
        name = choose_game(console)
        game = load_game(name, **choose_options(console, name))
        seats = choose_seats(console, game)
        state = play_at_terminal(game, seats, console)
        if state is not None:
            offer_to_save(console, state, seats)
        if ask(console, "Play again? (y/N) > ").lower() not in ("y", "yes", "o", "oui"):
            return
