"""Readings studied by self-play: what each rule option does to the game.

A :class:`Study` plays ``games`` games at the base options (the rule set's defaults, or those
given) and as many at each *reading*: one rule option set to another of its values, the others
at the base — or, on request, each combination of a grid of options. It then sets each figure
the games yield (the first player's share, the length, the rule set's own tally) beside the
base's, with the difference's 95% interval, and marks the differences that stand after Holm's
correction for the number of comparisons.

A reading's games depend on nothing but the seed, its rules and the game's number: game ``i``
of the reading ``reading=dlp-summary`` draws from ``Random("7:reading=dlp-summary:i")`` with
seed 7, the options named being every one set away from the rule set's defaults, in order of
name, so that the same rules reached from another base or another grid play the same games.
So the numbers are the same with any number of processes or workers, and a study interrupted
and carried on (:func:`play_study`, ``resume``) plays on from where it stopped, keeping the
chunks that had finished in its folder (``games.jsonl``, a line per chunk).

>>> study = Study.plan("jacquet", {}, "random", games=30, seed=7)
>>> [r.name for r in study.readings]
['defaults', 'reading=dlp-summary', 'scoring=multiple', 'higher_die=true', 'bearing_off=optional']
"""

from __future__ import annotations

import itertools
import json
import statistics
from collections.abc import Callable, Mapping, Sequence
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

from ludotheque.agents import is_person, make_agent
from ludotheque.core.errors import LudothequeError, OptionError, RecordError, quoted
from ludotheque.core.game import Game
from ludotheque.core.registry import load_game, manifest
from ludotheque.selfplay.running import run_chunks
from ludotheque.selfplay.simulation import (
    Chunk,
    GameResult,
    chunk_size,
    chunks,
    play_chunk,
)
from ludotheque.selfplay.stats import (
    holm,
    mean_difference,
    mean_interval,
    share_difference,
    wilson_interval,
)

#: The level at which a difference is called significant, over all a study's comparisons.
LEVEL = 0.05
#: The fewest games a reading may have: below it the normal intervals of a mean mislead (with
#: one game, a return has no spread at all), and no difference could be seen anyway.
FEWEST = 30
STUDY = "study.json"
CHECKPOINT = "games.jsonl"


@dataclass(frozen=True)
class Reading:
    """One reading studied: the options set away from the base, as typed; none for the base
    itself, which is called the defaults where no option was given."""

    changed: tuple[tuple[str, str], ...] = ()
    based: bool = False

    @property
    def name(self) -> str:
        return ",".join(f"{k}={v}" for k, v in self.changed) or (
            "base" if self.based else "defaults")


