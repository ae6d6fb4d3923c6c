"""The pages, driven in Debian's chromium as people use them: two browsers play Jacquet
against each other to the end, and a person plays Dames rabattues and both Crypto
géographique games against the computer to the end. Every game screen is photographed, at a
desktop's size and a phone's, into ``build/screenshots/`` (look at them).

Short games, quick computer seats, and no sleeping: each step waits for what the page shows
(the table's ``data-n``, the last event it has shown, and ``data-turn``). The pages here play
faster than any person, so the server lets them send more messages a second."""

from __future__ import annotations

import random

import pytest
from playwright.sync_api import Page, expect

PHONE = {"width": 390, "height": 844}
DESKTOP = {"width": 1280, "height": 900}
#: A whole game is played as a reader who asked for reduced motion sees it, each move drawn at
#: once: the table's motion is the feel tests' to watch (test_feel_*), and watched move after
#: move it was three quarters of the longest tests' time (Jacquet's two browsers: 165 s, 53 s).
STILL = {"reduced_motion": "reduce"}


def sit_down(page: Page, url: str, game: str, seats: list[str],
             options: dict[str, str]) -> None:
    """Create a table through the lobby at ``url`` and its form, as a person does."""
    page.goto(url + "/")
    page.click(f"a[href='/new/{game}']")
    for name, value in options.items():
        field = page.locator(f"[name='{name}']")
        if not field.is_visible():  # among the other settings, folded
            page.click("details summary")
        if field.evaluate("e => e.tagName") == "SELECT":
            field.select_option(value)
        else:
            field.fill(value)
    for seat, kind in enumerate(seats):
        page.select_option(f"select[name='seat{seat}']", kind)
    page.click("button[type=submit]")
    page.wait_for_selector("#table[data-turn]")


def shown(page: Page) -> int:
    return int(page.locator("#table").get_attribute("data-n") or 0)


def settled(page: Page) -> int:
    """How many times the board's motion has come to rest (dom.js's animate())."""
    return int(page.locator("#board").get_attribute("data-settled") or 0)


def my_turn(page: Page) -> None:
    """Until it is the page's seat's turn and its board is still."""
    page.wait_for_selector("#table[data-turn='yours']", timeout=30_000)
    page.wait_for_function("() => document.querySelector('#board').dataset.moving !== '1'")


def play_to_the_end(pages: list[Page], rng: random.Random, shots: dict[str, Page],
                    limit: int = 2000, moves: int | None = None) -> str:
    """Each page plays a legal move (a button of its list) whenever the table says it is its
    turn, until the game is over; returns the result the first page shows (or, after
    ``moves`` moves of the pages, if given, an empty string, the game going on)."""
    for _ in range(limit):
        if moves is not None and moves <= 0:
            return ""
        number = max(shown(page) for page in pages)
        for page in pages:  # every page has caught up
            page.wait_for_function(
                "n => Number(document.querySelector('#table').dataset.n) >= n "
                "&& document.querySelector('#table').dataset.turn !== 'sent'", arg=number)
        turns = [page.locator("#table").get_attribute("data-turn") for page in pages]
        if "over" in turns:
            for page in pages:
                expect(page.locator("#table")).to_have_attribute("data-turn", "over")
            return pages[0].locator("#status").inner_text()
        if "yours" not in turns:  # the computer's move, on its way
            pages[0].wait_for_function(
                "n => Number(document.querySelector('#table').dataset.n) > n", arg=number)
            continue
        page = pages[turns.index("yours")]
        for name, when in list(shots.items()):
            if when is page:
                page.screenshot(path=name, full_page=True)
                del shots[name]
        buttons = page.locator("#moves button")
        buttons.nth(rng.randrange(buttons.count())).click()
        moves = None if moves is None else moves - 1
        # Until the move is shown, or refused (which would be a bug: only legal moves are
        # offered).
        page.wait_for_function(
            "n => Number(document.querySelector('#table').dataset.n) > n "
            "|| !document.querySelector('#message').hidden", arg=number)
        assert page.locator("#message").is_hidden(), page.locator("#message").inner_text()
    raise AssertionError("the game did not end")


def phone_fits(page: Page) -> None:
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]


# Crypto-90's is played through an HTTPS proxy (test_https.py).
@pytest.mark.parametrize(("game", "options"), [("jacquet", {})])
def test_two_browsers_play_a_whole_game_against_each_other(
    chromium_browser, server, screenshots_dir, game, options
):
    host = chromium_browser.new_context(viewport=DESKTOP, **STILL)
    guest = chromium_browser.new_context(viewport=PHONE, **STILL)
    try:
        first = host.new_page()
        sit_down(first, server.url, game, ["human", "human"], options)
        first.wait_for_selector("#invites input")
        link = first.locator("#invites input").first.input_value()
        assert "#key=" in link
        second = guest.new_page()
        second.goto(link)
        second.wait_for_selector("#table[data-turn]")
        shots = {str(screenshots_dir / f"{game}-desktop.png"): first,
                 str(screenshots_dir / f"{game}-phone.png"): second}
        result = play_to_the_end([first, second], random.Random(game), shots)
        assert result.endswith(".")
        phone_fits(second)
        first.screenshot(path=str(screenshots_dir / f"{game}-end.png"), full_page=True)
        assert second.locator("#status").inner_text() == result
    finally:
        host.close()
        guest.close()


#: How many moves the phone plays of a game whose whole round the desktop plays (about 150 of
#: the person's): its layout and moves are the same, a round at each size costs a minute.
PHONE_MOVES = {"crypto-geographique": 20}


@pytest.mark.parametrize(("game", "options"), [
    ("dames-rabattues", {}),
    ("crypto-geographique", {"points": "1"}),  # ends at the first points
    ("crypto-geographique-chaine", {"rounds": "1"}),
])
def test_a_person_plays_against_the_computer_to_the_end(
    chromium_browser, server, screenshots_dir, game, options
):
    for size, viewport in (("desktop", DESKTOP), ("phone", PHONE)):
        moves = PHONE_MOVES.get(game) if size == "phone" else None
        # A game cut to a few moves is watched as it moves; a whole game is played still.
        context = chromium_browser.new_context(viewport=viewport,
                                               **(STILL if moves is None else {}))
        try:
            page = context.new_page()
            errors: list[str] = []
            page.on("pageerror", lambda error, errors=errors: errors.append(
                f"{error}\n{error.stack}"))
            sit_down(page, server.url, game, ["human", "random"], options)
            shots = {str(screenshots_dir / f"{game}-{size}.png"): page}
            result = play_to_the_end([page], random.Random(game), shots, moves=moves)
            assert result.endswith(".") or (moves and result == "")
            page.screenshot(path=str(screenshots_dir / f"{game}-{size}-end.png"),
                            full_page=True)
            if size == "phone":
                phone_fits(page)
            assert not errors
        finally:
            context.close()
