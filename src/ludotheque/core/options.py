"""Declared options of a rule set: each names the source sentence behind it.

>>> o = Option("passing", str, "exception", ("exception", "none"), source="«se joue par…»")
>>> o.parse("none", game="g")
'none'
>>> o.parse("x", game="g")
Traceback (most recent call last):
...
ludotheque.core.errors.OptionError: option 'passing' of g must be one of exception, none, not 'x'.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from ludotheque.core.errors import OptionError, quoted
from ludotheque.core.i18n import _
from ludotheque.core.numbers import parse_float, parse_int

_TRUE = {"true", "yes", "on", "1"}
_FALSE = {"false", "no", "off", "0"}


@dataclass(frozen=True)
class Option:
    """One option of a rule set: its type, default, allowed values and where it comes from."""

    name: str
    type: type
    default: Any
    allowed: tuple[Any, ...] | None = None
    source: str = ""
    help: str = ""
    #: False for an option that changes how the game is driven, not what its rules are (so it
    #: has no source sentence), such as how many dice one decision plays.
    rule: bool = True
    #: The least value a number may take.
    minimum: int | float | None = None
    #: The greatest value a number may take: every float option declares both, so that no
    #: value reaches the rules that their arithmetic cannot take (a cloth of 1e308 mm).
    maximum: int | float | None = None
    #: Earlier spellings of values, still read (records and habits keep them): (text, value).
    synonyms: tuple[tuple[str, Any], ...] = ()
    #: For a number, the other values a study of the readings compares with the default
    #: (``ludotheque readings``); a number without them is studied at the values asked for.
    presets: tuple[Any, ...] = ()
    #: What a person reads for the option (``N_``-marked, told in his language): "received
    #: fakir" rather than ``received_fakir``; its name with spaces where there is none.
    label: str = ""
    #: What a person reads for each allowed value, (value, words) (``N_``-marked): the value
    #: typed stays the notation, in every language. A yes-or-no option needs none.
    words: tuple[tuple[Any, str], ...] = ()

    def title(self) -> str:
        """The option as a person reads it, in his language.

        >>> Option("raise_in_same_throw", bool, False).title()
        'raise in same throw'
        """
        return _(self.label) if self.label else self.name.replace("_", " ")

    def word(self, value: Any) -> str:
        """``value`` as a person reads it, in his language: its words, yes or no, or the
        value as typed.

        >>> Option("forfeits", bool, False).word(True)
        'yes'
        """
        said = dict(self.words).get(value)
        if said:
            return _(said)
        if isinstance(value, bool):
            return _("yes") if value else _("no")
        return _show(value)

    def explained(self) -> str:
        """What the option does, in the reader's language."""
        return _(self.help) if self.help else ""

    def studied(self) -> tuple[Any, ...]:
        """The values a study of the readings plays: the default first, then the allowed
        values or the presets.

        >>> Option("points", int, 1000, presets=(500, 2000)).studied()
        (1000, 500, 2000)
        >>> Option("forfeits", bool, False).studied()
        (False, True)
        """
        others = self.allowed if self.allowed is not None else (
            (False, True) if self.type is bool else self.presets)
        return (self.default, *(v for v in others if v != self.default))

    def parse(self, value: Any, *, game: str) -> Any:
        """The value converted to the option's type, or an OptionError naming what is allowed.

        >>> cloth = Option("cloth", float, 3.0, minimum=0.5, maximum=10.0)
        >>> cloth.parse("2.5", game="g"), cloth.parse(4, game="g")
        (2.5, 4.0)
        >>> cloth.parse(float("nan"), game="g")  # doctest: +ELLIPSIS
        Traceback (most recent call last):
        ...
        ludotheque.core.errors.OptionError: option 'cloth' of g takes a number from 0.5 ... nan.
        >>> Option("tens", str, "deck", ("deck", "digit"), synonyms=(("0-9", "digit"),)).parse(
        ...     "0-9", game="g")
        'digit'
        """
        if isinstance(value, str):
            value = dict(self.synonyms).get(value.strip(), value)
        converted = self._convert(value, game)
        low, high = self.minimum, self.maximum
        if (low is not None and converted < low) or (high is not None and converted > high):
            raise OptionError(_("option {option!r} of {game} must be {allowed}, not {value}.",
                                option=self.name, game=game, allowed=self._range_text(),
                                value=quoted(value)))
        if self.allowed is not None and converted not in self.allowed:
            raise OptionError(_("option {option!r} of {game} must be one of {allowed}, not "
                                "{value}.", option=self.name, game=game,
                                allowed=self.allowed_text(), value=quoted(value)))
        return converted

    def show(self, value: Any) -> str:
        """A value as it is typed: ``true``, not ``True``."""
        return _show(value)

    def allowed_text(self) -> str:
        if self.allowed is not None:
            return ", ".join(_show(v) for v in self.allowed)
        kind = {bool: _("true or false"), int: _("a whole number"), float: _("a number")}.get(
            self.type, _("any text"))
        if self.minimum is None and self.maximum is None:
            return kind
        return _("{kind} {range}", kind=kind, range=self._range_text())

    def _range_text(self) -> str:
        if self.maximum is None:
            return _("at least {least}", least=self.minimum)
        if self.minimum is None:
            return _("at most {most}", most=self.maximum)
        return _("from {least} to {most}", least=self.minimum, most=self.maximum)

    def _convert(self, value: Any, game: str) -> Any:
        converted = self._converted(value)
        # NaN passes every comparison and infinity every minimum: neither is a setting.
        if converted is None or (self.type is float and not math.isfinite(converted)):
            raise OptionError(_("option {option!r} of {game} takes {allowed}, not {value}.",
                                option=self.name, game=game, allowed=self.allowed_text(),
                                value=quoted(value)))
        return converted

    def _converted(self, value: Any) -> Any:
        """The value as the option's type, or None if it is not one."""
        if isinstance(value, self.type) and not (self.type is int and isinstance(value, bool)):
            return value
        if self.type is float and isinstance(value, int) and not isinstance(value, bool):
            try:
                return float(value)
            except OverflowError:
                return None
        if isinstance(value, str):
            text = value.strip().lower() if self.type is bool else value.strip()
            if self.type is bool and text in _TRUE | _FALSE:
                return text in _TRUE
            if self.type is int:
                return parse_int(text, signed=True)
            if self.type is float:
                return parse_float(text)
            if self.type is str:
                return text
        return None


