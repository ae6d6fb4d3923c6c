"""Every word a person reads at the terminal comes from the catalog (issue 36): under the
pseudo-locale, where every sentence told is marked ⟦…⟧, a whole game of each rule set played
at the terminal, and a person's prompt with its help, a refusal and a take-back, show no word
outside the marks but the notation's (moves, cards, places, seats, as records write them).

And in French: a whole game of each rule set plays at the terminal under ``LANG=fr_FR.UTF-8``,
and its record, played in French, replays in English move for move."""

from __future__ import annotations

import random
import re
from functools import cache
from typing import Any

import pytest
from typer.testing import CliRunner

from ludotheque.cli.main import app
from ludotheque.core.i18n import PSEUDO, pseudo
from ludotheque.core.record import Record
from ludotheque.core.registry import games, load_game
from ludotheque.games.crypto_geo.combinations import NAMES as COMBINATIONS

runner = CliRunner()

#: Options that keep each rule set's game short at the terminal.
SHORT: dict[str, list[str]] = {
    "crypto-geographique": ["points=100"],
    "crypto-geographique-chaine": ["rounds=1"],
    "crypto-90": ["goal=rounds", "rounds=1"],
    "cabriole": ["limit=6", "hands=expert"],
    "tiddledy-winks": ["limit=6", "hands=expert"],
}
#: A marked sentence, innermost first (sentences are filled with others).
MARKED = re.compile(f"{PSEUDO[0]}[^{PSEUDO[0]}{PSEUDO[1]}]*{PSEUDO[1]}")
#: A word, as the terminal shows it.
WORDS = re.compile(r"[^\W\d_]{2,}")
#: Letters the terminal draws rather than says: the tiddlywinks cup.
DRAWN = {"uuu"}


def seats(name: str, first: str = "random") -> list[str]:
    game = load_game(name, **dict(o.split("=") for o in SHORT.get(name, [])))
    return [arg for seat in range(game.num_players())
            for arg in ("--seat", f"{seat + 1}={first if seat == 0 else 'random'}")]


def words_of(value: Any) -> set[str]:
    if isinstance(value, str):
        return {w.lower() for w in WORDS.findall(value)}
    if isinstance(value, dict):
        return set().union(*(words_of(v) for v in [*value.keys(), *value.values()]))
    if isinstance(value, list | tuple):
        return set().union(*(words_of(v) for v in value))
    return set()


@cache
def notation(name: str) -> frozenset[str]:
    """The words the notation writes in ``name``: every move and chance outcome of a few
    random games, the seats' names, and whatever the views hold as data (cards, places)."""
    game = load_game(name, **dict(o.split("=") for o in SHORT.get(name, [])))
    found = words_of([game.info.title, *(game.seat_name(s) for s in range(game.num_players()))])
    for seed in range(3):
        rng = random.Random(seed)
        state = game.new_initial_state()
        while not state.is_terminal():
            actions = state.legal_actions()
            found |= words_of([state.action_to_string(a) for a in actions])
            found |= words_of([state.observation(p) for p in (None, *range(game.num_players()))])
            state.apply_action(state.sample_chance(rng) if state.is_chance_node()
                               else rng.choice(actions))
    if name.startswith("crypto-geographique"):
        found |= set(COMBINATIONS.values())  # the leaflet's names, in every language
    return frozenset(found | DRAWN)


def unmarked(output: str, name: str) -> list[str]:
    """The words of ``output`` outside the marks that the notation does not write, each with
    what surrounds it (the terminal wraps a sentence over lines: the marks are read across
    them)."""
    bare = output
    while (stripped := MARKED.sub(" ", bare)) != bare:
        bare = stripped
    return [f"{word.group()!r} in {bare[max(0, word.start() - 40):word.end() + 40]!r}"
            for word in WORDS.finditer(bare) if word.group().lower() not in notation(name)]


def run(*args: str, input: str | None = None) -> str:
    result = runner.invoke(app, list(args), input=input)
    assert "Traceback" not in result.output, result.output
    assert result.exit_code == 0, result.output
    return result.output


@pytest.mark.parametrize("name", games())
def test_a_whole_game_at_the_terminal_says_only_what_the_catalog_gives(name):
    options = [arg for option in SHORT.get(name, []) for arg in ("-o", option)]
    with pseudo():
        played = run("play", name, "--seed", "1", *options, *seats(name))
        # A person: help, the rules' list of questions, a move refused, a take-back, leaving.
        asked = run("play", name, "--seed", "1", *options, *seats(name, "human"),
                    input="?\nno such move\nundo\nquit\n")
    assert unmarked(played, name) == []
    assert unmarked(asked, name) == []


@pytest.mark.parametrize("name", games())
def test_a_whole_game_plays_in_french_and_its_record_replays_in_english(name, tmp_path):
    options = [arg for option in SHORT.get(name, []) for arg in ("-o", option)]
    records = {}
    for language, environment in (("fr", {"LANG": "fr_FR.UTF-8"}), ("en", {"LANG": "C.UTF-8"})):
        records[language] = tmp_path / f"{language}.json"
        result = runner.invoke(app, ["play", name, "--seed", "2", *options, *seats(name),
                                     "--save", str(records[language])],
                               env={"LANGUAGE": None, "LC_ALL": None, "LC_MESSAGES": None,
                                    **environment})
        assert result.exit_code == 0 and "Traceback" not in result.output, result.output
    french = Record.from_json(records["fr"].read_text())
    assert french.replay().is_terminal()
    # One notation: the game played in French is the game played in English, move for move,
    # and its replay in English says what the English game's does.
    assert list(french.moves) == list(Record.from_json(records["en"].read_text()).moves)
    assert run("replay", str(records["fr"])) == run("replay", str(records["en"]))
