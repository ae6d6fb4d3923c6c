"""A tiddlywinks shot told in words first (issue 37): where the counter went, in centimetres and
from the cup — into it, short of it, past it, wide of it, off the table, or only slid — in
English and in French; the notation folded beside it (the view's ``written``), and kept in the
record.

The shots are a steady hand's from red's start line through the whole engine; the numbers they
give are MuJoCo's, so these tests read a distance as a number, and check it against the view
where the sentence measures from the cup."""

from __future__ import annotations

import math
import re
from dataclasses import replace

import pytest

import ludotheque
from ludotheque.core.i18n import reading
from ludotheque.games.tiddlywinks.notation import Tremble
from ludotheque.games.tiddlywinks.words import heading, shot_words
from tests.test_tiddlywinks_rules import shoot, staged

#: A distance as a sentence writes it, in either decimal sign.
CM = r"(\d+[.,]\d) cm"


def shot(text: str, name: str = "cabriole", **options):
    """The state after ``text`` played from the start line by a steady hand."""
    state = ludotheque.load_game(name, hands="steady", **options).new_initial_state()
    return shoot(state, text)


def told(state) -> tuple[list[str], list[str]]:
    """The narration in English, then in French."""
    english = state.narrate()
    with reading("fr"):
        return english, state.narrate()


def reach(state) -> float:
    """How far from the cup's axis a counter's centre touches the cup, in centimetres."""
    game = state.game
    return (game.CUP.outer_radius + game.COUNTER.radius) * 100


def from_cup(state, counter: str) -> float:
    """How far the view puts a counter's centre from the cup's axis, in centimetres."""
    seen = next(c for c in state.observation(None)["counters"] if c["counter"] == counter)
    return math.hypot(seen["x"], seen["y"]) * 100


def test_a_pot_is_told_once_as_a_jump_into_the_cup():
    state = shot("red 2 aim cup pressure 0.50 steep 60")
    english, french = told(state)
    assert re.fullmatch(f"red 2 jumped {CM} and went into the cup", english[0])
    assert english[1:] == ["red shoots again (rule “another shot after a pot”)"]
    jumped = float(re.search(CM, english[0])[1])
    assert abs(jumped - 41.5) < 1.0  # from the start line, 41.5 cm from the cup's axis
    assert re.fullmatch(f"rouge 2 a sauté de {CM} et est entré dans la coupe", french[0])
    assert french[1] == "rouge rejoue (règle « on continue après un jeton dans la coupe »)"


@pytest.mark.parametrize("name", ["cabriole", "tiddledy-winks"])
def test_a_shot_short_of_the_cup_tells_how_short_from_the_cup_s_side(name):
    state = shot("red 2 aim cup pressure 0.30 steep 60", name)
    english, french = told(state)
    assert len(english) == 1  # the counter's own "moved" line is the first line now
    said = re.fullmatch(f"red 2 jumped {CM} towards the cup and stopped {CM} short of it",
                        english[0])
    assert said
    gap = float(said[2])
    assert abs(gap - (from_cup(state, "red 2") - reach(state))) <= 0.1
    assert re.fullmatch(f"rouge 2 a sauté de {CM} vers la coupe et s’est arrêté {CM} avant "
                        "d’y arriver", french[0])
    assert said[2].replace(".", ",") in french[0]  # the reader's decimal sign


def test_a_long_shot_flies_past_the_cup_and_says_how_far_beyond():
    state = shot("red 2 aim cup pressure 0.60 steep 60")
    english, french = told(state)
    said = re.fullmatch(f"red 2 jumped {CM}, flew past the cup and stopped {CM} beyond it",
                        english[0])
    assert said and len(english) == 1
    assert abs(float(said[2]) - (from_cup(state, "red 2") - reach(state))) <= 0.1
    assert state.observation(None)["counters"][1]["y"] > 0  # beyond: on blue's side
    assert re.fullmatch(f"rouge 2 a sauté de {CM}, a dépassé la coupe et s’est arrêté {CM} "
                        "au-delà", french[0])


def test_a_light_press_only_slides_and_a_thin_cloth_never_lifts():
    english, french = told(shot("red 2 aim cup pressure 0.05 steep 60"))
    assert re.fullmatch(f"red 2 only slid {CM}: pressed too lightly to rise", english[0])
    assert re.fullmatch(f"rouge 2 n’a fait que glisser de {CM} : pressé trop légèrement pour "
                        "sauter", french[0])
    english, french = told(shot("red 2 aim cup pressure 0.70 steep 60", cloth=1.0))
    assert re.fullmatch(f"red 2 only slid {CM}: the cloth is too thin to make it jump",
                        english[0])
    assert re.fullmatch(f"rouge 2 n’a fait que glisser de {CM} : le tapis est trop mince pour "
                        "le faire sauter", french[0])


