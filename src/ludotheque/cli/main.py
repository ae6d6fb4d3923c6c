"""``ludotheque``: list, read, play, simulate, replay and analyse the rule sets."""

from __future__ import annotations

import functools
import os
import random
import shlex
import sys
import time
from collections.abc import Callable
from dataclasses import replace
from pathlib import Path
from typing import Annotated, Any, TypeVar

import typer
import uvicorn
from rich.console import Console
from rich.markdown import Markdown
from rich.progress import (
    BarColumn,
    MofNCompleteColumn,
    Progress,
    TextColumn,
    TimeElapsedColumn,
    TimeRemainingColumn,
)
from rich.table import Table
from rich.text import Text

from ludotheque.agents import is_person, kinds_text
from ludotheque.agents.hint import SECONDS, valued, valued_move
from ludotheque.cli.human import Abandoned
from ludotheque.cli.menu import run_menu
from ludotheque.cli.session import default_seats, play_at_terminal
from ludotheque.core import i18n
from ludotheque.core.errors import LudothequeError, RecordError, quoted
from ludotheque.core.game import Game
from ludotheque.core.i18n import _, ngettext
from ludotheque.core.numbers import parse_int
from ludotheque.core.options import Option, parse_assignments
from ludotheque.core.output import check_output
from ludotheque.core.record import Record
from ludotheque.core.registry import games, load_game, manifest
from ludotheque.play.help import how_to_play, marked_doc, rules_doc
from ludotheque.play.result import result_sentence
from ludotheque.play.table import GameInPlay
from ludotheque.selfplay.analysis import analyse
from ludotheque.selfplay.ratings import plot as plot_ratings
from ludotheque.selfplay.readings import (
    Findings,
    Study,
    checked_folder,
    describe,
    kept_games,
    play_study,
)
from ludotheque.selfplay.report import (
    COLUMNS,
    NUMBERS,
    PLOTS,
    markdown_table,
    rows,
    summary,
    write_report,
)
from ludotheque.selfplay.simulation import Interrupted, lengths, simulate, summarise, tally
from ludotheque.selfplay.tournament import Tournament
from ludotheque.server.app import CREATIONS, DEFAULT_DATABASE, create_app
from ludotheque.server.guard import doorkeeper, open_files_allow
from ludotheque.server.invitations import origin
from ludotheque.server.processes import bound, collecting_for_a_server, supervise
from ludotheque.server.protocol import BURST, RATE
from ludotheque.server.service import ABANDON_AFTER, HAND_OVER_AFTER, HIDE_AFTER
from ludotheque.server.table import dealt

app = typer.Typer(
    help="Historical parlour games, played exactly as their primary sources describe them.",
    no_args_is_help=False,
    add_completion=False,
)
console = Console(highlight=False)
F = TypeVar("F", bound=Callable[..., Any])

OptionList = Annotated[
    list[str] | None, typer.Option("--option", "-o", help="A rule option, name=value.")
]
ClusterOption = Annotated[
    str | None,
    typer.Option(help="Play on a Dask cluster: its scheduler, tcp://HOST:8786, or local for "
                 "--jobs worker processes here (the cluster extra). The same games as without."),
]


def long_progress() -> Progress:
    """A bar for a long run of games: done of all, time spent and time left."""
    return Progress(
        TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(),
        TimeElapsedColumn(), TextColumn("left"), TimeRemainingColumn(),
        console=console, transient=True,
    )


def friendly(command: F) -> F:
    """Errors meant for people become one red sentence and exit status 2, never a traceback."""

    @functools.wraps(command)
    def wrapper(*args: Any, **kwargs: Any) -> Any:
        try:
            return command(*args, **kwargs)
        except LudothequeError as error:
            console.print(Text(str(error), style="red"))
            raise typer.Exit(2) from None
        except Abandoned:
            console.print(_("Bye."))
            raise typer.Exit(0) from None
        except KeyboardInterrupt:
            # Ctrl-C: what was stopped has said so (play saves its record first); the status
            # is the shell's for an interrupt, 128 + SIGINT.
            raise typer.Exit(130) from None

    return wrapper  # type: ignore[return-value]


