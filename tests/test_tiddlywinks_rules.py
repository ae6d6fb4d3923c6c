"""Every rule of Cabriole (I–XII) and of Horsman's directions, staged and judged.

Each test sets counters where the rule speaks of them (in the lake, on the edge, half under
another, in the cup), plays a shot with a steady hand through the whole engine, and checks what
the rules made of it. Where a rule's judgement needs a shot the table cannot be relied on to
give (a counter that crossed the lake and came out), the test hands the judge a made-up result.
"""

from __future__ import annotations

import math
import random
from dataclasses import replace

import numpy as np
import pytest

import ludotheque
from ludotheque.agents import make_agent
from ludotheque.core.errors import IllegalMoveError, NotationError, OptionError
from ludotheque.core.game import TERMINAL
from ludotheque.games.tiddlywinks.notation import PASS, Shot
from ludotheque.games.tiddlywinks.physics import Shot as Result
from ludotheque.games.tiddlywinks.table import FLAT, Counter

T = 0.002  # both sets' counters are 2 mm thick


def staged(name: str, placed: dict[int, tuple[str, tuple[float, ...]]], hands: str = "steady",
           **options):
    """A state of ``name`` (steady hands unless told) with counters moved: {index: (place,
    pose)}; a pose of two numbers is a flat counter on the cloth there."""
    game = ludotheque.load_game(name, hands=hands, **options)
    state = game.new_initial_state()
    counters = list(state.position.counters)
    for k, (place, pose) in placed.items():
        if len(pose) == 2:
            pose = (*pose, T / 2, *FLAT)
        counters[k] = Counter(counters[k].owner, place, tuple(pose))
    freed = tuple(all(c.place != "line" for c in counters if c.owner == p)
                  for p in range(game.num_players()))
    state.position = replace(state.position, counters=tuple(counters), freed=freed)
    return state


def shoot(state, text: str):
    state.apply_action(state.string_to_action(text))
    state.apply_action(state.legal_actions()[0])  # the steady hand
    return state


def tilt(degrees: float) -> tuple[float, ...]:
    a = math.radians(degrees) / 2
    return (math.cos(a), 0.0, math.sin(a), 0.0)


def on_top_of(x: float, y: float, lean: float = 8.0) -> tuple[float, ...]:
    """A counter leaning on one at (x, y): its near edge on it, its far edge on the cloth."""
    r = 0.008
    a = math.radians(lean)
    return (x + r * math.cos(a) + 0.0055, y, T / 2 + r * math.sin(a), *tilt(lean))


# --- VI: the start line ------------------------------------------------------------------


def test_counters_start_in_a_line_at_equal_distance_from_the_cup():
    game = ludotheque.load_game("cabriole", players=3, counters=6)
    position = game.new_initial_state().position
    distances = {round(math.hypot(*c.pose[:2]), 6) for c in position.counters}
    assert distances == {round(0.45 - 0.035, 6)}  # «soit 3½ centimètres» from the edge
    assert all(c.place == "line" for c in position.counters)


# --- VII: from the line first -----------------------------------------------------------


def test_a_player_plays_from_the_line_until_every_counter_has_left_it():
    state = staged("cabriole", {0: ("cloth", (0.2, 0.1))})
    assert state.playable() == [1, 2, 3]  # red 1 has left the line; red 2–4 have not
    freed = staged("cabriole", {k: ("cloth", (0.2, 0.03 * k)) for k in range(4)})
    assert freed.playable() == [0, 1, 2, 3]
    with pytest.raises(NotationError, match="not legal"):
        state.string_to_action("red 1 aim cup pressure 0.3 steep 60")


def test_freedom_once_gained_stays_when_a_counter_comes_back_to_the_line():
    state = staged("cabriole", {k: ("cloth", (0.2, 0.03 * k)) for k in range(4)})
    state.position = replace(state.position, freed=(True, False))
    counters = list(state.position.counters)
    counters[0] = Counter(0, "line", state.position.counters[0].pose)
    state.position = replace(state.position, counters=tuple(counters))
    assert state.playable() == [0, 1, 2, 3]


