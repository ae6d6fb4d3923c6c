"""Crypto-90's encoding (games/crypto90/encoding.py) over recorded games under every reading and
player count: shapes and bounds; the observation a function of the seat's view (checked against
a slow encoder written from the JSON view alone) that tells apart every view it encodes; the
relabelled-deal secrecy check (tests/secrecy.py) on the observation and on the rows of recall;
perfect recall (equal rows, equal views, also once a relabelled card comes face up); and the
rows of the actions that show or lay a card, played out."""

from __future__ import annotations

import functools
import hashlib
import json
import random
from dataclasses import replace
from typing import Any

import numpy as np
import pytest

import ludotheque
from ludotheque.core.cards import Stock
from ludotheque.core.game import Game, State
from ludotheque.games.crypto90.encoding import Crypto90Encoding
from ludotheque.games.crypto90.game import (
    END,
    HYPNOTISE,
    LAY,
    PASS,
    PLACE_HAND,
    PLACE_ROW,
    REJECT,
    TAKE_PILE,
    Crypto90State,
)
from ludotheque.games.crypto90.rules import FAKIR, card_of
from ludotheque.games.crypto90.table import Phase
from tests.adapters.tensors import zeroed
from tests.helpers import play
from tests.secrecy import DECKS, Course, _hidden, _relabelling, check_prefix

#: Short games under every reading: goal=rounds to see a round end and the next deal, a small
#: limit to see a game stopped.
CONFIGS: list[dict[str, Any]] = [
    {"players": 2, "goal": "rounds", "rounds": 2},
    {"players": 3, "goal": "rounds", "rounds": 1},
    {"players": 4, "goal": "rounds", "rounds": 1},
    {"players": 2, "goal": "rounds", "rounds": 2, "laying": "at once", "turned_fakir": "pile",
     "received_fakir": "free", "tens": "digit"},
    {"players": 3, "limit": 120},
]
#: Of a recorded game's decisions, the share played at random; the rest follow a quick slotting
#: player (:func:`slotting`), so that rows are ordered and ninth cards laid (random players
#: never win a round).
WANDER = 0.15


def name(options: dict[str, Any]) -> str:
    return ",".join(f"{k}={v}" for k, v in options.items())


def encoding_of(game: Game) -> Crypto90Encoding:
    encoding = game.manifest.encode(game)
    assert isinstance(encoding, Crypto90Encoding)
    return encoding


def observed(encoding: Crypto90Encoding, state: State, player: int) -> np.ndarray:
    flat, out = zeroed(encoding.observation)
    encoding.observe(state, player, out)
    return flat


def remembered(encoding: Crypto90Encoding, before: State, action: int, after: State,
               player: int) -> np.ndarray:
    recall = encoding.recall
    flat, out = zeroed(recall)
    encoding.remember(before, action, after, player, out)
    return flat


def badness(row: list[int | None], hand: int | None, parity: int | None) -> float:
    """How far a row and hand card are from a winning nine: each row place wants about 10 a
    place, the hand card an end, every card the row's parity with two or three."""
    bad = 0.0
    for place, card in enumerate(row):
        bad += abs((card or 0) - 10 * place - 10) / 8 + 20 * (not card)
        bad += 6 * (card is not None and parity is not None and card % 2 != parity)
    if hand:
        bad += min(abs(hand - 2), abs(hand - 88)) / 16
        bad += 6 * (parity is not None and hand % 2 != parity)
    return bad


def slotting(state: Crypto90State) -> int:
    """A quick player that lays its ninth card when it can and exchanges so as to bring its row
    nearer one in order (what the heuristic player does, without looking ahead)."""
    t, legal = state.table, state.legal_actions()
    player = t.to_move
    if t.phase is Phase.END:
        return LAY if LAY in legal else END
    if t.phase is Phase.HYPNOTISE:
        return PASS
    row = [c for c in t.rows[player] if c]
    parity = None if t.players == 4 else int(2 * sum(c % 2 for c in row) >= len(row))

    def after(action: int, card: int) -> float:
        cards, hand = list(t.rows[player]), t.hands[player]
        if action == PLACE_HAND:
            hand = card
        elif PLACE_ROW <= action < REJECT:
            cards[action - PLACE_ROW] = card
        return badness(cards, hand, parity)

    if t.phase is Phase.DRAW:
        now = badness(list(t.rows[player]), t.hands[player], parity)
        places = [PLACE_HAND, *range(PLACE_ROW, REJECT)]
        if TAKE_PILE in legal and min(after(a, t.pile[-1]) for a in places) < now - 3:
            return TAKE_PILE
        return legal[0]
    assert t.drawn is not None
    return min(legal, key=lambda a: after(a, t.drawn))  # type: ignore[arg-type]


