"""A tiddlywinks shot played from the keyboard, and one the rules refuse, in Debian's chromium.

On a server of its own: run after this project's other tiddlywinks pages on one server, the
refusal was never said (seen 2026-11-26, cause not yet found; see issue 37's note)."""

from __future__ import annotations

from playwright.sync_api import expect

from tests.server.test_browser import shown, sit_down
from tests.server.test_winks_browser import page  # noqa: F401  (the desktop page fixture)

# Every sentence the page's message box says, kept: a refusal is seen said even where a later
# message clears the box before a test looks.
SAID = """
window.said = [];
new MutationObserver(() => {
  const box = document.querySelector("#message");
  if (box && box.textContent) window.said.push(box.textContent);
}).observe(document, { subtree: true, childList: true, characterData: true });
"""


def test_a_shot_by_the_keyboard_and_a_refused_one(page, server):  # noqa: F811
    page.context.add_init_script(SAID)
    sit_down(page, server.url, "tiddledy-winks", ["human", "easy"], {"limit": "2"})
    page.locator("g.w-lit").nth(1).focus()
    page.keyboard.press("Enter")  # the counter chosen, its aim at the cup
    expect(page.locator("input[name=bearing]")).to_be_focused()
    page.locator("input[name=pressure]").fill("2")
    page.keyboard.press("Tab")  # drawn again: the keyboard stays where it was
    expect(page.locator("button[type=submit]", has_text="Shoot")).to_be_focused()
    page.locator("input[name=pressure]").press("Enter")
    page.wait_for_function(
        "() => window.said.some((sentence) => sentence.includes('Pressure runs from 0.01'))")
    assert shown(page) == 0
    page.locator("g.w-lit").nth(1).click()  # a click, not a drag, chooses it too
    page.locator("input[name=pressure]").fill("0.45")
    page.locator("input[name=pressure]").press("Enter")
    page.wait_for_function("() => Number(document.querySelector('#table').dataset.n) > 0")
    # The refusal is cleared by the shot's acknowledgement, which may follow its update.
    expect(page.locator("#message")).to_be_hidden()
