"""The interactive menu of ``make run``: pick a game, its options and its seats, then play."""

from __future__ import annotations

import os
import re
from datetime import datetime
from pathlib import Path

from rich.console import Console
from rich.text import Text

from ludotheque.agents import kinds_said, make_agent
from ludotheque.cli.human import Abandoned, TerminalHuman
from ludotheque.cli.session import default_seats, play_at_terminal
from ludotheque.core.errors import LudothequeError
from ludotheque.core.game import Game
from ludotheque.core.i18n import LANGUAGES, N_, _, language, ngettext
from ludotheque.core.numbers import parse_int
from ludotheque.core.options import Option
from ludotheque.core.record import Record
from ludotheque.core.registry import games, load_game, manifest
from ludotheque.play.table import GameInPlay

#: What a person types at a question of the menu to leave it, in English or in French.
QUIT_WORDS = ("q", "quit", "quitter")
#: What he answers to play the same again, in English or in French.
YES_WORDS = ("y", "yes", "o", "oui")


def ask(console: Console, prompt: str) -> str:
    try:
        return console.input(prompt).strip()
    except EOFError:
        raise Abandoned from None


def choose_game(console: Console) -> str:
    names = games()
    console.print(Text(_("Ludothèque — historical parlour games"), style="bold"))
    for number, name in enumerate(names, start=1):
        info = manifest(name).info
        # The date as the reader's language says it, where its rule set marks it.
        console.print(f"  {number}. {info.title} ({_(info.date)}) — {name}")
    console.print(_("  {key}. Continue a saved game", key=CONTINUE))
    while True:
        answer = ask(console, _("Game (number or id, q to quit) > "))
        if answer.lower() in QUIT_WORDS:
            raise Abandoned
        if answer.lower() == CONTINUE:
            return CONTINUE
        chosen = parse_int(answer)
        if chosen is not None and 1 <= chosen <= len(names):
            return names[chosen - 1]
        if answer in names:
            return answer
        console.print(Text(_(
            "Choose 1 to {last}, {key} to continue a saved game, or one of: {games}.",
            last=len(names), key=CONTINUE, games=", ".join(names),
        ), "red"))


#: The menu's entry that continues a saved game.
CONTINUE = "c"


def saved_games() -> Path:
    """Where the menu keeps its games as they are played: the user's data folder
    (``$XDG_DATA_HOME``, by default ``~/.local/share``), ``ludotheque/games``."""
    data = os.environ.get("XDG_DATA_HOME") or Path.home() / ".local" / "share"
    return Path(data) / "ludotheque" / "games"


def new_record_path(game: Game, now: datetime) -> Path:
    """A file of its own for a game begun ``now``: its rule set and the date, in the folder.

    >>> new_record_path(load_game("jacquet"), datetime(2026, 11, 26, 9, 5)).name
    'jacquet-2026-11-26-0905.json'
    """
    folder = saved_games()
    path = folder / f"{game.name}-{now:%Y-%m-%d-%H%M}.json"
    number = 2
    while path.exists():
        path = folder / f"{game.name}-{now:%Y-%m-%d-%H%M}-{number}.json"
        number += 1
    return path


#: How many of the latest unfinished games the menu lists to continue, and how many of the
#: latest saved games it looks through for them (finished ones are kept beside them).
LISTED, LOOKED_THROUGH = 20, 500


def unfinished() -> list[tuple[Path, GameInPlay]]:
    """The latest games in the folder that can be continued, the newest first (a finished or
    unreadable record is not listed)."""
    files = sorted(saved_games().glob("*.json"), key=lambda p: p.stat().st_mtime, reverse=True)
    found: list[tuple[Path, GameInPlay]] = []
    for path in files[:LOOKED_THROUGH]:
        try:
            record = Record.read(path)
            if record.result is not None:
                continue  # a finished game, told by its result without replaying it
            seats = list(record.seats) or default_seats(record.load_game())
            found.append((path, GameInPlay.resume(record, seats)))
        except LudothequeError:
            continue
        if len(found) == LISTED:
            break
    return found


def choose_record(console: Console) -> tuple[GameInPlay, Path]:
    """A saved game to continue: one of those listed from the folder, by its number, or any
    record by its file name, asked for until one resumes."""
    listed = unfinished()
    if listed:
        console.print(_("Games to continue, from {folder}:", folder=saved_games()))
        for number, (path, table) in enumerate(listed, start=1):
            when = datetime.fromtimestamp(path.stat().st_mtime)
            console.print(ngettext(
                "  {number}. {game}, {count} move, last played {when} — {file}",
                "  {number}. {game}, {count} moves, last played {when} — {file}",
                len(table.log), number=number, game=table.game.info.title,
                when=f"{when:%Y-%m-%d %H:%M}", file=path.name,
            ))
    else:
        console.print(_("No unfinished game is saved in {folder}.", folder=saved_games()))
    while True:
        typed = ask_or_back(console, _("The game to continue (a number, or a record's file "
                                       "name; q for the menu) > "))
        chosen = parse_int(typed)
        if chosen is not None and 1 <= chosen <= len(listed):
            path, table = listed[chosen - 1]
            return table, path
        path = Path(typed)
        try:
            record = Record.read(path)
            seats = list(record.seats) or default_seats(record.load_game())
            return GameInPlay.resume(record, seats), path
        except LudothequeError as error:
            console.print(Text(str(error), style="red"))