def test_a_counter_the_lake_sent_back_before_the_others_left_does_not_hold_its_owner():
    # Red 1, played first, falls in the lake and goes back to the line; then red 2, 3 and 4
    # leave it in turn: each of red's counters has left the line, «successivement», so red may
    # play any of them, red 1 from the line or not («d'où il pourra être joué de nouveau»).
    state = ludotheque.load_game("cabriole", hands="steady").new_initial_state()
    shoot(state, "red 1 aim cup pressure 0.45 steep 72")
    assert "red 1 fell in the lake: back to the start line" in state.describe_last()
    for number in (1, 2, 3):
        shoot(state, f"blue {number} aim cup pressure 0.2 steep 45")
        shoot(state, f"red {number + 1} aim cup pressure 0.2 steep 45")
    shoot(state, "blue 4 aim cup pressure 0.2 steep 45")
    assert state.current_player() == 0 and state.position.counters[0].place == "line"
    assert state.playable() == [0, 1, 2, 3]


# --- VIII: another shot after a pot -------------------------------------------------------


def pot_from_close(name: str, **options):
    state = staged(name, {0: ("cloth", (0.12, 0.0))}, **options)
    state.position = replace(state.position, freed=(True, False))
    player = make_agent("aim:hard", seed=1, game=state.game)
    state.apply_action(player.choose(state.turn()))
    state.apply_action(state.legal_actions()[0])
    return state


def test_a_pot_earns_another_shot():
    state = pot_from_close("cabriole")
    assert state.position.counters[0].place == "cup"
    assert state.current_player() == 0
    assert "went into the cup" in state.describe_last()


def test_horsman_footnote_passes_the_turn_after_every_shot():
    assert pot_from_close("tiddledy-winks").current_player() == 0
    state = pot_from_close("tiddledy-winks", turn="every-shot")
    assert state.position.counters[0].place == "cup" and state.current_player() == 1


def test_a_miss_passes_the_turn():
    state = shoot(staged("cabriole", {}), "red 1 aim cup pressure 0.1 steep 45")
    assert state.current_player() == 1


# --- IX: the lake ---------------------------------------------------------------------------

#: A flat counter whose rim just enters the chalk circle (Cabriole: 6 cm round the cup's axis).
EDGE_OF_LAKE = (0.06 + 0.008 - 0.001, 0.0)


def test_a_counter_partly_in_the_lake_goes_back_to_the_start_line():
    state = staged("cabriole", {0: ("cloth", EDGE_OF_LAKE)})
    state.position = replace(state.position, freed=(True, False))
    shoot(state, "red 1 aim 0 pressure 0.01 steep 45")  # played, it rests where it lay
    counter = state.position.counters[0]
    assert counter.place == "line"
    assert counter.pose[:2] == pytest.approx(state.game.line.slot(0, 0))
    assert "fell in the lake: back to the start line" in state.describe_last()


def test_by_agreement_a_counter_in_the_lake_is_lost_and_fined():
    state = staged("cabriole", {0: ("cloth", EDGE_OF_LAKE)}, lake="lost", fine=2.0)
    state.position = replace(state.position, freed=(True, False))
    shoot(state, "red 1 aim 0 pressure 0.01 steep 45")
    assert state.position.counters[0].place == "dead"
    assert state.position.lost == (1, 0)
    assert 0 not in state.game.playable(state.position, 0)


def test_a_counter_just_outside_the_lake_stays():
    state = staged("cabriole", {0: ("cloth", (0.06 + 0.008 + 0.002, 0.0))})
    state.position = replace(state.position, freed=(True, False))
    shoot(state, "red 1 aim 0 pressure 0.01 steep 45")
    assert state.position.counters[0].place == "cloth"


def judged(state, shooter: int, poses: dict[int, tuple[float, ...]], touched=(), fell=None):
    """The judge's verdict on a made-up shot result."""
    game = state.game
    rows = tuple(k for k, c in enumerate(state.position.counters) if c.on_table)
    final = np.array([poses.get(k, state.position.counters[k].pose) for k in rows])
    result = Result(final, fell or {}, frozenset(rows.index(k) for k in touched),
                    np.zeros(1), np.zeros((1, len(rows), 7)), True, 0.5)
    return game._judge(state.position, shooter, rows, result)