def _show(value: Any) -> str:
    return str(value).lower() if isinstance(value, bool) else str(value)


def resolve_options(
    specs: Sequence[Option], given: Mapping[str, Any], *, game: str
) -> dict[str, Any]:
    """Every declared option with its value: the given one checked, or the default."""
    by_name = {o.name: o for o in specs}
    for name in given:
        if name not in by_name:
            known = ", ".join(by_name) if by_name else _("none")
            raise OptionError(_("{game} has no option {option!r}; its options are: {known}.",
                                game=game, option=name, known=known))
    return {
        o.name: o.parse(given[o.name], game=game) if o.name in given else o.default for o in specs
    }


def parse_assignments(
    pairs: Sequence[str], form: str = "an option is written name=value"
) -> dict[str, str]:
    """``["k=v", …]`` as a dict, as typed on a command line; ``form`` says how to write one.

    >>> parse_assignments(["passing=none"])
    {'passing': 'none'}
    >>> parse_assignments(["players=2", "players=3"])
    Traceback (most recent call last):
    ...
    ludotheque.core.errors.OptionError: 'players' is given twice, as '2' and '3'; give it once.
    """
    result: dict[str, str] = {}
    for pair in pairs:
        name, sep, value = pair.partition("=")
        if not sep or not name.strip():
            raise OptionError(_("{form}, not {pair}.", form=form, pair=repr(pair)))
        name = name.strip()
        if name in result:
            # The last one silently winning would play a game the person did not ask for.
            raise OptionError(_("{name} is given twice, as {first} and {second}; give it once.",
                                name=quoted(name), first=quoted(result[name]),
                                second=quoted(value.strip())))
        result[name] = value.strip()
    return result


@dataclass(frozen=True)
class LimitOption(Option):
    """The ``limit`` option (:func:`limit_option`), with what an unfinished game returns."""

    unfinished: str = "every stake goes back"

    def explained(self) -> str:
        return _("decisions after which an unfinished game stops: {unfinished}",
                 unfinished=_(self.unfinished))

    def title(self) -> str:
        return _("limit")


def limit_option(default: int, unfinished: str) -> LimitOption:
    """The ``limit`` every rule set without a hard bound on its length declares: how many
    decisions (chance outcomes not counted) an unfinished game may last, so that learning code
    and servers can rely on every game ending. Not a rule: ``default`` lies well above any real
    game. The game stops at the first decision point after that many (or turn the rules pass,
    which counts as a decision: ``State._turn_passed``), with the returns of an unfinished
    game (``State._unfinished_returns``), which ``unfinished`` says in words.

    >>> limit_option(5000, "every stake goes back").help
    'decisions after which an unfinished game stops: every stake goes back'
    """
    return LimitOption(
        # A billion decisions is days of play for the quickest engine: the most a limit means.
        "limit", int, default, rule=False, minimum=1, maximum=10**9,
        help=f"decisions after which an unfinished game stops: {unfinished}",
        unfinished=unfinished,
    )
