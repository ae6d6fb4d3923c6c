"""Tables that feel like a table (issue 37), in Debian's chromium: Dames rabattues, whose every
move is forced, thrown to the end in one click, each throw played out on the board (the dice,
then the checkers knocked down or raised) before the next is thrown."""

from __future__ import annotations

from itertools import pairwise

from playwright.sync_api import expect

from tests.server.test_browser import PHONE, shown, sit_down

# Each move the page sends, with what its board was doing then: still moving, and how many
# times its motion had come to an end.
SENT = """
window.sent = [];
const Real = window.WebSocket;
window.WebSocket = class extends Real {
  send(data) {
    const message = JSON.parse(data);
    const board = document.getElementById("board");
    if (message.type === "move") {
      window.sent.push({ moving: board.dataset.moving === "1",
                         settled: Number(board.dataset.settled || 0) });
    }
    return super.send(data);
  }
};
"""


def test_dames_rabattues_is_thrown_to_the_end_in_one_click(chromium_browser, server):
    context = chromium_browser.new_context(viewport=PHONE)
    context.add_init_script(SENT)
    try:
        page = context.new_page()
        sit_down(page, server.url, "dames-rabattues", ["human", "random"], {"limit": "16"})
        # the motion four times faster (the seat's key is remembered across the visit)
        page.goto(f"{page.url.split('?')[0]}?speed=4")
        page.wait_for_selector("[data-key='auto']")
        page.click("[data-key='auto']")
        # Nothing more is clicked: the throws come one after the other to the end.
        expect(page.locator("#table")).to_have_attribute("data-turn", "over", timeout=60_000)
        assert shown(page) >= 16
        assert page.locator("[data-key='auto']").count() == 0  # no toggle once it is over
        sent = page.evaluate("() => window.sent")
        assert len(sent) >= 4, sent
        # each throw went once the board was still, the one before played out on it
        assert not any(throw["moving"] for throw in sent), sent
        assert all(later["settled"] > earlier["settled"]
                   for earlier, later in pairwise(sent)), sent
    finally:
        context.close()
