"""The tables' sounds (issue 37): off until the reader turns them on, then remembered by his
browser across pages; a sound is made only while they are on."""

from __future__ import annotations

from playwright.sync_api import expect

from tests.server.test_browser import sit_down

# Each sound the page makes opens (once) an AudioContext and starts a source: counted here.
COUNT = """
window.soundsMade = 0;
const Real = window.AudioContext;
window.AudioContext = class extends Real {
  createBufferSource() { window.soundsMade += 1; return super.createBufferSource(); }
};
"""


def test_sounds_are_off_until_turned_on_and_then_remembered(chromium_browser, server):
    context = chromium_browser.new_context()
    context.add_init_script(COUNT)
    try:
        page = context.new_page()
        sit_down(page, server.url, "dames-rabattues", ["human", "random"], {"limit": "6"})
        page.wait_for_selector("#table[data-turn='yours']")
        page.click("#moves button")
        page.wait_for_function("() => document.querySelector('#table').dataset.turn === 'yours'"
                               " && document.querySelector('#board').dataset.moving !== '1'")
        assert page.evaluate("window.soundsMade") == 0  # nothing before they are asked for
        page.get_by_role("button", name="Sounds on").click()
        page.reload()
        expect(page.get_by_role("button", name="Sounds off")).to_be_visible()
        page.wait_for_selector("#table[data-turn='yours']")
        page.click("#moves button")
        page.wait_for_function("() => window.soundsMade > 0")
    finally:
        context.close()
