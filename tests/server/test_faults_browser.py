"""In chromium: the page tells a lost connection from a fault, and a faulted table's replay works.

The server runs in this process (``ServedHere``), so that a fault planted in Dames rabattues'
rules here is planted in the server: the page shows the one sentence of a refused move, then
the end of a table whose computer player cannot move, whose replay is stepped through. Before
that the server is stopped under the page and started again: the board cannot be played while
the connection is down, and after a few failed reconnections the page says why, with a button
to reload. Screenshots at a desktop's size and a phone's go to ``build/screenshots/``.
"""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from ludotheque.games.dames_rabattues.game import DamesRabattuesState
from tests.server.helpers import ServedHere

DESKTOP = {"width": 1280, "height": 800}
PHONE = {"width": 390, "height": 844}


@pytest.fixture
def here(tmp_path):
    served = ServedHere(f"sqlite:///{tmp_path / 'tables.sqlite'}")
    yield served
    served.stop()


def my_turn(page: Page) -> None:
    expect(page.locator("#table")).to_have_attribute("data-turn", "yours", timeout=20_000)


def test_a_lost_connection_a_refused_move_and_a_stopped_table_in_the_browser(
        chromium_browser, here, screenshots_dir, monkeypatch):
    table, key = here.create("dames-rabattues", ["human", "random"])
    context = chromium_browser.new_context(viewport=DESKTOP)
    try:
        page = context.new_page()
        errors: list[str] = []
        page.on("pageerror", lambda error: errors.append(str(error)))
        page.goto(f"{here.url}/t/{table}#key={key}")
        my_turn(page)

        # The server goes away: the board is shown but not played, then the page says why.
        here.stop()
        connection = page.locator("#connection")
        expect(connection).to_contain_text("reconnecting")
        assert page.locator("#board").evaluate("board => board.inert")
        assert page.locator("#moves button").count() == 0
        expect(connection).to_contain_text("The server cannot be reached", timeout=20_000)
        expect(connection.locator("button")).to_have_text("Reload")
        page.screenshot(path=str(screenshots_dir / "fault-offline-desktop.png"))
        here.start()
        my_turn(page)
        expect(connection).to_be_hidden()

        # A move whose rules raise is refused in one sentence, and the table kept.
        def planted(self, player=None):
            raise RuntimeError("a fault planted in describe_last")

        monkeypatch.setattr(DamesRabattuesState, "describe_last", planted)
        shown = page.locator("#table").get_attribute("data-n")
        page.locator("#moves button").first.click()
        message = page.locator("#message")
        expect(message).to_contain_text("The server could not play this")
        expect(message).to_be_in_viewport()
        page.screenshot(path=str(screenshots_dir / "fault-refused-desktop.png"))
        assert page.locator("#table").get_attribute("data-n") == shown
        monkeypatch.undo()

        # The computer's move and its random stand-in both fault: the table stops, and is over.
        applying = DamesRabattuesState._apply

        def computer_cannot_move(self, action):
            if self.current_player() == 1:
                raise RuntimeError("a fault planted in black's moves")
            applying(self, action)

        monkeypatch.setattr(DamesRabattuesState, "_apply", computer_cannot_move)
        my_turn(page)
        page.locator("#moves button").first.click()
        expect(page.locator("#table")).to_have_attribute("data-turn", "over")
        expect(page.locator("#status")).to_contain_text("The game was stopped by a fault at event")
        page.screenshot(path=str(screenshots_dir / "fault-stopped-desktop.png"))
        monkeypatch.undo()

        phone = chromium_browser.new_context(viewport=PHONE)
        try:
            watcher = phone.new_page()
            watcher.goto(f"{here.url}/t/{table}")
            expect(watcher.locator("#status")).to_contain_text("stopped by a fault")
            watcher.screenshot(path=str(screenshots_dir / "fault-stopped-phone.png"),
                               full_page=True)
        finally:
            phone.close()

        page.click("a[href^='/replay/']")
        expect(page.locator("#position")).to_contain_text("step 0 of")
        page.click("#last")
        expect(page.locator("#result")).to_contain_text("stopped by a fault at event")
        page.click("#back")
        expect(page.locator("#result")).to_be_empty()
        page.screenshot(path=str(screenshots_dir / "fault-replay-desktop.png"))
        assert not errors
    finally:
        context.close()
