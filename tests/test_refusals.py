"""A refused move gives its reason (issue 18): the rule that forbids it, by the name its rules
doc gives it, in the one sentence every front end shows; the game is left as it was.

Each case builds or plays to a position, types a move, and checks the sentence, that the rule's
name stands in the first column of the doc's tables, and that nothing changed.
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable
from dataclasses import replace
from pathlib import Path

import pytest

import ludotheque
from ludotheque.core.errors import IllegalMoveError, NotationError
from ludotheque.core.game import State
from ludotheque.games.crypto90.rules import FAKIR
from ludotheque.games.jacquet.game import JacquetState
from ludotheque.games.jacquet.position import Position
from ludotheque.games.tiddlywinks.notation import Shot
from ludotheque.games.tiddlywinks.table import FLAT
from tests.helpers import play
from tests.test_tiddlywinks_rules import covered_state, staged

DOCS = Path(__file__).parent.parent / "docs" / "rules"
SHOT = "aim cup pressure 0.3 steep 60"


def dealt(name: str, seed: int = 5, **options) -> State:
    """A card game dealt at random (``seed``) up to its first decision."""
    state = ludotheque.load_game(name, **options).new_initial_state()
    rng = random.Random(seed)
    while state.is_chance_node():
        state.apply_action(state.sample_chance(rng))
    return state


def jacquet(position: str, reading: str = "moulidars-1840") -> State:
    return JacquetState(ludotheque.load_game("jacquet", reading=reading), Position.parse(position))


def opening(*moves: str) -> Callable[[], State]:
    return lambda: play(ludotheque.load_game("jacquet").new_initial_state(), "white first", *moves)


def dames() -> State:
    # White threw terne and keeps the dice; eight of his checkers are still to knock down.
    game = ludotheque.load_game("dames-rabattues")
    return play(game.new_initial_state(), "white first", "throw", "3-3")


def crypto90() -> State:
    """Crypto-90 dealt, the player to move holding no fakir (his turn owes nothing to them)."""
    state = dealt("crypto-90")
    state.table = replace(state.table, held=(0,) * len(state.table.held))
    return state


def crypto90_pile_fakir() -> State:
    state = crypto90()
    state.table = replace(state.table, pile=(*state.table.pile[:-1], FAKIR))
    return state


def crypto90_from_pile() -> State:
    state = crypto90()
    state.table = replace(state.table, pile=(*state.table.pile[:-1], 45))
    return play(state, "pile")


def geo_discarding() -> State:
    return play(dealt("crypto-geographique"), "pile")


def geo_no_stop(state: State) -> str:
    """A card of the hand whose discard leaves no complet, nor a carré and a brelan."""
    from ludotheque.games.crypto_geo.game import DISCARD_AND_STOP, card_name

    hand = state.round.hands[state.round.to_move]
    card = next(c for c in hand if DISCARD_AND_STOP + c not in state.legal_actions())
    return f"discard {card_name(card)} and stop"


def chain_off_card(state: State) -> str:
    """A card of the hand that does not touch the visible one."""
    from ludotheque.games.crypto_geo.game import card_name

    c = state.chain
    return f"lay {card_name(next(k for k in c.hands[c.to_move] if k not in c.playable()))}"


def in_the_cup(name: str, **options) -> State:
    return staged(name, {0: ("cup", (0.0, 0.0, 0.005, *FLAT))}, **options)


def off_the_line(name: str) -> State:
    # Red 1 has left the start line, red 2–4 have not: red plays from the line.
    return staged(name, {0: ("cloth", (0.2, 0.0))})


def out_of_reach() -> State:
    # As in test_tiddlywinks_rules: green's counter by red's seat is red's to play, not green's.
    free = {k: ("cloth", (0.0, -0.3 + 0.02 * (k % 4))) for k in range(16) if k // 4 in (0, 2)}
    free[8] = ("cloth", (0.05, -0.40))
    state = staged("cabriole", free, players=4, camps=True, reach=60.0)
    state.position = replace(state.position, mover=2, freed=(True, False, True, False))
    return state


def dead_in_the_ring() -> State:
    return staged("tiddledy-winks", {0: ("dead", (0.03, 0.0))}, variation="I")


def due_back() -> State:
    state = staged("tiddledy-winks", {k: ("cloth", (0.2, 0.03 * k)) for k in range(4)},
                   variation="II")
    state.position = replace(state.position, due=frozenset({1}))
    return state


#: (rule set, the position, what is typed — or a function of the state writing it —, the rule
#: named, words of the reason).
CASES = [
    ("jacquet", opening("6-2"), "1/5", "a die moves one checker", "dice left are 6 and 2"),
    ("jacquet", opening("6-2"), "4/7", "a die moves one checker", "no checker on point 4"),
    ("jacquet", opening("6-2"), "9/3", "the course", "forward only"),
    ("jacquet", opening("6-2", "1/7"), "1/3", "the courier", "no second checker leaves the talon"),
    ("jacquet", lambda: jacquet("1x14,7 1x15 move:white:6-1:6,1"), "7/13", "no hitting",
     "the opponent holds point 13"),
    ("jacquet", lambda: jacquet("1x14,7 1x15 move:white:6-1:6,1", "dlp-summary"), "1/7",
     "no pairing before the courier", "you hold point 7 already"),
    ("jacquet", lambda: jacquet("1x14,7 1x15 move:white:6-1:6,1", "dlp-summary"), "7/13",
     "hitting (DLP)", "two checkers or more"),
    ("jacquet", lambda: jacquet("18x1,19x14 1x15 move:white:6-1:6,1"), "19/off", "bearing off",
     "all fifteen are in the fourth table"),
    ("jacquet", lambda: jacquet("19x1,20x14 1x15 move:white:6-1:6,1"), "20/off",
     "a lower checker", "the 6 bears off the checker on point 19"),
    ("jacquet", lambda: jacquet("23x1,24x14 1x15 move:white:2-1:2,1"), "23/24",
     "bearing off is compulsory", "the 1 can bear a checker off"),
    ("jacquet", lambda: jacquet("bar1,1x13,7 1x15 move:white:6-1:6,1", "dlp-summary"), "1/2",
     "entering again (DLP)", "a checker on the bar enters before any other moves"),
    ("jacquet", lambda: jacquet("bar1,1x13,7 1x15 move:white:6-1:6,1", "dlp-summary"), "bar/1",
     "play all the dice you can", "another play uses more of the dice"),
    ("dames-rabattues", dames, "6-6", "a throw", "thrown, not chosen"),
    ("dames-rabattues", dames, "raise 3", "nothing raised before all are down",
     "white has 8 checkers still to knock down"),
    ("dames-rabattues", dames, "12", "doublets are two numbers", "never added"),
    ("dames-rabattues", dames, "knock 4", "die n, pile n", "the dice choose the piles"),
    ("dames-rabattues", dames, "pass", "doublets keep the dice", "white threw a doublet"),
    ("crypto-90", crypto90, "row 3", "a turn", "take the top of the stock or of the pile"),
    ("crypto-90", crypto90, "hypnotise south 2", "hypnotise", "you hold no fakir"),
    ("crypto-90", crypto90, "swap row 1 row 2", "the row stays", "no card of a row is moved"),
    ("crypto-90", crypto90_pile_fakir, "pile", "a fakir on the pile", "the top of the pile is a "
     "fakir"),
    ("crypto-90", crypto90_from_pile, "reject", "rejecting a stock card",
     "a card taken from the pile must be exchanged"),
    ("crypto-90", crypto90_from_pile, "stock", "a turn", "the 45 taken is to be exchanged"),
    ("crypto-geographique", lambda: dealt("crypto-geographique"), "discard Ain", "a turn",
     "take the visible card"),
    ("crypto-geographique", lambda: dealt("crypto-geographique"), "agree", "teams",
     "no partner has asked to stop"),
    ("crypto-geographique", geo_discarding, "discard F", "fakirs", "a fakir is exposed at once"),
    ("crypto-geographique", geo_discarding, geo_no_stop, "stopping",
     "make neither a complet nor a carré and a brelan"),
    ("crypto-geographique-chaine", lambda: dealt("crypto-geographique-chaine"), "draw",
     "the penalty draw", "only a player with nothing that touches"),
    ("crypto-geographique-chaine", lambda: dealt("crypto-geographique-chaine"), "lay F", "fakirs",
     "never laid"),
    ("crypto-geographique-chaine", lambda: dealt("crypto-geographique-chaine"), chain_off_card,
     "following", "does not touch"),
    ("crypto-geographique-chaine", lambda: dealt("crypto-geographique-chaine"), "done",
     "following", "a turn begins by laying a card"),
    ("cabriole", covered_state, f"red 1 {SHOT}", "covered",
     "red 1 is covered by an opponent's counter"),
    ("cabriole", covered_state, f"blue 1 {SHOT}", "no touching", "blue 1 is an opponent's"),
    ("cabriole", covered_state, "pass", "covered", "a player passes only when"),
    ("cabriole", lambda: off_the_line("cabriole"), f"red 1 {SHOT}", "from the line first",
     "until all your counters have left the start line"),
    ("cabriole", lambda: in_the_cup("cabriole"), f"red 1 {SHOT}", "the cup", "red 1 is in the cup"),
    ("cabriole", out_of_reach, f"green 1 {SHOT}", "reach", "green 1 is out of your reach"),
    ("tiddledy-winks", lambda: covered_state("tiddledy-winks"), f"red 1 {SHOT}", "covered",
     "red 1 is covered by an opponent's counter"),
    ("tiddledy-winks", lambda: covered_state("tiddledy-winks"), f"blue 1 {SHOT}",
     "no touching, no covering on purpose", "blue 1 is an opponent's"),
    ("tiddledy-winks", lambda: off_the_line("tiddledy-winks"), f"red 1 {SHOT}",
     "from the line first", "until all your counters have left the start line"),
    ("tiddledy-winks", lambda: in_the_cup("tiddledy-winks"), f"red 1 {SHOT}", "the cup",
     "red 1 is in the cup"),
    ("tiddledy-winks", dead_in_the_ring, f"red 1 {SHOT}", "Variation I", "dead in the ring"),
    ("tiddledy-winks", due_back, f"red 1 {SHOT}", "Variation II",
     "a counter sent back to the start line is to be played out first"),
]


def doc_rules(name: str) -> set[str]:
    """The rule names of a rule set's doc: the first column of its tables."""
    game = ludotheque.load_game(name)
    text = (DOCS / f"{game.manifest.doc or name}.md").read_text(encoding="utf-8")
    return {line.split("|")[1].strip() for line in text.splitlines() if line.startswith("| ")}


