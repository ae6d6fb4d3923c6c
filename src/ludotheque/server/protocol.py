"""What a browser and the server say over a table's WebSocket: JSON objects, one a message.

From the browser (each checked by :func:`read`; anything else is one sentence back, and
nothing is played or written):

- ``{"type": "hello", "key": KEY or null, "after": N}``, first: the seat link's key (none for a
  spectator), and the number of the last event this page has shown (0 for none);
- ``{"type": "move", "id": ID, "move": "1/4"}``: a move as written, with an id of the page's
  choosing, so that a move sent twice (a reconnection) is played once;
- ``{"type": "take-back", "id": ID}``: take back one's own last decision, where the rules let;
- ``{"type": "ask", "question": "Somme"}``: what ``?`` asks at the terminal;
- ``{"type": "hand-over", "seat": S}``: hand a seat whose person has gone to the computer;
- ``{"type": "take-seat"}``: take one's own seat back from the computer;
- ``{"type": "say", "text": "À toi !"}``: a line of talk to the table (text, never markup);
- ``{"type": "setting", "name": "talk", "value": "false"}``: the creator changes a setting of
  the table (``server.settings``);
- ``{"type": "close"}``: the creator ends his table, as abandoned;
- ``{"type": "again"}``: once the game is over, open the next table with the same seats;
- ``{"type": "link"}``: this seat's own link, to play it on another device;
- ``{"type": "preview", "move": "red 1 aim 92.1 pressure 0.50 steep 60"}``: where a shot being
  aimed would come to rest with a steady hand, at a table whose assist is on (its own
  allowance, :data:`PREVIEWS`, beside the one of every other message);
- ``{"type": "hint"}``: the computer's best moves for this seat, at its turn, where the table
  allows hints (``settings.hints_allowed``).

From the server: ``welcome`` (the seat this connection holds, the table's settings and, for its
creator, the invitations: each seat's link and QR code), ``update`` (the events since the last
one sent, as told to this seat, and the table as it sees it: ``GameTable.frame``, in the
language of its page, its legal moves in the notation, ``legal``, beside their ``labels`` in
that language; once a fault has ended the table, ``stopped`` is true, ``result`` says so, and
``view`` is null if the last position could not be shown), ``presence`` (who is at the table,
and which seats' people have come), ``ack`` (a move already played), ``answer``, ``error``
(with ``refused_key`` true where a hello's key opens no seat: the page forgets it, and may say
hello again without one), ``talk`` (lines said), ``settings`` (the table's, changed), ``again``
(the next table, with this seat's key there), ``link``, ``thinking`` (a computer seat is
thinking after event ``after``, for ``for`` seconds so far, and where its search tells it, has
spent the share ``done`` of its budget, told again each second as it grows: its move, in an
``update``, ends it), ``hint`` (to the seat that asked: the event it was worked out after,
``after``, and its ``moves``, best first, each with ``move``, its decisions ``path`` as typed,
``value``, ``samples`` and the line ``said``, in the ``unit`` of ``agents.hint``), ``hinted``
(to everyone else: the ``seat`` that asked, and its ``name``; ``welcome`` and ``settings`` say
whether this table allows hints, ``hints``, and ``welcome`` whether its setting decides it,
``hints_chosen``) and ``preview`` (the ``move`` asked for, and where each counter it moves
would come to rest, ``rests``, or the ``error`` that refused it: every preview asked for is
answered, so that a page asks the next).

>>> read('{"type": "move", "id": "a1", "move": "1/4"}')
{'type': 'move', 'id': 'a1', 'move': '1/4'}
>>> read('{"type": "move", "move": "1/4"}')
Traceback (most recent call last):
...
ludotheque.server.protocol.ProtocolError: a move message needs an id, a text of 1 to 100 \
characters.
>>> read("[1, 2]")
Traceback (most recent call last):
...
ludotheque.server.protocol.ProtocolError: a message is a JSON object with a type: hello, \
move, take-back, ask, hand-over, take-seat, say, setting, close, again, link, preview, hint.
>>> read("[" * 1500)
Traceback (most recent call last):
...
ludotheque.server.protocol.ProtocolError: a message is one JSON object of plain fields, \
nested no deeper.
"""

from __future__ import annotations

import json
from typing import Any

from ludotheque.core.errors import LudothequeError, quoted
from ludotheque.core.i18n import _, decimal
from ludotheque.core.record import nesting

#: The longest message read, in characters: the longest a page sends is a question.
MAX_MESSAGE = 2000
#: How many messages a connection may send in a burst, and how many a second after it.
BURST, RATE = 20, 10.0
#: The same for previews of a shot (a drag asks for one as the last is answered, and no more
#: than 40 a second: ``table.js``): a separate allowance, so that aiming never costs a move
#: its place; each costs the engine a shot.
PREVIEWS = (40, 40.0)


