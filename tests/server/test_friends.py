"""Friends at a table: the links and QR codes they are sent, the table's settings, its talk,
its closing by its creator, and the next table once a game is over."""

from __future__ import annotations

import json
from urllib.parse import urlencode

import pytest
from starlette.websockets import WebSocketDisconnect

from ludotheque.core.record import Record
from ludotheque.server.invitations import qr
from ludotheque.server.service import SAY_MOST, TALK_RATE
from ludotheque.server.store import Store
from tests.server.helpers import Seat, create, invited, served

FORM = {"content-type": "application/x-www-form-urlencoded"}
QUICK = {"goal": "rounds", "rounds": "1"}


@pytest.fixture
def database(tmp_path):
    return f"sqlite:///{tmp_path / 'tables.sqlite'}"


def heard(seat, text):
    """The line ``text``, once ``seat`` is told it."""
    while True:
        for line in seat.until("talk")["lines"]:
            if line["text"] == text:
                return line


def links(welcome):
    return [invite["link"] for invite in welcome["invites"]]


def test_links_and_qr_codes_are_built_on_the_public_url(database):
    with served(database, public_url="https://Jeux.example.org/") as client:
        table, key = create(client, "crypto-90", ["human", "human"], **QUICK)
        # Whatever the request says its host is.
        creator = Seat(client, table, key, headers={"host": "evil.example"})
        seat, spectators = creator.welcome["invites"]
        assert seat["link"] == f"https://jeux.example.org/t/{table}#key={seat['key']}"
        assert spectators["link"] == f"https://jeux.example.org/t/{table}"
        assert seat["qr"] == qr(seat["link"]) and spectators["qr"] == qr(spectators["link"])
        assert "evil" not in json.dumps(creator.welcome)
        creator.send({"type": "link"})
        own = creator.until("link")
        assert own["link"] == f"https://jeux.example.org/t/{table}#key={key}"
        assert own["qr"] == qr(own["link"])


def test_without_one_links_are_built_on_the_page_s_own_origin(database):
    with served(database) as client:
        table, key = create(client, "crypto-90", ["human", "human"], **QUICK)
        page = {"origin": "http://testserver"}
        creator = Seat(client, table, key, headers=page)
        assert links(creator.welcome) == [
            f"http://testserver/t/{table}#key={invited(creator.welcome)[0]}",
            f"http://testserver/t/{table}"]


def test_a_forged_host_never_reaches_a_link_or_a_qr_code(database):
    with served(database) as client:
        table, key = create(client, "crypto-90", ["human", "human"], **QUICK)
        # A browser's page names its origin; the host a request claims is not believed.
        forged = {"host": "evil.example", "sec-fetch-site": "same-origin",
                  "origin": "http://127.0.0.1:8000"}
        creator = Seat(client, table, key, headers=forged)
        assert all(link.startswith("http://127.0.0.1:8000/") for link in links(creator.welcome))
        # A program that names no origin is given the keys, and no link built on anything.
        bare = Seat(client, table, key, headers={"host": "evil.example"})
        assert "evil" not in json.dumps(bare.welcome)
        assert [i.get("link") for i in bare.welcome["invites"]] == [None]
        bare.send({"type": "link"})
        assert "did not say the address" in bare.until("error")["message"]


def test_a_public_url_that_is_not_an_origin_is_one_sentence():
    from typer.testing import CliRunner

    from ludotheque.cli.main import app

    said = CliRunner().invoke(app, ["serve", "--public-url", "https://x.example/jeux"])
    assert said.exit_code == 2
    assert "with no path" in said.output and "Traceback" not in said.output


