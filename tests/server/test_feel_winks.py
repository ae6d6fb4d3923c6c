"""Tiddlywinks that feel like a table (issue 37), in Debian's chromium: the camera frames the
play with counters a finger can take (at least 24 pixels across, 44 to touch) and the seat's
counters to shoot on screen, zooms with its buttons and two fingers, and moves with a drag on
the cloth; a drag from one's counters never selects the page's text, with a mouse or a finger;
a shot's flight is the board's motion (it ends with ``settled``, Escape hurries it) and is not
played at all where motion is reduced; the last shot is told in words, its notation folded
beside them; and a scripted learner, with the mouse and the assist's preview alone, pots a
counter from the start line within ten shots.

Each step waits for what the page shows (the table's ``data-n`` and ``data-turn``, the board's
``data-moving`` and its ``settled`` event, ``data-aim``, ``data-preview-for``), never a sleep."""

from __future__ import annotations

import math
from collections.abc import Iterator
from typing import Any

import pytest
from playwright.sync_api import Page, expect

import ludotheque
from tests.server.test_browser import PHONE, shown, sit_down

DESKTOP = {"width": 1280, "height": 800}
STILL = ("() => document.querySelector('#board').dataset.moving !== '1' "
         "&& document.querySelector('#board').dataset.flying !== '1'")


@pytest.fixture
def errors() -> Iterator[list[str]]:
    """The errors the pages throw: none is allowed."""
    found: list[str] = []
    yield found
    assert not found


def new_page(browser: Any, errors: list[str], viewport: dict[str, int], **options: Any) -> Page:
    context = browser.new_context(viewport=viewport, **options)
    page = context.new_page()
    page.on("pageerror", lambda error: errors.append(f"{error}\n{error.stack}"))
    return page


def at_my_turn(page: Page) -> None:
    """Until it is the page's turn, the board still, and the table has said who is there (it
    is not drawn again under the hand)."""
    page.wait_for_selector("#table[data-turn='yours']", timeout=60_000)
    page.wait_for_function(STILL)
    page.wait_for_function("() => document.querySelector('.seats')?.textContent"
                           ".includes('(you): person, here')")


def boxes(page: Page, selector: str) -> list[dict[str, float]]:
    """The boxes on the screen of what ``selector`` finds on the board."""
    return page.evaluate("""s => [...document.querySelectorAll(s)].map(n => {
      const b = n.getBoundingClientRect();
      return { x: b.x, y: b.y, width: b.width, height: b.height };
    })""", selector)


def middle(box: dict[str, float]) -> tuple[float, float]:
    return box["x"] + box["width"] / 2, box["y"] + box["height"] / 2


def widths(page: Page) -> list[float]:
    """The widths of the counters in play on the screen."""
    return [b["width"] for b in boxes(page, "g.w-counter:is(.w-line, .w-cloth, .w-lake) .w-disc")]


# --- the camera ----------------------------------------------------------------------------

@pytest.mark.parametrize(("size", "viewport"), [("desktop", DESKTOP), ("phone", PHONE)])
def test_the_camera_frames_the_play_and_zooms(chromium_browser, server, errors, screenshots_dir,
                                              size, viewport):
    page = new_page(chromium_browser, errors, viewport, has_touch=size == "phone")
    try:
        sit_down(page, server.url, "cabriole", ["human", "random"], {})
        at_my_turn(page)
        # Every counter in play at least 24 pixels across, each lit one's touch area 44, and
        # the seat's counters to shoot inside the table's view and the window.
        assert min(widths(page)) >= 23.5, widths(page)
        view = boxes(page, "svg.winks-top")[0]
        lit = boxes(page, "g.w-lit")
        assert len(lit) == 4
        for box in lit:
            assert min(box["width"], box["height"]) >= 43.5, box
            x, y = middle(box)
            assert view["x"] <= x <= view["x"] + view["width"], (box, view)
            assert view["y"] <= y <= view["y"] + view["height"], (box, view)
            assert y + box["height"] / 2 <= viewport["height"], box
        # The buttons zoom by half again, both ways; "frame the play" comes back.
        framed = widths(page)[0]
        page.click("button[data-key='winks-in']")
        assert widths(page)[0] == pytest.approx(framed * 1.5, rel=0.02)
        page.click("button[data-key='winks-out']")
        page.click("button[data-key='winks-out']")
        assert widths(page)[0] == pytest.approx(framed / 1.5, rel=0.02)
        # A drag on the cloth moves the table with it.
        before = middle(boxes(page, "circle.w-cup")[0])
        x, y = view["x"] + view["width"] / 2, view["y"] + 80
        assert page.evaluate(
            "([x, y]) => !document.elementFromPoint(x, y).closest('g.w-counter')", [x, y])
        page.mouse.move(x, y)
        page.mouse.down()
        page.mouse.move(x + 30, y + 40, steps=5)
        page.mouse.up()
        after = middle(boxes(page, "circle.w-cup")[0])
        assert (after[0] - before[0], after[1] - before[1]) == (pytest.approx(30, abs=1),
                                                                pytest.approx(40, abs=1))
        page.click("button[data-key='winks-frame']")
        page.wait_for_function(STILL)
        assert widths(page)[0] == pytest.approx(framed, rel=0.02)
        page.screenshot(path=str(screenshots_dir / f"cabriole-camera-{size}.png"))
    finally:
        page.context.close()


