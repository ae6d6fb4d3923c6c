"""The How to play of Dames rabattues as a table's options have it (the manifest's ``told``):
each sentence an option changes, as the doc says it at the defaults and as it reads at this
table.

>>> import ludotheque
>>> told(ludotheque.load_game("dames-rabattues", passing="none"))[0][1]
'Surprise: a number you cannot play is lost: nobody plays it (passing=none).'
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ludotheque.core.i18n import N_, _

if TYPE_CHECKING:
    from ludotheque.core.game import Game

PASSED = N_("Surprise: a number you cannot play is played by your opponent, for himself, if he "
          "can; otherwise by nobody.")
RAISING = N_("Surprise: a number you throw while raising and cannot use is not given to an "
           "opponent who is still knocking down.")

#: Rule "passing" (¶12, ¶20): what becomes of a number its thrower cannot play, by reading.
PASSING = {
    "exception": (PASSED, RAISING),
    "general": (PASSED, N_("A number you throw while raising and cannot use goes to your "
                           "opponent even while he is still knocking down (passing=general).")),
    "kind": (N_("Surprise: a number you cannot play is played by your opponent, for himself, if "
                "he can with your kind of move: he knocks down a number you threw knocking down, "
                "and raises one you threw raising (passing=kind)."), ""),
    "none": (N_("Surprise: a number you cannot play is lost: nobody plays it (passing=none)."),
             ""),
}
#: Rule "the phase of a throw", as option ``raise_in_same_throw=true`` tells it.
SAME_THROW = N_("The throw that knocks down your ninth checker already raises with the dice it "
                "leaves (raise_in_same_throw=true).")


def _told(sentence: str) -> str:
    """A sentence in the reader's language; none stays none."""
    return _(sentence) if sentence else ""


def told(game: Game) -> list[tuple[str, str]]:
    passed, raising = PASSING[game.options["passing"]]
    return [
        (_(PASSED), _told(passed)), (_(RAISING), _told(raising)),
        ("", _(SAME_THROW) if game.options["raise_in_same_throw"] else ""),
    ]
