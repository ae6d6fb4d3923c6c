"""The server's bytes keep hands hidden: what a seat receives over the WebSocket, message for
message and byte for byte, is the same in two deals that differ only in cards it has not seen.

Each case takes a random game, a seat and a moment in it, and a relabelling of the cards that
seat has not seen which the library's own check (``tests/secrecy.py``) finds consistent with
everything the seat was shown. Both deals are then played through a real server, chance drawn
from the deal, every seat a person sending the recorded decisions; the seat's whole stream is
compared, from its welcome to the moment."""

from __future__ import annotations

import random

import pytest

import ludotheque
from tests.secrecy import (
    DECKS,
    Course,
    _hidden,
    _relabelling,
    random_game,
    replay_relabelled,
    table_view,
)
from tests.server.helpers import Seat, create, invited, served


def dealt(outcomes: list[int]):
    """Chance that follows a script: each outcome the deal under test gave, in order."""
    script = iter(outcomes)

    def chance(state):
        outcome = next(script)
        assert outcome in state.legal_actions()
        return outcome

    return chance


def relabelled_deal(game, seed: int, seat: int, prefix: int):
    """A game's first ``prefix`` actions, and the same with the cards ``seat`` has not seen
    relabelled (a deal consistent with all he was shown)."""
    history = random_game(game, seed)
    course = Course(game, history, DECKS[game.name])
    while not course.decides(prefix):
        prefix += 1
    hidden = _hidden(course, seat, prefix)
    rng = random.Random(seed)
    for _ in range(50):
        mapping = _relabelling(hidden, rng)
        changed = [mapping.get((course.rounds[s], a), a) if course.chance[s] else a
                   for s, a in enumerate(history[:prefix])]
        if changed != history[:prefix] and replay_relabelled(
            course, seat, prefix, table_view, mapping
        ) is None:
            return course, history[:prefix], changed
    raise AssertionError("no consistent relabelling found")


def streams(database, game, options, actions, course):
    """Everything each seat receives while every seat plays the decisions of ``actions``."""
    chance = [a for s, a in enumerate(actions) if course.chance[s]]
    with served(database, chance=dealt(chance)) as client:
        table, key = create(client, game.name, ["human"] * game.num_players(), **options)
        seats = [Seat(client, table, key)]
        seats += [Seat(client, table, key) for key in invited(seats[0].welcome)]
        state = game.new_initial_state()
        for step, action in enumerate(actions):
            mover = state.current_player()
            if not course.chance[step]:
                seats[mover].play(state.action_to_string(action), f"d{step}")
            state.apply_action(action)
        for seat in seats:
            seat.settled(len(actions))
        # Presence says who is connected; when it comes among the rest is the server's
        # batching of it, not anything dealt: compared apart from the stream.
        return [[text for text in seat.received if '"type":"presence"' not in text]
                for seat in seats]


CASES = [
    ("crypto-90", {"players": 2, "goal": "rounds", "rounds": 1}, 3, 1, 60),
    ("crypto-90", {"players": 3, "goal": "rounds", "rounds": 1}, 4, 2, 80),
    ("crypto-geographique", {"players": 3}, 5, 1, 70),
    ("crypto-geographique", {"players": 4, "teams": True}, 6, 3, 90),
    ("crypto-geographique-chaine", {"players": 2}, 7, 1, 40),
    ("crypto-geographique-chaine", {"players": 3}, 8, 2, 50),
]


@pytest.mark.parametrize(("name", "options", "seed", "seat", "prefix"), CASES, ids=str)
def test_a_seat_receives_the_same_bytes_whatever_it_has_not_seen(
    tmp_path, name, options, seed, seat, prefix
):
    game = ludotheque.load_game(name, **options)
    course, played, relabelled = relabelled_deal(game, seed, seat, prefix)
    first = streams(f"sqlite:///{tmp_path / 'a.sqlite'}", game, options, played, course)
    second = streams(f"sqlite:///{tmp_path / 'b.sqlite'}", game, options, relabelled, course)
    assert len(first[seat]) > 10
    assert first[seat] == second[seat]
    # The deals differ where the seat cannot see, and another seat's stream shows it: the
    # comparison would catch a difference.
    assert any(first[other] != second[other] for other in range(len(first)) if other != seat)
