"""Studies of the readings (issue 23): each rule option's values against the defaults."""

from __future__ import annotations

import json
import os
import re
import signal
import subprocess
import sys
import threading
from pathlib import Path

import pytest
from typer.testing import CliRunner

from ludotheque.cli.main import app
from ludotheque.core.errors import OptionError, RecordError
from ludotheque.core.registry import games
from ludotheque.play.help import rules_doc
from ludotheque.selfplay.readings import CHECKPOINT, Findings, Study, play_study
from ludotheque.selfplay.report import write_report
from tests.processes import hearing_ctrl_c

# A path in a temporary folder is one long word, which rich folds at the line's end if longer:
# a console wider than any of them.
runner = CliRunner(env={"COLUMNS": "1000"})


def said(result) -> str:
    return " ".join(result.output.split())


def test_the_readings_are_each_option_s_values_with_the_others_at_their_defaults():
    study = Study.plan("crypto-geographique", {}, "random", games=30)
    names = [r.name for r in study.readings]
    assert names == ["defaults", "players=3", "players=4", "players=5", "points=500",
                     "points=2000", "groups=chain"]
    # A value the others' defaults forbid is said, not played.
    assert study.skipped == (("teams=true", "the team game is for four players (teams=true "
                                            "needs players=4)."),)


def test_a_grid_crosses_the_options_values_and_a_number_is_studied_at_the_values_asked():
    plain = Study.plan("crypto-90", {}, "random", games=30)
    assert ("rounds", "a number with no presets; give its values with --values rounds=A,B") \
        in plain.skipped
    study = Study.plan("crypto-90", {}, "random", games=30, grid=["goal", "rounds"],
                       values={"rounds": ["1", "5"]})
    assert [r.name for r in study.readings] == [
        "defaults", "rounds=1", "rounds=5", "goal=rounds", "goal=rounds,rounds=1",
        "goal=rounds,rounds=5"]
    based = Study.plan("crypto-90", {"players": "3"}, "random", games=30, only=["players"])
    assert [r.name for r in based.readings] == ["base", "players=2", "players=4"]
    # The same rules play the same games, reached from any base.
    assert based.seed_of(based.readings[1]) == plain.seed_of(plain.readings[0]) == "0:defaults"


def test_a_reading_s_games_depend_only_on_the_seed_the_reading_and_their_number(tmp_path):
    whole = play_study(Study.plan("dames-rabattues", {}, "random", games=80, seed=3),
                       tmp_path / "whole")
    one = play_study(Study.plan("dames-rabattues", {}, "random", games=40, seed=3,
                                only=["raise_in_same_throw"]), tmp_path / "one")
    assert one["raise_in_same_throw=true"] == whole["raise_in_same_throw=true"][:40]
    assert one["defaults"] == whole["defaults"][:40]
    assert one["defaults"] != one["raise_in_same_throw=true"]


def test_a_study_gives_the_same_numbers_in_processes_and_on_a_local_cluster(tmp_path):
    study = Study.plan("jacquet", {}, "random", games=30, seed=1, only=["reading"])
    here = play_study(study, tmp_path / "here")
    assert play_study(study, tmp_path / "processes", jobs=2) == here
    assert play_study(study, tmp_path / "cluster", jobs=2, cluster="local") == here


def test_resume_plays_only_the_chunks_a_former_run_did_not_finish(tmp_path):
    study = Study.plan("dames-rabattues", {}, "random", games=130, seed=4, only=["passing"])
    whole = play_study(study, tmp_path)
    lines = (tmp_path / CHECKPOINT).read_text().splitlines()
    # Stopped after five chunks, in the middle of writing the sixth.
    (tmp_path / CHECKPOINT).write_text("\n".join(lines[:5]) + "\n" + lines[5][:40])
    kept = sum(len(json.loads(line)["games"]) for line in lines[:5])
    started, told = [], []
    again = play_study(study, tmp_path, resume=True, started=started.append,
                       progress=told.append)
    assert again == whole
    assert started == [kept] and sum(told) == 4 * 130 - kept
    # The line cut short is gone: the study carries on from its folder again.
    assert play_study(study, tmp_path, resume=True, started=started.append) == whole
    assert started[-1] == 4 * 130


