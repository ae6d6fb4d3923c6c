"""The relabelled-deal secrecy test (``tests/secrecy.py``) on what the research adapters give a
seat: his observation tensor, his information-state tensor and his information-state string,
byte for byte, for every rule set that hides cards; and the state OpenSpiel's ISMCTS draws from
his information state."""

from __future__ import annotations

import pickle

import pyspiel
import pytest

import ludotheque
from ludotheque.adapters.learning import Learner, Play
from ludotheque.adapters.openspiel import LudothequeState
from ludotheque.core.game import State
from tests.adapters.quick import game_string
from tests.secrecy import DECKS, audit

#: (rule set, options, actions followed, games): random games, as tests/test_secrecy.py's. The
#: ``limit`` (above the decisions followed) keeps the information state, a row for every action
#: the game could last, a few thousand values long.
GAMES = [
    ("crypto-90", {"players": 2, "limit": 300}, 300, 2),
    ("crypto-90", {"players": 4, "limit": 200}, 200, 1),
    ("crypto-geographique", {"players": 3, "limit": 200}, 200, 2),
    ("crypto-geographique", {"players": 4, "teams": True, "limit": 200}, 200, 1),
    ("crypto-geographique-chaine", {"players": 3, "limit": 300}, None, 2),
]


class Tensors:
    """A seat's three learning views of a state, as one byte string. The information state
    needs the rows of every action so far: a game is followed action by action, each state's
    rows kept by its history, so that the check's replays cost one action each."""

    def __init__(self, name: str, options: dict) -> None:
        self.learner = Learner(ludotheque.load_game(name, **options))
        self.plays: dict[tuple[int, ...], Play] = {}

    def play(self, state: State) -> Play:
        history = tuple(state.history())
        if history not in self.plays:
            if history:
                play = self.play_of(history[:-1]).copy()
                play.play(history[-1])
            else:
                play = self.learner.start()
            self.plays[history] = play
        return self.plays[history]

    def play_of(self, history: tuple[int, ...]) -> Play:
        if history not in self.plays:
            state = self.learner.game.new_initial_state()
            for action in history:
                state.apply_action(action)
            return self.play(state)
        return self.plays[history]

    def __call__(self, state: State, seat: int) -> bytes:
        play = self.play(state)
        learner = self.learner
        return b"\n".join([
            learner.observation(state, seat).tobytes(),
            learner.information_state(play, seat).tobytes(),
            learner.information_state_string(play, seat).encode(),
        ])


def test_every_hidden_card_rule_set_is_covered():
    assert {name for name, *_ in GAMES} == set(DECKS)


@pytest.mark.parametrize(("name", "options", "limit", "games"), GAMES, ids=str)
def test_no_tensor_depends_on_an_unseen_card(name, options, limit, games):
    view = Tensors(name, options)
    tally = audit(name, options, range(games), prefixes=4, tries=3, view=view,
                  limit=limit or 100_000)
    if tally.leaks:
        pytest.fail(f"{tally}; the first:\n{tally.leaks[0]}", pytrace=False)
    assert tally.worlds - tally.skipped >= 10, tally


@pytest.mark.parametrize("name", sorted(DECKS))
def test_a_tensor_that_shows_another_hand_is_caught(name):
    tensors = Tensors(name, {"limit": 120})

    def leaky(state: State, seat: int) -> bytes:
        other = (seat + 1) % state.num_players()
        return tensors(state, seat) + tensors.learner.observation(state, other).tobytes()

    tally = audit(name, {"limit": 120}, seeds=[1], prefixes=4, tries=4, view=leaky, limit=120)
    assert tally.leaks, tally


@pytest.mark.parametrize("name", sorted(DECKS))
def test_a_state_drawn_from_a_seats_information_state_depends_on_no_unseen_card(name):
    """``resample_from_infostate`` draws from the seat's view alone: the same draw, byte for
    byte (the whole drawn state, pickled), whatever the cards he has not seen."""
    options = {"limit": 120}
    game = pyspiel.load_game(game_string(name, **options))
    tensors = Tensors(name, options)

    def drawn(state: State, seat: int) -> bytes:
        if state.current_player() != seat:
            return b""
        here = LudothequeState(game, tensors.play(state))
        world = here.resample_from_infostate(seat, lambda: 0.25)
        assert world.information_state_string(seat) == here.information_state_string(seat)
        return pickle.dumps(world.play.state)

    tally = audit(name, options, seeds=[2], prefixes=4, tries=3, view=drawn, limit=120)
    if tally.leaks:
        pytest.fail(f"{tally}; the first:\n{tally.leaks[0]}", pytrace=False)
    assert tally.worlds - tally.skipped >= 4, tally
