"""Every worked example of Moulidars' text (pp. 183–184), replayed through the protocol.

Positions are written in the notation of ``ludotheque.games.jacquet.position``: White's side,
Black's side (each in his own numbering, talon = 1), then the stage. In every position below,
Black's talon (Black's point 1) is White's point 13.
"""

from __future__ import annotations

import pytest

import ludotheque
from ludotheque.games.jacquet.game import JacquetState
from ludotheque.games.jacquet.position import Position
from ludotheque.games.jacquet.rules import MOULIDARS, complete_plays, dice_of
from tests.helpers import play


def state_at(position: str, **options: object) -> JacquetState:
    game = ludotheque.load_game("jacquet", **options)
    return JacquetState(game, Position.parse(position))


def plays_of(position: str, throw: str) -> set[str]:
    """Every complete play of ``throw``, each written as its steps in the order played."""
    board = Position.parse(position).board
    high, low = (int(d) for d in throw.split("-"))
    plays = complete_plays(board, 0, dice_of(high, low), MOULIDARS)
    return {" ".join(map(str, steps)) for steps in plays.values()}


def legal_words(state: JacquetState) -> list[str]:
    return [state.action_to_string(a) for a in state.legal_actions()]


def test_first_throw_sonnez_plays_a_single_six():
    # «Si au premier coup on amenait sonnez, on ne pourrait jouer qu'un 6, le second étant occupé
    # par les piles de l'adversaire et une seconde dame ne pouvant jouer avant que la première
    # soit rentrée.»
    state = play(ludotheque.load_game("jacquet").new_initial_state(), "white first", "6-6")
    assert legal_words(state) == ["1/7"]
    play(state, "1/7")
    assert str(state) == "1x14,7 1x15 dice:black"
    assert state.describe_last() == "white plays 1/7; the other 6s cannot be played."
    assert plays_of("1x15 1x15 lot", "6-6") == {"1/7"}


def test_first_throw_terne_plays_nine():
    # «Si, au premier coup on amène terne, on ne peut jouer que 9, parce que le second 6 est
    # occupé par l'adversaire et que l'on ne peut sortir deux dames.»
    state = play(ludotheque.load_game("jacquet").new_initial_state(), "black first", "3-3")
    play(state, "1/4", "4/7", "7/10")
    assert str(state) == "1x15 1x14,10 dice:white"
    assert plays_of("1x15 1x15 lot", "3-3") == {"1/4 4/7 7/10"}


def test_sonnez_after_the_courier_makes_wood():
    # «Mais si l'on amène sonnez après avoir déjà rentré une dame et si l'on n'a pas, en ce
    # moment, d'autre 6 que celui du coin correspondant aux piles de l'adversaire, on fait du
    # bois, c'est à dire que l'on abat 4 dames pour marquer tous les 6.»
    position = "1x14,20 1x15 dice:white"
    assert plays_of(position, "6-6") == {"1/7 1/7 1/7 1/7"}
    state = play(state_at(position), "6-6", "1/7", "1/7", "1/7", "1/7")
    assert str(state) == "1x10,7x4,20 1x15 dice:black"


def test_terne_after_the_courier():
    # «Mais si l'on amène terne lorsque l'on a déjà rentré une dame, on joue 4 dames sur 3, ou
    # bien on marque 12 avec une dame sur 3 et une dame sur 9; ou encore avec deux dames sur 6.»
    position = "1x14,20 1x15 dice:white"
    boards = {
        str(Position.of(board))
        for board in complete_plays(Position.parse(position).board, 0, (3, 3, 3, 3), MOULIDARS)
    }
    assert "1x10,4x4,20 1x15 lot" in boards  # four checkers by 3
    assert "1x12,4,10,20 1x15 lot" in boards  # one by 3, one by 9
    assert "1x12,7x2,20 1x15 lot" in boards  # two by 6
    for steps in (["1/4"] * 4, ["1/4", "1/4", "4/7", "7/10"], ["1/4", "4/7", "1/4", "4/7"]):
        play(state_at(position), "3-3", *steps)


