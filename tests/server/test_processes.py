"""Two ``ludotheque serve`` processes on one PostgreSQL database (``server.shared``): a move
through one reaches the pages at the other, a computer seat moves once, and a process killed
with ``kill -9`` loses nothing, the other carrying its tables on."""

from __future__ import annotations

import json
import os
import re
import signal
import subprocess
import time
from pathlib import Path
from typing import Any

import httpx
import pytest
from sqlalchemy import create_engine, text
from typer.testing import CliRunner
from websockets.sync.client import ClientConnection, connect

import ludotheque
from ludotheque.cli.main import app
from tests.server.helpers import LiveServer, Seat, created
from tests.server.postgresql import free_port
from tests.server.test_https import CADDY, DEPLOY
from tests.server.test_secrecy import CASES, relabelled_deal

runner = CliRunner()

class Page(Seat):
    """A page's connection to a table at one process (``LiveServer``), read as a ``Seat``'s:
    every frame it was sent, and the number of every event told, in the order told."""

    def __init__(self, server: LiveServer, table: str, key: str | None, after: int = 0):
        self.socket: ClientConnection = server.seat(table, key, after)  # type: ignore[assignment]
        self.frames: list[dict[str, Any]] = []
        self.seen: list[int] = []
        self.received: list[str] = []
        self.frame = {}
        self.welcome_seat = self.until("welcome")["seat_name"]

    def send(self, message: dict[str, Any] | str) -> None:
        self.socket.send(message if isinstance(message, str) else json.dumps(message))

    def next(self) -> dict[str, Any]:
        text = self.socket.recv(timeout=60)
        self.received.append(text)
        message: dict[str, Any] = json.loads(text)
        if message["type"] == "update":
            self.frame = message
            self.frames.append(message)
            self.seen += [e["n"] for e in message["events"]]
        return message

    def at(self, number: int) -> dict[str, Any]:
        """The frame that brings the table to event ``number`` or further."""
        while not self.frames or self.frames[-1]["n"] < number:
            self.next()
        return self.frames[-1]

    def to_play(self) -> dict[str, Any]:
        """The frame where this seat has a move to pick, or the game's end."""
        while not self.frames or not (self.frames[-1].get("legal")
                                      or "result" in self.frames[-1]):
            self.next()
        return self.frames[-1]


@pytest.fixture
def pair(postgres_url: str, tmp_path: Path):
    """Two serving processes, A and B, on one database."""
    servers = [LiveServer(postgres_url, tmp_path / f"{name}.log")
               for name in ("a", "b")]
    yield servers
    for server in servers:
        if server.process.poll() is None:
            server.process.terminate()
            server.process.wait(timeout=30)

def logged(url: str, table: str) -> list[tuple[int, str, int, str]]:
    """The table's log as the database holds it."""
    engine = create_engine(url)
    with engine.connect() as connection:
        rows = connection.execute(text(
            "SELECT number, kind, seat, text FROM events WHERE table_id = :t ORDER BY number"),
            {"t": table}).all()
    engine.dispose()
    return [tuple(row) for row in rows]  # type: ignore[misc]

def test_a_move_through_one_process_reaches_the_pages_at_the_other(pair, postgres_url):
    a, b = pair
    table, (white, black) = a.create("jacquet", ["human", "human"], limit="12")
    at_a, at_b = Page(a, table, white), Page(b, table, black)
    spectator = Page(b, table, None)
    number = 0
    for turn in range(6):
        frames = {page: page.at(number) for page in (at_a, at_b)}
        if "result" in frames[at_a]:
            break
        mover = next(page for page, frame in frames.items() if frame.get("legal"))
        number = mover.play(frames[mover]["legal"][0], f"m{turn}")
        for page in (at_a, at_b, spectator):
            assert page.at(number)["n"] >= number
    # Every page was told every event once, in order, whichever process wrote it.
    last = logged(postgres_url, table)[-1][0]
    for page in (at_a, at_b, spectator):
        page.at(last)
        assert page.seen == list(range(1, last + 1))

