"""Tables that feel like a table (issue 37), Jacquet in Debian's chromium: a move is seen
happening, the dice tumbling first and then each checker sliding from point to point, the
computer's turn step by step; and where the reader asks for reduced motion, the board is drawn
at once, nothing moving. Each wait is for what the board says (its data-moving, its
data-settled count of the ends of its motion), never a sleep."""

from __future__ import annotations

from typing import Any

from playwright.sync_api import Page

from tests.server.test_browser import sit_down

# What moves on the board, looked at on every frame: for each checker animated, the places it
# has been seen at; the dice animated; and for the animations started together (one turn
# played on the board), the moments their checkers set off from one place to the next.
WATCH = """
window.motion = { frames: 0, animations: 0, most: 0, dice: 0, turns: {} };
const seen = new WeakMap(), read = new WeakSet();
const look = () => {
  const board = document.getElementById("board");
  const running = document.getAnimations();
  window.motion.animations = Math.max(window.motion.animations, running.length);
  if (board && board.dataset.moving === "1") {
    window.motion.frames += 1;
    for (const animation of running) {
      const target = animation.effect && animation.effect.target;
      if (!target || !target.closest) continue;
      if (target.closest(".tt-die")) window.motion.dice += 1;
      if (!target.closest(".tt-checker")) continue;
      const box = target.getBoundingClientRect();
      const places = seen.get(target) || new Set();
      places.add(`${Math.round(box.x)},${Math.round(box.y)}`);
      seen.set(target, places);
      window.motion.most = Math.max(window.motion.most, places.size);
      if (animation.startTime === null || read.has(animation)) continue;
      read.add(animation);
      const timing = animation.effect.getComputedTiming();
      const frames = animation.effect.getKeyframes();
      const turn = Math.round(animation.startTime);
      const starts = window.motion.turns[turn] || [];
      for (let k = 0; k + 1 < frames.length; k++) {
        if (frames[k].transform === frames[k + 1].transform) continue;
        const at = Math.round(timing.delay + frames[k].computedOffset * timing.duration);
        if (!starts.includes(at)) starts.push(at);
      }
      window.motion.turns[turn] = starts;
    }
  }
  requestAnimationFrame(look);
};
requestAnimationFrame(look);
"""

BOARD = "document.querySelector('#board')"


def seated(page: Page, url: str, speed: int | None = None) -> None:
    """A Jacquet table against a quick computer, at the person's turn (the page at ``speed``:
    the motion that many times faster)."""
    sit_down(page, url, "jacquet", ["human", "random"], {})
    if speed:
        page.goto(f"{page.url.split('?')[0]}?speed={speed}")  # the seat's key is remembered
    page.wait_for_selector("#table[data-turn='yours']", timeout=30_000)


def play_one(page: Page) -> dict[str, Any]:
    """Plays the first move offered, then waits for the board to be still at the person's
    next turn; returns the board's count of ends of motion before and after."""
    page.wait_for_function(f"() => {BOARD}.dataset.moving !== '1'")
    before = int(page.evaluate(f"() => {BOARD}.dataset.settled || 0"))
    number = int(page.locator("#table").get_attribute("data-n") or 0)
    page.click("#moves button")
    page.wait_for_function(
        "n => Number(document.querySelector('#table').dataset.n) > n "
        "&& document.querySelector('#table').dataset.turn !== 'sent'", arg=number)
    page.wait_for_selector("#table[data-turn='yours'], #table[data-turn='over']",
                           timeout=30_000)
    page.wait_for_function(f"() => {BOARD}.dataset.moving !== '1'")
    after = int(page.evaluate(f"() => {BOARD}.dataset.settled || 0"))
    return {"before": before, "after": after}


def test_the_dice_tumble_and_the_checkers_slide_step_by_step(
        chromium_browser, server):
    context = chromium_browser.new_context(viewport={"width": 1280, "height": 800})
    context.add_init_script(WATCH)
    try:
        page = context.new_page()
        seated(page, server.url, speed=3)
        for _ in range(2):
            counts = play_one(page)
            assert counts["after"] > counts["before"]  # the board moved, and settled
        motion = page.evaluate("() => window.motion")
        # a checker was seen at three places at least: where it stood, on its way, arrived
        assert motion["most"] >= 3, motion
        # the dice tumbled
        assert motion["dice"], motion
        # a turn of several steps was played one step after the other: in one turn shown,
        # checkers set off from one place to the next at different moments
        assert max(len(starts) for starts in motion["turns"].values()) >= 2, motion
        # once still, every checker is where the position says (no transform left on it)
        assert page.evaluate(
            "() => [...document.querySelectorAll('#board .tt-checker')]"
            ".every(c => !c.getAnimations().length)")
    finally:
        context.close()


def test_with_reduced_motion_the_board_is_drawn_at_once(chromium_browser, server):
    context = chromium_browser.new_context(viewport={"width": 1280, "height": 800},
                                           reduced_motion="reduce")
    context.add_init_script(WATCH)
    try:
        page = context.new_page()
        seated(page, server.url)
        for _ in range(2):
            counts = play_one(page)
            assert counts["after"] == counts["before"] == 0  # nothing to settle
            # what the last move did is shown at once, its arrow drawn in full
            assert page.evaluate(
                "() => [...document.querySelectorAll('#board .tt-last-move')]"
                ".every(a => getComputedStyle(a).opacity === '1')")
        motion = page.evaluate("() => window.motion")
        assert motion["frames"] == 0 and motion["animations"] == 0, motion
    finally:
        context.close()
