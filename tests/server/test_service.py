"""The server's tables over the WebSocket: play, reconnection, moves sent twice, and bad input
answered with one sentence while the table and its log stay as they were."""

from __future__ import annotations

import asyncio
import json
import random
import re
import threading
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest

import ludotheque
from ludotheque.core.record import Record
from ludotheque.server import service as service_module
from ludotheque.server.computer import Progress, choose
from ludotheque.server.service import Service
from ludotheque.server.store import MOVE, Event, Store
from ludotheque.server.table import GameTable
from tests.server.helpers import Seat, apart, create, invited, served, steps_of, upload


@pytest.fixture
def database(tmp_path):
    return f"sqlite:///{tmp_path / 'tables.sqlite'}"


def events(database, table):
    stored = Store(database).table(table)
    assert stored is not None
    return stored[1]


def test_a_person_plays_jacquet_against_the_computer_to_the_end(database):
    with served(database, hand_over_after=0) as client:
        table, key = create(client, "jacquet", ["human", "random"], limit=60)
        seat = Seat(client, table, key)
        assert seat.welcome["seat"] == 0 and seat.welcome["seat_name"] == "white"
        assert seat.play_to_the_end()["result"]
        response = client.get(f"/t/{table}/record")
        assert response.status_code == 200
        record = Record.from_json(response.text)
        assert record.replay().is_terminal()
        logged = events(database, table)
        assert len(record.moves) == len(logged) - 1 and logged[-1].kind == "end"


def test_the_record_stays_on_the_server_until_the_game_is_over(database):
    with served(database) as client:
        table, _ = create(client, "crypto-90", ["human", "random"], goal="rounds", rounds=1)
        response = client.get(f"/t/{table}/record")
        assert response.status_code == 403
        assert "once the game is over" in response.json()["error"]


def test_a_move_sent_twice_is_played_once(database):
    with served(database) as client:
        table, key = create(client, "dames-rabattues", ["human", "human"])
        seat = Seat(client, table, key)
        seat.settled()
        move = seat.frame["legal"][0]
        for _ in range(2):
            seat.send({"type": "move", "id": "same", "move": move})
            number = seat.until("ack", id="same")["n"]
        assert [e.move_id for e in events(database, table)].count("0:same") == 1
        assert number is not None


def test_a_dropped_connection_gets_what_it_missed_and_the_same_view(database):
    with served(database) as client:
        table, key = create(client, "crypto-90", ["human", "human"], goal="rounds", rounds=1)
        seats = [Seat(client, table, key)]
        seats.append(Seat(client, table, invited(seats[0].welcome)[0]))
        keys = [key, invited(seats[0].welcome)[0]]
        to_act = seats[0].until("update")["to_act"]
        stays = next(s for s in (0, 1) if seats[s].welcome["seat_name"] == to_act)
        goes = 1 - stays
        seen = seats[goes].until("update")["n"]
        seats[goes].close()
        # The seat to play plays on while the other is away.
        for i in range(3):
            frame = seats[stays].settled()
            if frame.get("to_act") != to_act:
                break
            seats[stays].play(frame["legal"][0], f"m{i}")
        missed = seats[stays].frame["n"]
        assert missed > seen
        back = Seat(client, table, keys[goes], after=seen)
        update = back.until("update")
        assert [e["n"] for e in update["events"]] == list(range(seen + 1, missed + 1))
        fresh = Seat(client, table, keys[goes]).until("update")
        assert update["view"] == fresh["view"] and update["n"] == fresh["n"] == missed


BAD = [
    ("not json", "a message is JSON"),
    ('{"type": "dance"}', "a message is a JSON object with a type"),
    ('{"type": "move", "id": "x"}', "a move message needs a move"),
    ('{"type": "move", "id": "x", "move": 7}', "a move message needs a move"),
    ("x" * 5000, "at most 2,000 characters"),
    ('{"type": "move", "id": "x", "move": "1/24"}', "is not a legal move here"),
    ('{"type": "take-back", "id": "y"}', "nothing to take back"),
    ('{"type": "hand-over", "seat": 1}', "only once its player has been gone"),
    ('{"type": "hand-over", "seat": 9}', "the seats are numbered 0 to 1"),
    ('{"type": "hello", "key": null, "after": 0}', "said hello already"),
    ('{"type": "move", "id": "\\ud800", "move": "1/2"}', "a move message needs an id"),
]