def test_a_computer_seat_moves_once_with_pages_at_both_processes(pair, postgres_url):
    a, b = pair
    table, (key,) = a.create("jacquet", ["human", "random"], limit="12")
    pages = [Page(a, table, key), Page(b, table, None), Page(a, table, None)]
    for turn in range(8):
        frame = pages[0].to_play()
        if "result" in frame:
            break
        pages[0].play(frame["legal"][0], f"m{turn}")
    log = logged(postgres_url, table)
    assert [row[0] for row in log] == list(range(1, len(log) + 1))
    for page in pages:
        page.at(log[-1][0])
        assert page.seen == list(range(1, log[-1][0] + 1))
    # Both pages watching from the two processes were told the same game.
    told = [[(e["n"], e["said"]) for f in page.frames for e in f["events"]] for page in pages[1:]]
    assert told[0] == told[1]
    # ... and that the computer was thinking, whichever process thought.
    for page in pages[1:]:
        assert any('"type":"thinking"' in text for text in page.received)
    for server in pair:
        assert "refuses" not in server.log.read_text()


def test_a_process_killed_loses_no_move_and_the_other_carries_its_tables_on(pair,
                                                                           postgres_url):
    a, b = pair
    table, (key,) = a.create("jacquet", ["human", "random"], limit="16")
    page = Page(a, table, key)
    acknowledged = []
    for turn in range(3):
        frame = page.to_play()
        assert "result" not in frame
        acknowledged.append(page.play(frame["legal"][0], f"m{turn}"))
    a.kill()
    # Its page comes back at B from the last event it had.
    seen = page.frames[-1]["n"]
    page = Page(b, table, key, after=seen)
    assert page.seen == [] or page.seen[0] == seen + 1  # nothing told twice
    for turn in range(3, 6):
        frame = page.to_play()
        if "result" in frame:
            break
        acknowledged.append(page.play(frame["legal"][0], f"m{turn}"))
    log = logged(postgres_url, table)
    assert [row[0] for row in log] == list(range(1, len(log) + 1))
    numbers = {row[0] for row in log if row[1] == "move"}
    assert set(acknowledged) <= numbers


def test_a_process_that_loses_the_database_connects_again_and_misses_nothing(pair,
                                                                         postgres_url):
    a, b = pair
    table, (white, black) = a.create("jacquet", ["human", "human"], limit="12")
    at_a, at_b = Page(a, table, white), Page(b, table, black)
    frames = {page: page.at(0) for page in (at_a, at_b)}
    # The database cuts every process's listening and claiming connections, as a restart
    # would (the log's pooled connections, which the pool checks before each use, are left).
    engine = create_engine(postgres_url)
    with engine.connect() as connection:
        cut = connection.execute(text(
            "SELECT count(pg_terminate_backend(pid)) FROM pg_stat_activity "
            "WHERE application_name LIKE 'ludotheque %'")).scalar()
    engine.dispose()
    assert cut == 4
    # A move written at once, while B may not listen yet, still reaches B's page, and the
    # ones after it too.
    number = 0
    for turn in range(4):
        mover = next(page for page, frame in frames.items() if frame.get("legal"))
        number = mover.play(frames[mover]["legal"][0], f"m{turn}")
        frames = {page: page.at(number) for page in (at_a, at_b)}
        if "result" in frames[at_a]:
            break
    last = logged(postgres_url, table)[-1][0]
    at_b.at(last)
    assert at_b.seen == list(range(1, last + 1))
    # Each process said so in its log (A's maybe a moment after its page's last move).
    deadline = time.monotonic() + 30
    for server in pair:
        while "the shared database is reached again" not in server.log.read_text():
            assert time.monotonic() < deadline, server.log.read_text()
            time.sleep(0.05)
        assert "the shared database was lost" in server.log.read_text()


def test_serve_processes_share_one_address_and_one_killed_is_started_again(postgres_url,
                                                                           tmp_path):
    log = tmp_path / "serve.log"
    server = LiveServer(postgres_url, log, "--processes", "2")
    try:
        started = re.compile(r"Started server process \[(\d+)\]")
        deadline = time.monotonic() + 60
        while len(started.findall(log.read_text())) < 2:
            assert time.monotonic() < deadline, log.read_text()
            time.sleep(0.05)
        first, _ = started.findall(log.read_text())[:2]
        table, (key,) = server.create("jacquet", ["human", "random"], limit="16")
        os.kill(int(first), signal.SIGKILL)
        while len(started.findall(log.read_text())) < 3:
            assert time.monotonic() < deadline, log.read_text()
            time.sleep(0.05)
        assert f"serving process {first} ended (exit code -9); started again" in log.read_text()
        # The address serves on, the table carried on by whichever process takes its page.
        page = Page(server, table, key)
        frame = page.to_play()
        number = page.play(frame["legal"][0], "after")
        assert [row[0] for row in logged(postgres_url, table)][number - 1] == number
    finally:
        server.process.terminate()
        server.process.wait(timeout=30)


