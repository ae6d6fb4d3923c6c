"""The search players: MCTS with chance nodes, expectimax over turns, the levels, the seats."""

from __future__ import annotations

import random

import pytest

import ludotheque
from ludotheque.agents import make_agent
from ludotheque.agents.expectimax import ExpectimaxAgent
from ludotheque.agents.greedy import GreedyAgent, turn_ends
from ludotheque.agents.levels import LEVELS, methods
from ludotheque.agents.mcts import Judged, MCTSAgent, outcome
from ludotheque.core.errors import LudothequeError, OptionError
from ludotheque.core.game import Turn
from ludotheque.games.jacquet.evaluation import JacquetEvaluation
from ludotheque.games.jacquet.position import Position
from ludotheque.selfplay.match import play_match


def jacquet_at(position: str, **options):
    """A Jacquet state set up at ``position`` (the notation of ``Position``)."""
    state = ludotheque.load_game("jacquet", **options).new_initial_state()
    state.position = Position.parse(position)
    return state


def midgame(seed: int, **options):
    """A Jacquet state some way into a random game, at a decision with a choice."""
    rng = random.Random(seed)
    state = ludotheque.load_game("jacquet", **options).new_initial_state()
    while True:
        if state.is_chance_node():
            state.apply_action(state.sample_chance(rng))
        elif len(state.legal_actions()) > 1 and len(state.history()) > 80:
            return state
        else:
            state.apply_action(rng.choice(state.legal_actions()))


def test_outcome_shares_the_win():
    state = jacquet_at("off15 1x15 won:white")
    assert outcome(state) == [1.0, 0.0]


def test_mcts_is_reproducible_from_its_seed_and_plays_legally():
    state = midgame(1)
    leaf = Judged(JacquetEvaluation(), 20.0)
    moves = {MCTSAgent(seed=4, iterations=150, leaf=leaf).choose(state.turn()) for _ in range(2)}
    assert len(moves) == 1 and moves <= set(state.legal_actions())


def test_mcts_with_a_time_budget_plays_legally():
    state = midgame(2)
    timed = MCTSAgent(seed=1, iterations=None, seconds=0.01)
    assert timed.choose(state.turn()) in state.legal_actions()
    with pytest.raises(LudothequeError, match="needs a budget"):
        MCTSAgent(iterations=None)


def test_mcts_bears_off_to_win_rather_than_wait():
    # White, to play a 6-1 with his last checkers on his 24 and 19 points, may bear both off
    # and win now, or (bearing off being optional) play 19/20 and bear off one; Black will
    # bear off his last checker with any throw.
    state = jacquet_at("24,19,off13 24,off14 move:white:6-1:6,1", bearing_off="optional")
    assert "19/20" in [state.action_to_string(a) for a in state.legal_actions()]  # and loses
    agent = MCTSAgent(seed=1, iterations=300, leaf=Judged(JacquetEvaluation(), 20.0))
    state.apply_action(agent.choose(state.turn()))
    if not state.is_terminal():
        state.apply_action(agent.choose(state.turn()))
    assert state.returns() == [1.0, -1.0]


def test_mcts_refuses_a_game_with_hidden_cards():
    state = ludotheque.load_game("crypto-90").new_initial_state()
    while state.is_chance_node():
        state.apply_action(state.chance_outcomes()[0][0])
    with pytest.raises(LudothequeError, match="use ismcts"):
        MCTSAgent(iterations=5).choose(state.turn())


def test_mcts_beats_the_random_player_at_jacquet():
    game = ludotheque.load_game("jacquet", granularity="pair")
    leaf = Judged(JacquetEvaluation(), 20.0)
    wins = 0
    for i in range(4):
        seats = [MCTSAgent(seed=i, iterations=30, leaf=leaf, width=3),
                 make_agent("random", seed=i)]
        if i % 2:
            seats.reverse()
        final = play_match(game, seats, random.Random(i))
        wins += final.returns()[i % 2] > 0
    assert wins >= 3


def test_expectimax_at_depth_one_is_the_greedy_player_with_its_evaluation():
    game = ludotheque.load_game("jacquet")
    for seed in range(3):
        state = midgame(seed)
        agent = ExpectimaxAgent(seed=1, depth=1, evaluate=game.manifest.evaluation())
        player = state.current_player()
        best = max(game.manifest.evaluation()(end, player) for _, end in turn_ends(state))
        chosen = state.clone()
        chosen.apply_action(agent.choose(state.turn()))
        while chosen.current_player() == player:
            chosen.apply_action(agent.choose(chosen.turn()))
        assert game.manifest.evaluation()(chosen, player) == best
        turn = state.turn()
        assert agent.choose(turn) in {GreedyAgent(seed=s).choose(turn) for s in range(20)}