def seat_specs(num_players: int, given: list[str] | None, default: list[str]) -> list[str]:
    """Seats from ``N=spec`` assignments (numbered from 1) over the defaults."""
    seats = list(default)
    form = _("a seat is written N=kind, such as 2=random")
    given_as: dict[int, str] = {}
    for pair in given or []:
        [(number, spec)] = parse_assignments([pair], form).items()
        seat_number = parse_int(number)
        if seat_number is None or not 1 <= seat_number <= num_players:
            raise LudothequeError(_(
                "seats are numbered 1 to {last}; {number} is not one of them.",
                last=num_players, number=repr(number[:80]),
            ))
        if seat_number in given_as:
            raise LudothequeError(_(
                "seat {number} is given twice, as {first} and {second}; give each seat once.",
                number=seat_number, first=quoted(given_as[seat_number]), second=quoted(spec),
            ))
        given_as[seat_number] = spec
        seats[seat_number - 1] = spec
    return seats


@app.callback(invoke_without_command=True)
def main_menu(
    ctx: typer.Context,
    lang: Annotated[str | None, typer.Option(
        "--lang", help="The language to read the games in: en or fr (by default, the one "
                       "LANG names).")] = None,
) -> None:
    """With no command: the interactive menu (pick a game, its options, its seats, and play)."""
    try:
        ctx.call_on_close(i18n.choose(lang or i18n.from_environment(os.environ)))
    except LudothequeError as error:
        console.print(Text(str(error), style="red"))
        raise typer.Exit(2) from None
    if ctx.invoked_subcommand is None:

        friendly(run_menu)(console)


@app.command("list")
def list_games() -> None:
    """The rule sets, their sources and their options."""
    for name in games():
        declared = manifest(name)
        info = declared.info
        players = (
            str(info.min_players)
            if info.min_players == info.max_players
            else f"{info.min_players}–{info.max_players}"
        )
        console.print(Text(f"{name}: {info.title} ({_(info.date)})", style="bold"))
        console.print(_("  source: {source}", source=info.source))
        console.print(_("  players: {players}", players=players))
        for option in declared.options:
            console.print(listed_option(option))
            if option.help:
                console.print(f"    {option.explained()}")
            if option.source:
                console.print(_("    source: {source}", source=option.source))


def listed_option(option: Option) -> str:
    """An option and its default as ``list`` shows them: in English by its identifier and
    value; in another language by his words for them, then the identifier and value as typed,
    which stay the notation's."""
    typed = option.show(option.default)
    if i18n.language() == i18n.LANGUAGES[0]:
        return _("  option {name} = {value} (allowed: {allowed})", name=option.name,
                 value=typed, allowed=option.allowed_text())
    return _("  option {title}: {word} (typed {name}={value}; allowed: {allowed})",
             title=option.title(), word=option.word(option.default), name=option.name,
             value=typed, allowed=option.allowed_text())


def options_text(game: Game) -> str:
    """``passing=exception, raise_in_same_throw=false``: a game's options as typed."""
    shown = {o.name: o for o in game.manifest.options}
    return ", ".join(f"{k}={shown[k].show(v)}" for k, v in game.options.items()) or "no options"


@app.command()
@friendly
def rules(
    game: Annotated[str, typer.Argument(help="A game id, as in `ludotheque list`.")],
    full: Annotated[
        bool, typer.Option("--full", help="The whole doc: every rule beside the source's words.")
    ] = False,
    option: OptionList = None,
) -> None:
    """How to play a game, as its options have it; --full: every rule beside the source."""
    if full:
        console.print(Markdown(marked_doc(rules_doc(game))))
        return
    played = load_game(game, **parse_assignments(option or []))
    told = how_to_play(game, played)
    heading = _("{title}: how to play", title=manifest(game).info.title)
    console.print(Markdown(f"# {heading}\n\n{told}"))
    console.print("\n" + _("Every rule beside the source's words: ludotheque rules {game} --full",
                           game=game))