@functools.cache
def recorded(key: str) -> tuple[Game, tuple[tuple[int, ...], ...]]:
    """Two games of the configuration ``key``: one of slotting players who sometimes move at
    random, one of random players, each to the end of its rounds or its limit."""
    options = next(o for o in CONFIGS if name(o) == key)
    game = ludotheque.load_game("crypto-90", **options)
    histories = []
    for seed, wander in ((1, WANDER), (2, 1.0)):
        rng = random.Random(seed)
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                state.apply_action(state.sample_chance(rng))
            elif rng.random() < wander:
                state.apply_action(rng.choice(state.legal_actions()))
            else:
                assert isinstance(state, Crypto90State)
                state.apply_action(slotting(state))
        histories.append(tuple(state.history()))
    return game, tuple(histories)


def states_of(game: Game, history: tuple[int, ...]) -> list[State]:
    state = game.new_initial_state()
    states = [state.clone()]
    for action in history:
        state.apply_action(action)
        states.append(state.clone())
    return states


# --- the observation, from the view alone ----------------------------------------------------

PHASES = ["deal", "draw", "stock", "place", "hypnotise", "end", "over"]
ITEMS = ["round won", "unused fakirs", "series", "all even or all odd", "the nine tens"]


def from_view(encoding: Crypto90Encoding, view: dict[str, Any]) -> np.ndarray:
    """The observation worked out slowly from the JSON view alone, as the doc describes it."""
    flat, out = zeroed(encoding.observation)
    names = view["players"]
    me = names.index(view["seat"])
    order = names[me:] + names[:me]
    fakirs, deck = encoding.fakirs, encoding.deck
    copies = np.array([fakirs] + [1] * 90, np.float64)
    seen = np.zeros(91)
    for seat, who in enumerate(order):
        for place, written in enumerate(view["rows"][who]):
            if written is not None:
                card = card_of(written)
                out["rows"][seat, place, card] = 1
                out["row_numbers"][seat, place] = card / 90
                seen[card] += 1
        out["fakirs_set_aside"][seat] = view["fakirs_set_aside"][who] / fakirs
        seen[FAKIR] += view["fakirs_set_aside"][who]
        out["totals"][seat] = view["totals"][who] / encoding.game.max_utility()
    for card in map(card_of, view["pile"]):
        out["pile"][card] += 1 / copies[card]
        seen[card] += 1
    if view["pile_top"] is not None:
        out["pile_top"][card_of(view["pile_top"])] = 1
    for part in ("hand", "taken"):
        if view[part] is not None:
            out[part][card_of(view[part])] = 1
            seen[card_of(view[part])] += 1
    out["unseen"][:] = (copies - seen) / copies
    if view["taken_from"] is not None:
        out["taken_from"][["stock", "pile"].index(view["taken_from"])] = 1
    out["stock"][()] = view["stock"] / deck
    out["phase"][PHASES.index(view["phase"])] = 1
    if view["to_move"] is not None:
        out["turn"][order.index(view["to_move"])] = 1
    out["dealer"][order.index(view["dealer"])] = 1
    out["round"][()] = view["round"] / encoding.max_rounds()
    last = view["last_round"]
    if last is not None:
        winner = last["winner"]
        out["last_winner"][len(order) if winner is None else order.index(winner)] = 1
        for seat, who in enumerate(order):
            for item in last["scores"][who]["items"]:
                what, points = item.rsplit(" ", 1)
                scale = {"unused fakirs": 50 * fakirs, "series": 80}.get(what, int(points))
                out["last_scores"][seat, ITEMS.index(what)] = int(points) / scale
    return flat


def normalised(view: dict[str, Any]) -> str:
    """The view as the observation encodes it: the last action's sentence is the rows' to
    tell, and the pile's order under its top card never comes back into play."""
    kept = {k: v for k, v in view.items() if k != "last"}
    kept["pile"] = sorted(view["pile"])
    return json.dumps(kept, sort_keys=True)


@pytest.mark.parametrize("options", CONFIGS, ids=name)
def test_the_observation_is_the_view_in_bounds_and_tells_views_apart(options):
    game, histories = recorded(name(options))
    encoding = encoding_of(game)
    layout = encoding.observation
    low, high = (np.array(b, np.float32) for b in layout.bounds())
    by_view: dict[str, bytes] = {}
    by_tensor: dict[bytes, str] = {}
    for history in histories:
        for step, state in enumerate(states_of(game, history)):
            for player in range(game.num_players()):
                tensor = observed(encoding, state, player)
                assert tensor.shape == (layout.size,)
                assert ((low <= tensor) & (tensor <= high)).all(), (step, player)
                view = state.observation(player)
                if step % 3 == 0 or state.is_terminal():  # the slow encoder, for a sample
                    np.testing.assert_allclose(tensor, from_view(encoding, view), atol=1e-7)
                full, key = json.dumps(view, sort_keys=True), normalised(view)
                assert by_view.setdefault(full, tensor.tobytes()) == tensor.tobytes()
                assert by_tensor.setdefault(tensor.tobytes(), key) == key
    assert len(by_tensor) > 500


