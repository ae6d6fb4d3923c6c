"""``serve --processes N``: N serving processes behind one address, sharing one PostgreSQL
database (``server.shared``).

A supervisor binds the address once and starts N processes, each a whole server (its own
event loop, tables and computer players) accepting connections on that one socket: the
system hands each new connection to whichever accepts it first, so that no proxy of this
project's is needed in front. A serving process that dies (``kill -9``, a crash) is started
again; its pages reconnect, to whichever process takes them, and carry on from their last
event. One that dies soon after it started (the database unreachable, a fault at start) is
started again later each time, :data:`RESTART_AFTER`, rather than in a loop. The supervisor
itself serves nothing: its death (Ctrl-C) ends them all.
"""

from __future__ import annotations

import gc
import logging
import multiprocessing
import signal
import socket
import time
from collections.abc import Callable
from multiprocessing.connection import wait
from typing import Any

import uvicorn

_log = logging.getLogger("ludotheque.server")

#: A process that served this long before it died is started again at once; one that died
#: sooner waits the first delay, then twice as long each time, up to the last (seconds).
LIVED, RESTART_AFTER = 60.0, (1.0, 30.0)


#: The young generation is collected every this many allocations (Python's default: 700).
YOUNG = 50_000


def collecting_for_a_server() -> None:
    """Python's cyclic garbage collector set for a serving process, once its application is
    made: what is loaded by then (the interpreter's, the rule sets') is frozen, never scanned
    again; the young generation is collected seventy times less often, so that what a move
    in flight holds (its frames, its handles) dies before it is collected rather than moving
    to the oldest generation. That one's collection scans every table and connection held:
    with a thousand tables at a person's pace, 0.2 to 0.6 s every 3 s, the whole server
    stopped meanwhile, which set the moves' p99 (``benchmarks/RESULTS.md``)."""
    gc.freeze()
    gc.set_threshold(YOUNG, 20, 10)


def bound(host: str, port: int) -> socket.socket:
    """The listening socket every serving process accepts on."""
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    listening = socket.socket(family, socket.SOCK_STREAM)
    listening.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    listening.bind((host, port))
    listening.set_inheritable(True)
    return listening


def _serving(listening: socket.socket, application: Callable[[], Any],
             door: Callable[[], type], options: dict[str, Any]) -> None:
    """One serving process: its own application, on the shared socket."""
    served = application()
    collecting_for_a_server()
    config = uvicorn.Config(served, http=door(), **options)
    uvicorn.Server(config).run(sockets=[listening])


def supervise(count: int, listening: socket.socket, application: Callable[[], Any],
              door: Callable[[], type], options: dict[str, Any]) -> None:
    """Keep ``count`` processes serving ``application()`` (each made in its process, as is
    its HTTP protocol ``door()``: neither crosses a process) on ``listening`` until Ctrl-C
    or SIGTERM; ``options`` are uvicorn's."""
    context = multiprocessing.get_context("spawn")  # a fresh interpreter: no loop inherited

    def started() -> Any:
        process = context.Process(target=_serving, args=(listening, application, door, options),
                                  name="ludotheque-serve")
        process.start()
        return process

    stopping = False

    def stop(*_: object) -> None:
        nonlocal stopping
        stopping = True

    previous = {s: signal.signal(s, stop) for s in (signal.SIGINT, signal.SIGTERM)}
    serving = [started() for _ in range(count)]
    since = [time.monotonic()] * count  # when each was started
    delay = [0.0] * count  # how long each waits to be started again, should it die soon
    due: dict[int, float] = {}  # a process to start again: when
    try:
        while not stopping:
            wait([p.sentinel for p in serving if p.is_alive()], timeout=0.5)
            now = time.monotonic()
            for n, process in enumerate(serving):
                if process.is_alive() or stopping:
                    continue
                if n not in due:
                    early = now - since[n] < LIVED
                    delay[n] = min(max(2 * delay[n], RESTART_AFTER[0]),
                                   RESTART_AFTER[1]) if early else 0.0
                    due[n] = now + delay[n]
                    _log.error("serving process %d ended (exit code %s); started again%s",
                               process.pid, process.exitcode,
                               f" in {delay[n]:g} s" if delay[n] else "")
                if now >= due[n]:
                    del due[n]
                    serving[n], since[n] = started(), now
    finally:
        for process in serving:
            if process.is_alive():
                process.terminate()  # uvicorn's own shutdown: its connections closed
        for process in serving:
            process.join(30)
        for s, handler in previous.items():
            signal.signal(s, handler)