def test_a_study_refuses_in_one_sentence(tmp_path):
    study = Study.plan("dames-rabattues", {}, "random", games=30, only=["passing"])
    with pytest.raises(OptionError, match="there is no study to carry on in"):
        play_study(study, tmp_path / "none", resume=True)
    play_study(study, tmp_path)
    with pytest.raises(OptionError, match="holds a study already; add --resume to carry it on"):
        play_study(study, tmp_path)
    longer = Study.plan("dames-rabattues", {}, "random", games=60, only=["passing"])
    with pytest.raises(OptionError, match="differs in its games from the one asked for"):
        play_study(longer, tmp_path, resume=True)
    plan = (tmp_path / "study.json").read_text()
    (tmp_path / "study.json").write_text('{"game": 1}')
    with pytest.raises(RecordError, match=r"study\.json is not a study's plan; the study cannot"):
        play_study(study, tmp_path, resume=True)
    (tmp_path / "study.json").write_text(plan)
    lines = (tmp_path / CHECKPOINT).read_text().splitlines()
    (tmp_path / CHECKPOINT).write_text("\n".join(["{", *lines]) + "\n")
    result = runner.invoke(app, ["readings", "dames-rabattues", "-n", "30", "--only", "passing",
                                 "--out", str(tmp_path), "--resume"])
    assert result.exit_code == 2
    assert said(result) == (f"line 1 of {tmp_path / CHECKPOINT} is not a chunk of games; the "
                            "study cannot be carried on from it.")


@pytest.mark.parametrize(
    ("arguments", "sentence"),
    [
        (["--only", "nothing"], "jacquet has no rule option 'nothing'; its rule options are: "
                                "reading, scoring, higher_die, bearing_off."),
        (["--only", "granularity"], "jacquet has no rule option 'granularity'"),
        (["--grid", "reading"], "a grid crosses at least two options, such as --grid goal,rounds."),
        (["--grid", "reading,scoring", "--only", "reading"], "give the options to study one at "
                                                             "a time (--only) or as a grid"),
        (["--players", "human"], "a study plays computer players only, not a person."),
        (["--values", "reading=ancient"], "option 'reading' of jacquet must be one of "
                                          "moulidars-1840, dlp-summary, not 'ancient'."),
        (["--values", "reading"], "values are written name=A,B, not 'reading'."),
        (["-n", "5"], "a study plays at least 30 games a reading; fewer give intervals that "
                      "mean nothing, not 5."),
        (["--grid", "reading,reading"], "'reading' is named twice; name each option once."),
        (["--only", "reading", "--values", "scoring=multiple"],
         "values are given for 'scoring', which is not studied; add it to --only or --grid"),
        (["--only", ""], "options are named comma-separated, such as reading,scoring, not ''."),
        (["--out", "/proc/no/such"], "the study cannot be written to /proc/no/such"),
    ],
)
def test_bad_settings_of_a_study_get_one_sentence(tmp_path, arguments, sentence):
    result = runner.invoke(app, ["readings", "jacquet", "-n", "30", "--out", str(tmp_path),
                                 *arguments])
    assert result.exit_code == 2, result.output
    assert sentence in said(result)
    assert not (tmp_path / CHECKPOINT).exists()


def test_the_report_names_what_a_reading_changes_beyond_noise(tmp_path):
    study = Study.plan("jacquet", {}, "random", games=60, seed=2, only=["reading"])
    findings = Findings.of(study, play_study(study, tmp_path))
    path = write_report(findings, tmp_path, "ludotheque readings jacquet", "1 s here")
    text = path.read_text()
    # The DLP summary's hitting sends men back: its games are more than twice as long.
    throws = next(d for d in findings.differences if d.figure == "throws")
    assert throws.significant and throws.low > 90
    assert "- **reading=dlp-summary**: decisions per game" in text
    assert "![throws](plots/throws.png)" in text
    assert (tmp_path / "plots" / "throws.png").read_bytes().startswith(b"\x89PNG")
    numbers = json.loads((tmp_path / "report.json").read_text())
    assert all(d["adjusted"] >= d["p"] for d in numbers["differences"])
    # Won and lost are one question: Holm counts it once, and both answers are the same.
    won, lost = (next(d for d in findings.differences if d.figure == f"first thrower: {end}")
                 for end in ("won", "lost"))
    assert won.adjusted == lost.adjusted and won.difference == pytest.approx(-lost.difference)
    # ... and only they: figures that merely both show no difference are asked apart.
    assert numbers["comparisons"] == findings.comparisons == len(findings.differences) - 1
    assert f"({findings.comparisons} comparisons, a figure that is another's over" in text
    # Seat 1 is not the first to throw in Jacquet: the report says which it means.
    assert "*The first player* is the first seat, white, whoever the rules let begin" in text


