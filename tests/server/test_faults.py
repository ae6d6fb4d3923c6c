"""A fault in a rule set, a computer player or a view never takes a table or the server down.

Each step where the rules can raise is tried with *Faulty* (``tests/server/faulty.py``), a rule
set registered for these tests alone: a person's move whose rehearsal meets a fault is refused
in one sentence, nothing is written and the table plays on; a computer player that fails plays
at random that once; a table that cannot go on (its computer's random move faulting too, its
stored log no longer playing at start) is ended as *stopped by a fault at event N*, and is over:
its record, its replay and an upload of its record work, and the lobby says so. Beside it, a
table of another game plays on.
"""

from __future__ import annotations

import json
import logging

import pytest
from sqlalchemy import text

from ludotheque.core import registry
from ludotheque.core.record import Record
from ludotheque.server.store import STOP, Store, StoreError
from tests.server import faulty
from tests.server.helpers import Seat, create, invited, served, steps_of, upload


@pytest.fixture
def database(tmp_path):
    return f"sqlite:///{tmp_path / 'tables.sqlite'}"


@pytest.fixture
def fault(monkeypatch):
    """Faulty registered for this test alone; the dict the test plants its faults in."""
    registry.manifests()  # the installed rule sets first
    monkeypatch.setitem(registry._MANIFESTS, "faulty", faulty.MANIFEST)
    monkeypatch.setitem(registry._NAMES, "faulty", "faulty")
    planted: dict[str, int] = {}
    monkeypatch.setattr(faulty, "FAULT", planted)
    return planted


def events(database, table):
    stored = Store(database).table(table)
    assert stored is not None
    return stored[1]


def faults_logged(caplog, table):
    return [r for r in caplog.records if r.levelno >= logging.ERROR and table in r.getMessage()]


def other_table_plays(client):
    """A table of another game, beside the faulty one, still takes a move."""
    table, key = create(client, "dames-rabattues", ["human", "random"])
    seat = Seat(client, table, key)
    seat.settled()
    assert seat.play(seat.frame["legal"][0], "beside") > 1


# North moves at the 2nd event: his move is read after 1 action (the first throw), played to 2,
# the next throw drawn at 2, and the table shown after 3.
@pytest.mark.parametrize(("step", "actions"), [
    ("deciding", 1), ("applying", 1), ("chance", 2), ("describe_last", 2),
    ("observation", 3), ("legal moves", 3),
])
def test_a_move_whose_rules_raise_is_refused_and_the_table_kept(
        database, fault, caplog, step, actions):
    with served(database) as client:
        table, key = create(client, "faulty", ["human", "human"])
        north = Seat(client, table, key)
        assert north.settled()["n"] == 1
        fault[step] = actions
        north.send({"type": "move", "id": "m1", "move": "run"})
        refused = north.until("error")
        assert refused["id"] == "m1"
        assert refused["message"].startswith("the server could not play this")
        assert "planted" not in refused["message"]  # what the rules raised goes to the log only
        [logged] = faults_logged(caplog, table)
        assert "at event 2" in logged.getMessage() and logged.exc_info is not None
        assert len(events(database, table)) == 1  # nothing written
        assert Seat(client, table, None).until("update")["n"] == 1  # and shown as it was
        other_table_plays(client)
        fault.clear()
        north.send({"type": "move", "id": "m1", "move": "run"})  # the same move, once mended
        assert north.until("ack", id="m1")["n"] == 2


def against_the_computer(client):
    """North's first move at a table against the heuristic player: the table, north's seat,
    and what he is shown once the computer has answered."""
    table, key = create(client, "faulty", ["human", "heuristic"])
    north = Seat(client, table, key)
    north.settled()
    north.play("run", "m1")
    return table, north, north.settled()


def test_a_computer_player_that_fails_plays_at_random_that_once(database, fault, caplog):
    # South's heuristic judges the position his move leaves, after 4 actions.
    fault["computer"] = 4
    with served(database) as client:
        table, _, frame = against_the_computer(client)
        assert frame["n"] == 5 and frame["to_act"] == "north"  # south moved, the die was thrown
        assert any("heuristic failed" in r.getMessage() for r in faults_logged(caplog, table))


