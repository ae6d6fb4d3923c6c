"""The web application: the pages, each table's WebSocket, and the record downloads.

``create_app(database)`` builds it over a database URL; ``ludotheque serve`` runs it on
uvicorn. The pages are rendered here (``ludotheque.server.pages``); a game's screen is a small
ES module per rule set under ``static/games``, drawing the view the WebSocket brings.

A seat link is ``/t/TABLE#key=KEY``: the key travels in the URL's fragment, which a browser
never sends, and then inside the WebSocket's first message, so that it appears in no access
log, no referrer and no proxy's log.
"""

from __future__ import annotations

import asyncio
import json
import logging
import random
import time
from collections.abc import AsyncIterator, Callable
from concurrent.futures import Executor
from contextlib import asynccontextmanager
from typing import Any
from urllib.parse import parse_qs

from fastapi import FastAPI, Request, WebSocket
from fastapi.responses import (
    FileResponse,
    HTMLResponse,
    JSONResponse,
    RedirectResponse,
    Response,
    StreamingResponse,
)
from fastapi.staticfiles import StaticFiles
from starlette.background import BackgroundTask
from starlette.websockets import WebSocketDisconnect

from ludotheque.core import i18n
from ludotheque.core.errors import LudothequeError, quoted
from ludotheque.core.i18n import N_, _, decimal
from ludotheque.core.numbers import parse_int
from ludotheque.core.record import MAX_RECORD_BYTES, Record, nesting
from ludotheque.server import pages
from ludotheque.server.analyses import Analyses
from ludotheque.server.guard import (
    Allowance,
    Refused,
    SecurityHeaders,
    bounded_body,
    check_form,
    check_origin,
    client_of,
)
from ludotheque.server.invitations import origin
from ludotheque.server.protocol import (
    BURST,
    MAX_MESSAGE,
    PREVIEWS,
    RATE,
    Flood,
    ProtocolError,
    error,
    read,
)
from ludotheque.server.service import (
    ABANDON_AFTER,
    HAND_OVER_AFTER,
    HIDE_AFTER,
    MAX_PLAYING,
    Listener,
    Service,
    UnknownKey,
)
from ludotheque.server.settings import hints_allowed, hints_chosen, told
from ludotheque.server.store import Store
from ludotheque.server.table import Chance

#: What a record too long to be read is told.
RECORD_AT_MOST = N_("a record is at most {limit} bytes.")

#: The cookie that keeps the language a person chose on a page.
LANGUAGE_COOKIE = "language"

#: The default database: a file in the directory the server is started from.
DEFAULT_DATABASE = "sqlite:///ludotheque.sqlite"

#: How many tables a client address may open at once, then how many a second; and records it
#: may replay (a replay plays the whole game again).
CREATIONS = (20, 1 / 30)
REPLAYS = (30, 1.0)

_log = logging.getLogger("ludotheque.server")