def test_the_lake_at_rest_or_touched_while_moving():
    outside = (0.15, 0.0, T / 2, *FLAT)
    for moment, place in (("at-rest", "cloth"), ("touched", "line")):
        state = staged("cabriole", {0: ("cloth", (0.2, 0.0))}, lake_moment=moment)
        counters, *_ = judged(state, 0, {0: outside}, touched=[0])
        assert counters[0].place == place, moment


def test_the_physics_logs_a_counter_sliding_through_the_lake():
    from ludotheque.games.tiddlywinks.physics import Launch

    game = ludotheque.load_game("cabriole")
    result = game.physics.shoot(np.array([[0.045, -0.2, T / 2, *FLAT]]), 0,
                                Launch((0.0, 1.6, 0.0), (0.0, 0.0, 0.0)))
    assert result.touched_lake == {0}
    assert game.judge.place(result.poses[0]) == "cloth"


def test_a_counter_knocked_into_the_lake_goes_back_too():
    state = staged("cabriole", {0: ("cloth", (0.2, 0.0)), 4: ("cloth", (0.3, 0.0))})
    counters, events, *_ = judged(state, 0, {4: (*EDGE_OF_LAKE, T / 2, *FLAT)})
    assert counters[4].place == "line" and any(e.counter == 4 for e in events)


# --- Horsman's variations -------------------------------------------------------------------

#: A flat counter wholly within Horsman's ring (2 in round the cup's axis), clear of the cup's
#: wall (2.68 cm): within under every reading of `ring`.
IN_RING = (0.039, 0.0)


def test_horsman_without_a_ring_has_no_lake():
    state = staged("tiddledy-winks", {0: ("cloth", (0.045, 0.0))})
    state.position = replace(state.position, freed=(True, False))
    shoot(state, "red 1 aim 0 pressure 0.01 steep 45")
    assert state.position.counters[0].place == "cloth"


@pytest.mark.parametrize(("variation", "place"), [("I", "dead"), ("II", "line"), ("III", "lake")])
def test_horsman_variations(variation, place):
    ring = IN_RING
    state = staged("tiddledy-winks", {0: ("cloth", ring)}, variation=variation)
    state.position = replace(state.position, freed=(True, False))
    shoot(state, "red 1 aim 0 pressure 0.01 steep 45")
    assert state.position.counters[0].place == place


#: Where the readings of «Any counter falling within this ring» part (the chalk line 5.08 cm
#: round the cup's axis, the counter 8 mm in radius): across the line with its centre inside,
#: across it with its centre outside, wholly inside, wholly outside.
ACROSS_CENTRE_IN = (0.0508 - 0.003, 0.0)
ACROSS_CENTRE_OUT = (0.0508 + 0.003, 0.0)
OUT_OF_RING = (0.0508 + 0.009, 0.0)


@pytest.mark.parametrize(("reading", "verdicts"), [
    ("any-part", ("dead", "dead", "dead", "cloth")),
    ("centre", ("dead", "cloth", "dead", "cloth")),
    ("wholly", ("cloth", "cloth", "dead", "cloth")),
])
def test_the_readings_of_within_the_ring(reading, verdicts):
    spots = (ACROSS_CENTRE_IN, ACROSS_CENTRE_OUT, IN_RING, OUT_OF_RING)
    state = staged("tiddledy-winks", {0: ("cloth", (0.2, 0.0))}, variation="I", ring=reading)
    for spot, verdict in zip(spots, verdicts, strict=True):
        pose = (*spot, T / 2, *FLAT)
        counters, *_ = judged(state, 0, {0: pose})  # Variation I: «to be considered dead»
        assert counters[0].place == verdict, (reading, spot)
        # The physics' log of a counter touching the ring mid-shot reads it the same way.
        touched = state.game.physics._on_lake(np.array([pose]), np.array([True]))
        assert (touched == [0]) == (verdict == "dead"), (reading, spot)


def test_horsman_reads_within_as_wholly_inside_and_cabriole_as_any_part():
    assert ludotheque.load_game("tiddledy-winks").options["ring"] == "wholly"
    across = (0.06 + 0.008 - 0.001, 0.0)  # Cabriole's lake is 6 cm: a counter across it
    state = staged("cabriole", {0: ("cloth", (0.2, 0.0))})
    counters, *_ = judged(state, 0, {0: (*across, T / 2, *FLAT)})
    assert counters[0].place == "line"  # IX: «dans une proportion quelconque»
    with pytest.raises(OptionError, match="ring"):
        ludotheque.load_game("tiddledy-winks", ring="half")