def test_the_recorded_games_lay_ninth_cards_and_exhaust_the_stock():
    # What the other tests rely on: rounds won, rounds ended by the stock, a game stopped.
    ended = []
    for options in CONFIGS:
        game, histories = recorded(name(options))
        for history in histories:
            last = states_of(game, history)[-1]
            ended += [t.winner is not None for t in last.results]  # type: ignore[attr-defined]
            ended += ["stopped"] * last.truncated()
    assert True in ended and False in ended and "stopped" in ended


# --- secrecy -----------------------------------------------------------------------------------


class Rows:
    """A seat's rows so far as one digest (each row chained into the one before), as a view
    for the secrecy check: each state's rows are kept by its history, so that following a
    replay costs one action a step."""

    def __init__(self, game: Game) -> None:
        self.game = game
        self.encoding = encoding_of(game)
        self.known: dict[tuple[int, ...], tuple[State, list[bytes]]] = {
            (): (game.new_initial_state(), [b""] * game.num_players())
        }

    def digests(self, history: tuple[int, ...]) -> list[bytes]:
        known = len(history)
        while history[:known] not in self.known:
            known -= 1
        state, digests = self.known[history[:known]]
        for step in range(known, len(history)):
            after = state.clone()
            after.apply_action(history[step])
            digests = [
                hashlib.sha256(digests[p] + remembered(
                    self.encoding, state, history[step], after, p).tobytes()).digest()
                for p in range(self.game.num_players())
            ]
            state = after
            self.known[history[: step + 1]] = (state, digests)
        return digests

    def __call__(self, state: State, seat: int) -> bytes:
        return self.digests(tuple(state.history()))[seat]


@pytest.mark.parametrize("options", CONFIGS, ids=name)
def test_no_tensor_or_row_depends_on_an_unseen_card(options):
    game, histories = recorded(name(options))
    encoding = encoding_of(game)

    def tensor(state: State, seat: int) -> bytes:
        return observed(encoding, state, seat).tobytes()

    checked = 0
    for seed, history in enumerate(histories):
        course = Course(game, list(history), DECKS["crypto-90"])
        rng = random.Random(seed)
        moments = [t for t in range(1, len(history) + 1) if course.decides(t)]
        for prefix in sorted(rng.sample(moments, 3)):
            for seat in range(game.num_players()):
                for view in (tensor, Rows(game)):
                    tally = check_prefix(game, list(history), seat, prefix, view, rng, 3,
                                         course)
                    assert not tally.leaks, tally.leaks[0]
                    checked += tally.worlds - tally.skipped
    assert checked >= 20


def test_a_row_that_names_another_stock_card_is_caught():
    game, histories = recorded(name(CONFIGS[0]))
    leaking = Rows(game)
    leaking.encoding = LeakyEncoding(game)
    history = list(histories[1])
    course = Course(game, history, DECKS["crypto-90"])
    found = [check_prefix(game, history, 0, prefix, leaking, random.Random(prefix), 4, course)
             for prefix in (60, 120, 200)]
    assert any(tally.leaks for tally in found)


class LeakyEncoding(Crypto90Encoding):
    """Tells every seat every card the stock gives: what the check must catch."""

    def remember(self, before: State, action: int, after: State, player: int,
                 out: Any) -> None:
        super().remember(before, action, after, player, out)
        if before.is_chance_node():
            out["card"][()] = action


# --- perfect recall ----------------------------------------------------------------------------


@pytest.mark.parametrize("options", CONFIGS, ids=name)
def test_equal_rows_come_with_equal_views(options):
    # Along each recorded game and along the same game with the cards a seat had not seen at
    # some moment relabelled, played on as far as its moves stay legal: the relabelled cards
    # come face up later (discarded, laid), and the rows must then differ where the views do.
    game, histories = recorded(name(options))
    rows = Rows(game)
    told_apart = 0
    for seed, history in enumerate(histories):
        course = Course(game, list(history), DECKS["crypto-90"])
        rng = random.Random(seed)
        moments = [t for t in range(1, len(history) + 1) if course.decides(t)]
        for seat in range(game.num_players()):
            views = {
                rows(course.states[step], seat): course.view(_json_view, seat, step)
                for step in range(len(history) + 1)
            }
            for prefix in rng.sample(moments, 2):
                hidden = _hidden(course, seat, prefix)
                if not hidden:
                    continue
                mapping = _relabelling(hidden, rng)
                state = game.new_initial_state()
                for step, action in enumerate(history):
                    if course.chance[step]:
                        action = mapping.get((course.rounds[step], action), action)
                    if action not in state.legal_actions():
                        break
                    state.apply_action(action)
                    view = _json_view(state, seat)
                    assert views.setdefault(rows(state, seat), view) == view, (seat, step)
                    told_apart += view != course.view(_json_view, seat, step + 1)
    assert told_apart > 0


