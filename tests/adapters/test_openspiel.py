"""OpenSpiel's own conformance checks on every rule set, through ``ludotheque.adapters``.

Each rule set is checked in a short configuration (``QUICK``, listed in ``docs/research.md``):
a ``limit`` keeps a long card game to a few rounds' worth of decisions and a tiddlywinks pool to
a few shots; the rules are the defaults. The random simulation runs at the default options too
(``DEFAULTS``: a limit only where a round would otherwise be long).
"""

from __future__ import annotations

import os
import pickle
from pathlib import Path

import numpy as np
import pyspiel
import pytest
from absl import flags
from open_spiel.python import rl_environment
from open_spiel.python.algorithms import generate_playthrough, get_all_states, ismcts, mcts
from open_spiel.python.observation import make_observation

import ludotheque
from ludotheque.adapters import openspiel
from ludotheque.core.errors import LudothequeError
from ludotheque.core.registry import manifest
from tests.adapters.quick import DEFAULTS, DEPTH, QUICK, game_string

PLAYTHROUGHS = Path(__file__).parents[1] / "data" / "golden" / "openspiel"
REGENERATE = os.environ.get("LUDOTHEQUE_REGENERATE_GOLDEN") == "1"
#: How many decisions a playthrough records: enough to cross a turn or two, short to read.
PLAYTHROUGH_LIMIT = 6

# OpenSpiel's playthroughs read absl flags (their defaults here), parsed by its own mains.
if not flags.FLAGS.is_parsed():
    flags.FLAGS.mark_as_parsed()


def test_every_rule_set_is_registered():
    assert set(QUICK) == set(ludotheque.games())
    assert sorted(openspiel.NAMES) == sorted(openspiel.short_name(manifest(g)) for g in QUICK)


@pytest.mark.parametrize("name", sorted(QUICK))
def test_random_simulation_with_serialisation(name):
    game = pyspiel.load_game(game_string(name))
    pyspiel.random_sim_test(game, num_sims=2, serialize=True, verbose=False)


@pytest.mark.parametrize("name", sorted(DEFAULTS))
def test_random_simulation_with_serialisation_at_the_default_options(name):
    """A whole game at the rule set's defaults (a tiddlywinks pool is a few hundred shots), or
    a first round of the long card games (Tiddledy Winks here once offered one shot as two
    actions; Crypto-90's memory once exceeded pickle's recursion)."""
    game = pyspiel.load_game(game_string(name, DEFAULTS))
    pyspiel.random_sim_test(game, num_sims=1, serialize=True, verbose=False)


@pytest.mark.parametrize("name", ["crypto-90", "crypto-geographique"])
def test_a_whole_card_game_at_its_default_options_pickles_and_serialises(name):
    """A game of these at their default options lasts thousands of actions (16,160 and 5,470
    here; the chain game's round a hundred or so): the game, and its state with each seat's
    memory a chain that long, pickle and serialise (the chain once exceeded pickle's
    recursion; the games' classes, made at registration, were not found by name)."""
    game = pyspiel.load_game(game_string(name, limit=100_000))
    assert pickle.loads(pickle.dumps(game)).get_parameters() == game.get_parameters()
    state = game.new_initial_state()
    rng = np.random.default_rng(40)
    while not state.is_terminal():
        state.apply_action(_random_action(state, rng))
    assert len(state.history()) > 5_000
    _, served = pyspiel.deserialize_game_and_state(pyspiel.serialize_game_and_state(game, state))
    for again in (pickle.loads(pickle.dumps(state)), game.deserialize_state(state.serialize()),
                  served):
        assert again.history() == state.history() and str(again) == str(state)
        assert again.returns() == state.returns()
        assert all(np.array_equal(a, b) for a, b in zip(
            again.play.rows(1), state.play.rows(1), strict=True))


@pytest.mark.parametrize("name", ["crypto-90", "crypto-geographique",
                                  "crypto-geographique-chaine", "jacquet"])
def test_a_bounded_recall_keeps_the_last_rows_of_the_information_state(name):
    """The observer parameter ``recall``: the observation, then the rows of the seat's last
    actions only, the same rows as perfect recall's last ones; where nothing is hidden, the
    observation (the whole position) alone. A bad parameter is one sentence."""
    game = pyspiel.load_game(game_string(name))
    seat = pyspiel.IIGObservationType(perfect_recall=False, public_info=True,
                                      private_info=pyspiel.PrivateInfoType.SINGLE_PLAYER)
    bounded = make_observation(game, seat, {"recall": 5})
    state, rng = game.new_initial_state(), np.random.default_rng(8)
    while len(state.history()) < 40 or state.is_chance_node():
        state.apply_action(_random_action(state, rng))
    bounded.set_from(state, 1)
    observation = np.asarray(state.observation_tensor(1))
    assert np.array_equal(bounded.dict["observation"], observation)
    if name == "jacquet":
        assert bounded.tensor.shape == observation.shape
    else:
        full = np.asarray(state.information_state_tensor(1))
        rows = full[observation.size:].reshape(-1, bounded.dict["history"].shape[1])
        count = len(state.play.rows(1))
        assert np.array_equal(bounded.dict["history"], rows[count - 5:count])
        assert len(bounded.string_from(state, 1).splitlines()) == 1 + 5 + 1
    for params, said in [({"recall": 0}, "recall is a whole number of actions from 1 to"),
                         ({"depth": 2}, "these games' observers take one parameter, recall")]:
        with pytest.raises(ValueError, match=said):
            make_observation(game, seat, params)