def create_app(
    database: str = DEFAULT_DATABASE,
    *,
    rng: random.Random | None = None,
    pool: Executor | None = None,
    shot_pool: Executor | None = None,
    background: Executor | None = None,
    preview_pool: Executor | None = None,
    hint_pool: Executor | None = None,
    analysis_pool: Executor | None = None,
    workers: int | None = None,
    shot_workers: int = 1,
    hand_over_after: float = HAND_OVER_AFTER,
    message_rate: tuple[int, float] = (BURST, RATE),
    chance: Chance | None = None,
    creations: tuple[int, float] = CREATIONS,
    replays: tuple[int, float] = REPLAYS,
    hide_after: float = HIDE_AFTER,
    abandon_after: float = ABANDON_AFTER,
    max_playing: int = MAX_PLAYING,
    public_url: str | None = None,
) -> FastAPI:
    """The application over the database at ``database`` (any SQLAlchemy URL); a connection
    may send ``message_rate`` messages: a burst, then so many a second; a client address may
    open ``creations`` tables and replay ``replays`` records, as many. The computer players
    think as ``Service`` says, and finished games are analysed in ``analysis_pool`` (by default
    processes of their own: ``server.analyses``). Links to share are built on ``public_url``
    (the server as others reach it: ``https://jeux.example.org``), else on each page's own
    address."""
    public = origin(public_url) if public_url else None

    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        service = Service(Store(database), rng=rng, pool=pool, shot_pool=shot_pool,
                          background=background, preview_pool=preview_pool,
                          hint_pool=hint_pool,
                          workers=workers, shot_workers=shot_workers,
                          hand_over_after=hand_over_after, chance=chance,
                          hide_after=hide_after, abandon_after=abandon_after,
                          max_playing=max_playing)
        app.state.service = service
        app.state.analyses = Analyses(analysis_pool)
        await service.start()
        yield
        await service.close()
        app.state.analyses.close()

    app = FastAPI(title="Ludothèque", lifespan=lifespan, docs_url=None, redoc_url=None,
                  openapi_url=None)
    app.add_middleware(SecurityHeaders)

    @app.middleware("http")
    async def in_its_language(request: Request, call_next: Any) -> Response:
        """Answer each request in its reader's language: the one chosen on a page (its
        cookie), else the best its browser asks for."""
        with i18n.reading(_reader_language(request)):
            pages.answering(request.url.path)
            response: Response = await call_next(request)
            return response
    #: What each client address may ask of what costs: tables created, records replayed.
    opened, replayed = Allowance(*creations), Allowance(*replays)
    app.mount("/static", StaticFiles(packages=[("ludotheque.server", "static")]),
              name="static")

    @app.exception_handler(Refused)
    async def refused(request: Request, exc: Refused) -> Response:
        """What is refused at the door: one sentence, with its status."""
        if (request.url.path in ("/replay/steps", "/replay/analysis")
                or request.url.path.endswith("/record")):
            return JSONResponse({"error": str(exc)}, status_code=exc.status)
        return HTMLResponse(pages.problem(str(exc)), status_code=exc.status)

    @app.exception_handler(LudothequeError)
    async def problem(request: Request, exc: LudothequeError) -> Response:
        """A page that cannot be given is one sentence: what was asked is not here (404), or
        what was sent cannot be taken (400)."""
        status = 404 if request.method == "GET" else 400
        return HTMLResponse(pages.problem(str(exc)), status_code=status)

    def service_of(request: Request | WebSocket) -> Service:
        service: Service = request.app.state.service
        return service

    @app.get("/", response_class=HTMLResponse)
    async def lobby(request: Request) -> str:
        service = service_of(request)
        return pages.lobby(service, *await service.listed())

    @app.get("/language/{code}")
    async def switch(code: str, next: str = "/") -> Response:
        """Read the edition in ``code`` from now on (a cookie), back on the page it was
        chosen on: a path of this site's, nothing else."""
        i18n.checked(code)
        back = next if next.startswith("/") and not next.startswith("//") else "/"
        answer = RedirectResponse(back, status_code=303)
        answer.set_cookie(LANGUAGE_COOKIE, code, max_age=365 * 86_400, samesite="lax")
        return answer

    @app.get("/new/{game}", response_class=HTMLResponse)
    async def new_table(game: str) -> str:
        return pages.new_table(game)

    def may_open(client: str) -> None:
        """Refuse a new table (its form, or a game played again) past the address's
        allowance."""
        if not opened.allows(client, time.monotonic()):
            raise Refused(_("this address has opened {count} tables in a short while; it may "
                            "open another every {seconds} seconds.", count=opened.burst,
                            seconds=decimal(1 / opened.rate)), 429)

    @app.post("/new/{game}")
    async def create_table(game: str, request: Request) -> Response:
        check_form(request)
        body = await bounded_body(request, 10_000,
                                  N_("a table's form is at most {limit} bytes."))
        may_open(client_of(request))
        form = {k: v[-1] for k, v in parse_qs(body.decode("utf-8", "replace")).items()}
        try:
            options, kinds, settings = pages.read_new_table(game, form)
            table_id, keys = await service_of(request).create(game, options, kinds,
                                                              client_of(request), settings)
        except LudothequeError as exc:
            return HTMLResponse(pages.new_table(game, form, str(exc)), status_code=400)
        where = f"/t/{table_id}"
        if keys:  # the creator takes the first person's seat
            where += f"#key={keys[min(keys)]}"
        return RedirectResponse(where, status_code=303)

    @app.get("/t/{table_id}", response_class=HTMLResponse)
    async def table_page(table_id: str, request: Request) -> str:
        return pages.table(await service_of(request).current(table_id))

    @app.get("/t/{table_id}/record")
    async def record(table_id: str, request: Request) -> Response:
        try:
            table = await service_of(request).current(table_id)
        except LudothequeError as exc:
            return JSONResponse({"error": str(exc)}, status_code=404)
        if not table.is_over():
            # The record holds every card dealt: it leaves the server only once the game is over.
            return JSONResponse(
                {"error": _("the record is given once the game is over; it holds every card.")},
                status_code=403,
            )
        return Response(
            table.record().to_json() + "\n", media_type="application/json",
            headers={"Content-Disposition":
                     f'attachment; filename="{table.game.name}-{table_id}.json"'},
        )

    @app.get("/rules/{game}", response_class=HTMLResponse)
    async def rules(game: str) -> str:
        return pages.rules(game)

    @app.get("/readings/{path:path}")
    async def reading(path: str) -> Response:
        """The studies of the readings the rules pages link to: a report as a page, its plots
        and numbers as files."""
        file = pages.reading_file(path)
        if file.suffix == ".md":
            return HTMLResponse(pages.reading(file))
        return FileResponse(file)

    @app.get("/replay/{table_id}", response_class=HTMLResponse)
    async def replay_page(table_id: str, request: Request) -> str:
        table = await service_of(request).current(table_id)
        if not table.is_over():
            raise LudothequeError(_("this game is still being played: watch it instead."))
        return pages.replay(table.record(), table_id)

    @app.post("/replay", response_class=HTMLResponse)
    async def replay_upload(request: Request) -> str:
        """A record sent by the lobby's form (its field ``record``), replayed."""
        check_form(request)
        # Written into a form, a record grows by its escapes: up to three bytes a character.
        body = await bounded_body(request, 3 * MAX_RECORD_BYTES + 100, RECORD_AT_MOST)
        text = parse_qs(body.decode("utf-8", "replace")).get("record", [""])[-1]
        return pages.replay(_uploaded(text, replayed, client_of(request)), None)

    @app.post("/replay/steps")
    async def replay_steps(request: Request) -> Response:
        """Every step of a record (sent as the body, JSON), as ``seat`` (a number, or none for
        a spectator) sees it; a finished game's record holds nothing hidden any more."""
        kind = request.headers.get("content-type", "").partition(";")[0].strip()
        if kind != "application/json":
            raise Refused(_("a record's steps are asked for with the record as "
                            "application/json."), 415)
        body = await bounded_body(request, MAX_RECORD_BYTES, RECORD_AT_MOST)
        try:
            record = _uploaded(body.decode("utf-8-sig"), replayed, client_of(request))
            seat = request.query_params.get("seat")
            steps = pages.steps(record, None if seat in (None, "") else int(seat))
        except Refused:
            raise
        except UnicodeDecodeError:
            return JSONResponse({"error": _("a record is UTF-8 text; this file is not.")}, 400)
        except (LudothequeError, ValueError) as exc:
            return JSONResponse({"error": str(exc)}, status_code=400)
        return JSONResponse(steps)

    @app.post("/replay/analysis")
    async def replay_analysis(request: Request) -> Response:
        """The analysis of a finished game's record (sent as the body, JSON) for ``seat`` (a
        number, or none for every seat), told a line at a time as it is worked out
        (``server.analyses``)."""
        kind = request.headers.get("content-type", "").partition(";")[0].strip()
        if kind != "application/json":
            raise Refused(_("a game is analysed with its record sent as application/json."),
                          415)
        body = await bounded_body(request, MAX_RECORD_BYTES, RECORD_AT_MOST)
        try:
            record = _uploaded(body.decode("utf-8-sig"), replayed, client_of(request))
            seat = _seat_asked(request.query_params.get("seat"), record)
            client = client_of(request)
            lines = await app.state.analyses.start(record, seat, i18n.language(), client)
        except Refused:
            raise
        except UnicodeDecodeError:
            return JSONResponse({"error": _("a record is UTF-8 text; this file is not.")}, 400)
        except LudothequeError as exc:
            return JSONResponse({"error": str(exc)}, status_code=400)
        # Released when the lines end, and again once the answer is over, however it ends.
        return StreamingResponse(lines, media_type="application/x-ndjson",
                                 background=BackgroundTask(app.state.analyses.release, client))

    @app.websocket("/t/{table_id}/ws")
    async def stream(websocket: WebSocket, table_id: str) -> None:
        try:
            check_origin(websocket.headers, public)
        except Refused:
            await websocket.close(code=4403)  # refused before it opens: another site's page
            return
        await websocket.accept()
        # The connection reads the game, and is answered, in its page's language.
        with i18n.reading(_reader_language(websocket)):
            await _converse(websocket, service_of(websocket), table_id,
                            Flood(time.monotonic(), *message_rate),
                            public or _page_origin(websocket.headers.get("origin")), may_open)

    return app


