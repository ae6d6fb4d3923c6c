"""Help while playing (issue 18): the quick rules of every rule set, what may be asked at the
prompt, and the menu and seats as a new player meets them. The terminal is driven with piped
input, as in test_cli.py."""

from __future__ import annotations

import re

import pytest
from typer.testing import CliRunner

import ludotheque
from ludotheque.agents import kinds, make_agent
from ludotheque.cli.main import app
from ludotheque.core.errors import LudothequeError
from ludotheque.core.i18n import LANGUAGES, reading
from ludotheque.core.registry import games, manifest
from ludotheque.play.help import answer, how_to_play, questions

runner = CliRunner()


def run(*args: str, input: str | None = None):
    result = runner.invoke(app, list(args), input=input)
    assert "Traceback" not in result.output, result.output
    return result


def flat(text: str) -> str:
    """Output as one line: the terminal wraps long lines wherever it likes."""
    return " ".join(text.split())


def opening_words(line: str) -> str:
    """A quick-rules line's first words as the terminal shows them (Markdown drawn)."""
    return " ".join(line.removeprefix("- ").replace("`", "").replace("*", "").split()[:5])


@pytest.mark.parametrize("name", games())
@pytest.mark.parametrize(("language", "aim"), [("en", "aim"), ("fr", "but")])
def test_every_rule_set_has_a_how_to_play_of_ten_to_twenty_lines(name, language, aim):
    with reading(language):
        lines = [line for line in how_to_play(name).splitlines() if line.strip()]
        assert 10 <= len(lines) <= 20, lines
        assert not any(line.startswith("#") for line in lines)  # the section ends at the next
        assert aim in how_to_play(name).lower()


@pytest.mark.parametrize("name", games())
@pytest.mark.parametrize("language", LANGUAGES)
def test_the_how_to_play_says_at_the_defaults_what_the_rules_tell_of_their_options(name,
                                                                                   language):
    """One definition: each sentence the options change is the doc's own at the defaults, in
    each language's How to play."""
    game = ludotheque.load_game(name)
    with reading(language):
        section = " ".join(how_to_play(name).split())
        for said, now in game.manifest.sentences(game):
            assert said == now and " ".join(said.split()) in section, said
        assert how_to_play(name, game) == how_to_play(name)


@pytest.mark.parametrize(("name", "options", "said", "unsaid"), [
    ("tiddledy-winks", {"counters": 6}, "six small counters", "numbered 1 to 4"),
    ("cabriole", {"counters": 5, "hands": "steady"}, "numbered 1 to 5", "trembles"),
    ("cabriole", {"lake": "lost", "fine": 2}, "its owner pays 2 into the pool",
     "goes back to the start line; so does"),
    ("tiddledy-winks", {"variation": "II", "played_out": "any-time"},
     "is played when its owner likes", "Variations I–III"),
    ("crypto-90", {"goal": "rounds"}, "The game lasts three rounds.", "1,000 points"),
    ("crypto-90", {"points": 500, "laying": "at once"}, "The game goes to 500 points.",
     "`lay`"),
    ("crypto-geographique", {"points": 300, "groups": "chain"}, "chains of départements",
     "1,000 points"),
    ("crypto-geographique-chaine", {"rounds": 3}, "The game lasts three rounds", "or two"),
    ("dames-rabattues", {"passing": "none"}, "nobody plays it", "still knocking down"),
    ("jacquet", {"reading": "dlp-summary"}, "hits it", "there is no hitting"),
    ("jacquet", {"scoring": "multiple", "bearing_off": "optional"}, "2 to 5",
     "a die that can bear off must"),
])
def test_the_how_to_play_of_a_table_follows_its_options(name, options, said, unsaid):
    game = ludotheque.load_game(name, **options)
    shown = how_to_play(name, game)
    assert said in shown and unsaid not in shown
    assert answer(game, "rules").text == shown  # ? rules at that table


def test_the_chain_game_has_its_own_how_to_play():
    assert how_to_play("crypto-geographique-chaine") != how_to_play("crypto-geographique")
    assert "lay" in how_to_play("crypto-geographique-chaine")
    assert "discard" in how_to_play("crypto-geographique")


@pytest.mark.parametrize("name", games())
def test_rules_at_the_prompt_shows_the_how_to_play(name):
    result = run("play", name, "--seed", "1", input="? rules\nquit\n")
    assert result.exit_code == 0, result.output
    shown = flat(result.output)
    for line in how_to_play(name).splitlines():
        if line.strip():
            assert opening_words(line) in shown, line
    assert "Game abandoned." in result.output


@pytest.mark.parametrize("name", games())
def test_a_bare_question_mark_lists_what_may_be_asked(name):
    result = run("play", name, "--seed", "1", input="?\nquit\n")
    assert result.exit_code == 0, result.output
    shown = flat(result.output)
    assert "You may ask:" in shown and "? rules — how to play" in shown
    for form, tells in questions(ludotheque.load_game(name)):
        assert f"{form} — {tells}" in shown


