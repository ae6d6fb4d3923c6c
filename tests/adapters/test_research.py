"""The research configuration for exact methods (``docs/research.md``): the chain game on a
deck of a few départements, served by the OpenSpiel adapter alone and never as the leaflet's
rules; OpenSpiel's ``get_all_states``, CFR and ``exploitability`` finish on it in seconds."""

from __future__ import annotations

import pickle

import numpy as np
import pyspiel
import pytest
from open_spiel.python.algorithms import cfr, exploitability, gambit, get_all_states

import ludotheque
from ludotheque.adapters import openspiel
from ludotheque.core.errors import LudothequeError
from ludotheque.core.registry import manifest
from ludotheque.games.crypto_geo import CHAIN_RESEARCH

NAME = "python_ludotheque_crypto_geographique_chaine_research"


def test_the_research_configuration_is_served_apart_from_the_rule_sets():
    assert openspiel.RESEARCH_NAMES == [NAME]
    assert NAME not in openspiel.NAMES
    assert "crypto-geographique-chaine-research" not in ludotheque.games()
    with pytest.raises(LudothequeError):
        manifest("crypto-geographique-chaine-research")
    game = pyspiel.load_game(NAME)
    assert "not the leaflet's rules" in game.get_type().long_name
    assert pickle.loads(pickle.dumps(game)).get_parameters() == game.get_parameters()


@pytest.mark.parametrize("options, wrong", [
    ({"cards": 5, "hand": 2}, "cannot deal 2 hands of 2"),
    ({"cards": 9}, "cards"),
    ({"hand": 4}, "hand"),
])
def test_a_research_deck_that_cannot_be_dealt_is_one_sentence(options, wrong):
    with pytest.raises(LudothequeError) as refused:
        CHAIN_RESEARCH.load(**options)
    assert wrong in str(refused.value) and "\n" not in str(refused.value)


@pytest.mark.parametrize("options", ["", "players=3,cards=8,hand=2,fakirs=1,rounds=2"])
def test_random_simulation_with_serialisation(options):
    game = pyspiel.load_game(f"{NAME}({options})")
    pyspiel.random_sim_test(game, num_sims=5, serialize=True, verbose=False)


def test_every_state_is_walked_and_every_game_ends_within_its_limit():
    game = pyspiel.load_game(NAME)
    states = get_all_states.get_all_states(game, include_terminals=True,
                                           include_chance_states=True,
                                           to_string=lambda s: s.history_str())
    assert len(states) == 7281
    ends = [s for s in states.values() if s.is_terminal()]
    assert all(not s.truncated() for s in ends)
    assert max(len(s.history()) for s in ends) <= game.max_history_length()


def test_cfr_runs_on_the_python_game_itself():
    """OpenSpiel's Python CFR on the rules as served, where every hand is one card (a tree of
    200 states): the exploitability of what it finds is that of the only play there is."""
    game = pyspiel.load_game(f"{NAME}(cards=5,hand=1)")
    solver = cfr.CFRSolver(game)
    solver.evaluate_and_update_policy()
    assert exploitability.exploitability(game, solver.average_policy()) == pytest.approx(0.0)


def test_cfr_on_the_tree_exported_once():
    """The worked example of docs/research.md: the tree written once in Gambit's format (a
    second or so), then OpenSpiel's C++ CFR. At the defaults its first iterate, the uniform
    policy, exploitable by over 9 penalty points, is the only one off an equilibrium: the
    current policy is one after a single iteration, and the average's exploitability falls as
    1/t."""
    game = pyspiel.load_game(NAME)
    tree = pyspiel.load_efg_game(gambit.export_gambit(game))
    solver = pyspiel.CFRSolver(tree)
    solver.evaluate_and_update_policy()
    first = pyspiel.exploitability(tree, solver.average_policy())
    assert first > 9
    assert pyspiel.exploitability(tree, solver.current_policy()) == pytest.approx(0, abs=1e-9)
    for _ in range(99):
        solver.evaluate_and_update_policy()
    assert pyspiel.exploitability(tree, solver.average_policy()) == pytest.approx(first / 100)


def test_the_largest_configuration_keeps_its_bounds_and_draws_worlds_from_a_seats_view():
    """Three players, eight cards, hands of two, a fakir, two rounds: every observation within
    the encoding's declared bounds, every game ended by the rules within max_game_length, and a
    world drawn at a decision from the seat's information state that he cannot tell apart."""
    game = pyspiel.load_game(f"{NAME}(players=3,cards=8,hand=2,fakirs=1,rounds=2)")
    layout = game.new_initial_state().play.learner.encoding.observation
    low, high = (np.array(bound, np.float32) for bound in layout.bounds())
    rng = np.random.default_rng(3)
    for _ in range(30):
        state = game.new_initial_state()
        decisions = 0
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes, chances = zip(*state.chance_outcomes(), strict=True)
                state.apply_action(int(rng.choice(outcomes, p=chances)))
                continue
            seat = state.current_player()
            seen = np.array(state.observation_tensor(seat), np.float32)
            assert np.all(low <= seen) and np.all(seen <= high)
            drawn = state.resample_from_infostate(seat, lambda: float(rng.random()))
            assert drawn.information_state_string(seat) == state.information_state_string(seat)
            state.apply_action(int(rng.choice(state.legal_actions())))
            decisions += 1
        assert not state.truncated() and decisions <= game.max_game_length()
