"""The server's own refusals in its reader's language (issue 36): a page asked for, a form
sent and a table's connection are each refused in the language their browser asks for
(``Accept-Language``) or its person chose (the ``language`` cookie), and in English
otherwise, word for word as before."""

from __future__ import annotations

import html
import re
from urllib.parse import urlencode

import pytest

from tests.server.helpers import Seat, create, served

FRENCH = {"accept-language": "fr-FR, fr;q=0.9"}
FORM = {"content-type": "application/x-www-form-urlencoded"}


def problem(page) -> str:
    """The one sentence a page that cannot be given says."""
    found = re.search(r'<p class="problem" role="alert">(.*?)</p>', page.text, re.S)
    assert found, page.text
    return html.unescape(found[1])


@pytest.fixture
def database(tmp_path):
    return f"sqlite:///{tmp_path / 'tables.sqlite'}"


def test_a_table_that_does_not_exist(database):
    with served(database) as client:
        french = client.get("/t/nowhere", headers=FRENCH)
        english = client.get("/t/nowhere")
        assert french.status_code == english.status_code == 404
        assert problem(french) == "Il n’y a pas de table « nowhere » ici."
        assert problem(english) == "There is no table 'nowhere' here."
        # Its connection too: one sentence, then closed.
        with client.websocket_connect("/t/nowhere/ws", headers=FRENCH) as socket:
            assert socket.receive_json()["message"] == "il n’y a pas de table « nowhere » ici."
        client.cookies.set("language", "fr")
        assert problem(client.get("/t/nowhere")) == "Il n’y a pas de table « nowhere » ici."


def test_a_malformed_message_and_a_spectators_move(database):
    with served(database) as client:
        table, _key = create(client, "dames-rabattues", ["human", "random"])
        french, english = Seat(client, table, None, headers=FRENCH), Seat(client, table, None)
        for seat in (french, english):
            seat.send("{not json")
            seat.send({"type": "move", "id": "m1"})
            seat.send({"type": "move", "id": "m2", "move": "1/4"})
        told = [french.until("error")["message"] for _ in range(3)]
        assert told == ["un message est du JSON ; « {not json » n’en est pas.",
                        "un message move demande un champ move, un texte de 1 à 100 caractères.",
                        "un spectateur regarde : seul le lien d’une place permet de jouer."]
        told = [english.until("error")["message"] for _ in range(3)]
        assert told == ["a message is JSON; '{not json' is not.",
                        "a move message needs a move, a text of 1 to 100 characters.",
                        "a spectator watches: only a seat's link may play."]
        # Its record is given once the game is over, in JSON that says so in either language.
        french_record = client.get(f"/t/{table}/record", headers=FRENCH)
        assert french_record.status_code == 403 and french_record.json()["error"] == (
            "le relevé n’est donné qu’une fois la partie finie : il contient toutes les cartes.")
        assert client.get(f"/t/{table}/record").json()["error"] == (
            "the record is given once the game is over; it holds every card.")


def test_a_bad_option_on_the_new_tables_form(database):
    form = urlencode({"seat0": "human", "seat1": "random", "passing": "sometimes"})
    with served(database) as client:
        french = client.post("/new/dames-rabattues", content=form, headers=FORM | FRENCH)
        english = client.post("/new/dames-rabattues", content=form, headers=FORM)
        assert french.status_code == english.status_code == 400
        assert ("L’option 'passing' de dames-rabattues doit valoir l’une de ces valeurs : "
                "exception, general, none, kind, pas « sometimes ».") in html.unescape(french.text)
        assert ("Option 'passing' of dames-rabattues must be one of exception, general, none, "
                "kind, not 'sometimes'.") in html.unescape(english.text)
        # Sent as no form is, it is refused at the door, in its reader's language.
        refused = client.post("/new/dames-rabattues", content=form, headers=FRENCH)
        assert refused.status_code == 415
        assert problem(refused) == ("Un formulaire s’envoie en application/x-www-form-urlencoded"
                                    ", comme un navigateur l’envoie, et non sans type.")


def test_the_forms_seats_are_named_as_their_reader_reads_them(database):
    """The form shows each seat's name in its reader's language; what it sends, a seat's
    number and kind, is the same in every language."""
    with served(database) as client:
        french = client.get("/new/jacquet", headers=FRENCH).text
        english = client.get("/new/jacquet").text
        assert 'data-names="{&#34;2&#34;: [&#34;blanc&#34;, &#34;noir&#34;]}"' in french
        assert 'data-names="{&#34;2&#34;: [&#34;white&#34;, &#34;black&#34;]}"' in english
        assert 'name="seat0"' in french and 'name="seat1"' in french
