"""Hints on the server (issue 39): against the computer a seat may ask for one at its turn; at
a table between people only where its creator allows them; the others are told that a seat
asked, never what it was told; a refusal is one sentence and costs nothing."""

from __future__ import annotations

import json

from tests.server.helpers import Seat, create, invited, served


def test_a_seat_against_the_computer_asks_for_a_hint_at_its_turn(tmp_path):
    with served(f"sqlite:///{tmp_path / 't.sqlite'}") as client:
        table, key = create(client, "crypto-90", ["human", "easy"], goal="rounds",
                            rounds=1)
        seat = Seat(client, table, key)
        assert seat.welcome["hints"] is True
        frame = seat.settled()
        seat.send({"type": "hint"})
        told = seat.until("hint")
        assert told["unit"] == "points" and 1 <= len(told["moves"]) <= 3
        best = told["moves"][0]
        assert best["path"][0] in frame["legal"] and best["said"].startswith(best["move"])
        # The hint costs the table nothing: the move it advises is played as any other.
        seat.play(best["path"][0], "m1")


def test_hints_between_people_are_a_setting_and_their_content_is_the_askers(tmp_path):
    with served(f"sqlite:///{tmp_path / 't.sqlite'}") as client:
        table, key = create(client, "crypto-90", ["human", "human"], goal="rounds", rounds=1)
        north = Seat(client, table, key)
        south = Seat(client, table, invited(north.welcome)[0])
        watcher = Seat(client, table, None)
        assert north.welcome["hints"] is False
        north.settled()
        north.send({"type": "hint"})
        assert north.until("error")["message"] == ("hints are off at this table; its creator "
                                                   "may turn them on.")
        north.send({"type": "setting", "name": "hints", "value": "true"})
        assert north.until("settings")["hints"] is True
        south.send({"type": "hint"})  # not south's turn
        assert south.until("error")["message"] == "a hint is asked at one's own turn."
        watcher.send({"type": "hint"})
        assert watcher.until("error")["message"].startswith("a spectator watches")
        north.send({"type": "hint"})
        told = north.until("hint")
        # The others are told that north asked, and nothing of what he was told.
        for other in (south, watcher):
            hinted = other.until("hinted")
            assert hinted == {"type": "hinted", "seat": 0, "name": "north"}
            said = [json.loads(text) for text in other.received]
            assert not any(m["type"] == "hint" for m in said)
            assert all(advice["said"] not in text for advice in told["moves"]
                       for text in other.received)
