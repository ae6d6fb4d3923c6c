"""Cabriole and Tiddledy Winks read in French (issue 36): the narration in words and the
notation beside it with decimal commas (issue 37: ``test_tiddlywinks_narration.py``), the
refusals, the account, the answers to ``?`` and the terminal's table in the sources' words; moves
typed in French, still written in the one notation; English unchanged."""

from __future__ import annotations

from dataclasses import replace

import pytest

import ludotheque
from ludotheque.core.errors import NotationError, OptionError
from ludotheque.core.i18n import reading
from ludotheque.games.tiddlywinks.notation import PASS
from ludotheque.play.help import answer
from tests.test_tiddlywinks_rules import EDGE_OF_LAKE, covered_state, pot_last, shoot, staged


def lake_shot(**options):
    state = staged("cabriole", {0: ("cloth", EDGE_OF_LAKE)}, **options)
    state.position = replace(state.position, freed=(True, False))
    return shoot(state, "red 1 aim 0 pressure 0.01 steep 45")


def test_the_narration_of_a_shot_is_told_in_the_reader_s_words_and_decimal_sign():
    state = lake_shot()
    english = state.describe_last()
    assert english.startswith("red 1 did not move: pressed too lightly to rise; ")
    assert "red 1 fell in the lake: back to the start line (rule “back to the start line " \
        "(lake)”)" in english
    assert state.written() == ["red aimed: red 1 aim 0.0 pressure 0.01 steep 45",
                               "the hand gave: red 1 aim 0.0 pressure 0.01 steep 45"]
    with reading("fr"):
        french, written = state.describe_last(), state.written()
    assert french.startswith("rouge 1 n’a pas bougé : pressé trop légèrement pour sauter ; ")
    assert "rouge 1 est tombé dans le lac : retour à la ligne de départ (règle « retour à la " \
           "ligne de départ (lac) »)" in french
    # The notation beside, in the words and decimal sign a French reader may type.
    assert written == ["rouge a visé : rouge 1 vise 0,0 pression 0,01 inclinaison 45",
                       "la main a donné : rouge 1 vise 0,0 pression 0,01 inclinaison 45"]
    assert state.describe_last() == english  # the language is the reader's, not the state's


def test_a_counter_lost_in_the_lake_is_told_in_french():
    with reading("fr"):
        said = lake_shot(lake="lost", fine=2.0).describe_last()
    assert "rouge 1 est tombé dans le lac : irrévocablement perdu (règle « perdu dans le lac »)" \
        in said


def test_the_pool_s_account_in_french():
    state = pot_last("cabriole", price=0.5)
    assert state.account()[1] == "red: +2.50 stakes (4/4 in the cup)"
    with reading("fr"):
        assert state.account() == ["rouge gagne la poule",
                                   "rouge : +2,50 mises (4/4 dans la coupe)",
                                   "bleu : -2,50 mises (1/4 dans la coupe)"]


def test_a_refusal_names_the_rule_and_the_counter_in_french():
    state = covered_state()
    with reading("fr"), pytest.raises(NotationError) as refused:
        state.string_to_action("red 1 aim cup pressure 0.3 steep 60")
    said = str(refused.value)
    assert "couvert" in said and "rouge 1 est couvert par un jeton adverse" in said
    with reading("fr"), pytest.raises(NotationError, match="pression va de 0,01"):
        state.string_to_action("red 2 aim cup pressure 2 steep 60")


@pytest.mark.parametrize("name", ["cabriole", "tiddledy-winks"])
def test_a_shot_typed_in_french_is_the_same_shot_in_the_one_notation(name):
    state = ludotheque.load_game(name, hands="steady").new_initial_state()
    english = state.string_to_action("red 2 aim cup+2 pressure 0.35 steep 60")
    with reading("fr"):
        assert state.string_to_action("rouge 2 vise coupe+2 pression 0,35 inclinaison 60") \
            == english
    assert state.string_to_action("Rouge 2 vise coupe + 2 pression 0,35 inclinaison 60") \
        == english
    assert state.action_to_string(english).startswith("red 2 aim ")


def test_passe_typed_in_french_passes():
    state = covered_state()
    cup = (0.0, 0.0, 0.005, 1.0, 0.0, 0.0, 0.0)
    counters = list(state.position.counters)
    for k in (1, 2, 3):
        counters[k] = replace(counters[k], place="cup", pose=cup)
    state.position = replace(state.position, counters=tuple(counters))
    assert state.string_to_action("passe") == PASS == state.string_to_action("pass")
    assert state.action_to_string(PASS) == "pass"


def test_questions_are_answered_in_french_and_may_be_asked_in_french():
    game = ludotheque.load_game("tiddledy-winks")
    state = game.new_initial_state()
    english = answer(game, "red 2", state).text
    assert english.startswith("red 2 lies on the start line, 30.1 cm from the cup's centre")
    with reading("fr"):
        assert answer(game, "rouge 2", state).text.startswith(
            "rouge 2 est sur la ligne de départ, à 30,1 cm du centre de la coupe")
        shot = answer(game, "coup", state).text
        assert "La ligne de départ est à 30,1 cm de la coupe" in shot
        assert "'red 3 aim cup pressure" in shot  # the notation stays as typed


def test_the_terminal_table_is_drawn_in_french():
    game = ludotheque.load_game("cabriole")
    view = game.new_initial_state().observation(0)
    with reading("fr"):
        drawn = game.manifest.render_view(game, view)
    assert "tour 1 : à rouge de jouer" in drawn
    assert "vous pouvez jouer : rouge 1, rouge 2, rouge 3, rouge 4" in drawn
    assert "→ rouge 1   sur la ligne de départ, à  41,5 cm de la coupe" in drawn
    assert "turn 1: red to play" in game.manifest.render_view(game, view)


def test_an_impossible_option_is_refused_in_french():
    with reading("fr"), pytest.raises(OptionError, match="les camps demandent 4 ou 6 joueurs"):
        ludotheque.load_game("cabriole", players=3, camps=True)
