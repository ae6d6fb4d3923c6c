"""The short configuration each rule set's conformance checks play (``docs/research.md``): the
default rules (two players, four counters each at tiddlywinks), with a ``limit`` (in decisions)
that keeps a card game to a part of its first round (no round of Crypto-90 or Crypto
géographique ends within it: ``DEFAULTS`` lets one end) and a tiddlywinks pool to a few
shots."""

from __future__ import annotations

from typing import Any

QUICK: dict[str, dict[str, Any]] = {
    "dames-rabattues": {},
    "jacquet": {"limit": 300},
    "crypto-90": {"limit": 80},
    "crypto-geographique": {"limit": 80},
    "crypto-geographique-chaine": {"limit": 80},
    "cabriole": {"limit": 6},
    "tiddledy-winks": {"limit": 6},
}

#: Each rule set as a researcher loads it: its default options, with a ``limit`` only where a
#: game would otherwise be long, and never so low that no round can end (``docs/research.md``
#: gives these: a round of Crypto-90 took at most 507 decisions in 100 random games, of
#: Crypto géographique 366).
DEFAULTS: dict[str, dict[str, Any]] = {
    "dames-rabattues": {},
    "jacquet": {},
    "crypto-90": {"limit": 600},
    "crypto-geographique": {"limit": 450},
    "crypto-geographique-chaine": {},
    "cabriole": {},
    "tiddledy-winks": {},
}

#: How deep ``get_all_states`` walks: two actions for the dice games, one for the card games;
#: at tiddlywinks the shots from the first position (a walk expands the node at its depth, and
#: every one of a shot's 81 trembles is a MuJoCo simulation).
DEPTH = {
    "dames-rabattues": 2,
    "jacquet": 2,
    "crypto-90": 1,
    "crypto-geographique": 1,
    "crypto-geographique-chaine": 1,
    "cabriole": 0,
    "tiddledy-winks": 0,
}


def game_string(name: str, configuration: dict[str, dict[str, Any]] = QUICK,
                **more: Any) -> str:
    """The OpenSpiel game string of the rule set's short configuration (or ``DEFAULTS``)."""
    options = {**configuration[name], **more}
    written = ",".join(f"{k}={str(v).lower() if isinstance(v, bool) else v}"
                       for k, v in options.items())
    short = "python_ludotheque_" + name.replace("-", "_")
    return f"{short}({written})" if written else short