def test_a_shot_off_the_table_tells_its_way_then_the_rule():
    english, french = told(shot("red 2 aim cup pressure 1.00 steep 60"))
    assert re.fullmatch(f"red 2 jumped {CM} and flew past the cup", english[0])
    assert english[1] == ("red 2 went off the table: back to the start line (rule “back to the "
                          "start line (off the table)”)")
    assert re.fullmatch(f"rouge 2 a sauté de {CM} et a dépassé la coupe", french[0])
    assert french[1].startswith("rouge 2 a roulé hors de la table : retour à la ligne de départ")
    english, french = told(shot("red 2 aim 270 pressure 0.40 steep 60"))  # backwards
    assert re.fullmatch(f"red 2 jumped {CM} away from the cup", english[0])
    assert english[1].startswith("red 2 went off the table")
    assert re.fullmatch(f"rouge 2 a sauté de {CM} en s’éloignant de la coupe", french[0])


@pytest.mark.parametrize(("aim", "side", "côté"), [("cup+8", "left", "gauche"),
                                                   ("cup-8", "right", "droite")])
def test_a_shot_wide_of_the_cup_says_on_which_side_as_its_player_faces_the_cup(aim, side, côté):
    state = shot(f"red 2 aim {aim} pressure 0.30 steep 60")
    english, french = told(state)
    said = re.fullmatch(f"red 2 jumped {CM} wide of the cup to the {side} and stopped {CM} "
                        "from it", english[0])
    assert said
    assert abs(float(said[2]) - (from_cup(state, "red 2") - reach(state))) <= 0.1
    x = state.observation(None)["counters"][1]["x"]
    assert (x < 0) == (side == "left")  # red sits at the bottom of the picture
    assert re.fullmatch(f"rouge 2 a sauté de {CM} à {côté} de la coupe et s’est arrêté à {CM} "
                        "de celle-ci", french[0])


def test_a_partner_s_counter_is_told_with_the_seat_that_played_it():
    state = staged("tiddledy-winks", {0: ("cloth", (0.0, -0.2))}, players=4, partners=True)
    state.position = replace(state.position, mover=2, freed=(True,) * 4)  # green, red's partner
    shoot(state, "red 1 aim cup pressure 0.20 steep 60")
    english, french = told(state)
    assert english[0] == "green played red 1"
    assert english[1].startswith("red 1 jumped ")
    assert french[0] == "vert a joué rouge 1"
    assert state.written()[0] == "green aimed: red 1 aim 90.0 pressure 0.20 steep 60"


def test_the_view_folds_the_notation_beside_the_words_and_the_record_keeps_the_notation():
    state = ludotheque.load_game("cabriole", hands="expert").new_initial_state()
    state.apply_action(state.string_to_action("red 2 aim 92.1 pressure 0.30 steep 60"))
    assert "written" not in state.observation(None)
    state.apply_action(Tremble.quantised(1.0, -0.5, 0.3, 0.0).id)
    view = state.observation(None)
    assert view["last"] == state.narrate() and view["last"][0].startswith("red 2 jumped ")
    aimed, hand = view["written"]
    assert aimed == "red aimed: red 2 aim 92.1 pressure 0.30 steep 60"
    assert re.fullmatch(r"the hand gave: red 2 aim \d+\.\d pressure \d\.\d\d steep \d+", hand)
    assert state.describe_last() == "; ".join(view["last"])  # the log's line, in words
    assert state.history_strings()[0] == "red 2 aim 92.1 pressure 0.30 steep 60"
    with reading("fr"):
        french = state.observation(None)
    assert french["written"][0] == "rouge a visé : rouge 2 vise 92,1 pression 0,30 inclinaison 60"
    assert french["written"][1].startswith("la main a donné : rouge 2 vise ")
    assert french["last"][0].startswith("rouge 2 a sauté de ")


def test_the_words_of_a_shot_from_its_geometry():
    # Red's counter 40 cm below the cup; the cup touched 3.5 cm from its axis.
    start = (0.0, -0.4)
    assert heading(start, (-0.02, -0.1), 0.035) == "towards"
    assert heading(start, (-0.1, -0.1), 0.035) == "left"
    assert heading(start, (0.1, -0.35), 0.035) == "right"
    assert heading(start, (0.05, -0.42), 0.035) == "away"
    assert shot_words("red 1", start, (0.0, -0.0352), "cloth", True, True, 0.035) == (
        "red 1 jumped 36.5 cm and stopped against the cup")
    assert shot_words("red 1", start, (0.0, 0.0), "potted", True, True, 0.035) == (
        "red 1 jumped 40.0 cm and went into the cup")
    assert shot_words("red 1", start, (0.0, -0.03), "rim", True, True, 0.035) == (
        "red 1 jumped 37.0 cm and came to rest on the cup's rim")
    assert shot_words("red 1", start, (0.0, -0.4002), "cloth", False, False, 0.035) == (
        "red 1 did not move: the cloth is too thin to make it jump")
    assert shot_words("red 1", start, (-0.1, -0.1), "cloth", True, True, 0.035) == (
        "red 1 jumped 31.6 cm wide of the cup to the left and stopped 10.6 cm from it")
    with reading("fr"):
        assert shot_words("rouge 1", start, (-0.1, -0.1), "cloth", True, True, 0.035) == (
            "rouge 1 a sauté de 31,6 cm à gauche de la coupe et s’est arrêté à 10,6 cm de "
            "celle-ci")
        assert shot_words("rouge 1", start, (0.0, -0.03), "rim", True, True, 0.035) == (
            "rouge 1 a sauté de 37,0 cm et s’est arrêté sur le bord de la coupe")
