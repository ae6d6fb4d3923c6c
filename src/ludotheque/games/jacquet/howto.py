"""The How to play of Jacquet as a table's options have it (the manifest's ``told``): each
sentence an option changes, as the doc says it at the defaults and as it reads at this table.

>>> import ludotheque
>>> told(ludotheque.load_game("jacquet", higher_die=True))[-1][1]
'When either die of a coup simple could be played but not both, you must play the higher \
(higher_die=true).'
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ludotheque.core.i18n import N_, _

if TYPE_CHECKING:
    from ludotheque.core.game import Game

TURN = N_("A turn: the dice are thrown for you, then you play one die at a time, each moving one "
          "checker that many points.")
WRITE = N_("Write a move as from/to in your own numbering: `1/6` moves a checker from your point "
           "1 to your point 6. One checker may take both dice: `1/6`, then `6/8`.")
HIT = N_("Surprise: there is no hitting. You may never stop on a point where your opponent has "
         "even one checker.")
COURIER = N_("Surprise: the courier. Until your first checker (the courier) reaches your last "
             "quarter, no second checker may leave the talon.")
BEAR = N_("With no checker on the die's point, it bears off one from a point nearer the end: "
          "`20/off(6)`; a die that can bear off must.")
READING = N_("The option `reading=dlp-summary` plays the English summary's rules instead: a lone "
             "checker is hit and enters again (`bar/3`, `5/8*`).")
#: The same sentences as the options change them.
TURN_PAIR = N_("A turn: the dice are thrown for you, then you play both dice in one move, each "
               "moving one checker that many points; a doublet is two such moves "
               "(granularity=pair).")
WRITE_PAIR = N_("Write both dice's moves as one, each from/to in your own numbering: "
                "`1/7 7/12`.")
HIT_DLP = N_("Surprise: a checker landing on a lone one of your opponent's hits it (`5/8*`); it "
             "enters again from his start (`bar/3`). A point holding two or more is closed "
             "(reading=dlp-summary).")
COURIER_DLP = N_("The courier, as the summary has it: any checker may leave the talon, but "
                 "until one reaches your last quarter no two of yours may share a point, the "
                 "talon apart (reading=dlp-summary).")
READING_DLP = N_("These are the English summary's rules (reading=dlp-summary); by default the "
                 "game plays de Moulidars' French text.")
BEAR_OPTIONAL = N_("With no checker on the die's point, it bears off one from a point nearer "
                   "the end: `20/off(6)`; a die that can bear off may move a checker inside "
                   "your last quarter instead (bearing_off=optional).")
MULTIPLE = N_("The loser loses 1 game if he has borne a checker off, else 2 to 5 by how far back "
              "his checkers still are (scoring=multiple).")
HIGHER = N_("When either die of a coup simple could be played but not both, you must play the "
            "higher (higher_die=true).")


def told(game: Game) -> list[tuple[str, str]]:
    options = game.options
    summary = options["reading"] == "dlp-summary"
    pair = options["granularity"] == "pair"
    compulsory = options["bearing_off"] == "compulsory"
    return [
        (_(TURN), _(TURN_PAIR if pair else TURN)),
        (_(WRITE), _(WRITE_PAIR if pair else WRITE)),
        (_(HIT), _(HIT_DLP if summary else HIT)),
        (_(COURIER), _(COURIER_DLP if summary else COURIER)),
        (_(READING), _(READING_DLP if summary else READING)),
        (_(BEAR), _(BEAR if compulsory else BEAR_OPTIONAL)),
        ("", _(MULTIPLE) if options["scoring"] == "multiple" else ""),
        ("", _(HIGHER) if options["higher_die"] else ""),
    ]