def test_variation_III_the_next_player_may_play_it_until_its_owner_s_turn():
    ring = IN_RING
    state = staged("tiddledy-winks", {0: ("cloth", ring)}, variation="III", players=3)
    state.position = replace(state.position, freed=(True, False, False))
    shoot(state, "red 1 aim 0 pressure 0.01 steep 45")
    assert state.current_player() == 1 and 0 in state.playable()  # «instead of his own»
    shoot(state, "blue 1 aim cup pressure 0.05 steep 45")
    assert state.current_player() == 2 and 0 in state.playable()
    shoot(state, "green 1 aim cup pressure 0.05 steep 45")
    # Red's own turn: «the player to whom it belongs is at liberty to play with it».
    assert state.current_player() == 0 and 0 in state.playable()
    assert state.position.open_ring == frozenset()


def test_variation_I_most_counters_in_the_cup_wins():
    cup = (0.0, 0.0, 0.005, *FLAT)
    placed = {0: ("cup", cup), 1: ("cup", cup), 2: ("dead", (0.0, 0.055)),
              3: ("cloth", IN_RING), 4: ("cup", cup)}
    # end=first-out: the game ends once red has no counter left to play.
    state = staged("tiddledy-winks", placed, variation="I", end="first-out", forfeits=True)
    shoot(state, "red 4 aim 0 pressure 0.01 steep 45")  # red's last counter dies in the ring
    assert state.is_terminal()
    assert state.position.winners == (0,)  # red 2 in the cup, blue 1
    assert state.returns() == [1.0, -1.0]  # the pool alone: no forfeits without a finish
    # Over, the game takes no shot, not even of blue's counters still to play (it once
    # took one, as any shot is judged by its counter rather than found in a list).
    blue = state.game.playable(state.position, 1)[0]  # a counter still on the line
    with pytest.raises(IllegalMoveError, match="the game is over"):
        state.apply_action(Shot.quantised(blue, 0.0, 0.5, 45).id)
    # end=all-out (the default): blue plays on; red, with nothing left, passes.
    state = staged("tiddledy-winks", placed, variation="I")
    shoot(state, "red 4 aim 0 pressure 0.01 steep 45")
    assert not state.is_terminal() and state.current_player() == 1
    shoot(state, "blue 2 aim cup pressure 0.1 steep 45")
    assert state.legal_actions() == [PASS]


# --- X: off the table -----------------------------------------------------------------------


def test_cabriole_a_counter_off_the_table_goes_back_to_the_start_line():
    state = staged("cabriole", {k: ("cloth", (0.2, 0.03 * k)) for k in range(4)})
    state.position = replace(
        state.position, counters=tuple(
            Counter(c.owner, "cloth", (0.44, 0.0, T / 2, *FLAT)) if k == 0 else c
            for k, c in enumerate(state.position.counters)
        )
    )
    shoot(state, "red 1 aim 0 pressure 0.5 steep 10")
    assert state.position.counters[0].place == "line"
    assert "went off the table" in state.describe_last()


INCH_IN = 0.381 - 0.0254  # an inch inside the square table's edge


@pytest.mark.parametrize(("start", "aim", "put_back"), [
    # Over the east edge: an inch in, where it fell off.
    ((0.37, 0.1), 0, (pytest.approx(INCH_IN, abs=1e-6), pytest.approx(0.1, abs=0.05))),
    # Over the north-east corner, off two edges at once: an inch inside each.
    ((0.37, 0.37), 45, (pytest.approx(INCH_IN, abs=1e-6), pytest.approx(INCH_IN, abs=1e-6))),
])
def test_horsman_a_counter_off_the_table_is_replaced_an_inch_from_the_edge(start, aim, put_back):
    state = staged("tiddledy-winks", {k: ("cloth", (-0.2, 0.03 * k)) for k in range(4)})
    counters = list(state.position.counters)
    counters[0] = Counter(0, "cloth", (*start, T / 2, *FLAT))
    state.position = replace(state.position, counters=tuple(counters))
    shoot(state, f"red 1 aim {aim} pressure 0.5 steep 10")
    assert state.position.counters[0].place == "cloth"
    assert state.position.counters[0].pose[:2] == put_back


