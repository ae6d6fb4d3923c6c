"""Playing one game at the terminal: shared by ``ludotheque play`` and the menu."""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import NamedTuple

from rich.console import Console
from rich.text import Text

from ludotheque.agents import Agent, make_agent
from ludotheque.cli.human import Abandoned, TerminalHuman
from ludotheque.core.errors import LudothequeError
from ludotheque.core.game import Game, State, Turn
from ludotheque.core.i18n import N_, _
from ludotheque.play.result import result_sentence
from ludotheque.play.table import GameInPlay, taken_back


def default_seats(game: Game) -> list[str]:
    """A person in the first seat, computer players in the others: the game's own computer
    player, or its heuristic player, where it has one."""
    declared = game.manifest
    computer = declared.computer or ("heuristic" if declared.has("heuristic") else "random")
    return ["human"] + [computer] * (game.num_players() - 1)


class Announced:
    """A computer player that says when it starts thinking, so that the person at the table
    knows the wait is not his turn.

    A forced move is played without asking where everything is in view. Where hands are
    hidden the player is asked for it and thinks aloud as for any other, as a person is asked:
    a thinking line or a wait that came only when he had a choice would tell the table that he
    had one (the chain game's ``done`` after a lay, forced when he holds nothing touching his
    card)."""

    def __init__(self, agent: Agent, name: str, console: Console, hidden: bool) -> None:
        self.agent, self.name, self.console = agent, name, console
        self.interactive = hidden

    def choose(self, turn: Turn) -> int:
        thinking = _("{seat} is thinking…", seat=self.name)
        if not self.console.is_terminal:  # a pipe or a log reads a line, not a spinner
            self.console.print(thinking)
            return self.agent.choose(turn)
        with self.console.status(thinking):
            return self.agent.choose(turn)


@dataclass
class SharedTerminal:
    """One terminal several people take turns at: whose view its screen holds now, every event
    so far as each viewer may be told it (``journal``), and how much of it each seat has seen
    on his own screen."""

    shown: int | None = None
    journal: list[Callable[[int | None], str]] = field(default_factory=list)
    seen: dict[int, int] = field(default_factory=dict)


class HandedOver:
    """A person's seat where several people share one terminal and hands are hidden: before
    his turn the screen, scrollback and all, is cleared of the last person's hand and the
    terminal waits for him («pass to south, press Enter»), so that nobody sees a hand he may
    not; then he is told everything he may know of what happened since his last turn."""

    interactive: bool  # not set here: the person's own, through __getattr__

    def __init__(self, agent: TerminalHuman, seat: int, name: str, console: Console,
                 terminal: SharedTerminal) -> None:
        self.agent, self.seat, self.name, self.console, self.terminal = (
            agent, seat, name, console, terminal
        )

    def __getattr__(self, attribute: str) -> object:
        return getattr(self.agent, attribute)  # interactive, confirm: the person's own

    def choose(self, turn: Turn) -> int:
        terminal = self.terminal
        if terminal.shown != self.seat:
            if self.console.is_terminal:
                self.console.clear()
                # The scrollback too (xterm's "erase saved lines"): the last hand stays in it.
                self.console.file.write("\x1b[3J")
                self.console.file.flush()
            try:
                self.agent.read(_("Pass to {seat}, and press Enter > ", seat=self.name))
            except EOFError:
                raise Abandoned from None
            terminal.shown = self.seat
            seen = terminal.seen.get(self.seat)
            since = [line for told in terminal.journal[seen or 0:] if (line := told(self.seat))]
            if since:
                heading = (_("Before {seat}'s first turn:", seat=self.name) if seen is None
                           else _("Since {seat}'s last turn:", seat=self.name))
                self.console.print(Text(heading, style="bold"))
                for line in since:
                    self.console.print(Text(line, style="cyan"))
        terminal.seen[self.seat] = len(terminal.journal)
        return self.agent.choose(turn)