def test_expectimax_plays_the_rest_of_its_turn_without_searching_again():
    calls = []

    def counting(state, player):
        calls.append(1)
        return JacquetEvaluation()(state, player)

    state = jacquet_at("1x9,2,4,6,8,12,20 1x15 move:white:4-4:4,4,4,4")
    agent = ExpectimaxAgent(seed=1, depth=2, width=3, evaluate=counting)
    state.apply_action(agent.choose(state.turn()))
    searched = len(calls)
    while state.current_player() == 0:
        state.apply_action(agent.choose(state.turn()))
    assert searched > 0 and len(calls) == searched


def test_expectimax_refuses_games_of_more_than_two():
    state = ludotheque.load_game("crypto-90", players=3).new_initial_state()
    while state.is_chance_node():
        state.apply_action(state.chance_outcomes()[0][0])
    with pytest.raises(LudothequeError, match="two-player"):
        ExpectimaxAgent(depth=1).choose(state.turn())


def test_every_game_has_its_levels_and_each_level_plays():
    for name in ludotheque.games():
        game = ludotheque.load_game(name)
        assert methods(name), f"{name} has no search player"
        for method in methods(name):
            for level in LEVELS:
                assert make_agent(f"{method}:{level}", seed=1, game=game)
    # The cheapest level of each method, through a few decisions of a real game.
    for name, options in [("jacquet", {}), ("crypto-90", {"goal": "rounds", "rounds": 1}),
                          ("crypto-geographique", {}), ("crypto-geographique-chaine", {})]:
        game = ludotheque.load_game(name, **options)
        rng = random.Random(0)
        for method in methods(name):
            agent = make_agent(f"{method}:easy", seed=2, game=game)
            state, decided = game.new_initial_state(), 0
            while decided < 3 and not state.is_terminal():
                if state.is_chance_node():
                    state.apply_action(state.sample_chance(rng))
                    continue
                legal = state.legal_actions()
                action = agent.choose(state.turn()) if len(legal) > 1 else legal[0]
                decided += len(legal) > 1
                state.apply_action(action)


@pytest.mark.parametrize(
    ("spec", "game", "message"),
    [
        ("mcts:impossible", "jacquet", "a level is one of easy, medium, hard, not 'impossible'."),
        ("mcts", "jacquet", "mcts takes a level, as mcts:hard."),
        ("mcts:hard", "crypto-90",
         "mcts does not play crypto-90; it is played by lookahead:LEVEL, ismcts:LEVEL."),
        ("ismcts:easy", "jacquet", "it is played by mcts:LEVEL, expectimax:LEVEL."),
        ("hard:3", "jacquet", "a seat is one of human, random"),
    ],
)
def test_a_bad_level_is_one_sentence(spec, game, message):
    with pytest.raises(OptionError) as error:
        make_agent(spec, game=ludotheque.load_game(game))
    assert message in str(error.value) and "\n" not in str(error.value)


def test_a_search_player_needs_its_game():
    with pytest.raises(OptionError, match="needs the game"):
        make_agent("hard")


@pytest.mark.parametrize(("name", "spec"), [("jacquet", "expectimax:easy"),
                                            ("jacquet", "heuristic"),
                                            ("dames-rabattues", "mcts:easy")])
def test_a_turn_received_from_afar_is_played_as_the_table_s_own(name, spec):
    """Nothing is hidden in the dice games: the view's position is the whole game, so a turn
    made from a view and its legal actions (as a server sends them) is played alike."""
    game = ludotheque.load_game(name)
    rng = random.Random(5)
    state = game.new_initial_state()
    compared = 0
    while not state.is_terminal() and compared < 6:
        if state.is_chance_node():
            state.apply_action(state.sample_chance(rng))
            continue
        turn = state.turn()
        far = Turn.seen(game, turn.player, state.observation(turn.player), turn.legal)
        here = make_agent(spec, seed=1, game=game).choose(turn)
        assert make_agent(spec, seed=1, game=game).choose(far) == here
        compared += 1
        state.apply_action(here)
    assert compared
