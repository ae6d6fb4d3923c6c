"""A text picture of a Crypto géographique table as one player sees it: his hand grouped into
its scoring combinations, with each département's number, the fakirs exposed, the pile's top,
the stock and the points, in the reader's language."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ludotheque.core.i18n import N_, _, ngettext
from ludotheque.games.crypto_geo.combinations import NAMES, VALUES
from ludotheque.games.crypto_geo.departements import departements

if TYPE_CHECKING:
    from ludotheque.core.game import Game

_NUMBER = {d.name: d.number for d in departements().values()}

#: The phases in which a seat decides, as the heading names them (the view's words).
PHASES = {"take": N_("take"), "discard": N_("discard"), "consent": N_("consent")}
#: How a round ended, as the view writes it («j'arrête», or «le talon se trouve épuisé»).
ENDINGS = {"stop": N_("last round ended by stop; hands shown:"),
           "stock": N_("last round ended by stock; hands shown:")}


def _told(word: str) -> str:
    """A word the view writes (a seat's name, a phase, an ending) in the reader's language:
    the view's words are identifiers, marked where they are defined."""
    return _(word)


def _card(name: str) -> str:
    return name if name == "F" else f"{name} ({_NUMBER[name]})"


def render(game: Game, observation: dict[str, Any]) -> str:
    """What one seat sees, drawn in text (the manifest's ``render``)."""
    o = observation
    lines = ["Crypto géographique" + whose_turn(o["to_move"], o["phase"] == "over", o["phase"])]
    if o["last"]:
        lines.insert(0, _("last: {said}", said=o["last"]))
    if o["hand"]:
        grouped = [card for group in o["combinations"] for card in group]
        for group in o["combinations"]:
            kind = NAMES[len(group)]
            lines.append(f"  {kind} ({VALUES[len(group)]}): " + ", ".join(_card(c) for c in group))
        single = [c for c in o["hand"] if c not in grouped]
        if single:
            lines.append("  " + _("alone: {cards}", cards=", ".join(_card(c) for c in single)))
    fakirs = ", ".join(f"{_told(seat)} {n}" for seat, n in o["fakirs"].items() if n)
    if fakirs:
        lines.append(_("fakirs exposed: {counts}", counts=fakirs))
    top = _card(o["pile_top"]) if o["pile_top"] else _("empty")
    lines.append(ngettext("pile: {top} · stock: {count} card", "pile: {top} · stock: {count} cards",
                          o["stock"], top=top))
    lines.append(_("points: {totals}",
                   totals=", ".join(f"{_told(seat)} {p}" for seat, p in o["totals"].items())))
    lines.append(_("(type ? and a département, such as ? Somme, to see what it touches)"))
    if o["last_round"]:
        shown = o["last_round"]
        lines.append(_told(ENDINGS[shown["ended by"]]))
        for seat, hand in shown["hands"].items():
            lines.append(f"  {_told(seat)}: {', '.join(hand)}")
    return "\n".join(lines)


def whose_turn(mover: str | None, over: bool, phase: str | None = None) -> str:
    """The heading's end: who is to play, or that the game is over; nothing while the cards
    fall (a chance node has nobody to play)."""
    if over:
        return _(" — the game is over")
    if mover is None:
        return ""
    if phase:
        return _(" — {seat} to play ({phase})", seat=_told(mover), phase=_told(PHASES[phase]))
    return _(" — {seat} to play", seat=_told(mover))