def play_at_terminal(
    game: Game,
    seats: list[str],
    console: Console,
    seed: int | None = None,
    save: Path | None = None,
    table: GameInPlay | None = None,
) -> State | None:
    """Play to the end, telling each move; return the final state (None if abandoned).

    ``table`` is the game in play to go on with (a resumed one, or one with ``confirm_turn``);
    by default a new one of ``game`` and ``seats``. However the game stops before its end, the
    record so far is saved to ``save`` and the stop is told in one sentence: abandoned
    (``quit``, end of input), interrupted (Ctrl-C, at a prompt or while a computer player
    thinks: KeyboardInterrupt goes on to the caller), or an unexpected error (raised on after
    the record is saved)."""
    if table is None:
        table = GameInPlay(game, seats)
    game, seats = table.game, list(table.seats)
    rng = random.Random(seed)
    agents = [make_agent(spec, seed=rng.random(), game=game, person=TerminalHuman)
              for spec in seats]
    people = [seat for seat, agent in enumerate(agents) if agent.interactive]
    if people:
        agents = [
            agent
            if agent.interactive
            else Announced(
                agent, game.seat_called(seat), console, not game.info.perfect_information
            )
            for seat, agent in enumerate(agents)
        ]
    at_terminal = [seat for seat, agent in enumerate(agents) if isinstance(agent, TerminalHuman)]
    terminal = SharedTerminal()
    if len(at_terminal) > 1 and not game.info.perfect_information:
        agents = [
            HandedOver(agent, seat, game.seat_called(seat), console, terminal)
            if isinstance(agent, TerminalHuman) else agent
            for seat, agent in enumerate(agents)
        ]
    # The game is told as the one person at the table may know it; with several, as to a
    # spectator (each person still sees his own view when it is his turn, and what happened
    # since his last one).
    viewer = people[0] if len(people) == 1 else None

    def told(event: Callable[[int | None], str]) -> None:
        terminal.journal.append(event)
        line = event(viewer)
        if line:
            console.print(Text(line, style="cyan"))

    unsaved: list[str] = []

    def tell(after: State, player: int, action: int) -> None:
        told(after.describe_last)
        # Saved as it goes: each time a person is to play, the record holds all before him,
        # should the terminal close on him (a failure said once, the game going on).
        if save is not None and after.current_player() in people and not unsaved:
            try:
                write_record(table, save)
            except LudothequeError as error:
                unsaved.append(str(error))
                console.print(Text(_("The game goes on unsaved: {error}", error=error),
                                   style="red"))

    def told_taken_back(seat: int, move: str) -> None:
        told(lambda viewer: taken_back(game, seat, move, viewer))

    def refused(seat: int, sentence: str) -> None:
        console.print(Text(sentence, style="red"))

    try:
        state = table.play_on(
            agents, rng, on_action=tell if people else None, on_take_back=told_taken_back,
            on_refusal=refused,
        )
    except Abandoned:
        console.print(_("Game abandoned."))
        save_record(table, save, console)
        return None
    except KeyboardInterrupt:
        keep_stopped(table, save, console, INTERRUPTED)
        raise
    except Exception:
        keep_stopped(table, save, console, FAILED)
        raise
    console.print(Text(game.manifest.render_view(game, state.observation(viewer))))
    console.print(Text(result_sentence(state), style="bold"))
    save_record(table, save, console)
    return state


def save_record(table: GameInPlay, path: Path | None, console: Console) -> None:
    """Write the game record to ``path`` (nothing if None); a failure is one sentence."""
    if path is None:
        return
    write_record(table, path)
    console.print(_("Record saved to {path}.", path=path))


def write_record(table: GameInPlay, path: Path) -> None:
    try:
        path.write_text(table.record().to_json() + "\n", encoding="utf-8")
    except OSError as error:
        reason = error.strerror
        raise LudothequeError(_("the record could not be saved to {path}: {reason}.",
                                path=path, reason=reason)) from None


class Stop(NamedTuple):
    """How a game stopped before its end is told (each a whole sentence, ``N_``-marked): with
    no record kept, with its record saved to ``{path}``, or with the ``{error}`` that kept
    it from being saved."""

    unkept: str
    saved: str
    unsaved: str


INTERRUPTED = Stop(N_("The game was interrupted; no record was kept."),
                   N_("The game was interrupted; its record was saved to {path}."),
                   N_("The game was interrupted, and {error}"))
FAILED = Stop(N_("The game stopped on an unexpected error; no record was kept."),
              N_("The game stopped on an unexpected error; its record was saved to {path}."),
              N_("The game stopped on an unexpected error, and {error}"))


def keep_stopped(table: GameInPlay, path: Path | None, console: Console, stop: Stop) -> None:
    """Save the record of a game stopped before its end (``INTERRUPTED``, ``FAILED``), and
    say so in one sentence; a record that cannot be written is told, never raised over the
    stop."""
    if path is None:
        console.print(_(stop.unkept))
        return
    try:
        write_record(table, path)
    except LudothequeError as error:
        console.print(Text(_(stop.unsaved, error=error), style="red"))
        return
    console.print(_(stop.saved, path=path))
