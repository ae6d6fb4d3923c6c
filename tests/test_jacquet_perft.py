"""Perft for Jacquet: how many distinct complete plays each throw allows, counted by hand.

A complete play is what a turn leaves on the board; two ways of playing the same dice that leave
the same board are one play, and a throw that cannot be played at all leaves one (the board as
it was). Every count below was derived by reasoning on the rules, written beside it, before the
engine was run; each is checked three ways: by the readable rules (``complete_plays``), and by
walking the protocol's decisions one die at a time and two dice at a time.

The counts were first published under ``higher_die=true``, then the default; they are checked
under both values of the option. None of them changes: in every position and throw below, a
coup simple either plays both dice or can play only one of them (the 3-1 of position C), so the
rule never has a choice to make. Position D, at the end, is one where it has.
"""

from __future__ import annotations

import pytest

import ludotheque
from ludotheque.core.dice import THROWS
from ludotheque.games.jacquet.game import JacquetState
from ludotheque.games.jacquet.position import Position, Stage
from ludotheque.games.jacquet.rules import complete_plays, dice_of


def walk(state: JacquetState, boards: set[bytes], leaves: list[int]) -> None:
    """Every decision sequence of the throw being played: the boards it ends on, and how many
    sequences there are."""
    if state.position.stage is not Stage.MOVE:
        boards.add(state.position.cells)
        leaves[0] += 1
        return
    for action in state.legal_actions():
        child = state.clone()
        child.apply_action(action)
        walk(child, boards, leaves)


def counts(position: str, throw: str, **options: object) -> tuple[int, int, int, int]:
    """(plays by the readable rules, by one die per decision, by two dice per decision,
    decision sequences one die at a time)."""
    start = Position.parse(position)
    high, low = (int(d) for d in throw.split("-"))
    reading = ludotheque.load_game("jacquet", **options).reading
    readable = len(complete_plays(start.board, start.to_move, dice_of(high, low), reading))
    found = []
    for granularity in ("die", "pair"):
        game = ludotheque.load_game("jacquet", granularity=granularity, **options)
        state = JacquetState(game, start)
        state.apply_action(state.string_to_action(throw))
        boards: set[bytes] = set()
        leaves = [0]
        if state.position.stage is Stage.MOVE:
            walk(state, boards, leaves)
        else:  # nothing could be played: the turn passed at once
            boards.add(state.position.cells)
            leaves[0] = 1
        found.append((len(boards), leaves[0]))
    return readable, found[0][0], found[1][0], found[0][1]


# From the opening, White to play. In the 1840 reading one checker takes every die it can: a coup
# simple a-b ends on 1+a+b, reachable in either order (1+a and 1+b are empty), so one play and
# two die-by-die sequences. A doublet d carries the courier d points at a time until it would
# land on 13, Black's talon: 1-1 → 5, 2-2 → 9, 3-3 → 10 (13 is closed), 4-4 → 9 (13 closed),
# 5-5 → 21 (6, 11, 16, 21 all open), 6-6 → 7. One play each, one sequence each.
OPENING = "1x15 1x15 dice:white"


HIGHER_DIE = pytest.mark.parametrize("higher_die", [True, False], ids=["higher", "either"])


@HIGHER_DIE
@pytest.mark.parametrize("throw", [str(t) for t in THROWS])
def test_opening_1840(throw, higher_die):
    high, low = (int(d) for d in throw.split("-"))
    sequences = 1 if high == low else 2
    found = counts(OPENING, throw, reading="moulidars-1840", higher_die=higher_die)
    assert found == (1, 1, 1, sequences)


# The DLP reading lets a second checker leave the talon, so long as no two share a point. A coup
# simple a-b: one checker by a+b (1 play) or two checkers, on 1+a and 1+b (1 play): 2 plays,
# except when a+b = 12 — never for a coup simple. Doublet d: four steps of d shared among
# checkers that may not share a point: the checkers' distances are distinct multiples of d
# summing to 4d, each landing short of 13 (Black's talon, two or more: closed) where d·k+1 = 13:
#   1-1: distances {4}, {3,1} → 2 plays.   2-2: {4}, {3,1} (7 and 3) → 2.
#   3-3: {4} lands on 13, closed; {3,1} → 10 and 4 → 1 play; {2,2} shares a point.
#   4-4: {4} and {3,1} pass through or land on 13, closed; {2,2}, {2,1,1}, {1,1,1,1} share a
#        point; {2,1} (9 and 5, three steps) is the most that can be played: 1 play.
#   5-5: {4} → 21, {3,1} → 16 and 6 → 2 plays.
#   6-6: {1} → 7 only (a second checker to 7 would pair): 1 play.
OPENING_DLP = {"1-1": 2, "2-2": 2, "3-3": 1, "4-4": 1, "5-5": 2, "6-6": 1}


@HIGHER_DIE
@pytest.mark.parametrize("throw", [str(t) for t in THROWS])
def test_opening_dlp(throw, higher_die):
    high, low = (int(d) for d in throw.split("-"))
    expected = OPENING_DLP.get(throw, 2) if high == low else 2
    found = counts(OPENING, throw, reading="dlp-summary", higher_die=higher_die)
    assert found[:3] == (expected,) * 3


