"""Fixtures of the browser edition's tests: a throwaway PostgreSQL server, Debian's chromium
driven by Playwright, and the folder the browser tests write their screenshots to.

`make test` installs Debian's ``postgresql`` and ``chromium`` when missing; without them these
fixtures fail with a sentence saying so, never skip: a skipped persistence or browser test would
pass unnoticed.
"""

from __future__ import annotations

import glob
import os
import pwd
import shlex
import shutil
import socket
import subprocess
import tempfile
from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING

import pytest

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
DATABASE = "ludotheque_test"


def _free_port() -> int:
    """A TCP port on 127.0.0.1 that nothing listens on now (the system picks it)."""
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as sock:
        sock.bind(("127.0.0.1", 0))
        port: int = sock.getsockname()[1]
        return port


def _postgresql_bin() -> Path:
    """The newest installed PostgreSQL's bin directory (Debian's /usr/lib/postgresql/N/bin)."""
    found = [
        Path(path)
        for path in glob.glob("/usr/lib/postgresql/*/bin")
        if Path(path, "initdb").exists() and Path(path, "pg_ctl").exists()
    ]
    if not found:
        pytest.fail(
            "PostgreSQL's initdb and pg_ctl are missing under /usr/lib/postgresql/*/bin: "
            "`make test` installs Debian's postgresql package.",
            pytrace=False,
        )
    return max(found, key=lambda path: [int(part) for part in path.parent.name.split(".")])


def _as_postgres(command: list[str]) -> list[str]:
    """The command run as the ``postgres`` system user when we are root (the server refuses to
    run as root); as ourselves otherwise."""
    if os.geteuid() == 0:
        return ["runuser", "-u", "postgres", "--", *command]
    return command


def _run(command: list[str], cwd: Path) -> None:
    result = subprocess.run(
        command, cwd=cwd, capture_output=True, text=True, timeout=60, check=False
    )
    if result.returncode != 0:
        pytest.fail(
            f"{shlex.join(command)} failed ({result.returncode}):\n{result.stdout}{result.stderr}",
            pytrace=False,
        )


@pytest.fixture(scope="session")
def postgres_url() -> Iterator[str]:
    """A PostgreSQL server of its own for the test session, on 127.0.0.1 only, with trust
    authentication and an empty database: its SQLAlchemy URL. Stopped and deleted at the end."""
    bin_dir = _postgresql_bin()
    # Not pytest's tmp_path: its parent is private to root, and the server runs as postgres.
    root = Path(tempfile.mkdtemp(prefix="ludotheque-postgresql-"))
    data = root / "data"
    started = False
    try:
        if os.geteuid() == 0:
            user = pwd.getpwnam("postgres")
            os.chown(root, user.pw_uid, user.pw_gid)
        # Fast and throwaway: no fsync anywhere, the C locale, trust for every connection.
        _run(
            _as_postgres(
                [str(bin_dir / "initdb"), "-D", str(data), "--no-sync", "-A", "trust",
                 "-U", "postgres", "-E", "UTF8", "--locale=C"]
            ),
            cwd=root,
        )
        port = _free_port()
        server_options = f"-k {shlex.quote(str(root))} -h 127.0.0.1 -p {port} -F"
        _run(
            _as_postgres(
                [str(bin_dir / "pg_ctl"), "start", "-D", str(data), "-l", str(root / "log"),
                 "-w", "-t", "30", "-o", server_options]
            ),
            cwd=root,
        )
        started = True
        _run(
            [str(bin_dir / "createdb"), "-h", "127.0.0.1", "-p", str(port), "-U", "postgres",
             DATABASE],
            cwd=root,
        )
        yield f"postgresql+psycopg://postgres@127.0.0.1:{port}/{DATABASE}"
    finally:
        if started:
            subprocess.run(
                _as_postgres([str(bin_dir / "pg_ctl"), "stop", "-D", str(data), "-m", "immediate",
                              "-w"]),
                cwd=root, capture_output=True, timeout=60, check=False,
            )
        shutil.rmtree(root, ignore_errors=True)


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