@pytest.mark.parametrize("options", ["limit=1", "limit=3", "granularity=pair,limit=2"])
def test_jacquet_histories_keep_within_max_history_length(options):
    """The lot and a throw before the first decision, then a throw after each decision or turn
    the dice passed (which the limit counts): under short limits, where the bound is tight."""
    game = pyspiel.load_game(f"python_ludotheque_jacquet({options})")
    rng = np.random.default_rng(17)
    longest = 0
    for _ in range(400):
        state = game.new_initial_state()
        while not state.is_terminal():
            state.apply_action(_random_action(state, rng))
        longest = max(longest, len(state.history()))
    assert longest <= game.max_history_length()


@pytest.mark.parametrize("name", sorted(QUICK))
def test_all_states_to_a_small_depth(name):
    game = pyspiel.load_game(game_string(name))
    states = get_all_states.get_all_states(
        game, depth_limit=DEPTH[name], include_terminals=True, include_chance_states=True)
    assert len(states) > (1 if DEPTH[name] else 0)
    for state in states.values():
        if not state.is_chance_node():
            shape = game.observation_tensor_shape()
            assert np.asarray(state.observation_tensor(state.current_player())).shape == (
                np.prod(shape),)


@pytest.mark.parametrize("name", sorted(QUICK))
def test_playthrough_replays(name):
    """The recorded playthrough (OpenSpiel's format: every state's strings, tensors, legal
    actions and returns along a random game) comes out the same, character for character, as
    OpenSpiel checks its own games'. ``LUDOTHEQUE_REGENERATE_GOLDEN=1`` writes it again."""
    path = PLAYTHROUGHS / f"{name}.txt"
    if REGENERATE:
        path.parent.mkdir(parents=True, exist_ok=True)
        shortened = game_string(name, limit=min(QUICK[name].get("limit", 10**9),
                                                 PLAYTHROUGH_LIMIT))
        path.write_text(generate_playthrough.playthrough(shortened, None, seed=7))
        return
    expected, actual = generate_playthrough.replay(str(path))
    assert actual == expected, f"{path} differs: LUDOTHEQUE_REGENERATE_GOLDEN=1 writes it again"


def test_a_game_string_with_a_rule_option_loads():
    game = pyspiel.load_game("python_ludotheque_jacquet(reading=dlp-summary)")
    assert game.get_parameters()["reading"] == "dlp-summary"
    game = pyspiel.load_game("python_ludotheque_crypto_90(tens=digit,players=3)")
    assert game.num_players() == 3


def test_a_bad_option_is_one_sentence():
    with pytest.raises(Exception, match="must be one of moulidars-1840, dlp-summary"):
        pyspiel.load_game("python_ludotheque_jacquet(reading=french)")


def test_win_loss_rewards_are_zero_sum_within_one():
    game = pyspiel.load_game("python_ludotheque_crypto_90(players=3,limit=40,reward=win-loss)")
    assert game.get_type().utility == pyspiel.GameType.Utility.ZERO_SUM
    assert (game.min_utility(), game.max_utility()) == (-1.0, 1.0)
    returns = _random_returns(game, seed=2)
    assert abs(sum(returns)) < 1e-9 and all(-1 <= r <= 1 for r in returns)


def test_the_limit_is_a_truncation_not_an_end():
    game = pyspiel.load_game("python_ludotheque_jacquet(limit=6)")
    state = game.new_initial_state()
    rng = np.random.default_rng(0)
    while not state.is_terminal():
        state.apply_action(_random_action(state, rng))
    assert state.truncated() and state.rules_state.outcome().truncated
    assert state.returns() == [0.0, 0.0]