def test_a_table_whose_computer_cannot_move_at_all_is_stopped_and_over(
        database, fault, caplog):
    # South's player fails, and so does his random move, played after 3 actions.
    fault.update({"computer": 4, "applying": 3})
    with served(database) as client:
        table, north, frame = against_the_computer(client)
        assert frame["n"] == 4 and frame["stopped"] and frame["to_act"] is None
        assert frame["result"].startswith("The game was stopped by a fault at event 4 "
                                          "(RuntimeError: a fault planted in applying")
        assert frame["view"]["points"]  # the last position is still shown
        assert frame["events"][-1]["said"] == frame["result"]
        log = events(database, table)
        assert log[-1].kind == STOP and json.loads(log[-1].text)["at"] == 4
        # Over: nothing more is played, every reconnection is shown the same, the record is
        # given and replays, up to the last good event.
        north.send({"type": "move", "id": "m2", "move": "run"})
        assert "stopped by a fault" in north.until("error")["message"]
        assert Seat(client, table, None).until("update")["result"] == frame["result"]
        response = client.get(f"/t/{table}/record")
        assert response.status_code == 200
        record = Record.from_json(response.text)
        assert record.stopped.startswith("stopped by a fault at event 4")
        assert len(record.moves) == 3 and record.is_over()
        assert client.get(f"/replay/{table}").status_code == 200
        steps = steps_of(client, response.text).json()
        assert len(steps) == 4 and "stopped by a fault at event 4" in steps[-1]["result"]
        assert upload(client, response.text).status_code == 200
        assert "stopped by a fault at event 4" in client.get("/").text
        other_table_plays(client)
    assert sum(1 for r in faults_logged(caplog, table)
               if "a fault at event 4" in r.getMessage()) == 1


def test_a_stored_table_that_no_longer_replays_is_stopped_at_start(database, fault, caplog):
    with served(database) as client:
        table, key = create(client, "faulty", ["human", "human"])
        beside, beside_key = create(client, "dames-rabattues", ["human", "random"])
        north = Seat(client, table, key)
        north.settled()
        north.play("run", "m1")
    fault["applying"] = 1  # north's move, replayed
    with served(database) as client:
        frame = Seat(client, table, key).until("update")
        assert frame["stopped"] and "stopped by a fault at event 2" in frame["result"]
        assert frame["n"] == 4  # its three events, kept, and the stop
        assert "stopped by a fault at event 2" in client.get("/").text
        record = Record.from_json(client.get(f"/t/{table}/record").text)
        assert len(record.moves) == 1  # the first throw, before the fault
        seat = Seat(client, beside, beside_key)
        seat.settled()
        seat.play(seat.frame["legal"][0], "beside")
    fault.clear()
    with served(database) as client:  # stopped for good, and said once
        assert Seat(client, table, key).until("update")["stopped"]
    assert [e.kind for e in events(database, table)].count(STOP) == 1
    assert len([r for r in faults_logged(caplog, table) if r.exc_info]) == 1


def test_a_corrupt_table_is_set_aside_and_the_server_serves_the_others(database):
    with served(database) as client:
        unreadable, _ = create(client, "jacquet", ["human", "human"])
        corrupt, corrupt_key = create(client, "jacquet", ["human", "human"])
        sound, sound_key = create(client, "dames-rabattues", ["human", "random"])
    store = Store(database)
    with store.engine.begin() as connection:
        connection.execute(text("UPDATE tables SET options = '{' WHERE id = :id"),
                           {"id": unreadable})
        connection.execute(text("UPDATE events SET text = 'nonsense' WHERE table_id = :id"),
                           {"id": corrupt})
    store.close()
    with served(database) as client:
        lobby = client.get("/").text
        assert f"Table {unreadable} — stopped by a fault at its start" in lobby
        page = client.get(f"/t/{unreadable}")
        assert page.status_code == 404 and "stopped by a fault at its start" in page.text
        frame = Seat(client, corrupt, corrupt_key).until("update")
        assert "stopped by a fault at event 1" in frame["result"]
        seat = Seat(client, sound, sound_key)
        seat.settled()
        seat.play(seat.frame["legal"][0], "sound")


def test_a_table_whose_start_cannot_be_shown_is_not_created(database, fault, caplog):
    fault["observation"] = 0
    with served(database) as client:
        response = client.post("/new/faulty", content="seat0=human&seat1=human",
                               headers={"content-type": "application/x-www-form-urlencoded"})
        assert response.status_code == 400
    assert list(Store(database).tables()) == []
    [logged] = [r for r in caplog.records if r.levelno >= logging.ERROR]
    assert "a fault at event 0" in logged.getMessage()


def test_a_table_whose_last_position_cannot_be_shown_at_start_stops_before_it(
        database, fault):
    with served(database) as client:
        table, key = create(client, "faulty", ["human", "human"])
        north = Seat(client, table, key)
        north.settled()
        north.play("run", "m1")
    fault["observation"] = 3  # the position after the 3rd event, the die thrown for south
    with served(database) as client:
        frame = Seat(client, table, key).until("update")
        assert "stopped by a fault at event 3" in frame["result"]
        first = client.get(f"/t/{table}/record").text
    fault.clear()
    with served(database) as client:  # rebuilt from its log, the same table
        assert Seat(client, table, key).until("update")["result"] == frame["result"]
        assert client.get(f"/t/{table}/record").text == first
    assert Record.from_json(first).moves[-1] == "run"  # the last event shown


