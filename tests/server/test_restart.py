"""The server killed with SIGKILL in the middle of games and started again: every table resumes
where it was, no acknowledged move lost, on SQLite and on PostgreSQL; no seat's key ever
reaches the server's log; and the server's worker processes die with it."""

from __future__ import annotations

import json
import time

import pytest

from ludotheque.server.store import Store
from tests.processes import living_children, until_gone
from tests.server.helpers import LiveServer as Server
from tests.server.helpers import created


def frame_of(socket, number: int = 0) -> dict:
    """The first update on ``socket`` that brings the table to event ``number`` or after."""
    while True:
        message = json.loads(socket.recv(timeout=30))
        assert message["type"] != "error", message
        if message["type"] == "update" and message["n"] >= number:
            return message


def play_some(server: Server, tables: dict[str, list[str]], moves: int) -> dict[str, list]:
    """Play ``moves`` moves at each table, whoever's turn it is: each table's acknowledged
    (move id, event number)."""
    acknowledged: dict[str, list] = {}
    for table, keys in tables.items():
        sockets = [server.seat(table, key) for key in keys]
        acknowledged[table] = []
        try:
            names = [json.loads(s.recv(timeout=10))["seat_name"] for s in sockets]
            frames = [frame_of(s) for s in sockets]
            for i in range(moves):
                if "result" in frames[0]:
                    break
                seat = names.index(frames[0]["to_act"])
                move_id = f"{table}-{time.monotonic_ns()}-{i}"
                sockets[seat].send(json.dumps(
                    {"type": "move", "id": move_id, "move": frames[seat]["legal"][0]}))
                number = frames[seat]["n"] + 1
                acknowledged[table].append((f"{seat}:{move_id}", number))  # as the log keeps it
                frames = [frame_of(s, number) for s in sockets]
        finally:
            for socket in sockets:
                socket.close()
    return acknowledged


@pytest.fixture(params=["sqlite", "postgresql"])
def database(request, tmp_path):
    if request.param == "sqlite":
        return f"sqlite:///{tmp_path / 'tables.sqlite'}"
    return request.getfixturevalue("postgres_url")


def test_a_server_killed_mid_game_resumes_every_table_where_it_was(database, tmp_path):
    log = tmp_path / "server.log"
    server = Server(database, log)
    tables = dict([
        server.create("jacquet", ["human", "human"]),
        server.create("crypto-90", ["human", "human"], goal="rounds", rounds="1"),
        server.create("crypto-geographique-chaine", ["human", "human"]),
    ])
    acknowledged = play_some(server, tables, moves=6)
    # A move in flight when the server dies: sent, never acknowledged.
    table = next(iter(tables))
    socket = server.seat(table, tables[table][0])
    socket.send(json.dumps({"type": "move", "id": "in-flight", "move": "1/2"}))
    server.kill()
    socket.close()

    logs = {table: Store(database).table(table)[1] for table in tables}  # type: ignore[index]
    for table, moves in acknowledged.items():
        written = {e.move_id: e.number for e in logs[table]}
        for move_id, number in moves:
            assert written[move_id] == number  # acknowledged, hence written, as numbered

    server = Server(database, log)
    try:
        for table, keys in tables.items():
            with server.seat(table, keys[0]) as socket:
                socket.recv(timeout=10)  # welcome
                frame = frame_of(socket)
                assert frame["n"] == len(logs[table])
        # Play goes on at every table, numbered after what was written.
        more = play_some(server, tables, moves=2)
        for table, moves in more.items():
            assert moves[0][1] == len(logs[table]) + 1
    finally:
        server.kill()
    keys = [key for table_keys in tables.values() for key in table_keys]
    written = log.read_text()
    assert "GET /" in written and "WebSocket" in written  # the access log was kept
    assert not [key for key in keys if key in written]  # and no seat's key is in it


@pytest.mark.serial  # the workers must be gone within seconds of the kill
def test_the_workers_of_a_killed_server_end_with_it(tmp_path):
    server = Server(f"sqlite:///{tmp_path / 'tables.sqlite'}", tmp_path / "server.log")
    try:
        # Every pool at work: a computer to play first where a person waits, at a card table
        # and a tiddlywinks table, and a table of computers alone.
        created(server.url, "crypto-90", ["random", "human"], {"goal": "rounds", "rounds": "1"})
        created(server.url, "cabriole", ["easy", "human"], {"limit": "4"})
        created(server.url, "dames-rabattues", ["random", "random"], {})
        deadline = time.monotonic() + 120
        while True:
            # A worker in each pool (--workers 1, one shot worker, the one of computers alone)
            # and their resource tracker.
            workers = {pid for pid, command in living_children(server.process.pid).items()
                       if "multiprocessing" in command}
            if len(workers) == 4:
                break
            assert time.monotonic() < deadline, f"the pools did not start: {workers}"
            time.sleep(0.1)
    finally:
        server.kill()
    assert until_gone(workers, within=5) == set()