def test_the_first_player_s_figures_are_compared_only_at_as_many_players(tmp_path):
    study = Study.plan("crypto-geographique-chaine", {}, "random", games=30, only=["players"])
    findings = Findings.of(study, play_study(study, tmp_path))
    compared = {(d.reading, d.figure) for d in findings.differences}
    assert ("players=3", "decisions per game") in compared
    assert not any(figure.startswith("first player's") for _, figure in compared)
    # A first place shared by k counts 1/k: the shares of a game's seats add up to one.
    share = next(f for f in findings.figures["players=4"] if f.name == "first player's share")
    assert 0 <= share.successes <= 30


@pytest.mark.serial  # interrupted once its first chunk is kept: late under load, it could end
def test_ctrl_c_keeps_the_finished_chunks_and_resume_carries_on(tmp_path):
    folder = tmp_path / "study"
    arguments = ["readings", "dames-rabattues", "-n", "1500", "--jobs", "2", "--seed", "5",
                 "--out", str(folder)]
    command = [str(Path(sys.executable).parent / "ludotheque"), *arguments]
    env = dict(os.environ, COLUMNS="200", PYTHONIOENCODING="utf-8")
    # Its own process group, as a terminal's job: Ctrl-C reaches the workers too.
    process = subprocess.Popen(hearing_ctrl_c(command), stdout=subprocess.PIPE,
                               stderr=subprocess.PIPE, encoding="utf-8", env=env,
                               start_new_session=True)
    guard = threading.Timer(300, process.kill)
    guard.start()
    try:
        checkpoint = folder / CHECKPOINT
        while not (checkpoint.exists() and checkpoint.read_text().count("\n") >= 1):
            assert process.poll() is None, process.communicate()
            threading.Event().wait(0.01)
        os.killpg(process.pid, signal.SIGINT)
        out, errors = process.communicate()
    finally:
        guard.cancel()
    assert process.returncode == 130, (out, errors)
    assert "Traceback" not in errors + out
    kept = sum(len(json.loads(line)["games"])
               for line in (folder / CHECKPOINT).read_text().splitlines())
    assert 0 < kept < 7500
    assert " ".join(out.split()) == (f"Interrupted: {kept} of 7500 games are kept in {folder}; "
                                     "the same command with --resume carries on from there.")
    result = runner.invoke(app, [*arguments, "--resume"])
    assert result.exit_code == 0, result.output
    study = Study.plan("dames-rabattues", {}, "random", games=1500, seed=5)
    whole = Findings.of(study, play_study(study, tmp_path / "whole"))
    assert json.loads((folder / "report.json").read_text())["figures"] == \
        whole.to_json()["figures"]


@pytest.mark.parametrize("game", games())
def test_every_rules_doc_says_what_each_reading_does(game):
    section = rules_doc(game).split("## What each reading does", 1)[1]
    assert f"ludotheque readings {game} " in section
    rules = Path(__file__).parents[1] / "docs" / "rules"
    links = re.findall(r"\]\((\.\./readings/[^)]+)\)", section)
    assert links and all((rules / link).is_file() for link in links), links


def test_the_jacquet_doc_says_what_its_study_found_of_the_higher_die():
    """A difference quoted in a rules doc is the study's own, interval and all."""
    study = Path(__file__).parents[1] / "docs" / "readings" / "jacquet-random" / "report.json"
    [found] = [d for d in json.loads(study.read_text())["differences"]
               if (d["reading"], d["figure"]) == ("higher_die=true", "first thrower: won")]
    said = (f"moves by {found['difference']:+.3f}, its 95% interval {found['low']:+.3f} to "
            f"{found['high']:+.3f}")
    assert said in " ".join(rules_doc("jacquet").split())


def test_a_study_printed_to_a_file_gives_its_tables_whole(tmp_path):
    result = runner.invoke(app, ["readings", "dames-rabattues", "-n", "30", "--only", "passing",
                                 "--out", str(tmp_path)], env={"COLUMNS": "80"})
    assert result.exit_code == 0, result.output
    rows = [line for line in result.output.splitlines() if line.startswith("| passing=")]
    assert len(rows) > 3 and all(line.endswith("|") and "…" not in line for line in rows)
    assert max(len(line) for line in rows) > 80  # as long as they are, where a terminal cut


def test_the_results_name_each_run_by_its_date_and_command_not_by_the_order_of_work():
    results = (Path(__file__).parents[1] / "benchmarks" / "RESULTS.md").read_text()
    assert not re.search(r"\b(first|second|third|fourth|fifth|sixth|next|last) session",
                         results, re.IGNORECASE)
