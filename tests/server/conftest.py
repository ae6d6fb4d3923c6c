"""Fixtures of the browser edition's tests: a throwaway PostgreSQL server, Debian's chromium
driven by Playwright, and the folder the browser tests write their screenshots to.

`make test` installs Debian's ``postgresql`` and ``chromium`` when missing; without them these
fixtures fail with a sentence saying so, never skip: a skipped persistence or browser test would
pass unnoticed.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING

import pytest

from tests.server.postgresql import Cluster, ClusterError

if TYPE_CHECKING:
    from playwright.sync_api import Browser

REPO = Path(__file__).resolve().parents[2]
CHROMIUM = Path("/usr/bin/chromium")
# Without the flags that stop its background connections (updates, sync, QUIC...), Chromium's
# attempts are refused by a closed network and can stall it; --no-sandbox because we run as root.
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
    "--disable-quic",
]
@pytest.fixture(scope="session")
def postgres_url() -> Iterator[str]:
    """A PostgreSQL server of its own for the test session (``postgresql.Cluster``, without
    fsync): its SQLAlchemy URL. Stopped and deleted at the end."""
    try:
        cluster = Cluster()
    except ClusterError as error:
        pytest.fail(str(error), pytrace=False)
    try:
        yield cluster.url
    finally:
        cluster.stop()


@pytest.fixture(scope="session")
def chromium_browser() -> Iterator[Browser]:
    """Debian's chromium, headless, driven by Playwright's sync API for the whole session
    (never Playwright's own browser download). Each test opens its own context and closes it.

    The sync API refuses to run inside a running asyncio loop: use it from plain sync tests."""
    if not CHROMIUM.exists():
        pytest.fail(
            f"{CHROMIUM} is missing: `make test` installs Debian's chromium package.",
            pytrace=False,
        )
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(
            executable_path=str(CHROMIUM), headless=True, args=CHROMIUM_ARGS
        )
        try:
            yield browser
        finally:
            browser.close()


@pytest.fixture(scope="session")
def screenshots_dir() -> Path:
    """Where browser tests write their screenshots: build/screenshots/ at the repository's root
    (build/ is ignored by git), to look at after a run."""
    path = REPO / "build" / "screenshots"
    path.mkdir(parents=True, exist_ok=True)
    return path


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    """``ludotheque serve`` for a module's pages: its chance seeded, its pages allowed to
    play faster than any person."""
    from tests.server.helpers import LiveServer  # helpers import this module

    folder = tmp_path_factory.mktemp("browser")
    live = LiveServer(f"sqlite:///{folder / 'tables.sqlite'}", folder / "server.log",
                      "--seed", "3", "--messages-per-second", "1000")
    yield live
    live.kill()
