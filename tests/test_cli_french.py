"""The terminal in French: ``--lang fr`` or a French ``LANG`` makes the menu, the prompts, the
refusals and the terminal's own sentences French, while what is typed (moves, options, seat
kinds) stays the one notation, and the words a person types at the prompt are understood in
French as in English.

The rule sets' own sentences (narration, their refusals) are their helpers'; these tests read
only the terminal's."""

from __future__ import annotations

import json

from typer.testing import CliRunner

from ludotheque.cli.main import app

runner = CliRunner()
#: A French terminal's environment, the variables gettext reads before LANG unset.
FRENCH = {"LANGUAGE": None, "LC_ALL": None, "LC_MESSAGES": None, "LANG": "fr_FR.UTF-8"}
#: Sentences of the terminal that must not come out in English in a French run.
ENGLISH = ("your move", "legal moves:", "press Enter", "is thinking", "Record saved",
           "Game abandoned", "Play the same again", "Seat 1", "Options of", "Bye.")


def run(*args: str, input: str | None = None, env: dict | None = None):
    result = runner.invoke(app, list(args), input=input, env=env)
    assert "Traceback" not in result.output
    return result


def said(result) -> str:
    """The output as one line: the console wraps long sentences at its width."""
    return " ".join(result.output.split())


def test_a_person_plays_jacquet_in_french_to_its_limit_and_replays_it(tmp_path):
    # White (the person) asks for help and the rules in French, plays a wrong move, plays 1/6,
    # takes it back with «annuler», plays it again, then on; the game stops at its limit.
    record = tmp_path / "jacquet.json"
    keys = ["aide", "? règles", "1/9", "1/6", "annuler", "1/6", "", "8/12", ""]
    result = run("--lang", "fr", "play", "jacquet", "-o", "limit=10", "--seed", "1",
                 "--save", str(record), input="\n".join(keys) + "\n")
    assert result.exit_code == 0, result.output
    shown = said(result)
    assert "coups permis : 1/3, 1/6" in shown
    assert "blanc, à vous de jouer (? pour l’aide, quitter pour partir) >" in shown
    assert "blanc : le seul coup est 6/8 ; appuyez sur Entrée (? pour l’aide" in shown
    assert "noir réfléchit…" in shown
    assert "Vous pouvez demander :" in shown  # «aide»
    assert "Pas de réponse" not in shown  # «? règles» is the rules, not a question
    # The terminal may break the path anywhere: it is looked for without the spaces.
    assert f"Partie enregistrée dans {record}.".replace(" ", "") in shown.replace(" ", "")
    assert "Partie abandonnée." not in shown
    assert not [english for english in ENGLISH if english in shown]
    # The record keeps the one notation, the take-back in it.
    moves = json.loads(record.read_text())["moves"]
    assert "1/6" in moves and "8/12" in moves

    replayed = run("--lang", "fr", "replay", str(record))
    assert replayed.exit_code == 0, replayed.output
    assert "blanc reprend 1/6." in said(replayed)
    assert "The record stops" not in replayed.output


def test_a_person_plays_crypto_90_from_the_menu_on_a_french_terminal():
    # LANG says French. The person takes crypto-90, stops it after 20 decisions, keeps the
    # default seats and, whatever comes, takes the stock's card, rejects it, keeps his fakirs
    # and ends his turn; what is typed after the game's end is refused by the menu, q leaves.
    turns = "stock\nreject\npass\nend\n" * 8
    keys = "crypto-90\nlimit=20\n\n\n\n" + turns + "q\n"
    result = run(input=keys, env=FRENCH)
    assert result.exit_code == 0, result.output
    shown = said(result)
    assert "Ludothèque — jeux de salon d’autrefois" in shown
    assert "c. Continuer une partie enregistrée" in shown
    assert "Jeu (numéro ou identifiant, q pour quitter) >" in shown
    assert "Options de Crypto-90, les règles :" in shown
    assert "(s’écrit players=2 ; 2, 3, 4)" in shown  # the option as typed, beside its words
    assert "Changé par rapport aux valeurs par défaut : limit=20." in shown
    assert "Place 1 (nord) : human, random, heuristic" in shown
    assert "lookahead:NIVEAU" in shown
    assert "Les parties sont enregistrées dans" in shown
    assert "nord, à vous de jouer (? pour l’aide, quitter pour partir) >" in shown
    assert "sud réfléchit…" in shown
    assert "Partie enregistrée dans" in shown and "Partie abandonnée." not in shown
    assert "Rejouer la même partie ? (o, ou Entrée pour le menu) >" in shown
    assert "Choisissez de 1 à" in shown
    assert shown.endswith("Au revoir.")
    assert not [english for english in ENGLISH if english in shown]


def test_a_person_leaves_in_french():
    result = run("--lang", "fr", "play", "dames-rabattues", "--seed", "2", input="quitter\n")
    assert result.exit_code == 0, result.output
    assert "Partie abandonnée." in result.output and "Game abandoned" not in result.output


def test_the_commands_answer_in_french_and_read_the_notation():
    listed = run("--lang", "fr", "list")
    assert listed.exit_code == 0
    shown = said(listed)
    assert "joueurs : 2" in shown and "(s’écrit passing=" in shown
    rules = run("--lang", "fr", "rules", "jacquet")
    assert rules.exit_code == 0 and "Jacquet : comment jouer" in said(rules)
    assert "ludotheque rules jacquet --full" in said(rules)
    refused = run("--lang", "fr", "play", "jacquet", "--seat", "3=random")
    assert refused.exit_code == 2
    assert "les places sont numérotées de 1 à 2 ; '3' n’en est pas une." in said(refused)
    robot = run("--lang", "fr", "play", "jacquet", "--seat", "2=robot")
    assert robot.exit_code == 2 and "une place est l’une de human, random (random:GRAINE)" in (
        said(robot))
    missing = run("play", env=FRENCH)
    assert missing.exit_code == 2 and "play demande l’identifiant d’un jeu" in said(missing)