def test_a_random_game_that_sends_a_counter_over_a_corner_is_shown_to_every_viewer():
    """The regression of a table lost in the browser: seeded random shots of every bearing
    send a counter over the south-east corner at the 60th shot; it was put back on the south edge
    itself, and the next shot's flight, which counted it as gone from its first frame, raised
    in every viewer's observation."""
    game = ludotheque.load_game("tiddledy-winks")
    rng = random.Random(3)
    state = game.new_initial_state()

    def random_shot() -> None:
        counter = rng.choice(state.observation(state.current_player())["playable"])
        state.apply_action(state.string_to_action(
            f"{counter} aim {rng.choice(range(0, 360, 45))} pressure {rng.choice([0.6, 0.9])} "
            f"steep {rng.choice([30, 60])}"))

    while state.decisions() < 60:
        random_shot()
        state.apply_action(state.sample_chance(rng))
    [off] = [e.counter for e in state.position.report.events if e.what == "off"]
    x, y = state.position.counters[off].pose[:2]
    assert (x, y) == pytest.approx((INCH_IN, -INCH_IN), abs=1e-6)
    for _ in range(3):  # the shots after it, each shown to the seats and a spectator
        random_shot()
        state.apply_action(state.sample_chance(rng))
        for viewer in (None, 0, 1):
            assert "flight" in state.observation(viewer)


# --- XI: covering ---------------------------------------------------------------------------


def covered_state(name="cabriole", **options):
    # Red 1 lies on the cloth; blue 1 leans on it, covering part of it.
    return staged(name, {0: ("cloth", (0.2, 0.0)), 4: ("cloth", on_top_of(0.2, 0.0)),
                         1: ("cloth", (-0.2, 0.0)), 2: ("cloth", (-0.2, 0.05)),
                         3: ("cloth", (-0.2, 0.1))}, **options)


def test_a_counter_covered_by_an_opponent_cannot_be_played():
    state = covered_state()
    assert state.game.judge.covers(np.array(state.position.counters[4].pose),
                                   np.array(state.position.counters[0].pose))
    assert 0 not in state.playable() and state.playable() == [1, 2, 3]
    with pytest.raises(NotationError, match="not legal"):
        state.string_to_action("red 1 aim cup pressure 0.3 steep 60")


def test_with_no_other_counter_the_covered_player_must_pass():
    state = covered_state()
    cup = (0.0, 0.0, 0.005, *FLAT)
    counters = list(state.position.counters)
    for k in (1, 2, 3):
        counters[k] = Counter(0, "cup", cup)
    state.position = replace(state.position, counters=tuple(counters))
    assert state.legal_actions() == [PASS]  # «ce joueur devra attendre»
    with pytest.raises(IllegalMoveError):
        state.apply_action(Shot.quantised(0, 0.0, 0.5, 45).id)
    state.apply_action(PASS)
    assert state.current_player() == 1


def test_a_counter_under_one_of_his_own_may_be_played():
    state = staged("cabriole", {0: ("cloth", (0.2, 0.0)), 1: ("cloth", on_top_of(0.2, 0.0)),
                                2: ("cloth", (-0.2, 0.0)), 3: ("cloth", (-0.2, 0.05))})
    assert 0 in state.playable()  # «un jeton étranger»: only an opponent's counter blocks


def test_covering_an_opponent_is_told_with_the_rule():
    state = staged("cabriole", {0: ("cloth", (0.2, 0.0)), 4: ("cloth", (0.2 + 0.0135, 0.0))})
    _counters, events, *_ = judged(state, 4, {4: on_top_of(0.2, 0.0)})
    assert [(e.what, e.other) for e in events if e.what == "covers"] == [("covers", 0)]


# --- XII: camps, partners and reach -------------------------------------------------------------


def test_camps_sit_alternately_and_play_each_other_s_counters():
    game = ludotheque.load_game("cabriole", players=4, camps=True)
    assert [game.side(p) for p in range(4)] == [0, 1, 0, 1]
    with pytest.raises(OptionError, match="camps need 4 or 6"):
        ludotheque.load_game("cabriole", players=3, camps=True)


