"""Taking back a move: a person's own last decision, never past chance, another seat or what a
rule set calls irrevocable; the log keeps what was taken back, marked, and replays."""

from __future__ import annotations

import random
from collections.abc import Callable

import pytest
from typer.testing import CliRunner

import ludotheque
from ludotheque.cli.main import app
from ludotheque.core.errors import IllegalMoveError, RecordError
from ludotheque.core.game import State, Turn
from ludotheque.core.record import TAKEN_BACK, VERSION, Record
from ludotheque.play.help import answer
from ludotheque.play.table import GameInPlay, TakeBack

runner = CliRunner()


def said(*args: str, input: str | None = None) -> str:
    result = runner.invoke(app, list(args), input=input)
    assert "Traceback" not in result.output
    return " ".join(result.output.split())


def table_until(
    game: str, wanted: Callable[[State], bool], seed: int = 0, limit: int = 3000, **options
) -> GameInPlay:
    """A game played at random until a decision ``wanted`` (of the state) is to be made."""
    table = GameInPlay(ludotheque.load_game(game, **options), ["human"] * 2)
    rng = random.Random(seed)
    for _ in range(limit):
        state = table.state
        if not state.is_chance_node() and wanted(state):
            return table
        table.play(state.sample_chance(rng) if state.is_chance_node()
                   else rng.choice(state.legal_actions()))
    raise AssertionError(f"no such decision in {limit} moves")


def play(table: GameInPlay, move: str) -> None:
    table.play(table.state.string_to_action(move))


def legal(state: State) -> list[str]:
    return [state.action_to_string(a) for a in state.legal_actions()]


def test_jacquet_takes_back_within_the_turn_never_past_the_dice_or_the_other():
    table = table_until("jacquet", lambda s: len(s.legal_actions()) > 1 and s.current_player() == 0)
    seat, start = table.state.current_player(), table.state.history()
    first = legal(table.state)[0]
    play(table, first)
    assert table.take_back(seat) == first and table.state.history() == start
    assert "chance has spoken since" in table.take_back_refusal(seat)
    with pytest.raises(IllegalMoveError, match="nothing to take back"):
        table.take_back(seat)
    while table.state.current_player() == seat:
        play(table, legal(table.state)[0])
    assert "white has played since" in table.take_back_refusal(1)
    # The whole turn comes back, the latest first, until the dice that began it.
    while table.take_back_refusal(seat) is None:
        table.take_back(seat)
    assert table.state.history() == start
    # The log keeps every move, each take-back after it.
    assert len(table.log) == len(start) + 2 * table.log.count(TAKEN_BACK)


def test_dames_rabattues_has_nothing_to_take_back():
    table = table_until("dames-rabattues", lambda s: True)
    seat = table.state.current_player()
    play(table, "throw")
    # The throw, the only move, is followed by its dice: once they fall, nothing comes back.
    table.play(table.state.sample_chance(random.Random(1)))
    assert "chance has spoken since" in table.take_back_refusal(seat)


def test_crypto_90_takes_back_what_reveals_nothing():
    table = table_until("crypto-90", lambda s: "pile" in legal(s))
    seat = table.state.current_player()
    play(table, "pile")
    assert table.take_back(seat) == "pile"  # the pile's card was in view: nothing shown
    play(table, "pile")
    play(table, "hand")
    assert "it shows the hand card to the table" in table.take_back_refusal(seat)
    drawn = table_until("crypto-90", lambda s: "reject" in legal(s), seed=1)
    seat = drawn.state.current_player()
    play(drawn, "row 1")
    assert "the card drawn from the stock" in drawn.take_back_refusal(seat)


def test_crypto_90_takes_back_a_row_exchange_with_the_piles_card():
    table = table_until("crypto-90", lambda s: "pile" in legal(s), seed=2)
    seat = table.state.current_player()
    play(table, "pile")
    play(table, "row 2")
    assert table.take_back_refusal(seat) is None
    assert table.take_back(seat) == "row 2"


def test_crypto_geographique_takes_back_the_pile_but_not_a_discard():
    table = table_until("crypto-geographique", lambda s: "pile" in legal(s))
    seat = table.state.current_player()
    play(table, "pile")
    assert table.take_back(seat) == "pile"
    play(table, "pile")
    play(table, legal(table.state)[0])
    assert "a discard shows a card of the hand" in table.take_back_refusal(seat)


def test_the_chain_game_takes_back_done_but_not_a_card_laid():
    table = table_until("crypto-geographique-chaine",
                        lambda s: "done" in legal(s) and len(legal(s)) > 1)
    seat = table.state.current_player()
    play(table, "done")
    assert table.take_back(seat) == "done"
    play(table, next(m for m in legal(table.state) if m.startswith("lay ")))
    assert "a card laid shows a card of the hand" in table.take_back_refusal(seat)