@pytest.mark.parametrize(("message", "said"), BAD, ids=[s for _, s in BAD])
def test_bad_input_is_one_sentence_and_writes_nothing(database, message, said):
    with served(database) as client:
        table, key = create(client, "jacquet", ["human", "human"])
        seat = Seat(client, table, key)
        frame = seat.settled()
        before = events(database, table)
        seat.send(message)
        told = seat.until("error")["message"]
        assert said in told and "\n" not in told and told.endswith(".")
        assert events(database, table) == before
        # The table is intact: the seat's move is still his to play.
        seat.send({"type": "move", "id": "ok", "move": frame["legal"][0]})
        assert seat.until("ack", id="ok")["n"] == len(before) + 1


def test_a_hello_with_half_a_character_is_one_sentence(database):
    with served(database) as client:
        table, _ = create(client, "jacquet", ["human", "human"])
        with client.websocket_connect(f"/t/{table}/ws") as socket:
            socket.send_text('{"type": "hello", "key": "\\ud800", "after": 0}')
            told = json.loads(socket.receive_text())
        assert told["type"] == "error" and "a hello message needs a key" in told["message"]


def test_a_finished_games_seats_stay_as_they_ended_it(database):
    with served(database) as client:
        table, key = create(client, "dames-rabattues", ["human", "random"], limit=20)
        seat = Seat(client, table, key)
        seat.play_to_the_end()
        before = events(database, table)
        seat.send({"type": "take-seat"})
        assert "the game is over" in seat.until("error")["message"]
        assert events(database, table) == before


def test_a_move_out_of_turn_a_spectator_and_another_tables_link_are_refused(database):
    with served(database) as client:
        table, key = create(client, "jacquet", ["human", "human"])
        other, other_key = create(client, "jacquet", ["human", "random"])
        white = Seat(client, table, key)
        black_key = invited(white.welcome)[0]
        black = Seat(client, table, black_key)
        black.send({"type": "move", "id": "b", "move": "1/4"})
        assert "not black's" in black.until("error")["message"]
        watcher = Seat(client, table, None)
        watcher.send({"type": "move", "id": "w", "move": "1/4"})
        assert "a spectator watches" in watcher.until("error")["message"]
        with client.websocket_connect(f"/t/{table}/ws") as stranger:
            stranger.send_text(json.dumps({"type": "hello", "key": other_key, "after": 0}))
            told = json.loads(stranger.receive_text())
        assert told["type"] == "error" and "not one of this table's" in told["message"]
        assert len(events(database, other)) > 0 and all(
            e.seat != 1 or e.kind != "move" for e in events(database, table))


def test_a_flood_is_answered_not_played(database):
    with served(database, message_rate=(5, 0.001)) as client:
        table, key = create(client, "jacquet", ["human", "human"])
        seat = Seat(client, table, key)
        seat.settled()
        for _ in range(8):
            seat.send({"type": "ask", "question": "rules"})
        kinds: list[str] = []
        while len(kinds) < 8:
            kind = seat.next()["type"]
            if kind in ("answer", "error"):
                kinds.append(kind)
        assert kinds.count("answer") == 4 and kinds.count("error") == 4
        # A move refused for the flood names its id: its page knows it was not played.
        seat.send({"type": "move", "id": "flooded", "move": seat.frame["legal"][0]})
        assert seat.until("error")["id"] == "flooded"


def test_a_seat_gone_is_handed_to_the_computer_and_taken_back(database):
    with served(database, hand_over_after=0) as client:
        table, key = create(client, "dames-rabattues", ["human", "human"])
        white = Seat(client, table, key)
        white.until("presence")
        white.send({"type": "hand-over", "seat": 1})  # black has never come
        assert white.until("update")["kinds"] == ["human", "easy"]
        black = Seat(client, table, invited(white.welcome)[0])
        black.send({"type": "take-seat"})
        assert black.until("update", kinds=["human", "human"])


