"""Hints and analyses on the server (issue 39): against the computer a seat may ask for a hint
at its turn; at a table between people only where its creator allows them; the others are told
that a seat asked, never what it was told; a refusal is one sentence and costs nothing. A
finished game's record is analysed a turn at a time, each told as it is judged."""

from __future__ import annotations

import json

import ludotheque
from ludotheque.core.record import Record
from ludotheque.server import service
from tests.helpers import play_at_random
from tests.server.helpers import Seat, create, invited, served


def test_a_seat_against_the_computer_asks_for_a_hint_at_its_turn(tmp_path, monkeypatch):
    # Three at once, then one every 1,000 s: however slowly a fresh machine works the first
    # hints out, the fourth finds the rate spent (at 5 s, a slow first hint refilled it).
    monkeypatch.setattr(service, "HINT_RATE", (3, 0.001))
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
        assert told["after"] == frame["n"]  # the event it was worked out after
        # A seat asks three at once, then one every so many seconds.
        for _ in range(2):
            seat.send({"type": "hint"})
            seat.until("hint")
        seat.send({"type": "hint"})
        assert seat.until("error")["message"] == ("too many hints: a seat asks for at most 3 "
                                                  "at once, then one every 1000 seconds.")
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


def _finished_chain_game() -> str:
    game = ludotheque.load_game("crypto-geographique-chaine", players=2, rounds=1)
    return Record.of(play_at_random(game, 4), ("human", "random")).to_json()


def test_a_finished_game_is_analysed_a_turn_at_a_time(tmp_path):
    with served(f"sqlite:///{tmp_path / 't.sqlite'}") as client:
        record = _finished_chain_game()
        answer = client.post("/replay/analysis?seat=0", content=record,
                             headers={"content-type": "application/json"})
        assert answer.status_code == 200, answer.text
        lines = [json.loads(line) for line in answer.text.splitlines()]
        progress, (last,) = lines[:-1], lines[-1:]
        total = progress[0]["total"]
        assert [p["done"] for p in progress] == list(range(1, total + 1))
        analysis = last["analysis"]
        assert analysis["unit"] == "chance" and len(analysis["judgements"]) == total
        assert {j["seat"] for j in analysis["judgements"]} == {0}
        # Each turn points at the replay's step where it began.
        steps = client.post("/replay/steps", content=record,
                            headers={"content-type": "application/json"}).json()
        for judged in analysis["judgements"]:
            assert 0 < judged["step"] < len(steps)
        for costly in analysis["costliest"]:
            assert costly["said"].startswith(f"north, at step {costly['step']}: played ")
        refused = client.post("/replay/analysis?seat=7", content=record,
                              headers={"content-type": "application/json"})
        assert refused.status_code == 400
        assert refused.json()["error"] == "a seat is asked for by its number, 0 to 1, not '7'."
