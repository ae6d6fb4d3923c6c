"""A text picture of a Crypto-90 table as one player sees it: each row as the leaflet draws it
(``74 81 06 24 49 61 62 57``), the fakirs set aside beyond it, the player's own hand card, the
top of the pile, the stock and the scores, in the reader's language."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ludotheque.core.i18n import N_, _, ngettext

if TYPE_CHECKING:
    from ludotheque.core.game import Game

#: The phases in which a seat decides, as the heading names them (the view's words).
PHASES = {"draw": N_("draw"), "place": N_("place"), "hypnotise": N_("hypnotise"),
          "end": N_("end")}


def _told(word: str) -> str:
    """A word the view writes (a seat's name, a phase, an item of the marque) in the reader's
    language: the view's words are identifiers, marked where they are defined."""
    return _(word)


def render(game: Game, observation: dict[str, Any]) -> str:
    """What one seat sees, drawn in text (the manifest's ``render``)."""
    o = observation
    you = o["seat"]
    if o["phase"] == "over":
        headline = _("the game is over")
    elif o["to_move"] is None:
        headline = (_("cards are being dealt") if o["phase"] == "deal"
                    else _("a card is being drawn"))
    else:
        headline = _("{seat} to play ({phase})", seat=_told(o["to_move"]),
                     phase=_told(PHASES[o["phase"]]))
    lines = [_("Crypto-90, round {round} (dealer {seat}) — {headline}", round=o["round"],
               seat=_told(o["dealer"]), headline=headline)]
    if o["last"]:
        lines.insert(0, _("last: {said}", said=o["last"]))
    lines.append(" " * 8 + " ".join(f"{place:>2}" for place in range(1, 9)) + "  "
                 + _("(row places)"))
    width = max(6, *(len(_told(name)) for name in o["rows"]))
    for name, row in o["rows"].items():
        cards = " ".join("··" if c is None else f"{c:>2}" for c in row)
        held = o["fakirs_set_aside"][name]
        fakirs = "  + " + ngettext("{count} fakir set aside", "{count} fakirs set aside",
                                   held) if held else ""
        hand = "  " + _("hand: {card}", card=o["hand"]) if name == you and o["hand"] else ""
        marker = "*" if name == you else " "
        lines.append(f"{marker}{_told(name):<{width}} {cards}{fakirs}{hand}")
    if o["taken"] is not None and o["mover"] is not None:
        taken = (_("{seat} has taken {card} from the stock") if o["taken_from"] == "stock"
                 else _("{seat} has taken {card} from the pile"))
        lines.append(taken.format(seat=_told(o["mover"]), card=o["taken"]))
    pile = o["pile_top"] or _("empty")
    lines.append(_("pile: {top} ({cards}) · stock: {stock}", top=pile,
                   cards=_cards(len(o["pile"])), stock=_cards(o["stock"])))
    totals = ", ".join(f"{_told(name)} {points}" for name, points in o["totals"].items())
    lines.append(_("points: {totals}", totals=totals))
    if o["last_round"]:
        last = o["last_round"]
        won = (_("{seat} won", seat=_told(last["winner"])) if last["winner"]
               else _("the stock ran out"))
        detail = "; ".join(
            f"{_told(name)} {score['total']}"
            + (f" ({', '.join(_item(item) for item in score['items'])})" if score["items"]
               else "")
            for name, score in last["scores"].items()
        )
        lines.append(_("last round: {how} — {detail}", how=won, detail=detail))
    return "\n".join(lines)


def _cards(n: int) -> str:
    return ngettext("{count} card", "{count} cards", n)


def _item(item: str) -> str:
    """An item of the view's «marque» (``round won 250``) in the reader's language."""
    name, _space, points = item.rpartition(" ")
    return f"{_told(name)} {points}"
