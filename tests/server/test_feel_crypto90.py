"""Crypto-90's cards move as on a table (issue 37), in Debian's chromium: a card drawn flies
from the stock to its taker's place and turns over; the computer's turn is played step by step
(a card goes to the place of the card taken, then on into the row, a pause between); with
reduced motion the board is drawn at once and nothing moves. Each waits for the board's own
signal (its ``settled`` count growing), never for a time."""

from __future__ import annotations

from typing import Any

from playwright.sync_api import Page

from tests.server.test_browser import my_turn, settled, sit_down

# Watches the board from the page's frames: whether it said it moved, how many animations ran
# meanwhile, where each card in the air (the layer the cards fly in) was seen, and the most legs
# one card's flight had (a leg: a change of place between two keyframes, a hold between).
WATCH = """() => {
  const board = document.querySelector("#board");
  const seen = window.seen = { moving: 0, animations: 0, legs: 0, places: {} };
  new MutationObserver(() => { if (board.dataset.moving === "1") seen.moving += 1; })
    .observe(board, { attributes: true, attributeFilter: ["data-moving"] });
  const look = () => {
    seen.animations = Math.max(seen.animations, document.getAnimations().length);
    if (board.dataset.moving === "1") {
      for (const node of board.querySelectorAll(".c90-air > *")) {
        const box = node.getBoundingClientRect();
        if (node.dataset.c) (seen.places[node.dataset.c] ||= []).push([box.x, box.y]);
        for (const animation of node.getAnimations()) {
          const places = animation.effect.getKeyframes().map((k) => k.transform).filter(Boolean);
          const legs = places.filter((p, i) => i && p !== places[i - 1]).length;
          seen.legs = Math.max(seen.legs, legs);
        }
      }
    }
    requestAnimationFrame(look);
  };
  look();
}"""


def finish_my_turn(page: Page) -> None:
    """After a card is taken: keep it in hand (or put it where a fakir is), hypnotise nobody,
    end the turn, each by a click on the board; done once it is the computer's turn, or a new
    turn of the person's (the computer may have played all of its own meanwhile)."""
    page.locator("#board [data-move='hand'], #board [data-move^='row ']").first.click()
    while True:
        page.wait_for_function("() => document.querySelector('#table').dataset.turn !== 'sent'")
        ended = page.locator("#board [data-move='pass'], #board [data-move='end']")
        if page.locator("#table").get_attribute("data-turn") != "yours" or not ended.count():
            return
        ended.first.click()


def seen(page: Page) -> dict[str, Any]:
    watched: dict[str, Any] = page.evaluate("window.seen")
    return watched


def test_a_card_drawn_flies_and_the_computer_plays_step_by_step(chromium_browser, server):
    context = chromium_browser.new_context(viewport={"width": 1280, "height": 800})
    try:
        page = context.new_page()
        sit_down(page, server.url, "crypto-90", ["human", "random"], {})
        my_turn(page)
        page.evaluate(WATCH)
        before = settled(page)
        page.click("#board [data-move='stock']")
        page.wait_for_function(
            "n => Number(document.querySelector('#board').dataset.settled || 0) > n", arg=before)
        watched = seen(page)
        assert watched["moving"] and watched["animations"], watched
        # Settled, the picture is the newest drawing alone: nothing left in the air, no card
        # unseen.
        assert page.locator("#board .c90-air > *, #board .c90-away").count() == 0
        # The card drawn travelled from the stock to the place of the card taken, face up.
        taken = page.locator("#board [aria-label^='the card you took']")
        key = taken.get_attribute("data-c")
        assert key and key.startswith("n:")
        first, box = watched["places"][key][0], taken.bounding_box()
        assert box and abs(first[0] - box["x"]) > 40, (first, box)
        stock = page.locator("#board [data-move='stock'], #board [data-c='back:stock']").first
        stock_box = stock.bounding_box()
        assert stock_box and abs(first[0] - stock_box["x"]) < abs(first[0] - box["x"])

        # The computer's turn: a card taken, then exchanged, one after the other.
        finish_my_turn(page)
        my_turn(page)
        assert seen(page)["legs"] >= 2, seen(page)
    finally:
        context.close()


def test_with_reduced_motion_the_board_is_drawn_at_once(chromium_browser, server):
    context = chromium_browser.new_context(viewport={"width": 390, "height": 844},
                                           reduced_motion="reduce", has_touch=True)
    try:
        page = context.new_page()
        sit_down(page, server.url, "crypto-90", ["human", "random"], {})
        my_turn(page)
        page.evaluate(WATCH)
        shown = int(page.locator("#table").get_attribute("data-n") or 0)
        page.click("#board [data-move='stock']")
        # As soon as the table has the card, the board shows it where it goes.
        page.wait_for_function(
            "n => Number(document.querySelector('#table').dataset.n) > n", arg=shown)
        assert page.locator("#board [aria-label^='the card you took'][data-c^='n:']").count() == 1
        finish_my_turn(page)
        my_turn(page)
        watched = seen(page)
        assert watched["moving"] == 0 and watched["animations"] == 0, watched
        assert page.locator("#board .c90-air > *").count() == 0
    finally:
        context.close()
