"""Crypto géographique's cards move as on a table (issue 37), in Debian's chromium, in both rule
sets: a card taken flies from the stock or the pile to the hand, a card laid flies from the
hand to its département, a card thrown flies to the pile; the computer's turn is played step
by step; a click (here Escape) hurries it to its end; with reduced motion the board is drawn at
once and nothing moves. Each waits for the board's own signal (its ``settled`` count growing),
never for a time. And what moves, as each screen plans it from two views of a random game,
never shows a card its seat has not seen (an opponent's card drawn unseen flies face down), and
plays a turn of several moves in steps."""

from __future__ import annotations

from typing import Any

import pytest
from playwright.sync_api import Page, expect

from ludotheque.core.registry import load_game
from tests.server.test_browser import my_turn, settled, sit_down
from tests.server.test_screens import moments

SHORT = {"crypto-geographique": {"points": "100"}, "crypto-geographique-chaine": {"rounds": "1"}}

# Watches the page from its frames: whether the board said it moved, and each card in the air
# (a "ghost", crypto-geo.js's fly()) as it was put in the page: the board's data-moving then,
# whether it was animated from another place, and when it leaves (its delay counted).
WATCH = """() => {
  const board = document.querySelector("#board");
  const seen = window.seen = { moving: 0, ghosts: [] };
  new MutationObserver(() => { if (board.dataset.moving === "1") seen.moving += 1; })
    .observe(board, { attributes: true, attributeFilter: ["data-moving"] });
  new MutationObserver((records) => {
    for (const record of records) {
      for (const node of record.addedNodes) {
        if (!node.classList || !node.classList.contains("cg-ghost")) continue;
        const [animation] = node.getAnimations();
        const first = animation ? animation.effect.getKeyframes()[0].transform : "none";
        seen.ghosts.push({ moving: board.dataset.moving, travels: first !== "none",
          leaves: performance.now() + (animation ? animation.effect.getTiming().delay : 0) });
      }
    }
  }).observe(document.body, { childList: true });
}"""


def ready(page: Page) -> None:
    """The person's turn, the board still, drawn again once its style sheet came (a first
    drawing is laid out unstyled: a click before the second would miss where it aimed), and
    once the table has said who is there (a frame that draws the board again)."""
    page.wait_for_function("() => document.querySelector("
                           "'link[href=\"/static/games/crypto-geo.css\"]')?.dataset.loaded === '1'")
    expect(page.locator("p.seats")).to_contain_text(", here")
    my_turn(page)


def seen(page: Page) -> dict[str, Any]:
    """What was seen since the last call."""
    return page.evaluate("""() => {
      const found = JSON.parse(JSON.stringify(window.seen));
      window.seen.ghosts.length = 0;
      return found;
    }""")


@pytest.mark.parametrize("game", SHORT)
def test_a_card_played_flies_where_it_goes(chromium_browser, server, game):
    context = chromium_browser.new_context(viewport={"width": 1280, "height": 800})
    try:
        page = context.new_page()
        sit_down(page, server.url, game, ["human", "random"], SHORT[game])
        ready(page)
        page.evaluate(WATCH)
        before = settled(page)
        # The first card one may play, clicked where it is drawn (in the hand or the heaps).
        page.locator("#board .cg-side [role=button]").first.click()
        page.wait_for_function(
            "n => Number(document.querySelector('#board').dataset.settled || 0) > n", arg=before)
        watched = seen(page)
        assert watched["moving"], watched
        # A card travelled (from the stock or the pile to the hand, or from the hand to the
        # map), animated while the board said it moved, and is gone once it landed.
        assert any(g["travels"] and g["moving"] == "1" for g in watched["ghosts"]), watched
        page.wait_for_function("() => document.querySelector('#board').dataset.moving !== '1'")
        assert page.locator(".cg-ghost").count() == 0
    finally:
        context.close()


def test_the_computers_turn_is_played_step_by_step(chromium_browser, server):
    """Its card taken (from the pile, or face down from the stock), then its card thrown: the
    second leaves once the first has landed, though both come at once."""
    context = chromium_browser.new_context(viewport={"width": 1280, "height": 800})
    try:
        page = context.new_page()
        sit_down(page, server.url, "crypto-geographique", ["human", "random"],
                 SHORT["crypto-geographique"])
        ready(page)
        page.locator("#board [data-key='stock']").click()
        ready(page)
        page.evaluate(WATCH)
        shown = int(page.locator("#table").get_attribute("data-n") or 0)
        page.locator("#board [data-key^='card-'][role=button]").first.click()
        # Yours thrown, then its card taken (and drawn, from the stock) and its card thrown.
        page.wait_for_function(
            "n => Number(document.querySelector('#table').dataset.n) >= n + 3", arg=shown)
        ready(page)
        leaving = sorted(g["leaves"] for g in seen(page)["ghosts"])
        # Yours to the pile, its card taken, its card thrown: three flights, a step apart.
        assert len(leaving) >= 3 and leaving[-1] - leaving[0] >= 2 * 400, leaving
    finally:
        context.close()


