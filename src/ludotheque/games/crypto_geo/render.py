"""A text picture of a Crypto géographique table as one player sees it: his hand grouped into
its scoring combinations, with each département's number, the fakirs exposed, the pile's top,
the stock and the points."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ludotheque.games.crypto_geo.combinations import NAMES, VALUES
from ludotheque.games.crypto_geo.departements import departements

if TYPE_CHECKING:
    from ludotheque.core.game import Game

_NUMBER = {d.name: d.number for d in departements().values()}


def _card(name: str) -> str:
    return name if name == "F" else f"{name} ({_NUMBER[name]})"


def render(game: Game, observation: dict[str, Any]) -> str:
    """What one seat sees, drawn in text (the manifest's ``render``)."""
    o = observation
    lines = ["Crypto géographique" + whose_turn(o["to_move"], o["phase"] == "over", o["phase"])]
    if o["last"]:
        lines.insert(0, f"last: {o['last']}")
    if o["hand"]:
        grouped = [card for group in o["combinations"] for card in group]
        for group in o["combinations"]:
            kind = NAMES[len(group)]
            lines.append(f"  {kind} ({VALUES[len(group)]}): " + ", ".join(_card(c) for c in group))
        single = [c for c in o["hand"] if c not in grouped]
        if single:
            lines.append("  alone: " + ", ".join(_card(c) for c in single))
    fakirs = ", ".join(f"{seat} {n}" for seat, n in o["fakirs"].items() if n)
    if fakirs:
        lines.append(f"fakirs exposed: {fakirs}")
    top = _card(o["pile_top"]) if o["pile_top"] else "empty"
    lines.append(f"pile: {top} · stock: {o['stock']} cards")
    lines.append("points: " + ", ".join(f"{seat} {p}" for seat, p in o["totals"].items()))
    lines.append("(type ? and a département, such as ? Somme, to see what it touches)")
    if o["last_round"]:
        shown = o["last_round"]
        lines.append(f"last round ended by {shown['ended by']}; hands shown:")
        for seat, hand in shown["hands"].items():
            lines.append(f"  {seat}: {', '.join(hand)}")
    return "\n".join(lines)


def whose_turn(mover: str | None, over: bool, phase: str | None = None) -> str:
    """The heading's end: who is to play, or that the game is over; nothing while the cards
    fall (a chance node has nobody to play)."""
    if over:
        return " — the game is over"
    if mover is None:
        return ""
    return f" — {mover} to play" + (f" ({phase})" if phase else "")
