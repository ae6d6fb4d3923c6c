"""What the server checks at its door, before a page or a table sees anything: the headers of
every answer, bodies read no further than their limit, the origin of whatever changes
something, and each client address's allowance of what costs the server.

A page puts data into itself only through an escaping filter (``|tojson``) and runs no inline
script, so the Content-Security-Policy forbids inline scripts outright: a string that slipped
through would be shown, never run. No other site may frame a page, read it, or make a visitor's
browser create a table or upload a record in his name (:func:`check_origin`).

>>> allowance = Allowance(burst=2, rate=1.0)
>>> [allowance.allows("127.0.0.2", now=0.0) for _ in range(3)], allowance.allows("::1", 0.0)
([True, True, False], True)
"""

from __future__ import annotations

import asyncio
import ipaddress
import resource
from collections.abc import Callable, Mapping
from typing import Any, ClassVar

from starlette.requests import Request
from starlette.websockets import WebSocket
from uvicorn.protocols.http.httptools_impl import HttpToolsProtocol

from ludotheque.core.errors import LudothequeError
from ludotheque.core.i18n import _, decimal
from ludotheque.server.protocol import Flood

#: Sent with every answer. Scripts and styles come from this server's files only (a page's
#: SVG screens set some styles from their modules, hence inline styles); nothing frames a page.
SECURITY_HEADERS = {
    "Content-Security-Policy": (
        "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; "
        "img-src 'self' data:; connect-src 'self'; object-src 'none'; base-uri 'none'; "
        "form-action 'self'; frame-ancestors 'none'"
    ),
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "no-referrer",
}


class Refused(LudothequeError):
    """A request refused at the door, in one sentence, with its HTTP status."""

    def __init__(self, sentence: str, status: int) -> None:
        super().__init__(sentence)
        self.status = status


async def bounded_body(request: Request, limit: int, refusal: str) -> bytes:
    """The request's body, read no further than ``limit`` bytes: a longer one (announced or
    not) is refused before the rest is read, saying ``refusal`` (an ``N_``-marked sentence,
    its ``{limit}`` filled)."""
    announced = request.headers.get("content-length", "")
    if announced.isdigit() and int(announced) > limit:
        raise Refused(_(refusal, limit=decimal(limit, ",")), 413)
    body = bytearray()
    async for chunk in request.stream():
        body += chunk
        if len(body) > limit:
            raise Refused(_(refusal, limit=decimal(limit, ",")), 413)
    return bytes(body)


def check_origin(headers: Mapping[str, str], allowed: str | None = None) -> None:
    """Refuse what another site's page made a browser send. A browser says where a request
    comes from: ``Sec-Fetch-Site`` (every current one), else ``Origin`` (which the pages' own
    ``Referrer-Policy: no-referrer`` makes ``null`` on a form, so ``Sec-Fetch-Site`` comes
    first); the page must be this server's, as the request's ``Host`` names it, or
    ``allowed`` (its public address). A program that says neither is no visitor's browser.

    >>> check_origin({"host": "127.0.0.1:8000", "sec-fetch-site": "same-origin"})
    >>> check_origin({"host": "127.0.0.1:8000", "origin": "http://127.0.0.1:8000"})
    >>> check_origin({"host": "127.0.0.1:8000", "origin": "https://evil.example"})
    Traceback (most recent call last):
    ...
    ludotheque.server.guard.Refused: this comes from another site's page \
(https://evil.example); the server takes it only from its own.
    """
    site = headers.get("sec-fetch-site")
    if site is not None:
        if site in ("same-origin", "none"):  # none: the person's own doing, not a page's
            return
        raise Refused(_("this comes from another site's page ({site}); the server takes it "
                        "only from its own.", site=site[:20]), 403)
    origin = headers.get("origin")
    if origin is None:
        return
    host = headers.get("host", "")
    ours = {f"http://{host}", f"https://{host}"} | ({allowed.rstrip("/")} if allowed else set())
    if origin not in ours:
        raise Refused(_("this comes from another site's page ({site}); the server takes it "
                        "only from its own.", site=origin[:80]), 403)


def check_form(request: Request) -> None:
    """A form posted as forms are (``application/x-www-form-urlencoded``), from this site."""
    check_origin(request.headers)
    kind = request.headers.get("content-type", "").partition(";")[0].strip()
    if not kind:
        raise Refused(_("a form is sent as application/x-www-form-urlencoded, as a browser "
                        "sends one, not as nothing."), 415)
    if kind != "application/x-www-form-urlencoded":
        raise Refused(_("a form is sent as application/x-www-form-urlencoded, as a browser "
                        "sends one, not as {kind}.", kind=kind), 415)


