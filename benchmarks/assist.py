"""The assist's preview: from a drag's move to where its shot would rest, as a page asks for it.

    .venv/bin/python benchmarks/assist.py [--previews 200]

``ludotheque serve`` runs over a fresh SQLite file, its previews in their own worker process as
in production. A person's seat at a Cabriole table with the assist on drags an aim as a page
does: the pressure grows a hundredth at a time, each preview asked for as the last is answered
and 25 ms after the last was asked (``table.js`` asks no sooner). Timed from the message sent
to its answer received, twice: with the server otherwise idle, and while a ``hard`` shot
planner thinks at other tables (a table of planners opened every two seconds keeps the shot
pool busy): the preview's worker is its own, so the planners do not hold it up.

The peer, in this process: the same previews worked out by the library alone
(``State.rests``), with no server, socket or worker between: what an answer cannot come
sooner than.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import tempfile
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from ludotheque import load_game  # noqa: E402
from tests.server.helpers import LiveServer, created  # noqa: E402

OPTIONS = {"hands": "steady", "setting-assist": "true"}
#: The least time between two previews a page asks for (``table.js``'s GAP), in seconds.
GAP = 0.025


def aims(count: int) -> list[str]:
    """A drag from red 1, towards the cup and ever harder, as the page writes each aim."""
    return [f"red 1 aim cup pressure {0.2 + 0.7 * i / count:.2f} steep 60" for i in range(count)]


def drag(server: LiveServer, moves: list[str]) -> list[float]:
    """Each preview's time (ms) from sent to answered, at a new table's first turn."""
    table, key = created(server.url, "cabriole", ["human", "random"], OPTIONS)
    times = []
    asked = 0.0
    with server.seat(table, key) as socket:
        while json.loads(socket.recv(timeout=30))["type"] != "update":
            pass
        for move in moves:
            time.sleep(max(0.0, GAP - (time.perf_counter() - asked)))
            start = asked = time.perf_counter()
            socket.send(json.dumps({"type": "preview", "move": move}))
            while True:
                answer = json.loads(socket.recv(timeout=30))
                if answer["type"] == "preview":
                    break
            assert "rests" in answer, answer
            times.append((time.perf_counter() - start) * 1000)
    return times[1:]  # the first starts the worker and compiles the table


def planners(server: LiveServer, stop: threading.Event) -> None:
    """A table whose first seat is a ``hard`` planner, opened every two seconds until stop."""
    while not stop.wait(2.0):
        created(server.url, "cabriole", ["hard", "human"], {})


def peer(moves: list[str]) -> list[float]:
    state = load_game("cabriole", hands="steady").new_initial_state()
    times = []
    for move in moves:
        action = state.string_to_action(move)
        start = time.perf_counter()
        state.rests(action)
        times.append((time.perf_counter() - start) * 1000)
    return times[1:]


def summary(times: list[float]) -> str:
    ranked = sorted(times)
    return (f"median {statistics.median(times):.1f} ms, p90 {ranked[int(0.9 * len(ranked))]:.1f}"
            f" ms, max {ranked[-1]:.1f} ms over {len(times)}")


def run(count: int) -> None:
    folder = Path(tempfile.mkdtemp())
    server = LiveServer(f"sqlite:///{folder / 'tables.sqlite'}", folder / "server.log",
                        "--seed", "1", "--messages-per-second", "1000")
    moves = aims(count)
    try:
        idle = drag(server, moves)
        stop = threading.Event()
        busy_thread = threading.Thread(target=planners, args=(server, stop), daemon=True)
        busy_thread.start()
        time.sleep(2.5)  # the first planner's table is open and thinking
        busy = drag(server, moves)
        stop.set()
        busy_thread.join()
    finally:
        server.kill()
    alone = peer(moves)
    print(f"preview, sent to answered, server otherwise idle: {summary(idle)}")
    print(f"preview, while hard planners think at other tables: {summary(busy)}")
    print(f"peer, State.rests in this process: {summary(alone)}")
    print(f"ratio, idle server / library alone: "
          f"{statistics.median(idle) / statistics.median(alone):.2f}; "
          f"busy server / library alone: {statistics.median(busy) / statistics.median(alone):.2f}")


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--previews", type=int, default=200)
    run(parser.parse_args().previews)
