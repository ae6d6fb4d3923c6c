"""A rule set's manifest: the one declaration of everything it offers.

Each rule set's package (``ludotheque/games/<set>/__init__.py``) exports one :class:`Manifest`
per rule set it holds, and names it in the ``ludotheque.games`` entry points, through which the
registry (:mod:`ludotheque.core.registry`) finds it — the project's own rule sets as any other
package's. The manifest is cheap to import: what it is and where it comes from, its options
with their source sentences, and *references* (``"module:attribute"``) to the rest — the rules
themselves, the text rendering, pictures, answers to questions, exact analysis, the heuristic,
the computer players — each imported the first time it is used. So listing the rule sets loads
none of them, and loading one loads that one's dependencies only (MuJoCo for tiddlywinks,
numba for Jacquet).

>>> manifest = Manifest("nim", GameInfo("Nim", "1901", "Bouton", 2, 2, True), rules="nim:NimGame")
>>> manifest.has("heuristic"), manifest.aliases
(False, ())
>>> manifest.draw(None, "p.png")  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
ludotheque.core.errors.LudothequeError: nim has no picture to draw.
"""

from __future__ import annotations

import importlib
import json
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from types import MappingProxyType
from typing import TYPE_CHECKING, Any

from ludotheque.core.errors import LudothequeError
from ludotheque.core.options import Option
from ludotheque.core.view import json_schema

if TYPE_CHECKING:
    from ludotheque.core.encoding import Encoding
    from ludotheque.core.game import Game, State

#: A reference to an object of a module, ``"package.module:attribute"``, imported on first use.
Ref = str


@cache
def resolve(ref: Ref) -> Any:
    """The object ``ref`` names, its module imported on first use.

    >>> resolve("json:dumps") is json.dumps
    True
    """
    module, colon, attribute = ref.partition(":")
    if not colon or not attribute:
        raise LudothequeError(f"{ref!r} is no reference; write it 'package.module:attribute'.")
    try:
        found: Any = importlib.import_module(module)
        for name in attribute.split("."):
            found = getattr(found, name)
    except (ImportError, AttributeError) as error:
        raise LudothequeError(f"{ref!r} names nothing that can be loaded: {error}.") from error
    return found


@dataclass(frozen=True)
class GameInfo:
    """What a rule set is and where it comes from, and the facts of its play that do not
    depend on its options (OpenSpiel's GameType)."""

    title: str
    date: str
    source: str
    min_players: int
    max_players: int
    #: Declared by every rule set, never assumed: where it is true, a searching player is
    #: handed copies of the position itself (``Turn.worlds``).
    perfect_information: bool
    seat_names: tuple[str, ...] = ()
    zero_sum: bool = True
    min_utility: float = -1.0
    max_utility: float = 1.0


