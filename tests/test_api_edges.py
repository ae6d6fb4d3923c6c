"""The API's edges get the library's own one-sentence errors (issue 16): action ids outside a
node's action space, a game named by something other than text, a seat that is a boolean, and
a view that no rule set gave handed to ``information_set``."""

from __future__ import annotations

import copy
import random

import pytest

import ludotheque
from ludotheque.core.errors import IllegalMoveError, LudothequeError, UnknownGameError
from ludotheque.core.registry import games


def one_sentence(error: pytest.ExceptionInfo) -> str:
    text = str(error.value)
    assert isinstance(error.value, LudothequeError)
    assert text.endswith(".") and "\n" not in text and ". " not in text
    return text


def states(name: str, seed: int, count: int, **options):
    """States along one seeded random game, the start and the end included."""
    rng = random.Random(seed)
    state = ludotheque.load_game(name, **options).new_initial_state()
    for _ in range(count):
        yield state.clone()
        if state.is_terminal():
            return
        state.apply_action(
            state.sample_chance(rng)
            if state.is_chance_node()
            else rng.choice(state.legal_actions())
        )


def test_cabriole_refuses_an_id_outside_its_shots():
    state = ludotheque.load_game("cabriole").new_initial_state()
    for action, says in [(10**12, "not 1000000000000"), (-1, "not -1")]:
        with pytest.raises(IllegalMoveError) as error:
            state.action_to_string(action)
        assert "numbered 0 to" in one_sentence(error) and says in str(error.value)
    # The largest id is a shot of counter 36 (six players of six): not at a table of eight.
    with pytest.raises(IllegalMoveError) as error:
        state.action_to_string(state.game.num_distinct_actions() - 1)
    assert "this one has 8 counters" in one_sentence(error)
    assert state.action_to_string(state.legal_actions()[0]).startswith("red 1 aim")


@pytest.mark.parametrize("name", games())
def test_every_rule_set_refuses_ids_outside_the_node_and_writes_those_inside(name):
    for state in states(name, 16, 40):
        chance = state.is_chance_node()
        game = state.game
        size = game.max_chance_outcomes() if chance else game.num_distinct_actions()
        for action in (-1, size, size + 10**12, -(10**12), True, 2.0, "3"):
            with pytest.raises(IllegalMoveError) as error:
                state.action_to_string(action)
            one_sentence(error)
        for action in {0, size - 1, *state.legal_actions()[:5]}:
            try:
                assert state.action_to_string(action)
            except LudothequeError as error:  # an id of a table larger than this one
                assert str(error).endswith(".")


@pytest.mark.parametrize("name", [["x"], None, 3, b"jacquet", ("jacquet",)])
def test_a_game_is_named_by_text(name):
    with pytest.raises(UnknownGameError) as error:
        ludotheque.load_game(name)
    assert "the games are" in one_sentence(error)


@pytest.mark.parametrize("player", [True, False, 2, -1, 1.0, "0"])
def test_a_seat_is_a_whole_number_not_a_boolean(player):
    state = ludotheque.load_game("jacquet").new_initial_state()
    with pytest.raises(LudothequeError) as error:
        state.observation(player)
    assert "players are numbered 0 to 1" in one_sentence(error)
    assert state.observation(1)["seat"] == "black"


CARD_GAMES = [
    ("crypto-90", {}),
    ("crypto-90", {"players": 4}),
    ("crypto-geographique", {}),
    ("crypto-geographique", {"players": 4, "teams": True}),
    ("crypto-geographique-chaine", {}),
    ("crypto-geographique-chaine", {"players": 3}),
]
JUNK = [None, 0, -1, 99, "x", "", [], {}, [1], ["x"], {"a": 1}, True, 1.5, "Manche", "north"]


def decision_views(name, options, seed, count):
    return [
        state.observation(state.current_player())
        for state in states(name, seed, 200, **options)
        if not state.is_chance_node() and not state.is_terminal()
    ][:count]


@pytest.mark.parametrize(("name", "options"), CARD_GAMES)
def test_a_malformed_view_is_refused_with_one_sentence(name, options):
    game = ludotheque.load_game(name, **options)
    view = decision_views(name, options, 16, 1)[0]
    for bad, says in [
        ({k: v for k, v in view.items() if k != "players"}, "'players' is missing"),
        ({**view, "seat": "nobody"}, "not one"),
        ({**view, "hand": 7}, "not one"),
        ({**view, "game": "jacquet"}, "an observation of 'jacquet'"),
        ([view], "not list"),
    ]:
        with pytest.raises(LudothequeError) as error:
            game.information_set(bad)
        assert says in one_sentence(error)
    game.information_set(view).sample(random.Random(0))  # the view itself is still read


@pytest.mark.parametrize(("name", "options"), CARD_GAMES)
def test_mutated_views_give_only_the_librarys_errors(name, options):
    game = ludotheque.load_game(name, **options)
    rng = random.Random(16)
    for view in decision_views(name, options, 16, 10):
        for _ in range(30):
            bad = copy.deepcopy(view)
            key = rng.choice(list(bad))
            value = bad[key]
            if rng.random() < 0.2:
                del bad[key]
            elif isinstance(value, list | dict) and value and rng.random() < 0.5:
                places = range(len(value)) if isinstance(value, list) else list(value)
                value[rng.choice(places)] = rng.choice(JUNK)
            else:
                bad[key] = rng.choice(JUNK)
            try:
                game.information_set(bad).sample(random.Random(0))
            except LudothequeError as error:
                assert str(error).endswith(".") and "\n" not in str(error)


def test_the_library_s_errors_are_value_errors_and_an_id_is_registered_once():
    from dataclasses import replace

    from ludotheque.core.errors import LudothequeError, NotationError
    from ludotheque.core.registry import manifest, register

    assert issubclass(LudothequeError, ValueError) and issubclass(NotationError, ValueError)
    jacquet = manifest("jacquet")
    register(jacquet)  # the same manifest again changes nothing
    with pytest.raises(ValueError, match=r"the name 'jacquet' is jacquet's"):
        register(replace(jacquet, rules="elsewhere:Impostor"))
    with pytest.raises(ValueError, match=r"the name 'puce' is cabriole's"):
        register(replace(jacquet, id="puces", aliases=("puce",)))
    assert manifest("jacquet") is jacquet
