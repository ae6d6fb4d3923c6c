"""Self-play sent to a Dask cluster: a scheduler's address (``tcp://HOST:8786``), or ``local``
for a :class:`~distributed.LocalCluster` of worker processes on this machine.

The work is the same chunks of numbered games that local processes play, each a pure function
of the seed and the games' numbers, so the results are the same to the last digit wherever they
run; they are put back in the chunks' order, whatever order they finish in. A chunk whose
worker dies is played again elsewhere (Dask's retries). Needs the ``cluster`` extra.
"""

from __future__ import annotations

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
        # Dask's constructors are not typed.
        with LocalCluster(  # type: ignore[no-untyped-call]
            n_workers=workers, threads_per_worker=1, processes=True, dashboard_address=None,
        ) as cluster, Client(cluster) as client:  # type: ignore[no-untyped-call]
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
        progress: Callable[[Result], None] | None = None) -> list[Result]:
    """``play`` of every piece of ``work`` on the cluster, in the order of ``work``;
    ``progress(result)`` as each one finishes, in whatever order."""
    from distributed import as_completed

    futures = client.map(play, work, pure=False, retries=RETRIES)
    index = {future.key: i for i, future in enumerate(futures)}
    done: dict[int, Result] = {}
    for future in as_completed(futures):  # type: ignore[no-untyped-call]
        result = future.result()
        done[index[future.key]] = result
        if progress:
            progress(result)
    return [done[i] for i in range(len(work))]


def workers(client: Any) -> int:
    """The threads the cluster's workers offer: how many chunks run at once."""
    return max(1, int(sum(client.nthreads().values())))