@dataclass(frozen=True)
class Manifest:
    """One rule set's declaration. The references' forms:

    - ``rules``: the :class:`~ludotheque.core.game.Game` class, whose ``manifest`` is this one;
    - ``view``: the ``TypedDict`` of what ``observation(player)`` gives a seat or a spectator
      (:mod:`ludotheque.core.view`);
    - ``render``: ``(game, view) -> str``, a text picture of one seat's view;
    - ``picture``: ``(game, path, cards, state) -> Path``, the material or a table drawn;
    - ``explain``: ``(game, question, state) -> str | None``, answers to the ``questions``;
    - ``analysis``: ``(game, games, seed) -> rows``, exact figures beside simulated ones;
    - ``heuristic``: ``(state, player) -> float``, the game's own judge of a position for a
      seat, from his view only, which the ``heuristic`` player maximises;
    - ``judge``: ``(state, player) -> float``, where the rule set has no heuristic player, the
      value of a position its own search player ranks by (tiddlywinks: the planner's worth of
      a table), which search code may read at its leaves (:meth:`judgement`);
    - ``players``: by search method, a reference to a dict of the levels ``easy``, ``medium``,
      ``hard`` (in that order) to factories ``(game, seed) -> Agent``
      (:mod:`ludotheque.agents.levels`): ``{"mcts": "ludotheque.games.nim.players:MCTS"}``;
      the first method is the game's own;
    - ``hint``: a factory ``(game, seed) -> Weigher`` (:mod:`ludotheque.agents.hint`), the
      player whose judgement of a seat's moves a hint tells: the game's own ``hard`` player, or
      one like it on a budget a person will wait for;
    - ``details``: ``(state) -> dict``, facts of a finished game that self-play tallies;
    - ``result``: ``(state) -> str | None``, how a finished game ended, where the returns
      alone would mislead;
    - ``encoding``: the :class:`~ludotheque.core.encoding.Encoding` class, ``(game) ->
      Encoding``: the tensors and learning actions the research adapters serve;
    - ``told``: ``(game) -> [(sentence, sentence)]``, the sentences of the How to play that
      ``game``'s options change, each as the doc says it (the defaults') beside what it says
      at ``game`` (empty: a sentence the doc leaves out, or one this game drops).
    """

    id: str
    info: GameInfo
    rules: Ref
    options: tuple[Option, ...] = ()
    #: The rule set's own version, raised when a change plays the same record otherwise
    #: (records of an older format upgrade through ``Game.upgrade_options``).
    version: int = 1
    #: Other names the rule set is loaded by (``puce`` for ``cabriole``).
    aliases: tuple[str, ...] = ()
    #: The rules doc, ``docs/rules/<doc>.md``, when several rule sets share one; else the id.
    doc: str | None = None
    view: Ref | None = None
    render: Ref | None = None
    picture: Ref | None = None
    explain: Ref | None = None
    #: What ``explain`` answers, as (how it is asked, what it tells).
    questions: tuple[tuple[str, str], ...] = ()
    #: The first words of the questions answered at the terminal only, in every language they
    #: are asked in: they write a file on the machine that answers, which a server never does
    #: for a page (``? picture``).
    terminal_questions: tuple[str, ...] = ()
    analysis: Ref | None = None
    heuristic: Ref | None = None
    judge: Ref | None = None
    players: Mapping[str, Ref] = field(default_factory=lambda: MappingProxyType({}))
    #: The seat a person plays against by default where the rule set's own player is not the
    #: heuristic (a seat kind, ``planner:easy``); else its heuristic player, or random.
    computer: str | None = None
    hint: Ref | None = None
    details: Ref | None = None
    result: Ref | None = None
    encoding: Ref | None = None
    told: Ref | None = None
    #: Whether the rules draw who begins (a die, a lot), rather than letting the first seat
    #: begin: a table played again then keeps its seats, where otherwise the first passes on.
    drawn_first: bool = False
    #: Research configurations of the rule set, each a manifest of its own: small enough for
    #: exact methods (``get_all_states``, CFR, exploitability) and clearly not the source's
    #: rules, so kept out of the registry (no lobby, menu or record offers them); the research
    #: adapters alone serve them.
    research: tuple[Manifest, ...] = ()

    def has(self, offer: str) -> bool:
        """Whether the rule set offers ``offer``, a reference field (``"heuristic"``)."""
        return getattr(self, offer) is not None

    def game_class(self) -> type[Game]:
        """The rules, imported now if they were not."""
        cls: type[Game] = resolve(self.rules)
        if getattr(cls, "manifest", None) is not self:
            raise LudothequeError(
                f"{self.rules} is not the rules of {self.id}: its class declares another "
                f"manifest, or none (manifest = the {self.id} manifest, on the class)."
            )
        return cls

    def load(self, **options: Any) -> Game:
        """The rule set with these options; unknown options and values are refused."""
        return self.game_class()(**options)

    def view_schema(self) -> dict[str, Any]:
        """The JSON Schema of a seat's view (``docs/views/<id>.schema.json``)."""
        if self.view is None:
            raise LudothequeError(f"{self.id} declares no view yet.")
        return json_schema(resolve(self.view), f"A seat's view of {self.info.title}")

    def render_view(self, game: Game, view: Mapping[str, Any]) -> str:
        """A text picture of what one seat sees: the rule set's own, or the view itself."""
        if self.render is None:
            return json.dumps(view, indent=1, ensure_ascii=False)
        return str(resolve(self.render)(game, view))

    def draw(self, game: Game, path: Path | str, cards: str = "",
             state: State | None = None) -> Path:
        """Draw the game's material to ``path`` (PNG or SVG), ``cards`` picked out if given,
        or the table of ``state`` where the rule set draws positions."""
        if self.picture is None:
            raise LudothequeError(f"{self.id} has no picture to draw.")
        return Path(resolve(self.picture)(game, Path(path), cards, state))

    def answer(self, game: Game, question: str, state: State | None = None) -> str | None:
        """An answer to a person's question about the material or the game in play (typed
        after ``?``); None if the rule set has none for it."""
        if self.explain is None:
            return None
        told: str | None = resolve(self.explain)(game, question, state)
        return told

    def analyze(self, game: Game, games: int, seed: int) -> list[tuple[str, str, str]]:
        """Exact figures beside simulated ones: rows of (quantity, exact, simulated)."""
        if self.analysis is None:
            raise LudothequeError(f"there is no exact analysis of {self.id}.")
        rows: list[tuple[str, str, str]] = resolve(self.analysis)(game, games, seed)
        return rows

    def evaluation(self) -> Callable[[State, int], float]:
        """The heuristic: a value of a state for a seat, higher is better."""
        if self.heuristic is None:
            raise LudothequeError(f"{self.id} has no heuristic player yet.")
        evaluate: Callable[[State, int], float] = resolve(self.heuristic)
        return evaluate

    def judgement(self) -> Callable[[State, int], float]:
        """A value of a state for a seat, higher is better, for search code's leaves: the
        heuristic, or where the rule set has none its ``judge``."""
        ref = self.heuristic or self.judge
        if ref is None:
            raise LudothequeError(f"{self.id} has no judge of a position for search code to "
                                  f"read: it declares neither a heuristic nor a judge.")
        judge: Callable[[State, int], float] = resolve(ref)
        return judge

    def hinter(self, game: Game, seed: int) -> Any:
        """The player whose judgement a hint tells (``hint``), seeded ``seed``, for ``game``."""
        if self.hint is None:
            raise LudothequeError(f"{self.id} has no player to give a hint.")
        return resolve(self.hint)(game, seed)

    def encode(self, game: Game) -> Encoding:
        """The rule set's tensors and learning actions for ``game``."""
        if self.encoding is None:
            raise LudothequeError(f"{self.id} offers no tensors for learning code yet.")
        made: Encoding = resolve(self.encoding)(game)
        return made

    def tally(self, state: State) -> dict[str, str | float]:
        """Facts of a finished game that self-play counts beside the wins: a text value is
        counted as a share of games (``{"first thrower": "won"}``), a number is averaged."""
        if self.details is None:
            return {}
        facts: dict[str, str | float] = resolve(self.details)(state)
        return facts

    def sentences(self, game: Game) -> list[tuple[str, str]]:
        """The How to play's sentences that ``game``'s options change (``told``): each as the
        doc says it, beside what it says at ``game``."""
        if self.told is None:
            return []
        return list(resolve(self.told)(game))

    def ending(self, state: State) -> str | None:
        """The rule set's own sentence on how a finished game ended, or None."""
        if self.result is None:
            return None
        told: str | None = resolve(self.result)(state)
        return told
