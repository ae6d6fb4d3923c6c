"""A server that can face the public: nothing a client sends runs as script on its pages,
nothing another site's page makes a browser send changes anything, bodies and messages are cut
at their limits before they are read whole, and one client address cannot use up what others
need. Clients bound to 127.0.0.2, 127.0.0.3… are as many addresses (on loopback every client
is otherwise 127.0.0.1)."""

from __future__ import annotations

import json
import time
from pathlib import Path

import httpx
import pytest
from playwright.sync_api import expect
from starlette.websockets import WebSocketDisconnect

from ludotheque.core.record import Record
from ludotheque.server.guard import SECURITY_HEADERS
from ludotheque.server.pages import replay
from tests.server.helpers import Seat, ServedHere, create, invited, served, upload

FORM = {"content-type": "application/x-www-form-urlencoded"}
#: A seat whose name would close the page's script and open another, were it printed raw.
ATTACK = "</script><script>window.attacked = true</script>"


@pytest.fixture
def database(tmp_path):
    return f"sqlite:///{tmp_path / 'tables.sqlite'}"


def finished_record(client) -> str:
    table, _ = create(client, "dames-rabattues", ["random", "random"], limit=20)
    while client.get(f"/t/{table}/record").status_code != 200:
        pass
    return client.get(f"/t/{table}/record").text


def test_a_record_is_put_into_its_page_escaped_whatever_it_holds(database):
    with served(database) as client:
        data = json.loads(finished_record(client)) | {"seats": [ATTACK, "random"]}
    record = Record.from_json(json.dumps(data))
    page = replay(record, None)
    assert "</script><script>" not in page and "\\u003c/script\\u003e" in page
    # And such a seat is refused at the door, as a form's would be.
    with served(database) as client:
        refused = upload(client, json.dumps(data))
        assert refused.status_code == 400 and "is not a seat of dames-rabattues" in refused.text


def test_every_answer_carries_the_security_headers(database):
    with served(database) as client:
        for path in ("/", "/rules/jacquet", "/new/jacquet", "/static/style.css", "/t/nowhere"):
            answer = client.get(path)
            assert {k: answer.headers.get(k) for k in SECURITY_HEADERS} == SECURITY_HEADERS
            assert "<script>" not in answer.text  # no inline script for the policy to forbid


def test_another_sites_page_can_neither_create_a_table_nor_replay_nor_connect(database):
    with served(database) as client:
        evil = {"origin": "https://evil.example"}
        made = client.post("/new/jacquet", content="seat0=human&seat1=random",
                           headers=FORM | evil)
        assert made.status_code == 403 and "another site" in made.text
        assert upload(client, finished_record(client), **evil).status_code == 403
        plain = client.post("/new/jacquet", content="seat0=human&seat1=random",
                            headers={"content-type": "text/plain"})
        assert plain.status_code == 415
        with pytest.raises(WebSocketDisconnect) as refused, \
                client.websocket_connect("/t/x/ws", headers=evil):
            pass  # refused before it opens
        assert refused.value.code == 4403
        ours = client.post("/new/jacquet", content="seat0=human&seat1=random",
                           headers=FORM | {"origin": "http://testserver"},
                           follow_redirects=False)
        assert ours.status_code == 303


def test_a_body_past_its_limit_is_refused_before_it_is_read(database):
    with served(database) as client:
        huge = b"x" * (30 * 1024 * 1024)
        form = client.post("/new/jacquet", content=huge, headers=FORM)
        assert form.status_code == 413 and "at most 10,000 bytes" in form.text

        def streamed():  # no length announced: cut once past the limit
            for _ in range(4000):
                yield b"x" * 10_000

        cut = client.post("/replay/steps", content=streamed(),
                          headers={"content-type": "application/json"})
        assert cut.status_code == 413 and "a record is at most" in cut.json()["error"]


def test_one_address_cannot_open_tables_for_everyone(tmp_path):
    here = ServedHere(f"sqlite:///{tmp_path / 'tables.sqlite'}")
    try:
        def opened(address: str) -> int:
            transport = httpx.HTTPTransport(local_address=address)
            with httpx.Client(transport=transport, base_url=here.url) as client:
                return client.post("/new/dames-rabattues", content="seat0=human&seat1=random",
                                   headers=FORM).status_code

        answers = [opened("127.0.0.2") for _ in range(21)]
        assert answers[:20] == [303] * 20 and answers[20] == 429
        assert opened("127.0.0.3") == 303  # another person is not held back by the first
    finally:
        here.stop()


def test_a_record_that_would_run_a_script_does_not_in_the_browser(
        chromium_browser, database, tmp_path):
    here = ServedHere(database)
    try:
        with httpx.Client(base_url=here.url) as client:
            table = client.post("/new/dames-rabattues", headers=FORM,
                                content="seat0=random&seat1=random&limit=20",
                                follow_redirects=False).headers["location"].removeprefix("/t/")
            while client.get(f"/t/{table}/record").status_code != 200:
                pass
            data = json.loads(client.get(f"/t/{table}/record").text)
        path = tmp_path / "record.json"
        path.write_text(json.dumps(data | {"seats": [ATTACK, "random"]}))
        context = chromium_browser.new_context()
        try:
            page = context.new_page()
            page.goto(here.url + "/")
            page.set_input_files("#record-file", str(path))
            expect(page.locator("main")).to_contain_text("is not a seat of dames-rabattues")
            assert page.evaluate("window.attacked") is None
        finally:
            context.close()
    finally:
        here.stop()


