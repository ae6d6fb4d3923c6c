"""Every finished game has an Outcome: its termination named in the rule set's own words (or
the limit's), the returns, and the winners."""

from __future__ import annotations

import pytest

import ludotheque
from ludotheque.core.game import FINISHED, LIMIT_REACHED
from tests.helpers import play_at_random

#: Short games of the dice and card rule sets, and the terminations their rules name.
GAMES = [
    ("dames-rabattues", {}, {"all raised"}),
    ("jacquet", {}, {"all borne off"}),
    ("crypto-90", {"goal": "rounds", "rounds": 1}, {"ninth card laid", "stock exhausted"}),
    ("crypto-geographique", {"points": 1}, {"stop announced", "stock exhausted"}),
    ("crypto-geographique-chaine", {}, {"hand emptied", "stock exhausted"}),
]


@pytest.mark.parametrize(("name", "options", "named"), GAMES, ids=[g[0] for g in GAMES])
def test_a_finished_game_names_how_its_rules_ended_it(name, options, named):
    game = ludotheque.load_game(name, **options)
    seen = set()
    for seed in range(6):
        state = play_at_random(game, seed)
        outcome = state.outcome()
        assert outcome is not None and not outcome.truncated
        assert outcome.termination in named and outcome.termination != FINISHED
        assert outcome.returns == tuple(state.returns())
        best = max(outcome.returns)
        assert all(outcome.returns[p] == best for p in outcome.winners)
        seen.add(outcome.termination)
    assert seen, "at least one ending seen"


@pytest.mark.parametrize("name", ["dames-rabattues", "crypto-90", "crypto-geographique-chaine"])
def test_a_game_in_progress_has_no_outcome_and_one_stopped_by_its_limit_says_so(name):
    game = ludotheque.load_game(name, limit=3)
    assert game.new_initial_state().outcome() is None
    state = play_at_random(game, 1)
    outcome = state.outcome()
    assert outcome is not None and outcome.truncated and outcome.termination == LIMIT_REACHED
