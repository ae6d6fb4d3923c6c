"""The test infrastructure itself works: the throwaway PostgreSQL server takes a table and a
row, and Debian's chromium loads a page, runs its script and takes a screenshot."""

from __future__ import annotations

import threading
from collections.abc import Iterator
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

import pytest
import sqlalchemy as sa
from playwright.sync_api import Browser, expect

PAGE = b"""<!doctype html>
<html><head><meta charset="utf-8"><title>Smoke</title></head>
<body>
<button id="roll">Roll</button>
<p id="out">not rolled</p>
<script>
document.getElementById("roll").addEventListener("click", () => {
  document.getElementById("out").textContent = "rolled";
});
</script>
</body></html>
"""


class _PageHandler(BaseHTTPRequestHandler):
    def do_GET(self) -> None:
        self.send_response(200)
        self.send_header("Content-Type", "text/html; charset=utf-8")
        self.send_header("Content-Length", str(len(PAGE)))
        self.end_headers()
        self.wfile.write(PAGE)

    def log_message(self, format: str, *args: object) -> None:  # quiet in the test output
        pass


@pytest.fixture
def page_url() -> Iterator[str]:
    server = ThreadingHTTPServer(("127.0.0.1", 0), _PageHandler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}/"
    finally:
        server.shutdown()
        server.server_close()
        thread.join()


def test_postgresql_takes_a_table_and_a_row(postgres_url: str) -> None:
    engine = sa.create_engine(postgres_url)
    try:
        games = sa.Table(
            "smoke_games",
            sa.MetaData(),
            sa.Column("id", sa.Integer, primary_key=True),
            sa.Column("rules", sa.String(64), nullable=False),
        )
        games.metadata.create_all(engine)
        with engine.begin() as connection:
            connection.execute(games.insert(), {"rules": "dames-rabattues"})
        with engine.connect() as connection:
            rows = connection.execute(sa.select(games.c.id, games.c.rules)).all()
            assert [tuple(row) for row in rows] == [(1, "dames-rabattues")]
            assert connection.execute(sa.text("select version()")).scalar_one().startswith(
                "PostgreSQL"
            )
        games.metadata.drop_all(engine)
    finally:
        engine.dispose()


def test_chromium_runs_a_page_script(
    chromium_browser: Browser, page_url: str, screenshots_dir: Path
) -> None:
    context = chromium_browser.new_context()
    try:
        page = context.new_page()
        page.goto(page_url)
        expect(page.locator("#out")).to_have_text("not rolled")
        page.get_by_role("button", name="Roll").click()
        expect(page.locator("#out")).to_have_text("rolled")
        page.screenshot(path=screenshots_dir / "infra-smoke.png")
    finally:
        context.close()
    assert (screenshots_dir / "infra-smoke.png").stat().st_size > 0