@app.command()
@friendly
def play(
    game: Annotated[
        str | None, typer.Argument(help="A game id, as in `ludotheque list` (not with --resume).")
    ] = None,
    option: OptionList = None,
    seat: Annotated[
        list[str] | None,
        typer.Option("--seat", "-s", help=f"N=kind, one of {kinds_text()}; seats count from 1."),
    ] = None,
    seed: Annotated[int | None, typer.Option(help="Seed for the dice and the computer.")] = None,
    save: Annotated[
        Path | None,
        typer.Option(help="Write the game record to this file (with --resume: the same file)."),
    ] = None,
    resume: Annotated[
        Path | None,
        typer.Option(help="Continue the game a record stopped: its game, options and seats."),
    ] = None,
    confirm_turn: Annotated[
        bool,
        typer.Option(
            "--confirm-turn",
            help="Not a rule: your turn passes only once you confirm it, so that undo can take "
            "back all of it.",
        ),
    ] = False,
) -> None:
    """Play a game at the terminal; `undo` at the prompt takes back your own last move."""

    if resume is not None:
        table = resumed(resume, game, option, seat, confirm_turn)
        save = resume if save is None else save
    elif game is None:
        raise LudothequeError(_("play needs a game id, such as jacquet, or --resume and a "
                                "record."))
    else:
        rule_set = load_game(game, **parse_assignments(option or []))
        seats = seat_specs(rule_set.num_players(), seat, default_seats(rule_set))
        table = GameInPlay(rule_set, seats, confirm_turn)
    if save is not None:
        check_output(save, "the record")
    play_at_terminal(table.game, list(table.seats), console, seed=seed, save=save, table=table)


def resumed(
    file: Path, game: str | None, option: list[str] | None, seat: list[str] | None,
    confirm_turn: bool,
) -> GameInPlay:
    """The game in ``file`` where it stopped, with its seats, or others given by ``--seat``."""

    record = Record.read(file)
    if game is not None and game != record.game:
        raise RecordError(_("{file} is a record of {recorded}, not of {game}.", file=file,
                            recorded=record.game, game=game))
    if option:
        raise LudothequeError(
            _("a resumed game keeps the options of its record; give --resume without -o.")
        )
    rule_set = record.load_game()
    seats = seat_specs(
        rule_set.num_players(), seat, list(record.seats) or default_seats(rule_set)
    )
    return GameInPlay.resume(record, seats, confirm_turn)


@app.command("simulate")
@friendly
def simulate_command(
    game: Annotated[str, typer.Argument(help="A game id, as in `ludotheque list`.")],
    n: Annotated[int, typer.Option("-n", help="Number of games.", min=1)] = 1000,
    seed: Annotated[int, typer.Option(help="Seed: the same seed gives the same games.")] = 0,
    jobs: Annotated[int, typer.Option(help="Processes to play in parallel.", min=1)] = 1,
    cluster: ClusterOption = None,
    option: OptionList = None,
    seat: Annotated[
        list[str] | None,
        typer.Option("--seat", "-s", help="N=kind, a computer player; seats count from 1."),
    ] = None,
) -> None:
    """Self-play: wins per seat with 95% intervals, and the length of the games."""
    options = parse_assignments(option or [])
    rule_set = load_game(game, **options)
    seats = seat_specs(rule_set.num_players(), seat, ["random"] * rule_set.num_players())
    if any(is_person(spec) for spec in seats):
        raise LudothequeError("simulate plays computer players only; use play for a person.")
    stopped = None
    with Progress(console=console, transient=True) as progress:
        task = progress.add_task(f"{game}", total=n)
        try:
            results = simulate(
                game, options, seats, n, seed=seed, jobs=jobs,
                progress=lambda k: progress.advance(task, k), cluster=cluster,
            )
        except Interrupted as stop:
            stopped = stop
            results = [stop.finished[i] for i in sorted(stop.finished)]
    if not results:
        console.print("Interrupted before any game finished.")
        raise typer.Exit(130)
    played = f"{len(results)} of {n} games" if stopped else f"{n} games"
    table = Table(title=f"{rule_set.info.title} ({options_text(rule_set)}): {played}, seed {seed}")
    for column in ("seat", "player", "wins", "draws", "win rate", "95% interval"):
        table.add_column(column)
    for s in summarise(results, rule_set.num_players()):
        low, high = s.interval
        table.add_row(
            rule_set.seat_name(s.seat), seats[s.seat], str(s.wins), str(s.draws),
            f"{s.rate:.4f}", f"{low:.4f}–{high:.4f}",
        )
    console.print(table)
    mean, median = lengths(results)
    console.print(f"decisions per game: mean {mean:.2f}, median {median:g}")
    details = tally(results)
    if details:
        facts = Table(title="what the games came to")
        for column in ("fact", "value", "games", "share or mean", "95% interval"):
            facts.add_column(column, no_wrap=True)
        for d in details:
            digits = 2 if d.value == "mean" else 4
            facts.add_row(
                d.name, d.value, str(d.count), f"{d.estimate:.{digits}f}",
                f"{d.low:.{digits}f}–{d.high:.{digits}f}",
            )
        console.print(facts)
    if stopped:
        said_interrupted(stopped)