# --- a drag selects no text ----------------------------------------------------------------

SELECTED = "() => getSelection().toString()"


def test_a_drag_from_ones_counters_selects_no_text(chromium_browser, server, errors):
    # With the mouse: from a counter across the page's words, then called off with Escape.
    page = new_page(chromium_browser, errors, DESKTOP)
    try:
        sit_down(page, server.url, "cabriole", ["human", "random"], {})
        at_my_turn(page)
        x, y = middle(boxes(page, "g.w-lit .w-disc")[0])
        words = middle(page.locator(".w-how").bounding_box())
        page.mouse.move(x, y)
        page.mouse.down()
        page.mouse.move(words[0], words[1], steps=10)
        page.mouse.move(1100, 300, steps=10)  # over the rules beside
        assert page.evaluate(SELECTED) == ""
        page.keyboard.press("Escape")
        page.mouse.up()
        assert page.evaluate(SELECTED) == ""
        assert page.locator("#table").get_attribute("data-turn") == "yours"  # nothing shot
    finally:
        page.context.close()
    # With a finger on a phone: a drag back from a counter shoots it, and selects nothing.
    page = new_page(chromium_browser, errors, PHONE, has_touch=True)
    try:
        sit_down(page, server.url, "cabriole", ["human", "random"], {})
        at_my_turn(page)
        x, y = middle(boxes(page, "g.w-lit .w-disc")[1])
        number = shown(page)
        touch = page.context.new_cdp_session(page)

        def fingers(kind: str, *at: tuple[float, float]) -> None:
            points = [{"x": a[0], "y": a[1], "id": k + 1} for k, a in enumerate(at)]
            touch.send("Input.dispatchTouchEvent", {"type": kind, "touchPoints": points})

        def finger(kind: str, at: tuple[float, float] | None) -> None:
            fingers(kind, *([at] if at else []))

        # Two fingers spread on the cloth magnify the table; "frame the play" comes back.
        framed = widths(page)[0]
        view = boxes(page, "svg.winks-top")[0]
        cx, cy = view["x"] + view["width"] / 2, view["y"] + view["height"] / 3
        fingers("touchStart", (cx - 20, cy), (cx + 20, cy))
        for k in range(1, 6):
            fingers("touchMove", (cx - 20 - 4 * k, cy), (cx + 20 + 4 * k, cy))
        fingers("touchEnd")
        assert widths(page)[0] == pytest.approx(framed * 2, rel=0.05)
        page.click("button[data-key='winks-frame']")
        page.wait_for_function(STILL)
        assert widths(page)[0] == pytest.approx(framed, rel=0.02)

        finger("touchStart", (x, y))
        for k in range(1, 11):
            finger("touchMove", (x + k, y + 8 * k))
        assert page.evaluate(SELECTED) == ""
        finger("touchEnd", None)
        page.wait_for_function("n => Number(document.querySelector('#table').dataset.n) > n",
                               arg=number)
        assert page.evaluate(SELECTED) == ""
    finally:
        page.context.close()


