"""Cabriole (c. 1900) and Horsman's Tiddledy Winks (c. 1890) as Games over one simulated table.

A turn is a decision and a chance node. The player decides a shot — which counter, where he
aims, how hard he presses and how steeply he holds the large counter — written
``red 3 aim 212.5 pressure 0.62 steep 40`` (``aim cup`` aims at the cup's centre; ``cup+2``
two degrees to the left of it), or ``pass`` when the rules leave him no counter to play. Then
chance draws his hand's tremble (``tremble aim +0.35 pressure -1.20 steep +0.05 spin +0.00``, in
standard deviations of the table's skill, or ``steady``), MuJoCo plays the shot to rest, and
the rules judge where every counter lies.

The rules both sources share live in :class:`TiddlywinksGame`; each source's own choices (what
the lake does, a counter off the table, when the turn passes, the money) in its subclass.

>>> import ludotheque
>>> game = ludotheque.load_game("cabriole", hands="steady")
>>> state = game.new_initial_state()
>>> state.apply_action(state.string_to_action("red 1 aim cup pressure 0.30 steep 60"))
>>> state.action_to_string(state.legal_actions()[0])
'steady'
"""

from __future__ import annotations

import math
import random
from dataclasses import replace
from functools import cached_property
from typing import TYPE_CHECKING, Any, ClassVar, Literal, cast

import numpy as np

from ludotheque.core.errors import IllegalMoveError, OptionError
from ludotheque.core.game import (
    CHANCE,
    TERMINAL,
    Game,
    Refusal,
    State,
)
from ludotheque.core.i18n import N_, _, ngettext
from ludotheque.games.tiddlywinks.assist import steady_rests
from ludotheque.games.tiddlywinks.judge import Judge
from ludotheque.games.tiddlywinks.notation import (
    PASS,
    QUADRATURE,
    SHOT_IDS,
    STEADY,
    TREMBLE_IDS,
    Shot,
    Tremble,
    parse_shot,
)
from ludotheque.games.tiddlywinks.options import COLOURS, HANDS
from ludotheque.games.tiddlywinks.physics import CounterSpec, CupSpec, Physics, Setup, TableSpec
from ludotheque.games.tiddlywinks.squidger import Aim, launch
from ludotheque.games.tiddlywinks.table import (
    FLAT,
    Counter,
    Event,
    Position,
    Report,
    StartLine,
    tilt,
)
from ludotheque.games.tiddlywinks.view import (
    Colour,
    CounterView,
    FlightView,
    Place,
    RuleSet,
    TiddlywinksView,
    from_cup,
    seen,
)
from ludotheque.games.tiddlywinks.words import (
    colour,
    counter_words,
    english,
    french,
    number,
    shot_words,
)

if TYPE_CHECKING:
    # The engine's report of a shot, not the shot a player aims (notation's Shot).
    from ludotheque.games.tiddlywinks.physics import Shot as SimulatedShot

#: A counter that moved less than this (metres) in a shot stays where the rules had it.
STILL = 0.001
#: How far apart a player's counters stand on the start line, centre to centre.
SPACING = 0.03
INCH = 0.0254
#: A flight is shown at 50 frames a second: the engine's hundred, halved, for the wire.
FLIGHT_FRAME = 0.02

