"""The links a table gives to be shared: a seat's (with its key, in the fragment) and the
spectators', each with its QR code drawn here as SVG.

A link is built on a *base*: the server's public address where it was given one
(``serve --public-url``), else the origin of the page that asked, as its browser told it in
the WebSocket's ``Origin`` header. Never the request's ``Host``, which whoever sends the
request writes: an address someone else chose never reaches an invitation or its code. A code
travels inside the WebSocket's messages, as a ``data:`` image, so that nothing holding a key
is ever asked for by URL (and logged on the way).

>>> origin("https://jeux.example.org/")
'https://jeux.example.org'
>>> origin("http://192.168.1.10:8000")
'http://192.168.1.10:8000'
>>> origin("https://jeux.example.org/ludotheque")
Traceback (most recent call last):
...
ludotheque.core.errors.LudothequeError: a public address is http:// or https://, a host and \
perhaps a port, with no path: not 'https://jeux.example.org/ludotheque'.
>>> seat_link("https://jeux.example.org", "abc", "k3y")
'https://jeux.example.org/t/abc#key=k3y'
>>> qr("https://jeux.example.org/t/abc").startswith("data:image/svg+xml")
True
"""

from __future__ import annotations

import re
from functools import lru_cache
from urllib.parse import quote

import segno

from ludotheque.core.errors import LudothequeError, quoted
from ludotheque.core.i18n import _

#: An origin: a scheme, a host (a name of at most 100 characters, an IPv4 address or a
#: bracketed IPv6 one) and perhaps a port; nothing else (no user, no path), so that a link
#: built on it goes only there.
_ORIGIN = re.compile(r"(https?)://([A-Za-z0-9.-]{1,100}|\[[0-9A-Fa-f:.]{2,45}\])(:\d{1,5})?",
                     re.ASCII)


def origin(url: str) -> str:
    """``url`` as an origin (a trailing slash dropped), or one sentence saying what one is."""
    text = url.strip().removesuffix("/")
    if not _ORIGIN.fullmatch(text):
        raise LudothequeError(_("a public address is http:// or https://, a host and perhaps "
                                "a port, with no path: not {address}.",
                                address=quoted(url[:200])))
    return text.lower()


def table_link(base: str, table_id: str) -> str:
    """The table's link for spectators."""
    return f"{base}/t/{quote(table_id, safe='')}"


def seat_link(base: str, table_id: str, key: str) -> str:
    """A seat's link: its key in the fragment, which a browser never sends anywhere."""
    return f"{table_link(base, table_id)}#key={quote(key, safe='')}"


@lru_cache(maxsize=1024)
def qr(url: str) -> str:
    """A QR code of ``url`` as an SVG ``data:`` URL, for an ``<img>``: a picture, never a
    document that runs anything. Drawing one takes about 8 ms (``Service`` draws them off its
    event loop): a link asked for again (a page coming back) is drawn once."""
    code = segno.make(url, error="m")
    return str(code.svg_data_uri(scale=4, border=2, dark="#1f1a17", light="#fffdf8"))
