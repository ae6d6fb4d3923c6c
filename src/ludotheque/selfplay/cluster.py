"""Self-play sent to a Dask cluster: a scheduler's address (``tcp://HOST:8786``), or ``local``
for a :class:`~distributed.LocalCluster` of worker processes on this machine.

The work is the same chunks of numbered games that local processes play, each a pure function
of the seed and the games' numbers, so the results are the same to the last digit wherever they
run; they are put back in the chunks' order, whatever order they finish in. A chunk whose
worker dies is played again elsewhere (Dask's retries). Needs the ``cluster`` extra.
"""

from __future__ import annotations

import logging
import signal
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from typing import Any, TypeVar

from ludotheque.core.errors import OptionError

Work = TypeVar("Work")
Result = TypeVar("Result")

#: Times a chunk is tried again when its worker dies under it.
RETRIES = 3


@contextmanager
def connected(address: str, workers: int) -> Iterator[Any]:
    """A Dask client of the cluster at ``address``, or of a local cluster of ``workers``
    processes (one thread each: the games are Python) for ``local``."""
    try:
        from distributed import Client, LocalCluster
    except ImportError:
        raise OptionError("--cluster needs Dask: pip install -e '.[cluster]'.") from None
    if address == "local":
        # A Ctrl-C at the terminal reaches every process of its group: the workers are born
        # deaf to it (an ignored signal is inherited, and Python then leaves it ignored), so
        # that this process alone stops the run, cleanly, instead of each worker dying noisily.
        hearing = signal.signal(signal.SIGINT, signal.SIG_IGN)
        try:
            # Dask's constructors are not typed.
            cluster = LocalCluster(  # type: ignore[no-untyped-call]
                n_workers=workers, threads_per_worker=1, processes=True,
                # Dask's health routes on a free port: two studies at once would contend
                # for the usual 8787 (there is no dashboard without bokeh).
                dashboard_address=":0",
                # The workers' warnings of the chunks a Ctrl-C cancelled are not news.
                silence_logs=logging.ERROR,
            )
        finally:
            signal.signal(signal.SIGINT, hearing)
        with cluster, Client(cluster) as client:  # type: ignore[no-untyped-call]
            yield client
        return
    if not address.startswith(("tcp://", "tls://", "ucx://", "inproc://")):
        raise OptionError(f"a cluster is a scheduler's address, tcp://HOST:8786, or local, "
                          f"not {address!r}.")
    try:
        client = Client(address, timeout="10s")  # type: ignore[no-untyped-call]
    except OSError as error:
        raise OptionError(f"no Dask scheduler answers at {address}: {error}.") from None
    with client:
        yield client


def run(client: Any, play: Callable[[Work], Result], work: Sequence[Work],
        finished: Callable[[int, Result], None]) -> None:
    """``play`` of every piece of ``work`` on the cluster; ``finished(i, result)`` as piece
    ``i`` ends, in whatever order. Ctrl-C cancels the pieces not yet played."""
    from distributed import as_completed

    futures = client.map(play, work, pure=False, retries=RETRIES)
    index = {future.key: i for i, future in enumerate(futures)}
    try:
        for future in as_completed(futures):  # type: ignore[no-untyped-call]
            finished(index[future.key], future.result())
    except BaseException:
        client.cancel(futures)
        raise