@dataclass(frozen=True)
class Study:
    """Which readings of a rule set to play, how many games each, by whom, from which seed."""

    game: str
    #: The options every reading starts from, as typed (the rest at their defaults).
    base: tuple[tuple[str, str], ...]
    #: The kind of computer player in every seat, such as random or heuristic.
    players: str
    games: int
    seed: int
    readings: tuple[Reading, ...]
    #: What was not studied, and why: (option or reading, sentence).
    skipped: tuple[tuple[str, str], ...] = ()
    #: Games per chunk, kept with the study so that it is carried on in the same chunks.
    chunk: int = 1

    @classmethod
    def plan(
        cls,
        game: str,
        base: Mapping[str, str],
        players: str,
        games: int,
        seed: int = 0,
        values: Mapping[str, Sequence[str]] | None = None,
        only: Sequence[str] = (),
        grid: Sequence[str] = (),
    ) -> Study:
        """Every rule option of ``game`` (or those of ``only``) one at a time at each of its
        values, or with ``grid`` every combination of those options' values. An option's
        values are ``values[name]`` if given, else its allowed values or presets
        (:meth:`~ludotheque.core.options.Option.studied`); the base's value is always one."""
        rule_set = load_game(game, **base)
        specs = {o.name: o for o in rule_set.manifest.options}
        if games < FEWEST:
            raise OptionError(f"a study plays at least {FEWEST} games a reading; fewer give "
                              f"intervals that mean nothing, not {games}.")
        if only and grid:
            raise OptionError("give the options to study one at a time (--only) or as a grid "
                              "(--grid), not both.")
        named = list(grid or only)
        for name in [*named, *(values or {})]:
            if name not in specs or not specs[name].rule:
                rules = ", ".join(o.name for o in specs.values() if o.rule)
                raise OptionError(f"{game} has no rule option {name!r}; its rule options are: "
                                  f"{rules}.")
        twice = next((name for i, name in enumerate(named) if name in named[:i]), None)
        if twice is not None:
            raise OptionError(f"{twice!r} is named twice; name each option once.")
        if grid and len(grid) < 2:
            raise OptionError("a grid crosses at least two options, such as --grid goal,rounds.")
        ignored = [name for name in values or {} if named and name not in named]
        if ignored:
            raise OptionError(f"values are given for {ignored[0]!r}, which is not studied; "
                              "add it to --only or --grid, or leave its values out.")
        if is_person(players):
            raise OptionError("a study plays computer players only, not a person.")
        make_agent(players, game=rule_set)  # a kind that cannot play this game is said now
        shown = {name: specs[name].show(rule_set.options[name]) for name in specs}
        base = {name: shown[name] for name in base}
        skipped: list[tuple[str, str]] = []
        studied: dict[str, list[str]] = {}
        for option in (specs[n] for n in named) if named else specs.values():
            if not option.rule:
                continue
            if values and option.name in values:
                asked = [option.show(option.parse(v, game=game)) for v in values[option.name]]
            else:
                asked = [option.show(v) for v in option.studied()]
            others = [v for v in dict.fromkeys(asked) if v != shown[option.name]]
            if others:
                studied[option.name] = [shown[option.name], *others]
            elif values and option.name in values:
                skipped.append((option.name, "only its base value was asked for"))
            else:
                skipped.append((option.name, "a number with no presets; give its values with "
                                f"--values {option.name}=A,B"))
        if grid:
            combinations = itertools.product(*(studied.get(n, [shown[n]]) for n in grid))
            changes = [
                tuple((n, v) for n, v in zip(grid, combination, strict=True) if v != shown[n])
                for combination in combinations
            ]
        else:
            changes = [((n, v),) for n, vs in studied.items() for v in vs[1:]]
        readings = [Reading(based=bool(base))]
        for changed in changes:
            if not changed:
                continue
            reading = Reading(changed, based=bool(base))
            try:
                load_game(game, **{**base, **dict(changed)})
            except OptionError as error:
                skipped.append((reading.name, str(error)))
                continue
            readings.append(reading)
        return cls(game, tuple(sorted(base.items())), players, games, seed, tuple(readings),
                   tuple(skipped), chunk_size(games))

    def options(self, reading: Reading) -> dict[str, str]:
        return {**dict(self.base), **dict(reading.changed)}

    def seed_of(self, reading: Reading) -> str:
        """The seed of a reading's games: the study's, and its rules, the options set away from
        the rule set's defaults in order of name (``defaults`` for none).

        >>> study = Study.plan("crypto-90", {"players": "3"}, "random", 30, seed=7)
        >>> study.readings[0].name, study.seed_of(study.readings[0])
        ('base', '7:players=3')
        >>> study.readings[1].name, study.seed_of(study.readings[1])
        ('players=2', '7:defaults')
        """
        defaults = {o.name: o.show(o.default) for o in manifest(self.game).options}
        rules = sorted((k, v) for k, v in self.options(reading).items() if defaults[k] != v)
        return f"{self.seed}:" + (",".join(f"{k}={v}" for k, v in rules) or "defaults")

    @property
    def reference(self) -> str:
        """What every reading is compared with: the defaults, or the base given."""
        return self.readings[0].name

    def work(self) -> list[tuple[Reading, Chunk]]:
        """Every reading's games, numbered from 0, cut into chunks of the same size whatever
        plays them."""
        pieces = []
        for reading in self.readings:
            options = self.options(reading)
            seats = (self.players,) * load_game(self.game, **options).num_players()
            for chunk in chunks(self.game, options, [seats] * self.games,
                                self.seed_of(reading), size=self.chunk):
                pieces.append((reading, chunk))
        return pieces

    def to_json(self) -> dict[str, Any]:
        return asdict(self)

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Study:
        return cls(
            data["game"], tuple(tuple(p) for p in data["base"]), data["players"],
            data["games"], data["seed"],
            tuple(Reading(tuple(tuple(p) for p in r["changed"]), r["based"])
                  for r in data["readings"]),
            tuple(tuple(s) for s in data["skipped"]), data["chunk"],
        )