def snapshot(state: State) -> tuple:
    seat = state.current_player()
    return (state.history(), json.dumps(state.observation(seat), sort_keys=True, default=str),
            state.legal_actions())


@pytest.mark.parametrize(("game", "build", "typed", "rule", "why"), CASES,
                         ids=[f"{c[0]}-{c[3]}-{c[2] if isinstance(c[2], str) else c[2].__name__}"
                              for c in CASES])
def test_a_refused_move_names_the_rule_of_the_doc(game, build, typed, rule, why):
    state = build()
    text = typed if isinstance(typed, str) else typed(state)
    before = snapshot(state)
    with pytest.raises(NotationError) as error:
        state.string_to_action(text)
    said = str(error.value)
    assert said.endswith(".") and "\n" not in said and said.count("; legal: ") == 1, said
    assert said.startswith(f"{text!r} is not ") and f'by the rule "{rule}": ' in said, said
    assert why in said, said
    assert rule in doc_rules(game), f"{rule!r} is not a rule of docs/rules for {game}"
    assert snapshot(state) == before


@pytest.mark.parametrize("game", sorted({c[0] for c in CASES}))
def test_every_rule_set_names_at_least_three_rules(game):
    assert len({c[3] for c in CASES if c[0] == game}) >= 3
    assert len({c[0] for c in CASES}) == len(ludotheque.games())


