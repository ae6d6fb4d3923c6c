"""The Crypto games in French (issue 36): moves typed in the leaflet's words, written in the one
(English) notation; and a whole game of each rule set told in French."""

from __future__ import annotations

import random

import pytest

import ludotheque
from ludotheque.core.errors import NotationError
from ludotheque.core.i18n import reading

#: English words that a French sentence of these games never holds.
ENGLISH = (" the ", " and ", " draws", " takes", " lays", " discards", " stock", " round",
           " his ", " pile.", " wins")


def to_decision(state, rng, wanted=lambda state: True):
    """Play at random until a decision that ``wanted`` accepts."""
    while state.is_chance_node() or not wanted(state):
        assert not state.is_terminal()
        if state.is_chance_node():
            state.apply_action(state.sample_chance(rng))
        else:
            state.apply_action(rng.choice(state.legal_actions()))
    return state


def written(state, text):
    """The notation of the move ``text`` writes here."""
    return state.action_to_string(state.string_to_action(text))


@pytest.mark.parametrize("language", ["en", "fr"])
def test_crypto_90_moves_typed_in_french_are_written_in_the_notation(language):
    rng = random.Random(3)
    state = ludotheque.load_game("crypto-90").new_initial_state()
    to_decision(state, rng, lambda s: "pile" in map(s.action_to_string, s.legal_actions()))
    with reading(language):
        assert written(state, "talon") == written(state, "Pioche") == "stock"
        state.apply_action(state.string_to_action("talon"))
        to_decision(state, rng)
        legal = [state.action_to_string(a) for a in state.legal_actions()]
        assert written(state, "rangée 3") == written(state, "RANGEE 3") == "row 3"
        assert (written(state, "main") == "hand") == ("hand" in legal)
        assert written(state, "rejette") == "reject"
        with pytest.raises(NotationError, match="rangée 9"):
            state.string_to_action("rangée 9")
        state.apply_action(state.string_to_action("rangée 3"))
    assert state.action_to_string(state.history()[-1]) != "rangée 3"  # the record's notation


def test_crypto_90_hypnotise_pass_end_and_lay_in_french():
    rng = random.Random(5)
    state = ludotheque.load_game("crypto-90").new_initial_state()
    to_decision(state, rng, lambda s: any(s.action_to_string(a) == "pass"
                                          for a in s.legal_actions()))
    assert written(state, "passe") == "pass"
    assert written(state, "hypnotise sud 4") == "hypnotise south 4"
    assert written(state, "hypnotiser nord 1") == "hypnotise north 1"
    state.apply_action(state.string_to_action("passe"))
    to_decision(state, rng)
    assert written(state, "fin") == "end"
    assert state.action_to_string(state.legal_actions()[-1]) == "end"


def test_crypto_geographique_moves_typed_in_french():
    rng = random.Random(2)
    state = ludotheque.load_game("crypto-geographique").new_initial_state()
    to_decision(state, rng)
    assert written(state, "talon") == written(state, "pioche") == "stock"
    assert written(state, "pile") == "pile"
    state.apply_action(state.string_to_action("pioche"))
    to_decision(state, rng)
    hand = state.observation(state.current_player())["hand"]
    card = hand[0]
    assert written(state, f"défausse {card}") == written(state, f"jette {card}") \
        == f"discard {card}"
    with pytest.raises(NotationError, match="stopping"):  # a hand that cannot stop, here
        state.string_to_action(f"défausse {card} et j’arrête")
    before = state.clone()
    state.apply_action(state.string_to_action(f"Défausse {card}"))
    assert before.action_to_string(state.history()[-1]) == f"discard {card}"  # as recorded


def test_the_stop_and_the_partners_answer_in_french():
    from ludotheque.games.crypto_geo.game import notation

    assert notation("défausse Somme et j'arrête") == "discard Somme and stop"
    assert notation("jette côte-d'or j’arrête") == "discard côte-d'or and stop"
    assert notation("accepte") == "agree" and notation("refuse") == "refuse"
    assert notation("discard Oise") == "discard Oise"


def test_the_chain_game_moves_typed_in_french():
    rng = random.Random(4)
    state = ludotheque.load_game("crypto-geographique-chaine").new_initial_state()
    to_decision(state, rng)
    legal = [state.action_to_string(a) for a in state.legal_actions()]
    card = legal[0].removeprefix("lay ")
    assert written(state, f"pose {card}") == written(state, f"abats {card}") == f"lay {card}"
    state.apply_action(state.string_to_action(f"pose {card}"))
    assert written(state, "fini") == written(state, "j’ai fini") == "done"
    with reading("fr"), pytest.raises(NotationError, match="enchaîner"):
        state.string_to_action("pioche")  # having laid, one lays again or is done


@pytest.mark.parametrize("name", ["crypto-90", "crypto-geographique",
                                  "crypto-geographique-chaine"])
def test_a_whole_game_told_in_french(name):
    game = ludotheque.load_game(name, **({"goal": "rounds", "rounds": 1}
                                         if name == "crypto-90" else {}))
    state = game.new_initial_state()
    rng = random.Random(7)
    told = set()
    with reading("fr"):
        while not state.is_terminal():
            if state.is_chance_node():
                state.apply_action(state.sample_chance(rng))
            else:
                state.apply_action(rng.choice(state.legal_actions()))
            for player in (None, 0):
                told.add(state.describe_last(player))
        pictures = [game.manifest.render_view(game, state.observation(p)) for p in (0, 1)]
        told.discard("")
        assert told
        for sentence in told:
            assert not any(word in sentence for word in ENGLISH), sentence
        for picture in pictures:
            assert "points:" not in picture and "stock:" not in picture, picture