def test_talk_is_told_to_the_seats_as_text_and_kept_apart_from_the_game(database):
    with served(database) as client:
        table, key = create(client, "crypto-90", ["human", "human"], **QUICK)
        north = Seat(client, table, key)
        south = Seat(client, table, invited(north.welcome)[0])
        spectator = Seat(client, table, None)
        number = north.settled()["n"]
        north.send({"type": "say", "text": "<script>alert(1)</script>\n\x1b[31mbonjour"})
        line = south.until("talk")["lines"]
        assert [(x["name"], x["text"]) for x in line] == [
            ("north", "<script>alert(1)</script> [31mbonjour")]
        # Not an event: the game's numbers (reconnection, acknowledgements) are untouched.
        south.send({"type": "say", "text": "À toi !"})
        assert heard(north, "À toi !")["name"] == "south"
        assert Seat(client, table, key, after=number).settled()["n"] == number
        # Spectators read the talk only where the table lets them.
        assert all(json.loads(m)["type"] != "talk" for m in spectator.received)
        # Coming back, a seat is given the lines said.
        again = Seat(client, table, key)
        assert [x["text"] for x in again.until("talk")["lines"]][-1] == "À toi !"
        heard(south, "À toi !")
        talk = Store(database).talk(table, 50)
        assert [s.text for s in talk][-1] == "À toi !"


def test_spectators_read_only_what_was_said_while_they_were_let(database):
    with served(database) as client:
        table, key = create(client, "crypto-90", ["human", "human"], **QUICK)
        north = Seat(client, table, key)
        north.send({"type": "say", "text": "between us"})
        heard(north, "between us")
        north.send({"type": "setting", "name": "spectators_read", "value": "true"})
        north.until("settings")
        spectator = Seat(client, table, None)
        north.send({"type": "say", "text": "hello, spectators"})
        assert [x["text"] for x in spectator.until("talk")["lines"]] == ["hello, spectators"]
        north.send({"type": "setting", "name": "spectators_read", "value": "false"})
        spectator.until("settings")
        # Coming back later, a spectator is given the public lines alone.
        later = Seat(client, table, None)
        assert [x["text"] for x in later.until("talk")["lines"]] == ["hello, spectators"]


def test_bad_talk_is_one_sentence_and_changes_nothing(database):
    with served(database, public_url="https://jeux.example.org") as client:
        table, key = create(client, "crypto-90", ["human", "human"], **QUICK)
        north = Seat(client, table, key)
        north.settled()
        north.send(json.dumps({"type": "say", "text": "x" * 10_000}))
        assert "at most 2,000 characters" in north.until("error")["message"]
        north.send({"type": "say", "text": "x" * (SAY_MOST + 1)})
        assert f"at most {SAY_MOST} characters" in north.until("error")["message"]
        north.send({"type": "say", "text": " \n\t "})
        assert "empty" in north.until("error")["message"]
        burst, _ = TALK_RATE
        for n in range(burst + 1):
            north.send({"type": "say", "text": f"line {n}"})
        assert "too much talk" in north.until("error")["message"]
        assert [s.text for s in Store(database).talk(table, 50)] == [
            f"line {n}" for n in range(burst)]
        spectator = Seat(client, table, None)
        spectator.send({"type": "say", "text": "hello"})
        assert "a spectator watches" in spectator.until("error")["message"]
        # Another site's page is not let in to say anything.
        with pytest.raises(WebSocketDisconnect) as refused, client.websocket_connect(
                f"/t/{table}/ws", headers={"origin": "https://evil.example"}) as socket:
            socket.receive_text()
        assert refused.value.code == 4403
        assert len(Store(database).talk(table, 50)) == burst