def test_several_processes_are_refused_on_sqlite(tmp_path):
    result = runner.invoke(app, ["serve", "--processes", "2", "--database",
                                 f"sqlite:///{tmp_path / 'db.sqlite'}"])
    assert result.exit_code == 2
    assert " ".join(result.output.split()) == (
        "--processes above 1 needs a PostgreSQL database (postgresql+psycopg://…), which they "
        "share; SQLite is served by one process.")


def test_a_seat_at_the_other_process_receives_the_same_bytes_whatever_it_has_not_seen(
        postgres_url, tmp_path):
    # The relabelled-deal check (test_secrecy) through two processes: the table is opened and
    # played through A, the seat under test watches from B; a deal, and the same deal with the
    # cards that seat has not seen relabelled, each set in advance (serve --deal).
    name, options, seed, seat, prefix = CASES[1]
    game = ludotheque.load_game(name, **options)
    course, played, relabelled = relabelled_deal(game, seed, seat, prefix)
    first, second = (streamed_apart(postgres_url, tmp_path / run, game, options, deal, course,
                                    seat) for run, deal in (("a", played), ("b", relabelled)))
    assert len(first[seat]) > 10
    assert first[seat] == second[seat]
    assert any(first[other] != second[other] for other in range(len(first)) if other != seat)


def streamed_apart(database: str, folder: Path, game, options: dict[str, Any],
                   actions: list[int], course, watched: int) -> list[list[str]]:
    """What each seat receives while the decisions of ``actions`` are played, chance dealt as
    they say: the ``watched`` seat's page at process B, the others' at A."""
    folder.mkdir()
    deal = ",".join(map(str, actions))
    a, b = (LiveServer(database, folder / f"{name}.log", "--deal", deal) for name in "ab")
    try:
        table, keys = a.create(game.name, ["human"] * game.num_players(),
                               **{k: str(v).lower() for k, v in options.items()})
        pages = [Page(b if seat == watched else a, table, key) for seat, key in enumerate(keys)]
        state = game.new_initial_state()
        for step, action in enumerate(actions):
            if not course.chance[step]:
                played = pages[state.current_player()].play(state.action_to_string(action),
                                                            f"d{step}")
                # B is told each decision before the next is played: what it sends with each
                # notification is then one decision's events, however fast it hears them.
                pages[watched].at(played)
            state.apply_action(action)
        for page in pages:
            page.at(len(actions))
        return [[text for text in page.received if '"type":"presence"' not in text]
                for page in pages]
    finally:
        for server in (a, b):
            server.process.terminate()
            server.process.wait(timeout=30)


def test_who_is_there_what_is_said_and_the_settings_cross_processes(postgres_url, tmp_path):
    a, b = (LiveServer(postgres_url, tmp_path / f"{name}.log", "--hand-over-after", "0.3")
            for name in "ab")
    try:
        table, (white, black) = a.create("jacquet", ["human", "human"], limit="12")
        at_a, at_b = Page(a, table, white), Page(b, table, black)
        watching = Page(a, table, None)
        # Each page hears that the other seat is there, though through the other process.
        at_a.until("presence", present=[True, True])
        at_b.until("presence", present=[True, True], spectators=1)
        # The seat played through B is no seat A may hand to the computer: he is there.
        at_a.send({"type": "hand-over", "seat": 1})
        refused = at_a.until("error")["message"]
        assert refused.startswith("black's seat may be handed to the computer only once")
        # Talk said at either process is told at both, numbered in one sequence.
        at_a.send({"type": "say", "text": "À toi !"})
        assert [(s["n"], s["text"]) for s in at_b.until("talk")["lines"]] == [(1, "À toi !")]
        at_b.send({"type": "say", "text": "Merci."})
        at_a.until("talk")  # its own line first
        assert [(s["n"], s["text"]) for s in at_a.until("talk")["lines"]] == [(2, "Merci.")]
        # The creator, at A, turns talk off: the page at B is told.
        at_a.send({"type": "setting", "name": "talk", "value": "false"})
        assert at_b.until("settings")["settings"]["talk"] is False
        # Black's page leaves B: A offers his seat to the computer once he has been gone.
        at_b.socket.close()
        at_a.until("presence", present=[True, False])
        at_a.until("presence", may_hand_over=[1])
        assert watching.until("presence", present=[True, False])["spectators"] == 1
    finally:
        for server in (a, b):
            server.process.terminate()
            server.process.wait(timeout=30)


