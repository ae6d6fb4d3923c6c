"""The analysis of a finished game (l'analyse d'une partie): each turn of the chosen seats
judged, as a hint is (:mod:`ludotheque.agents.hint`), by the rule set's hint player from what
that seat could know at that moment — never the open cards of the finished game — the move
played set beside the best move found, with the value the player gives each.

A turn is a seat's decisions up to the next chance outcome or the next seat's decision (a
Jacquet turn is its dice played out), judged where the seat had a choice. The hint player
weighs the turn played among its own (``weigh``'s ``include``), so that both values come from
one search. The judgements are independent pieces, played here, in processes or on a Dask
cluster (:mod:`.running`), each told as it is done: a long game's analysis has a progress bar.

>>> import ludotheque
>>> from ludotheque.core.record import Record
>>> state = ludotheque.load_game("crypto-geographique-chaine", players=2, rounds=1
...                              ).new_initial_state()
>>> import random
>>> rng = random.Random(2)
>>> while not state.is_terminal():
...     state.apply_action(state.sample_chance(rng) if state.is_chance_node()
...                        else rng.choice(state.legal_actions()))
>>> found = analyse(Record.of(state), seats=[0], seconds=None)
>>> found.unit, all(j.seat == 0 for j in found.judgements)
('chance', True)
>>> all(j.cost >= 0 or j.played_value is None for j in found.judgements)
True
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any, NamedTuple

from ludotheque.agents.greedy import played_out
from ludotheque.agents.hint import (
    CHANCE,
    COUNTERS,
    POINTS,
    SECONDS,
    Weighed,
    Weigher,
    seed_of,
    written,
)
from ludotheque.core.errors import LudothequeError
from ludotheque.core.game import Turn
from ludotheque.core.i18n import N_, _
from ludotheque.core.registry import load_game
from ludotheque.selfplay.running import run_chunks

if TYPE_CHECKING:
    from ludotheque.core.game import Game, State
    from ludotheque.core.record import Record


#: What the graph's values are, by the hint player's unit.
AXES = {CHANCE: N_("chance of winning (%)"), POINTS: N_("points expected"),
        COUNTERS: N_("counters in the cup, ahead of the others")}


class Piece(NamedTuple):
    """One turn to judge: the game (its name and options), the actions before it, the seat
    and the decisions it played, and how long the search may take."""

    game: str
    options: dict[str, Any]
    before: tuple[int, ...]
    seat: int
    path: tuple[int, ...]
    seconds: float | None


@dataclass(frozen=True)
class Judgement:
    """One turn judged: where it began (the number of actions before it), the seat, the move
    played and the best found, as written, with the hint player's value of each (None where it
    did not weigh it)."""

    number: int
    seat: int
    played: str
    best: str
    played_value: float | None
    best_value: float | None

    @property
    def cost(self) -> float:
        """What the move played lost against the best found, in the player's unit (0 where
        either was not weighed)."""
        if self.played_value is None or self.best_value is None:
            return 0.0
        return max(0.0, self.best_value - self.played_value)


@dataclass(frozen=True)
class Analysis:
    """A game's turns judged, in the unit of its hint player's values."""

    game: str
    unit: str
    judgements: tuple[Judgement, ...]

    def costliest(self, count: int = 5) -> list[Judgement]:
        """The ``count`` turns that cost most, costliest first: none that cost less than the
        least a value is written to (half a percent of a chance, a twentieth of a point)."""
        least = 0.005 if self.unit == CHANCE else 0.05
        costly = sorted((j for j in self.judgements if j.cost >= least), key=lambda j: -j.cost)
        return costly[:count]

    def as_json(self) -> dict[str, Any]:
        return {"game": self.game, "unit": self.unit,
                "judgements": [j.__dict__ | {"cost": j.cost} for j in self.judgements]}

    def draw(self, game: Game, path: Path) -> Path:
        """The graph of the game: each seat's value along it (its best move's, as the hint
        player judged each of its turns), the costliest turns marked where they were played."""
        import matplotlib

        matplotlib.use("Agg")  # a file, never a window
        import matplotlib.pyplot as plt

        figure, axes = plt.subplots(figsize=(8, 3.2))
        for seat in sorted({j.seat for j in self.judgements}):
            mine = [j for j in self.judgements if j.seat == seat and j.best_value is not None]
            axes.plot([j.number for j in mine], [self._shown(j.best_value) for j in mine],
                      marker=".", linewidth=1, label=game.seat_called(seat))
        costly = self.costliest()
        axes.scatter([j.number for j in costly], [self._shown(j.played_value) for j in costly],
                     marker="x", color="#b03a2e", zorder=3, label=_("costliest turns"))
        axes.set_title(_("{game}: each turn as its hint player judged it",
                         game=game.info.title), fontsize=9)
        axes.set_xlabel(_("actions played"))
        axes.set_ylabel(_(AXES[self.unit]))
        axes.legend(fontsize=8)
        figure.tight_layout()
        figure.savefig(path, dpi=90)
        plt.close(figure)
        return path

    def _shown(self, value: float | None) -> float:
        return 100 * (value or 0.0) if self.unit == CHANCE else value or 0.0


def turns(game: Game, history: Sequence[int]) -> list[tuple[int, int, tuple[int, ...]]]:
    """Each turn of a game's ``history``: the actions before it, its seat, its decisions (a
    seat's decisions up to the next chance outcome or the next seat's decision).

    >>> import ludotheque
    >>> game = ludotheque.load_game("jacquet")
    >>> state = game.new_initial_state()
    >>> for move in ["white first", "6-5", "1/7", "7/12", "4-1"]:
    ...     state.apply_action(state.string_to_action(move))
    >>> turns(game, state.history())
    [(2, 0, (11, 46))]
    """
    found: list[tuple[int, int, tuple[int, ...]]] = []
    state = game.new_initial_state()
    going = False  # whether the last action was a decision of the seat of the last turn
    for number, action in enumerate(history):
        if state.is_chance_node():
            going = False
        else:
            seat = state.current_player()
            if going and found[-1][1] == seat:
                before, _, path = found[-1]
                found[-1] = (before, seat, (*path, action))
            else:
                found.append((number, seat, (action,)))
            going = True
        state.apply_action(action)
    return found


def judge(piece: Piece) -> Judgement:
    """One turn judged from its seat's view at the moment (a module's function, so that
    processes and a cluster find it)."""
    game = load_game(piece.game, **piece.options)
    state = game.new_initial_state()
    for action in piece.before:
        state.apply_action(action)
    view = state.observation(piece.seat)
    turn = Turn.seen(game, piece.seat, view, state.legal_actions())
    weigher: Weigher = game.manifest.hinter(game, seed_of(view))
    weighed = weigher.weigh(turn, piece.seconds, include=[piece.path])
    # Read in a world his view leaves possible: his own decisions are the same in every one.
    world = turn.world()
    played = _found(world, piece.seat, weighed, piece.path)
    best = weighed[0]
    return Judgement(len(piece.before), piece.seat, ", ".join(written(world, piece.path)),
                     ", ".join(written(world, best.path)),
                     None if played is None else played.value, best.value)


def _found(world: State, seat: int, weighed: list[Weighed], path: tuple[int, ...]
           ) -> Weighed | None:
    """The move weighed that is ``path``: the same decisions, or others that end where they
    do as the seat sees it (two orders of the same dice)."""
    for w in weighed:
        if w.path == path:
            return w

    def ending(decisions: tuple[int, ...]) -> str:
        return json.dumps(played_out(world, decisions).observation(seat), sort_keys=True)

    end = ending(path)
    return next((w for w in weighed if ending(w.path) == end), None)


def to_judge(record: Record, seats: Iterable[int] | None = None
             ) -> tuple[Game, list[int], list[tuple[int, int, tuple[int, ...]]]]:
    """The record's game, its standing history, and each turn of ``seats`` (None: every seat)
    with a choice in it (:func:`turns`' form), to judge."""
    game = record.load_game()
    if not game.manifest.has("hint"):
        raise LudothequeError(_("{game} has no computer player to judge its moves.",
                                game=game.name))
    history = record.replay(game).history()
    chosen = set(range(game.num_players())) if seats is None else set(seats)
    found = []
    state = game.new_initial_state()
    played = 0
    for before, seat, path in turns(game, history):
        for action in history[played:before]:
            state.apply_action(action)
        played = before
        if seat in chosen and (len(path) > 1 or len(state.legal_actions()) > 1):
            found.append((before, seat, path))
    return game, history, found


def pieces(game: Game, history: Sequence[int], chosen: Iterable[tuple[int, int, tuple[int, ...]]],
           seconds: float | None = SECONDS) -> list[Piece]:
    """The turns ``chosen`` (:func:`to_judge`) as pieces to judge, each search bounded at
    ``seconds``."""
    return [Piece(game.name, dict(game.options), tuple(history[:before]), seat, path, seconds)
            for before, seat, path in chosen]


def assembled(game: Game, judgements: Iterable[Judgement]) -> Analysis:
    """The analysis of ``game`` made of its turns' ``judgements``, in the order played."""
    unit = game.manifest.hinter(game, 0).unit
    return Analysis(game.name, unit, tuple(sorted(judgements, key=lambda j: j.number)))


def analyse(
    record: Record,
    seats: Iterable[int] | None = None,
    seconds: float | None = SECONDS,
    jobs: int = 1,
    cluster: str | None = None,
    told: Callable[[int, int], None] = lambda done, total: None,
) -> Analysis:
    """The analysis of ``record``'s game for ``seats`` (None: every seat), its turns judged in
    ``jobs`` processes or on the Dask ``cluster``, ``told(done, total)`` as each is done."""
    game, history, chosen = to_judge(record, seats)
    work = pieces(game, history, chosen, seconds)
    judged: list[Judgement] = []

    def finished(index: int, judgement: Judgement) -> None:
        judged.append(judgement)
        told(len(judged), len(work))

    run_chunks(judge, work, jobs=jobs, cluster=cluster, finished=finished)
    return assembled(game, judged)
