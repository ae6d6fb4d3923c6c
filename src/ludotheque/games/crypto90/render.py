"""A text picture of a Crypto-90 table as one player sees it: each row as the leaflet draws it
(``74 81 06 24 49 61 62 57``), the fakirs set aside beyond it, the player's own hand card, the
top of the pile, the stock and the scores."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from ludotheque.core.game import Game


def render(game: Game, observation: dict[str, Any]) -> str:
    """What one seat sees, drawn in text (the manifest's ``render``)."""
    o = observation
    you = o["seat"]
    if o["phase"] == "over":
        headline = "the game is over"
    elif o["to_move"] is None:
        headline = "cards are being dealt" if o["phase"] == "deal" else "a card is being drawn"
    else:
        headline = f"{o['to_move']} to play ({o['phase']})"
    lines = [f"Crypto-90, round {o['round']} (dealer {o['dealer']}) — {headline}"]
    if o["last"]:
        lines.insert(0, f"last: {o['last']}")
    lines.append(" " * 8 + " ".join(f"{place:>2}" for place in range(1, 9)) + "  (row places)")
    for name, row in o["rows"].items():
        cards = " ".join("··" if c is None else f"{c:>2}" for c in row)
        held = o["fakirs_set_aside"][name]
        fakirs = f"  + {held} fakir{'s' * (held > 1)} set aside" if held else ""
        hand = f"  hand: {o['hand']}" if name == you and o["hand"] else ""
        marker = "*" if name == you else " "
        lines.append(f"{marker}{name:<6} {cards}{fakirs}{hand}")
    if o["taken"] is not None and o["mover"] is not None:
        lines.append(f"{o['mover']} has taken {o['taken']} from the {o['taken_from']}")
    pile = o["pile_top"] or "empty"
    lines.append(f"pile: {pile} ({_cards(len(o['pile']))}) · stock: {_cards(o['stock'])}")
    totals = ", ".join(f"{name} {points}" for name, points in o["totals"].items())
    lines.append(f"points: {totals}")
    if o["last_round"]:
        last = o["last_round"]
        won = f"{last['winner']} won" if last["winner"] else "the stock ran out"
        detail = "; ".join(
            f"{name} {score['total']}"
            + (f" ({', '.join(score['items'])})" if score["items"] else "")
            for name, score in last["scores"].items()
        )
        lines.append(f"last round: {won} — {detail}")
    return "\n".join(lines)


def _cards(n: int) -> str:
    return f"{n} card{'s' * (n != 1)}"
