"""Fuzzing the three readers of what people and files give the library (issue 16): the move
reader (``string_to_action``) of every rule set at states along seeded random games, the option
reader (``load_game(name, option=value)``) for every declared option, and the record reader
(``Record.from_json(text).replay()``). Each is fed arbitrary text, and mutations of what it
reads well (characters inserted, deleted or replaced, digits swapped for ``²`` and other
characters Python calls digits, numbers made huge, ``nan``, ``inf``); only the library's own
errors may come out, each one sentence, and a refused move leaves the state as it was.

Each reader has two tests: a sweep that puts every trap issue 16 names (``²``, ``①``, 5,000 and
400 digits, ``nan``, ``inf``, ``1e309``; a byte-order mark, nesting 100,000 deep) in place of
the digits and numbers of what it reads well, deterministically; and a hypothesis test that
draws the rest. Examples are derandomised (tests/conftest.py), and few enough that the file
takes well under a minute."""

from __future__ import annotations

import functools
import json
import math
import random
from typing import Any

import pytest
from hypothesis import Phase, given, settings
from hypothesis import strategies as st

import ludotheque
from ludotheque.core.errors import LudothequeError
from ludotheque.core.game import State
from ludotheque.core.record import Record
from ludotheque.core.registry import games, manifest

#: A failing input is shown as found, not shrunk: a 5,000-digit number or a record nested
#: 10,000 deep would take minutes to shrink, and the sweeps (``*_every_trap_*``) already give
#: the simplest form of each trap.
NO_SHRINK = (Phase.explicit, Phase.reuse, Phase.generate)
#: A few option sets per rule set, beyond the defaults: more seats, the other readings.
OPTION_SETS: dict[str, list[dict[str, Any]]] = {
    "crypto-90": [{}, {"players": 4, "laying": "at once", "tens": "digit", "turned_fakir": "pile"}],
    "crypto-geographique": [{}, {"players": 4, "teams": True}],
    "crypto-geographique-chaine": [{}, {"players": 3, "rounds": 2}],
    "dames-rabattues": [{}, {"passing": "general", "raise_in_same_throw": True}],
    "jacquet": [{}, {"reading": "dlp-summary", "granularity": "pair", "scoring": "multiple"}],
    "cabriole": [{}, {"players": 3, "hands": "steady"}],
    "tiddledy-winks": [{}, {"players": 4, "partners": True}],
}
#: How far each seeded game is played: the flicking games run physics at every shot.
STEPS = {"cabriole": 16, "tiddledy-winks": 16}
#: Where records are cut (and at the end, if sooner): the flicking games replay physics.
RECORD_LENGTHS = {"cabriole": (1, 6), "tiddledy-winks": (1, 6)}
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
def played(name: str) -> tuple[tuple[State, ...], tuple[str, ...]]:
    """States along seeded random games of ``name`` under each option set (about a dozen
    each: chance nodes and decisions, the start and, where the game is short, the end), and
    records of those games cut at a few lengths, written as play went (no replay needed)."""
    found, records = [], []
    for number, options in enumerate(OPTION_SETS[name]):
        rng = random.Random(16 + number)
        game = ludotheque.load_game(name, **options)
        state = game.new_initial_state()
        steps = STEPS.get(name, 400)
        moves: list[str] = []
        for step in range(steps + 1):
            if step % max(1, steps // 12) == 0 or state.is_terminal():
                found.append(state.clone())
            if step in RECORD_LENGTHS.get(name, (3, 40, 150)) or state.is_terminal():
                records.append(Record(name, dict(game.options), tuple(moves)).to_json())
            if state.is_terminal():
                break
            action = (
                state.sample_chance(rng)
                if state.is_chance_node()
                else rng.choice(state.legal_actions())
            )
            moves.append(state.action_to_string(action))
            state.apply_action(action)
    return tuple(found), tuple(records)


def states(name: str) -> tuple[State, ...]:
    return played(name)[0]


def bases_at(state: State, count: int = 12) -> list[str]:
    """Some of the legal moves here as the game writes them, and the aliases."""
    legal = state.legal_actions()
    picked = legal[:: max(1, len(legal) // count)][:count]
    return [state.action_to_string(a) for a in picked] + ALIASES


@functools.cache
def texts_at(state: State) -> st.SearchStrategy[str]:
    return texts(bases_at(state))


def snapshot(state: State) -> Any:
    """What a refused move must leave as it was: the history and every seat's view."""
    seats = [None, *range(state.num_players())]
    views = json.dumps([state.observation(p) for p in seats], sort_keys=True, default=str)
    return state.history(), state.current_player(), views


def read_move(state: State, text: str) -> None:
    """Read ``text`` as a move: refused with a sentence, or legal; the state unchanged."""
    try:
        action = state.string_to_action(text)
    except LudothequeError as error:
        one_sentence(error)
    else:
        assert type(action) is int
        if state.is_chance_node() and state.game.name in ("cabriole", "tiddledy-winks"):
            state.action_to_string(action)  # a physical throw: too slow to play each
        else:
            state.clone().apply_action(action)  # what the reader gives is legal here


#: What the sweeps put in place of the digits, or of a number: issue 16's traps.
TRAPS = ["²", "①", "9" * 5000, "4" * 400, "nan", "inf", "1e309"]


def trapped(base: str) -> set[str]:
    """``base`` with its digits, or each number in it, replaced by each trap."""
    found = set()
    for trap in TRAPS:
        found.add(mutate(base, [("digits", 0, trap)]))
        for at, char in enumerate(base):
            if char.isdigit() and (at == 0 or not base[at - 1].isdigit()):
                found.add(mutate(base, [("number", at, trap)]))
    return found - {base}


@pytest.mark.parametrize("name", games())
def test_the_move_reader_refuses_every_trap_with_a_sentence(name):
    for state in states(name)[::4]:
        before = snapshot(state)
        for base in bases_at(state, 4):
            for text in trapped(base):
                read_move(state, text)
        assert snapshot(state) == before


@pytest.mark.parametrize("name", games())
@settings(max_examples=100, phases=NO_SHRINK)
@given(data=st.data())
def test_the_move_reader_refuses_with_a_sentence_and_changes_nothing(name, data):
    state = data.draw(st.sampled_from(states(name)), label="state")
    text = data.draw(texts_at(state), label="text")
    before = snapshot(state)
    read_move(state, text)
    assert snapshot(state) == before
    # An action id of any size is refused as cleanly, and leaves the state as it was.
    twin = state.clone()
    action = data.draw(st.integers() | st.integers(-2, 2) | st.just(10**5000), label="id")
    try:
        twin.apply_action(action)
    except LudothequeError as error:
        one_sentence(error)
        assert snapshot(twin) == before


@functools.cache
def option_values(option: Any) -> st.SearchStrategy[Any]:
    bases = [option.show(option.default), *(option.show(v) for v in option.allowed or ())]
    bases += ["0", "-1", "1.5", "true", "2000"]
    return texts(bases) | JSON | NUMBERS


#: Numbers no option should take: not finite, too long for Python, not ASCII.
NUMBERS = st.sampled_from(["nan", "inf", "-Infinity", "1e309", "9" * 5000, "²", "1_0", "0x10"])
NUMBERS |= st.floats() | st.integers()
OPTIONS = [(name, option) for name in games() for option in manifest(name).options]


def read_option(name: str, option: Any, value: Any) -> None:
    """Load ``name`` with ``value`` for ``option``: refused with a sentence, or a value a
    record can hold, in standard JSON, and read back the same."""
    try:
        game = ludotheque.load_game(name, **{option.name: value})
    except LudothequeError as error:
        one_sentence(error)
        return
    saved = json.dumps(dict(game.options), allow_nan=False)
    assert ludotheque.load_game(name, **json.loads(saved)).options == game.options
    game.new_initial_state()


@pytest.mark.parametrize(("name", "option"), OPTIONS, ids=[f"{n}-{o.name}" for n, o in OPTIONS])
def test_the_option_reader_refuses_every_trap_with_a_sentence(name, option):
    values: list[Any] = [*TRAPS, "-inf", "Infinity", math.nan, math.inf, -math.inf]
    values += sorted(trapped(option.show(option.default)))
    for value in values:
        read_option(name, option, value)


@pytest.mark.parametrize(("name", "option"), OPTIONS, ids=[f"{n}-{o.name}" for n, o in OPTIONS])
@settings(max_examples=15, phases=NO_SHRINK)
@given(data=st.data())
def test_the_option_reader_refuses_with_a_sentence(name, option, data):
    read_option(name, option, data.draw(option_values(option), label="value"))


@functools.cache
def records(name: str) -> st.SearchStrategy[str]:
    return st.sampled_from(played(name)[1])


JUNK = JSON | texts(ODD)
HOW = st.sampled_from(["json", "text", "bom", "move", "option", "field", "deep", "number"])
ANY_JSON = st.text(max_size=40) | JSON.map(json.dumps)


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
        depth = where
        record["moves"] = "MOVES"
        return json.dumps(record).replace('"MOVES"', "[" * depth + json.dumps(moves) + "]" * depth)
    elif how == "number":
        return text.replace("{", '{"n": ' + "9" * where + ",", 1)
    return json.dumps(record, ensure_ascii=where % 2 == 0)


def read_record(text: str) -> None:
    try:
        Record.from_json(text).replay()
    except LudothequeError as error:
        one_sentence(error)


@pytest.mark.parametrize("name", games())
def test_the_record_reader_refuses_every_trap_with_a_sentence(name):
    for number, base in enumerate(played(name)[1]):
        read_record("\ufeff" + base)
        read_record(mutate_record(base, "deep", None, [], 100_000))
        read_record(mutate_record(base, "number", None, [], 5000))
        for option in sorted(json.loads(base)["options"]) if number == 0 else ():
            for trap in [*TRAPS, math.nan, math.inf]:
                record = json.loads(base)
                record["options"][option] = trap
                read_record(json.dumps(record))
        moves = json.loads(base)["moves"] if number == 0 else []
        for at in [i for i, move in enumerate(moves) if any(c.isdigit() for c in move)][:2]:
            for text in sorted(trapped(moves[at])):
                record = json.loads(base)
                record["moves"][at] = text
                read_record(json.dumps(record))


@pytest.mark.parametrize("name", games())
@settings(max_examples=45, phases=NO_SHRINK)
@given(data=st.data())
def test_the_record_reader_refuses_with_a_sentence(name, data):
    how = data.draw(HOW, label="how")
    if how == "json":
        text = data.draw(ANY_JSON, label="text")
    else:
        base = data.draw(records(name), label="record")
        junk = data.draw(JUNK, label="junk")
        text = mutate_record(base, how, junk, data.draw(EDITS, label="edits"),
                             data.draw(st.integers(0, 10**4), label="where"))
    read_record(text)
