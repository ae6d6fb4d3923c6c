"""Analyses on the server: a finished game's turns judged, as ``ludotheque review`` judges them
(:mod:`ludotheque.selfplay.analysis`), in workers of their own, and told to the replay's page
as they are done, one JSON object a line: ``{"done": 3, "total": 40}`` after each turn, then
``{"analysis": …}``, or ``{"error": "…"}`` where a worker met a fault.

A finished game's record holds nothing hidden any more (its replay shows it), and each turn is
still judged from what its seat could know then. An analysis costs a second or so a turn: the
server works out :data:`AT_ONCE` at once, each of at most :data:`MOST_TURNS` turns.

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
from concurrent.futures import Executor
from typing import Any

from ludotheque.agents.hint import valued, valued_move
from ludotheque.core.errors import LudothequeError
from ludotheque.core.i18n import _, ngettext, reading
from ludotheque.core.record import Record
from ludotheque.selfplay.analysis import AXES, Analysis, Judgement, assembled, judge, pieces
from ludotheque.server.computer import worker_pool

#: How many analyses the server works out at once, and the most turns one judges.
AT_ONCE, MOST_TURNS = 2, 400
#: The workers the analyses share (processes, started when first needed).
WORKERS = 2

_log = logging.getLogger("ludotheque.server")


class Analyses:
    """The server's analyses under way, in ``pool`` (by default :data:`WORKERS` processes of
    their own, started when first needed)."""

    def __init__(self, pool: Executor | None = None) -> None:
        self._pool = pool
        self.under_way = 0

    def start(self, record: Record, seat: int | None, reader: str) -> AsyncIterator[str]:
        """The lines of the analysis of ``record`` for ``seat`` (None: every seat), in the
        ``reader``'s language; refused in a sentence before anything is worked out where the
        server is busy or the game too long."""
        game, work = pieces(record, None if seat is None else [seat])
        if len(work) > MOST_TURNS:
            raise LudothequeError(ngettext(
                "this game has {count} turn to judge; the server judges at most {most}: choose "
                "one seat, or judge it at the terminal (ludotheque review).",
                "this game has {count} turns to judge; the server judges at most {most}: choose "
                "one seat, or judge it at the terminal (ludotheque review).",
                len(work), most=MOST_TURNS))
        if self.under_way >= AT_ONCE:
            raise LudothequeError(_("the server is judging other games; ask again in a "
                                    "minute."))
        if self._pool is None:
            self._pool = worker_pool(WORKERS)
        pool = self._pool
        self.under_way += 1
        steps = steps_of(record)

        async def lines() -> AsyncIterator[str]:
            loop = asyncio.get_running_loop()
            futures = [loop.run_in_executor(pool, judge, piece) for piece in work]
            judged: list[Judgement] = []
            try:
                for future in asyncio.as_completed(futures):
                    judged.append(await future)
                    yield _line({"done": len(judged), "total": len(work)})
                with reading(reader):
                    yield _line({"analysis": told(assembled(game, judged), game, steps)})
            except Exception as error:
                _log.error("an analysis of %s failed", record.game, exc_info=error)
                with reading(reader):
                    yield _line({"error": _("the analysis could not be worked out: its rules "
                                            "met a fault, now in the server's log.")})
            finally:
                for future in futures:
                    future.cancel()  # a page gone: what has not begun never will
                self.under_way -= 1

        return lines()

    def close(self) -> None:
        if self._pool is not None:
            self._pool.shutdown(wait=False, cancel_futures=True)


def told(analysis: Analysis, game: Any, steps: dict[int, int]) -> dict[str, Any]:
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
    there last (a take-back returns to a count, and the game goes on from its later entry)."""
    steps = {0: 0}
    for entry, step in enumerate(record.walk(), start=1):
        steps[len(step.state.history())] = entry
    return steps


def _line(message: dict[str, Any]) -> str:
    return json.dumps(message, ensure_ascii=False, separators=(",", ":")) + "\n"
