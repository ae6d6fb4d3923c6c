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

import multiprocessing
import signal
import traceback
from collections.abc import Callable, Iterator, Sequence
from multiprocessing.connection import Connection, wait
from multiprocessing.process import BaseProcess
from typing import TypeVar, cast

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
    """The pieces shared among ``jobs`` processes, each given the next piece as it hands one
    back. The parent stops and reaps its own workers, each with a pipe of its own, with no
    thread between: a ProcessPoolExecutor's shutdown waits on the pool's thread, which can wait
    for ever on a worker stopped midway (half a result in the queue all workers share), and an
    interrupted study once hung so."""
    context = multiprocessing.get_context()
    pieces = iter(enumerate(work))
    workers: dict[Connection, BaseProcess] = {}
    running: dict[Connection, int] = {}
    try:
        for _ in range(min(jobs, len(work))):
            ours, theirs = context.Pipe()
            started = context.Process(target=_worker, args=(play, theirs), daemon=True)
            started.start()
            theirs.close()
            workers[ours] = started
        for pipe in workers:
            _give(pipe, pieces, running)
        while running:
            for ready in wait(list(running)):
                pipe = cast(Connection, ready)
                try:
                    done, result = pipe.recv()
                except EOFError:
                    raise RuntimeError("a self-play worker process ended before its piece "
                                       f"did (exit code {workers[pipe].exitcode})") from None
                if not done:
                    raise result
                finished(running.pop(pipe), result)
                _give(pipe, pieces, running)
    finally:
        # However it ends, the workers are stopped: at Ctrl-C or a failed piece without
        # waiting for the pieces under way, else idle, waiting for a piece none will give.
        for pipe, worker in workers.items():
            worker.kill()
            worker.join()
            pipe.close()


def _give(pipe: Connection, pieces: Iterator[tuple[int, Work]],
          running: dict[Connection, int]) -> None:
    """The next piece, if any is left, to the worker at the end of ``pipe``."""
    following = next(pieces, None)
    if following is not None:
        running[pipe], piece = following
        pipe.send(piece)


def _worker(play: Callable[[Work], Result], pipe: Connection) -> None:
    """Play each piece that comes down ``pipe`` and send back its result, or the exception it
    raised (with the worker's traceback as a note), until the parent stops it. Ctrl-C is the
    parent's to handle, which reaches a terminal's whole job: the worker ignores it rather
    than die printing a traceback."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    while True:
        piece = pipe.recv()
        answer: tuple[bool, object]
        try:
            answer = (True, play(piece))
        except Exception as error:
            error.add_note(f"in a self-play worker process:\n{traceback.format_exc()}")
            answer = (False, error)
        pipe.send(answer)