def test_behind_caddy_every_request_about_a_table_goes_to_one_process(postgres_url,
                                                                      tmp_path):
    # deploy/Caddyfile.processes in front of two serve processes: a table's page and its
    # WebSocket reach the same one, whichever process opened the table.
    servers = [LiveServer(postgres_url, tmp_path / f"{name}.log") for name in "ab"]
    port = free_port()
    config = tmp_path / "Caddyfile"
    config.write_text(f"{{\n\tadmin off\n\thttp_port {port}\n}}\n"
                      f"import {DEPLOY / 'Caddyfile.processes'}\n")
    environment = os.environ | {
        "LUDOTHEQUE_SITE": f"http://127.0.0.1:{port}",
        "LUDOTHEQUE_UPSTREAMS": " ".join(f"127.0.0.1:{s.port}" for s in servers),
        "HOME": str(tmp_path), "XDG_DATA_HOME": str(tmp_path / "data"),
        "XDG_CONFIG_HOME": str(tmp_path / "config")}
    caddy = subprocess.Popen([str(CADDY), "run", "--config", str(config), "--adapter",
                              "caddyfile"], env=environment, stdout=subprocess.DEVNULL,
                             stderr=subprocess.STDOUT)
    url = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + 30
        while True:  # until it answers
            try:
                if httpx.get(url + "/", timeout=1).status_code == 200:
                    break
            except httpx.TransportError:
                pass
            assert caddy.poll() is None and time.monotonic() < deadline, "caddy did not start"
            time.sleep(0.1)
        for _ in range(6):  # by chance alone, each at one process once in 64 runs
            table, key = created(url, "jacquet", ["human", "human"], {})
            assert httpx.get(f"{url}/t/{table}").status_code == 200
            with connect(f"ws://127.0.0.1:{port}/t/{table}/ws") as socket:
                socket.send(json.dumps({"type": "hello", "key": key, "after": 0}))
                assert json.loads(socket.recv(timeout=30))["type"] == "welcome"
            served = [server.log.read_text() for server in servers]
            page, websocket = f'"GET /t/{table} HTTP', f"/t/{table}/ws"
            assert [page in log for log in served] == [websocket in log for log in served]
    finally:
        caddy.terminate()
        caddy.wait(timeout=10)
        for server in servers:
            server.process.terminate()
            server.process.wait(timeout=30)


def test_the_lobby_at_either_process_lists_every_process_s_tables(pair):
    a, b = pair
    opened_at_a, _ = a.create("jacquet", ["human", "human"], limit="12")
    ended_at_b, keys = b.create("jacquet", ["human", "human"], limit="1")
    pages = [Page(b, ended_at_b, key) for key in keys]
    frames = [page.at(0) for page in pages]
    mover = next(p for p, frame in zip(pages, frames, strict=True) if frame.get("legal"))
    mover.play(mover.frames[-1]["legal"][0], "only")  # the one decision its limit allows
    # Each lists both (its listing read again once it is LISTING_KEPT old).
    wanted = (f'href="/t/{opened_at_a}"', f'href="/replay/{ended_at_b}"')
    for server in pair:
        deadline = time.monotonic() + 30
        while not all(link in httpx.get(server.url + "/").text for link in wanted):
            assert time.monotonic() < deadline, httpx.get(server.url + "/").text
            time.sleep(0.2)


def test_a_table_played_again_at_one_process_is_offered_at_the_other(pair):
    a, b = pair
    table, keys = a.create("jacquet", ["human", "human"], limit="1")
    pages = [Page(a, table, keys[0]), Page(b, table, keys[1])]
    frames = [page.at(0) for page in pages]
    mover = next(p for p, frame in zip(pages, frames, strict=True) if frame.get("legal"))
    mover.play(mover.frames[-1]["legal"][0], "only")  # the one decision its limit allows
    pages[0].send({"type": "again"})  # as soon as the end is written, maybe through B
    offered = pages[1].until("again")
    # Its seat there, with its key, opens the next table through B, where it was never held.
    assert offered["table"] != table
    following = Page(b, offered["table"], offered["key"])
    assert following.welcome_seat == offered["seat_name"]
