"""Talking to the server in tests: an application over a temporary database, a table created
through its form, and a seat's connection that collects every message it is sent."""

from __future__ import annotations

import asyncio
import json
import os
import random
import signal
import subprocess
import sys
import threading
import time
from collections.abc import Coroutine, Iterator
from concurrent.futures import ThreadPoolExecutor
from contextlib import contextmanager
from pathlib import Path
from typing import Any, TypeVar
from urllib.parse import urlencode

import httpx
import uvicorn
from fastapi.testclient import TestClient
from websockets.sync.client import ClientConnection, connect

from ludotheque.server.app import create_app
from ludotheque.server.guard import doorkeeper
from tests.server.postgresql import free_port

T = TypeVar("T")


def apart(coroutine: Coroutine[Any, Any, T]) -> T:
    """What ``coroutine`` gives, run on a thread of its own: where Playwright's pages run, the
    test's thread has an event loop already."""
    with ThreadPoolExecutor(1) as thread:
        return thread.submit(asyncio.run, coroutine).result()


@contextmanager
def served(
    database: str, seed: int = 1, rng: random.Random | None = None, **settings: Any
) -> Iterator[TestClient]:
    """The application over ``database``, its chance seeded, computer players thinking in
    threads (processes cost a start each test: the server's own pool is tried end to end),
    and no limit on messages a second but where a test sets one (a test plays fast)."""
    settings.setdefault("message_rate", (10**6, 10**6))
    settings.setdefault("pool", ThreadPoolExecutor(2))
    settings.setdefault("shot_pool", ThreadPoolExecutor(1))
    settings.setdefault("background", ThreadPoolExecutor(1))
    settings.setdefault("preview_pool", ThreadPoolExecutor(1))
    settings.setdefault("hint_pool", ThreadPoolExecutor(1))
    settings.setdefault("analysis_pool", ThreadPoolExecutor(2))
    app = create_app(database, rng=rng or random.Random(seed), **settings)
    with TestClient(app) as client:
        client.seats = []  # type: ignore[attr-defined]
        try:
            yield client
        finally:
            # The client waits for every connection's end before it closes.
            for seat in client.seats:  # type: ignore[attr-defined]
                seat.close()


def invited(welcome: dict[str, Any]) -> list[str]:
    """The keys of the other people's seats a creator's welcome gives, in seat order."""
    return [invite["key"] for invite in welcome["invites"] if invite["seat"] is not None]


def create(client: TestClient, game: str, seats: list[str], **options: Any) -> tuple[str, str]:
    """A new table through the form: its id and the creator's key ('' if none)."""
    form = {f"seat{s}": kind for s, kind in enumerate(seats)} | {
        k: str(v).lower() if isinstance(v, bool) else str(v) for k, v in options.items()
    }
    response = client.post(f"/new/{game}", content=urlencode(form), follow_redirects=False,
                           headers={"content-type": "application/x-www-form-urlencoded"})
    assert response.status_code == 303, response.text
    path, _, fragment = response.headers["location"].partition("#key=")
    return path.removeprefix("/t/"), fragment


def upload(client: TestClient, record: str | bytes, **headers: str):
    """A record posted as the lobby's form posts it, for its replay's page."""
    text = record.decode("utf-8", "replace") if isinstance(record, bytes) else record
    return client.post("/replay", content=urlencode({"record": text}), headers={
        "content-type": "application/x-www-form-urlencoded", **headers})


def steps_of(client: TestClient, record: str | bytes, seat: int | None = None):
    """A record's steps, as a replay's page asks for them."""
    query = "" if seat is None else f"?seat={seat}"
    return client.post(f"/replay/steps{query}", content=record,
                       headers={"content-type": "application/json"})


class Seat:
    """One connection to a table: sends messages, and reads until what it waits for comes."""

    def __init__(self, client: TestClient, table: str, key: str | None, after: int = 0,
                 headers: dict[str, str] | None = None):
        self.context = client.websocket_connect(f"/t/{table}/ws", headers=dict(headers or {}))
        self.socket = self.context.__enter__()
        self.open = True
        client.seats.append(self)  # type: ignore[attr-defined]
        self.received: list[str] = []  # every message, as the bytes came
        self.frame: dict[str, Any] = {}
        self.send({"type": "hello", "key": key, "after": after})
        self.welcome = self.until("welcome")

    def send(self, message: dict[str, Any] | str) -> None:
        self.socket.send_text(message if isinstance(message, str) else json.dumps(message))

    def next(self) -> dict[str, Any]:
        text = self.socket.receive_text()
        self.received.append(text)
        message: dict[str, Any] = json.loads(text)
        if message["type"] == "update":
            self.frame = message
        return message

    def until(self, kind: str, **fields: Any) -> dict[str, Any]:
        """The next message of type ``kind`` whose fields are ``fields``."""
        while True:
            message = self.next()
            if message["type"] == kind and all(message.get(k) == v for k, v in fields.items()):
                return message

    def settled(self, number: int | None = None) -> dict[str, Any]:
        """The update that brings the table to event ``number`` (by default: to a moment
        where this seat has a move to make, to pick or to write, or the end)."""
        while True:
            if self.frame and (
                self.frame["n"] == number if number is not None
                else self.frame.get("legal") or self.frame.get("write")
                or "result" in self.frame
            ):
                return self.frame
            self.next()

    def play(self, move: str, move_id: str) -> int:
        """Send ``move`` and return the number of the event that played it."""
        self.send({"type": "move", "id": move_id, "move": move})
        while True:
            message = self.next()
            if message["type"] == "error":
                raise AssertionError(message["message"])
            if message["type"] == "ack" and message["id"] == move_id:
                number: int = message["n"]
                return number

    def play_to_the_end(self) -> dict[str, Any]:
        """Play the first legal move whenever it is this seat's turn, until the result."""
        while "result" not in self.settled():
            self.play(self.frame["legal"][0], f"m{self.frame['n']}")
        return self.frame

    def close(self) -> None:
        if self.open:
            self.open = False
            self.context.__exit__(None, None, None)


