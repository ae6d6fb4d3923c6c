"""Crypto géographique's encodings (games/crypto_geo/encoding.py), for both rule sets, over
random games: every value in its bounds, the observation a function of the seat's view (checked
against a slow encoder written from the view alone) that tells apart what the view does, the
rows of perfect recall (equal rows, equal views), nothing that depends on a card the seat has
not seen (tests/secrecy.py's relabelled deals, on the tensor and on the rows), and the history
within its bound."""

from __future__ import annotations

import hashlib
import json
import random
from pathlib import Path
from typing import Any

import numpy as np
import pytest

import ludotheque
from ludotheque.core.encoding import Encoding, Layout
from ludotheque.core.game import Game, State
from ludotheque.games.crypto_geo.game import card_of
from tests.adapters.tensors import zeroed
from tests.helpers import play_at_random
from tests.secrecy import audit

DOC = Path(__file__).resolve().parents[2] / "docs" / "rules" / "crypto-geographique.md"
COMBINATIONS, CHAIN = "crypto-geographique", "crypto-geographique-chaine"

#: (rule set, options, decisions a game is cut at, games): a random round of the combinations
#: game lasts a few hundred decisions, so a cut at 500 sees a round end and the next deal.
GAMES: list[tuple[str, dict[str, Any], int, int]] = [
    (COMBINATIONS, {"players": 2, "limit": 500}, 500, 2),
    (COMBINATIONS, {"players": 3, "groups": "chain", "limit": 300}, 300, 2),
    (COMBINATIONS, {"players": 4, "teams": True, "limit": 300}, 300, 2),
    (COMBINATIONS, {"players": 5, "points": 1, "limit": 500}, 500, 1),
    (CHAIN, {"players": 2, "rounds": 3}, 5000, 4),
    (CHAIN, {"players": 3, "rounds": 2}, 5000, 3),
    (CHAIN, {"players": 5, "rounds": 3}, 5000, 2),
]


def encode(game: Game) -> Encoding:
    return game.manifest.encode(game)


def observed(encoding: Encoding, state: State, player: int) -> np.ndarray:
    flat, out = zeroed(encoding.observation)
    encoding.observe(state, player, out)
    return flat


def row(encoding: Encoding, before: State, action: int, after: State, player: int) -> np.ndarray:
    assert encoding.recall is not None
    flat, out = zeroed(encoding.recall)
    encoding.remember(before, action, after, player, out)
    return flat


def bounds(layout: Layout) -> tuple[np.ndarray, np.ndarray]:
    low, high = layout.bounds()
    return np.array(low, np.float32), np.array(high, np.float32)


def within(bounds: tuple[np.ndarray, np.ndarray], flat: np.ndarray) -> bool:
    return bool((flat >= bounds[0]).all() and (flat <= bounds[1]).all())


def from_view(game: Game, view: dict[str, Any]) -> np.ndarray:
    """The observation worked out slowly from the JSON view alone, as the rules doc says."""
    flat, out = zeroed(encode(game).observation)
    names = view["players"]
    me = names.index(view["seat"])
    order = names[me:] + names[:me]
    for card in view["hand"]:
        out["hand"][card_of(card)] = 1
    laid = view["pile" if game.name == COMBINATIONS else "laid"]
    for depth, card in enumerate(reversed(laid)):
        out["pile" if game.name == COMBINATIONS else "laid"][card_of(card)] = 1 - depth / 96
    if view["to_move"] is not None:
        out["to_move"][order.index(view["to_move"])] = 1
    out["dealer"][order.index(view["dealer"])] = 1
    out["fakirs"][:] = [view["fakirs"][name] / 6 for name in order]
    out["stock"][()] = view["stock"] / 96
    if game.name == COMBINATIONS:
        out["totals"][:] = [view["totals"][name] / game.max_utility() for name in order]
        if view["pile_top"] is not None:
            out["pile_top"][card_of(view["pile_top"])] = 1
        phases = ["deal", "take", "stock", "discard", "consent", "over"]
        out["phase"][phases.index(view["phase"])] = 1
        if view["last_round"] is not None:
            out["last_round"][["stop", "stock"].index(view["last_round"]["ended by"])] = 1
            for k, name in enumerate(order):
                for card in view["last_round"]["hands"][name]:
                    out["last_hands"][k, card_of(card)] = 1
        return flat
    most = 20 * 90 * game.options["rounds"]
    out["totals"][:] = [view["totals"][name] / most for name in order]
    if view["visible"] is not None:
        out["visible"][card_of(view["visible"])] = 1
    for card in view["visible_neighbours"]:
        out["touching"][card_of(card)] = 1
    for name, what, card in view["log"]:
        plane = out["laid_by"] if what == "lays" else out["could_not_follow"]
        plane[order.index(name), card_of(card)] = 1
    if view["laid_by"] is not None:
        out["layer"][order.index(view["laid_by"])] = 1
    out["failures"][()] = view["failures"] / len(names)
    out["chained"][()] = view["chained"]
    out["cards"][:] = [view["cards"][name] / 90 for name in order]
    for i, result in enumerate(view["rounds"]):
        out["rounds"][i, ["hand", "stock"].index(result["ended by"])] = 1
        out["winners"][i, order.index(result["winner"])] = 1
    out["over"][()] = view["over"]
    return flat