def _page_origin(said: str | None) -> str | None:
    """The origin of the page that opened a WebSocket, as its browser says it (``Origin``),
    where it is one: what its links are built on without a public address."""
    try:
        return origin(said) if said is not None else None
    except LudothequeError:
        return None


def _seat_asked(asked: str | None, record: Record) -> int | None:
    """The seat a replay asks about (``seat``: its number, or nothing for every seat)."""
    if asked in (None, ""):
        return None
    count = record.load_game().num_players()
    seat = parse_int(asked)
    if seat is None or seat >= count:
        raise LudothequeError(_("a seat is asked for by its number, 0 to {last}, not {seat}.",
                                last=count - 1, seat=quoted(asked[:20])))
    return seat


def _uploaded(text: str, replayed: Allowance, client: str) -> Record:
    """The finished game's record ``text``, checked: its game, its seats, its moves."""
    if not replayed.allows(client, time.monotonic()):
        raise Refused(_("this address has replayed {count} records in a short while; it may "
                        "replay another every {seconds} seconds.", count=replayed.burst,
                        seconds=decimal(1 / replayed.rate)), 429)
    record = pages.check_seats(Record.from_json(text))
    try:
        over = record.is_over()
    except LudothequeError:
        raise
    except Exception as error:  # the rules', not the record's
        _log.error("an uploaded record of %s could not be replayed", record.game,
                   exc_info=error)
        raise LudothequeError(_("the server could not replay this record: its rules met a "
                                "fault, now in the server's log.")) from None
    if not over:
        raise LudothequeError(_("only a finished game's record is replayed here (or one a "
                                "fault stopped)."))
    return record