@pytest.mark.parametrize("name", sorted(QUICK))
def test_openspiel_mcts_reads_each_rule_sets_judge_at_its_leaves(name):
    """The heuristic player's judge, or the tiddlywinks planner's worth of a table; Dames
    rabattues, where no move is a choice, has none, and says so in a sentence."""
    game = pyspiel.load_game(game_string(name))
    if name == "dames-rabattues":
        with pytest.raises(LudothequeError, match="has no judge of a position"):
            openspiel.JudgedEvaluator(game, scale=1.0)
        return
    evaluator = openspiel.JudgedEvaluator(game, scale=1.0)
    bot = mcts.MCTSBot(game, uct_c=2.0, max_simulations=4, evaluator=evaluator,
                       random_state=np.random.RandomState(1))
    state, rng = game.new_initial_state(), np.random.default_rng(5)
    while state.is_chance_node():
        state.apply_action(_random_action(state, rng))
    values = evaluator.evaluate(state)
    assert values.shape == (game.num_players(),) and np.all(np.abs(values) <= 1)
    assert bot.step(state) in state.legal_actions()


@pytest.mark.parametrize("name", ["crypto-90", "crypto-geographique",
                                  "crypto-geographique-chaine"])
def test_openspiel_ismcts_plays_a_card_game_through_its_own_sampler(name):
    """OpenSpiel's Python ISMCTSBot draws its worlds with ``resample_from_infostate``, the
    rule set's own sampler of what the seat has not seen; a game to its end or its limit."""
    game = pyspiel.load_game(game_string(name))
    bot = ismcts.ISMCTSBot(game, mcts.RandomRolloutEvaluator(1, np.random.RandomState(0)),
                           uct_c=2.0, max_simulations=6, random_state=np.random.RandomState(1))
    state, rng = game.new_initial_state(), np.random.default_rng(2)
    while not state.is_terminal():
        if state.current_player() == 0:
            state.apply_action(bot.step(state))
        else:
            state.apply_action(_random_action(state, rng))
    assert state.is_terminal()


@pytest.mark.parametrize("name", ["jacquet", "crypto-90"])
def test_mcts_and_rl_environment_play_a_game(name):
    game = pyspiel.load_game(game_string(name))
    bot = mcts.MCTSBot(game, uct_c=2.0, max_simulations=8,
                       evaluator=mcts.RandomRolloutEvaluator(1, np.random.RandomState(0)),
                       random_state=np.random.RandomState(1))
    heuristic = openspiel.LudothequeBot(game, 1, "heuristic", seed=1)
    state = game.new_initial_state()
    rng = np.random.default_rng(3)
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply_action(_random_action(state, rng))
        else:
            player = bot if state.current_player() == 0 else heuristic
            state.apply_action(player.step(state))
    assert state.is_terminal()

    env = rl_environment.Environment(game, seed=1)
    step = env.reset()
    while not step.last():
        player = step.observations["current_player"]
        step = env.step([rng.choice(step.observations["legal_actions"][player])])
    assert len(step.rewards) == game.num_players()


def test_the_projects_players_are_bots_everywhere():
    for name in sorted(QUICK):
        game = pyspiel.load_game(game_string(name))
        kind = "easy" if manifest(name).players else "random"
        bots = [openspiel.LudothequeBot(game, p, kind, seed=p) for p in range(game.num_players())]
        state = game.new_initial_state()
        rng = np.random.default_rng(0)
        for _ in range(3):
            while state.is_chance_node():
                state.apply_action(_random_action(state, rng))
            if state.is_terminal():
                break
            action = bots[state.current_player()].step(state)
            assert action in state.legal_actions(), name
            state.apply_action(action)


def _random_action(state, rng):
    if state.is_chance_node():
        actions, probabilities = zip(*state.chance_outcomes(), strict=True)
        return int(rng.choice(actions, p=np.asarray(probabilities) / sum(probabilities)))
    return int(rng.choice(state.legal_actions()))


def _random_returns(game, seed):
    state = game.new_initial_state()
    rng = np.random.default_rng(seed)
    while not state.is_terminal():
        state.apply_action(_random_action(state, rng))
    return state.returns()


@pytest.mark.parametrize("name", ["crypto-90", "crypto-geographique", "crypto-geographique-chaine"])
def test_an_information_state_recalls_what_the_seat_saw(name):
    """Perfect recall: along random games, a seat's information-state string is never the same
    for two different things he saw (his observation now, his information-state tensor), and
    each grows from the one before."""
    game = pyspiel.load_game(game_string(name))
    seen: dict[str, tuple[str, bytes]] = {}
    for seed in range(6):
        state, rng = game.new_initial_state(), np.random.default_rng(seed)
        before = [""] * game.num_players()
        while not state.is_terminal():
            for seat in range(game.num_players()):
                told = state.information_state_string(seat)
                saw = (state.observation_string(seat),
                       np.asarray(state.information_state_tensor(seat), np.float32).tobytes())
                assert seen.setdefault(told, saw) == saw
                lines = before[seat].splitlines()[:-1]
                assert told.splitlines()[: len(lines)] == lines
                before[seat] = told
            state.apply_action(_random_action(state, rng))
