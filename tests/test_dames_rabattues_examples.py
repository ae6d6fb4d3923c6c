"""The worked examples of the 1792 text, replayed move by move from the opening position.

Paragraph numbers are those of docs/rules/dames-rabattues.md.
"""

from __future__ import annotations

import pytest

import ludotheque
from tests.helpers import play, steer


def test_opening_six_and_ace(dames):
    # ¶8–¶9: «rabat d'abord la dame empilée sur la première flèche, & joue par ce moyen son as.
    # II rabat pareillement une des trois dames qui sont sur la sixième flèche».
    state = play(dames.new_initial_state(), "white first", "throw", "6-1")
    assert str(state.position) == "k011221 k111222 throw:black"
    assert state.describe_last() == "white throws 6-1 (coup simple): white knocks down 6 and 1."


@pytest.mark.parametrize(
    ("doublet", "name", "after"),
    [("3-3", "terne", "k010221 k110222"), ("2-2", "double deux", "k001221 k101222")],
)
def test_opponent_doublet_after_six_and_ace(dames, doublet, name, after):
    # ¶11: «S'il vient à amener un doublet, tel que terne ou double deux, comme il n'y a sur les
    # cases du trois & du deux, qu'une dame à abattre, l'autre joueur en abat une pour lui; mais,
    # comme les doublets conservent le dé au joueur qui les amène, celui-ci joue une seconde fois».
    state = play(dames.new_initial_state(), "white first", "throw", "6-1", "throw", name)
    assert str(state.position) == f"{after} throw:black"
    n = doublet[0]
    assert state.describe_last() == (
        f"black throws {doublet} ({name}): "
        f"black knocks down {n}; white knocks down {n} for himself."
    )


def test_two_and_ace_three_times(dames):
    # ¶13: «un des joueurs amène deux & as, qu'il joue : son adversaire amène ensuite les mêmes
    # dés, qu'il joue aussi : celui qui a d'abord joué, joue de nouveau & amène encore deux & as :
    # alors aucun des joueurs ne joue».
    state = play(dames.new_initial_state(), "white first", "throw", "2-1", "throw", "2-1")
    assert str(state.position) == "k001222 k001222 throw:white"
    play(state, "throw", "2-1")
    assert str(state.position) == "k001222 k001222 throw:black"
    assert state.describe_last() == "white throws 2-1 (coup simple): nobody can play 2 and 1."


# A game steered to the position of ¶19–¶20: White has knocked everything down; Black has
# knocked down his ace, deux and trois and has «encore un cinq ou un six à rabattre».
TO_THE_RAISING = [
    ("white first", "k111222 k111222 throw:white"),
    ("6-5", "k111211 k111222 throw:black"),
    ("3-2", "k111211 k100222 throw:white"),
    ("6-5", "k111200 k100222 throw:black"),
    ("4-1", "k111200 k000122 throw:white"),
    ("4-3", "k110100 k000122 throw:black"),
    ("5-4", "k110100 k000012 throw:white"),
    ("4-2", "k100000 k000012 throw:black"),
    ("6-5", "k100000 k000001 throw:white"),
    # White's ace is his last knock-down; his 2 he cannot play, nor can Black (¶12).
    ("2-1", "r222333 k000001 throw:black"),
]

#: Black then throws 3-2 and can play neither number. White, now raising, raises both for himself
#: (¶12) — except under ``passing=kind``, where numbers thrown while knocking down are only
#: ever knocked down, and nobody plays them.
WHITE_AFTER_BLACKS_3_2 = {"exception": "r211333", "general": "r211333", "kind": "r222333"}


def steer_to_raising(game):
    state = game.new_initial_state()
    for move, position in TO_THE_RAISING:
        if not state.is_chance_node():
            play(state, "throw")
        play(state, move)
        assert str(state.position) == position, move
    return state


@pytest.mark.parametrize("passing", ["exception", "general", "kind"])
def test_beset_twice_while_raising_and_the_exception(passing):
    # Every reading of ¶12/¶20 that the doc weighs plays this example as the text says.
    state = steer_to_raising(ludotheque.load_game("dames-rabattues", passing=passing))
    play(state, "throw", "3-2")
    white = WHITE_AFTER_BLACKS_3_2[passing]
    assert str(state.position) == f"{white} k000001 throw:white"
    raised = "r0" + white[2:]
    # ¶19: «quand il amène un beset, il lève les deux dames de la première case, &, parce qu'il a
    # amené un doublet, il joue une seconde fois».
    play(state, "throw", "beset")
    assert str(state.position) == f"{raised} k000001 throw:white"
    assert state.describe_last() == "white throws 1-1 (beset): white raises 1 and 1."
    # ¶19: «s'il amène encore un beset, il ne lève rien, attendu qu'il ne peut pas jouer tout
    # d'une, en prenant une dame sur la seconde case»; ¶20: «il ne doit rien lever ni vous non
    # plus». Point 2 keeps its two checkers, and Black plays nothing.
    play(state, "throw", "beset")
    assert str(state.position) == f"{raised} k000001 throw:white"
    assert state.describe_last() == "white throws 1-1 (beset): nobody can play 1 and 1."


@pytest.mark.parametrize(
    ("passing", "white"),
    [("exception", "r211333"), ("general", "r211333"), ("kind", "r222333"), ("none", "r222333")],
)
def test_the_kind_of_move_passes(passing, white):
    # Where passing=kind parts from exception and general: the thrower is knocking down, his
    # opponent raising. Black (only his six left to knock down) throws 3-2 and can play neither
    # number. Under ¶12, read generally or with ¶20's exception, White raises both for himself;
    # if a number keeps the kind of move it was thrown for, a knocking-down number is never
    # raised, and nobody plays it.
    game = ludotheque.load_game("dames-rabattues", passing=passing)
    state = steer(game, [move for move, _ in TO_THE_RAISING] + ["3-2"])
    assert str(state.position) == f"{white} k000001 throw:white"
    if white == "r222333":
        assert state.describe_last() == "black throws 3-2 (coup simple): nobody can play 3 and 2."
    else:
        assert state.describe_last() == (
            "black throws 3-2 (coup simple): white raises 3 and 2 for himself."
        )


@pytest.mark.parametrize(
    ("passing", "black"),
    [("exception", "k100000"), ("general", "r222333"), ("kind", "k100000"), ("none", "k100000")],
)
def test_the_exception_against_the_general_rule(passing, black):
    # ¶20 under each reading. White is raising with nothing left on point 1; Black is still
    # knocking down and has his ace up. White's second beset: under the 1792 exception Black
    # may not play it; under the general rule (¶12) he knocks his ace down with it; under
    # passing=kind it is a raising number, which Black, still knocking down, may not play.
    game = ludotheque.load_game("dames-rabattues", passing=passing)
    moves = ["white first", "6-5", "6-5", "6-5", "4-3", "4-3", "4-2", "4-2", "6-5", "2-1"]
    state = steer(game, moves)
    assert str(state.position).split()[1] == "k100000"
    play(state, "throw", "6-5", "throw", "1-1")
    # Black's 6-5, thrown while knocking down, is raised by White unless nobody plays it.
    white = "r022322" if passing in ("exception", "general") else "r022333"
    assert str(state.position) == f"{white} k100000 throw:white"
    play(state, "throw", "1-1")
    assert str(state.position) == f"{white} {black} throw:white"
