"""A move on a French reader's button (``Game.move_words``) is one its rule set reads back as
the same move: what the button says may be typed, and what it sends is the notation."""

from __future__ import annotations

import random

import pytest

import ludotheque
from ludotheque.core.i18n import reading
from ludotheque.core.registry import games

SHORT = {"crypto-90": {"goal": "rounds", "rounds": 1}, "crypto-geographique": {"points": 100},
         "cabriole": {"limit": 4, "hands": "expert"},
         "tiddledy-winks": {"limit": 4, "hands": "expert"}}


@pytest.mark.parametrize("name", games())
def test_every_move_in_french_words_reads_back_as_itself(name):
    game = ludotheque.load_game(name, **SHORT.get(name, {}))
    rng = random.Random(1)
    state = game.new_initial_state()
    said = set()
    while not state.is_terminal():
        legal = state.legal_actions()
        if state.is_chance_node():
            state.apply_action(state.sample_chance(rng))
            continue
        for action in legal[:40]:
            move = state.action_to_string(action)
            with reading("fr"):
                words = game.move_words(move)
            with reading("en"):
                assert game.move_words(move) == move
            said.add(words)
            assert state.string_to_action(words) == action, (move, words)
        state.apply_action(rng.choice(legal))
    assert said