def test_escape_hurries_the_cards_to_where_they_go(chromium_browser, server):
    context = chromium_browser.new_context(viewport={"width": 390, "height": 844}, has_touch=True)
    try:
        page = context.new_page()
        sit_down(page, server.url, "crypto-geographique", ["human", "random"],
                 SHORT["crypto-geographique"])
        ready(page)
        page.locator("#board [data-key='stock']").click()
        page.wait_for_function("() => document.querySelector('#board').dataset.moving === '1'")
        still = page.evaluate("""async () => {
          document.dispatchEvent(new KeyboardEvent("keydown", { key: "Escape", bubbles: true }));
          await new Promise((resolve) => setTimeout(resolve, 0));
          return { moving: document.querySelector("#board").dataset.moving,
                   ghosts: document.querySelectorAll(".cg-ghost").length };
        }""")
        assert still == {"moving": "0", "ghosts": 0}
    finally:
        context.close()


def test_with_reduced_motion_the_board_is_drawn_at_once(chromium_browser, server):
    context = chromium_browser.new_context(viewport={"width": 390, "height": 844},
                                           reduced_motion="reduce", has_touch=True)
    try:
        page = context.new_page()
        sit_down(page, server.url, "crypto-geographique", ["human", "random"],
                 SHORT["crypto-geographique"])
        ready(page)
        page.evaluate(WATCH)
        shown = int(page.locator("#table").get_attribute("data-n") or 0)
        page.locator("#board [data-key='stock']").click()
        # As soon as the table has the card, the hand holds it, in sight.
        page.wait_for_function(
            "n => Number(document.querySelector('#table').dataset.n) > n "
            "&& document.querySelectorAll('#board [data-key^=\"card-\"]').length === 8", arg=shown)
        assert page.evaluate("() => document.getAnimations().length") == 0
        page.locator("#board [data-key^='card-'][role=button]").first.click()
        ready(page)
        watched = seen(page)
        assert watched["moving"] == 0 and watched["ghosts"] == [], watched
    finally:
        context.close()


# Every change between two views a seat is shown in a game, as its screen plans it: a card
# that flies face up is one the seat has seen (his hand, the pile, the cards laid, a fakir), and
# the moves of a turn (a card taken then thrown; cards laid one after another) leave in steps.
PLANS = """async ({ module, pairs }) => {
  const { plan } = await import(module);
  return pairs.map(([a, b]) => plan(a, b));
}"""


def in_steps(game: str, a: dict[str, Any], b: dict[str, Any], flights: list[dict[str, Any]]
             ) -> bool:
    """Whether the flights from a to b leave a step apart, one move after another."""
    steps = [flight["step"] for flight in flights]
    if game == "crypto-geographique-chaine":
        # One flight for each entry of the round's log since a, in its order.
        return steps == list(range(len(b["log"]) - len(a["log"])))
    # A card taken (step 0, or a fraction of one for each card drawn), then one thrown.
    return min(steps) < 1 <= max(steps)


@pytest.mark.parametrize("game", SHORT)
def test_what_moves_shows_no_unseen_card_and_a_turn_in_steps(chromium_browser, server, game):
    rule_set = load_game(game, **{k: int(v) for k, v in SHORT[game].items()})
    views = [state.observation(0) for state in moments(rule_set, seed=3)]
    # Each moment and the next, and each and the one three later (a turn of several moves).
    pairs = [(a, b) for span in (1, 3) for a, b in zip(views, views[span:], strict=False)
             if a != b]
    context = chromium_browser.new_context()
    try:
        page = context.new_page()
        page.goto(server.url + f"/rules/{game}")
        plans = page.evaluate(PLANS, {"module": f"/static/games/{game}.js", "pairs": pairs})
    finally:
        context.close()
    backs = turns = 0
    for (a, b), flights in zip(pairs, plans, strict=True):
        public = {*a["hand"], *b["hand"], *a.get("pile", []), *b.get("pile", []),
                  *a.get("laid", []), *b.get("laid", []), "F"}
        for flight in flights:
            backs += flight["face"] is None
            assert flight["face"] is None or flight["face"] in public, (flight, a, b)
        if game == "crypto-geographique-chaine":
            turn = a["laid"] and b["laid"][: len(a["laid"])] == a["laid"] \
                and a["rounds"] == b["rounds"] and len(b["log"]) - len(a["log"]) >= 2
        else:
            turn = a["phase"] == b["phase"] == "take" and a["to_move"] != b["to_move"] \
                and a["last_round"] == b["last_round"] and a["to_move"] != a["seat"]
        if turn:
            turns += 1
            assert in_steps(game, a, b, flights), (flights, a, b)
    assert backs and turns  # some cards flew face down; some turns were seen in steps