def test_help_and_rules_typed_alone_are_understood():
    result = run("play", "crypto-geographique", "--seed", "1", input="help\nrules\n? Nowhere\n")
    shown = flat(result.output)
    assert "You may ask: ? rules" in shown and "? Somme, ? 80 — the départements" in shown
    assert opening_words(how_to_play("crypto-geographique").splitlines()[-1]) in shown
    assert "No answer to 'Nowhere' here; a bare ? lists what may be asked." in shown
    assert "is not a legal move" not in shown


def test_the_games_own_questions_are_still_answered():
    game = ludotheque.load_game("tiddledy-winks")
    assert "cm from the cup's centre" in answer(game, "red 2", game.new_initial_state()).text
    assert answer(game, "rules").markdown and not answer(game, "red 2").markdown


def test_rules_prints_the_quick_rules_and_says_how_to_get_the_whole_doc():
    short = run("rules", "jacquet")
    assert short.exit_code == 0
    assert "Jacquet: how to play" in short.output and "Readings and decisions" not in short.output
    assert "ludotheque rules jacquet --full" in short.output
    assert len(short.output.splitlines()) < 60
    full = run("rules", "jacquet", "--full")
    assert "Readings and decisions" in full.output and "How to play" in full.output
    chain = run("rules", "crypto-geographique-chaine")
    assert "lay Vaucluse" in flat(chain.output) and "discard Oise" not in flat(chain.output)


def test_a_picture_asked_at_the_prompt_says_where_it_was_written(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    result = run("play", "cabriole", "--seed", "1", input="? picture\nquit\n")
    written = tmp_path / "cabriole-table.png"
    assert written.exists()
    assert f"Picture written to {written.resolve()}." in "".join(result.output.split("\n"))


def test_a_seat_given_twice_is_refused_in_one_sentence():
    result = run("play", "dames-rabattues", "--seat", "1=random", "--seat", "1=human")
    assert result.exit_code == 2
    assert flat(result.output) == (
        "seat 1 is given twice, as 'random' and 'human'; give each seat once."
    )


def test_an_option_given_twice_is_refused_in_one_sentence():
    result = run("play", "dames-rabattues", "-o", "passing=none", "-o", "passing=general")
    assert result.exit_code == 2
    assert flat(result.output) == (
        "'passing' is given twice, as 'none' and 'general'; give it once."
    )


@pytest.mark.parametrize("name", games())
def test_every_option_says_what_it_does(name):
    assert all(option.help for option in manifest(name).options)


@pytest.mark.parametrize("name", ["dames-rabattues", "cabriole", "tiddledy-winks"])
def test_no_heuristic_player_is_offered_or_seated_where_there_is_none(name):
    game = ludotheque.load_game(name)
    assert "heuristic" not in kinds(game) and "random" in kinds(game)
    with pytest.raises(LudothequeError, match=f"{name} has no heuristic player; its seats are"):
        make_agent("heuristic", game=game)
    assert "heuristic" in kinds(ludotheque.load_game("jacquet"))


def test_the_menu_offers_dames_rabattues_no_heuristic_player():
    keys = "\n".join(["dames-rabattues", "", "heuristic", "random", "random", "", "", "q"])
    result = run(input=keys + "\n")
    assert result.exit_code == 0, result.output
    shown = flat(result.output)
    assert "Seat 1 (white): human, random, easy, medium, hard, mcts:LEVEL?" in shown
    assert "dames-rabattues has no heuristic player" in shown
    assert "wins." in shown


def test_the_menu_shows_every_tiddledy_winks_option_at_once_and_enter_takes_them():
    # Every option, hands included, each with what it does; changes typed on one line are
    # checked as typed; Enter plays; q at a seat goes back to the list of games.
    keys = ["tiddledy-winks", "players=3 partners=true", "players=4 partners=true hands=steady",
            "", "q", "q"]
    result = run(input="\n".join(keys) + "\n")
    assert result.exit_code == 0, result.output
    shown = flat(result.output)
    assert shown.count("Enter to play with these") == 3  # one question, asked again on errors
    for option in manifest("tiddledy-winks").options:
        assert f"{option.name} = {option.show(option.default)} — {option.help}" in shown
    assert "Option players:" not in shown
    assert "Options of Tiddledy Winks, how it is played: hands = club" in shown
    assert "4 or 6 players" in shown  # three partners refused in one sentence
    assert "Changed from the defaults: players=4, partners=true, hands=steady." in shown
    assert "Seat 4 (yellow)" not in shown and "Seat 1 (red)" in shown
    assert shown.count("Game (number or id, q to quit)") == 2
    assert shown.endswith("Bye.")


def test_after_a_game_enter_goes_back_to_the_menu_and_y_plays_it_again():
    keys = ["dames-rabattues", "", "random", "random", "y", "", "q"]
    result = run(input="\n".join(keys) + "\n")
    assert result.exit_code == 0, result.output
    shown = flat(result.output)
    assert len(re.findall(r"(white|black) wins\.", shown)) == 2
    assert shown.count("Game (number or id, q to quit)") == 2
    assert shown.endswith("Bye.")
