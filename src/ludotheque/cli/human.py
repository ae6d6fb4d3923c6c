"""A person at the terminal: sees the position and the legal moves, types a move."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, ClassVar

from rich.console import Console
from rich.markdown import Markdown
from rich.text import Text

from ludotheque.agents.hint import hint
from ludotheque.core.errors import LudothequeError
from ludotheque.core.i18n import _
from ludotheque.play.help import HELP_WORDS, HINT_WORDS, UNDO_WORDS, Answer, answer
from ludotheque.play.table import TakeBack

if TYPE_CHECKING:
    from ludotheque.core.game import State, Turn

#: What a person may type to leave the game, in English or in French (whatever he reads in).
QUIT_WORDS = ("quit", "q", "exit", "quitter")


def asked(text: str) -> str | None:
    """The question a person asks, as :func:`answer` reads it (``? règles``, ``aide``,
    ``?``), or None if he typed a move.

    >>> asked("? Règles"), asked("aide"), asked("?"), asked("? Somme"), asked("1/7")
    ('Règles', 'aide', '', 'Somme', None)
    """
    typed = text.strip()
    if typed.lower() in HELP_WORDS:
        question = typed
    elif typed.startswith("?"):
        question = typed.removeprefix("?").strip()
    else:
        return None
    return question


class Abandoned(Exception):
    """The person left the game (end of input or 'quit'); Ctrl-C interrupts it, as it does a
    computer player's thinking."""


class TerminalHuman:
    """Asks a person for each decision; a wrong entry gets the list of legal moves, and again."""

    interactive: ClassVar[bool] = True

    def __init__(
        self, console: Console | None = None, read: Callable[[str], str] | None = None
    ) -> None:
        self.console = console or Console()
        self.read = read or self.console.input

    def show(self, told: Answer) -> None:
        self.console.print(Markdown(told.text) if told.markdown else Text(told.text, style="cyan"))

    def choose(self, turn: Turn) -> int:
        # What he types is read in a world his view leaves possible: the table itself where
        # nothing is hidden, else one drawn from his view, which reads a move as the table
        # would (his moves are his view's).
        state = turn.world()
        player = turn.player
        game = turn.game
        self.console.print(Text(game.manifest.render_view(game, turn.view)))
        legal = turn.legal
        moves = state.legal_text(legal)
        name = game.seat_called(player)
        if len(legal) == 1:
            prompt = _("{seat}: the only move is {moves}; press Enter (? for help, quit to "
                       "leave) > ", seat=name, moves=moves)
        else:
            self.console.print(_("legal moves: {moves}", moves=moves))
            prompt = _("{seat}, your move (? for help, quit to leave) > ", seat=name)
        while True:
            try:
                text = self.read(prompt)
            except EOFError:
                raise Abandoned from None
            if text.strip().lower() in QUIT_WORDS:
                raise Abandoned
            if " ".join(text.lower().split()) in UNDO_WORDS:
                raise TakeBack
            if text.strip().lower() in HINT_WORDS and game.manifest.has("hint"):
                self.console.print(_("Thinking…"))
                for line in hint(turn).lines():
                    self.console.print(Text(line, style="cyan"))
                continue
            question = asked(text)
            if question is not None:
                self.show(answer(game, question, state))
                continue
            if not text.strip():
                if len(legal) == 1:
                    return legal[0]
                self.console.print(Text(_("Type one of the legal moves: {moves}.", moves=moves),
                                        style="red"))
                continue
            try:
                return state.string_to_action(text)
            except LudothequeError as error:
                self.console.print(Text(str(error), style="red"))

    def confirm(self, state: State, player: int) -> None:
        """His turn is about to pass (``confirm turn``): Enter lets it, ``undo`` takes back
        his last decision (TakeBack)."""
        game = state.game
        self.console.print(Text(game.manifest.render_view(game, state.observation(player))))
        prompt = _("{seat}: Enter to end your turn, undo to take it back > ",
                   seat=game.seat_called(player))
        while True:
            try:
                text = " ".join(self.read(prompt).lower().split())
            except EOFError:
                raise Abandoned from None
            if not text:
                return
            if text in UNDO_WORDS:
                raise TakeBack
            if text in QUIT_WORDS:
                raise Abandoned
            self.console.print(Text(_("Press Enter to end your turn, or type undo."), style="red"))