# --- motion --------------------------------------------------------------------------------

def shoot(page: Page, counter: int = 0, pull: tuple[float, float] = (2, 70)) -> None:
    """A drag back from the page's ``counter``-th lit counter, let go."""
    x, y = middle(boxes(page, "g.w-lit .w-disc")[counter])
    page.mouse.move(x, y)
    page.mouse.down()
    page.mouse.move(x + pull[0], y + pull[1], steps=6)
    page.mouse.up()


def test_a_flight_is_the_boards_motion_and_escape_hurries_it(chromium_browser, server, errors):
    page = new_page(chromium_browser, errors, DESKTOP)
    try:
        sit_down(page, server.url, "cabriole", ["human", "random"], {"hands": "steady"})
        at_my_turn(page)
        page.evaluate("""() => {
          const board = document.querySelector('#board');
          window.settledAt = [];
          board.addEventListener('settled', () => window.settledAt.push(
            [board.dataset.flying, document.querySelectorAll('#log li').length]));
        }""")
        number = shown(page)
        shoot(page)
        # The flight plays, then the board says it is still; the log tells the shot after.
        page.wait_for_function("n => Number(document.querySelector('#table').dataset.n) > n",
                               arg=number)
        expect(page.locator("#board")).to_have_attribute("data-flying", "1")
        page.wait_for_function("() => window.settledAt.some(([flying]) => flying === '0')")
        assert page.evaluate("() => window.settledAt")[0][1] == 0  # told after it landed
        expect(page.locator("#log li").first).to_be_visible()
        page.wait_for_function(STILL)
        # Watched again in slow motion (four times slower than life), Escape ends it at once.
        page.click("button[data-key='slowly']")
        expect(page.locator("#board")).to_have_attribute("data-flying", "1")
        # Every animation of the board under way is brought to its end by the key itself,
        # however loaded the machine (the page's others are not the flight's: the computer's
        # seat breathes while it thinks, without end); then the board comes to rest.
        page.evaluate("() => { window.underWay = document.querySelector('#board')"
                      ".getAnimations({subtree: true}); }")
        assert page.evaluate("() => window.underWay.length") > 0
        page.keyboard.press("Escape")
        assert page.evaluate("() => window.underWay.every((a) => a.playState === 'finished')")
        page.wait_for_function(STILL)
    finally:
        page.context.close()


def test_with_reduced_motion_a_flight_is_drawn_at_once(chromium_browser, server, errors):
    page = new_page(chromium_browser, errors, DESKTOP, reduced_motion="reduce")
    try:
        sit_down(page, server.url, "cabriole", ["human", "random"], {"hands": "steady"})
        at_my_turn(page)
        page.evaluate("""() => {
          window.moved = [];
          new MutationObserver(() => {
            const board = document.querySelector('#board');
            if (board.dataset.moving === '1' || board.dataset.flying === '1'
                || document.querySelector('.w-flying, .w-airborne')) window.moved.push(1);
          }).observe(document.querySelector('#board'), { attributes: true, subtree: true,
                                                         childList: true });
        }""")
        before = page.evaluate("() => document.querySelector('g.w-lit').getAttribute('transform')")
        name = page.locator("g.w-lit").first.get_attribute("data-counter")
        number = shown(page)
        shoot(page, pull=(1, 30))  # a soft shot: it stays on the cloth, short of the lake
        page.wait_for_function("n => Number(document.querySelector('#table').dataset.n) > n",
                               arg=number)
        # Where it landed, at once, and the log told; nothing moved, nothing to watch again.
        moved = page.locator(f"g.w-counter[data-counter='{name}']").get_attribute("transform")
        assert moved != before
        expect(page.locator("#log li").first).to_be_visible()
        assert page.evaluate("() => window.moved.length") == 0
        assert page.locator("button[data-key='again']").count() == 0
    finally:
        page.context.close()


# --- the words of the last shot ------------------------------------------------------------