class Allowance:
    """How much of something costly (tables created, records replayed, connections opened)
    each client address may ask: ``burst`` at once, then ``rate`` a second; one client
    using his up leaves everyone else's whole."""

    #: The most addresses remembered; beyond, the oldest are forgotten (they start afresh).
    REMEMBERED = 10_000

    def __init__(self, burst: int, rate: float) -> None:
        self.burst, self.rate = burst, rate
        self._floods: dict[str, Flood] = {}

    def allows(self, client: str, now: float) -> bool:
        flood = self._floods.pop(client, None) or Flood(now, self.burst, self.rate)
        self._floods[client] = flood  # the latest last, the oldest first to go
        if len(self._floods) > self.REMEMBERED:
            del self._floods[next(iter(self._floods))]
        return flood.allows(now)


class SecurityHeaders:
    """The ASGI middleware that adds :data:`SECURITY_HEADERS` to every HTTP answer."""

    ENCODED: ClassVar[list[tuple[bytes, bytes]]] = [
        (name.lower().encode(), value.encode()) for name, value in SECURITY_HEADERS.items()]

    def __init__(self, app: Any) -> None:
        self.app = app

    async def __call__(self, scope: Any, receive: Any, send: Any) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return

        async def sending(message: Any) -> None:
            if message["type"] == "http.response.start":
                message["headers"] = [*message.get("headers", []), *self.ENCODED]
            await send(message)

        await self.app(scope, receive, sending)


def client_of(request: Request | WebSocket) -> str:
    """The address a request came from (behind a proxy, as the proxy says it, where uvicorn
    was told to trust it)."""
    return request.client.host if request.client else ""


#: How long a connection may take to send a request's headers, from its opening or from its
#: last answer: a client that trickles them in (slowloris) is let go.
HEADERS_WITHIN = 10.0
#: The most connections (pages and sockets together) one client address may hold open.
PER_ADDRESS = 64


def among(proxies: frozenset[str]) -> Callable[[str], bool]:
    """Whether an address is one of ``proxies``: addresses, networks (``10.0.0.0/8``), or
    ``*`` for any, as uvicorn's ``forwarded_allow_ips`` reads them.

    >>> proxy = among(frozenset({"127.0.0.1", "10.0.0.0/8"}))
    >>> proxy("127.0.0.1"), proxy("10.1.2.3"), proxy("192.168.1.2"), proxy("unix")
    (True, True, False, False)
    """
    networks = []
    for proxy in proxies - {"*"}:
        try:
            networks.append(ipaddress.ip_network(proxy, strict=False))
        except ValueError:
            continue  # a name, compared as it is written

    def spoken_for(address: str) -> bool:
        if "*" in proxies or address in proxies:
            return True
        try:
            ip = ipaddress.ip_address(address)
        except ValueError:
            return False
        return any(ip in network for network in networks)

    return spoken_for


def doorkeeper(most: int, per_address: int = PER_ADDRESS, within: float = HEADERS_WITHIN,
               exempt: frozenset[str] = frozenset()) -> type[HttpToolsProtocol]:
    """uvicorn's HTTP protocol with a door, counted when a socket opens: past ``most`` open
    connections, or ``per_address`` from one address (but those ``exempt``, :func:`among`: a
    proxy in front speaks for many), a new one is closed at once; one that has
    not sent a request's whole headers ``within`` seconds of opening, or of its last answer,
    is closed. A
    WebSocket stays counted until it closes, as the connection it upgraded."""
    opened: dict[asyncio.BaseTransport, str] = {}
    spoken_for = among(exempt)

    class Doorkeeper(HttpToolsProtocol):
        _headers_due: asyncio.TimerHandle | None = None

        def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
            super().connection_made(transport)
            for known in [t for t in opened if t.is_closing()]:
                del opened[known]
            address = self.client[0] if self.client else ""
            if len(opened) >= most or (not spoken_for(address) and sum(
                    a == address for a in opened.values()) >= per_address):
                transport.close()  # no room: refused as it opens, before it costs anything
                return
            opened[transport] = address
            self._await_headers()

        def data_received(self, data: bytes) -> None:
            if self._headers_due is None and (self.cycle is None or
                                              self.cycle.response_complete):
                self._await_headers()  # the next request's headers, on a kept connection
            super().data_received(data)

        def on_headers_complete(self) -> None:
            if self._headers_due is not None:
                self._headers_due.cancel()
                self._headers_due = None
            super().on_headers_complete()

        def connection_lost(self, exc: Exception | None) -> None:
            if self._headers_due is not None:
                self._headers_due.cancel()
            super().connection_lost(exc)

        def _await_headers(self) -> None:
            self._headers_due = self.loop.call_later(within, self.transport.close)

    return Doorkeeper


def open_files_allow() -> int:
    """How many connections this process's open-file limit leaves room for, a hundred kept
    for the database, the pools and the files a page serves."""
    soft, _ = resource.getrlimit(resource.RLIMIT_NOFILE)
    return max(16, soft - 100) if soft != resource.RLIM_INFINITY else 10_000
