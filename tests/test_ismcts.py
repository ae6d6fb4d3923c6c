"""Information-set search: the states a player's observation leaves possible, and a player that
cannot peek at what it does not see."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

import ludotheque
from ludotheque.agents.ismcts import ISMCTSAgent
from ludotheque.agents.levels import make_player, methods
from ludotheque.agents.lookahead import DrawAheadAgent
from ludotheque.agents.mcts import Judged
from ludotheque.core.cards import Stock, with_item
from ludotheque.core.errors import LudothequeError
from ludotheque.core.game import Turn
from tests.helpers import decisions

CARD_GAMES = [
    ("crypto-90", {"players": 2, "goal": "rounds", "rounds": 1}),
    ("crypto-90", {"players": 4, "goal": "rounds", "rounds": 1, "laying": "at once"}),
    ("crypto-geographique", {"players": 3}),
    ("crypto-geographique", {"players": 4, "teams": True}),
    ("crypto-geographique-chaine", {"players": 3, "rounds": 2}),
]


@pytest.mark.parametrize(("name", "options"), CARD_GAMES)
@settings(max_examples=4, deadline=None)
@given(seed=st.integers(0, 2**32))
@example(seed=390652)  # a round ended by a stop: its hands stay in view in the next round
def test_a_sampled_state_agrees_with_everything_the_player_sees(name, options, seed):
    game = ludotheque.load_game(name, **options)
    for state in decisions(game, seed, 4):
        me = state.current_player()
        seen = state.observation(me)
        worlds = game.information_set(seen)
        for k in range(3):
            world = worlds.sample(random.Random(k))
            # The same view, but for the sentence on the last action, which a sampled state
            # has none of; the same decisions; and the game plays on from it.
            assert world.observation(me) == seen | {"last": None}
            assert world.legal_actions() == state.legal_actions()
            rng = random.Random(k)
            for _ in range(30):
                if world.is_terminal():
                    break
                world.apply_action(
                    world.sample_chance(rng)
                    if world.is_chance_node()
                    else rng.choice(world.legal_actions())
                )


def test_an_information_set_is_taken_at_a_decision():
    game = ludotheque.load_game("crypto-90")
    state = game.new_initial_state()
    with pytest.raises(LudothequeError, match="at a player's decision"):
        game.information_set(state.observation(0))
    with pytest.raises(LudothequeError, match="'position' is missing"):
        ludotheque.load_game("jacquet").information_set({})
    with pytest.raises(LudothequeError, match="cannot be searched"):
        ludotheque.load_game("cabriole").information_set({})


def with_hidden_card_swapped(state):
    """A twin of ``state`` in which one card of south's hidden hand and one card of the stock
    have changed places: north sees no difference."""
    twin = state.clone()
    if state.game.name == "crypto-90":
        table = state.table
        new, old = min(table.stock.cards), table.hands[1]
        stock = Stock(table.stock.cards - {new} | {old}, table.stock.special, table.stock.specials)
        twin.table = replace(table, hands=with_item(table.hands, 1, new), stock=stock)
        return twin
    field = "round" if state.game.name == "crypto-geographique" else "chain"
    value = getattr(state, field)
    new, old = min(value.stock.cards), value.hands[1][0]
    hand = (new, *value.hands[1][1:])
    stock = Stock(value.stock.cards - {new} | {old}, value.stock.special, value.stock.specials)
    setattr(twin, field, replace(value, hands=with_item(value.hands, 1, hand), stock=stock))
    return twin


SEARCHERS = {
    "ismcts": lambda game: ISMCTSAgent(
        seed=3, iterations=60, leaf=Judged(game.manifest.evaluation(), 20.0)
    ),
    # The game's own lookahead player, with its evaluation, where it has one.
    "lookahead": lambda game: make_player("lookahead", "medium", game, seed=3)
    if "lookahead" in methods(game.name)
    else DrawAheadAgent(seed=3, samples=1),
}


@pytest.mark.parametrize("searcher", SEARCHERS)
@pytest.mark.parametrize("name", ["crypto-90", "crypto-geographique", "crypto-geographique-chaine"])
def test_the_player_cannot_peek(name, searcher):
    game = ludotheque.load_game(name)
    chosen = []
    for state in decisions(game, seed=7, count=6):
        if state.current_player() != 0:
            continue
        twin = with_hidden_card_swapped(state)
        assert twin.observation(0) == state.observation(0)
        assert twin.observation(1) != state.observation(1)  # the states do differ

        def choose(turn):
            return SEARCHERS[searcher](game).choose(turn)

        move = choose(state.turn())
        assert choose(twin.turn()) == move
        # What a player receives from afar, his view and his moves, is all a turn needs.
        assert choose(Turn.seen(game, 0, state.observation(0), state.legal_actions())) == move
        chosen.append(move)
    assert chosen, "the random game reached no decision of north's"


@pytest.mark.parametrize(
    ("name", "options"),
    [("crypto-90", {"goal": "rounds", "rounds": 1}), ("crypto-geographique-chaine", {})],
)
def test_the_search_player_plays_a_whole_game(name, options):
    from ludotheque.selfplay.simulation import simulate

    [result] = simulate(name, options, ["ismcts:easy", "heuristic"], 1, seed=4)
    assert result.moves > 0


def test_a_player_who_could_not_follow_is_dealt_no_card_touching_it():
    """Chain game: whoever drew instead of following held nothing touching the visible card
    (he must follow if he can), so the hands the others imagine for him hold at most his new
    card that touches it."""
    from ludotheque.games.crypto_geo.departements import neighbours

    game = ludotheque.load_game("crypto-geographique-chaine")
    rng = random.Random(11)
    state = game.new_initial_state()
    checked = 0
    while not state.is_terminal() and checked < 5:
        if state.is_chance_node():
            before = state.chain
            state.apply_action(state.sample_chance(rng))
            log = state.chain.log
            if not before.dealing and log and log[-1][2] is False and log != before.log:
                failed, card, _ = log[-1]
                if state.is_terminal() or state.is_chance_node():
                    continue
                watcher = state.current_player()
                if watcher == failed:
                    continue
                assert sum(c in neighbours(card) for c in state.chain.hands[failed]) <= 1
                worlds = game.information_set(state.observation(watcher))
                for _ in range(10):
                    hand = worlds.sample(rng).chain.hands[failed]
                    assert sum(c in neighbours(card) for c in hand) <= 1
                checked += 1
            continue
        state.apply_action(rng.choice(state.legal_actions()))
    assert checked, "the random game had nobody fail to follow"
