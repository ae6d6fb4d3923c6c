"""The assist (issue 37): at a tiddlywinks table whose creator turned it on, a seat aiming a
shot is told where it would come to rest with a steady hand — and with ``hands=steady`` that
is where the shot, once played, does rest. Every preview asked for is answered, a refusal in
one sentence; previews draw on an allowance of their own, never on the moves'."""

from __future__ import annotations

import pytest

from ludotheque.core.errors import OptionError
from ludotheque.server.settings import read_settings
from tests.server.helpers import Seat, create, served

POT = "red 1 aim cup pressure 0.50 steep 60"  # from the start line, a steady hand pots it


def test_a_preview_is_where_a_steady_shot_comes_to_rest(tmp_path):
    with served(f"sqlite:///{tmp_path / 't.sqlite'}") as client:
        table, key = create(client, "cabriole", ["human", "random"], hands="steady",
                            **{"setting-assist": "true"})
        seat = Seat(client, table, key)
        assert seat.welcome["settings"]["assist"] is True
        seat.settled()
        seat.send({"type": "preview", "move": POT})
        answer = seat.until("preview")
        assert answer["move"] == POT
        assert [(r["counter"], r["place"]) for r in answer["rests"]] == [("red 1", "cup")]
        seat.send({"type": "preview", "move": "red 1 aim cup pressure 0.30 steep 60"})
        short = seat.until("preview")["rests"][0]
        assert short["place"] == "cloth" and abs(short["x"]) + abs(short["y"]) > 0.05
        # The shot played: the counter rests where the preview said.
        seat.send({"type": "move", "id": "m1", "move": POT})
        seat.until("ack", id="m1")
        counters = {c["counter"]: c for c in seat.frame["view"]["counters"]}
        assert counters["red 1"]["place"] == "cup"


def test_previews_are_refused_in_a_sentence_where_there_is_none(tmp_path):
    with served(f"sqlite:///{tmp_path / 't.sqlite'}") as client:
        table, key = create(client, "cabriole", ["human", "human"])  # the assist off
        seat = Seat(client, table, key)
        seat.settled()
        seat.send({"type": "preview", "move": POT})
        assert seat.until("preview")["error"] == ("the assist is off at this table; its creator "
                                                  "may turn it on.")
        seat.send({"type": "setting", "name": "assist", "value": "true"})
        seat.until("settings")
        seat.send({"type": "preview", "move": "red 1 aim north"})
        refused = seat.until("preview")
        assert "rests" not in refused and refused["error"].endswith(".")
        other = Seat(client, table, None)  # a spectator aims nothing
        other.send({"type": "preview", "move": POT})
        assert other.until("preview")["error"].startswith("a spectator watches")


def test_the_assist_is_a_setting_of_aimed_games_only():
    assert read_settings({"assist": "true"})["assist"] is True
    with pytest.raises(OptionError, match="no setting 'assist'"):
        read_settings({"assist": "true"}, continuous=False)


def test_previews_have_their_own_allowance(tmp_path):
    with served(f"sqlite:///{tmp_path / 't.sqlite'}", message_rate=(3, 0.001)) as client:
        table, key = create(client, "cabriole", ["human", "random"], hands="steady",
                            **{"setting-assist": "true"})
        seat = Seat(client, table, key)  # the hello spends one of the three messages
        seat.settled()
        for _ in range(5):  # more previews than the messages' allowance: all answered
            seat.send({"type": "preview", "move": POT})
            assert seat.until("preview")["rests"][0]["place"] == "cup"
        seat.send({"type": "move", "id": "m1", "move": POT})
        seat.until("ack", id="m1")