def test_the_creator_sets_the_table_and_closes_it(database):
    with served(database) as client:
        form = {"seat0": "human", "seat1": "human", "setting-spectators_read": "true", **QUICK}
        response = client.post("/new/crypto-90", content=urlencode(form), headers=FORM,
                               follow_redirects=False)
        table, _, key = response.headers["location"].removeprefix("/t/").partition("#key=")
        north = Seat(client, table, key)
        assert north.welcome["settings"] == {"talk": True, "spectators_read": True,
                                               "hints": False}
        assert north.welcome["creator"] is True
        assert "spectators read it" in client.get(f"/t/{table}").text
        south = Seat(client, table, invited(north.welcome)[0])
        assert south.welcome["creator"] is False
        north.send({"type": "say", "text": "bonjour"})
        spectator = Seat(client, table, None)
        assert spectator.until("talk")["lines"][0]["text"] == "bonjour"
        south.send({"type": "setting", "name": "talk", "value": "false"})
        assert "only the table's creator" in south.until("error")["message"]
        north.send({"type": "setting", "name": "talk", "value": "maybe"})
        assert "true or false, not 'maybe'" in north.until("error")["message"]
        north.send({"type": "setting", "name": "talk", "value": "false"})
        assert south.until("settings")["told"] == ["no talk at the table"]
        south.send({"type": "say", "text": "still there?"})
        assert "talk is turned off" in south.until("error")["message"]
        south.send({"type": "close"})
        assert "only the table's creator closes it" in south.until("error")["message"]
        north.send({"type": "close"})
        ended = spectator.until("update")
        while "result" not in ended:
            ended = spectator.until("update")
        assert "abandoned after event" in ended["result"]
        assert "(closed by its creator)" in ended["result"]
        record = Record.from_json(client.get(f"/t/{table}/record").text)
        assert record.settings == {"talk": False, "spectators_read": True, "hints": False}
        assert "bonjour" not in record.to_json()


def test_a_bad_setting_on_the_form_is_one_sentence(database):
    with served(database) as client:
        form = {"seat0": "human", "seat1": "random", "setting-talk": "sometimes"}
        response = client.post("/new/crypto-90", content=urlencode(form), headers=FORM)
        assert response.status_code == 400
        assert "Setting &#39;talk&#39; of a table must be true or false" in response.text


def test_playing_again_seats_everyone_at_the_next_table(database):
    with served(database) as client:
        table, key = create(client, "crypto-90", ["human", "random"], **QUICK)
        north = Seat(client, table, key)
        spectator = Seat(client, table, None)
        north.send({"type": "again"})
        assert "once its game has ended" in north.until("error")["message"]
        north.play_to_the_end()
        north.send({"type": "again"})
        follow = north.until("again")
        watch = spectator.until("again")
        assert watch == {"type": "again", "table": follow["table"]}
        north.send({"type": "again"})  # asked twice: the same table
        assert north.until("again") == follow
        # The first seat passes on: the person who was north plays second now.
        assert follow["seat_name"] == "south"
        there = Seat(client, follow["table"], follow["key"])
        assert there.welcome["seat"] == 1 and there.welcome["creator"] is True
        assert client.app.state.service.table(follow["table"]).kinds == ["random", "human"]
        # Coming back to the old table later, a person is still offered his seat there.
        assert Seat(client, table, key).until("again") == follow


def test_playing_again_keeps_the_creator_and_gives_each_person_his_own_key_alone(database):
    with served(database, hand_over_after=0.0) as client:
        table, key = create(client, "crypto-90", ["human", "human"], **QUICK)
        alice = Seat(client, table, key)
        bob_key = invited(alice.welcome)[0]
        bob = Seat(client, table, bob_key)
        bob.until("update")
        bob.close()  # gone: his seat is handed to the computer, and Alice plays on
        alice.until("presence", may_hand_over=[1])
        alice.send({"type": "hand-over", "seat": 1})
        alice.play_to_the_end()
        bob = Seat(client, table, bob_key)
        bob.send({"type": "again"})
        offer = bob.until("again")
        mine = alice.until("again")
        assert offer["table"] == mine["table"] and offer["key"] != mine["key"]
        # Bob, who asked, plays first there; Alice is still the creator, and only she is
        # shown the others' links.
        bob_there = Seat(client, offer["table"], offer["key"])
        alice_there = Seat(client, mine["table"], mine["key"])
        assert (bob_there.welcome["seat"], alice_there.welcome["seat"]) == (0, 1)
        assert bob_there.welcome["creator"] is False and bob_there.welcome["invites"] == []
        assert alice_there.welcome["creator"] is True
        assert invited(alice_there.welcome) == [offer["key"]]
        bob_there.send({"type": "close"})
        assert "only the table's creator" in bob_there.until("error")["message"]


