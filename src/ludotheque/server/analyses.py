"""Analyses on the server: a finished game's turns judged, as ``ludotheque review`` judges them
(:mod:`ludotheque.selfplay.analysis`), in workers of their own, and told to the replay's page
as they are done, one JSON object a line: ``{"done": 3, "total": 40}`` after each turn, then
``{"analysis": …}``, or ``{"error": "…"}`` where a worker met a fault.

A finished game's record holds nothing hidden any more (its replay shows it), and each turn is
still judged from what its seat could know then. (A record from outside may be one its sender
wrote of a game still in play: ``docs/threat-model.md``, "Hints off".) An analysis costs a
second or so a turn: the server works out :data:`AT_ONCE` at once, one an address, each of at
most :data:`MOST_TURNS` turns, in workers of their own at a lower priority than the tables'
computer players.

>>> import ludotheque
>>> from ludotheque.core.record import Record
>>> state = ludotheque.load_game("jacquet").new_initial_state()
>>> for move in ["white first", "6-5", "1/7", "7/12"]:
...     state.apply_action(state.string_to_action(move))
>>> steps_of(Record.of(state))  # after how many entries of the record each count of actions
{0: 0, 1: 1, 2: 2, 3: 3, 4: 4}
"""

from __future__ import annotations

import asyncio
import json
import logging
from collections.abc import AsyncIterator
from concurrent.futures import BrokenExecutor, Executor
from typing import TYPE_CHECKING, Any

from ludotheque.agents.hint import valued, valued_move
from ludotheque.core.errors import LudothequeError
from ludotheque.core.i18n import _, ngettext, reading
from ludotheque.core.record import Record
from ludotheque.selfplay.analysis import (
    AXES,
    Analysis,
    Judgement,
    Piece,
    assembled,
    judge,
    pieces,
    to_judge,
)
from ludotheque.server.computer import faults_as_text, worker_pool

if TYPE_CHECKING:
    from ludotheque.core.game import Game

#: How many analyses the server works out at once (one an address), and the most turns and
#: actions a game it judges may have.
AT_ONCE, MOST_TURNS, MOST_ACTIONS = 2, 400, 5_000
#: The workers the analyses share (processes, started when first needed, and at a lower
#: priority than the tables' computer players: nobody waits on a move for them).
WORKERS, NICE = 2, 10

_log = logging.getLogger("ludotheque.server")


class Analyses:
    """The server's analyses under way, in ``pool`` (by default :data:`WORKERS` processes of
    their own, started when first needed and anew if one dies), by the address that asked."""

    def __init__(self, pool: Executor | None = None) -> None:
        self._pool = pool
        self._given = pool is not None
        self.asking: set[str] = set()

    async def start(self, record: Record, seat: int | None, reader: str,
                    client: str) -> AsyncIterator[str]:
        """The lines of the analysis of ``record`` for ``seat`` (None: every seat), in the
        ``reader``'s language; refused in a sentence, before anything is worked out, where the
        server is busy, ``client`` has one under way, or the game is too long. What it needs
        is read from the record off the event loop."""
        if client in self.asking:
            raise LudothequeError(_("this address has a game being analysed already; wait for "
                                    "its end."))
        if len(self.asking) >= AT_ONCE:
            raise LudothequeError(_("the server is judging other games; ask again in a "
                                    "minute."))
        self.asking.add(client)
        try:
            game, work, steps = await asyncio.get_running_loop().run_in_executor(
                None, _prepared, record, seat)
        except BaseException:
            self.asking.discard(client)
            raise
        return self._lines(game, work, steps, reader, client)

    async def _lines(self, game: Game, work: list[Piece], steps: dict[int, int], reader: str,
                     client: str) -> AsyncIterator[str]:
        loop = asyncio.get_running_loop()
        if self._pool is None:
            self._pool = worker_pool(WORKERS, nice=NICE)
        pool = self._pool
        futures = [loop.run_in_executor(pool, judged, piece) for piece in work]
        done: list[Judgement] = []
        try:
            for future in asyncio.as_completed(futures):
                done.append(await future)
                yield _line({"done": len(done), "total": len(work)})
            with reading(reader):
                yield _line({"analysis": told(assembled(game, done), game, steps)})
        except Exception as error:
            _log.error("an analysis of %s failed", game.name, exc_info=error)
            if isinstance(error, BrokenExecutor) and not self._given:
                pool.shutdown(wait=False, cancel_futures=True)
                self._pool = None  # the next analysis starts workers anew
            with reading(reader):
                yield _line({"error": _("the analysis could not be worked out: its rules met "
                                        "a fault, now in the server's log.")})
        finally:
            for future in futures:
                future.cancel()  # a page gone: what has not begun never will
            self.release(client)

    def release(self, client: str) -> None:
        """``client``'s analysis is over (told twice, once is enough)."""
        self.asking.discard(client)

    def close(self) -> None:
        if self._pool is not None:
            self._pool.shutdown(wait=False, cancel_futures=True)


