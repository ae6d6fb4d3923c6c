"""A table's settings (les usages de la table): what a table allows that is not a rule of its
game — whether its people may talk, whether its spectators read them, whether its people may
ask the computer for a hint, and, where moves are aimed shots, whether the page shows where a
shot would come to rest (the assist).

Each is declared once here, as a rule set declares its options (:class:`Option`), and is
then chosen on a new table's form (its field ``setting-NAME``), stored with the table (the
database's ``settings``, its creation's row first, then every change), shown on its page, and
kept in its record apart from the rule options (``Record.settings``).

>>> read_settings({"talk": "false"})
{'talk': False, 'spectators_read': False, 'hints': False, 'assist': False}
>>> read_settings({"talk": "maybe"})
Traceback (most recent call last):
...
ludotheque.core.errors.OptionError: setting 'talk' of a table must be true or false, not 'maybe'.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from ludotheque.agents import is_person
from ludotheque.core.errors import OptionError, quoted
from ludotheque.core.i18n import N_, _
from ludotheque.core.options import Option

#: Every setting a table has, with its default.
SETTINGS = (
    Option("talk", bool, True, rule=False, label=N_("talk"),
           help=N_("the people at the table may send each other short messages; the table's "
                   "creator may turn this off at any time")),
    Option("spectators_read", bool, False, rule=False, label=N_("spectators read the talk"),
           help=N_("spectators read what the people at the table say while this is on (never "
                   "what was said before; they never write)")),
    Option("hints", bool, False, rule=False, label=N_("hints"),
           help=N_("a person may ask at his turn for the computer's three best moves; the "
                   "others see that he asked, never what he was told. A table with one person "
                   "against the computer always allows hints")),
    Option("assist", bool, False, rule=False, label=N_("assist"),
           help=N_("while a person aims a shot, the page shows where it would come to rest "
                   "with a steady hand, worked out by the game's own engine; the table's "
                   "creator may turn it on or off at any time")),
)

#: The settings that only a game of aimed shots (``Game.continuous``) has.
AIMED = ("assist",)


def settings_of(continuous: bool) -> tuple[Option, ...]:
    """The settings a table of a game offers: the assist only where moves are aimed shots."""
    return tuple(s for s in SETTINGS if continuous or s.name not in AIMED)

def read_settings(given: Mapping[str, Any], continuous: bool = True) -> dict[str, Any]:
    """The settings ``given`` (as typed, or as stored), each checked; those not given at
    their default, and any other name refused, as is the assist where moves are not aimed
    (``continuous`` false).

    >>> read_settings({"assist": "true"}, continuous=False)
    Traceback (most recent call last):
    ...
    ludotheque.core.errors.OptionError: a table has no setting 'assist'; its settings are \
talk, spectators_read, hints.
    """
    settings_here = settings_of(continuous)
    names = [setting.name for setting in settings_here]
    unknown = sorted(set(given) - set(names))
    if unknown:
        raise OptionError(f"a table has no setting {quoted(unknown[0])}; its settings are "
                          f"{', '.join(names)}.")
    settings = {}
    for setting in settings_here:
        value = given.get(setting.name, setting.default)
        try:
            settings[setting.name] = setting.parse(value, game="a table")
        except OptionError:
            raise OptionError(f"setting {setting.name!r} of a table must be "
                              f"{setting.allowed_text()}, not {quoted(value)}.") from None
    return settings


def told(settings: Mapping[str, Any]) -> list[str]:
    """The settings as a table's page tells them, a phrase each.

    >>> told({"talk": True, "spectators_read": False})
    ['talk at the table', "spectators don't read it"]
    >>> told({"talk": False, "assist": True})
    ['no talk at the table', 'the assist shows where a shot would rest']
    """
    said = [_("no talk at the table")] if not settings.get("talk", True) else [
        _("talk at the table"), _("spectators read it") if settings.get("spectators_read")
        else _("spectators don't read it")]
    if settings.get("hints"):
        said.append(_("hints allowed"))
    if settings.get("assist"):
        said.append(_("the assist shows where a shot would rest"))
    return said


def hints_allowed(settings: Mapping[str, Any], seats: Sequence[str]) -> bool:
    """Whether a person at a table of these ``seats`` (as it was opened) may ask for a hint:
    always where he alone plays against the computer, else where the table allows them.

    >>> hints_allowed({"hints": False}, ["human", "hard"]), hints_allowed({}, ["human"] * 2)
    (True, False)
    """
    return bool(settings.get("hints")) or not hints_chosen(seats)


def hints_chosen(seats: Sequence[str]) -> bool:
    """Whether the table's ``hints`` setting decides if its people may ask for hints: where
    more than one person plays (against the computer alone, hints are always allowed)."""
    return sum(map(is_person, seats)) > 1
