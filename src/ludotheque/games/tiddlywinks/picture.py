"""The table as a picture (matplotlib): the top view with the cup, the lake, the start lines and
every counter, the last shot's trajectory over it, and beside it the shot seen from the side
(height against the distance flown). Its words are in the reader's language."""

from __future__ import annotations

import math
from pathlib import Path
from typing import TYPE_CHECKING

import matplotlib

matplotlib.use("Agg")  # files only: no screen is needed
import matplotlib.pyplot as plt
import numpy as np
from matplotlib.patches import Circle, Rectangle

from ludotheque.core.i18n import _
from ludotheque.games.tiddlywinks.game import TiddlywinksGame, TiddlywinksState

if TYPE_CHECKING:
    from ludotheque.core.game import State

PAINT = {"red": "#c0392b", "blue": "#2e5fa8", "green": "#2d8a4e", "yellow": "#d9b310",
         "purple": "#7d3c98", "orange": "#e67e22"}


def picture(game: TiddlywinksGame, path: Path, cards: str = "",
            state: State | None = None) -> Path:
    """The table of ``state`` (the start if None) and its last shot, as a PNG or SVG (the
    manifest's ``picture``; a table has no cards to pick out)."""
    return draw(state if isinstance(state, TiddlywinksState) else game.new_initial_state(), path)


def draw(state: TiddlywinksState, path: Path) -> Path:
    game = state.game
    table = game.setup.table
    position = state.position
    report = position.report
    if report is None:
        figure, top = plt.subplots(figsize=(7.2, 6.4))
        side = None
    else:
        figure, (top, side) = plt.subplots(
            1, 2, figsize=(12, 6.4), gridspec_kw={"width_ratios": [3, 2]}
        )
    size = table.size
    if table.shape == "round":
        top.add_patch(Circle((0, 0), size, color="#2f6b3a"))
    else:
        top.add_patch(Rectangle((-size, -size), 2 * size, 2 * size, color="#2f6b3a"))
    if game.lake_radius():
        top.add_patch(Circle((0, 0), game.lake_radius(), fill=False, ls="--", color="white"))
    top.add_patch(Circle((0, 0), game.CUP.outer_radius, color="#8b5a2b"))
    top.add_patch(Circle((0, 0), game.CUP.inner_radius, color="#5c3a1a"))
    start = game.line.distance
    top.add_patch(Circle((0, 0), start, fill=False, ls=":", color="#9fc5a8", lw=0.8))
    colours = game.info.seat_names
    r = game.COUNTER.radius
    in_cup = [0] * game.num_players()
    for k, c in enumerate(position.counters):
        colour = colours[c.owner]
        if c.place == "cup":
            in_cup[c.owner] += 1
            continue
        x, y = c.pose[:2]
        top.add_patch(Circle((x, y), r, color=PAINT[colour], ec="black", lw=0.6, zorder=3))
        label = "×" if c.place == "dead" else str(k % game.per_player + 1)
        top.text(x, y, label, ha="center", va="center", fontsize=7, color="white", zorder=4)
    if report is not None:
        assert side is not None  # the side view is drawn with the shot
        frames = np.asarray(report.frames)
        for row, k in enumerate(report.rows):
            path_xy = frames[:, row, :2]
            if np.ptp(path_xy, axis=0).max() < 0.002:
                continue
            shooter = k == report.counter
            top.plot(path_xy[:, 0], path_xy[:, 1], color="white" if shooter else "#dddddd",
                     lw=1.4 if shooter else 0.8, alpha=0.9, zorder=2)
            # Where the shot left it, if the rules then moved it (the lake, the floor).
            end = path_xy[-1]
            now = position.counters[k]
            if now.place == "cup" or np.hypot(*(np.array(now.pose[:2]) - end)) > 0.002:
                top.add_patch(Circle(tuple(end), r, fill=False, ec="white", ls="--", lw=0.8,
                                     zorder=3))
        row = report.rows.index(report.counter)
        flight = frames[:, row]
        along = np.concatenate([[0.0], np.cumsum(np.hypot(*np.diff(flight[:, :2], axis=0).T))])
        side.plot(along * 100, flight[:, 2] * 100, color=PAINT[colours[report.player]])
        side.axhline(game.CUP.height * 100, color="#8b5a2b", ls="--", lw=0.8)
        side.text(0, game.CUP.height * 100, " " + _("height of the cup's rim"), va="bottom",
                  fontsize=8, color="#8b5a2b")
        side.set_xlabel(_("distance travelled (cm)"))
        side.set_ylabel(_("height above the cloth (cm)"))
        side.set_title(_("{counter} — the last shot from the side",
                         counter=state._counter_words(report.counter)))
        side.set_ylim(bottom=0)
    top.set_xlim(-size * 1.05, size * 1.05)
    top.set_ylim(-size * 1.05, size * 1.05)
    top.set_aspect("equal")
    top.set_xticks([])
    top.set_yticks([])
    cup_text = ", ".join(f"{_(colours[p])} {n}" for p, n in enumerate(in_cup))
    top.set_title(_("{game} — turn {turn}; in the cup: {counts}", game=game.info.title,
                    turn=position.shots + 1, counts=cup_text))
    for p in range(game.num_players()):
        angle = game.line.seat_angle(p)
        top.text(1.02 * size * math.cos(angle), 1.02 * size * math.sin(angle), _(colours[p]),
                 ha="center", va="center", fontsize=9, color=PAINT[colours[p]],
                 fontweight="bold")
    figure.tight_layout()
    figure.savefig(path, dpi=110)
    plt.close(figure)
    return path
