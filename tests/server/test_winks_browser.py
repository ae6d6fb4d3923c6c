"""Tiddlywinks in Debian's chromium, played with the mouse alone: a person plays a whole game
of Cabriole and of Tiddledy Winks against the shot planner, each shot a drag back from a
counter (a scripted hand that aims at the cup), and watches every flight; a shot made by the
gesture and the same shot typed in the notation give the same record; a shot can be aimed and
made from the keyboard, what is typed surviving a frame that draws the table again, and one the
rules refuse is one sentence. Screenshots mid-flight and at
the end go to ``build/screenshots/`` (look at them).

Short games (a low ``limit``), the planner at its quickest, flights played four times faster
than life (``?speed=4``), and no sleeping: each step waits for what the page shows — the
table's ``data-n`` and ``data-turn``, and the board's ``data-flying`` while a flight plays and
``data-moving`` while anything on it moves."""

from __future__ import annotations

import math
from collections.abc import Iterator

import httpx
import pytest
from playwright.sync_api import Page, expect

from tests.server.test_browser import DESKTOP, shown, sit_down

#: A full press is a drag this long (pixels of the screen, at any zoom), as the screen has it
#: (winks.js).
FULL_PULL = 160


@pytest.fixture
def page(chromium_browser) -> Iterator[Page]:
    """A desktop page; an error the page throws fails the test."""
    context = chromium_browser.new_context(viewport=DESKTOP)
    try:
        opened = context.new_page()
        errors: list[str] = []
        opened.on("pageerror", lambda error: errors.append(f"{error}\n{error.stack}"))
        yield opened
        assert not errors
    finally:
        context.close()


def faster(page: Page) -> None:
    """The table again, its flights played four times faster (the seat's key is in the
    browser's storage, out of the address)."""
    page.goto(f"{page.url.partition('?')[0]}?speed=4")
    page.wait_for_selector("#table[data-turn]")


def centre(page: Page, selector: str) -> tuple[float, float, float]:
    """The middle of what ``selector`` finds on the screen, and its width (pixels)."""
    box = page.locator(selector).first.bounding_box()
    assert box is not None
    return box["x"] + box["width"] / 2, box["y"] + box["height"] / 2, box["width"]


def shoot_at_the_cup(page: Page) -> None:
    """The scripted hand: the first lit counter, dragged straight back from the cup, the
    harder the farther it lies; the squidger held at 72°."""
    # Once the table has said who is there (0.2 s after the page joins), nothing draws the
    # table again before the shot: its counters stay where they are measured.
    page.wait_for_function("() => document.querySelector('.seats')?.textContent"
                           ".includes('(you): person, here')")
    page.locator("input[name=steep]").fill("72")
    # Scrolled in the page's own script, in one go: the table may be drawn again meanwhile (a
    # presence message), which would leave an element handle detached.
    page.evaluate("() => document.querySelector('svg.winks-top').scrollIntoView("
                  "{block: 'nearest'})")
    cx, cy, width = centre(page, "circle.w-cup")
    radius = page.evaluate("() => document.querySelector('circle.w-cup').r.baseVal.value")
    pixels = width / (2 * radius / 1000)  # per metre
    x, y, _ = centre(page, "g.w-lit .w-disc")
    distance = math.hypot(x - cx, y - cy) / pixels
    pressure = min(1.0, max(0.1, 0.5 * math.sqrt(distance / 0.415)))
    drag = pressure * FULL_PULL
    ux, uy = (x - cx) / math.hypot(x - cx, y - cy), (y - cy) / math.hypot(x - cx, y - cy)
    page.mouse.move(x, y)
    page.mouse.down()
    page.mouse.move(x + ux * drag / 2, y + uy * drag / 2, steps=4)
    page.mouse.move(x + ux * drag, y + uy * drag, steps=4)
    page.mouse.up()


