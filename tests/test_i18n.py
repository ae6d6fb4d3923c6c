"""The edition in French as in English: every sentence marked for translation has its French
in the catalog, and the pages are answered in the language their reader chose or asks for."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

from babel.messages.pofile import read_po

from tests.server.helpers import served

ROOT = Path(__file__).resolve().parents[1]
CATALOG = ROOT / "src" / "ludotheque" / "locale" / "fr" / "LC_MESSAGES" / "ludotheque.po"


def test_every_sentence_marked_has_its_french(tmp_path):
    template = tmp_path / "messages.pot"
    subprocess.run(
        [str(Path(sys.executable).with_name("pybabel")), "extract", "-F", "babel.cfg", "-o",
         str(template), "--no-location", "."],
        cwd=ROOT, check=True, capture_output=True, timeout=120)
    with template.open("rb") as file:
        wanted = {m.id for m in read_po(file) if m.id}
    with CATALOG.open("rb") as file:
        french = {m.id: m for m in read_po(file, locale="fr") if m.id}
    missing = sorted(str(i) for i in wanted if i not in french)
    untranslated = sorted(str(i) for i in wanted & set(french)
                          if not french[i].string or french[i].fuzzy)
    stale = sorted(str(i) for i in set(french) - wanted)
    assert not missing, f"not in the French catalog (pybabel update): {missing}"
    assert not untranslated, f"empty or fuzzy in the French catalog: {untranslated}"
    assert not stale, f"in the French catalog but no longer in the code: {stale}"


def test_a_page_is_answered_in_the_language_its_reader_asks_for(tmp_path):
    with served(f"sqlite:///{tmp_path / 'tables.sqlite'}") as client:
        french = client.get("/", headers={"accept-language": "fr-CH, fr;q=0.9, en;q=0.8"})
        assert '<html lang="fr">' in french.text and "Choisissez un jeu" in french.text
        english = client.get("/", headers={"accept-language": "de, en;q=0.5"})
        assert '<html lang="en">' in english.text and "Choose a game" in english.text
        # The switch on every page: remembered, and back on the page it was chosen on.
        switched = client.get("/language/fr?next=/rules/jacquet", follow_redirects=False)
        assert switched.status_code == 303 and switched.headers["location"] == "/rules/jacquet"
        assert client.get("/", headers={"accept-language": "en"}).text.count("Règles") >= 1
        client.cookies.clear()
        assert client.get("/language/fr?next=//evil.example",
                          follow_redirects=False).headers["location"] == "/"
        refused = client.get("/language/xx")
        assert refused.status_code == 404 and "&#39;xx&#39;" in refused.text


def translated() -> list[tuple[tuple[str, ...], tuple[str, ...]]]:
    """Each message the French catalog translates: its English forms (a plural's two) and its
    French ones."""
    with CATALOG.open("rb") as file:
        return [(m.id if isinstance(m.id, tuple) else (m.id,),
                 m.string if isinstance(m.string, tuple) else (m.string,))
                for m in read_po(file, locale="fr") if m.id and m.string]


def test_every_french_sentence_has_the_placeholders_of_its_english():
    """A {name} the French drops or adds would say the wrong thing, or fail when filled."""
    wrong = []
    for ids, strings in translated():
        wanted = set(re.findall(r"\{(\w*)", " ".join(ids))) - {"count"}
        for string in strings:
            if set(re.findall(r"\{(\w*)", string)) - {"count"} != wanted:
                wrong.append((ids[0], string))
    assert not wrong, wrong
