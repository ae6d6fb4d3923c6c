"""A text picture of the trictrac table as a player sees it.

Each point shows its checkers: ``▮`` standing in the pile (those to knock down, and the one at
its foot, which nothing knocks down: «il rabat de dessus les piles»), ``▬`` lying flat (knocked
down), ``·`` an empty point once its checkers are raised. The foot of a pile is raised last.

>>> import ludotheque
>>> state = ludotheque.load_game("dames-rabattues").new_initial_state()
>>> print(render(state.game, state.observation(0)))  # doctest: +NORMALIZE_WHITESPACE
Dames rabattues — who throws first is being decided by lot
point   1    2    3    4    5    6   | bar
white   ▮▮   ▮▮   ▮▮   ▮▮▮  ▮▮▮  ▮▮▮ | knocking down
black   ▮▮   ▮▮   ▮▮   ▮▮▮  ▮▮▮  ▮▮▮ | knocking down
>>> point_picture("knock", 0, 3), point_picture("raise", 3, 3), point_picture("raise", 0, 3)
('▮▬▬', '▮▬▬', '·')
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ludotheque.core.i18n import N_, _
from ludotheque.games.dames_rabattues.rules import PILES

if TYPE_CHECKING:
    from ludotheque.core.game import Game

_PHASES = {"knock": N_("knocking down"), "raise": N_("raising")}


def point_picture(phase: str, left: int, pile: int) -> str:
    """A point whose ``pile`` checkers have ``left`` to knock down, or to raise."""
    if phase == "knock":
        return "▮" * (left + 1) + "▬" * (pile - 1 - left)
    return "▮" + "▬" * (left - 1) if left else "·"


def render(game: Game, observation: dict[str, Any]) -> str:
    """What one seat sees, drawn in text (the manifest's ``render``)."""
    stage, to_throw, winner = observation["stage"], observation["to_throw"], observation["winner"]
    if stage == "lot":
        headline = _("Dames rabattues — who throws first is being decided by lot")
    elif stage == "won":
        headline = _("Dames rabattues — {seat} has raised all fifteen and wins",
                     seat=_(winner))
    else:
        headline = _("Dames rabattues — {seat} to throw", seat=_(to_throw))
    lines = [headline]
    if observation["last"]:
        lines.append(_("last: {last}", last=observation["last"]))
    # The seats' column is as wide as the longest word it holds, in the reader's language.
    names = {seat: _(seat) for seat in observation["sides"]}
    width = max(len(_("point")), *map(len, names.values())) + 1
    lines.append(f"{_('point'):<{width}}" + "".join(f"{n:>4} " for n in range(1, 7))
                 + "  | " + _("bar"))
    for seat, side in observation["sides"].items():
        cells = "".join(
            f"  {point_picture(side['phase'], left, pile):<3}"
            for left, pile in zip(side["left"], PILES, strict=True)
        )
        lines.append(f"{names[seat]:<{width}}{cells} | {_(_PHASES[side['phase']])}")
    return "\n".join(lines)
