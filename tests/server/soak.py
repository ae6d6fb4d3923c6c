"""Random games through the server's own tables, to find what a fault would cost a table.

Each game is played as the service plays it: every event decided by a ``GameTable``
(a move as its seat's frame offers it, a shot written out of every kind, now and then a
take-back or a seat handed to the computer and back), rehearsed, written to a database and
taken, which builds every seat's frame and the spectator's at every event. At its end the
table is rebuilt from its stored log, and must show every viewer the same frame, and its
record, downloaded, must replay step by step to its result. What goes wrong is a fault: a
``TableFault`` (the rules raised), a table that would not be set up, a rebuilt table that shows
a viewer something else, or a replay that stops short.

``tests/server/test_soak.py`` plays a short game of each rule set; ``benchmarks/
server_soak.py`` plays for an hour, under every option set of :data:`OPTION_SETS`.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any

from ludotheque.core.errors import LudothequeError
from ludotheque.core.record import Record
from ludotheque.core.registry import load_game
from ludotheque.server.pages import steps
from ludotheque.server.store import Store, TableRow
from ludotheque.server.table import Ahead, GameTable, TableFault

#: Option sets per rule set, each short enough to play to its end in seconds (a few rounds,
#: low targets; a tiddlywinks game to its limit of shots) yet covering the readings that change
#: what a table shows: the players, the teams, the lake, the ring, the table's shape.
OPTION_SETS: dict[str, list[dict[str, Any]]] = {
    "dames-rabattues": [
        {}, {"passing": "general", "raise_in_same_throw": True}, {"passing": "none"},
        {"passing": "kind"},
    ],
    "jacquet": [{}, {"reading": "dlp-summary"}, {"granularity": "pair"}],
    "crypto-90": [
        {"goal": "rounds", "rounds": 1},
        {"players": 3, "goal": "rounds", "rounds": 1, "laying": "at once",
         "received_fakir": "free"},
        {"players": 4, "goal": "points", "points": 200, "tens": "digit", "turned_fakir": "pile"},
    ],
    "crypto-geographique": [
        {"points": 100}, {"players": 4, "teams": True, "points": 100},
        {"players": 3, "groups": "chain", "points": 100},
    ],
    "crypto-geographique-chaine": [{}, {"players": 3}, {"players": 5, "rounds": 2}],
    "cabriole": [
        {"limit": 40}, {"end": "first-out", "lake": "lost", "lake_moment": "touched",
                        "limit": 40},
        {"players": 4, "camps": True, "table": "square", "rim": "cup", "limit": 40},
    ],
    "tiddledy-winks": [
        {"limit": 40}, {"variation": "I", "rim": "lake", "limit": 40},
        {"variation": "II", "played_out": "any-time", "limit": 40},
        {"variation": "III", "ring": "any-part", "turn": "every-shot", "forfeits": True,
         "table": "round", "limit": 40},
        {"players": 4, "partners": True, "limit": 40},
    ],
}

#: How often, at a decision, a seat takes back his last one where he may, and a seat is handed
#: to the computer or back: rare, as at a real table, but in every long game.
TAKE_BACK, HAND_OVER = 0.03, 0.01


@dataclass
class Soaked:
    """One game soaked: its events, and the faults it met (none, or the first)."""

    events: int
    faults: list[str]


def shot(rng: random.Random, view: dict[str, Any]) -> str:
    """A shot of any kind for one of the counters the view says may play: at the cup, at the
    table's edge, across the lake and ring, soft or hard, flat or steep."""
    counter = rng.choice(view["playable"])
    aim = (f"cup{rng.uniform(-20, 20):+.1f}" if rng.random() < 0.4
           else f"{rng.uniform(0, 360):.1f}")
    return (f"{counter} aim {aim} pressure {rng.uniform(0.1, 1.0):.2f} "
            f"steep {rng.randrange(0, 91)}")


def soak(name: str, options: dict[str, Any], seed: int) -> Soaked:
    """One random game of ``name`` through a server table, then its rebuild checked."""
    rng = random.Random(seed)
    game = load_game(name, **options)
    seats = game.num_players()
    store = Store("sqlite://")
    row = TableRow(f"soak-{seed}", name, dict(game.options), ("human",) * seats,
                   ("",) * seats, 0.0)
    store.create(row)
    table = GameTable(row)
    where = f"{name} {options} seed {seed}"
    if table.fault is not None:
        return Soaked(0, [f"{where}: not set up: {table.fault.reason}"])

    def chance(state: Any) -> int:
        outcome: int = state.sample_chance(rng)
        return outcome

    def taken(ahead: Ahead | None) -> None:
        if ahead is not None:
            store.append(table.id, ahead.events)
            table.take(ahead)

    try:
        taken(table.settle(chance, 0.0))
        while not table.is_over():
            taken(step(table, rng, chance))
    except TableFault as fault:
        return Soaked(table.number, [f"{where}: event {fault.number}: {fault.reason}"])
    except LudothequeError as refusal:  # a move the table offered, refused
        return Soaked(table.number, [f"{where}: after event {table.number}: {refusal}"])
    found = store.table(table.id)
    assert found is not None and isinstance(found[0], TableRow)
    stored, log = found
    rebuilt = GameTable(stored, log)
    for viewer in [*range(seats), None]:
        if rebuilt.frame(viewer, 0) != table.frame(viewer, 0):
            return Soaked(table.number, [f"{where}: rebuilt, the table shows {viewer} another "
                                         "frame"])
    # The finished table's record, as downloaded, and its replay, as its page steps through it.
    record = Record.from_json(table.record().to_json())
    replayed = steps(record, None)
    if "result" not in replayed[-1] or len(replayed) != len(record.moves) + 1:
        return Soaked(table.number, [f"{where}: its replay stops at {len(replayed) - 1} of "
                                     f"{len(record.moves)} moves"])
    return Soaked(table.number, [])


def step(table: GameTable, rng: random.Random, chance: Any) -> Ahead:
    """The next event of a random game: a decision of the seat to act, now and then a
    take-back or a seat handed on."""
    seat = table.to_act()
    roll = rng.random()
    if roll < TAKE_BACK:
        able = [s for s in range(len(table.kinds)) if table.frame(s, table.number).get(
            "can_take_back")]
        if able:
            return table.take_back(rng.choice(able), None, 0.0)
    elif roll < TAKE_BACK + HAND_OVER:
        handed = rng.randrange(len(table.kinds))
        kind = "human" if table.kinds[handed] != "human" else "random"
        return table.hand_over(handed, kind, 0.0)
    frame = table.frame(seat, table.number)
    if "write" not in frame:
        return table.decide(seat, rng.choice(frame["legal"]), chance, None, 0.0)
    while True:
        try:
            return table.decide(seat, shot(rng, frame["view"]), chance, None, 0.0)
        except TableFault:
            raise
        except LudothequeError:
            continue  # a shot the rules refuse here (too soft to leave the line): another