def random_states(game: Game, seed: int, cut: int) -> list[tuple[State, int, State]]:
    """(before, action, after) along a random game to its end or ``cut`` decisions."""
    rng = random.Random(seed)
    state, steps = game.new_initial_state(), []
    while not state.is_terminal() and state.decisions() < cut:
        before = state.clone()
        chance = state.is_chance_node()
        state.apply_action(state.sample_chance(rng) if chance else rng.choice(
            state.legal_actions()))
        steps.append((before, state.history()[-1], state.clone()))
    return steps


def test_the_layouts_follow_the_options() -> None:
    for players in (2, 3, 4, 5):
        game = ludotheque.load_game(COMBINATIONS, players=players)
        encoding = encode(game)
        assert encoding.observation.size == 3 * 91 + 4 * players + 9 + players * 91
        assert encoding.recall is not None and encoding.recall.size == players + 2
        for rounds in (1, 2, 3):
            chain = encode(ludotheque.load_game(CHAIN, players=players, rounds=rounds))
            assert chain.observation.size == 4 * 91 + 2 * players * 91 + 6 * players + 4 + (
                rounds * (2 + players))
            assert chain.max_history() == rounds * (96 + 178)
    assert encode(ludotheque.load_game(CHAIN, limit=10)).max_history() == 96 + 10


def test_the_doc_shows_the_default_layouts() -> None:
    doc = DOC.read_text(encoding="utf-8")
    for name in (COMBINATIONS, CHAIN):
        encoding = encode(ludotheque.load_game(name))
        assert encoding.observation.table() in doc
        assert encoding.recall is not None and encoding.recall.table() in doc