def _reader_language(connection: Request | WebSocket) -> str:
    """The language a page's reader chose (its cookie), else the best his browser asks for."""
    return i18n.chosen(connection.headers.get("accept-language"),
                       connection.cookies.get(LANGUAGE_COOKIE))


async def _converse(websocket: WebSocket, service: Service, table_id: str, flood: Flood,
                    base: str | None, may_open: Callable[[str], None]) -> None:
    """One connection: a hello, then moves and questions, until it closes, or it falls so
    far behind in reading that it is let go (its page comes back from its last event). Its
    links are built on ``base``; ``may_open`` refuses a table its client may not open."""
    conversation = asyncio.current_task()
    assert conversation is not None  # run as a task, as every ASGI connection is
    listener = Listener(seat=None, drop=conversation.cancel, language=i18n.language())
    previews = Flood(time.monotonic(), *PREVIEWS)
    pump = asyncio.create_task(_pump(websocket, listener))
    joined = False
    try:
        await service.current(table_id)
    except LudothequeError as exc:
        listener.send(error(str(exc)))
        listener.send({"type": "close"})
        await pump
        return
    try:
        while True:
            message = await websocket.receive()
            if message["type"] == "websocket.disconnect":
                break
            text = message.get("text")
            said, unread = None, None
            try:
                said = read(text) if text is not None else None
            except ProtocolError as exc:
                unread = exc
            # A preview of a shot draws on an allowance of its own: aiming never costs a move.
            if joined and said is not None and said["type"] == "preview":
                await _preview(service, table_id, listener, said, previews)
                continue
            if not flood.allows(time.monotonic()):
                # Refused unplayed: a flood is answered, and its page told which move was not.
                listener.send(error(_("too many messages: a page sends at most {rate} a "
                                      "second; this one was not played.",
                                      rate=decimal(flood.rate)),
                                    _id_of(text) if text is not None else None))
                continue
            if text is None:
                listener.send(error(_("a message is JSON text, not binary data.")))
                continue
            try:
                if unread is not None:
                    raise unread
                assert said is not None  # read, as it is text
                if not joined:
                    joined = await _hello(service, table_id, listener, said, base)
                else:
                    await _handle(service, table_id, listener, said, client_of(websocket),
                                  may_open)
            except UnknownKey as exc:
                listener.send(error(str(exc)) | {"refused_key": True})
            except LudothequeError as exc:
                listener.send(error(str(exc), _id_of(text)))
    except WebSocketDisconnect:
        pass
    except asyncio.CancelledError:
        if not listener.behind:
            raise
        conversation.uncancel()  # let go of on purpose: the connection ends here
    finally:
        if joined:
            service.leave(table_id, listener)
        pump.cancel()