class TiddlywinksGame(Game):
    """What both texts share: the table, the cup, counters played in turn from a start line,
    another shot after a pot, covering, and a pool to the first to pot all his counters."""

    #: Each rule set's material.
    CUP: ClassVar[CupSpec]

    def _french_move(self, move: str) -> str:
        return french(move)
    COUNTER: ClassVar[CounterSpec]
    #: The chalk circle's radius (metres).
    LAKE_RADIUS: ClassVar[float]
    #: What the source calls the circle (told in the reader's language: a sentence says "the
    #: {lake}"), and where it forbids covering on purpose.
    LAKE_WORD: ClassVar[str] = N_("lake")
    #: The rules doc's names of the rules that keep a counter from being played (``why_not``):
    #: in the cup, dead, sent into the ring by this player, another's, out of reach, not from
    #: the line, covered, not the one due, and a shot that does not press; and, to tell what a
    #: shot did, the rules of a counter off the table and of another shot after a pot. Each is
    #: ``N_``-marked and told in the reader's language.
    RULE_NAMES: ClassVar[dict[str, str]] = {}
    COVERING_RULE: ClassVar[str]
    continuous = True

    def __init__(self, **options: Any) -> None:
        super().__init__(**options)
        players = self.num_players()
        if self.options.get("camps") and players not in (4, 6):
            raise OptionError(_(
                "camps need 4 or 6 players: two camps of two or three (Cabriole I), "
                "not {players}.", players=players))
        if self.options.get("partners") and players not in (4, 6):
            raise OptionError(_("partners sit opposite in pairs against each other, so they need "
                                "4 or 6 players, not {players}.", players=players))
        size = self.table_size()
        if not 0.1 <= self.start_distance() <= size - 0.01:
            raise OptionError(_(
                "the start line must lie between 1 cm from the table's edge and 10 cm from "
                "the cup: start takes 1 to {most} cm here, not {start}.",
                most=number(size * 100 - 10), start=number(self.options["start"], "")))
        self.per_player = int(self.options["counters"])
        self.setup = Setup(
            table=TableSpec(self.options["table"], size, self.options["cloth"] / 1000),
            cup=self.CUP,
            counter=self.COUNTER,
            counters=players * self.per_player,
        )
        self.line = StartLine(players, self.per_player, self.start_distance(), SPACING)
        self.judge = Judge(self.CUP, self.COUNTER, self.lake_radius(), self.ring_reading())

    # --- what each rule set says ---------------------------------------------------------

    def table_size(self) -> float:
        """The table's radius (round) or half-side (square), metres."""
        return 0.45 if self.options["table"] == "round" else 0.381

    def start_distance(self) -> float:
        """The start line's distance from the cup: the option gives it from the edge."""
        return self.table_size() - float(self.options["start"]) / 100

    def seat_point(self, player: int) -> tuple[float, float]:
        """Where a player sits: the table's edge in the direction of his seat."""
        angle = self.line.seat_angle(player)
        return self.setup.table.edge_point(math.cos(angle) * 2, math.sin(angle) * 2)

    def lake_radius(self) -> float:
        """The chalk circle's radius; 0 where the game is played without one."""
        return self.LAKE_RADIUS

    def ring_reading(self) -> str:
        """What lying in the lake asks of a counter (physics.READINGS): any part of it inside,
        as Cabriole IX says («dans une proportion quelconque»)."""
        return "any-part"

    def lake_rule(self) -> str | None:
        """What the lake does to a counter: ``return`` (to the start line), ``dead`` (there
        for good), ``open`` (others may play it, Horsman III), or None (no lake)."""
        raise NotImplementedError

    def fine(self) -> float:
        """What a counter lost in the lake costs its owner, paid into the pool."""
        return 0.0

    def price(self) -> float:
        """What each loser pays the winner per counter of his still out of the cup."""
        return 0.0

    def off_table(self, position: Position, counter: int, edge: tuple[float, float],
                  taken: list[tuple[float, float]]) -> Counter:
        """Where a counter that went over the edge at ``edge`` is put back."""
        raise NotImplementedError

    def passes_after_every_shot(self) -> bool:
        return False

    def due_next_turn(self) -> bool:
        """Whether a counter sent back to the start line must be its owner's next shot."""
        return False

    def side(self, player: int) -> int:
        """The camp or partnership of a seat; each seat its own when playing alone."""
        return player

    def may_play(self, position: Position, player: int, counter: int) -> bool:
        """Whether ``player`` may play ``counter`` as far as ownership and reach go."""
        return self.side(position.counters[counter].owner) == self.side(player)

    # --- the protocol ------------------------------------------------------------------------

    def num_distinct_actions(self) -> int:
        return 1 + SHOT_IDS

    def max_chance_outcomes(self) -> int:
        return TREMBLE_IDS

    def max_utility(self) -> float:
        n, c = self.num_players(), self.per_player
        return (n - 1) * (1 + max(self.fine(), self.price()) * c)

    def min_utility(self) -> float:
        return -(1 + max(self.fine(), self.price()) * self.per_player)

    def seat_name(self, player: int) -> str:
        return COLOURS[player]

    @cached_property
    def physics(self) -> Physics:
        # Compiled once per game, on the first shot: building a table costs tens of milliseconds.
        return Physics(self.setup, self.lake_radius(), self.ring_reading())

    def new_initial_state(self) -> TiddlywinksState:
        return TiddlywinksState(self)

    def initial_position(self) -> Position:
        t = self.COUNTER.thickness
        counters = tuple(
            Counter(p, "line", (*self.line.slot(p, i), t / 2, *FLAT))
            for p in range(self.num_players())
            for i in range(self.per_player)
        )
        n = self.num_players()
        return Position(counters, mover=0, freed=(False,) * n, lost=(0,) * n)

    # --- the rules of a shot -----------------------------------------------------------------

    def playable(self, position: Position, player: int) -> list[int]:
        """The counters ``player`` may play now."""
        counters = position.counters
        mine = [k for k, c in enumerate(counters) if c.owner == player]
        opened = dict(position.open_ring)
        candidates = []
        for k, c in enumerate(counters):
            if c.place in ("cup", "dead"):
                continue
            if k in opened and c.owner != player and opened[k] != player:
                # Horsman III: «the next or subsequent player … is at liberty, if he choose, to
                # play it (instead of his own)»: not the one whose shot sent it there.
                candidates.append(k)
                continue
            if not self.may_play(position, player, k):
                continue
            # Cabriole VII: «quand tous ses jetons ont quitté successivement la ligne de
            # départ, il a la liberté de jouer avec un jeton quelconque»; until then, the line.
            if not position.freed[player] and not (k in mine and c.place == "line"):
                continue
            candidates.append(k)
        free = [k for k in candidates if not self.covered_by_opponent(position, player, k)]
        # Horsman II by the default reading: «played out by the player at his next turn».
        due = [k for k in free if k in position.due and counters[k].owner == player]
        return due or free

    def why_not(self, position: Position, player: int, counter: int) -> Refusal:
        """Why ``player`` may not play ``counter`` now: the rule by its name in the rule set's
        doc (:attr:`RULE_NAMES`), and a sentence naming the counter, in the reader's language."""
        c = position.counters[counter]
        named = counter_words(counter, self.per_player)

        def refusal(rule: str, reason: str) -> Refusal:
            return Refusal(self.rule_name(rule), _(reason, counter=named, lake=_(self.LAKE_WORD)))

        if c.place == "cup":
            return refusal("cup", N_("{counter} is in the cup"))
        if c.place == "dead":
            return refusal("dead", N_("{counter} is dead in the {lake}"))
        if not self.may_play(position, player, counter):
            if (counter, player) in position.open_ring:
                return refusal("open", N_("{counter} may not be played by the one whose shot "
                                          "sent it into the ring"))
            if self.side(c.owner) != self.side(player):
                return refusal("touch", N_("{counter} is an opponent's, and no player may touch "
                                           "another's counters"))
            return refusal("reach", N_("{counter} is out of your reach, and your partner plays "
                                       "it on his turn"))
        if not position.freed[player] and not (c.owner == player and c.place == "line"):
            return refusal("line", N_("{counter} waits, since until all your counters have left "
                                      "the start line you play from it"))
        if self.covered_by_opponent(position, player, counter):
            return refusal("covered", N_("{counter} is covered by an opponent's counter and waits "
                                         "until he moves it"))
        return refusal("due", N_("{counter} waits, since a counter sent back to the start line "
                                 "is to be played out first"))

    def rule_name(self, rule: str) -> str:
        """A rule by its name in the rule set's doc (:attr:`RULE_NAMES`), in the reader's
        language."""
        return _(self.RULE_NAMES[rule])

    def covered_by_opponent(self, position: Position, player: int, counter: int) -> bool:
        """Rule "covered": a counter an opponent's counter covers in any proportion waits
        (Cabriole XI: «ce joueur devra attendre … que l’adversaire ait déplacé le jeton»)."""
        counters = position.counters
        pose = np.array(counters[counter].pose)
        for j, other in enumerate(counters):
            if j == counter or not other.on_table or self.side(other.owner) == self.side(player):
                continue
            if self.judge.covers(np.array(other.pose), pose):
                return True
        return False

    def play(self, position: Position, tremble: Tremble) -> Position:
        """The aimed shot played with ``tremble``, the table judged, the turn passed on."""
        shot = position.aimed
        assert shot is not None  # played at the chance node an aimed shot makes
        error = HANDS[self.options["hands"]]
        aimed = Aim(shot.bearing, shot.pressure, shot.steep)
        played = Aim(
            aimed.bearing + error[0] * tremble.aim,
            min(1.0, max(0.0, aimed.pressure * (1 + error[1] * tremble.pressure))),
            # The steepness moves the launch 50° over its 90°: its error is the elevation's.
            min(90.0, max(0.0, aimed.steep + error[2] * 90 / 50 * tremble.steep)),
        )
        departure = launch(played, self.setup.table.cloth, self.COUNTER)
        lifts = launch(Aim(0.0, 1.0, played.steep), self.setup.table.cloth, self.COUNTER).jumps
        if departure.jumps:
            departure = replace(departure, tumble=departure.tumble + error[3] * tremble.spin)
        rows = tuple(k for k, c in enumerate(position.counters) if c.on_table)
        poses = np.array([position.counters[k].pose for k in rows])
        result = self.physics.shoot(poses, rows.index(shot.counter), departure.launch())
        counters, events, lost, ring, due = self._judge(position, shot.counter, rows, result)
        frames = result.frames
        frames.setflags(write=False)
        report = Report(
            position.mover, shot.counter,
            (aimed.bearing, aimed.pressure, aimed.steep),
            (played.bearing, played.pressure, played.steep),
            departure.jumps, tuple(events), rows, tuple(result.times.tolist()), frames,
            lifts,
        )
        # Rule "another shot after a pot": «réussit à mettre un jeton dans la coupe», «if
        # successful in scoring» — the counter played, and one his side scores for.
        played_counter = counters[shot.counter]
        again = played_counter.place == "cup" and (
            self.side(played_counter.owner) == self.side(position.mover)
        )
        # Rule "from the line first": a counter has left the start line once it lies off it, or
        # once the lake or the edge has sent it back there (it went).
        left = position.left | {k for k, c in enumerate(counters) if c.place != "line"} | {
            e.counter for e in events if e.what in ("off", "lake")}
        return self._next_turn(replace(position, left=left), counters, lost, ring, report,
                               again, due)

    def _judge(
        self, position: Position, shooter: int, rows: tuple[int, ...], result: SimulatedShot
    ) -> tuple[tuple[Counter, ...], list[Event], tuple[int, ...], frozenset[tuple[int, int]],
               frozenset[int]]:
        """Each counter's new place by the rules; the narration's events; the lake's toll."""
        before = position.counters
        counters = list(before)
        events: list[Event] = []
        lost = list(position.lost)
        ring = dict(position.open_ring)
        due = set(position.due) - {shooter}  # played out
        taken: list[tuple[float, float]] = []
        returns: list[tuple[int, str, tuple[float, float] | None]] = []
        for row, k in enumerate(rows):
            c = before[k]
            pose = tuple(float(v) for v in result.poses[row])
            moved = math.dist(pose[:3], c.pose[:3]) > STILL or (
                abs(abs(pose[3]) - abs(c.pose[3])) > 1e-4
            )
            if row in result.fell:
                returns.append((k, "off", result.fell[row]))
                ring.pop(k, None)
                continue
            place = self.judge.place(np.array(pose))
            if place == "rim":
                events.append(Event(k, "rim"))
                place = {"stays": "cloth", "lake": "lake", "cup": "cup"}[self.options["rim"]]
            if c.place == "dead":
                counters[k] = c.at("dead", pose)
            elif place == "cup":
                counters[k] = c.at("cup", pose)
                ring.pop(k, None)
                due.discard(k)
                events.append(Event(k, "potted"))
            elif self.lake_rule() is not None and (moved or k == shooter) and (
                place == "lake"
                or (self.options["lake_moment"] == "touched" and row in result.touched_lake)
            ):
                returns.append((k, "lake", None))
                counters[k] = c.at("cloth", pose)
            elif (c.place == "lake" and not moved) or (c.place == "line" and not moved):
                counters[k] = c
            else:
                counters[k] = c.at("cloth", pose)
                ring.pop(k, None)
                due.discard(k)
                if moved:  # the narration tells what the shot moved, not every counter lying still
                    events.append(Event(k, "moved"))
            if counters[k].on_table:
                taken.append((counters[k].pose[0], counters[k].pose[1]))
        for k, why, edge in returns:
            c = before[k]
            if why == "off":
                assert edge is not None  # where it went over
                counters[k] = self.off_table(position, k, edge, taken)
                events.append(Event(k, "off", self._where(counters[k])))
            else:
                rule = self.lake_rule()
                if rule == "dead":
                    counters[k] = counters[k].at("dead")
                    lost[c.owner] += 1
                    ring.pop(k, None)
                    events.append(Event(k, "lake", N_("lost for good")))
                elif rule == "open":
                    counters[k] = counters[k].at("lake")
                    ring[k] = position.mover
                    events.append(Event(k, "lake", N_("open to the next players until its "
                                                      "owner's turn")))
                else:
                    counters[k] = self.back_to_line(k, taken)
                    if self.due_next_turn():
                        due.add(k)
                    events.append(Event(k, "lake", N_("back to the start line")))
            taken.append((counters[k].pose[0], counters[k].pose[1]))
        moved_counter = counters[shooter]
        if moved_counter.on_table:
            moved_pose = np.array(moved_counter.pose)
            for j, other in enumerate(counters):
                if j != shooter and other.on_table and other.owner != moved_counter.owner and (
                    self.judge.covers(moved_pose, np.array(other.pose))
                ):
                    events.append(Event(shooter, "covers", other=j))
        return tuple(counters), events, tuple(lost), frozenset(ring.items()), frozenset(due)

    def _where(self, counter: Counter) -> str:
        # Kept in English in the report (``N_``), told in the reader's language by the narration.
        return N_("back to the start line") if counter.place == "line" else N_(
            "put back by the edge")

    def back_to_line(self, counter: int, taken: list[tuple[float, float]]) -> Counter:
        """Rule "back to the start line": the counter's own place on its owner's line, or the
        nearest free spot along it (Cabriole IX, X)."""
        owner, number = divmod(counter, self.per_player)
        t = self.COUNTER.thickness
        for shift in (0, 1, -1, 2, -2, 3, -3, 4, -4, 5, -5, 6, -6, 7, -7):
            x, y = self.line.slot(owner, number)
            if shift:
                x, y = self.line.slot(owner, number + shift / 2)
            if self._free((x, y), taken):
                return Counter(owner, "line", (x, y, t / 2, *FLAT))
        return Counter(owner, "line", (*self.line.slot(owner, number), t / 2, *FLAT))

    def _free(self, point: tuple[float, float], taken: list[tuple[float, float]]) -> bool:
        return all(math.dist(point, other) > self.COUNTER.diameter + 0.002 for other in taken)

    def _next_turn(self, position: Position, counters: tuple[Counter, ...], lost: tuple[int, ...],
                   ring: frozenset[tuple[int, int]],
                   report: Report | None, again: bool, due: frozenset[int]) -> Position:
        n = self.num_players()
        # Rule "from the line first" (Cabriole VII, «quand tous ses jetons ont quitté
        # successivement la ligne de départ»; Horsman, «after playing out all their counters»):
        # free once each of his counters has left the line, one after another, for good.
        freed = tuple(
            position.freed[p] or all(k in position.left for k, c in enumerate(counters)
                                     if c.owner == p)
            for p in range(n)
        )
        shots = position.shots + 1
        winners = self._winners(counters)
        over = bool(winners)
        # Rule "another shot after a pot" (Cabriole VIII, Horsman), unless the turn passes
        # after every shot (Horsman's footnote).
        mover = position.mover
        if not (again and not self.passes_after_every_shot()):
            mover = (mover + 1) % n
            # Horsman III: the ring's counters are open «during that round»: until their owner's
            # own turn, when «the player to whom it belongs is at liberty to play with it».
            ring = frozenset((k, o) for k, o in ring if counters[k].owner != mover)
        return Position(counters, mover, None, freed, ring, lost, shots, over, winners, report,
                        due, position.left)

    def _winners(self, counters: tuple[Counter, ...]) -> tuple[int, ...]:
        """The seats sharing the pool, once the game has ended; else empty."""
        n = self.num_players()
        own = [[c for c in counters if c.owner == p] for p in range(n)]
        if self.lake_rule() == "dead":
            # Cabriole IX by agreement, Horsman I: «le joueur ou le camp qui aura mis le plus
            # grand nombre de jetons dans la coupe qui gagnera la poule», once no counter is
            # left to play (end=all-out) or once one player has none (end=first-out).
            out = [all(c.place in ("cup", "dead") for c in own[p]) for p in range(n)]
            if not (all(out) if self.options["end"] == "all-out" else any(out)):
                return ()
            score: dict[int, int] = {}
            for p in range(n):
                score[self.side(p)] = score.get(self.side(p), 0) + sum(
                    c.place == "cup" for c in own[p]
                )
            best = max(score.values())
            return tuple(p for p in range(n) if score[self.side(p)] == best)
        # Rule "the first to pot all his counters wins the pool".
        done = {self.side(p) for p in range(n) if all(c.place == "cup" for c in own[p])}
        return tuple(p for p in range(n) if self.side(p) in done)

    def money(self, position: Position) -> list[float]:
        """Each seat's gain in stakes: the pool (every stake, and the lake's fines) shared by
        the winners, and what each loser pays them per counter still out of the cup — that only
        when the game was won by potting every counter (Cabriole VIII, Horsman's forfeits): with
        counters lost for good, most in the cup wins the pool alone (IX, Variation I)."""
        n = self.num_players()
        if not position.over or not position.winners:
            return [0.0] * n
        winners = position.winners
        staked = [1.0 + self.fine() * position.lost[p] for p in range(n)]
        price = 0.0 if self.lake_rule() == "dead" else self.price()
        owed = [
            0.0 if p in winners else price * sum(
                1 for c in position.counters if c.owner == p and c.place != "cup"
            )
            for p in range(n)
        ]
        share = (sum(staked) + sum(owed)) / len(winners)
        return [(share if p in winners else 0.0) - staked[p] - owed[p] for p in range(n)]