def test_a_partner_s_counter_out_of_reach_is_left_to_the_partner():
    free = {k: ("cloth", (0.0, -0.3 + 0.02 * (k % 4))) for k in range(16) if k // 4 in (0, 2)}
    # Green (seat 2, north) has a counter near red's seat (south), far out of green's reach.
    free[8] = ("cloth", (0.05, -0.40))
    state = staged("cabriole", free, players=4, camps=True, reach=60.0)
    state.position = replace(state.position, mover=2, freed=(True, False, True, False))
    assert 8 not in state.playable()
    state.position = replace(state.position, mover=0)
    assert 8 in state.playable()


def test_variation_III_not_for_the_player_who_sent_it_there():
    ring = IN_RING
    state = staged("tiddledy-winks", {4: ("cloth", ring), 0: ("cloth", (0.12, 0.0))},
                   variation="III", players=3)
    state.position = replace(state.position, freed=(True, True, False))
    knocked = (ring[0] - 0.003, 0.0, T / 2, *FLAT)
    counters, _, _, ring_after, _ = judged(state, 0, {4: knocked})
    assert dict(ring_after) == {4: 0}  # red's shot sent blue 1 into the ring
    state.position = replace(state.position, counters=counters, open_ring=ring_after)
    assert 4 not in state.playable()  # red, playing again, may not: «the next … player»
    state.position = replace(state.position, mover=2)
    assert 4 in state.game.playable(state.position, 2)


def test_variation_III_a_counter_knocked_off_the_table_is_no_longer_open():
    ring = IN_RING
    state = staged("tiddledy-winks", {4: ("lake", ring)}, variation="III")
    state.position = replace(state.position, open_ring=frozenset({(4, 0)}))
    *_, ring_after, _ = judged(state, 4, {}, fell={state_row(state, 4): (0.381, 0.0)})
    assert ring_after == frozenset()


def state_row(state, k):
    return [j for j, c in enumerate(state.position.counters) if c.on_table].index(k)


def test_potting_an_opponent_s_counter_earns_no_other_shot():
    state = staged("tiddledy-winks", {4: ("lake", (0.12, 0.0))}, variation="III")
    state.position = replace(state.position, open_ring=frozenset({(4, 1)}),
                             freed=(False, True))
    from ludotheque.games.tiddlywinks.player import AimingPlayer

    aim = AimingPlayer("hard").aim(state.game, state, 4)
    state.apply_action(Shot.quantised(4, *aim).id)
    state.apply_action(state.legal_actions()[0])
    assert state.position.counters[4].place == "cup"  # blue's counter, potted by red
    assert state.current_player() == 1  # «if successful in scoring»: red scored nothing


def test_variation_II_the_counter_sent_back_is_played_out_next():
    ring = IN_RING
    free = {k: ("cloth", (-0.2, 0.03 * k)) for k in range(1, 4)}
    state = staged("tiddledy-winks", {0: ("cloth", ring), **free}, variation="II")
    shoot(state, "red 1 aim 0 pressure 0.01 steep 45")
    assert state.position.counters[0].place == "line" and state.position.due == {0}
    shoot(state, "blue 1 aim cup pressure 0.1 steep 45")
    assert state.playable() == [0]  # «played out by the player at his next turn»
    loose = staged("tiddledy-winks", {0: ("cloth", ring), **free}, variation="II",
                   played_out="any-time")
    shoot(loose, "red 1 aim 0 pressure 0.01 steep 45")
    shoot(loose, "blue 1 aim cup pressure 0.1 steep 45")
    assert loose.playable() == [0, 1, 2, 3]


def test_horsman_partners_sit_opposite():
    game = ludotheque.load_game("tiddledy-winks", players=4, partners=True)
    assert [game.side(p) for p in range(4)] == [0, 1, 0, 1]
    six = ludotheque.load_game("tiddledy-winks", players=6, partners=True)
    assert [six.side(p) for p in range(6)] == [0, 1, 2, 0, 1, 2]
    with pytest.raises(OptionError, match="4 or 6 players"):
        ludotheque.load_game("tiddledy-winks", players=2, partners=True)


# --- The end and the money ----------------------------------------------------------------------


def last_counter_state(name, **options):
    cup = (0.0, 0.0, 0.005, *FLAT)
    placed = {0: ("cup", cup), 1: ("cup", cup), 2: ("cup", cup), 3: ("cloth", (0.12, 0.0)),
              4: ("cup", cup)}
    return staged(name, placed, **options)


def pot_last(name, **options):
    state = last_counter_state(name, **options)
    player = make_agent("aim:hard", seed=1, game=state.game)
    state.apply_action(player.choose(state.turn()))
    state.apply_action(state.legal_actions()[0])
    assert state.is_terminal() and state.current_player() == TERMINAL
    return state


def test_cabriole_the_first_to_pot_all_wins_the_pool_and_a_price_per_counter():
    state = pot_last("cabriole", price=0.5)
    # Pool 2; blue pays 0.5 for each of his 3 counters still out of the cup.
    assert state.returns() == [1.0 + 1.5, -1.0 - 1.5]
    assert state.observation(None)["result"][0] == "red wins the pool"


def test_cabriole_camps_share_the_gain():
    cup = (0.0, 0.0, 0.005, *FLAT)
    placed = {0: ("cup", cup), 1: ("cup", cup), 2: ("cup", cup), 3: ("cloth", (0.12, 0.0))}
    state = staged("cabriole", placed, players=4, camps=True, price=1.0)
    state.position = replace(state.position, freed=(True, False, False, False))
    state.apply_action(make_agent("aim:hard", seed=1, game=state.game).choose(state.turn()))
    state.apply_action(state.legal_actions()[0])
    # Blue and yellow each pay their stake and 1 per counter out: 5 each. Red and green
    # share the 12 the pool then holds, their own stakes in it.
    assert state.returns() == [5.0, -5.0, 5.0, -5.0]


def test_horsman_forfeits_only_if_agreed():
    assert pot_last("tiddledy-winks").returns() == [1.0, -1.0]
    assert pot_last("tiddledy-winks", forfeits=True, price=1.0).returns() == [4.0, -4.0]


def test_returns_are_money_within_the_declared_bounds():
    game = ludotheque.load_game("cabriole", lake="lost", fine=2.0, price=0.5, players=3)
    assert game.min_utility() == -(1 + 2.0 * 4)
    assert game.max_utility() == 2 * (1 + 2.0 * 4)


# --- Open points -----------------------------------------------------------------------------


@pytest.mark.parametrize(("rim", "place"), [("stays", "cloth"), ("lake", "line"), ("cup", "cup")])
def test_a_counter_resting_on_the_rim(rim, place):
    state = staged("cabriole", {0: ("cloth", (0.2, 0.0))}, rim=rim)
    on_rim = (0.025, 0.0, 0.0508 + 0.001, *FLAT)
    counters, events, *_ = judged(state, 0, {0: on_rim})
    assert counters[0].place == place
    assert events[0].what == "rim"


def test_a_counter_knocked_into_the_cup_counts_for_its_owner():
    state = staged("cabriole", {0: ("cloth", (0.2, 0.0)), 4: ("cloth", (0.1, 0.0))})
    counters, *_ = judged(state, 0, {4: (0.0, 0.0, 0.006, *FLAT)})
    assert counters[4].place == "cup"


# --- Notation and errors ---------------------------------------------------------------------


def test_shots_are_written_and_read_both_ways():
    state = staged("cabriole", {})
    action = state.string_to_action("red 2 aim 212.5 pressure 0.62 steep 40")
    assert state.action_to_string(action) == "red 2 aim 212.5 pressure 0.62 steep 40"
    assert state.string_to_action("2 aim 212.5 pressure 0.62 steep 40") == action
    assert state.string_to_action("counter 2 aim 212.5 pressure 0.62 steep 40") == action
    cup = state.string_to_action("red 2 aim cup pressure 0.5 steep 72")
    assert Shot.from_id(cup).bearing == pytest.approx(state.cup_bearing(1), abs=0.05)
    left = state.string_to_action("red 2 aim cup+2 pressure 0.5 steep 72")
    assert Shot.from_id(left).bearing == pytest.approx(state.cup_bearing(1) + 2, abs=0.06)


@pytest.mark.parametrize(("text", "says"), [
    ("red 9 aim 0 pressure 0.5 steep 40", "numbered 1 to 4"),
    ("pink 1 aim 0 pressure 0.5 steep 40", "no pink counter"),
    ("red 1 aim 0 pressure 1.5 steep 40", "pressure runs from 0.01"),
    ("red 1 aim 0 pressure 0 steep 40", r"from 0.01 \(a touch"),
    ("red 1 aim 0 pressure 0.005 steep 40", "across the table\\), not 0.005"),
    ("red 1 aim 0 pressure 0.5 steep 95", "steep runs from 0"),
    ("shoot it", "is not a shot"),
    ("blue 1 aim 0 pressure 0.5 steep 40", "not legal"),
])
def test_a_bad_shot_gets_one_sentence_and_changes_nothing(text, says):
    # Each names what was wrong and what is allowed; the game is left as it was.
    state = staged("cabriole", {})
    before = state.to_json()
    with pytest.raises(NotationError, match=says):
        state.string_to_action(text)
    assert state.to_json() == before


def test_a_tremble_is_written_and_read_both_ways():
    game = ludotheque.load_game("cabriole")
    state = game.new_initial_state()
    state.apply_action(state.string_to_action("red 1 aim cup pressure 0.4 steep 72"))
    outcome = state.sample_chance(random.Random(3))
    assert state.string_to_action(state.action_to_string(outcome)) == outcome
    assert sum(p for _, p in state.chance_outcomes()) == pytest.approx(1.0)
    with pytest.raises(NotationError, match="between -5 and 5"):
        state.string_to_action("tremble aim 9 pressure 0 steep 0 spin 0")


def test_unknown_or_impossible_options_are_refused():
    with pytest.raises(OptionError, match="start"):
        ludotheque.load_game("cabriole", start=60)
    with pytest.raises(OptionError, match="partners sit opposite"):
        ludotheque.load_game("tiddledy-winks", players=3, partners=True)
    with pytest.raises(OptionError, match="end"):
        ludotheque.load_game("cabriole", end="never")
    with pytest.raises(OptionError):
        ludotheque.load_game("tiddledy-winks", counters=5)


def test_a_game_replays_to_the_same_table():
    game = ludotheque.load_game("cabriole")
    state = game.new_initial_state()
    rng = random.Random(4)
    player = make_agent("aim:medium", seed=4, game=state.game)
    for _ in range(6):
        state.apply_action(state.sample_chance(rng) if state.is_chance_node()
                           else player.choose(state.turn()))
    again = game.state_from_json(state.to_json())
    assert again.position.counters == state.position.counters


def test_every_answer_puts_a_counter_as_far_from_the_cup():
    # Red 2 lies 3.345 cm from the cup's axis: the view shows 3.35, and so every sentence.
    state = staged("tiddledy-winks", {1: ("cloth", (0.03345, 0.0))})
    game = state.game
    asked = game.manifest.answer(game, "red 2", state)
    drawn = game.manifest.render_view(game, state.observation(0))
    assert "red 2 lies on the cloth, 3.4 cm from the cup's centre" in asked
    assert "3.4 cm from the cup" in drawn.split("red 2", 2)[-1].splitlines()[0]


def test_a_finished_game_says_so_and_its_winner_once():
    game = ludotheque.load_game("tiddledy-winks", hands="steady")
    state = game.new_initial_state()
    counters = [Counter(0, "cup", (0.0, 0.0, 0.01, *FLAT)) for _ in range(3)]
    state.position = replace(state.position, counters=(
        *counters, Counter(0, "cloth", (0.12, 0.0, T / 2, *FLAT)),
        *state.position.counters[4:]), freed=(True, False))
    player = make_agent("aim:hard", seed=1, game=game)
    while not state.is_terminal():
        state.apply_action(player.choose(state.turn()) if not state.is_chance_node()
                           else state.legal_actions()[0])
    drawn = game.manifest.render_view(game, state.observation(0))
    assert "the game is over" in drawn and "to play" not in drawn
    assert "wins the pool" not in drawn  # the result sentence, which every front end adds