def _prepared(record: Record, seat: int | None) -> tuple[Game, list[Piece], dict[int, int]]:
    """The record's game, its turns to judge and the replay's steps, each length checked
    before anything is built on it; a fault of the rules is logged and told in a sentence."""
    try:
        if len(record.moves) > MOST_ACTIONS:
            raise LudothequeError(_(
                "this game has {count} moves; the server analyses games of at most {most}: "
                "judge it at the terminal (ludotheque review).", count=len(record.moves),
                most=MOST_ACTIONS))
        game, history, chosen = to_judge(record, None if seat is None else [seat])
        if len(chosen) > MOST_TURNS:
            raise LudothequeError(ngettext(
                "this game has {count} turn to judge; the server judges at most {most}: "
                "choose one seat, or judge it at the terminal (ludotheque review).",
                "this game has {count} turns to judge; the server judges at most {most}: "
                "choose one seat, or judge it at the terminal (ludotheque review).",
                len(chosen), most=MOST_TURNS))
        return game, pieces(game, history, chosen), steps_of(record)
    except LudothequeError:
        raise
    except Exception as error:  # the rules', not the record's
        _log.error("a record of %s could not be analysed", record.game, exc_info=error)
        raise LudothequeError(_("the server could not analyse this record: its rules met a "
                                "fault, now in the server's log.")) from None


def judged(piece: Piece) -> Judgement:
    """One turn judged in a worker (:func:`~ludotheque.selfplay.analysis.judge`), a fault
    sent back as text, never as an exception the server might not rebuild."""
    with faults_as_text():
        return judge(piece)


def told(analysis: Analysis, game: Game, steps: dict[int, int]) -> dict[str, Any]:
    """An analysis as a page shows it: each turn judged, with the replay's step its position
    stands at, and the costliest in a sentence each, in the reader's language."""
    said = analysis.as_json()
    for judged in said["judgements"]:
        judged["step"] = steps.get(judged["number"], 0)
        judged["name"] = game.seat_called(judged["seat"])
    said["axis"] = _(AXES[analysis.unit])
    said["costliest"] = [
        {"step": steps.get(j.number, 0), "said": _(
            "{seat}, at step {step}: played {played}; best found {best}; lost {lost}.",
            seat=game.seat_called(j.seat), step=steps.get(j.number, 0),
            played=valued_move(j.played, j.played_value, analysis.unit),
            best=valued_move(j.best, j.best_value, analysis.unit),
            lost=valued(j.cost, analysis.unit))}
        for j in analysis.costliest()]
    return said


def steps_of(record: Record) -> dict[int, int]:
    """For each count of actions standing, the entry of the record after which the game stood
    there last (a take-back returns to a count, and the game goes on from its later entry).

    >>> moves = ("white first", "6-5", "1/7", "(taken back)", "1/7", "7/12")
    >>> steps_of(Record("jacquet", {}, moves))
    {0: 0, 1: 1, 2: 4, 3: 5, 4: 6}
    """
    steps, standing = {0: 0}, 0
    for entry, step in enumerate(record.walk(), start=1):
        standing += 1 if step.withdrawn is None else -1
        steps[standing] = entry
    return steps


def _line(message: dict[str, Any]) -> str:
    return json.dumps(message, ensure_ascii=False, separators=(",", ":")) + "\n"