def said_interrupted(stop: Interrupted) -> None:
    """Ctrl-C: the report above is of the games that finished; say so, and stop as
    interrupted."""
    console.print(f"Interrupted: the figures are those of the {len(stop.finished)} of "
                  f"{stop.total} games that finished.")
    raise typer.Exit(130)


@app.command()
@friendly
def tournament(
    game: Annotated[str, typer.Argument(help="A game id, as in `ludotheque list`.")],
    agents: Annotated[
        str,
        typer.Option(
            help="Computer players, comma-separated, such as hard,mcts:medium,heuristic,random; "
            "list one twice to seat it twice."
        ),
    ],
    n: Annotated[int, typer.Option("-n", help="Games at each table.", min=1)] = 10,
    seed: Annotated[int, typer.Option(help="Seed: the same seed gives the same games.")] = 0,
    jobs: Annotated[int, typer.Option(help="Processes to play in parallel.", min=1)] = 1,
    cluster: ClusterOption = None,
    plot: Annotated[
        Path | None, typer.Option(help="Draw the ratings to this file (.png or .svg).")
    ] = None,
    duplicate: Annotated[
        bool,
        typer.Option(
            help="Play each deal once in every seat order, so that the agents share the luck."
        ),
    ] = False,
    option: OptionList = None,
) -> None:
    """A round robin with the seats rotated: results, head to head, and ratings."""

    if plot is not None:
        if plot.suffix.lower() not in (".png", ".svg"):
            raise LudothequeError(f"the ratings are drawn as .png or .svg, not {plot.name!r}.")
        check_output(plot, "the plot")
    options = parse_assignments(option or [])
    rule_set = load_game(game, **options)
    plan = Tournament.plan(game, options, agents.split(","), n, duplicate)
    with long_progress() as progress:
        task = progress.add_task(f"{game}", total=len(plan.tables))
        stopped = None
        try:
            results = plan.play(seed, jobs, progress=lambda k: progress.advance(task, k),
                                cluster=cluster)
        except Interrupted as stop:
            stopped = stop
            results = plan.results(stop.finished)
    if len(results.games) < 2:
        console.print("Interrupted before two games finished.")
        raise typer.Exit(130)
    ratings = {r.name: r for r in results.ratings()}
    title = f"{rule_set.info.title} ({options_text(rule_set)})"
    dealt = ", each deal in every seat order" if duplicate else ""
    played = f"{len(results.games)} of {len(plan.tables)}" if stopped else len(plan.tables)
    standings = Table(title=f"{title}: {played} games, {n} at each table{dealt}, seed {seed}")
    for column in ("agent", "games", "won", "drawn", "win rate (95%)", "mean return (95%)"):
        standings.add_column(column, no_wrap=column != "agent")
    for s in sorted(results.standings(), key=lambda s: -ratings[s.name].elo):
        low, high = s.interval
        standings.add_row(
            s.name, str(s.games), str(s.wins), str(s.draws), f"{s.rate:.2f} ({low:.2f}–{high:.2f})",
            f"{_short(s.mean)} ({_short(s.low)}–{_short(s.high)})",
        )
    console.print(standings)
    pairs = Table(title="head to head: the first's score against the second (higher return)")
    for column in ("agent", "against", "games", "won", "drawn", "lost", "score (95%)"):
        pairs.add_column(column, no_wrap=column == "score (95%)")
    for first, second, t in results.head_to_head():
        low, high = t.interval
        pairs.add_row(
            first, second, str(t.games), str(t.wins), str(t.draws),
            str(t.games - t.wins - t.draws), f"{t.rate:.2f} ({low:.2f}–{high:.2f})",
        )
    console.print(pairs)
    board = Table(title="Bradley–Terry ratings from every game (Elo scale, mean 0)")
    for column in ("agent", "rating", "95% interval", "games"):
        board.add_column(column)
    for r in sorted(ratings.values(), key=lambda r: -r.elo):
        board.add_row(r.name, f"{r.elo:+.0f}", f"{r.low:+.0f} to {r.high:+.0f}", f"{r.games:g}")
    console.print(board)
    if plot is not None:
        try:
            plot_ratings(list(ratings.values()), plot, title)
        except OSError as error:
            reason = error.strerror
            raise LudothequeError(f"the plot could not be written to {plot}: {reason}.") from None
        console.print(f"Ratings drawn to {plot}.")
    if stopped:
        said_interrupted(stopped)