class Back(Exception):
    """The person typed q at a question about the game: back to the list of games."""


def ask_or_back(console: Console, prompt: str) -> str:
    answer = ask(console, prompt)
    if answer.lower() in QUIT_WORDS:
        raise Back
    return answer


#: ``name=value`` pairs typed on one line; a value may hold spaces (``laying=at once``).
ASSIGNMENT = re.compile(r"([\w-]+)\s*=\s*(.*?)\s*(?=[\w-]+\s*=|$)")


def show_options(console: Console, game: Game) -> None:
    """Every option with its value and what it does: the rules first, then how the game is
    driven (such as how steady the hands are)."""
    for heading, rule in ((N_("Options of {game}, the rules:"), True),
                          (N_("Options of {game}, how it is played:"), False)):
        group = [option for option in game.manifest.options if option.rule is rule]
        if not group:
            continue
        console.print(_(heading, game=game.info.title))
        for option in group:
            console.print(option_line(option, game.options[option.name]))


def option_line(option: Option, value: object) -> str:
    """One option as the menu lists it: what it is set to, what it does and what it takes.
    In English its identifier and value are the words; in another language, his words for
    them come first, then the identifier and value as typed (``name=value``), which stay the
    notation's.

    >>> limit = load_game("jacquet").manifest.options[-1]
    >>> option_line(limit, 3000)  # doctest: +ELLIPSIS
    '  limit = 3000 — decisions after which an unfinished game stops: ... (a whole number ...)'
    """
    typed = option.show(value)
    if language() == LANGUAGES[0]:
        return _("  {name} = {value} — {help} ({allowed})", name=option.name, value=typed,
                 help=option.explained(), allowed=option.allowed_text())
    return _("  {title}: {word} — {help} (typed {name}={value}; {allowed})",
             title=option.title(), word=option.word(value), help=option.explained(),
             name=option.name, value=typed, allowed=option.allowed_text())


def choose_options(console: Console, name: str) -> Game:
    """The game with its options: all shown at once, Enter plays with them, ``name=value``
    (several on one line) changes them, each checked as typed."""
    chosen: dict[str, str] = {}
    game = load_game(name)
    show_options(console, game)
    while True:
        answer = ask_or_back(
            console, _("Enter to play with these, or change some as name=value (q for the "
                       "menu) > ")
        )
        if not answer:
            return game
        typed = ASSIGNMENT.findall(answer)
        if not typed or ASSIGNMENT.sub("", answer).strip():
            first = game.manifest.options[0]
            example = f"{first.name}={first.show(first.default)}"
            console.print(Text(_("An option is changed as name=value, such as {example}.",
                                 example=example), "red"))
            continue
        try:
            game = load_game(name, **{**chosen, **dict(typed)})
        except LudothequeError as error:
            console.print(Text(str(error), style="red"))
            continue
        chosen.update(typed)
        shown = {option.name: option for option in game.manifest.options}
        now = ", ".join(f"{key}={shown[key].show(game.options[key])}" for key in chosen)
        console.print(_("Changed from the defaults: {options}.", options=now))


def choose_seats(console: Console, game: Game) -> list[str]:
    seats = []
    offered = kinds_said(game)
    for seat, default in enumerate(default_seats(game)):
        name = game.seat_called(seat)
        while True:
            answer = ask_or_back(console, _(
                "Seat {number} ({seat}): {kinds}? (Enter for {default}, q for the menu) > ",
                number=seat + 1, seat=name, kinds=offered, default=default,
            )) or default
            try:
                make_agent(answer, game=game, person=TerminalHuman)
            except LudothequeError as error:
                console.print(Text(str(error), style="red"))
                continue
            seats.append(answer)
            break
    return seats


def record_path(console: Console, game: Game, told: list[Path]) -> Path | None:
    """Where a new game is kept as it is played (the folder told the first time only); None,
    said in a sentence, where the folder cannot be made."""
    folder = saved_games()
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError as error:
        console.print(Text(_("Games cannot be saved in {folder}: {reason}; this one is played "
                             "unsaved.", folder=folder, reason=error.strerror or error), "red"))
        return None
    if not told:
        console.print(_("Games are saved in {folder} as they are played; {key} at the menu "
                        "continues one.", folder=folder, key=CONTINUE))
        told.append(folder)
    return new_record_path(game, datetime.now())


def run_menu(console: Console) -> None:
    told: list[Path] = []
    while True:
        name = choose_game(console)
        try:
            if name == CONTINUE:
                # Saved again to the file it came from, as it goes on.
                table, path = choose_record(console)
                play_at_terminal(table.game, list(table.seats), console, save=path, table=table)
                continue
            game = choose_options(console, name)
            seats = choose_seats(console, game)
        except Back:
            continue
        while True:
            table = GameInPlay(game, seats)
            play_at_terminal(game, seats, console, table=table,
                             save=record_path(console, game, told))
            again = ask(console, _("Play the same again? (y, or Enter for the menu) > "))
            if again.lower() not in YES_WORDS:
                break
