"""Every word a person reads on the pages comes from the catalog (issue 36): a server whose
every sentence is marked ⟦…⟧ (the pseudo-locale, ``LUDOTHEQUE_PSEUDO``), its pages' scripts'
too, shows in chromium no word outside the marks but the notation's (moves, cards, places,
seats), the games' titles, the languages' own names, and what the page marks as another's
words: the sources' quotations and citations, code."""

from __future__ import annotations

import random

import pytest
from playwright.sync_api import Page

from ludotheque.core.i18n import NAMES, PSEUDO_VARIABLE
from ludotheque.core.registry import manifests
from ludotheque.server.pages import seated
from tests.server.helpers import LiveServer
from tests.server.test_browser import DESKTOP, shown, sit_down
from tests.server.test_french import READ
from tests.test_pseudo import MARKED, WORDS, notation

#: Options that keep each game short.
SHORT = {"crypto-geographique": {"points": "100"}, "crypto-geographique-chaine": {"rounds": "1"},
         "crypto-90": {"goal": "rounds", "rounds": "1"}}
#: Moves played on each table, the page read after each.
MOVES = 8
#: Words every page may show as they are: the edition's name, the languages' own names, the
#: games' titles.
EVERYWHERE = {w.lower() for text in ["Ludothèque", *NAMES.values(),
                                     *(m.info.title for m in manifests())]
              for w in WORDS.findall(text)}


@pytest.fixture(scope="module")
def marked_server(tmp_path_factory):
    folder = tmp_path_factory.mktemp("pseudo")
    live = LiveServer(f"sqlite:///{folder / 'tables.sqlite'}", folder / "server.log",
                      "--seed", "3", "--messages-per-second", "1000",
                      environment={PSEUDO_VARIABLE: "1"})
    yield live
    live.kill()


def unmarked(page: Page, game: str | None) -> list[str]:
    """The words the page shows outside the marks that neither the notation of ``game`` nor
    :data:`EVERYWHERE` writes, each with what surrounds it."""
    bare = "\n".join(page.evaluate(f"() => ({READ})(document.body)"))
    while (stripped := MARKED.sub(" ", bare)) != bare:
        bare = stripped
    allowed = EVERYWHERE | (notation(game) if game else set())
    table = page.evaluate("document.querySelector('#table')?.dataset.table || ''")
    return [f"{word.group()!r} in {bare[max(0, word.start() - 30):word.end() + 30]!r}"
            for word in WORDS.finditer(bare)
            if word.group().lower() not in allowed and word.group() != table]


def test_the_lobby_says_only_what_the_catalog_gives(chromium_browser, marked_server):
    context = chromium_browser.new_context(viewport=DESKTOP)
    try:
        page = context.new_page()
        page.goto(marked_server.url + "/")
        assert unmarked(page, None) == []
    finally:
        context.close()


@pytest.mark.parametrize("game", [m.id for m in seated()])
def test_a_table_says_only_what_the_catalog_gives(chromium_browser, marked_server, game):
    context = chromium_browser.new_context(viewport=DESKTOP)
    try:
        page = context.new_page()
        errors: list[str] = []
        page.on("pageerror", lambda error: errors.append(str(error)))
        page.goto(f"{marked_server.url}/new/{game}")
        assert unmarked(page, game) == [], "the form"
        page.goto(f"{marked_server.url}/rules/{game}")
        assert unmarked(page, game) == [], "the rules"
        sit_down(page, marked_server.url, game, ["human", "random"], SHORT.get(game, {}))
        rng = random.Random(game)
        for _ in range(MOVES):
            number = shown(page)
            turn = page.locator("#table").get_attribute("data-turn")
            assert unmarked(page, game) == [], f"after event {number}"
            if turn == "over" or (turn == "yours" and not page.locator("#moves > button").count()):
                break  # over, or a shot to aim (the table is read as it waits for it)
            if turn != "yours":
                page.wait_for_function(
                    "n => Number(document.querySelector('#table').dataset.n) > n", arg=number)
                continue
            moves = page.locator("#moves > button")
            moves.nth(rng.randrange(moves.count())).click()
            # Until the move is shown and acknowledged (a turn of several moves stays the
            # page's, with no other event to wait for), or refused.
            page.wait_for_function(
                "n => Number(document.querySelector('#table').dataset.n) > n "
                "&& document.querySelector('#table').dataset.turn !== 'sent' "
                "|| !document.querySelector('#message').hidden", arg=number)
        assert not errors
    finally:
        context.close()