@app.command()
@friendly
def readings(
    game: Annotated[str, typer.Argument(help="A game id, as in `ludotheque list`.")],
    n: Annotated[int, typer.Option("-n", help="Games for each reading (at least 30).")] = 1000,
    players: Annotated[
        str, typer.Option(help="The computer player in every seat: random, heuristic, a level.")
    ] = "random",
    seed: Annotated[int, typer.Option(help="Seed: the same seed gives the same games.")] = 0,
    jobs: Annotated[int, typer.Option(help="Processes to play in parallel.", min=1)] = 1,
    cluster: ClusterOption = None,
    option: Annotated[
        list[str] | None,
        typer.Option("--option", "-o", help="A rule option every reading starts from, name=value."),
    ] = None,
    values: Annotated[
        list[str] | None,
        typer.Option(help="The values to study of an option, name=A,B (a number's presets by "
                     "default)."),
    ] = None,
    only: Annotated[
        str | None, typer.Option(help="Study only these options, comma-separated.")
    ] = None,
    grid: Annotated[
        str | None,
        typer.Option(help="Study every combination of these options' values, comma-separated."),
    ] = None,
    out: Annotated[
        Path | None,
        typer.Option(help="The study's folder: its finished games, report.md, report.json and "
                     "plots/ (readings/GAME-PLAYERS by default)."),
    ] = None,
    resume: Annotated[
        bool, typer.Option(help="Carry on the study in --out, keeping the games it finished.")
    ] = False,
) -> None:
    """What each reading of the rules does: every rule option's values played against the
    defaults, each figure with its interval and its difference, corrected for their number."""
    asked = {name: text.split(",")
             for name, text in parse_assignments(values or [], "values are written "
                                                 "name=A,B").items()}
    study = Study.plan(game, parse_assignments(option or []), players, n, seed, asked,
                       _listed(only), _listed(grid))
    folder = checked_folder(out or Path("readings") / f"{game}-{players.replace(':', '-')}")
    command = shlex.join(["ludotheque", *sys.argv[1:]])
    started = time.perf_counter()
    total = n * len(study.readings)
    before = 0

    def started_with(kept: int) -> None:
        nonlocal before
        before = kept
        progress.advance(task, kept)

    with long_progress() as progress:
        task = progress.add_task(f"{game}, {len(study.readings)} readings", total=total)
        try:
            played = play_study(
                study, folder, resume=resume, jobs=jobs, cluster=cluster,
                started=started_with, progress=lambda k: progress.advance(task, k),
            )
        except KeyboardInterrupt:
            console.print(f"Interrupted: {kept_games(folder)} of {total} games are kept in "
                          f"{folder}; the same command with --resume carries on from there.")
            raise typer.Exit(130) from None
    seconds = time.perf_counter() - started
    took = f"{seconds:.0f} s" if seconds < 60 else f"{seconds / 60:.1f} min"
    where = f"cluster {cluster}" if cluster else f"jobs {jobs}"
    wall = f"{took} here for the {total - before} games this run played, {where}"
    findings = Findings.of(study, played)
    show_findings(findings)
    path = write_report(findings, folder, command, wall)
    console.print(f"{describe(study)}. Report: {path}, every number: {folder / NUMBERS}, "
                  f"plots in {folder / PLOTS} ({wall}).", soft_wrap=not console.is_terminal)


def _actions(text: str) -> list[int]:
    """A deal's action numbers, as ``--deal`` writes them."""
    try:
        return [int(action) for action in text.split(",")]
    except ValueError:
        raise LudothequeError(f"a deal is action numbers separated by commas (0,17,3), not "
                              f"{quoted(text[:40])}.") from None


