"""The How to play of Crypto-90 as a table's options have it (the manifest's ``told``): each
sentence an option changes, as the doc says it at the defaults and as it reads at this table.

>>> import ludotheque
>>> told(ludotheque.load_game("crypto-90", goal="rounds", rounds=2))[-1][1]
'The game lasts two rounds.'
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from ludotheque.core.game import Game

LAYING = ("Every turn ends with `end`; when your row is in order and your hand card fits at "
          "one end you may instead lay it (`lay`) and win the round — or keep it for later: if "
          "the stock runs out, a hand card that completes its row still wins.")
RECEIVED = ("Surprise: a fakir put into your row must go at your first chance: the card you "
            "take goes in its place.")
TENS = ("Surprise: nine cards from nine different tens (01–10, 11–20, … 81–90) score 100 "
        "more.")
GOAL = "The game goes to 1,000 points."

#: Small counts as the sentences write them.
WORDS = ("no", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten")


def told(game: Game) -> list[tuple[str, str]]:
    options = game.options
    sentences = [
        (LAYING, LAYING if options["laying"] == "chosen" else
         "Your turn ends by itself once you have exchanged (and hypnotised or passed, with a "
         "fakir set aside); when your row is in order and your hand card fits at one end, it "
         "is laid then and you win the round (laying=at once)."),
        (RECEIVED, RECEIVED if options["received_fakir"] == "first chance" else
         "A fakir put into your row goes when you choose to exchange it "
         "(received_fakir=free)."),
        (TENS, TENS if options["tens"] == "deck" else TENS.replace(
            "(01–10, 11–20, … 81–90)", "(by the tens digit: 01–09, 10–19, … 80–89, and 90; "
            "tens=digit)")),
        ("", "" if options["turned_fakir"] == "dealer" else
         "A fakir turned up to begin the pile stays on it, where nobody may take it "
         "(turned_fakir=pile)."),
    ]
    rounds = options["rounds"]
    lasts = (f"The game lasts {WORDS[rounds] if rounds < len(WORDS) else rounds} "
             f"round{'s' if rounds > 1 else ''}.")
    return [*sentences, (GOAL, f"The game goes to {options['points']:,} points."
                         if options["goal"] == "points" else lasts)]