async def _preview(service: Service, table_id: str, listener: Listener, said: dict[str, Any],
                   previews: Flood) -> None:
    """Answer a preview: where the shot would rest, or the sentence that refused it (every
    preview is answered, so that its page asks the next)."""
    move = said["move"]
    try:
        if listener.seat is None:
            raise ProtocolError(_("a spectator watches: only a seat's link may aim a shot."))
        if not previews.allows(time.monotonic()):
            raise ProtocolError(_("too many previews: a page asks for at most {rate} a second.",
                                  rate=decimal(previews.rate)))
        rests = await service.preview(table_id, listener.seat, move)
    except LudothequeError as exc:
        listener.send({"type": "preview", "move": move, "error": str(exc)})
        return
    listener.send({"type": "preview", "move": move, "rests": rests})


def _id_of(text: str) -> str | None:
    """The id a refused message gave, where it gave one (read as ``protocol.read`` would)."""
    if len(text) > MAX_MESSAGE or nesting(text) > 1:
        return None
    try:
        move_id = json.loads(text).get("id")
    except (ValueError, AttributeError):
        return None
    return move_id if isinstance(move_id, str) and len(move_id) <= 100 else None


async def _hello(service: Service, table_id: str, listener: Listener, said: dict[str, Any],
                 base: str | None) -> bool:
    if said["type"] != "hello":
        raise ProtocolError(_("the first message is a hello: {hello}.",
                              hello='{"type": "hello", "key": …, "after": 0}'))
    seat = service.seat_of(table_id, said["key"])
    table = service.table(table_id)
    listener.seat, listener.sent = seat, said["after"]
    welcome: dict[str, Any] = {
        "type": "welcome", "seat": seat,
        "seat_name": None if seat is None else table.seat_name(seat),
        "seats": [table.seat_name(s) for s in range(len(table.kinds))],
    }
    listener.key, listener.base = said["key"], base
    welcome["settings"], welcome["told"] = table.row.settings, told(table.row.settings)
    welcome["hints"] = hints_allowed(table.row.settings, table.row.seats)
    welcome["hints_chosen"] = hints_chosen(table.row.seats)
    welcome["creator"] = seat is not None and seat == table.creator
    if seat is not None:
        welcome["invites"] = await service.invites(table_id, seat, said["key"], base)
    listener.send(welcome)
    service.join(table_id, listener)
    return True