def test_a_message_nested_deep_gets_one_sentence_and_the_connection_stays(database):
    with served(database) as client:
        table, key = create(client, "dames-rabattues", ["human", "random"])
        seat = Seat(client, table, key)
        seat.send("[" * 1500)
        assert "nested no deeper" in seat.until("error")["message"]
        seat.settled()
        assert seat.play(seat.frame["legal"][0], "after") > 1  # and it plays on


def test_a_crowd_coming_to_watch_is_one_presence_message_to_each(database):
    with served(database) as client:
        table, key = create(client, "dames-rabattues", ["human", "random"])
        seat = Seat(client, table, key)
        crowd = [Seat(client, table, None) for _ in range(60)]
        told = seat.until("presence", spectators=60)
        presences = [m for m in map(json.loads, seat.received) if m["type"] == "presence"]
        assert len(presences) <= 3, [p["spectators"] for p in presences]
        assert "may_hand_over" in told
        watched = crowd[0].until("presence", spectators=60)
        assert "may_hand_over" not in watched  # a spectator hands no seat on


def test_a_client_that_sends_and_never_reads_is_let_go(tmp_path):
    import socket

    from websockets.sync.client import connect

    from ludotheque.server.service import OUTBOX

    here = ServedHere(f"sqlite:///{tmp_path / 'tables.sqlite'}")
    try:
        table, key = here.create("dames-rabattues", ["human", "random"])
        service = here.server.config.app.state.service
        raw = socket.socket()
        raw.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)  # a reader who never reads
        raw.connect(("127.0.0.1", here.port))
        with connect(f"ws://127.0.0.1:{here.port}/t/{table}/ws", sock=raw) as ws:
            ws.send(json.dumps({"type": "hello", "key": key, "after": 0}))
            assert json.loads(ws.recv(timeout=10))["type"] == "welcome"  # then reads no more
            longest = 0
            for _ in range(5000):
                try:
                    ws.send(json.dumps({"type": "ask", "question": "rules"}))
                except Exception:
                    break  # let go
                listeners = service._listeners[table]
                longest = max([longest, *(x.outbox.qsize() for x in listeners)])
                if not listeners:
                    break
            deadline = time.monotonic() + 30
            while service._listeners[table] and time.monotonic() < deadline:
                time.sleep(0.05)
            assert longest <= OUTBOX
            assert not service._listeners[table]  # the server no longer holds it
    finally:
        here.stop()


