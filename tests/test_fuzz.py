"""Fuzzing the three readers of what people and files give the library (issue 16): the move
reader (``string_to_action``) of every rule set at states along seeded random games, the option
reader (``load_game(name, option=value)``) for every declared option, and the record reader
(``Record.from_json(text).replay()``). Each is fed arbitrary text, and mutations of what it
reads well (characters inserted, deleted or replaced, digits swapped for ``²`` and other
characters Python calls digits, numbers made huge, ``nan``, ``inf``); only the library's own
errors may come out, each one sentence, and a refused move leaves the state as it was.

Examples are derandomised (tests/conftest.py), and few enough that the file takes seconds."""

from __future__ import annotations

import functools
import json
import random
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

import ludotheque
from ludotheque.core.errors import LudothequeError
from ludotheque.core.game import State
from ludotheque.core.record import Record
from ludotheque.core.registry import game_class, games

#: A few option sets per rule set, beyond the defaults: more seats, the other readings.
OPTION_SETS: dict[str, list[dict[str, Any]]] = {
    "crypto-90": [{}, {"players": 4, "laying": "chosen", "tens": "0-9"}],
    "crypto-geographique": [{}, {"players": 4, "teams": True}],
    "crypto-geographique-chaine": [{}, {"players": 3, "rounds": 2}],
    "dames-rabattues": [{}, {"passing": "general", "raise_in_same_throw": True}],
    "jacquet": [{}, {"reading": "dlp-summary", "granularity": "pair", "scoring": "multiple"}],
    "cabriole": [{}, {"players": 3, "hands": "steady"}],
    "tiddledy-winks": [{}, {"players": 4, "partners": True}],
}
#: How far each seeded game is played: the flicking games run physics at every shot.
STEPS = {"cabriole": 16, "tiddledy-winks": 16}
#: Spellings the rule sets accept besides what ``action_to_string`` writes, to mutate too.
ALIASES = [
    "white first", "6-5", "5 6", "throw", "1/7 7/12", "bar/3", "22/off", "20/off(6)", "7/13*",
    "stock", "pile", "discard 7", "discard fakir and stop", "lay Manche", "lay 75", "done",
    "row 3", "lay", "hypnotise north 2", "agree", "refuse", "pass", "steady",
    "red 1 aim cup pressure 0.5 steep 40", "blue 2 aim cup+2.5 pressure 1 steep 90",
    "1 aim 212.5 pressure 0.62 steep 40",
    "tremble aim +0.35 pressure -1.20 steep +0.00 spin +1.73",
]
#: What a mutation puts in: characters Python reads as digits but ``int`` may not, spaces
#: Python strips, numbers no game has, and plain punctuation.
ODD = [
    "²", "³", "¹", "٣", "۷", "①", "Ⅻ", "𝟟", "½", "\u00a0", "\u2009", "\u200b", "\ufeff", "\x00",
    "nan", "NaN", "inf", "-inf", "Infinity", "1e308", "1e309", "-0", "0x1f", "1_000", "9" * 5000,
    "4" * 400, "+", "-", ".", ",", ":", "/", "*", "(", ")", " ", "\n", "\t", "é", "É", "ß",
]


def mutate(text: str, edits: list[tuple[str, int, str]]) -> str:
    """``text`` after each edit: (what, where, with), where taken modulo the length."""
    for what, where, new in edits:
        at = where % (len(text) + 1)
        if what == "insert":
            text = text[:at] + new + text[at:]
        elif what == "delete":
            text = text[:at] + text[at + 1 :]
        elif what == "replace":
            text = text[:at] + new + text[at + 1 :]
        elif what == "digits":  # every ASCII digit swapped for one Python counts as a digit
            text = "".join(new[:1] if c.isascii() and c.isdigit() else c for c in text)
        else:  # "number": the first run of digits from ``at`` becomes ``new``
            start = next((i for i in range(at, len(text)) if text[i].isdigit()), None)
            if start is not None:
                end = start
                while end < len(text) and text[end].isdigit():
                    end += 1
                text = text[:start] + new + text[end:]
    return text


EDITS = st.lists(
    st.tuples(
        st.sampled_from(["insert", "delete", "replace", "digits", "number"]),
        st.integers(0, 200),
        st.sampled_from(ODD) | st.characters(codec="utf-8") | st.text(max_size=3),
    ),
    min_size=1,
    max_size=3,
)


#: Edits aimed at the numbers: what issue 16 found the readers trusted.
NUMBER_EDITS = st.lists(
    st.tuples(
        st.sampled_from(["digits", "number"]),
        st.integers(0, 200),
        st.sampled_from([o for o in ODD if any(c.isdigit() or c in "nif" for c in o)]),
    ),
    min_size=1,
    max_size=2,
)


def texts(bases: list[str]) -> st.SearchStrategy[str]:
    """Arbitrary text, one of ``bases`` as it is, or one of them mutated."""
    base = st.sampled_from(bases)
    return st.one_of(
        st.text(max_size=30),
        st.sampled_from(ODD),
        base,
        st.builds(mutate, base, EDITS),
        st.builds(mutate, base, NUMBER_EDITS),
    )


JSON = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=20),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner,
                                                                max_size=4),
    max_leaves=12,
)


def one_sentence(error: LudothequeError) -> None:
    text = str(error)
    assert text.endswith(".") and "\n" not in text, text