def play_study(
    study: Study,
    folder: Path,
    *,
    resume: bool = False,
    jobs: int = 1,
    cluster: str | None = None,
    progress: Callable[[int], None] | None = None,
    started: Callable[[int], None] | None = None,
) -> dict[str, list[GameResult]]:
    """Play the study, writing each finished chunk to ``folder`` as it comes; with
    ``resume``, first read back the chunks a former run finished and play only the others.
    ``started(k)`` is told how many games were already played; ``progress(k)`` as each chunk
    of ``k`` games ends. Returns each reading's games in game order; Ctrl-C raises
    :class:`KeyboardInterrupt` with every finished chunk kept."""
    saved, checkpoint = folder / STUDY, folder / CHECKPOINT
    work = study.work()
    key = {(reading.name, chunk[3][0][0]): n for n, (reading, chunk) in enumerate(work)}
    try:
        folder.mkdir(parents=True, exist_ok=True)
        if resume:
            if not saved.exists():
                raise OptionError(f"there is no study to carry on in {folder}; leave out "
                                  "--resume to start one.")
            _same_study(study, _saved_study(saved), folder)
            kept = _read_checkpoint(checkpoint)
        else:
            if saved.exists():
                raise OptionError(f"{folder} holds a study already; add --resume to carry it "
                                  "on, or give another --out.")
            saved.write_text(json.dumps(study.to_json(), indent=1) + "\n")
            kept = {}
        parts = {key[k]: v for k, v in kept.items()
                 if k in key and len(v) == len(work[key[k]][1][3])}
        # Written again whole, so that a line a former run left cut short is gone.
        checkpoint.write_text("".join(_chunk_line(work[n][0], work[n][1], part) + "\n"
                                      for n, part in sorted(parts.items())))
        out = checkpoint.open("a")
    except OSError as error:
        raise LudothequeError(f"the study cannot be written to {folder}: "
                              f"{error.strerror or error}.") from None
    if started:
        started(sum(len(p) for p in parts.values()))
    left = [n for n in range(len(work)) if n not in parts]
    with out:

        def finished(index: int, part: list[GameResult]) -> None:
            reading, chunk = work[left[index]]
            parts[left[index]] = part
            out.write(_chunk_line(reading, chunk, part) + "\n")
            out.flush()
            if progress:
                progress(len(part))

        try:
            run_chunks(play_chunk, [work[n][1] for n in left], jobs=jobs, cluster=cluster,
                       finished=finished)
        except OptionError:
            if not resume and not parts:
                # Nothing was played (no cluster at that address): no study was begun.
                saved.unlink()
                checkpoint.unlink()
            raise
    played: dict[str, list[GameResult]] = {r.name: [] for r in study.readings}
    for n, (reading, _chunk) in enumerate(work):
        played[reading.name].extend(parts[n])
    return played


def kept_games(folder: Path) -> int:
    """How many games the study in ``folder`` keeps: those ``--resume`` would not play again.
    Counted on the disk, as a Ctrl-C can fall between a chunk written and its progress told."""
    return sum(len(games) for games in _read_checkpoint(folder / CHECKPOINT).values())


def _chunk_line(reading: Reading, chunk: Chunk, games: list[GameResult]) -> str:
    return json.dumps({"reading": reading.name, "first": chunk[3][0][0],
                       "games": [_result_json(r) for r in games]})


def _same_study(asked: Study, saved: Study, folder: Path) -> None:
    for name in ("game", "base", "players", "games", "seed", "readings", "chunk"):
        if getattr(asked, name) != getattr(saved, name):
            raise OptionError(
                f"the study in {folder} differs in its {name} from the one asked for; give the "
                "command that started it, with --resume."
            )


