"""The How to play of both Crypto géographique games as a table's options have it (the
manifests' ``told``): each sentence an option changes, as the doc says it at the defaults and
as it reads at this table, in the reader's language.

>>> import ludotheque
>>> combinations(ludotheque.load_game("crypto-geographique", points=500))[0][1]
'The game goes to 500 points.'
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from babel.numbers import format_decimal

from ludotheque.core.i18n import N_, _, language

if TYPE_CHECKING:
    from ludotheque.core.game import Game

COMBINATIONS = N_("Combinations of départements touching each other: paire (2) 10 points, "
                  "brelan (3) 50, carré (4) 100, quinte (5) 150, sizaine (6) 200, complet (7) "
                  "300.")
CHAINS = N_("Combinations are chains of départements, each touching the next (groups=chain): "
            "paire (2) 10 points, brelan (3) 50, carré (4) 100, quinte (5) 150, sizaine (6) "
            "200, complet (7) 300.")


def goes_to(points: int) -> str:
    return _("The game goes to {points} points.",
             points=format_decimal(points, locale=language()))


def combinations(game: Game) -> list[tuple[str, str]]:
    """The combinations game: its target, and what a combination is."""
    told = [(goes_to(1000), goes_to(game.options["points"]))]
    if game.options["groups"] == "chain":
        told.append((_(COMBINATIONS), _(CHAINS)))
    return told


#: How long the chain game lasts, by its option ``rounds`` (1, 2 or 3).
ROUNDS = (
    N_("The game lasts one round, or two or three (option `rounds`)."),
    N_("The game lasts two rounds (option `rounds`)."),
    N_("The game lasts three rounds (option `rounds`)."),
)


def chain(game: Game) -> list[tuple[str, str]]:
    """The chain game: how many rounds it lasts."""
    rounds: int = game.options["rounds"]
    return [(_(ROUNDS[0]), _(ROUNDS[rounds - 1]))]