def test_bearing_off_six_and_three():
    # «si l'on amène 6 et 3, on sort, pour le 6, une dame placée sur la 1re flèche de gauche,
    # et pour le 3, une dame placée sur la 4e flèche de gauche.» The 1st point from the left of
    # the fourth table is the 6-point (White's 19), the 4th is the 3-point (White's 22).
    position = "19x3,20x3,21x3,22x3,23x3 1x15 dice:white"
    state = play(state_at(position), "6-3", "19/off", "22/off")
    assert str(state) == "19x2,20x3,21x3,22x2,23x3,off2 1x15 dice:black"
    # Bearing off is compulsory by default: that is the only play. As an option a die may move
    # a checker inside the table instead (19/22 for the 3, say).
    assert plays_of(position, "6-3") == {"19/off 22/off"}
    state = play(state_at(position, bearing_off="optional"), "6-3")
    assert "19/22" in legal_words(state)


def test_no_six_bears_off_the_five_or_failing_it_the_four():
    # «Supposons que l'on amène 6 et 3 et que l'on n'ait pas de 6; on sortira le 5 ou à son
    # défaut le 4 et ainsi de suite»
    state = play(state_at("20x3,21x3,22x3,23x3,24x3 1x15 dice:white"), "6-3")
    assert "20/off(6)" in legal_words(state)
    assert "21/off(6)" not in legal_words(state)  # the 5 first, not any lower checker
    state = play(state_at("21x5,22x5,23x5 1x15 dice:white"), "6-3")
    assert "21/off(6)" in legal_words(state)
    play(state, "21/off(6)", "22/off")


def test_three_with_no_three_two_or_ace_moves_a_higher_checker():
    # «Ayant amené 3, si l'on n'a ni 3, ni 2, ni as, on est tenu de faire marcher 4, 5, ou 6 et
    # de les avancer de 3 flèches vers la sortie.» — «quand on n'a pas de dame inférieure, on
    # est forcé de jouer une dame supérieure et de la faire avancer du nombre amené.»
    state = play(state_at("19x5,20x5,21x5 1x15 dice:white"), "3-3")
    assert legal_words(state) == ["19/22", "20/23", "21/24"]


def test_no_hitting_a_point_held_by_the_opponent_is_closed():
    # «l'adversaire ne pouvant se placer sur une flèche occupée; on retarde ainsi sa marche.»
    # Black's lone checkers on his 19–23 stand on White's 7–11: White's courier on 5 can only
    # play an ace.
    state = play(state_at("1x14,5 1x10,19,20,21,22,23 dice:white"), "3-1")
    assert legal_words(state) == ["5/6"]
    play(state, "5/6")
    assert state.describe_last() == "white plays 5/6; the 3 cannot be played."


def test_a_cochonnet_loses_and_the_multiple_game():
    # «Les dames qui ne peuvent atteindre la 4e table reçoivent le nom de cochonnets. Le joueur
    # a qui reste un cochonnet a perdu.» — «on peut convenir qu'elle serait double, si le
    # perdant rentrait toutes ses dames dans la 4e partie… sans en sortir une seule…; triple,
    # s'il restait des dames dans la 3e partie; quadruple, s'il en restait dans la 2e;
    # quintuple, s'il en restait dans la 1e, c'est-à-dire dans celle qui a le talon.»
    # Black bears off his last checker; White is the loser.
    cases = {
        "20x14,off1 off14,24 dice:black": 1,  # White has borne one off: simple
        "20x15 off14,24 dice:black": 2,  # all in his fourth table, none off: double
        "13,20x14 off14,24 dice:black": 3,  # one still in his third table
        "7,20x14 off14,24 dice:black": 4,
        "1,20x14 off14,24 dice:black": 5,  # one still in the talon's table
    }
    for position, stake in cases.items():
        for scoring, expected in (("simple", 1), ("multiple", stake)):
            state = play(state_at(position, scoring=scoring), "1-1", "24/off")
            assert state.is_terminal()
            assert state.returns() == [-expected, expected]
    state = play(state_at("1,20x14 off14,24 dice:black", scoring="multiple"), "1-1", "24/off")
    assert state.describe_last() == (
        "black plays 24/off; black has borne off all fifteen and wins a quintuple game, and "
        "white has 1 cochonnet."
    )


@pytest.mark.parametrize("reading", ["moulidars-1840", "dlp-summary"])
def test_doublets_count_double(reading):
    # «Les doublets comptent doubles; c'est-à-dire que si l'on amène quine, qui vaut 10 points,
    # on compte 20 points et l'on en profite pour faire franchir 20 flèches à une dame.»
    state = play(
        ludotheque.load_game("jacquet", reading=reading).new_initial_state(),
        "white first",
        "5-5",
        "1/6",
        "6/11",
        "11/16",
        "16/21",
    )
    assert str(state) == "1x14,21 1x15 dice:black"
