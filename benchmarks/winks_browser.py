"""Tiddlywinks in the browser: from a shot's gesture to its flight's first frame on screen, and
the size of what travels, on a full table of 24 counters (Cabriole, four players of six).

    .venv/bin/python benchmarks/winks_browser.py [--shots 30]

``ludotheque serve`` runs over a fresh SQLite file; Debian's chromium (Playwright) seats a
person at red against three aiming players (``aim:easy``, quick), and plays every red turn
with a drag from a lit counter towards the cup's far side (the test's scripted hand). The page
marks the moment the shot is let go and the first animation frame of its flight
(``performance.mark`` in ``winks.js``): the time between is the gesture's message, the shot
judged, simulated, written to the database, sent back and drawn. Every WebSocket frame the page
receives is measured; the ones carrying a flight are the payload.

The peer, in this process: the same shots (read back from the table's record) simulated and
judged by the library alone, with no server, database or browser: what the first frame cannot
come sooner than.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
import time
from pathlib import Path

import httpx
from playwright.sync_api import sync_playwright

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from ludotheque import load_game  # noqa: E402
from tests.server.helpers import LiveServer  # noqa: E402
from tests.server.test_winks_browser import shoot_at_the_cup  # noqa: E402

OPTIONS = {"players": "4", "counters": "6", "hands": "expert", "limit": "400"}


def run(shots: int) -> None:
    folder = Path(tempfile.mkdtemp())
    server = LiveServer(f"sqlite:///{folder / 'tables.sqlite'}", folder / "server.log",
                        "--seed", "1", "--messages-per-second", "1000")
    try:
        form = {"seat0": "human", **{f"seat{s}": "aim:easy" for s in (1, 2, 3)}, **OPTIONS}
        delays: list[float] = []
        sizes: list[int] = []
        all_sizes: list[int] = []
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(
                executable_path="/usr/bin/chromium",
                args=["--no-sandbox", "--disable-gpu", "--disable-background-networking"])
            page = browser.new_page(viewport={"width": 1280, "height": 900})

            def measure(socket):
                def received(payload):
                    size = len(payload if isinstance(payload, bytes) else payload.encode())
                    all_sizes.append(size)
                    if '"flight"' in str(payload):
                        sizes.append(size)
                socket.on("framereceived", received)
            page.on("websocket", measure)
            while len(delays) < shots:  # a table a game, until enough shots are timed
                location = httpx.post(f"{server.url}/new/cabriole", data=form).headers["location"]
                path, _, key = location.partition("#")
                page.goto(f"{server.url}{path}?speed=8#{key}")
                play(page, delays, shots)
            browser.close()
    finally:
        server.kill()
    peer = engine_times(folder)
    print(f"shots by the page: {len(delays)} on a table of 24 counters (cabriole, 4 x 6)")
    print(f"gesture to first frame: median {statistics.median(delays):.1f} ms, "
          f"p90 {sorted(delays)[int(0.9 * (len(delays) - 1))]:.1f} ms, "
          f"max {max(delays):.1f} ms")
    print(f"updates carrying a flight: {len(sizes)}, median {statistics.median(sizes):,} B, "
          f"largest {max(sizes):,} B (every frame received: largest {max(all_sizes):,} B)")
    median_peer = statistics.median(peer)
    print(f"peer, the shot simulated and judged by the library alone: median "
          f"{median_peer:.1f} ms over {len(peer)} shots")
    print(f"ratio, first frame / library alone: {statistics.median(delays) / median_peer:.1f}")


def play(page, delays: list[float], shots: int) -> None:
    """Red's shots, each timed, until the game ends or enough are."""
    while len(delays) < shots:
        page.wait_for_function(
            "() => ['yours', 'over'].includes(document.querySelector('#table').dataset.turn)"
            " && document.querySelector('#board').dataset.flying !== '1'", timeout=60_000)
        if page.locator("#table").get_attribute("data-turn") == "over":
            return
        if page.locator("button", has_text="Pass").count():
            page.locator("button", has_text="Pass").first.click()
            page.wait_for_function(
                "() => document.querySelector('#table').dataset.turn !== 'yours'")
            continue
        page.evaluate("() => performance.clearMarks()")
        shoot_at_the_cup(page)
        page.wait_for_function(
            "() => performance.getEntriesByName('winks-first-frame').length"
            " || !document.querySelector('#message').hidden")
        if page.locator("#message").is_visible():
            raise AssertionError(page.locator("#message").inner_text())
        delays.append(page.evaluate(
            "() => performance.getEntriesByName('winks-first-frame')[0].startTime"
            " - performance.getEntriesByName('winks-shot')[0].startTime"))


def engine_times(folder: Path) -> list[float]:
    """The time each shot took to simulate and judge, its table's log (read from the database)
    replayed in this process."""
    from ludotheque.server.store import MOVE, Store
    options = {k: int(v) if v.isdigit() else v for k, v in OPTIONS.items()}
    times = []
    store = Store(f"sqlite:///{folder / 'tables.sqlite'}")
    for row, _ in [*store.tables(), *store.ended()]:
        _, events = store.table(row.id)  # type: ignore[misc]
        game = load_game("cabriole", **options)
        state = game.new_initial_state()
        for n, event in enumerate(e for e in events if e.kind == MOVE):
            action = state.string_to_action(event.text)
            chance = state.is_chance_node()
            start = time.perf_counter()
            state.apply_action(action)
            if chance and n > 1:  # the first shot compiles the table
                times.append((time.perf_counter() - start) * 1000)
    return times


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--shots", type=int, default=30)
    run(parser.parse_args().shots)
