"""The How to play of Crypto-90 as a table's options have it (the manifest's ``told``): each
sentence an option changes, as the doc says it at the defaults and as it reads at this table,
in the reader's language.

>>> import ludotheque
>>> told(ludotheque.load_game("crypto-90", goal="rounds", rounds=2))[-1][1]
'The game lasts two rounds.'
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from babel.numbers import format_decimal

from ludotheque.core.i18n import N_, _, language, ngettext

if TYPE_CHECKING:
    from ludotheque.core.game import Game

LAYING = N_("Every turn ends with `end`; when your row is in order and your hand card fits at "
            "one end you may instead lay it (`lay`) and win the round — or keep it for later: "
            "if the stock runs out, a hand card that completes its row still wins.")
AT_ONCE = N_("Your turn ends by itself once you have exchanged (and hypnotised or passed, with "
             "a fakir set aside); when your row is in order and your hand card fits at one end, "
             "it is laid then and you win the round (laying=at once).")
RECEIVED = N_("Surprise: a fakir put into your row must go at your first chance: the card you "
              "take goes in its place.")
FREE = N_("A fakir put into your row goes when you choose to exchange it (received_fakir=free).")
TENS = N_("Surprise: nine cards from nine different tens (01–10, 11–20, … 81–90) score 100 "
          "more.")
DIGIT = N_("Surprise: nine cards from nine different tens (by the tens digit: 01–09, 10–19, … "
           "80–89, and 90; tens=digit) score 100 more.")
TURNED = N_("A fakir turned up to begin the pile stays on it, where nobody may take it "
            "(turned_fakir=pile).")

#: How long the game lasts, in words, for the counts a table usually agrees (1–10).
LASTS = (
    N_("The game lasts one round."), N_("The game lasts two rounds."),
    N_("The game lasts three rounds."), N_("The game lasts four rounds."),
    N_("The game lasts five rounds."), N_("The game lasts six rounds."),
    N_("The game lasts seven rounds."), N_("The game lasts eight rounds."),
    N_("The game lasts nine rounds."), N_("The game lasts ten rounds."),
)


def goes_to(points: int) -> str:
    return _("The game goes to {points} points.",
             points=format_decimal(points, locale=language()))


def told(game: Game) -> list[tuple[str, str]]:
    options = game.options
    laying = LAYING if options["laying"] == "chosen" else AT_ONCE
    received = RECEIVED if options["received_fakir"] == "first chance" else FREE
    tens = TENS if options["tens"] == "deck" else DIGIT
    sentences = [
        (_(LAYING), _(laying)),
        (_(RECEIVED), _(received)),
        (_(TENS), _(tens)),
        ("", "" if options["turned_fakir"] == "dealer" else _(TURNED)),
    ]
    rounds: int = options["rounds"]
    lasts = (_(LASTS[rounds - 1]) if rounds <= len(LASTS) else
             ngettext("The game lasts {count} round.", "The game lasts {count} rounds.", rounds))
    return [*sentences, (goes_to(1000), goes_to(options["points"])
                         if options["goal"] == "points" else lasts)]
