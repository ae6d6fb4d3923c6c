"""Languages (les langues): which one a person reads, and the catalogs that say each sentence
in it.

Every sentence a person reads is written in English where it is made, marked for
translation (:func:`_`, :func:`ngettext`) as one whole sentence with named placeholders, and
told in the reader's language from the gettext catalog
``ludotheque/locale/<language>/LC_MESSAGES/ludotheque.po``, which Babel extracts and checks
(``pybabel extract -F babel.cfg``). A catalog is read from its ``.po`` the first time it is
needed: there is no compiled file to keep in step with it.

The language is the reader's, not the process's: it is held for the task at hand
(:func:`reading`: a request, a seat's message, a terminal session), and ``setlocale`` is never
called (the French locale may not be installed on the machine).

>>> with reading("fr"):
...     _("Choose a game")
'Choisissez un jeu'
>>> _("Choose a game")
'Choose a game'
>>> chosen(accept="fr-CH, fr;q=0.9, en;q=0.8", cookie=None), chosen("fr", cookie="en")
('fr', 'en')
"""

from __future__ import annotations

import os
from collections.abc import Callable, Iterator, Mapping
from contextlib import contextmanager
from contextvars import ContextVar
from functools import cache
from gettext import GNUTranslations, NullTranslations
from importlib import resources
from io import BytesIO
from typing import Any

from babel import Locale, UnknownLocaleError
from babel.messages.catalog import Catalog
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po
from babel.numbers import format_decimal

from ludotheque.core.errors import LudothequeError

#: The languages the edition is read in; the first is the one its sentences are written in.
LANGUAGES = ("en", "fr")
#: Each language's name, as its readers write it (the switch on every page).
NAMES = {"en": "English", "fr": "Français"}

_language: ContextVar[str] = ContextVar("language", default=LANGUAGES[0])

#: The pseudo-locale's marks: with them, every sentence told from the catalog is shown between
#: them, so that a test sees at once any text a person reads that the catalog did not give.
PSEUDO = ("⟦", "⟧")
#: Set (to anything) in a process's environment, every sentence it tells is marked so.
PSEUDO_VARIABLE = "LUDOTHEQUE_PSEUDO"
_pseudo: ContextVar[bool] = ContextVar("pseudo", default=bool(os.environ.get(PSEUDO_VARIABLE)))


@contextmanager
def pseudo() -> Iterator[None]:
    """Within the block, every sentence told is marked (:data:`PSEUDO`), in whatever language.

    >>> with pseudo():
    ...     _("{seat} wins.", seat=_("white"))
    '⟦⟦white⟧ wins.⟧'
    """
    with _held(_pseudo, True):
        yield


@contextmanager
def _held(variable: ContextVar[Any], value: Any) -> Iterator[None]:
    token = variable.set(value)
    try:
        yield
    finally:
        variable.reset(token)


def marked(said: str) -> str:
    """``said`` as the reader is told it: between the pseudo-locale's marks where they are
    on (a sentence from the catalog, or a doc written in his language), else as it is."""
    return f"{PSEUDO[0]}{said}{PSEUDO[1]}" if _pseudo.get() else said


@cache
def catalog(language: str) -> Catalog:
    """The catalog of ``language`` (not the one the sentences are written in), as its
    ``.po`` has it."""
    path = resources.files("ludotheque") / "locale" / language / "LC_MESSAGES" / \
        "ludotheque.po"
    with path.open("rb") as file:
        return read_po(file, locale=language)


@cache
def translations(language: str) -> NullTranslations:
    """The translations of ``language``; none for the language the sentences are written
    in. A fuzzy or empty entry is not used: the English is said."""
    if language == LANGUAGES[0]:
        return NullTranslations()
    compiled = BytesIO()
    write_mo(compiled, catalog(language), use_fuzzy=False)
    compiled.seek(0)
    return GNUTranslations(compiled)


def script_messages(language: str, suffix: str = ".js") -> dict[str, str | list[str]]:
    """The sentences of the files ending in ``suffix`` (the pages' scripts) in ``language``:
    what a page carries for its scripts to say, a plural's forms as a list under its
    singular."""
    if language == LANGUAGES[0] and not _pseudo.get():
        return {}
    told: dict[str, str | list[str]] = {}
    # Every catalog holds every sentence: the first language's are read from the second's.
    for m in catalog(language if language != LANGUAGES[0] else LANGUAGES[1]):
        if not (m.id and any(path.endswith(suffix) for path, _line in m.locations)):
            continue
        translated = language != LANGUAGES[0] and m.string and all(m.string) and not m.fuzzy
        said = m.string if translated else m.id
        if isinstance(said, tuple | list):
            told[str(m.id[0])] = [marked(str(form)) for form in said]
        else:
            told[str(m.id)] = marked(str(said))
    return told


