"""Tiddlywinks at a server's table, over its WebSocket: a shot is written, not picked from a
list; a bad shot is one sentence and leaves the table as it was; a shot's flight travels in the
view, compact."""

from __future__ import annotations

import json

import pytest

from tests.server.helpers import Seat, create, invited, served
from tests.server.test_service import events


@pytest.fixture
def database(tmp_path):
    return f"sqlite:///{tmp_path / 'tables.sqlite'}"


BAD_SHOTS = [
    # another's counter, one not on the line yet, and what the notation refuses
    ("blue 1 aim 90 pressure 0.5 steep 40", "an opponent's"),
    ("red 1 aim 90 pressure 1.5 steep 40", "pressure runs from 0.01"),
    ("red 1 aim 90 pressure 0 steep 40", "pressure runs from 0.01"),
    ("red 1 aim 90 pressure 0.5 steep 95", "steep runs from 0"),
    ("red 1 aim nan pressure 0.5 steep 40", "is not a shot"),
    ("red 1 aim inf pressure 0.5 steep 40", "is not a shot"),
    ("red 1 aim 90 pressure NaN steep 40", "is not a shot"),
    ("red 1 aim 1e999 pressure 0.5 steep 40", "is not a shot"),
    ("red 1 aim " + "9" * 60 + " pressure 0.5 steep 40", "at most"),
    ("red 9 aim 90 pressure 0.5 steep 40", "counters are numbered 1 to 4"),
    ("pass", "passes only when none of his counters"),
]


@pytest.mark.parametrize(("move", "said"), BAD_SHOTS, ids=[m[:28] for m, _ in BAD_SHOTS])
def test_a_bad_shot_is_one_sentence_and_the_table_stays(database, move, said):
    with served(database) as client:
        table, key = create(client, "cabriole", ["human", "human"], hands="steady")
        seat = Seat(client, table, key)
        frame = seat.settled()
        # A shot is aimed from a continuum: the seat is told how to write one, not sent a grid.
        assert "legal" not in frame and "COLOUR N aim" in frame["write"]
        before = events(database, table)
        seat.send({"type": "move", "id": "bad", "move": move})
        told = seat.until("error")["message"]
        assert said in told and "\n" not in told and told.endswith("."), told
        assert events(database, table) == before
        seat.send({"type": "move", "id": "ok", "move": "red 1 aim cup pressure 0.5 steep 72"})
        assert seat.until("ack", id="ok")["n"] == len(before) + 1


def test_a_shot_out_of_turn_is_refused(database):
    with served(database) as client:
        table, key = create(client, "tiddledy-winks", ["human", "human"])
        red = Seat(client, table, key)
        blue = Seat(client, table, invited(red.welcome)[0])
        blue.settled(0)
        blue.send({"type": "move", "id": "early", "move": "blue 1 aim cup pressure 0.5 steep 72"})
        assert "it is red's turn, not blue's" in blue.until("error")["message"]
        assert events(database, table) == []


def test_a_shots_flight_travels_in_the_view_and_stays_small(database):
    with served(database) as client:
        table, key = create(client, "cabriole", ["human", "human", "human", "human"],
                            players=4, counters=6, hands="expert")
        seat = Seat(client, table, key)
        seat.settled()
        seat.send({"type": "move", "id": "s", "move": "red 1 aim cup pressure 0.5 steep 72"})
        seat.until("ack", id="s")
        update = seat.frame if seat.frame["n"] == 2 else seat.until("update", n=2)
        flight = update["view"]["flight"]
        assert flight["counter"] == "red 1" and flight["every"] == 0.02
        path = flight["paths"]["red 1"]
        assert len(path) % 4 == 0 and len(path) >= 8
        # the path ends where the counter lies now (or where it left the table or lake)
        assert len(seat.received[-1]) < 100_000
        assert len(json.dumps(flight)) < 20_000