def _listed(text: str | None) -> list[str]:
    if text is None:
        return []
    names = [name.strip() for name in text.split(",")]
    if not all(names):
        raise LudothequeError(f"options are named comma-separated, such as reading,scoring, "
                              f"not {text!r}.")
    return names


def show_findings(findings: Findings) -> None:
    """A table per figure, the significant differences in bold, then what changes; printed
    elsewhere than to a terminal (a file, a pipe), as Markdown whole, cut at no width."""
    for name in findings.names():
        if not console.is_terminal:
            console.print(Text("\n".join([f"## {name}", *markdown_table(findings, name), ""])),
                          soft_wrap=True)
            continue
        table = Table(title=name, title_justify="left")
        for column in COLUMNS:
            table.add_column(column, no_wrap=True)
        for cells, significant in rows(findings, name):
            table.add_row(*cells, style="bold" if significant else None)
        console.print(table)
    said = "\n".join(summary(findings))
    console.print(Markdown(said) if console.is_terminal else Text(said), soft_wrap=True)


def _short(value: float) -> str:
    """A mean written to the digits that matter beside its interval: 284, 31.5, 0.42."""
    digits = 0 if abs(value) >= 100 else 1 if abs(value) >= 10 else 2
    return f"{value:.{digits}f}"


@app.command()
@friendly
def replay(
    file: Annotated[Path, typer.Argument(help="A game record (JSON).")],
    quiet: Annotated[bool, typer.Option(help="Only the final position.")] = False,
) -> None:
    """Replay a game record move by move and show where it ends."""
    record = Record.read(file)
    state = record.load_game().new_initial_state()
    for number, step in enumerate(record.walk(), start=1):
        state = step.state
        if quiet:
            continue
        if step.withdrawn is not None:
            console.print(Text(_("Move {number}: {seat} takes back {move}.", number=number,
                                 seat=state.game.seat_called(step.seat), move=step.withdrawn),
                               "yellow"))
            continue
        line = state.describe_last()
        if line:
            console.print(Text(line))
    console.print(Text(state.game.manifest.render_view(state.game, state.observation())))
    if state.is_terminal():
        console.print(Text(result_sentence(state), style="bold"))
    elif record.stopped is not None:
        console.print(Text(ngettext(
            "The game was {stopped}; the record ends there, after {count} move.",
            "The game was {stopped}; the record ends there, after {count} moves.",
            len(record.moves), stopped=record.stopped), style="bold"))
    else:
        console.print(ngettext("The record stops after {count} move, before the end.",
                               "The record stops after {count} moves, before the end.",
                               len(record.moves)))


@app.command()
@friendly
def review(
    file: Annotated[Path, typer.Argument(help="A game record (JSON).")],
    seat: Annotated[
        list[int] | None,
        typer.Option("--seat", "-s", help="A seat to judge, counted from 1; every seat if none.",
                     min=1),
    ] = None,
    graph: Annotated[
        Path | None, typer.Option(help="Draw the game's graph to this file (.png or .svg).")
    ] = None,
    seconds: Annotated[
        float, typer.Option(help="How long each turn's search may take, at most.", min=0.01)
    ] = SECONDS,
    jobs: Annotated[int, typer.Option(help="Processes to judge in parallel.", min=1)] = 1,
    cluster: ClusterOption = None,
) -> None:
    """Judge each turn of a game as a hint would have: the move played beside the best found,
    from what its seat could know then, and the costliest turns."""
    record = Record.read(file)
    game = record.load_game()
    seats = sorted({s - 1 for s in seat}) if seat else None
    if seats and seats[-1] >= game.num_players():
        raise LudothequeError(_("{game} has seats 1 to {count}; there is no seat {seat}.",
                                game=game.name, count=game.num_players(), seat=seats[-1] + 1))
    with long_progress() as progress:
        task = progress.add_task(_("judging the turns"), total=None)
        found = analyse(record, seats, seconds, jobs, cluster,
                        told=lambda done, total: progress.update(task, completed=done,
                                                                 total=total))
    if not found.judgements:
        console.print(_("No turn of this game left its player a choice: there is nothing to "
                        "judge."))
        return
    costly = found.costliest()
    if costly:
        table = Table(title=_("The costliest turns of {game}", game=game.info.title))
        for column in (_("after action"), _("seat"), _("played"), _("best found"), _("cost")):
            table.add_column(column)
        for judged in costly:
            table.add_row(str(judged.number), game.seat_called(judged.seat),
                          valued_move(judged.played, judged.played_value, found.unit),
                          valued_move(judged.best, judged.best_value, found.unit),
                          valued(judged.cost, found.unit))
        console.print(table)
    else:
        console.print(_("Every turn judged was played as the best the computer found."))
    for s in sorted({j.seat for j in found.judgements}):
        mine = [j for j in found.judgements if j.seat == s]
        console.print(ngettext(
            "{seat}: {count} turn judged, {best} played as the best found; lost {lost} in all.",
            "{seat}: {count} turns judged, {best} played as the best found; lost {lost} in all.",
            len(mine), seat=game.seat_called(s), best=sum(j.cost == 0 for j in mine),
            lost=valued(sum(j.cost for j in mine), found.unit)))
    if graph is not None:
        console.print(_("The graph of the game: {path}", path=found.draw(game, graph)))