def test_the_move_that_ends_a_game_whose_returns_fault_is_refused(database, fault):
    fault["returns"] = -1
    with served(database) as client:
        table, key = create(client, "faulty", ["human", "human"])
        north = Seat(client, table, key)
        seats = [north, Seat(client, table, invited(north.welcome)[0])]
        answer: dict = {"type": "ack"}
        while answer["type"] == "ack":
            frame = north.settled(north.frame.get("n")) if north.frame else north.until("update")
            mover = seats[["north", "south"].index(frame["to_act"])]
            mover.settled(frame["n"])
            mover.send({"type": "move", "id": f"m{frame['n']}", "move": "run"})
            answer = mover.next()
            while answer["type"] not in ("ack", "error"):
                answer = mover.next()
            if answer["type"] == "ack":
                north.settled(answer["n"] + 1)  # the move and its die
        assert answer["message"].startswith("the server could not play this")
        assert "result" not in Seat(client, table, None).until("update")


def raced_to_the_end(client) -> str:
    """A table where north runs, against the random player, to the game's end: its id."""
    table, key = create(client, "faulty", ["human", "random"])
    north = Seat(client, table, key)
    while "result" not in north.settled():
        north.play("run", f"m{north.frame['n']}")
    return table


def test_a_finished_table_whose_result_faults_at_start_stays_finished(database, fault):
    with served(database) as client:
        table = raced_to_the_end(client)
    fault["returns"] = -1
    with served(database) as client:
        frame = Seat(client, table, None).until("update")
        assert frame["result"].startswith("The game is over; its result cannot be told")
        assert "stopped" not in frame
        record = client.get(f"/t/{table}/record")
        assert record.status_code == 200 and Record.from_json(record.text).result is None
        assert client.get("/").status_code == 200
    assert events(database, table)[-1].kind != STOP


def test_a_move_that_would_not_read_back_as_played_is_refused(database, fault):
    # The die thrown after north's move cannot be read back from its text: written, the table
    # would rebuild as another, so nothing is written.
    fault["deciding"] = 2
    with served(database) as client:
        table, key = create(client, "faulty", ["human", "human"])
        north = Seat(client, table, key)
        north.settled()
        north.send({"type": "move", "id": "m1", "move": "run"})
        assert north.until("error")["message"].startswith("the server could not play this")
        assert len(events(database, table)) == 1


def test_a_rule_set_that_cannot_set_up_a_game_refuses_the_table(database, fault, caplog):
    fault["setting up"] = 0
    with served(database) as client:
        response = client.post("/new/faulty", content="seat0=human&seat1=human",
                               headers={"content-type": "application/x-www-form-urlencoded"})
        assert response.status_code == 400
    assert any("a fault at event 0" in r.getMessage() for r in caplog.records)


def test_a_move_the_database_refuses_is_one_sentence_and_a_computers_stops_its_table(
        database, fault, monkeypatch):
    written = Store.append
    refused = {"seats": {0}}  # whose events the database refuses (-2: a stop)

    def append(self, table_id, events):
        if any((-2 if event.kind == STOP else event.seat) in refused["seats"]
               for event in events):
            raise StoreError("the database is gone.")
        written(self, table_id, events)

    monkeypatch.setattr(Store, "append", append)
    with served(database) as client:
        table, key = create(client, "faulty", ["human", "heuristic"])
        north = Seat(client, table, key)
        north.settled()
        north.send({"type": "move", "id": "m1", "move": "run"})
        assert north.until("error")["message"] == "the database is gone."
        # South's move cannot be written, nor then the stop: the table ends here all the same.
        refused["seats"] = {1, -2}
        north.play("run", "m1")
        frame = north.settled()
        assert frame["stopped"] and "stopped by a fault at event 4" in frame["result"]
        refused["seats"] = set()
        other_table_plays(client)


def test_a_replay_whose_rules_fault_ends_where_they_do(database, fault):
    with served(database) as client:
        table = raced_to_the_end(client)
        record = client.get(f"/t/{table}/record").text
        fault["observation"] = 2
        steps = steps_of(client, record)
        assert steps.status_code == 200
        assert [step["view"] is None for step in steps.json()] == [False, False, True]
        assert "The replay stops here" in steps.json()[-1]["said"]
        fault.clear()
        fault["applying"] = 1
        uploaded = upload(client, record)
        assert uploaded.status_code == 400 and "could not replay this record" in uploaded.text


def test_a_worker_a_computer_player_crashes_is_replaced_for_every_table(
        database, fault, monkeypatch, caplog):
    # The heuristic ends the worker process it runs in: the pool breaks, south plays at random,
    # and the next decision at any table has a pool of its own again.
    monkeypatch.setenv("FAULTY_EXIT", "1")
    with served(database, pool=None, workers=1) as client:
        table, key = create(client, "faulty", ["human", "heuristic"])
        north = Seat(client, table, key)
        north.settled()
        north.play("run", "m1")
        assert north.settled()["n"] == 5  # south moved, at random, and his die was thrown
        assert any("BrokenProcessPool" in (r.exc_text or "") or "terminated abruptly" in
                   str(r.exc_info[1] if r.exc_info else "") for r in caplog.records)
        other, other_key = create(client, "dames-rabattues", ["human", "easy"])
        seat = Seat(client, other, other_key)
        seat.settled()
        seat.play(seat.frame["legal"][0], "beside")
        seat.settled()
        assert not faults_logged(caplog, other)  # its computer player thought, in a new pool