def checked(code: str) -> str:
    """``code`` if the edition is read in it, else a LudothequeError naming those it is."""
    if code not in LANGUAGES:
        raise LudothequeError(_("the edition is read in {languages}, not {language}.",
                                languages=", ".join(LANGUAGES), language=repr(code[:20])))
    return code


def language() -> str:
    """The language of whoever is being answered now."""
    return _language.get()


@contextmanager
def reading(chosen_language: str) -> Iterator[None]:
    """Answer in ``chosen_language`` within the block."""
    with _held(_language, checked(chosen_language)):
        yield


def gettext(message: str) -> str:
    """``message`` in the reader's language, its placeholders left for the caller to fill (a
    template's)."""
    return marked(translations(language()).gettext(message))


def plural(singular: str, many: str, count: int) -> str:
    """The singular or the plural in the reader's language, unfilled (a template's)."""
    return marked(translations(language()).ngettext(singular, many, count))


def _(message: str, **names: Any) -> str:
    """``message`` in the reader's language, its ``{placeholders}`` filled with ``names``."""
    said = gettext(message)
    return said.format(**names) if names else said


def N_(message: str) -> str:
    """``message`` marked for the catalog where it is written (a constant, an option's help),
    and told in the reader's language where it is read, with :func:`_`."""
    return message


def ngettext(singular: str, plural_form: str, count: int, **names: Any) -> str:
    """The singular or the plural, as ``count`` and the reader's language have it; ``{count}``
    and the ``names`` filled in."""
    return plural(singular, plural_form, count).format(count=count, **names)


def decimal(value: float, form: str = "g") -> str:
    """A number as a sentence writes it in the reader's language: in English as Python's
    ``form`` writes it (``,``: thousands grouped; ``g``: no needless decimals), in another as
    Babel does.

    >>> decimal(2000, ","), decimal(0.5)
    ('2,000', '0.5')
    >>> with reading("fr"):
    ...     decimal(0.5)
    '0,5'
    """
    if language() == LANGUAGES[0]:
        return format(value, form)
    return str(format_decimal(float(format(value, "g")) if isinstance(value, float) else value,
                              locale=language()))


def choose(chosen_language: str) -> Callable[[], None]:
    """Answer in ``chosen_language`` from now on (a terminal session, which has one reader);
    returns what restores the language before.

    >>> restore = choose("fr"); _("Choose a game"); restore()
    'Choisissez un jeu'
    """
    checked(chosen_language)
    token = _language.set(chosen_language)
    return lambda: _language.reset(token)


def from_environment(environ: Mapping[str, str]) -> str:
    """The language a terminal's environment names, as gettext reads it (``LANGUAGE``, then
    ``LC_ALL``, ``LC_MESSAGES``, ``LANG``), without the locale being installed; else English.

    >>> from_environment({"LANG": "fr_FR.UTF-8"}), from_environment({"LANG": "C.UTF-8"})
    ('fr', 'en')
    >>> from_environment({"LANGUAGE": "de:fr", "LANG": "en_GB.UTF-8"})
    'fr'
    """
    for name in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        value = environ.get(name, "")
        if not value:
            continue
        for tag in value.split(":"):
            code = tag.split(".")[0].split("@")[0].split("_")[0].lower()
            if code in LANGUAGES:
                return code
        if name != "LANGUAGE":
            # The first of LC_ALL, LC_MESSAGES and LANG set is the one that counts.
            return LANGUAGES[0]
    return LANGUAGES[0]


def chosen(accept: str | None, cookie: str | None) -> str:
    """The language a browser asks for: the one its person chose (``cookie``), else the best
    its ``Accept-Language`` header names, else English."""
    if cookie in LANGUAGES:
        return cookie
    wanted = []
    for part in (accept or "")[:200].split(","):
        tag, _, quality = part.strip().partition(";q=")
        try:
            weight = float(quality) if quality else 1.0
        except ValueError:
            continue
        wanted.append((weight, tag.strip()))
    for _weight, tag in sorted(wanted, key=lambda w: -w[0]):
        try:
            found = Locale.parse(tag, sep="-").language if tag and tag != "*" else None
        except (ValueError, UnknownLocaleError):
            continue
        if found in LANGUAGES:
            return found
    return LANGUAGES[0]