# Position A, the courier home: White 14 on the talon, the courier on 20; Black's 15 on White's
# 13. The courier cannot bear off (not all are home) and moves only by 4 or less; talon checkers
# go 1 → 1+d but never onto 13.
#   6-6: only talon checkers can move a 6 (1 → 7; 7 → 13 is closed): four of them, 1 play.
#   3-3: the courier takes 0 or 1 step (20 → 23); the other steps go to talon checkers, each
#        going 1, 2 or 3 steps (4, 7, 10; a 4th would reach 13): partitions of 4 into parts
#        ≤ 3 (3+1, 2+2, 2+1+1, 1+1+1+1) and of 3 (3, 2+1, 1+1+1): 7 plays.
#   6-5: the courier can move neither; one talon checker to 12 (via 7 or via 6), or two, to 7
#        and 6: 2 plays.
#   4-1: the courier takes the 4 (→ 24) and a talon checker the 1, or the courier the 1 (→ 21)
#        and a talon checker the 4, or a talon checker both (→ 6), or two talon checkers (5 and
#        2); the courier cannot take both (24 or 21 plus the other die is past 24): 4 plays.
COURIER_HOME = "1x14,20 1x15 dice:white"
COURIER_HOME_COUNTS = {"6-6": 1, "3-3": 7, "6-5": 2, "4-1": 4}

# Position B, bearing off: White's last two checkers on his 5-point (20) and 3-point (22). By
# default a die that can bear a checker off must (bearing_off=compulsory):
#   6-3: no 6, so the 6 bears off the 5 (20/off(6)); the 3 bears off 22. Either order ends with
#        both off: 1 play.
#   1-1: no 1 and nothing lower: each 1 moves a checker forward, until one reaches 24, which
#        the next 1 must bear off. From (20, 22): after two 1s (22, 22), (21, 23) or (20, 24);
#        after three (22, 23), (21, 24) or (20, off); after four (23, 23), (22, 24) or
#        (21, off): 3 plays.
#   5-4: the 5 bears off 20; the 4 (no 4) bears off 22, the highest lower: 1 play.
# With bearing_off=optional a die may instead move a checker inside the table:
#   6-3: also 20/23 then the 6 bears off 22 (the 3-point is now the highest lower), leaving 23:
#        2 plays.
#   1-1: the four 1s split k to 20 and 4-k to 22 with 4-k ≤ 3: k = 1..4, but k = 2 (22 and 24)
#        and k = 4 (24 and 22) leave the same board: 3 plays.
#   5-4: also 20/24, then the 5 (no 5) bears off 22, leaving 24: 2 plays.
BEARING_OFF = "20,22,off13 1x15 dice:white"
BEARING_OFF_COUNTS = {"6-3": 1, "1-1": 3, "5-4": 1}
BEARING_OFF_OPTIONAL_COUNTS = {"6-3": 2, "1-1": 3, "5-4": 2}

# Position C, blocked courier: White's courier on 5; Black's lone checkers on his 19–23 stand on
# White's 7–11, Black's other ten on White's 13. 1840 reading: only the courier moves, and it
# can reach only 6 (5+1) — and from 6, 12 (6+6).
#   6-1: 5/6 6/12, the only order (5+6 = 11 closed): 1 play.   2-2: nothing: 1 (no move).
#   1-1: 5/6, then 7 is closed: 1 play.   3-1: 5/6 and no 3 anywhere (only the lower die can
#   be played, under either value of higher_die): 1 play.   6-5: 1 (none).
BLOCKED = "1x14,5 1x10,19,20,21,22,23 dice:white"
BLOCKED_COUNTS = {"6-1": 1, "2-2": 1, "1-1": 1, "3-1": 1, "6-5": 1}

# Position C in the DLP reading: Black's lone checkers can be hit and the talon is not locked.
#   6-5: steps with the 6: 5/11*, 1/7*; with the 5: 5/10*, 1/6. Both dice always play:
#   courier 5/11* 11/16; courier 5/10* 10/16 (another checker hit, another board); courier
#   5/11* and talon 1/6; courier 5/10* and talon 1/7*; talon 1/7* 7/12; talon 1/6 6/12 (no hit,
#   another board); talon 1/7* and 1/6: 7 plays.
BLOCKED_DLP_COUNTS = {"6-5": 7}


@HIGHER_DIE
@pytest.mark.parametrize(
    ("position", "options", "table"),
    [
        (COURIER_HOME, {}, COURIER_HOME_COUNTS),
        (BEARING_OFF, {}, BEARING_OFF_COUNTS),
        (BEARING_OFF, {"bearing_off": "optional"}, BEARING_OFF_OPTIONAL_COUNTS),
        (BLOCKED, {}, BLOCKED_COUNTS),
        (BLOCKED, {"reading": "dlp-summary"}, BLOCKED_DLP_COUNTS),
    ],
    ids=["courier-home", "bearing-off", "bearing-off-optional", "blocked", "blocked-dlp"],
)
def test_hand_built_positions(position, options, table, higher_die):
    for throw, expected in table.items():
        found = counts(position, throw, higher_die=higher_die, **options)
        assert found[:3] == (expected,) * 3, throw


# Position D, where the two readings of "the higher die" part: White's courier on 5, the talon
# locked behind it; Black's talon on White's 13 and one checker on his 21, White's 9. With 3-1
# the courier can go 5/8 or 5/6, but not on (8+1 = 6+3 = 9 is closed), and nothing else moves:
# only one die can be played. higher_die=true: the 3 (5/8), 1 play; higher_die=false, the
# default: either, 2 plays.
ONE_DIE = "1x14,5 1x14,21 dice:white"


@pytest.mark.parametrize(("higher_die", "expected"), [(True, 1), (False, 2)])
def test_only_one_die_can_be_played(higher_die, expected):
    assert counts(ONE_DIE, "3-1", higher_die=higher_die)[:3] == (expected,) * 3
    default = ludotheque.load_game("jacquet").options["higher_die"]
    assert counts(ONE_DIE, "3-1") == counts(ONE_DIE, "3-1", higher_die=default)
