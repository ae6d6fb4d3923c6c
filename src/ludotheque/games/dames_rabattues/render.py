"""A text picture of the trictrac table as a player sees it.

Each point shows its checkers: ``▮`` still standing in the pile (to knock down), ``▬`` lying flat
(knocked down, to raise), ``·`` an empty point once its checkers are raised.

>>> import ludotheque
>>> state = ludotheque.load_game("dames-rabattues").new_initial_state()
>>> print(render(state.game, state.observation(0)))  # doctest: +NORMALIZE_WHITESPACE
Dames rabattues — who throws first is being decided by lot
point   1    2    3    4    5    6   | bar
white   ▮▬   ▮▬   ▮▬   ▮▮▬  ▮▮▬  ▮▮▬ | knocking down
black   ▮▬   ▮▬   ▮▬   ▮▮▬  ▮▮▬  ▮▮▬ | knocking down
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ludotheque.games.dames_rabattues.rules import PILES

if TYPE_CHECKING:
    from ludotheque.core.game import Game

_PHASES = {"knock": "knocking down", "raise": "raising"}


def point_picture(phase: str, left: int, pile: int) -> str:
    if phase == "knock":
        return "▮" * left + "▬" * (pile - left)
    return "▬" * left or "·"


def render(game: Game, observation: dict[str, Any]) -> str:
    """What one seat sees, drawn in text (the manifest's ``render``)."""
    stage, to_throw = observation["stage"], observation["to_throw"]
    if stage == "lot":
        headline = "who throws first is being decided by lot"
    elif stage == "won":
        headline = f"{observation['winner']} has raised all fifteen and wins"
    else:
        headline = f"{to_throw} to throw"
    lines = [f"Dames rabattues — {headline}"]
    if observation["last"]:
        lines.append(f"last: {observation['last']}")
    lines.append("point " + "".join(f"{n:>4} " for n in range(1, 7)) + "  | bar")
    for seat, side in observation["sides"].items():
        cells = "".join(
            f"  {point_picture(side['phase'], left, pile):<3}"
            for left, pile in zip(side["left"], PILES, strict=True)
        )
        lines.append(f"{seat:<6}{cells} | {_PHASES[side['phase']]}")
    return "\n".join(lines)
