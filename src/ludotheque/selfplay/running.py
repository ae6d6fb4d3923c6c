"""Where self-play runs: here, in local processes, or on a Dask cluster, behind one function.

The work is a list of pieces (chunks of numbered games), each a pure function of what it holds,
so where it runs changes nothing in its result. Each result is told as its piece finishes, in
whatever order, so that a caller can keep it (a study's checkpoint) or report on it (the games
that finished before a Ctrl-C). Ctrl-C stops the workers at once and raises
:class:`KeyboardInterrupt` after every finished piece has been told.

>>> told = {}
>>> run_chunks(abs, [-1, 2, -3], finished=told.__setitem__)
>>> told
{0: 1, 1: 2, 2: 3}
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from concurrent.futures import FIRST_COMPLETED, ProcessPoolExecutor, wait
from typing import TypeVar

from ludotheque.selfplay.cluster import connected, run

Work = TypeVar("Work")
Result = TypeVar("Result")


def run_chunks(
    play: Callable[[Work], Result],
    work: Sequence[Work],
    *,
    jobs: int = 1,
    cluster: str | None = None,
    finished: Callable[[int, Result], None],
) -> None:
    """``play(work[i])`` for every ``i``: here, in ``jobs`` processes, or on the Dask
    ``cluster`` (with ``local``, ``jobs`` worker processes on this machine);
    ``finished(i, result)`` as each piece ends. ``play`` must be a module's function, for the
    processes to find it."""
    if cluster is not None:
        with connected(cluster, jobs) as client:
            run(client, play, work, finished)
    elif jobs <= 1:
        for i, piece in enumerate(work):
            finished(i, play(piece))
    else:
        _in_processes(play, work, jobs, finished)


def _in_processes(play: Callable[[Work], Result], work: Sequence[Work], jobs: int,
                  finished: Callable[[int, Result], None]) -> None:
    pool = ProcessPoolExecutor(max_workers=jobs)
    try:
        pending = {pool.submit(play, piece): i for i, piece in enumerate(work)}
        while pending:
            done, _ = wait(pending, return_when=FIRST_COMPLETED)
            for future in done:
                finished(pending.pop(future), future.result())
    except BaseException:
        # Ctrl-C, or a piece that failed: the pieces under way are not waited for. Python
        # offers no public way to stop a pool's processes before 3.14 (terminate_workers).
        for process in list(pool._processes.values()):
            process.terminate()
        pool.shutdown(wait=True, cancel_futures=True)
        raise
    pool.shutdown()
