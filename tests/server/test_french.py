"""The edition in French, as a French reader's chromium shows it (issue 36): no sentence of the
catalog is left in English on its pages.

What is compared is each whole text node (and each label a person reads: ``title``,
``aria-label``, ``placeholder``, a button's ``value``) against the catalog's English messages
whose French differs, a ``{placeholder}`` standing for anything; the historians' rules doc,
written in English and marked ``lang="en"``, is not read. The pages are those of a French
browser (``Accept-Language: fr``): the lobby, each rule set's form and rules, and each game's
screen drawing views of a random game built in French at sampled moments, at a desktop's size
and a phone's; and one whole game of Jacquet, played in French to its end against the
computer."""

from __future__ import annotations

import random
import re
from functools import cache

import pytest
from playwright.sync_api import Page

from ludotheque.core.i18n import reading
from ludotheque.server.pages import seated
from tests.server.test_browser import DESKTOP, PHONE, STILL, play_to_the_end, sit_down
from tests.server.test_screens import collect
from tests.test_i18n import translated

SIZES = {"desktop": DESKTOP, "phone": PHONE}
#: Moments drawn of each rule set's random games, at each size.
SAMPLED = 12

# Every text a person reads on the page: text nodes (not in scripts, styles, notation, the
# sources' quotations and citations, or an element marked as written in another language than
# the page's) and the labels of elements.
READ = """root => {
  const NOT_READ = "script, style, code, cite, blockquote.quote";
  const lang = document.documentElement.lang;
  const foreign = (node) => {
    const marked = node.parentElement && node.parentElement.closest("[lang]");
    return marked && marked.lang !== lang;
  };
  const texts = [];
  const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    // Notation (`end`, `hand`) is written the same in every language, as code; a source is
    // quoted and cited in its own words.
    if (!node.parentElement || node.parentElement.closest(NOT_READ) || foreign(node)) continue;
    texts.push(node.textContent);
  }
  const labelled = "[title], [aria-label], [placeholder], input[type=button], input[type=submit]";
  for (const element of root.querySelectorAll(labelled)) {
    if (foreign(element.firstChild || element)) continue;
    for (const name of ["title", "aria-label", "placeholder", "value"]) {
      if (element.hasAttribute(name) && (name !== "value" || element.type === "button"
                                         || element.type === "submit")) {
        texts.push(element.getAttribute(name));
      }
    }
  }
  return texts.map((t) => t.replace(/\\s+/g, " ").trim()).filter((t) => t);
}"""


@cache
def english() -> re.Pattern[str]:
    """Any of the catalog's English messages whose French is another sentence, whole (a
    placeholder stands for words, not for sentences)."""
    forms = []
    for ids, strings in translated():
        for english_form in ids:
            if english_form in strings:  # the same in both languages
                continue
            # A placeholder (Python's {name}, Jinja2's %(name)s) stands for any text.
            parts = re.split(r"\{\w*\}|%\(\w+\)s", english_form.strip())
            if set(re.findall(r"[A-Za-z]{2,}", "".join(parts))) <= {"and", "or"}:
                continue  # "{seat}: {kind}", "{some} and {last}": a list, not a sentence
            forms.append("[^.!?]+".join(re.escape(part) for part in parts))
    return re.compile("|".join(f"(?:{form})" for form in sorted(forms, key=len, reverse=True)))


def left_in_english(page: Page, root: str = "body") -> list[str]:
    texts = page.evaluate(f"() => ({READ})(document.querySelector({root!r}))")
    return sorted({text for text in texts if english().fullmatch(text)})


def french(chromium_browser, size: str, **settings):
    return chromium_browser.new_context(viewport=SIZES[size], locale="fr-FR", **settings)


@pytest.mark.parametrize("size", SIZES)
def test_the_lobby_forms_and_rules_pages_are_french(chromium_browser, server, size):
    context = french(chromium_browser, size)
    try:
        page = context.new_page()
        paths = ["/", *(f"/new/{m.id}" for m in seated()), *(f"/rules/{m.id}" for m in seated())]
        for path in paths:
            page.goto(server.url + path)
            assert page.evaluate("document.documentElement.lang") == "fr", path
            assert left_in_english(page) == [], path
    finally:
        context.close()


# Draws the items on a board of the page's, one after the other, and returns what a person
# reads on the board after each.
DRAW = """async ({ module, items }) => {
  const screen = await import(module);
  const read = (READ);
  const found = [];
  for (const { view, ctx, turn, n } of items) {
    document.body.innerHTML = '<div id="table" class="table-layout"><section class="play">'
      + '<div id="board" class="board"></div></section></div>';
    const table = document.getElementById("table");
    table.dataset.n = String(n);
    table.dataset.turn = turn;
    const board = document.getElementById("board");
    screen.draw(board, view, { ...ctx, play: () => {} });
    found.push(read(board));
  }
  return found;
}""".replace("READ", READ)


@pytest.mark.parametrize("game", [m.id for m in seated()])
def test_each_screen_draws_its_views_in_french(chromium_browser, server, game):
    with reading("fr"):
        items = collect(game)
    rng = random.Random(game)
    sample = [{key: item[key] for key in ("view", "ctx", "turn", "n")}
              for item in rng.sample(items, min(SAMPLED, len(items)))]
    for size in SIZES:
        context = french(chromium_browser, size)
        try:
            page = context.new_page()
            page.goto(server.url + "/")  # a French page: its scripts carry the French
            drawn = page.evaluate(DRAW, {"module": f"/static/games/{game}.js", "items": sample})
            left = sorted({text for texts in drawn for text in texts
                           if english().fullmatch(text)})
            assert left == [], (game, size)
        finally:
            context.close()


def test_a_whole_game_in_french_against_the_computer(chromium_browser, server,
                                                     screenshots_dir):
    for size in ("phone",):  # the desktop's is drawn above; a whole game costs a minute
        context = french(chromium_browser, size, **STILL)
        try:
            page = context.new_page()
            errors: list[str] = []
            page.on("pageerror", lambda error, errors=errors: errors.append(str(error)))
            sit_down(page, server.url, "jacquet", ["human", "random"], {})
            shots = {str(screenshots_dir / f"french-{size}.png"): page}
            result = play_to_the_end([page], random.Random(size), shots)
            assert result.endswith("."), result
            page.screenshot(path=str(screenshots_dir / f"french-{size}-end.png"),
                            full_page=True)
            assert left_in_english(page) == []
            assert not errors
        finally:
            context.close()