#: What only a seat does, as a spectator is told he may not (``N_``: told with ``_``).
SEATED = {
    "move": N_("a spectator watches: only a seat's link may play."),
    "take-back": N_("a spectator watches: only a seat's link may take a move back."),
    "hand-over": N_("a spectator watches: only a seat's link may hand a seat on."),
    "take-seat": N_("a spectator watches: only a seat's link may take a seat back."),
    "say": N_("a spectator watches: only a seat's link may talk at the table."),
    "setting": N_("a spectator watches: only a seat's link may change the table's settings."),
    "close": N_("a spectator watches: only a seat's link may close the table."),
    "again": N_("a spectator watches: only a seat's link may open the next table."),
    "link": N_("a spectator watches: only a seat's link may be given a seat's link."),
    "hint": N_("a spectator watches: only a seat's link may ask for a hint."),
}


async def _handle(
    service: Service, table_id: str, listener: Listener, said: dict[str, Any], client: str,
    may_open: Callable[[str], None],
) -> None:
    kind, seat = said["type"], listener.seat
    if kind == "hello":
        raise ProtocolError(_("this connection has said hello already; open another to change "
                              "seat."))
    if kind == "ask":
        listener.send(service.ask(table_id, seat, said["question"]))
        return
    if seat is None:
        raise ProtocolError(_(SEATED[kind]))
    if kind == "say":
        await service.say(table_id, seat, said["text"])
    elif kind == "setting":
        await service.settle_table(table_id, seat, said["name"], said["value"])
    elif kind == "close":
        await service.close_table(table_id, seat)
    elif kind == "again":
        await service.again(table_id, seat, client, lambda: may_open(client))
    elif kind == "link":
        listener.send(await service.own_link(table_id, listener))
    elif kind == "move":
        await service.move(table_id, seat, said["move"], said["id"])
    elif kind == "take-back":
        await service.take_back(table_id, seat, said["id"])
    elif kind == "hand-over":
        await service.hand_over(table_id, seat, said["seat"])
    elif kind == "take-seat":
        await service.take_seat(table_id, seat)
    elif kind == "hint":
        # Worked out beside the connection's other messages: a move need not wait for it.
        task = asyncio.create_task(_hint(service, table_id, listener, seat))
        _hints.add(task)
        task.add_done_callback(_hints.discard)
    if "id" in said:
        number = service.table(table_id).acknowledged(seat, said["id"])
        listener.send({"type": "ack", "id": said["id"], "n": number})


#: The hints being worked out for connections (kept, as a task is only weakly held).
_hints: set[asyncio.Task[None]] = set()


async def _hint(service: Service, table_id: str, listener: Listener, seat: int) -> None:
    """A hint for the connection's seat, or the sentence that refused it."""
    try:
        listener.send({"type": "hint", **await service.hint(table_id, seat)})
    except LudothequeError as exc:
        listener.send(error(str(exc)))


async def _pump(websocket: WebSocket, listener: Listener) -> None:
    """Send what waits for this connection, in order; a closing message ends it."""
    try:
        while True:
            message = await listener.outbox.get()
            if message.get("type") == "close":
                await websocket.close(code=4404)
                return
            await websocket.send_text(json.dumps(message, ensure_ascii=False,
                                                 separators=(",", ":")))
    except Exception:
        # A send that fails means the page has gone: the receiving side sees the
        # disconnection and leaves the table.
        return