def test_a_client_that_trickles_its_headers_is_let_go(tmp_path):
    import socket

    here = ServedHere(f"sqlite:///{tmp_path / 'tables.sqlite'}", within=0.5)
    try:
        slow = socket.create_connection(("127.0.0.1", here.port))
        slow.sendall(b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\n")  # and never the blank line
        slow.settimeout(10)
        assert slow.recv(100) == b""  # closed by the server, not answered
        assert httpx.get(here.url + "/").status_code == 200
    finally:
        here.stop()


def test_one_address_cannot_hold_every_connection(tmp_path):
    import socket

    here = ServedHere(f"sqlite:///{tmp_path / 'tables.sqlite'}", most=40, per_address=8)
    held = []
    try:
        for _ in range(9):
            connection = socket.socket()
            connection.bind(("127.0.0.2", 0))
            connection.connect(("127.0.0.1", here.port))
            held.append(connection)
        held[-1].settimeout(10)
        assert held[-1].recv(100) == b""  # the ninth from one address: closed as it opened
        transport = httpx.HTTPTransport(local_address="127.0.0.3")
        with httpx.Client(transport=transport, base_url=here.url) as client:
            assert client.get("/").status_code == 200  # another is served all the same
    finally:
        for connection in held:
            connection.close()
        here.stop()


def test_a_rules_page_and_a_tables_quick_rules_are_rendered_once(database):
    from ludotheque.server import pages

    with served(database) as client:
        table, _ = create(client, "crypto-90", ["human", "random"], goal="rounds", rounds=1)
        for _ in range(3):
            assert client.get("/rules/crypto-90").status_code == 200
            assert client.get(f"/t/{table}").status_code == 200
        assert pages._rules.cache_info().hits >= 2
        assert pages._quick_rules.cache_info().hits >= 2
        assert "The game lasts one round." in client.get(f"/t/{table}").text


def test_a_move_id_is_its_seats_own(database):
    with served(database) as client:
        table, key = create(client, "crypto-90", ["human", "human"], goal="rounds", rounds=1)
        north = Seat(client, table, key)
        south = Seat(client, table, invited(north.welcome)[0])
        frame = north.settled()
        mover, other = (north, south) if frame["to_act"] == "north" else (south, north)
        mover.settled()
        mover.play(mover.frame["legal"][0], "same")
        # The other seat's page, sending the same id, is judged for itself: not told that the
        # first one's move was its own.
        other.send({"type": "move", "id": "same", "move": "stock"})
        answer = other.next()
        while answer["type"] not in ("ack", "error"):
            answer = other.next()
        assert answer["type"] == "error" and "turn" in answer["message"]


def test_a_finished_table_leaves_memory_and_is_read_back_when_asked_for(database):
    with served(database) as client:
        table, key = create(client, "dames-rabattues", ["human", "random"], limit=20)
        Seat(client, table, key).play_to_the_end()
        service = client.app.state.service
        assert table not in service.tables and service.over[table].result.endswith(".")
        service._kept.clear()  # as if many tables had been asked for since
        record = client.get(f"/t/{table}/record")
        assert record.status_code == 200 and Record.from_json(record.text).result is not None
        assert client.get(f"/t/{table}").status_code == 200
    with served(database) as client:  # started again, it does not play the game again
        service = client.app.state.service
        assert table not in service.tables and table in service.over
        assert Seat(client, table, None).until("update")["result"].endswith(".")


def test_a_seat_gone_from_a_table_that_ends_and_leaves_memory_is_no_fault(database, caplog):
    # South leaves: the others are to be told, once his hand-over time has come, that they may
    # hand his seat on; by then the table has been closed, and has left memory.
    with served(database, hand_over_after=0.3) as client:
        table, key = create(client, "dames-rabattues", ["human", "human"])
        north = Seat(client, table, key)
        Seat(client, table, invited(north.welcome)[0]).close()
        north.send({"type": "close"})
        while "result" not in north.until("update"):
            pass
        client.app.state.service._kept.clear()  # as if many tables had been asked for since
        north.close()
        time.sleep(0.5)  # past the hand-over time: nothing to wait for, as nothing happens
        assert Seat(client, table, None).until("update")["result"]
    assert not [r for r in caplog.records if r.levelname == "ERROR"]


def test_a_table_left_alone_is_hidden_then_abandoned_and_its_room_given_to_another(database):
    with served(database, hide_after=0.5, abandon_after=1.5, max_playing=2) as client:
        left = [create(client, "dames-rabattues", ["human", "human"])[0] for _ in range(2)]
        assert "server has 2 tables in play" in client.post(
            "/new/dames-rabattues", content="seat0=human&seat1=random", headers=FORM).text
        assert left[0] in client.get("/").text
        while left[0] in client.get("/").text:  # a move's age past hide_after: unlisted
            time.sleep(0.05)
        assert client.get(f"/t/{left[0]}").status_code == 200  # its link still works
        watcher = Seat(client, left[0], None)
        frame = watcher.until("update")
        while "stopped" not in frame:
            frame = watcher.until("update")
        assert "abandoned after event 1 (no move for 1.5 seconds)" in frame["result"]
        record = Record.from_json(client.get(f"/t/{left[0]}/record").text)
        assert record.stopped.startswith("abandoned")
        table, key = create(client, "dames-rabattues", ["human", "random"])
        seat = Seat(client, table, key)
        seat.settled()
        assert seat.play(seat.frame["legal"][0], "room") > 1


def test_one_address_may_have_only_so_many_tables_in_play(database):
    from ludotheque.server.service import PER_ADDRESS_TABLES

    with served(database, creations=(100, 100.0)) as client:
        for _ in range(PER_ADDRESS_TABLES):
            create(client, "jacquet", ["human", "human"])
        refused = client.post("/new/jacquet", content="seat0=human&seat1=human", headers=FORM)
        assert refused.status_code == 400 and "tables in play, the most one may" in refused.text


def test_a_table_of_computers_alone_thinks_apart_from_those_where_people_wait(database):
    from concurrent.futures import ThreadPoolExecutor

    people, alone = ThreadPoolExecutor(1), ThreadPoolExecutor(1)
    with served(database, pool=people, background=alone) as client:
        service = client.app.state.service
        waited, _ = create(client, "jacquet", ["human", "random"])
        computers, _ = create(client, "jacquet", ["random", "random"])
        assert service.pool(service.table(waited)) is people
        assert service.pool(service.table(computers)) is alone


def test_a_question_that_writes_a_file_is_never_answered_for_a_page(database, tmp_path):
    """``? picture FILE`` writes a picture at the terminal; asked from a page, the server
    would write wherever a stranger names: it is refused, in his language, and writes
    nothing."""
    planted = tmp_path / "planted.svg"
    with served(database) as client:
        table, key = create(client, "cabriole", ["human", "random"], limit=4)
        seat = Seat(client, table, key)
        for question in (f"picture {planted}", f"image {planted}", "picture"):
            seat.send({"type": "ask", "question": question})
            told = seat.until("answer")["text"]
            assert "terminal" in told
        assert not planted.exists() and not list(Path.cwd().glob("cabriole-table.*"))
        seat.send({"type": "ask", "question": "help"})
        listed = seat.until("answer")["text"]
        assert "picture" not in listed and "undo" not in listed