class ProtocolError(LudothequeError):
    """A message that is not one the server reads, in one sentence."""


#: Each message's fields: (type, and for text its longest length) — ``None`` allowed where
#: the field may be null.
FIELDS: dict[str, dict[str, tuple[Any, ...]]] = {
    "hello": {"key": (str, 100, None), "after": (int,)},
    "move": {"id": (str, 100), "move": (str, 100)},
    "take-back": {"id": (str, 100)},
    "ask": {"question": (str, 200)},
    "hand-over": {"seat": (int,)},
    "take-seat": {},
    "say": {"text": (str, 1000)},
    "setting": {"name": (str, 40), "value": (str, 40)},
    "close": {},
    "again": {},
    "link": {},
    "preview": {"move": (str, 100)},
    "hint": {},
}


def read(text: str) -> dict[str, Any]:
    """The message ``text`` holds, checked: its type and its fields, of the right kinds."""
    if len(text) > MAX_MESSAGE:
        raise ProtocolError(_("a message is at most {most} characters; this one has {count}.",
                              most=decimal(MAX_MESSAGE, ","), count=decimal(len(text), ",")))
    # A message is one object of plain fields: anything nested deeper is refused unparsed.
    if nesting(text) > 1:
        raise ProtocolError(_("a message is one JSON object of plain fields, nested no deeper."))
    try:
        message = json.loads(text)
    except ValueError:
        raise ProtocolError(_("a message is JSON; {text} is not.", text=quoted(text))) from None
    kind = message.get("type") if isinstance(message, dict) else None
    if not isinstance(kind, str) or kind not in FIELDS:
        raise ProtocolError(_("a message is a JSON object with a type: {types}.",
                              types=", ".join(FIELDS)))
    for name, (form, *rest) in FIELDS[kind].items():
        value = message.get(name)
        if value is None and None in rest:
            continue
        if form is int:
            ok = isinstance(value, int) and not isinstance(value, bool) and 0 <= value < 2**31
        else:
            ok = isinstance(value, str) and 0 < len(value) <= rest[0] and _unicode(value)
        if not ok:
            raise ProtocolError(_needs(kind, name, None if form is int else rest[0]))
    return {"type": kind, **{name: message.get(name) for name in FIELDS[kind]}}


def _needs(kind: str, name: str, longest: int | None) -> str:
    """What a ``kind`` message's field ``name`` must hold (a text of at most ``longest``
    characters, or a whole number where that is None), as one sentence; the field's name
    written as the protocol writes it, its article as English puts it.

    >>> _needs("hello", "after", None)
    'a hello message needs an after, a whole number from 0.'
    """
    vowel = name[0] in "aeiou"
    if longest is None:
        return (_("a {kind} message needs an {field}, a whole number from 0.", kind=kind,
                  field=name) if vowel else
                _("a {kind} message needs a {field}, a whole number from 0.", kind=kind,
                  field=name))
    if vowel:
        return _("a {kind} message needs an {field}, a text of 1 to {longest} characters.",
                 kind=kind, field=name, longest=longest)
    return _("a {kind} message needs a {field}, a text of 1 to {longest} characters.",
             kind=kind, field=name, longest=longest)


def _unicode(text: str) -> bool:
    """Whether ``text`` is text a database and a page can hold: JSON may write half of a
    UTF-16 pair (``"\\ud800"``), which no UTF-8 can.

    >>> _unicode("Côte-d'Or"), _unicode(chr(0xD800))
    (True, False)
    """
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        return False
    return True


def error(sentence: str, move_id: str | None = None) -> dict[str, Any]:
    """The message that tells a browser what was wrong."""
    told: dict[str, Any] = {"type": "error", "message": sentence}
    if move_id is not None:
        told["id"] = move_id
    return told


class Flood:
    """A connection's allowance of messages: ``BURST`` at once, then ``RATE`` a second.

    >>> flood = Flood(now=0.0)
    >>> [flood.allows(0.0) for _ in range(21)].count(False)
    1
    >>> flood.allows(0.2)
    True
    """

    def __init__(self, now: float, burst: int = BURST, rate: float = RATE) -> None:
        self.burst, self.rate = burst, rate
        self.tokens, self.at = float(burst), now

    def allows(self, now: float) -> bool:
        self.tokens = min(self.burst, self.tokens + (now - self.at) * self.rate)
        self.at = now
        if self.tokens < 1:
            return False
        self.tokens -= 1
        return True