def _json_view(state: State, seat: int) -> str:
    return json.dumps(state.observation(seat), sort_keys=True)


# --- rows of recall, played out ----------------------------------------------------------------


def dealt(**options: Any) -> Crypto90State:
    """Rows 01, 03, … 15 to North and 02, 04, … 16 to South, hand cards 40 and 41, the pile 90
    (as tests/test_crypto90.py deals)."""
    game = ludotheque.load_game("crypto-90", goal="rounds", rounds=1, **options)
    state = game.new_initial_state()
    play(state, *[f"{n:02d}" for n in range(1, 17)], "40", "41", "90")
    assert isinstance(state, Crypto90State)
    return state


def rows_of(state: Crypto90State, moves: list[str], player: int) -> list[dict[str, Any]]:
    """The rows ``player`` writes for ``moves`` played from ``state``, field by field."""
    encoding = encoding_of(state.game)
    spans = encoding.recall.offsets()
    found = []
    for move in moves:
        before = state.clone()
        action = state.string_to_action(move)
        state.apply_action(action)
        row = remembered(encoding, before, action, state, player)
        found.append({k: row[a:b].tolist() if b - a > 1 else row[a] for k, (a, b) in
                      spans.items()})
    return found


def test_a_stock_card_is_named_to_its_drawer_alone_and_a_fakir_to_all():
    state = dealt()
    north = rows_of(state.clone(), ["stock", "42", "hand"], 0)
    south = rows_of(state.clone(), ["stock", "42", "hand"], 1)
    assert [r["card"] for r in north] == [-1, 42, 40]
    assert [r["card"] for r in south] == [-1, -1, 40]  # the old hand card goes face up
    assert south[1]["seat"] == [0, 1] and south[1]["chance"] == 1  # North's card
    fakir = rows_of(state.clone(), ["stock", "F"], 1)
    assert fakir[1]["card"] == FAKIR


def test_a_hypnotised_seat_is_counted_from_the_one_who_remembers():
    state = play(dealt(), "stock", "F", "42", "hand")
    north, south = (rows_of(state.clone(), ["hypnotise south 4"], p)[0] for p in (0, 1))
    assert north["decision"] == HYPNOTISE + 1 * 8 + 3  # the seat after his own
    assert south["decision"] == HYPNOTISE + 0 * 8 + 3  # his own row
    assert north["card"] == south["card"] == 8


def test_the_ninth_card_laid_ends_the_round_in_the_row():
    state = dealt()
    state.table = replace(state.table, hands=(17, 18))
    [lay] = rows_of(state, ["stock", "89", "reject", "lay"], 1)[-1:]
    assert lay["ended"] == [0, 1, 0] and lay["laid"] == 17 and lay["card"] == 17


def test_an_exhausted_stock_names_the_completing_hand_in_the_row():
    state = dealt()
    state.table = replace(state.table, hands=(17, 3), stock=Stock.of([60], FAKIR, 0))
    rows = rows_of(state, ["stock", "60", "reject", "end"], 1)
    assert [r["card"] for r in rows] == [-1, -1, 60, -1]
    assert rows[-1]["decision"] == END and rows[-1]["ended"] == [0, 1, 0]
    assert rows[-1]["laid"] == 17


def test_laying_at_once_shows_the_ninth_card_with_the_exchange():
    state = dealt(laying="at once")
    state.table = replace(state.table, hands=(17, 18))
    rows = rows_of(state, ["stock", "89", "reject"], 1)
    assert rows[-1]["decision"] == REJECT and rows[-1]["card"] == 89
    assert rows[-1]["ended"] == [0, 1, 0] and rows[-1]["laid"] == 17


def test_every_row_is_in_bounds_and_the_history_fits():
    for options in CONFIGS:
        game, histories = recorded(name(options))
        encoding = encoding_of(game)
        low, high = (np.array(b, np.float32) for b in encoding.recall.bounds())
        for history in histories:
            assert len(history) <= encoding.max_history()
            states = states_of(game, history)
            for step, action in enumerate(history):
                for player in range(game.num_players()):
                    row = remembered(encoding, states[step], action, states[step + 1], player)
                    assert ((low <= row) & (row <= high)).all()
                    assert row[: game.num_players()].sum() == 1  # never a row of zeros