def test_pages_answer_bad_input_in_one_sentence(database):
    with served(database) as client:
        response = client.post("/new/jacquet", content="seat0=human&seat1=random&reading=x",
                               headers={"content-type": "application/x-www-form-urlencoded"})
        assert response.status_code == 400
        assert "Option &#39;reading&#39; of jacquet must be one of" in response.text
        assert client.get("/t/nowhere").status_code == 404
        assert client.get("/new/chess").status_code == 404
        assert "Cabriole" in client.get("/new/cabriole").text  # not seated yet: said so
        for body, said in [
            ("{", "The record is not valid JSON"),
            ('{"game": "jacquet", "moves": ["white first"]}', "Only a finished game"),
        ]:
            response = upload(client, body)
            assert response.status_code == 400 and said in response.text
        response = steps_of(client, b"\xff\xfe")
        assert response.status_code == 400 and "a record is UTF-8 text" in response.text


def test_a_finished_games_replay_uploaded_and_stepped_through(database):
    with served(database) as client:
        table, key = create(client, "dames-rabattues", ["human", "random"], limit=30)
        seat = Seat(client, table, key)
        seat.play_to_the_end()
        text = client.get(f"/t/{table}/record").text
        page = upload(client, text)
        assert page.status_code == 200 and "Replay: Dames rabattues" in page.text
        steps = steps_of(client, text, seat=1).json()
        assert len(steps) == len(Record.from_json(text).moves) + 1
        assert steps[-1]["result"].endswith(".")
        assert client.get(f"/replay/{table}").status_code == 200
        assert "Dames rabattues" in client.get("/rules/dames-rabattues").text


class Broken(ThreadPoolExecutor):
    """A pool whose every task fails, as a lost worker's would."""

    def submit(self, fn, /, *args, **kwargs):
        return super().submit(lambda: 1 / 0)


def test_a_computer_player_that_fails_does_not_stall_the_table(database, caplog):
    with served(database, pool=Broken(1)) as client:
        table, key = create(client, "dames-rabattues", ["human", "random"])
        seat = Seat(client, table, key)
        for i in range(3):  # black's turns come back to white all the same
            seat.play(seat.settled()["legal"][0], f"m{i}")
    assert "the computer player random failed" in caplog.text


@pytest.mark.parametrize("game", ludotheque.games())
def test_every_file_a_rules_page_links_to_is_served(database, game):
    with served(database) as client:
        page = client.get(f"/rules/{game}").text
        links = re.findall(r'(?:src|href)="(\.\./readings/[^"]+)"', page)
        assert links
        for link in links:
            served_file = client.get(link.replace("../", "/", 1))
            assert served_file.status_code == 200, link
        assert client.get("/readings/../../pyproject.toml").status_code == 404
        icon = re.search(r'rel="icon" href="([^"]+)"', page).group(1)
        assert client.get(icon).status_code == 200


def test_a_computer_seat_is_said_to_be_thinking_until_its_move_comes(database):
    with served(database) as client:
        table, key = create(client, "jacquet", ["human", "random"], limit=8)
        seat = Seat(client, table, key)
        while "result" not in seat.settled():
            seat.play(seat.frame["legal"][0], f"m{seat.frame['n']}")
        said = [json.loads(text) for text in seat.received]
        thinking = [i for i, m in enumerate(said) if m["type"] == "thinking"]
        assert thinking and all(said[i]["seat"] == 1 and said[i]["for"] >= 0 for i in thinking)
        for i in thinking:  # each before the move it announces
            after = said[i]["after"]
            assert not any(m["type"] == "update" and m["n"] > after for m in said[:i])
            assert any(m["type"] == "update" and m["n"] > after for m in said[i:])


def test_a_computer_search_tells_how_far_it_has_got():
    # What the server reads each second while a computer thinks, to show its pages.
    state = ludotheque.load_game("jacquet").new_initial_state()
    while state.is_chance_node():
        state.apply_action(state.chance_outcomes()[0][0])
    progress = Progress()
    try:
        assert progress.share() == 0.0
        choose("medium", 1.0, state, progress.path)
        assert 0.0 < progress.share() <= 1.0
    finally:
        progress.close()
    assert not Path(progress.path).exists()
    progress.close()  # closed twice: nothing more to do


