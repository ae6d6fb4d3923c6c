"""Computer players on the server: each decision is worked out in a pool of worker processes,
so that a player thinking at ``hard`` holds up neither the other tables nor the event loop.

What a worker is handed is the state it needs and nothing goes back but a move as written; the
player itself sees only its seat's turn (``State.turn``), as at the terminal.

>>> import ludotheque
>>> state = ludotheque.load_game("dames-rabattues").new_initial_state()
>>> state.apply_action(state.string_to_action("white first"))
>>> choose("random", 1, state)
'throw'
"""

from __future__ import annotations

import ctypes
import multiprocessing
import os
import signal
import struct
import sys
import tempfile
import traceback
from concurrent.futures import Executor, ProcessPoolExecutor
from contextlib import ExitStack, contextmanager
from typing import TYPE_CHECKING, Any

from ludotheque.agents import make_agent
from ludotheque.agents.hint import hint
from ludotheque.agents.progress import listening
from ludotheque.core.errors import LudothequeError
from ludotheque.core.game import Turn
from ludotheque.core.i18n import reading

if TYPE_CHECKING:
    from collections.abc import Iterator, Mapping

    from ludotheque.core.game import Game, State


def choose(kind: str, seed: float, state: State, progress: str | None = None) -> str:
    """The move the computer player ``kind`` (``random``, ``easy``, ``mcts:hard``…), seeded
    ``seed``, makes in ``state``, as written, telling how far it has got in the file
    ``progress`` (:class:`Progress`) if given; whatever it raises comes back a RuntimeError
    holding its traceback."""
    try:
        with ExitStack() as stack:
            if progress is not None:
                told = os.open(progress, os.O_WRONLY)
                stack.callback(os.close, told)

                def tell(share: float) -> None:
                    os.pwrite(told, struct.pack("d", min(1.0, share)), 0)
                stack.enter_context(listening(tell))
            agent = make_agent(kind, seed=seed, game=state.game)
            return state.action_to_string(agent.choose(state.turn()))
    except Exception as error:
        # Sent back pickled: an exception that cannot be rebuilt on the server's side would
        # break the whole pool, every table's players with it; its text travels instead.
        raise RuntimeError("".join(traceback.format_exception(error)).strip()) from None


class Progress:
    """How far a computer player's decision has got (the share of its search spent), as its
    worker writes it and the server reads it: one number in a file of eight bytes, in memory
    where the system has a place for it (``/dev/shm``), so that a worker in another process
    and the server's event loop share it without a lock or a message."""

    def __init__(self) -> None:
        self._file, self.path = tempfile.mkstemp(
            prefix="ludotheque-thinking-", dir=SHARED if os.path.isdir(SHARED) else None)
        os.write(self._file, struct.pack("d", 0.0))

    def share(self) -> float:
        """The share of its search the decision has spent so far (0 to 1)."""
        share: float = struct.unpack("d", os.pread(self._file, 8, 0))[0]
        return share

    def close(self) -> None:
        """Done with: its file goes (once, however often it is closed)."""
        if self._file < 0:
            return
        os.close(self._file)
        os.unlink(self.path)
        self._file = -1


#: Where files in memory go.
SHARED = "/dev/shm"


def rests(state: State, action: int, reader: str) -> list[dict[str, Any]]:
    """Where ``action`` would leave the pieces it moves, chance at its steadiest
    (``State.rests``), refused in the ``reader``'s language."""
    with reading(reader), faults_as_text():
        return state.rests(action)


def advised(game: Game, seat: int, view: Mapping[str, Any], legal: list[int],
            reader: str) -> dict[str, Any]:
    """A hint for ``seat`` (``agents.hint``) worked out from his ``view`` and ``legal`` moves
    alone, as a page is sent it, in the ``reader``'s language: the worker is never handed the
    table."""
    with reading(reader), faults_as_text():
        return hint(Turn.seen(game, seat, view, legal)).as_json()


@contextmanager
def faults_as_text() -> Iterator[None]:
    """A refusal (a ``LudothequeError``) goes back to the server as it is; any other fault, an
    engine's, goes back a RuntimeError holding its traceback, as :func:`choose`'s does."""
    try:
        yield
    except LudothequeError:
        raise
    except Exception as error:
        raise RuntimeError("".join(traceback.format_exception(error)).strip()) from None


#: prctl's option that has the kernel signal a process when the thread that started it ends.
PR_SET_PDEATHSIG = 1


def worker_pool(workers: int | None = None, nice: int = 0) -> Executor:
    """A pool of ``workers`` processes (by default one per core), started afresh rather than
    forked: the server's threads and event loop are not copied into them, and ``nice`` lower
    in priority than the server. Each worker ends with the server, however the server ends
    (:func:`bound_to`)."""
    return ProcessPoolExecutor(
        max_workers=workers or os.cpu_count() or 1,
        mp_context=multiprocessing.get_context("spawn"),
        initializer=bound_to,
        initargs=(os.getpid(), nice),
    )


def bound_to(parent: int, nice: int = 0) -> None:
    """End this worker when ``parent``, the server that started it, ends, even by ``kill -9``:
    on Linux the kernel sends it SIGKILL then (``PR_SET_PDEATHSIG``), and if the server is gone
    already it ends now. The signal follows the *thread* that started the worker: a pool starts
    its workers from the thread that submits to it, the server's event loop, which lasts as
    long as the server. Once the workers are gone, multiprocessing's resource tracker, which
    only they and the server hold open, ends by itself. The worker then takes its ``nice``."""
    if sys.platform == "linux":
        ctypes.CDLL(None).prctl(PR_SET_PDEATHSIG, signal.SIGKILL)
    if os.getppid() != parent:
        os._exit(0)
    os.nice(nice)