def test_an_action_id_refused_names_the_rule_too():
    state = opening("6-2", "1/7")()
    courier = 1 * 6 + 2 - 1  # 1/3: origin × 6 + die − 1
    with pytest.raises(IllegalMoveError, match='by the rule "the courier"'):
        state.apply_action(courier)
    shot = covered_state()
    with pytest.raises(IllegalMoveError, match='by the rule "another shot after a pot"'):
        shot.apply_action(Shot.quantised(1, 0.0, 0.0, 45).id)


@pytest.mark.parametrize(
    ("typed", "answer"),
    [("1/3 3/9", "'1/3 3/9' plays 2 dice and a decision here plays one die: enter 1/3 now, "
                 "then 3/9."),
     ("1/9", "'1/9' plays 2 dice and a decision here plays one die: enter 1/7 now, then 7/9.")],
)
def test_two_dice_typed_at_once_are_answered_with_how_to_enter_them(typed, answer):
    state = opening("6-2")()
    with pytest.raises(NotationError) as error:
        state.string_to_action(typed)
    assert str(error.value) == answer


def test_two_dice_typed_at_once_are_one_decision_by_pairs():
    game = ludotheque.load_game("jacquet", granularity="pair")
    state = play(game.new_initial_state(), "white first", "6-2")
    assert state.action_to_string(state.string_to_action("1/3 3/9")) == "1/7 7/9"


def test_text_that_names_no_move_keeps_the_notation_error():
    state = dames()
    with pytest.raises(NotationError) as error:
        state.string_to_action("hello")
    assert str(error.value) == "'hello' is not a legal move here; legal: throw."