LUDOTHEQUE = Path(sys.executable).with_name("ludotheque")


def created(url: str, game: str, seats: list[str], options: dict[str, str]) -> tuple[str, str]:
    """A new table through the form of the server at ``url``: its id and the creator's key."""
    form = {f"seat{s}": kind for s, kind in enumerate(seats)} | options
    response = httpx.post(f"{url}/new/{game}", content=urlencode(form),
                          headers={"content-type": "application/x-www-form-urlencoded"})
    assert response.status_code == 303, response.text
    table, _, key = response.headers["location"].removeprefix("/t/").partition("#key=")
    return table, key


class LiveServer:
    """``ludotheque serve`` in a process of its own, its output kept; ``environment`` adds to
    its environment."""

    def __init__(self, database: str, log: Path, *arguments: str,
                 environment: dict[str, str] | None = None) -> None:
        self.port = free_port()
        self.log = log
        self.process = subprocess.Popen(
            [str(LUDOTHEQUE), "serve", "--port", str(self.port), "--database", database,
             "--workers", "1", *arguments],
            stdout=log.open("ab"), stderr=subprocess.STDOUT,
            env={**os.environ, **(environment or {})},
        )
        self.url = f"http://127.0.0.1:{self.port}"
        deadline = time.monotonic() + 60
        while True:  # until it answers
            try:
                httpx.get(self.url + "/", timeout=1)
                return
            except httpx.TransportError:
                assert self.process.poll() is None, self.log.read_text()
                assert time.monotonic() < deadline, "the server did not start"
                time.sleep(0.05)

    def create(self, game: str, seats: list[str], **options: str) -> tuple[str, list[str]]:
        table, key = created(self.url, game, seats, options)
        with self.seat(table, key) as socket:
            welcome = json.loads(socket.recv(timeout=10))
        return table, [key, *invited(welcome)]

    def seat(self, table: str, key: str | None, after: int = 0) -> ClientConnection:
        socket = connect(f"ws://127.0.0.1:{self.port}/t/{table}/ws", legacy=True)
        socket.send(json.dumps({"type": "hello", "key": key, "after": after}))
        return socket

    def kill(self) -> None:
        self.process.send_signal(signal.SIGKILL)
        self.process.wait()


class ServedHere:
    """The application on uvicorn in a thread of the test's own process, on a port of its own:
    faults planted in the rules it plays are planted in the server too, and it can be stopped
    and started again under a page, on the same port and database."""

    def __init__(self, database: str, seed: int = 3, **door: Any) -> None:
        self.database = database
        #: The protocol of ``ludotheque serve``, its door as ``door`` sets it.
        self.door = doorkeeper(**{"most": 1000, **door})
        self.rng = random.Random(seed)
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self.start()

    def start(self) -> None:
        app = create_app(self.database, rng=self.rng, pool=ThreadPoolExecutor(1),
                         shot_pool=ThreadPoolExecutor(1), background=ThreadPoolExecutor(1),
                         preview_pool=ThreadPoolExecutor(1),
                         hint_pool=ThreadPoolExecutor(1), message_rate=(10**6, 10**6))
        self.server = uvicorn.Server(uvicorn.Config(app, host="127.0.0.1", port=self.port,
                                                    log_level="warning", http=self.door))
        self.thread = threading.Thread(target=self.server.run, daemon=True)
        self.thread.start()
        deadline = time.monotonic() + 30
        while not self.server.started:
            assert self.thread.is_alive() and time.monotonic() < deadline, "no server started"
            time.sleep(0.02)

    def stop(self) -> None:
        self.server.should_exit = True
        self.thread.join(timeout=30)
        assert not self.thread.is_alive(), "the server did not stop"

    def create(self, game: str, seats: list[str], **options: str) -> tuple[str, str]:
        return created(self.url, game, seats, options)