def test_playing_again_counts_as_opening_a_table(database):
    with served(database, creations=(1, 1 / 30)) as client:
        table, key = create(client, "crypto-90", ["human", "random"], **QUICK)
        north = Seat(client, table, key)
        north.play_to_the_end()
        north.send({"type": "again"})
        assert "this address has opened 1 tables" in north.until("error")["message"]


def test_a_closed_table_is_not_played_again(database):
    with served(database) as client:
        table, key = create(client, "crypto-90", ["human", "random"], **QUICK)
        north = Seat(client, table, key)
        north.settled()
        north.send({"type": "close"})
        north.send({"type": "again"})
        assert "ended by its rules" in north.until("error")["message"]


def test_a_seat_s_own_link_is_given_once_a_connection(database):
    with served(database, public_url="https://jeux.example.org") as client:
        table, key = create(client, "crypto-90", ["human", "random"], **QUICK)
        north = Seat(client, table, key)
        north.send({"type": "link"})
        north.until("link")
        north.send({"type": "link"})
        assert "given its seat's link already" in north.until("error")["message"]


def test_a_key_the_table_does_not_know_is_refused_as_such(database):
    with served(database) as client:
        table, _ = create(client, "crypto-90", ["human", "random"], **QUICK)
        with client.websocket_connect(f"/t/{table}/ws") as socket:
            socket.send_text(json.dumps({"type": "hello", "key": "guessed", "after": 0}))
            refused = json.loads(socket.receive_text())
            assert refused["refused_key"] is True
            assert "not one of this table's" in refused["message"]
            # The page then watches, on the same connection.
            socket.send_text(json.dumps({"type": "hello", "key": None, "after": 0}))
            assert json.loads(socket.receive_text())["seat"] is None


def test_a_setting_set_to_what_it_is_writes_nothing(database):
    with served(database) as client:
        table, key = create(client, "crypto-90", ["human", "random"], **QUICK)
        north = Seat(client, table, key)
        for _ in range(3):
            north.send({"type": "setting", "name": "talk", "value": "true"})
        north.send({"type": "setting", "name": "talk", "value": "false"})
        north.until("settings")
        with Store(database).engine.connect() as connection:
            rows = connection.exec_driver_sql(
                "SELECT count(*) FROM settings WHERE table_id = ?", (table,)).scalar()
        assert rows == 2  # the table's first, and the one change


def test_a_database_of_an_earlier_version_gains_the_new_columns(tmp_path):
    import sqlite3

    path = tmp_path / "old.sqlite"
    with sqlite3.connect(path) as old:
        old.execute("CREATE TABLE tables (id VARCHAR(64) PRIMARY KEY, game VARCHAR(100) NOT "
                    "NULL, options TEXT NOT NULL, seats TEXT NOT NULL, keys TEXT NOT NULL, "
                    "created FLOAT NOT NULL)")
        old.execute("INSERT INTO tables VALUES ('t1', 'jacquet', '{}', "
                    "'[\"random\", \"human\"]', '[\"\", \"d\"]', 0.0)")
    [(row, events)] = list(Store(f"sqlite:///{path}").tables())
    assert (row.creator, row.settings, events) == (None, {}, [])
    from ludotheque.server.table import GameTable

    assert GameTable(row).creator == 1  # the first person's seat, as before


def test_where_the_dice_draw_who_begins_the_next_table_keeps_its_seats(database):
    with served(database) as client:
        table, key = create(client, "dames-rabattues", ["human", "random"])
        north = Seat(client, table, key)
        north.play_to_the_end()
        north.send({"type": "again"})
        follow = north.until("again")
        assert Seat(client, follow["table"], follow["key"]).welcome["seat"] == 0


def test_the_lobby_tells_each_table_s_age(database):
    with served(database) as client:
        create(client, "crypto-90", ["human", "random"], **QUICK)
        assert "begun just now" in client.get("/").text
