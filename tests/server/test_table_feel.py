"""Tables that feel like a table (issue 37), in Debian's chromium: Dames rabattues, whose every
move is forced, thrown to the end in one click, each throw seen before the next."""

from __future__ import annotations

from playwright.sync_api import expect

from tests.server.test_browser import PHONE, shown, sit_down


def test_dames_rabattues_is_thrown_to_the_end_in_one_click(chromium_browser, server):
    context = chromium_browser.new_context(viewport=PHONE)
    try:
        page = context.new_page()
        sit_down(page, server.url, "dames-rabattues", ["human", "random"], {"limit": "16"})
        page.wait_for_selector("[data-key='auto']")
        page.click("[data-key='auto']")
        # Nothing more is clicked: the throws come one after the other to the end.
        expect(page.locator("#table")).to_have_attribute("data-turn", "over", timeout=60_000)
        assert shown(page) >= 16
        assert page.locator("[data-key='auto']").count() == 0  # no toggle once it is over
    finally:
        context.close()