@app.command()
@friendly
def analyze(
    game: Annotated[str, typer.Argument(help="A game id, as in `ludotheque list`.")],
    n: Annotated[int, typer.Option("-n", help="Games to simulate beside it.", min=1)] = 20000,
    seed: Annotated[int, typer.Option(help="Seed of the simulation.")] = 0,
    option: OptionList = None,
) -> None:
    """Exact figures (dynamic programming) beside the same figures from simulation."""
    rule_set = load_game(game, **parse_assignments(option or []))
    with console.status("solving and simulating…"):
        rows = rule_set.manifest.analyze(rule_set, n, seed)
    table = Table(title=f"{rule_set.info.title} ({options_text(rule_set)})")
    for column in ("quantity", "exact", "simulated"):
        table.add_column(column)
    for row in rows:
        table.add_row(*row)
    console.print(table)


@app.command()
@friendly
def picture(
    game: Annotated[str, typer.Argument(help="A game id, as in `ludotheque list`.")],
    out: Annotated[Path, typer.Argument(help="The file to write: .png or .svg.")],
    cards: Annotated[str, typer.Option(help="Cards to pick out, comma-separated.")] = "",
    record: Annotated[
        Path | None, typer.Option(help="A game record: draw the table it reaches.")
    ] = None,
    move: Annotated[
        int | None, typer.Option(help="With --record: stop after this many moves.", min=0)
    ] = None,
) -> None:
    """Draw a game's material (the map of Crypto géographique, a hand's combinations), or the
    table a record reaches with its last shot (tiddlywinks)."""
    if out.suffix.lower() not in (".png", ".svg"):
        raise LudothequeError(f"a picture is written as .png or .svg, not {out.name!r}.")
    check_output(out, "the picture")
    rule_set = load_game(game)
    state = None
    if record is not None:
        found = Record.read(record)
        if found.game != game:
            raise RecordError(f"{record} is a record of {found.game}, not of {game}.")
        if move is not None:
            found = replace(found, moves=found.moves[:move], result=None)
        state = found.replay()
        rule_set = state.game
    elif move is not None:
        raise LudothequeError("--move counts the moves of a --record; give the record too.")
    written = rule_set.manifest.draw(rule_set, out, cards, state=state)
    console.print(f"Picture written to {written}.")


LOOPBACK = ("127.0.0.1", "localhost", "::1")


