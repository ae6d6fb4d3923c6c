"""Everything to act on fits the screen (issue 37): for each rule set, at a desktop's
1280×800 and a phone's 390×844, once every seat is taken and it is the person's turn, the
status line, the board's clickable parts and the action buttons lie inside the window without
scrolling, each reachable (nothing drawn over its middle); and on the phone every clickable part
of the board offers a touch area of at least 44 pixels, at some zoom of the board."""

from __future__ import annotations

from typing import Any

import pytest
from playwright.sync_api import Page

from tests.server.test_browser import PHONE, sit_down

DESKTOP = {"width": 1280, "height": 800}
TOUCH = 44  # pixels: a finger's size (WCAG 2.5.5, Apple's and Google's guides)

# Each rule set with a person in the first seat and a quick computer in the others.
GAMES: dict[str, tuple[list[str], dict[str, str]]] = {
    "jacquet": (["human", "random"], {}),
    "dames-rabattues": (["human", "random"], {}),
    "crypto-90": (["human", "random"], {}),
    "crypto-geographique": (["human", "random"], {}),
    "crypto-geographique-chaine": (["human", "random"], {}),
    "cabriole": (["human", "random"], {}),
    "tiddledy-winks": (["human", "random"], {}),
}

# What a seat acts on: the board's buttons (its own parts made buttons, and its action
# buttons), the fields under it, and the list of moves; each measured where it is drawn.
MEASURE = """() => {
  const inside = [], outside = [];
  const parts = [document.querySelector("#status"),
    ...document.querySelectorAll("#board [role=button], #board button, #board input, " +
                                 "#board select, #moves button")];
  for (const node of parts) {
    const box = node.getBoundingClientRect();
    if (!box.width || !box.height || getComputedStyle(node).visibility === "hidden") continue;
    if (node.closest("details:not([open])")) continue;
    // A list of moves too long for its line scrolls sideways: its first is what must show.
    if (node.closest("#moves") && node !== document.querySelector("#moves button")) continue;
    const name = node.getAttribute("aria-label") || node.textContent.trim().slice(0, 40)
      || node.id || node.tagName;
    const x = (box.left + box.right) / 2, y = (box.top + box.bottom) / 2;
    const hit = document.elementFromPoint(x, y);
    const shown = box.left >= 0 && box.top >= 0 && box.right <= innerWidth + 0.5
      && box.bottom <= innerHeight + 0.5;
    const reached = hit && (hit === node || node.contains(hit));
    const covered = shown ? ", covered by " + (hit && hit.outerHTML.slice(0, 60)) : "";
    (shown && reached ? inside : outside).push(
      `${name} at (${Math.round(box.left)}, ${Math.round(box.top)})–(${Math.round(box.right)}, `
      + `${Math.round(box.bottom)})${covered}`);
  }
  return { inside, outside, scrolled: scrollY };
}"""

# The smallest of the board's clickable parts, each at its own size on the screen.
SMALLEST = """() => {
  const small = [];
  for (const node of document.querySelectorAll("#board [role=button], #board button")) {
    const box = node.getBoundingClientRect();
    if (!box.width || !box.height || node.closest("details:not([open])")) continue;
    if (Math.min(box.width, box.height) < TOUCH) {
      small.push(`${node.getAttribute("aria-label") || node.textContent.trim().slice(0, 40)}: `
        + `${Math.round(box.width)}×${Math.round(box.height)}`);
    }
  }
  return small;
}""".replace("TOUCH", str(TOUCH))


def seated(page: Page, url: str, game: str) -> None:
    """A table of ``game`` with every seat taken, at the person's turn, the board still."""
    seats, options = GAMES[game]
    sit_down(page, url, game, seats, options)
    page.wait_for_selector("#table[data-turn='yours']", timeout=60_000)
    # Its screen's style sheet come (the screen is laid out again then), and the board still.
    page.wait_for_function("() => [...document.querySelectorAll('link[rel=stylesheet]')]"
                           ".every((link) => link.sheet)")
    page.wait_for_function("() => document.querySelector('#board').dataset.moving !== '1'")


def measure(page: Page) -> dict[str, Any]:
    return page.evaluate(MEASURE)


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize(("size", "viewport"), [("desktop", DESKTOP), ("phone", PHONE)])
def test_what_a_seat_acts_on_fits_the_window(chromium_browser, server, game, size, viewport):
    context = chromium_browser.new_context(viewport=viewport, has_touch=size == "phone")
    try:
        page = context.new_page()
        seated(page, server.url, game)
        found = measure(page)
        assert found["scrolled"] == 0
        assert found["inside"], "nothing to act on was found"
        assert not found["outside"], "\n".join(found["outside"])
        if size == "phone":
            # Zoomed in as far as the board goes, each clickable part is a finger's size.
            for button in page.locator("#board .zoom-buttons button[data-key$='-in']").all():
                while button.is_enabled():
                    button.click()
            small = page.evaluate(SMALLEST)
            assert not small, "\n".join(small)
    finally:
        context.close()