def _saved_study(path: Path) -> Study:
    try:
        return Study.from_json(json.loads(path.read_text()))
    except OSError as error:
        raise RecordError(f"{path} cannot be read: {error.strerror or error}.") from None
    except (ValueError, KeyError, TypeError, AttributeError):
        raise RecordError(f"{path} is not a study's plan; the study cannot be carried on from "
                          "it.") from None


def _read_checkpoint(path: Path) -> dict[tuple[str, int], list[GameResult]]:
    """The chunks a former run finished, by (reading, first game). A last line cut short (the
    run stopped while writing it) is only a chunk to play again."""
    kept: dict[tuple[str, int], list[GameResult]] = {}
    lines = path.read_text().splitlines() if path.exists() else []
    for number, line in enumerate(lines, start=1):
        try:
            chunk = json.loads(line)
            games = [GameResult(tuple(r), m, tuple((k, v) for k, v in d))
                     for r, m, d in chunk["games"]]
            kept[(chunk["reading"], chunk["first"])] = games
        except (ValueError, KeyError, TypeError):
            if number == len(lines):
                break
            raise RecordError(f"line {number} of {path} is not a chunk of games; the study "
                              "cannot be carried on from it.") from None
    return kept


def _result_json(result: GameResult) -> list[Any]:
    return [list(result.returns), result.moves, [list(d) for d in result.details]]


@dataclass(frozen=True)
class Figure:
    """One figure of a reading's games: a share (with its successes) or a mean (with its
    variance), and its 95% interval."""

    name: str
    kind: str  # "share" or "mean"
    count: int
    estimate: float
    low: float
    high: float
    successes: float = 0.0
    variance: float = 0.0


@dataclass(frozen=True)
class Difference:
    """A figure of a reading against the same figure at the base."""

    reading: str
    figure: str
    difference: float
    low: float
    high: float
    p: float
    #: Holm's adjusted p-value over every comparison of the study.
    adjusted: float = 1.0

    @property
    def significant(self) -> bool:
        return self.adjusted < LEVEL


FIRST_SHARE = "first player's share"
FIRST_RETURN = "first player's return"
LENGTH = "decisions per game"
#: The figures of the first seat, compared only between readings of as many players.
FIRST = (FIRST_SHARE, FIRST_RETURN)


def figures(results: Sequence[GameResult], categories: Mapping[str, Sequence[str]]) -> list[Figure]:
    """The figures of a reading's games: the first player's share (the best return wins; a
    share of it among ``k`` counts ``1/k``) and return, the decisions per game, then each of
    the rule set's own facts — a text one as the share of each of its ``categories`` (those
    seen in any reading of the study), a number as its mean."""
    won = sum(1 / r.returns.count(max(r.returns)) for r in results
              if r.returns[0] == max(r.returns))
    low, high = wilson_interval(won, len(results))
    found = [
        Figure(FIRST_SHARE, "share", len(results), won / len(results), low, high,
               successes=won),
        _mean(FIRST_RETURN, [r.returns[0] for r in results]),
        _mean(LENGTH, [float(r.moves) for r in results]),
    ]
    seen: dict[str, list[str | float]] = {}
    for result in results:
        for name, value in result.details:
            seen.setdefault(name, []).append(value)
    for name, values in seen.items():
        if name in categories:
            for category in categories[name]:
                count = sum(v == category for v in values)
                low, high = wilson_interval(count, len(values))
                found.append(Figure(f"{name}: {category}", "share", len(values),
                                    count / len(values), low, high, successes=count))
        else:
            found.append(_mean(name, [float(v) for v in values]))
    return found


def _mean(name: str, values: list[float]) -> Figure:
    mean, low, high = mean_interval(values)
    variance = statistics.variance(values) if len(values) > 1 else 0.0
    return Figure(name, "mean", len(values), mean, low, high, variance=variance)