@pytest.mark.parametrize("game", ["cabriole", "tiddledy-winks"])
def test_tiddlywinks_takes_back_nothing_once_a_shot_is_made(game):
    table = GameInPlay(ludotheque.load_game(game), ["human", "human"])
    seat = table.state.current_player()
    table.play(table.state.legal_actions()[0])
    assert "stands once made" in table.take_back_refusal(seat)
    table.play(table.state.sample_chance(random.Random(0)))
    assert "chance has spoken since" in table.take_back_refusal(seat)


class Scripted:
    """A person who types the entries given, ``undo`` raising TakeBack, and confirms."""

    interactive = True

    def __init__(self, entries: list[str]) -> None:
        self.entries = entries
        self.confirmed = 0

    def _next(self) -> str:
        if not self.entries:
            raise KeyboardInterrupt
        return self.entries.pop(0)

    def choose(self, turn: Turn) -> int:
        entry = self._next()
        if entry == "undo":
            raise TakeBack
        return turn.world().string_to_action(entry)

    def confirm(self, state: State, player: int) -> None:
        self.confirmed += 1
        if self._next() == "undo":
            raise TakeBack


def test_confirm_turn_lets_a_whole_jacquet_turn_be_taken_back_before_the_dice():
    table = GameInPlay(ludotheque.load_game("jacquet"), ["human", "human"], confirm_turn=True)
    for move in ("white first", "3-1"):
        play(table, move)
    person = Scripted(["1/2", "2/5", "undo", "undo", "1/4", "4/5", ""])
    taken: list[str] = []
    refused: list[str] = []
    with pytest.raises(KeyboardInterrupt):
        table.play_on([person, person], random.Random(0),
                      on_take_back=lambda seat, move: taken.append(move),
                      on_refusal=lambda seat, why: refused.append(why))
    assert taken == ["2/5", "1/2"] and person.confirmed == 2 and not refused
    assert table.log[:8] == ("white first", "3-1", "1/2", "2/5", TAKEN_BACK, TAKEN_BACK, "1/4",
                             "4/5")
    # Confirmed, the turn passed to the dice, then to black: nothing of white's comes back.
    assert table.state.current_player() == 1
    assert table.take_back_refusal(0) is not None


def test_an_undo_refused_is_told_and_asked_again():
    table = GameInPlay(ludotheque.load_game("jacquet"), ["human", "human"])
    for move in ("white first", "3-1"):
        play(table, move)
    person = Scripted(["undo", "1/2"])
    refused: list[str] = []
    with pytest.raises(KeyboardInterrupt):
        table.play_on([person, person], random.Random(0),
                      on_refusal=lambda seat, why: refused.append(why))
    assert len(refused) == 1 and "chance has spoken since" in refused[0]
    assert table.log[2] == "1/2"


def test_the_record_keeps_what_was_taken_back_and_replays_to_what_stands():
    record = Record("jacquet", {}, ("white first", "3-1", "1/2", "2/5", TAKEN_BACK, TAKEN_BACK,
                                    "1/4", "4/5"))
    again = Record.from_json(record.to_json())
    assert again.moves == record.moves and again.version == VERSION
    assert again.replay().history_strings() == ["white first", "3-1", "1/4", "4/5"]
    steps = list(again.walk())
    assert [s.withdrawn for s in steps[4:6]] == ["2/5", "1/2"]
    assert [s.seat for s in steps[4:6]] == [0, 0]


@pytest.mark.parametrize(
    ("moves", "message"),
    [
        ((TAKEN_BACK,), "takes back a move, but none stands before it"),
        (("white first", TAKEN_BACK), "takes back a chance outcome"),
    ],
)
def test_a_take_back_a_record_cannot_hold_is_one_sentence(moves, message):
    with pytest.raises(RecordError, match=message):
        Record("jacquet", {}, moves).replay()


def test_older_formats_still_read_and_know_no_take_back():
    old = '{"format": "ludotheque-record/2", "game": "jacquet", "moves": ["white first", "3-1"]}'
    assert Record.from_json(old).replay().is_chance_node() is False
    with pytest.raises(RecordError, match="move 4 of the record"):
        Record.from_json(old.replace('"3-1"', f'"3-1", "1/2", "{TAKEN_BACK}"')).replay()


def test_undo_at_the_terminal_and_replay_tells_where_it_happened(tmp_path):
    saved = tmp_path / "j.json"
    out = said("play", "jacquet", "--seed", "1", "--save", str(saved),
               input="undo\n1/3\nundo\n1/6\n\nquit\n")
    assert "white has nothing to take back: chance has spoken since" in out
    assert "white plays 1/3." in out and "white takes back 1/3." in out
    assert "white plays 1/6." in out
    told = said("replay", str(saved))
    assert "white plays 1/3. Move 7: white takes back 1/3. white plays 1/6." in told


def test_a_bare_question_mark_lists_undo():
    listed = answer(ludotheque.load_game("jacquet"), "").text
    assert "undo — take back your own last move" in listed