# The screen module drawing one view on a bare board, as the table page would.
DRAW = """async ({ view }) => {
  const screen = await import('/static/games/cabriole.js');
  document.body.innerHTML = '<div id="table"><section class="play"><div id="board" '
    + 'class="board"></div></section></div>';
  screen.draw(document.getElementById('board'), view, { seat: 0, seatName: 'red', legal: [],
    yours: false, play: () => {}, over: false });
}"""


def test_the_last_shot_in_words_with_its_notation_folded(chromium_browser, server, errors):
    state = ludotheque.load_game("cabriole", hands="steady").new_initial_state()
    state.apply_action(state.string_to_action("red 2 aim cup pressure 0.30 steep 60"))
    view = state.observation(None)
    view["last"] = ["red 2 jumped 12 cm towards the cup and stopped 3 cm short of it"]
    view["written"] = ["red 2 aim 88.1 pressure 0.30 steep 60",
                       "the hand gave 88.3 0.31 61"]
    page = new_page(chromium_browser, errors, DESKTOP)
    try:
        page.goto(server.url + "/rules/cabriole")
        page.evaluate(DRAW, {"view": view})
        expect(page.locator(".w-last")).to_contain_text("Red 2 jumped 12 cm towards the cup")
        written = page.locator(".w-last details.w-written")
        expect(written.locator("code").first).to_be_hidden()  # folded
        written.locator("summary").click()
        expect(written.locator("code")).to_have_text(view["written"])
    finally:
        page.context.close()


# --- the scripted learner ------------------------------------------------------------------

def previewed(page: Page, x: float, y: float) -> tuple[str, tuple[float, float] | None]:
    """The pointer moved to (x, y) in a drag: once the preview of the aim it makes has come,
    where the shot counter would rest (its place) and its ghost's middle on the screen."""
    page.mouse.move(x, y)
    aim = page.evaluate("() => document.querySelector('#board').dataset.aim")
    assert aim, "the drag aims nothing"
    page.wait_for_function("a => document.querySelector('#board').dataset.previewFor === a",
                           arg=aim)
    place = page.evaluate("() => document.querySelector('#board').dataset.previewPlace")
    ghost = boxes(page, "g.w-ghost-shot")
    return place, middle(ghost[0]) if ghost else None


def learn_a_shot(page: Page) -> str:
    """A drag from the first lit counter straight back from the cup, its length found by
    halves with the preview (short of the cup: pull harder; beyond it: less) until the preview
    rests in the cup, then let go (or let go at the last aim if none does); the place the
    preview last showed."""
    cup = middle(boxes(page, "circle.w-cup")[0])
    x, y = middle(boxes(page, "g.w-lit .w-disc")[0])
    distance = math.hypot(x - cup[0], y - cup[1])
    ux, uy = (x - cup[0]) / distance, (y - cup[1]) / distance  # away from the cup
    page.mouse.move(x, y)
    page.mouse.down()
    short, long = 10.0, 160.0  # pixels of pull: a full press is 160
    place = ""
    while long - short > 0.25:
        pull = (short + long) / 2
        place, ghost = previewed(page, x + ux * pull, y + uy * pull)
        if place == "cup" or ghost is None:
            break
        # how far towards the cup the counter would go
        reached = (x - ghost[0]) * ux + (y - ghost[1]) * uy
        if reached < distance:
            short = pull
        else:
            long = pull
    page.mouse.up()
    return place


def test_a_scripted_learner_pots_a_counter_with_the_preview(chromium_browser, server, errors):
    page = new_page(chromium_browser, errors, DESKTOP)
    try:
        sit_down(page, server.url, "cabriole", ["human", "random"],
                 {"hands": "steady", "setting-assist": "true"})
        page.goto(f"{page.url.partition('?')[0]}?speed=4")  # the flights four times faster
        places = []
        for _ in range(10):
            at_my_turn(page)
            number = shown(page)
            places.append(learn_a_shot(page))
            page.wait_for_function(
                "n => Number(document.querySelector('#table').dataset.n) > n", arg=number)
            page.wait_for_function(STILL)
            if page.locator("g.w-counter.w-cup[data-counter^='red ']").count():
                break
        assert page.locator("g.w-counter.w-cup[data-counter^='red ']").count() >= 1, places
        assert places[-1] == "cup"
    finally:
        page.context.close()