def test_moves_at_many_tables_share_a_commit_and_a_refusal_costs_only_its_own(database):
    # Six tables, each with a move sent at once: the writer takes them in batches, one
    # transaction each; a table whose event the database refuses (its number written already,
    # behind the server's back) is told so alone, and the others' moves are written and played.
    async def play() -> None:
        store = Store(database)
        service = Service(store, rng=random.Random(1), pool=ThreadPoolExecutor(1))
        batches: list[int] = []
        written = store.append_all

        def append_all(logs):
            batches.append(len(logs))
            return written(logs)

        store.append_all = append_all  # type: ignore[method-assign]
        try:
            tables = [(await service.create("jacquet", {}, ["human", "human"]))[0]
                      for _ in range(6)]
            moves = []
            for table_id in tables:
                table = service.table(table_id)
                seat = table.to_act()
                moves.append((table_id, seat, table.frame(seat, 0)["legal"][0]))
            spoilt = service.table(tables[3])
            store.append(tables[3], [Event(spoilt.number + 1, MOVE, 0, "spoilt", None, 0.0)])
            met = await asyncio.gather(*(service.move(t, s, m, f"m-{t}") for t, s, m in moves),
                                       return_exceptions=True)
        finally:
            await service.close()
        assert [type(m).__name__ for m in met] == ["NoneType"] * 3 + ["Taken"] + [
            "NoneType"] * 2
        assert max(batches) > 1
        for table_id, seat, _ in moves:
            logged = [e.move_id for e in events(database, table_id)]
            assert (f"{seat}:m-{table_id}" in logged) == (table_id != tables[3])

    apart(play())


def test_a_table_whose_rules_are_slow_has_its_moves_rehearsed_off_the_event_loop(
        database, monkeypatch):
    # Every move counted heavy: each is rehearsed in the rules' threads, and is refused (in
    # its reader's language), played and told there as on the event loop.
    monkeypatch.setattr(service_module, "HEAVY", -1.0)
    threads: set[str] = set()
    decide = GameTable.decide

    def spied(self, *arguments):
        threads.add(threading.current_thread().name)
        return decide(self, *arguments)

    monkeypatch.setattr(GameTable, "decide", spied)
    with served(database) as client:
        table, key = create(client, "jacquet", ["human", "random"], limit=1)
        seat = Seat(client, table, key, headers={"accept-language": "fr"})
        seat.settled()
        seat.send({"type": "move", "id": "nonsense", "move": "nonsense"})
        assert "n’est pas un coup permis ici" in seat.until("error")["message"]
        assert seat.play_to_the_end()["result"]
    assert threads and all(name.startswith("ludotheque-rules") for name in threads)


def test_a_seeded_servers_table_plays_the_same_game_whatever_else_it_plays(tmp_path):
    # Its id, its chance and its computers are drawn from the server's seed, the table's id and
    # the moment: the same table on the same seed throws the same dice, whether or not another
    # table opens and plays between its moves.
    async def game(database: str, other: bool) -> list[str]:
        service = Service(Store(database), rng=random.Random(5), pool=ThreadPoolExecutor(1))
        try:
            first, _ = await service.create("jacquet", {}, ["human", "human"])
            tables = [first]
            if other:
                tables.append((await service.create("jacquet", {}, ["human", "human"]))[0])
            for turn in range(8):
                for table_id in tables:
                    table = service.table(table_id)
                    seat = table.to_act()
                    legal = table.frame(seat, 0)["legal"]
                    await service.move(table_id, seat, legal[0], f"m{turn}")
            return [first, *(e.text for e in service.table(first).events)]
        finally:
            await service.close()

    alone = apart(game(f"sqlite:///{tmp_path / 'alone.sqlite'}", False))
    beside = apart(game(f"sqlite:///{tmp_path / 'beside.sqlite'}", True))
    assert alone == beside and len(alone) > 10
