"""The Hint button (issue 39), in Debian's chromium: against the computer it is there at one's
turn and shows the computer's best moves, one of which is played in a click; between people it
is there only once the table's creator turns hints on, and the other page is told that a hint
was asked, never what it said. A finished game's replay draws its analysis, whose costliest
turns step the replay to where they began. Photographed at a desktop's size and a phone's."""

from __future__ import annotations

import re
from collections.abc import Iterator

from playwright.sync_api import Browser, Page, expect

from tests.server.helpers import created
from tests.server.test_browser import DESKTOP, PHONE, my_turn, phone_fits, shown, sit_down


def each_size(browser: Browser) -> Iterator[tuple[str, Page]]:
    """A page at a desktop's size, then one at a phone's; each must throw no error."""
    for size, viewport in (("desktop", DESKTOP), ("phone", PHONE)):
        context = browser.new_context(viewport=viewport)
        try:
            page = context.new_page()
            errors: list[str] = []
            page.on("pageerror", lambda error, errors=errors: errors.append(str(error)))
            yield size, page
            assert not errors
        finally:
            context.close()


def test_the_hint_button_shows_the_computers_best_moves(chromium_browser, server,
                                                        screenshots_dir):
    for size, page in each_size(chromium_browser):
        sit_down(page, server.url, "crypto-geographique", ["human", "random"], {"points": "100"})
        my_turn(page)
        page.get_by_role("button", name="Hint", exact=True).click()
        advice = page.locator("#hint li")
        expect(advice.first).to_be_visible(timeout=30_000)
        assert 1 <= advice.count() <= 3
        assert "points (weighed over" in advice.first.inner_text()
        page.screenshot(path=str(screenshots_dir / f"hint-{size}.png"), full_page=True)
        if size == "phone":
            phone_fits(page)
        before = shown(page)
        advice.first.locator("button").click()  # played, its decisions one after the other
        page.wait_for_function(
            "n => Number(document.querySelector('#table').dataset.n) > n", arg=before)
        expect(page.locator("#hint")).to_be_hidden()


def test_between_people_hints_wait_for_the_creator(chromium_browser, server):
    host = chromium_browser.new_context(viewport=DESKTOP)
    guest = chromium_browser.new_context(viewport=PHONE)
    try:
        first = host.new_page()
        sit_down(first, server.url, "crypto-90", ["human", "human"], {})
        first.wait_for_selector("#invites input")
        second = guest.new_page()
        second.goto(first.locator("#invites input").first.input_value())
        second.wait_for_selector("#table[data-turn]")
        my_turn(first)
        hint = first.get_by_role("button", name="Hint", exact=True)
        expect(hint).to_have_count(0)
        first.get_by_role("button", name="Turn hints on").click()
        hint.click()
        expect(first.locator("#hint li").first).to_contain_text("weighed over",
                                                                timeout=30_000)
        # The other page is told that a hint was asked, and nothing of it.
        expect(second.locator("#log li.aside")).to_have_text("north asked for a hint.")
        assert "weighed over" not in second.content()
        expect(second.get_by_role("button", name="Hint", exact=True)).to_have_count(0)
    finally:
        host.close()
        guest.close()


def test_a_finished_games_replay_draws_its_analysis(chromium_browser, server, screenshots_dir):
    # Two computers play a short chain game to its end; its replay is analysed for north.
    table, _ = created(server.url, "crypto-geographique-chaine", ["random", "random"],
                       {"players": "2", "rounds": "1"})
    for size, page in each_size(chromium_browser):
        page.goto(f"{server.url}/t/{table}")
        expect(page.locator("#table")).to_have_attribute("data-turn", "over", timeout=60_000)
        page.click("a[href^='/replay/']")
        page.select_option("#viewer", "0")
        page.click("#analyse")
        expect(page.locator("#graph svg polyline")).to_have_count(1, timeout=60_000)
        expect(page.locator("#analysed")).to_have_text("")
        page.screenshot(path=str(screenshots_dir / f"analysis-{size}.png"), full_page=True)
        if size == "phone":
            phone_fits(page)
        costly = page.locator("#costliest a")
        if costly.count():  # a costly turn steps the replay to where it began
            costly.first.click()
            expect(page.locator("#position")).not_to_have_text(re.compile("^step 0 of"))