@pytest.mark.parametrize(("name", "options", "cut", "games"), GAMES, ids=str)
def test_observations_and_rows(name: str, options: dict[str, Any], cut: int, games: int) -> None:
    game = ludotheque.load_game(name, **options)
    encoding = encode(game)
    assert encoding.recall is not None
    limits, recall = bounds(encoding.observation), bounds(encoding.recall)
    n = game.num_players()
    tensors: dict[str, bytes] = {}  # a view (as JSON) -> its tensor
    views: dict[bytes, str] = {}  # a tensor -> its view, but for the sentence on the last move
    recalled: dict[tuple[int, bytes], str] = {}  # a seat's rows so far (digest) -> his view
    histories: dict[tuple[int, bytes], int] = {}  # ... -> the history first met (its hash)
    blind = 0  # rows met again after another history: a difference the seat could not see
    for seed in range(games):
        steps = random_states(game, seed, cut)
        # Perfect recall is put to the test where histories differ in what a seat does not
        # see: the game is branched at a few moments and played on at random from there.
        branches = [random_states_from(game, before, seed * 100 + i, 40)
                    for i, (before, _, _) in enumerate(steps[:: max(len(steps) // 6, 1)])]
        for path in (steps, *branches):
            rows = [b""] * n
            for before, action, after in path:
                if not rows[0] and before.history():  # a branch: its rows before it, replayed
                    rows = rows_of(encoding, before)
                for player in range(n):
                    line = row(encoding, before, action, after, player)
                    assert within(recall, line), (line, before.action_to_string(action))
                    rows[player] += line.tobytes()
                    view = after.observation(player)
                    text = json.dumps(view, sort_keys=True)
                    flat = observed(encoding, after, player)
                    assert within(limits, flat)
                    assert tensors.setdefault(text, flat.tobytes()) == flat.tobytes()
                    short = json.dumps({**view, "last": None}, sort_keys=True)
                    assert views.setdefault(flat.tobytes(), short) == short
                    digest = hashlib.blake2b(rows[player]).digest()
                    assert recalled.setdefault((player, digest), text) == text
                    history = hash(tuple(after.history()))
                    if histories.setdefault((player, digest), history) != history:
                        blind += 1
                    if len(tensors) % 7 == 0:  # the slow encoder, now and then
                        assert np.allclose(from_view(game, view), flat, atol=1e-6), text
        assert len(steps[-1][2].history()) <= encoding.max_history()
    # The checks did meet equal rows of different histories, and the tensors' variety.
    assert blind and len(views) > 1000, (blind, len(views))


def random_states_from(game: Game, start: State, seed: int, steps: int
                       ) -> list[tuple[State, int, State]]:
    rng = random.Random(seed)
    state, path = start.clone(), []
    while not state.is_terminal() and len(path) < steps:
        before = state.clone()
        chance = state.is_chance_node()
        state.apply_action(state.sample_chance(rng) if chance else rng.choice(
            state.legal_actions()))
        path.append((before, state.history()[-1], state.clone()))
    return path


def rows_of(encoding: Encoding, state: State) -> list[bytes]:
    """Each seat's rows, as bytes, for the actions that led to ``state``."""
    game = state.game
    replay, rows = game.new_initial_state(), [b""] * game.num_players()
    for action in state.history():
        before = replay.clone()
        replay.apply_action(action)
        for player in range(game.num_players()):
            rows[player] += row(encoding, before, action, replay, player).tobytes()
    return rows


def test_equal_rows_come_from_histories_a_seat_cannot_tell_apart() -> None:
    # South's first card dealt is hidden from north: north's rows, observations and views are
    # the same whichever it was; south's differ.
    game = ludotheque.load_game(COMBINATIONS)
    encoding = encode(game)
    first, second = game.new_initial_state(), game.new_initial_state()
    for state, south in ((first, 2), (second, 3)):
        state.apply_action(1)  # north's
        state.apply_action(south)
    assert rows_of(encoding, first)[0] == rows_of(encoding, second)[0]
    assert rows_of(encoding, first)[1] != rows_of(encoding, second)[1]
    assert first.observation(0) == second.observation(0)
    assert observed(encoding, first, 0).tobytes() == observed(encoding, second, 0).tobytes()


class Rows:
    """A seat's rows for every action so far, as bytes: the secrecy check's view. Its replays
    go action by action, so each history's rows are kept and the next found from them."""

    def __init__(self, game: Game) -> None:
        self.encoding = encode(game)
        self.n = game.num_players()
        self.kept: dict[tuple[int, ...], tuple[State, list[bytes]]] = {
            (): (game.new_initial_state(), [b""] * self.n)
        }

    def __call__(self, state: State, seat: int) -> bytes:
        history = tuple(state.history())
        known = len(history)
        while history[:known] not in self.kept:
            known -= 1
        before, rows = self.kept[history[:known]]
        for step in range(known, len(history)):
            after = before.clone()
            after.apply_action(history[step])
            rows = [rows[p] + row(self.encoding, before, history[step], after, p).tobytes()
                    for p in range(self.n)]
            self.kept[history[: step + 1]] = (after, rows)
            before = after
        return self.kept[history][1][seat]


#: (rule set, options, actions followed, games) for the relabelled deals.
SECRECY = [
    (COMBINATIONS, {"players": 2}, 450, 1),
    (COMBINATIONS, {"players": 4, "teams": True}, 200, 1),
    (CHAIN, {"players": 3}, 100_000, 2),
    (CHAIN, {"players": 2, "rounds": 2}, 100_000, 1),
]


@pytest.mark.parametrize(("name", "options", "limit", "games"), SECRECY, ids=str)
def test_no_tensor_nor_row_depends_on_an_unseen_card(
    name: str, options: dict[str, Any], limit: int, games: int
) -> None:
    game = ludotheque.load_game(name, **options)
    encoding = encode(game)
    rows = Rows(game)

    def view(state: State, seat: int) -> bytes:
        return observed(encoding, state, seat).tobytes() + b"|" + rows(state, seat)

    tally = audit(name, options, range(games), prefixes=4, tries=3, view=view, limit=limit)
    if tally.leaks:
        pytest.fail(f"{tally}; the first:\n{tally.leaks[0]}", pytrace=False)
    assert tally.worlds - tally.skipped >= 10, tally


@pytest.mark.parametrize("name", [COMBINATIONS, CHAIN])
def test_a_row_that_names_another_card_is_caught(name: str) -> None:
    game = ludotheque.load_game(name)
    rows = Rows(game)

    def leaky(state: State, seat: int) -> bytes:
        return rows(state, seat) + bytes(state.history()[-1:]) if state.history() else b""

    tally = audit(name, {}, seeds=[1], prefixes=4, tries=4, view=leaky, limit=120)
    assert tally.leaks


@pytest.mark.parametrize(("name", "options"), [
    (COMBINATIONS, {"points": 1, "limit": 1}),
    (COMBINATIONS, {"players": 5, "points": 1, "limit": 7}),
    (COMBINATIONS, {"players": 4, "teams": True, "points": 1, "limit": 60}),
    (CHAIN, {"limit": 3}),
    (CHAIN, {"players": 5, "rounds": 3}),
])
def test_a_game_lasts_no_more_than_its_rows(name: str, options: dict[str, Any]) -> None:
    game = ludotheque.load_game(name, **options)
    bound = encode(game).max_history()
    for seed in range(20):
        state = play_at_random(game, seed)
        assert len(state.history()) <= bound
