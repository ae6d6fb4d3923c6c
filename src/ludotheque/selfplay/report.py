"""A study of the readings written down: every number as JSON, a Markdown report with one plot
per figure (matplotlib), both in the study's folder.

The Markdown opens with what changes: for each reading, the figures whose difference from the
base stands after Holm's correction, then one section per figure with its plot and its table.
"""

from __future__ import annotations

import json
import re
import textwrap
from pathlib import Path

from ludotheque.core.registry import load_game
from ludotheque.selfplay.readings import Difference, Figure, Findings, describe

REPORT = "report.md"
NUMBERS = "report.json"
PLOTS = "plots"


def figure_text(figure: Figure) -> str:
    """A figure with its interval, to the digits that matter: 0.512 (0.505–0.519), or
    0.04 (-0.07 to 0.15) where a dash would read as a minus."""
    dash = " to " if figure.low < 0 else "–"
    return f"{number(figure.estimate, figure)} ({number(figure.low, figure)}{dash}" \
           f"{number(figure.high, figure)})"


def difference_text(difference: Difference, figure: Figure) -> str:
    """+0.012 (+0.005 to +0.019)."""
    return (f"{number(difference.difference, figure, sign=True)} "
            f"({number(difference.low, figure, sign=True)} to "
            f"{number(difference.high, figure, sign=True)})")


def number(value: float, figure: Figure, sign: bool = False) -> str:
    """A share to three decimals, a mean to the digits its size calls for."""
    size = abs(figure.estimate)
    digits = (3 if figure.kind == "share" or size < 1 else 0 if size >= 100 else
              1 if size >= 10 else 2)
    return f"{value:+.{digits}f}" if sign else f"{value:.{digits}f}"


def p_text(p: float) -> str:
    return "<0.001" if p < 0.001 else f"{p:.3f}"


def slug(name: str) -> str:
    """A figure's name as a file name: ``first player's share`` → ``first-player-s-share``."""
    return re.sub(r"[^a-z0-9]+", "-", name.lower()).strip("-") or "figure"


def write_report(findings: Findings, folder: Path, command: str, wall: str) -> Path:
    """Write ``report.json``, ``report.md`` and ``plots/*.png`` into ``folder``; return the
    Markdown's path."""
    (folder / NUMBERS).write_text(json.dumps(
        {**findings.to_json(), "command": command, "wall time": wall}, indent=1) + "\n")
    (folder / PLOTS).mkdir(exist_ok=True)
    names = findings.names()
    for name in names:
        plot(findings, name, folder / PLOTS / f"{slug(name)}.png")
    (folder / REPORT).write_text(markdown(findings, command, wall, f"{PLOTS}/"))
    return folder / REPORT


def markdown(findings: Findings, command: str, wall: str, plots: str) -> str:
    """The report: what changes, then a section per figure, its plot under ``plots``."""
    study = findings.study
    lines = [
        f"# Readings of {describe(study)}", "",
        f"`{command}` ({wall}).", "",
        *summary(findings), "",
    ]
    for name in findings.names():
        lines += [f"## {name}", "", f"![{name}]({plots}{slug(name)}.png)", "",
                  *markdown_table(findings, name), ""]
    return "\n".join(lines)


def markdown_table(findings: Findings, name: str) -> list[str]:
    """One figure's table in Markdown, its significant differences said so."""
    lines = [f"| {' | '.join(COLUMNS)} |", "|---|---|---|---|---|"]
    for cells, significant in rows(findings, name):
        if significant:
            cells[-1] += " **significant**"
        lines.append(f"| {' | '.join(cells)} |")
    return lines


COLUMNS = ("reading", "games", "estimate (95%)", "difference (95%)", "Holm p")


def rows(findings: Findings, name: str) -> list[tuple[list[str], bool]]:
    """One figure's table, a row per reading that has it (:data:`COLUMNS`), and whether its
    difference from the defaults is significant."""
    base = next((f for f in findings.figures.get(findings.study.reference, [])
                 if f.name == name), None)
    found = []
    for reading, figures in findings.figures.items():
        figure = next((f for f in figures if f.name == name), None)
        if figure is None:
            continue
        versus = next((d for d in findings.differences
                       if d.reading == reading and d.figure == name), None)
        against = holm_p = ""
        if versus is not None and base is not None:
            against, holm_p = difference_text(versus, base), p_text(versus.adjusted)
        found.append(([reading, str(figure.count), figure_text(figure), against, holm_p],
                      versus is not None and versus.significant))
    return found


def summary(findings: Findings) -> list[str]:
    """What changes, reading by reading: the significant differences, or that none is."""
    study = findings.study
    base = {f.name: f for f in findings.figures.get(study.reference, [])}
    first = load_game(study.game, **dict(study.base)).seat_name(0)
    lines = [
        f"Each reading is compared with the {study.reference} on every figure it shares with "
        f"them ({findings.comparisons} comparisons, a figure that is another's over again, "
        "such as a fact's two values, counted once; the first player's figures only at as "
        "many players). A difference is called significant where it stands at 5% after "
        "Holm's correction for all of them; each 95% interval shown is its figure's own, "
        f"uncorrected. Where none is, {study.games} games a reading saw no difference: the "
        "intervals say how large one could still be.", "",
        f"*The first player* is the first seat, {first}, whoever the rules let begin: where "
        "they draw who begins (a die, a lot), its figures are the seat's, the draw included.",
        "",
    ]
    for reading in study.readings[1:]:
        found = [d for d in findings.differences if d.reading == reading.name and d.significant]
        if not found:
            lines.append(f"- **{reading.name}**: no difference these games could detect.")
            continue
        said = "; ".join(
            f"{d.figure} {number(base[d.figure].estimate, base[d.figure])} → "
            f"{number(base[d.figure].estimate + d.difference, base[d.figure])}, "
            f"{difference_text(d, base[d.figure])}"
            for d in found
        )
        lines.append(f"- **{reading.name}**: {said}.")
    for what, why in study.skipped:
        lines.append(f"- *{what}*: not studied: {why}")
    return lines


def plot(findings: Findings, name: str, path: Path) -> Path:
    """One figure across the readings, with 95% intervals; the defaults' value as a line, the
    readings that differ significantly in colour."""
    import matplotlib

    matplotlib.use("Agg")  # a file, never a window
    import matplotlib.pyplot as plt

    rows = [(reading, f) for reading, found in findings.figures.items()
            for f in found if f.name == name]
    significant = {d.reading for d in findings.differences if d.figure == name and d.significant}
    figure, axes = plt.subplots(figsize=(7, 1.3 + 0.32 * len(rows)))
    for y, (reading, f) in enumerate(reversed(rows)):
        colour = "#b03a2e" if reading in significant else "black"
        # Wilson's bounds of a share of 1 may fall a rounding short of it.
        spread = [[max(0.0, f.estimate - f.low)], [max(0.0, f.high - f.estimate)]]
        axes.errorbar([f.estimate], [y], xerr=spread,
                      fmt="o", capsize=3, color=colour, markersize=4)
        if reading == findings.study.reference:
            axes.axvline(f.estimate, color="grey", linewidth=0.6, linestyle="--")
    axes.set_yticks(range(len(rows)), [r for r, _ in reversed(rows)], fontsize=8)
    axes.set_xlabel(f"{name} (95% intervals; red: differs from the {findings.study.reference} "
                    "after Holm)", fontsize=8)
    axes.set_title("\n".join(textwrap.wrap(describe(findings.study), 80)), fontsize=8)
    figure.tight_layout()
    figure.savefig(path, dpi=80)
    plt.close(figure)
    return path