@functools.cache
def states(name: str) -> tuple[State, ...]:
    """States along seeded random games of ``name`` under each option set: about a dozen
    each, chance nodes and decisions, the start and (where the game is short) the end."""
    found = []
    for number, options in enumerate(OPTION_SETS[name]):
        rng = random.Random(16 + number)
        state = ludotheque.load_game(name, **options).new_initial_state()
        steps = STEPS.get(name, 400)
        for step in range(steps + 1):
            if step % max(1, steps // 12) == 0 or state.is_terminal():
                found.append(state.clone())
            if state.is_terminal():
                break
            state.apply_action(
                state.sample_chance(rng)
                if state.is_chance_node()
                else rng.choice(state.legal_actions())
            )
    return tuple(found)


@functools.cache
def written(state: State) -> list[str]:
    """Some of the legal moves here as the game writes them, and the aliases."""
    legal = state.legal_actions()
    picked = legal[:: max(1, len(legal) // 12)]
    return [state.action_to_string(a) for a in picked] + ALIASES


def snapshot(state: State) -> Any:
    """What a refused move must leave as it was: the history and every seat's view."""
    seats = [None, *range(state.num_players())]
    views = json.dumps([state.observation(p) for p in seats], sort_keys=True, default=str)
    return state.history(), state.current_player(), views


@settings(max_examples=1000)
@given(data=st.data())
def test_the_move_reader_refuses_with_a_sentence_and_changes_nothing(data):
    name = data.draw(st.sampled_from(games()), label="game")
    state = data.draw(st.sampled_from(states(name)), label="state")
    text = data.draw(texts(written(state)), label="text")
    before = snapshot(state)
    twin = state.clone()
    try:
        action = twin.string_to_action(text)
    except LudothequeError as error:
        one_sentence(error)
    else:
        assert type(action) is int
        twin.apply_action(action)  # what the reader gives is legal here
    assert snapshot(state) == before
    # An action id of any size is refused as cleanly, and leaves the state as it was.
    twin = state.clone()
    action = data.draw(st.integers() | st.integers(-2, 2) | st.just(10**5000), label="id")
    try:
        twin.apply_action(action)
    except LudothequeError as error:
        one_sentence(error)
        assert snapshot(twin) == before


def option_values(option: Any) -> st.SearchStrategy[Any]:
    bases = [option.show(option.default), *(option.show(v) for v in option.allowed or ())]
    bases += ["0", "-1", "1.5", "true", "2000"]
    return texts(bases) | JSON


@settings(max_examples=500)
@given(data=st.data())
def test_the_option_reader_refuses_with_a_sentence(data):
    name = data.draw(st.sampled_from(games()), label="game")
    option = data.draw(st.sampled_from(game_class(name).OPTIONS), label="option")
    value = data.draw(option_values(option), label="value")
    try:
        game = ludotheque.load_game(name, **{option.name: value})
    except LudothequeError as error:
        one_sentence(error)
        return
    # A value taken is one a record can hold, in standard JSON, and read back the same.
    saved = json.dumps(dict(game.options), allow_nan=False)
    assert ludotheque.load_game(name, **json.loads(saved)).options == game.options
    game.new_initial_state()


@functools.cache
def records() -> list[str]:
    """Records of games under way and (where short) finished, from the states above."""
    found = []
    for name in games():
        for state in states(name)[1::3]:
            found.append(state.to_json())
    return found


def mutate_record(text: str, how: str, junk: Any, edits: list[tuple[str, int, str]],
                  where: int) -> str:
    """A valid record's text changed as a person, a program or a disk might change it."""
    if how == "text":
        return mutate(text, edits)
    if how == "bom":
        return "\ufeff" + text
    record = json.loads(text)
    moves = record["moves"]
    if how == "move" and moves:
        at = where % len(moves)
        moves[at] = mutate(moves[at], edits)
    elif how == "option" and record["options"]:
        names = sorted(record["options"])
        record["options"][names[where % len(names)]] = junk
    elif how == "field":
        fields = ["format", "game", "options", "seats", "moves", "result"]
        record[fields[where % len(fields)]] = junk
    elif how == "deep":  # written as text: json itself would not write it
        depth = where % 3000
        record["moves"] = "MOVES"
        return json.dumps(record).replace('"MOVES"', "[" * depth + json.dumps(moves) + "]" * depth)
    elif how == "number":
        return text.replace("{", '{"n": ' + "9" * (where % 6000) + ",", 1)
    return json.dumps(record, ensure_ascii=where % 2 == 0)


@settings(max_examples=300)
@given(data=st.data())
def test_the_record_reader_refuses_with_a_sentence(data):
    how = data.draw(st.sampled_from(
        ["json", "text", "bom", "move", "option", "field", "deep", "number"]
    ), label="how")
    if how == "json":
        text = data.draw(st.text(max_size=40) | JSON.map(json.dumps), label="text")
    else:
        base = data.draw(st.sampled_from(records()), label="record")
        junk = data.draw(JSON | texts(ODD), label="junk")
        text = mutate_record(base, how, junk, data.draw(EDITS, label="edits"),
                             data.draw(st.integers(0, 10**4), label="where"))
    try:
        Record.from_json(text).replay()
    except LudothequeError as error:
        one_sentence(error)