#: The tremble's 81-point quadrature: four deviates, three Gauss–Hermite nodes each.
TREMBLES = tuple(
    (Tremble.quantised(a, p, s, w).id, pa * pp * ps * pw)
    for a, pa in QUADRATURE
    for p, pp in QUADRATURE
    for s, ps in QUADRATURE
    for w, pw in QUADRATURE
)


class TiddlywinksState(State):
    """A position of a tiddlywinks game and the history that reached it."""

    def __init__(self, game: TiddlywinksGame) -> None:
        super().__init__(game)
        self.game: TiddlywinksGame = game
        self.position = game.initial_position()
        self._playable: tuple[Position, list[int], list[int]] | None = None
        self._flight: tuple[Report, FlightView] | None = None

    def _current_player(self) -> int:
        if self.position.over:
            return TERMINAL
        return CHANCE if self.position.aimed is not None else self.position.mover

    def playable(self) -> list[int]:
        """The counters the player to act may play (none: he must pass)."""
        return self._judged()[0]

    def _judged(self) -> tuple[list[int], list[int]]:
        # The playable counters and the grid of shots, worked out once per position: parsing
        # and checking a move asks for them again and again.
        if self._playable is None or self._playable[0] is not self.position:
            counters = self.game.playable(self.position, self.position.mover)
            self._playable = (self.position, counters, self._grid(counters))
        return self._playable[1], self._playable[2]

    def cup_bearing(self, counter: int) -> float:
        """The bearing (degrees) from a counter to the cup's centre."""
        x, y = self.position.counters[counter].pose[:2]
        return math.degrees(math.atan2(-y, -x)) % 360

    def _legal_actions(self) -> list[int]:
        """A documented grid of shots for learning code and random play; any other shot of a
        playable counter is as legal (see ``docs/rules/cabriole.md``, "Actions")."""
        return list(self._judged()[1])

    def _grid(self, counters: list[int]) -> list[int]:
        if not counters:
            return [PASS]
        actions = set()
        for k in counters:
            cup = self.cup_bearing(k)
            bearings = [cup + d for d in (0, -1, 1, -3, 3, -6, 6)] + [45.0 * i for i in range(8)]
            for bearing in bearings:
                for tenth in range(1, 11):
                    for steep in (30, 60, 90):
                        actions.add(Shot.quantised(k, bearing, tenth / 10, steep).id)
        return sorted(actions)

    def _allows(self, action: int) -> bool:
        if self.is_chance_node():
            if self.game.options["hands"] == "steady":
                return action == STEADY
            return 0 <= action < TREMBLE_IDS
        if action == PASS:
            return not self.playable()
        if not 0 < action <= SHOT_IDS:
            return False
        shot = Shot.from_id(action)
        # «fait avancer un jeton»: a shot presses; a counter not touched has not been played.
        return shot.pressure > 0 and shot.counter in self.playable()

    def legal_text(self, legal: list[int] | None = None) -> str:
        legal = self.legal_actions() if legal is None else legal
        if self.is_chance_node():
            return _("'steady', or 'tremble aim A pressure P steep S spin W' (standard "
                     "deviations)")
        if legal == [PASS]:
            return _("pass (no counter may be played)")
        names = ", ".join(self._counter_words(k) for k in self.playable())
        text = _("a shot of {counters}, written COLOUR N aim DEGREES|cup pressure 0.01-1 steep "
                 "0-90", counters=names)
        position, mover = self.position, self.position.mover
        waiting = [
            self.game.why_not(position, mover, k).reason
            for k, c in enumerate(position.counters)
            if self.game.side(c.owner) == self.game.side(mover)
            and c.place not in ("cup", "dead") and k not in self.playable()
        ]
        return text + ("" if not waiting else " (" + "; ".join(waiting) + ")")

    def _irrevocable(self, action: int) -> str | None:
        # Taking back (not a rule): the squidger has pressed; what it set flying stands.
        return _("in tiddlywinks a shot, or a pass, stands once made")

    def _refusal(self, action: int) -> Refusal | None:
        rule = self.game.rule_name
        if action == PASS:
            return Refusal(rule("covered"), _("a player passes only when none of his "
                                                  "counters may be played"))
        if not 0 < action <= SHOT_IDS:
            return None
        shot = Shot.from_id(action)
        if shot.counter >= len(self.position.counters):
            return None
        if shot.counter in self.playable():
            return Refusal(rule("press"), _("a shot presses its counter (pressure above 0)"))
        return self.game.why_not(self.position, self.position.mover, shot.counter)

    def _counter_name(self, counter: int) -> str:
        """A counter as the notation and the view name it (``red 3``)."""
        owner, number = divmod(counter, self.game.per_player)
        return f"{COLOURS[owner]} {number + 1}"

    def _counter_words(self, counter: int) -> str:
        """A counter as a sentence names it, in the reader's language (``rouge 3``)."""
        return counter_words(counter, self.game.per_player)

    def _parse(self, text: str) -> int | None:
        if self.is_chance_node():
            return Tremble.from_text(text).id
        # A move may be typed in French (``passe``, ``rouge 2 vise coupe pression 0,5 …``): it
        # is read as the notation writes it.
        text = english(text)
        if text == "pass":
            return PASS
        colours = COLOURS[: self.num_players()]
        return parse_shot(text, colours, self.game.per_player, self.position.mover,
                          self.cup_bearing).id

    def chance_outcomes(self) -> list[tuple[int, float]]:
        """At a tremble: a steady hand's one outcome, or the 81-point Gauss–Hermite rule that
        stands for the continuous tremble in analysis (play samples the true normal)."""
        if not self.is_chance_node():
            return []
        if self.game.options["hands"] == "steady":
            return [(STEADY, 1.0)]
        return list(TREMBLES)

    def sample_chance(self, rng: random.Random) -> int:
        if self.game.options["hands"] == "steady":
            return STEADY
        return Tremble.quantised(*(rng.gauss(0.0, 1.0) for _ in range(4))).id

    def _apply(self, action: int) -> None:
        position = self.position
        if self.is_chance_node():
            self.position = self.game.play(position, Tremble.from_id(action))
        elif action == PASS:
            # «ce joueur devra attendre pour jouer»: the turn passes with nothing played.
            self.position = self.game._next_turn(
                position, position.counters, position.lost, position.open_ring, None, False,
                position.due,
            )
        else:
            self.position = replace(position, aimed=Shot.from_id(action))

    def rests(self, action: int) -> list[dict[str, Any]]:
        return cast("list[dict[str, Any]]", steady_rests(self, action))

    def _action_to_string(self, action: int) -> str:
        if self.is_chance_node():
            return str(Tremble.from_id(action))
        if action == PASS:
            return "pass"
        shot = Shot.from_id(action)
        # A shot's id means the same shot at every table, up to the largest (six of six).
        if shot.counter >= len(self.position.counters):
            raise IllegalMoveError(_(
                "action {action} is a shot of counter {counter} of a table, and this one has "
                "{counters} counters.", action=action, counter=shot.counter + 1,
                counters=len(self.position.counters)))
        return shot.text(COLOURS, self.game.per_player)

    def _termination(self) -> str:
        # Rule "the first to pot all his counters wins the pool", or, with counters lost in
        # the lake, the most potted once none (or one player's none) is left to play. Partners
        # win together, by either one's counters.
        counters = self.position.counters
        potted = any(all(c.place == "cup" for c in counters if c.owner == winner)
                     for winner in self.position.winners)
        return "all potted" if potted else "none left to play"

    def _returns(self) -> list[float]:
        return self.game.money(self.position)

    def _observation(self, player: int | None) -> TiddlywinksView:
        """Everything: nothing on the table is hidden (its form: ``view.py``)."""
        position = self.position
        game = self.game
        counters: list[CounterView] = []
        for k, c in enumerate(position.counters):
            x, y, z = c.pose[:3]
            leaning = float(tilt(np.array(c.pose)))
            # The rules keep places, ids and colours as plain text; the view names their values.
            counters.append({
                "counter": self._counter_name(k), "place": cast(Place, c.place),
                "x": seen(x), "y": seen(y), "z": seen(z), "tilt": round(leaning, 1),
            })
        cup, table = game.CUP, game.setup.table
        view: TiddlywinksView = {
            "game": cast(RuleSet, game.name),
            "turn": cast(Colour, COLOURS[position.mover]),
            "table": {
                "shape": cast(Literal["round", "square"], table.shape), "size": table.size,
                "cup": [cup.inner_radius, cup.outer_radius, cup.height],
                "counter": game.COUNTER.radius, "lake": game.lake_radius(),
                "start": round(game.line.distance, 4),
            },
            "counters": counters,
            "lost": list(position.lost),
            "open ring": sorted(self._counter_name(k) for k, _ in position.open_ring),
            "due": sorted(self._counter_name(k) for k in position.due),
            "turns": position.shots,
        }
        if position.aimed is not None:
            # Written as the shot it is: at the chance node that follows, an action's id is a
            # tremble's.
            view["aimed"] = position.aimed.text(COLOURS, self.game.per_player)
        if not self.is_terminal() and position.aimed is None:
            view["playable"] = [self._counter_name(k) for k in self.playable()]
        if position.report is not None:
            view["last"] = self.narrate()
            view["written"] = self.written()
            if position.aimed is None:
                view["flight"] = self.flight()
        if self.is_terminal():
            view["result"] = self.account()
        return view

    def flight(self) -> FlightView:
        """The last shot's flight as the view gives it (``view.FlightView``): the frames of the
        counters it moved, resampled every :data:`FLIGHT_FRAME` seconds, in whole tenths of a
        millimetre and degrees: a few kilobytes for a shot across a full table."""
        report = self.position.report
        assert report is not None  # asked for after a shot
        if self._flight is not None and self._flight[0] is report:
            return self._flight[1]
        frames = np.asarray(report.frames, dtype=np.float64)
        times = np.asarray(report.times)
        paths: dict[str, list[int]] = {}
        for row, k in enumerate(report.rows):
            track = frames[:, row]
            end = self._on_table(track)
            if end == 0:
                continue  # not on the table at the shot's start (a spot an edge left it): no path
            track = track[:end]
            if np.abs(track[:, :3] - track[0, :3]).max() <= STILL and end == len(frames):
                continue
            at = np.arange(0.0, times[end - 1] + FLIGHT_FRAME / 2, FLIGHT_FRAME)
            at = np.append(at[at < times[end - 1]], times[end - 1]) if end > 1 else times[:1]
            xyz = np.stack([np.interp(at, times[:end], track[:, i]) for i in range(3)], axis=1)
            leaning = tilt(track[np.searchsorted(times[:end], at).clip(0, end - 1)])
            sampled = np.column_stack([np.round(xyz * 10_000), np.round(leaning)]).astype(int)
            paths[self._counter_name(k)] = sampled.ravel().tolist()
        flight: FlightView = {
            "counter": self._counter_name(report.counter),
            "played": [round(report.played[0], 1), round(report.played[1], 2),
                       round(report.played[2], 1)],
            "every": FLIGHT_FRAME,
            "paths": paths,
        }
        self._flight = (report, flight)
        return flight

    def _on_table(self, track: np.ndarray) -> int:
        """How many of a counter's frames (``frames × 7``) it spent on the table: past the edge
        the engine parks a counter below the floor, and its path stops there."""
        gone = (track[:, 2] < -0.003) | ~self.game.setup.table.contains(track[:, 0], track[:, 1])
        return int(np.argmax(gone)) if gone.any() else len(track)

    def _way(self, report: Report) -> tuple[tuple[float, float], tuple[float, float]]:
        """Where the counter played lay before the shot, and where it came to rest or left the
        table (x, y, metres from the cup's axis)."""
        track = np.asarray(report.frames)[:, report.rows.index(report.counter)]
        last = track[max(1, self._on_table(track)) - 1]
        return (float(track[0, 0]), float(track[0, 1])), (float(last[0]), float(last[1]))

    def written(self) -> list[str]:
        """The last shot as the notation writes it, beside its words: as its player aimed it and
        as his hand gave it, in the words the reader may type (``Game.move_words``).

        >>> import ludotheque
        >>> state = ludotheque.load_game("cabriole", hands="steady").new_initial_state()
        >>> state.apply_action(state.string_to_action("red 2 aim 92.1 pressure 1 steep 60"))
        >>> state.apply_action(state.legal_actions()[0])
        >>> for line in state.written():
        ...     print(line)
        red aimed: red 2 aim 92.1 pressure 1.00 steep 60
        the hand gave: red 2 aim 92.1 pressure 1.00 steep 60
        """
        report = self.position.report
        if report is None:
            return []
        aimed, played = (Shot.quantised(report.counter, *shot).text(COLOURS, self.game.per_player)
                         for shot in (report.aimed, report.played))
        words = self.game.move_words
        return [_("{seat} aimed: {shot}", seat=colour(report.player), shot=words(aimed)),
                _("the hand gave: {shot}", shot=words(played))]

    def narrate(self) -> list[str]:
        """The last shot in words, in the reader's language: where the counter played went,
        told from the cup (``words.shot_words``), then what the shot did to each counter that
        the rules judge (the one played included: into the lake, off the table, covering) and
        whether the turn stays. The shot as aimed and as the hand gave it is :meth:`written`.

        >>> import ludotheque
        >>> state = ludotheque.load_game("cabriole", hands="steady").new_initial_state()
        >>> state.apply_action(state.string_to_action("red 2 aim cup pressure 0.30 steep 60"))
        >>> state.apply_action(state.legal_actions()[0])
        >>> state.narrate()
        ['red 2 jumped 25.4 cm towards the cup and stopped 12.6 cm short of it']
        """
        report = self.position.report
        if report is None:
            return []
        name = self._counter_words
        lake = _(self.game.LAKE_WORD)
        ending = next((e.what for e in report.events if e.counter == report.counter
                       and e.what in ("off", "rim", "potted")), "cloth")
        start, end = self._way(report)
        lines = [shot_words(name(report.counter), start, end, ending, report.jumped,
                            report.lifts, self.game.CUP.outer_radius + self.game.COUNTER.radius)]
        if self.position.counters[report.counter].owner != report.player:
            # A partner's counter, or one open in the ring: who played it.
            lines.insert(0, _("{seat} played {counter}", seat=colour(report.player),
                              counter=name(report.counter)))
        # What the first line has told of the counter played: where it came to rest, and, if
        # it jumped, that it went into the cup or onto the rim. Where the rules sent it (off
        # the table, the lake) the lines of those rules tell.
        told = {"moved"} | ({ending} & {"potted", "rim"} if report.jumped else set())
        for event in report.events:
            if event.counter == report.counter and event.what in told:
                continue
            counter = name(event.counter)
            if event.what == "covers":
                assert event.other is not None  # the counter covered
                lines.append(_(
                    "{counter} now covers {other} (covering an opponent on purpose is "
                    "forbidden: {rule})", counter=counter, other=name(event.other),
                    rule=_(self.game.COVERING_RULE)))
            elif event.what == "moved":
                c = self.position.counters[event.counter]
                lines.append(_("{counter} moved; it lies {distance} from the cup's centre",
                               counter=counter, distance=from_cup(*c.pose[:2])))
            elif event.what == "potted":
                lines.append(_("{counter} went into the cup", counter=counter))
            elif event.what == "rim":
                lines.append(_("{counter} came to rest on the cup's rim", counter=counter))
            else:
                # Into the lake or off the table: the judge says what became of it (``then``).
                assert event.then is not None
                then = _(event.then)
                lines.append(
                    _("{counter} fell in the {lake}: {then} (rule “{rule}”)", counter=counter,
                      lake=lake, then=then, rule=self._lake_rule_name())
                    if event.what == "lake" else
                    _("{counter} went off the table: {then} (rule “{rule}”)", counter=counter,
                      then=then, rule=self.game.rule_name("off")))
        position = self.position
        # The turn stayed with him: rule "another shot after a pot".
        if not position.over and position.mover == report.player:
            lines.append(_("{seat} shoots again (rule “{rule}”)", seat=colour(report.player),
                           rule=self.game.rule_name("again")))
        return lines

    def _lake_rule_name(self) -> str:
        """The rule a counter in the lake (or ring) falls under, by its name in the doc, in the
        reader's language."""
        rule = self.game.lake_rule()
        return self.game.rule_name({"dead": "dead", "open": "open"}.get(rule or "", "due"))

    def account(self) -> list[str]:
        """The final account: who won and what each seat gains or pays, in the reader's
        language."""
        position = self.position
        game = self.game
        if self.truncated():
            return [ngettext("stopped unfinished after {count} turn: every stake goes back",
                             "stopped unfinished after {count} turns: every stake goes back",
                             position.shots)]
        names = ", ".join(colour(p) for p in position.winners)
        lines = [ngettext("{winners} wins the pool", "{winners} win the pool",
                          len(position.winners), winners=names)]
        for p, gain in enumerate(self.returns()):
            potted = sum(1 for c in position.counters if c.owner == p and c.place == "cup")
            said = dict(seat=colour(p), gain=number(gain, "+.2f"), potted=potted,
                        counters=game.per_player, lost=position.lost[p])
            lines.append(
                _("{seat}: {gain} stakes ({potted}/{counters} in the cup, {lost} lost in the "
                  "lake)", **said) if position.lost[p] else
                _("{seat}: {gain} stakes ({potted}/{counters} in the cup)", **said))
        return lines

    def describe_last(self, player: int | None = None) -> str:
        # A report is fresh exactly when the last action was the tremble that played it: a
        # decision to shoot sets ``aimed``, and a pass clears the report.
        if self.position.aimed is None and self.position.report is not None:
            # The separator of the narration's sentences, as the reader's language spaces it.
            return _("; ").join(self.narrate())
        return ""

    def __str__(self) -> str:
        """The whole table for debugging: who is to act, every counter's place and pose (mm
        from the cup's axis, tilt in degrees), the shot waiting for its tremble, the counts.

        >>> import ludotheque
        >>> state = ludotheque.load_game("cabriole", hands="steady").new_initial_state()
        >>> print(str(state).splitlines()[0])
        cabriole after 0 actions, turn 0: red to shoot (red 1, red 2, red 3, red 4)
        >>> print(str(state).splitlines()[1])
        red 1     line   x  -44.9 y -412.6 z   1.0 mm, tilt   0.0°
        """
        position, game = self.position, self.game
        colours = COLOURS[: self.num_players()]
        mover = colours[position.mover]
        if self.is_terminal():
            winners = ", ".join(colours[p] for p in position.winners)
            doing = f"stopped at its limit, {mover} next" if self.truncated() else (
                f"over, won by {winners}" if winners else "over")
        elif position.aimed is not None:
            doing = f"{mover}'s shot waits for its tremble"
        else:
            playable = self.playable()
            doing = (f"{mover} to shoot ({', '.join(map(self._counter_name, playable))})"
                     if playable else f"{mover} to pass")
        lines = [f"{game.name} after {self._length} actions, turn {position.shots}: {doing}"]
        leaning = tilt(np.array([c.pose for c in position.counters]))
        for k, c in enumerate(position.counters):
            x, y, z = (v * 1000 for v in c.pose[:3])
            marks = "".join(mark for mark, on in (
                (" due", k in position.due),
                (" open", any(j == k for j, _ in position.open_ring)),
            ) if on)
            lines.append(f"{self._counter_name(k):9} {c.place:6} x {x:6.1f} y {y:6.1f} "
                         f"z {z:5.1f} mm, tilt {leaning[k]:5.1f}°{marks}")
        if position.aimed is not None:
            lines.append(f"aimed: {position.aimed.text(COLOURS, game.per_player)}")
        potted = [sum(c.place == "cup" for c in position.counters if c.owner == p)
                  for p in range(self.num_players())]
        lines.append("in the cup: " + ", ".join(f"{colours[p]} {n}" for p, n in enumerate(potted))
                     + "; lost: " + ", ".join(f"{colours[p]} {n}"
                                              for p, n in enumerate(position.lost)))
        return "\n".join(lines)


def ending(state: TiddlywinksState) -> str:
    """The pool's account in one sentence (the manifest's ``result``)."""
    return state.account()[0] + "."


def tally(state: TiddlywinksState) -> dict[str, str | float]:
    """The turns the game took (the manifest's ``details``)."""
    return {"turns": state.position.shots}