def play_by_hand(page: Page, shots: dict[str, str]) -> str:
    """Shoot by gestures whenever it is the page's turn (pass when the rules say so) until the
    game is over; ``shots`` names the screenshots to take: ``flight`` mid-flight, ``end``."""
    for _ in range(200):
        # the flights over and the camera still (it glides to the next frame after a flight)
        page.wait_for_function(
            "() => document.querySelector('#table').dataset.turn !== 'sent' "
            "&& document.querySelector('#board').dataset.flying !== '1' "
            "&& document.querySelector('#board').dataset.moving !== '1'")
        turn = page.locator("#table").get_attribute("data-turn")
        if turn == "over":
            page.screenshot(path=shots["end"], full_page=True)
            return page.locator("#status").inner_text()
        if turn != "yours":
            number = shown(page)
            page.wait_for_function(
                "n => Number(document.querySelector('#table').dataset.n) > n", arg=number)
            continue
        number = shown(page)
        if page.locator("button", has_text="Pass").count():
            page.locator("button", has_text="Pass").first.click()
        else:
            shoot_at_the_cup(page)
        page.wait_for_function(
            "n => Number(document.querySelector('#table').dataset.n) > n "
            "|| !document.querySelector('#message').hidden", arg=number)
        assert page.locator("#message").is_hidden(), page.locator("#message").inner_text()
        if "flight" in shots and page.locator("#board").get_attribute("data-flying") == "1":
            page.screenshot(path=shots.pop("flight"), full_page=True)
    raise AssertionError("the game did not end")


@pytest.mark.parametrize(("game", "options"), [
    ("cabriole", {"hands": "steady", "limit": "8"}),
    ("tiddledy-winks", {"hands": "expert", "limit": "8", "variation": "II"}),
])
def test_a_person_plays_tiddlywinks_with_the_mouse_to_the_end(
    page, server, screenshots_dir, game, options
):
    sit_down(page, server.url, game, ["human", "easy"], options)
    faster(page)
    result = play_by_hand(page, {"flight": str(screenshots_dir / f"{game}-flight.png"),
                                 "end": str(screenshots_dir / f"{game}-end.png")})
    assert result.endswith(".")
    # the final account of the pool under the table
    expect(page.locator(".w-account li").first).to_be_visible()
    assert page.locator("#log li").count() >= 1


def test_a_gesture_and_its_notation_give_the_same_record(page, server):
    options = {"hands": "steady", "limit": "1"}
    sit_down(page, server.url, "cabriole", ["human", "easy"], options)
    shoot_at_the_cup(page)
    expect(page.locator("#table")).to_have_attribute("data-turn", "over")
    table = page.url.split("/t/")[1].split("#")[0]
    by_hand = httpx.get(f"{server.url}/t/{table}/record").json()
    shot = by_hand["moves"][0]
    assert shot.startswith("red ") and " aim " in shot  # written on the notation's grid

    sit_down(page, server.url, "cabriole", ["human", "easy"], options)
    page.locator("#moves input[name=move]").fill(shot)
    page.locator("#moves input[name=move]").press("Enter")
    expect(page.locator("#table")).to_have_attribute("data-turn", "over")
    table = page.url.split("/t/")[1].split("#")[0]
    typed = httpx.get(f"{server.url}/t/{table}/record").json()
    assert typed["moves"] == by_hand["moves"]




# Every sentence the page's message box says, kept: a refusal is seen said even where a later
# message clears the box before a test looks.
SAID = """
window.said = [];
new MutationObserver(() => {
  const box = document.querySelector("#message");
  if (box && box.textContent) window.said.push(box.textContent);
}).observe(document, { subtree: true, childList: true, characterData: true });
"""


def test_a_shot_by_the_keyboard_and_a_refused_one(page, server, chromium_browser):
    page.context.add_init_script(SAID)
    sit_down(page, server.url, "tiddledy-winks", ["human", "human"], {"limit": "2"})
    seats = page.locator("p.seats")
    expect(seats).to_contain_text("waiting for them")  # the table has said who is there
    page.locator("g.w-lit").nth(1).focus()
    page.keyboard.press("Enter")  # the counter chosen, its aim at the cup
    expect(page.locator("input[name=bearing]")).to_be_focused()
    page.locator("input[name=pressure]").fill("2")
    # A friend sits down between two keystrokes: the table is drawn again, the typing kept.
    friend = chromium_browser.new_context(viewport=DESKTOP)
    try:
        friend.new_page().goto(page.locator("#invites input").first.input_value())
        expect(seats).not_to_contain_text("waiting for them")
    finally:
        friend.close()
    expect(page.locator("input[name=pressure]")).to_be_focused()
    expect(page.locator("input[name=pressure]")).to_have_value("2")
    page.keyboard.press("Tab")
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
