"""Hints (issue 39): the game's own strong player's best moves for a seat, worked out from his
view alone, at the terminal; and a hint that depends on no card he has not seen."""

from __future__ import annotations

import json
import random
import re

import pytest

import ludotheque
from ludotheque.agents.hint import hint, seed_of
from ludotheque.core.game import Turn
from ludotheque.core.i18n import reading
from ludotheque.games.jacquet.position import Position
from ludotheque.selfplay.analysis import Piece, judge, turns
from tests.secrecy import DECKS, Course, check_prefix, random_game
from tests.test_cli import run


def test_every_rule_set_with_a_computer_player_gives_hints():
    for name in ludotheque.games():
        game = ludotheque.load_game(name)
        assert game.manifest.has("hint") == bool(game.manifest.players), name


@pytest.mark.parametrize("name", ["jacquet", "crypto-90", "crypto-geographique-chaine"])
def test_a_hints_best_move_is_the_move_its_player_would_make(name):
    game = ludotheque.load_game(name)
    state = game.new_initial_state()
    rng = random.Random(5)
    while state.is_chance_node() or len(state.legal_actions()) < 2:
        state.apply_action(state.sample_chance(rng) if state.is_chance_node()
                           else rng.choice(state.legal_actions()))
    turn = Turn.seen(game, state.current_player(), state.observation(state.current_player()),
                     state.legal_actions())
    told = hint(turn, seconds=None)
    assert 1 <= len(told.advice) <= 3
    # The same player, seeded from the same view, plays the hint's best move.
    player = game.manifest.hinter(game, seed_of(turn.view))
    assert (told.unit, told.sampled) == (player.unit, player.sampled)
    assert told.advice[0].first == state.action_to_string(player.choose(turn))


def test_a_person_asks_for_a_hint_at_the_terminal():
    result = run("play", "crypto-90", "-o", "goal=rounds", "-o", "rounds=1", "--seed", "4",
                 input="hint\nquit\n")
    assert result.exit_code == 0, result.output
    lines = [line for line in result.output.splitlines() if "points (weighed over" in line]
    assert 1 <= len(lines) <= 3, result.output
    assert re.search(r"^(stock|pile)", lines[0]), lines


def test_a_hint_is_said_in_french():
    game = ludotheque.load_game("jacquet", bearing_off="optional")
    state = game.new_initial_state()
    state.position = Position.parse("24,19,off13 24,off14 move:white:6-1:6,1")
    with reading("fr"):
        lines = hint(state.turn(), seconds=None).lines()
    assert lines[0] == "24/off, 19/off — 100 % de chances de gagner (158 visites)."


#: (rule set, options, seed): the three card games, a hint at three of each game's decisions.
CARD_GAMES = [
    ("crypto-90", {"players": 3}, 1),
    ("crypto-geographique", {"players": 3}, 2),
    ("crypto-geographique-chaine", {"players": 3}, 3),
]


@pytest.mark.parametrize(("name", "options", "seed"), CARD_GAMES, ids=str)
def test_a_hint_depends_on_no_card_its_seat_has_not_seen(name, options, seed):
    """The relabelled-deal check (``tests/secrecy.py``) with the hint as the view: asked at a
    decision, a seat's hint must come out byte for byte the same whatever the cards he has not
    seen, since they could be any of those."""
    game = ludotheque.load_game(name, **options)
    history = random_game(game, seed, limit=150)
    course = Course(game, history, DECKS[name])
    rng = random.Random(seed)
    moments = [t for t in range(20, len(history)) if course.decides(t)
               and len(course.states[t].legal_actions()) > 1]
    checked = advised = 0
    for prefix in sorted(rng.sample(moments, 3)):
        seat = course.states[prefix].current_player()

        def hinted(state, viewer, prefix=prefix):
            if len(state.history()) != prefix or state.current_player() != viewer:
                return ""
            turn = Turn.seen(game, viewer, state.observation(viewer), state.legal_actions())
            return json.dumps(hint(turn, seconds=None).as_json(), sort_keys=True)

        tally = check_prefix(game, history, seat, prefix, hinted, rng, tries=3, course=course)
        assert not tally.leaks, tally.leaks[0]
        checked += tally.worlds - tally.skipped
        advised += len(json.loads(hinted(course.states[prefix], seat))["moves"]) > 1
    # The check must have checked: relabelled deals replayed, and hints with a choice in them.
    assert checked >= 4 and advised >= 2, (checked, advised)


def test_review_judges_a_finished_game_at_the_terminal(tmp_path):
    record = tmp_path / "chain.json"
    played = run("play", "crypto-geographique-chaine", "-o", "players=2", "-o", "rounds=1",
                 "--seat", "1=random", "--seat", "2=random", "--seed", "4", "--save",
                 str(record))
    assert played.exit_code == 0, played.output
    graph = tmp_path / "graph.png"
    result = run("review", str(record), "--seat", "1", "--graph", str(graph), "--jobs", "2")
    assert result.exit_code == 0, result.output
    assert "The costliest turns of" in result.output
    assert re.search(r"north: \d+ turns judged, \d+ played as the best found; lost \d+% in all",
                     result.output)
    assert "south:" not in result.output and graph.stat().st_size > 10_000
    forced = tmp_path / "dames.json"
    assert run("play", "dames-rabattues", "--seat", "1=random", "--seat", "2=random", "--seed",
               "2", "--save", str(forced)).exit_code == 0
    assert ("No turn of this game left its player a choice: there is nothing to judge."
            in run("review", str(forced)).output)
    refused = run("review", str(record), "--seat", "3")
    assert refused.exit_code == 2
    assert "crypto-geographique-chaine has seats 1 to 2; there is no seat 3." in refused.output


def test_an_analysis_judges_each_turn_from_what_its_seat_could_know():
    """The relabelled-deal check again, with a turn's judgement as the view: the move played
    set beside the best found, judged at the moment, must not depend on a card the seat had
    not seen, though the record of the finished game holds them all."""
    name, options, seed = CARD_GAMES[0]
    game = ludotheque.load_game(name, **options)
    history = random_game(game, seed, limit=150)
    course = Course(game, history, DECKS[name])
    rng = random.Random(seed)
    found = [(before, seat, path) for before, seat, path in turns(game, history)
             if before >= 20 and len(course.states[before].legal_actions()) > 1]
    checked = 0
    for before, seat, path in rng.sample(found, 2):

        def judged(state, viewer, before=before, seat=seat, path=path):
            if len(state.history()) != before or viewer != seat:
                return ""
            piece = Piece(game.name, dict(game.options), tuple(state.history()), seat, path,
                          None)
            return json.dumps(judge(piece).__dict__, sort_keys=True)

        tally = check_prefix(game, history, seat, before, judged, rng, tries=3, course=course)
        assert not tally.leaks, tally.leaks[0]
        checked += tally.worlds - tally.skipped
    assert checked >= 2, checked
