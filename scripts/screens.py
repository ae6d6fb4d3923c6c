"""Photograph every game screen as a person sees it, at a desktop's 1280×800 and a phone's
390×844, into ``docs/images/screens/<rule set>-<desktop|phone>.png`` (the README shows some).

    .venv/bin/python scripts/screens.py [--only jacquet]

``ludotheque serve`` runs over a fresh SQLite file, seeded; at each size a person sits down
against the quick computer (``random``), plays a few moves at random (a few shots at the cup,
in tiddlywinks) so that the table is in play, and the window is photographed at his turn once
the board is still: what fits the window is what is shown, as on arrival, without scrolling.
"""

from __future__ import annotations

import argparse
import random
import sys
import tempfile
from pathlib import Path

from playwright.sync_api import Page, sync_playwright

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from tests.server.helpers import LiveServer  # noqa: E402
from tests.server.test_browser import PHONE, shown, sit_down  # noqa: E402
from tests.server.test_fit import DESKTOP, GAMES  # noqa: E402
from tests.server.test_winks_browser import shoot_at_the_cup  # noqa: E402

OUT = ROOT / "docs" / "images" / "screens"
#: How many of his own moves the person plays before the picture.
MOVES = {"cabriole": 2, "tiddledy-winks": 2}
STILL = ("() => document.querySelector('#table').dataset.turn === 'yours'"
         " && document.querySelector('#board').dataset.moving !== '1'"
         " && document.querySelector('#board').dataset.flying !== '1'")


def in_play(page: Page, game: str, rng: random.Random) -> None:
    """A few of the person's moves, each waited for, up to his next turn."""
    for _ in range(MOVES.get(game, 3)):
        page.wait_for_function(STILL, timeout=60_000)
        number = shown(page)
        if game in ("cabriole", "tiddledy-winks"):
            shoot_at_the_cup(page)
        else:
            moves = page.locator("#moves button")
            moves.nth(rng.randrange(moves.count())).click()
        page.wait_for_function(
            "n => Number(document.querySelector('#table').dataset.n) > n", arg=number,
            timeout=60_000)
    page.wait_for_function(STILL, timeout=60_000)
    page.evaluate("() => window.scrollTo(0, 0)")


def run(only: str | None) -> None:
    OUT.mkdir(parents=True, exist_ok=True)
    folder = Path(tempfile.mkdtemp())
    server = LiveServer(f"sqlite:///{folder / 'tables.sqlite'}", folder / "server.log",
                        "--seed", "7", "--messages-per-second", "1000")
    try:
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(
                executable_path="/usr/bin/chromium", args=["--no-sandbox", "--disable-gpu"])
            for game, (seats, options) in GAMES.items():
                if only and game != only:
                    continue
                for size, viewport in (("desktop", DESKTOP), ("phone", PHONE)):
                    context = browser.new_context(viewport=viewport,
                                                  has_touch=size == "phone")
                    page = context.new_page()
                    sit_down(page, server.url, game, seats, options)
                    in_play(page, game, random.Random(game))
                    path = OUT / f"{game}-{size}.png"
                    page.screenshot(path=str(path))
                    print(path.relative_to(ROOT))
                    context.close()
            browser.close()
    finally:
        server.kill()


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--only", help="one rule set's id")
    run(parser.parse_args().only)