def categories(played: Mapping[str, Sequence[GameResult]]) -> dict[str, list[str]]:
    """The text facts of every reading's games, each with every value seen in any."""
    found: dict[str, set[str]] = {}
    for results in played.values():
        for result in results:
            for name, value in result.details:
                if isinstance(value, str):
                    found.setdefault(name, set()).add(value)
    return {name: sorted(values) for name, values in found.items()}


@dataclass(frozen=True)
class Findings:
    """A study's figures per reading, and every reading's differences from the base."""

    study: Study
    figures: dict[str, list[Figure]]
    differences: list[Difference] = field(default_factory=list)

    @classmethod
    def of(cls, study: Study, played: Mapping[str, Sequence[GameResult]]) -> Findings:
        kinds = categories(played)
        by_reading = {name: figures(results, kinds) for name, results in played.items()
                      if results}
        reference = study.reference
        base = {f.name: f for f in by_reading.get(reference, [])}
        seats = {name: len(results[0].returns) for name, results in played.items() if results}
        raw = []
        for reading, found in by_reading.items():
            if reading == reference:
                continue
            for figure in found:
                was = base.get(figure.name)
                if was is None or (figure.name in FIRST and seats[reading] != seats[reference]):
                    continue  # the first of another number of players is another figure
                if figure.low == figure.high == was.low == was.high:
                    continue  # the same in every game of both: nothing to test
                raw.append(Difference(reading, figure.name, *_compare(figure, was)))
        # One question asked twice is one comparison: a fact's two values (won, lost), or two
        # figures every game gives alike (throws and decisions), test the same thing.
        questions = {_question(d): d.p for d in reversed(raw)}  # each with its first p-value
        adjusted = dict(zip(questions, holm(list(questions.values())), strict=True))
        differences = [Difference(d.reading, d.figure, d.difference, d.low, d.high, d.p,
                                  adjusted[_question(d)]) for d in raw]
        return cls(study, by_reading, differences)

    @property
    def comparisons(self) -> int:
        """How many comparisons Holm's correction counts: a question asked twice once."""
        return len(set(map(_question, self.differences)))

    def names(self) -> list[str]:
        """Every figure, in the order the games gave them."""
        return list(dict.fromkeys(f.name for found in self.figures.values() for f in found))

    def to_json(self) -> dict[str, Any]:
        return {
            "study": self.study.to_json(),
            "level": LEVEL,
            "comparisons": self.comparisons,
            "figures": {r: [asdict(f) for f in found] for r, found in self.figures.items()},
            "differences": [{**asdict(d), "significant": d.significant}
                            for d in self.differences],
        }


def _question(difference: Difference) -> tuple[str, ...]:
    """What a comparison asks, whichever figure asks it: its reading, its p-value and the
    size of its difference, which two figures share only when they are one fact — unless the
    difference is none at all, which any two figures may share: those are asked apart."""
    size = round(abs(difference.difference), 12)
    return (difference.reading, str(round(difference.p, 12)), str(size),
            difference.figure if size == 0 else "")


def _compare(figure: Figure, base: Figure) -> tuple[float, float, float, float]:
    if figure.kind == "share":
        return share_difference(figure.successes, figure.count, base.successes, base.count)
    return mean_difference(figure.estimate, figure.variance, figure.count,
                           base.estimate, base.variance, base.count)


def describe(study: Study, game: Game | None = None) -> str:
    """The study in words: the rule set, who plays, how many games per reading.

    >>> describe(Study.plan("jacquet", {}, "random", games=30))
    'Jacquet: 5 readings of 30 games each, random players in every seat, seed 0'
    """
    game = game or load_game(study.game, **dict(study.base))
    base = ", ".join(f"{k}={v}" for k, v in study.base)
    at = f" from {base}" if base else ""
    return (f"{game.info.title}{at}: {len(study.readings)} readings of {study.games} games "
            f"each, {study.players} players in every seat, seed {study.seed}")


def checked_folder(folder: Path) -> Path:
    """The output folder, or one sentence on why it cannot be one."""
    if folder.exists() and not folder.is_dir():
        raise LudothequeError(f"{quoted(str(folder))} is a file; a study writes a folder.")
    return folder
