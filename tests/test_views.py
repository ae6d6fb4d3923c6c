"""Each rule set's view, typed: the TypedDict its manifest names, its JSON Schema committed
under docs/views/, and every view a game gives — each seat's and the spectator's — valid
against it; and ``State.views()``, which builds a spectator's view once where nothing is hidden,
gives every viewer exactly his ``observation``.

``LUDOTHEQUE_REGENERATE_GOLDEN=1`` rewrites the schema files (as it rewrites the golden
playthroughs): a change to a view is then a reviewed change of docs/views/.
"""

from __future__ import annotations

import json
import os
import random
from pathlib import Path

import jsonschema
import pytest

import ludotheque
from ludotheque.agents import make_agent

VIEWS = Path(__file__).resolve().parents[1] / "docs" / "views"
REGENERATE = os.environ.get("LUDOTHEQUE_REGENERATE_GOLDEN") == "1"
#: Short games, played to their end (the tiddlywinks ones to a small limit).
GAMES = {
    "dames-rabattues": {},
    "jacquet": {},
    "crypto-90": {"goal": "rounds", "rounds": 1},
    "crypto-geographique": {"points": 1},
    "crypto-geographique-chaine": {},
    "cabriole": {"hands": "steady", "limit": 6},
    "tiddledy-winks": {"hands": "steady", "limit": 6, "variation": "I"},
}


def test_every_rule_set_is_covered():
    assert set(GAMES) == set(ludotheque.games())


@pytest.mark.parametrize("name", sorted(GAMES))
def test_the_committed_schema_is_the_declared_view(name):
    schema = ludotheque.manifest(name).view_schema()
    path = VIEWS / f"{name}.schema.json"
    text = json.dumps(schema, indent=1, ensure_ascii=False) + "\n"
    if REGENERATE:
        path.parent.mkdir(exist_ok=True)
        path.write_text(text, encoding="utf-8")
    assert path.read_text(encoding="utf-8") == text, "regenerate: LUDOTHEQUE_REGENERATE_GOLDEN=1"


def check_every_view(game, agents, seed):
    """Play ``game`` to its end, chance drawn from ``seed``, decisions by ``agents`` (random
    where None), and hold every view of every step, each seat's and the spectator's, to the
    game's schema; return the final state."""
    validator = jsonschema.Draft202012Validator(game.manifest.view_schema())
    rng = random.Random(seed)
    state = game.new_initial_state()
    viewers = [None, *range(game.num_players())]
    while True:
        for viewer in viewers:
            view = state.observation(viewer)
            json.dumps(view, allow_nan=False)  # a JSON value, as sent
            errors = sorted(validator.iter_errors(view), key=str)
            assert not errors, f"{viewer}: {errors[0].message} at {list(errors[0].path)}"
        assert state.views() == [state.observation(v) for v in [*viewers[1:], None]]
        if state.is_terminal():
            return state
        if state.is_chance_node():
            state.apply_action(state.sample_chance(rng))
        elif agents is None:
            state.apply_action(rng.choice(state.legal_actions()))
        else:
            state.apply_action(agents[state.current_player()].choose(state.turn()))


@pytest.mark.parametrize("name", sorted(GAMES))
@pytest.mark.parametrize("seed", [1, 2])
def test_every_view_of_a_game_is_valid_against_its_schema(name, seed):
    check_every_view(ludotheque.load_game(name, **GAMES[name]), None, seed)


#: Tiddlywinks games played to their end by the aiming player, with the seed of their chance:
#: the forms a few random shots never reach — counters dead in the lake, lying in Horsman's
#: ring and open to the others, due back from it, a seat that must pass, the final account of
#: a game its rules ended. About a second each.
PLAYED_OUT = [
    ("cabriole", {"lake": "lost", "players": 3}, 0),
    ("tiddledy-winks", {"variation": "III", "ring": "any-part", "players": 3}, 3),
    ("tiddledy-winks", {"variation": "II", "ring": "any-part"}, 0),
]


@pytest.mark.parametrize(("name", "options", "seed"), PLAYED_OUT,
                         ids=[f"{n}-{i}" for i, (n, _, _) in enumerate(PLAYED_OUT)])
def test_every_view_of_a_tiddlywinks_game_played_out_is_valid(name, options, seed):
    game = ludotheque.load_game(name, **options)
    agents = [make_agent("aim:medium", seed=p, game=game) for p in range(game.num_players())]
    state = check_every_view(game, agents, seed)
    assert state.position.winners, "ended by its rules, not by the limit"