@app.command()
@friendly
def serve(
    host: Annotated[str, typer.Option(help="The address to listen on; anything but loopback "
                                           "lets other machines in.")] = "127.0.0.1",
    port: Annotated[int, typer.Option(help="The port to listen on.", min=1, max=65535)] = 8000,
    database: Annotated[str, typer.Option(
        help="An SQLAlchemy URL: SQLite by default, or postgresql+psycopg://user@host/db."
    )] = DEFAULT_DATABASE,
    workers: Annotated[int | None, typer.Option(
        help="Processes the computer players of dice and card games think in (default: one "
             "per core).", min=1
    )] = None,
    shot_workers: Annotated[int, typer.Option(
        help="Processes the tiddlywinks players plan their shots in, apart from the others.",
        min=1,
    )] = 1,
    seed: Annotated[int | None, typer.Option(
        help="Draw chance from this seed rather than the system's entropy (for tests: anyone "
             "who knows it knows every deal)."
    )] = None,
    hand_over_after: Annotated[float, typer.Option(
        help="Seconds a person must be gone before the others may hand his seat to the "
             "computer.", min=0
    )] = HAND_OVER_AFTER,
    messages_per_second: Annotated[float, typer.Option(
        help=f"The most messages a page may send a second, after a burst of {BURST}; more "
             "are refused unread.", min=0.001
    )] = RATE,
    tables_per_address: Annotated[int, typer.Option(
        help=f"Tables one client address may open in a row; then one every "
             f"{1 / CREATIONS[1]:g} seconds.", min=1
    )] = CREATIONS[0],
    hide_after: Annotated[float, typer.Option(
        help="Seconds without a move after which a table leaves the lobby's list (its link "
             "still works).", min=1
    )] = HIDE_AFTER,
    abandon_after: Annotated[float, typer.Option(
        help="Seconds without a move after which a table is ended as abandoned.", min=1
    )] = ABANDON_AFTER,
    public_url: Annotated[str | None, typer.Option(
        help="The address others reach this server at (https://jeux.example.org, behind a "
             "proxy): every link and QR code to share is built on it. Without it, on the "
             "address each page was loaded from."
    )] = None,
    forwarded_allow_ips: Annotated[str | None, typer.Option(
        help="The addresses of a reverse proxy in front (comma-separated, or *): only from "
             "them are X-Forwarded-For and X-Forwarded-Proto believed, so that each client's "
             "limits count the client, not the proxy."
    )] = None,
    deal: Annotated[str | None, typer.Option(
        hidden=True, help="For tests: every table's chance set in advance, each outcome at its "
                          "place in the game (the game's action numbers, comma-separated)."
    )] = None,
    processes: Annotated[int, typer.Option(
        help="Serving processes on this address, sharing the database (PostgreSQL only): "
             "one per core spreads the tables over them.", min=1
    )] = 1,
) -> None:
    """Serve the browser edition: the lobby, the tables and their replays."""
    if public_url is not None:
        try:
            public_url = origin(public_url)
        except LudothequeError as error:
            raise typer.BadParameter(str(error), param_hint="--public-url") from None
    proxies = [a.strip() for a in (forwarded_allow_ips or "").split(",") if a.strip()]
    if processes > 1 and not database.startswith("postgresql"):
        raise LudothequeError("--processes above 1 needs a PostgreSQL database "
                              "(postgresql+psycopg://…), which they share; SQLite is served "
                              "by one process.")
    application = functools.partial(
        create_app, database, rng=None if seed is None else random.Random(seed),
        workers=workers, shot_workers=shot_workers,
        hand_over_after=hand_over_after,
        message_rate=(BURST, messages_per_second),
        creations=(tables_per_address, CREATIONS[1]),
        hide_after=hide_after, abandon_after=abandon_after, public_url=public_url,
        chance=None if deal is None else dealt(_actions(deal)),
    )
    shown = f"[{host}]" if ":" in host else host
    if host not in LOOPBACK:
        console.print(Text(f"Listening on {host}: anyone who can reach this machine can open "
                           "the lobby and watch its tables.", style="yellow"))
    console.print(f"Ludothèque is served at http://{shown}:{port}/ — open it in a browser; "
                  "Ctrl-C stops it.", soft_wrap=True)
    if public_url is not None:
        console.print(f"Its links to share are built on {public_url}.", soft_wrap=True)
    # Behind a proxy, the proxy speaks for every client: its own connections are not counted
    # as one address's, and only its word on who the client is is taken.
    door = functools.partial(doorkeeper, open_files_allow(), exempt=frozenset(proxies))
    options: dict[str, Any] = {"log_level": "info", "ws_max_size": 65536,
                               "proxy_headers": bool(proxies),
                               "forwarded_allow_ips": proxies or None}
    if processes > 1:
        try:
            listening = bound(host, port)
        except OSError as error:
            raise LudothequeError(f"{shown}:{port} cannot be listened on: "
                                  f"{error.strerror or error}.") from None
        console.print(f"{processes} processes serve it, sharing its database.")
        supervise(processes, listening, application, door, options)
    else:
        served = application()
        collecting_for_a_server()
        uvicorn.run(served, host=host, port=port, http=door(), **options)


def main() -> None:
    app()
