"""The rule sets, by id: one registry, built from the manifests that packages declare.

A package offers rule sets through the ``ludotheque.games`` entry points, each named by the
rule set's id and naming its :class:`~ludotheque.core.manifest.Manifest` (this project's own
are in its ``pyproject.toml``). They are read the first time a rule set is asked for; nothing
of a rule set is imported but its manifest (and the light modules its options are declared
from) until it is loaded. :func:`register` adds one by
hand (a notebook's own game). An id or alias that two manifests claim is an error, not a
silent replacement: the second would play another game under a known name.

>>> games()[:2]
['crypto-90', 'crypto-geographique']
>>> manifest("puce").id
'cabriole'
>>> load_game("chess")
Traceback (most recent call last):
...
ludotheque.core.errors.UnknownGameError: there is no game 'chess'; the games are: crypto-90, \
crypto-geographique, crypto-geographique-chaine, dames-rabattues, jacquet, cabriole, \
tiddledy-winks.
"""

from __future__ import annotations

from importlib.metadata import entry_points
from typing import TYPE_CHECKING, Any

from ludotheque.core.errors import UnknownGameError, quoted
from ludotheque.core.manifest import Manifest

if TYPE_CHECKING:
    from ludotheque.core.game import Game

#: The entry-point group through which packages declare their rule sets.
GROUP = "ludotheque.games"

_MANIFESTS: dict[str, Manifest] = {}
#: Every name a rule set is loaded by, its id and its aliases, to its id.
_NAMES: dict[str, str] = {}
_discovered = False


def register(manifest: Manifest) -> Manifest:
    """Make a rule set loadable by its id and aliases, which no other rule set has."""
    if not isinstance(manifest, Manifest):
        raise TypeError(f"a rule set is registered by its Manifest, not {manifest!r}.")
    _discover()  # the installed rule sets first, so that one registered by hand comes after
    for name in (manifest.id, *manifest.aliases):
        known = _NAMES.get(name)
        if known is not None and _MANIFESTS[known] != manifest:
            raise ValueError(f"the name {name!r} is {known}'s; {manifest.id} needs another.")
    _MANIFESTS[manifest.id] = manifest
    _NAMES.update(dict.fromkeys((manifest.id, *manifest.aliases), manifest.id))
    return manifest


def _discover() -> None:
    global _discovered
    if _discovered:
        return
    _discovered = True
    # By package, then id: the order installers write entry points in is not promised.
    points = entry_points(group=GROUP)
    for point in sorted(points, key=lambda point: (point.value.partition(":")[0], point.name)):
        declared = point.load()
        if not isinstance(declared, Manifest) or declared.id != point.name:
            raise ValueError(
                f"the entry point {point.name} = {point.value} names no Manifest of that id."
            )
        register(declared)


def manifests() -> list[Manifest]:
    """Every rule set's manifest, by package and id (those registered by hand after)."""
    _discover()
    return list(_MANIFESTS.values())


def games() -> list[str]:
    """The ids of every rule set, as :func:`manifests` orders them."""
    return [m.id for m in manifests()]


def manifest(name: str) -> Manifest:
    """The manifest of the rule set called ``name``, its id or an alias."""
    _discover()
    if not isinstance(name, str):
        raise UnknownGameError(
            f"a game is named by its id, a text such as 'jacquet', not {type(name).__name__}; "
            f"the games are: {', '.join(_MANIFESTS)}."
        )
    try:
        return _MANIFESTS[_NAMES[name]]
    except KeyError:
        raise UnknownGameError(
            f"there is no game {quoted(name)}; the games are: {', '.join(_MANIFESTS)}."
        ) from None


def game_class(name: str) -> type[Game]:
    """The rules of the rule set called ``name``, imported now if they were not."""
    return manifest(name).game_class()


def load_game(name: str, **options: Any) -> Game:
    """The rule set ``name`` with these options; unknown names and options are refused."""
    return manifest(name).load(**options)
