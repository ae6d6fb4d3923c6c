"""A picture of the départements' map as a graph, a hand's combinations picked out.

Each département is a dot with its number, each land border (and Corse's seven, by rule) a
line; the layout is a fixed, schematic one drawn from the borders alone (the data has no
coordinates), the same at every call. A hand's cards are coloured by combination, and the
borders inside each combination drawn thick.
"""

from __future__ import annotations

from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING

import matplotlib

matplotlib.use("Agg")  # files only: no screen is needed
import matplotlib.pyplot as plt
import networkx as nx

from ludotheque.core.errors import LudothequeError
from ludotheque.core.i18n import _
from ludotheque.games.crypto_geo import CONNECTED
from ludotheque.games.crypto_geo.combinations import NAMES, best_split
from ludotheque.games.crypto_geo.departements import graph, name
from ludotheque.games.crypto_geo.game import FAKIR, MapGame, card_of

if TYPE_CHECKING:
    from ludotheque.core.game import State


@cache
def _layout() -> dict[int, tuple[float, float]]:
    # This seed happens to lay the graph out as France seen in a mirror: turned round, the
    # Channel is at the top and Brittany in the west.
    where = nx.spring_layout(graph(), seed=1968, iterations=200)
    return {n: (-x, y) for n, (x, y) in where.items()}


def picture(game: MapGame, path: Path, cards: str = "", state: State | None = None) -> Path:
    """The map as a graph, with the cards given (names or numbers, comma-separated) and
    their combinations picked out (the manifest's ``picture``)."""
    words = [word for word in cards.split(",") if word.strip()]
    if len(words) > game.LARGEST_HAND:
        raise LudothequeError(_(
            "a picture of {game} picks out at most {most} cards, not {count}.",
            game=game.info.title, most=game.LARGEST_HAND, count=len(words)))
    hand = tuple(card_of(word) for word in words)
    if FAKIR in hand or len(set(hand)) < len(hand):
        raise LudothequeError(
            _("a picture picks out départements of the map, each once; a fakir is not on it.")
        )
    # The chain game scores no combination: its picture groups a hand as the option's
    # default reading does.
    return draw(path, hand, game.options.get("groups", CONNECTED))


def draw(path: Path, hand: tuple[int, ...] = (), groups: str = CONNECTED) -> Path:
    """Write the picture to ``path`` (PNG or SVG, by its suffix) and return it, the hand's
    combinations connected groups or chains (``groups``)."""
    g, where = graph(), _layout()
    figure, axes = plt.subplots(figsize=(11, 11))
    nx.draw_networkx_edges(g, where, ax=axes, edge_color="#bbbbbb", width=0.8)
    nx.draw_networkx_nodes(g, where, ax=axes, node_color="#eeeeee", node_size=260)
    title = _("The 90 départements of the 1960s and their borders")
    if hand:
        score, split = best_split(hand, groups)
        colours = plt.get_cmap("tab10")
        for i, group in enumerate(split):
            colour = colours(i % 10)
            nx.draw_networkx_nodes(g, where, nodelist=list(group), node_color=[colour],
                                   node_size=420, ax=axes)
            inner = [(a, b) for a, b in g.subgraph(group).edges]
            nx.draw_networkx_edges(g, where, edgelist=inner, width=4, edge_color=[colour], ax=axes)
        alone = [c for c in hand if not any(c in group for group in split)]
        nx.draw_networkx_nodes(g, where, nodelist=alone, node_color="#555555", node_size=420,
                               ax=axes)
        kinds = ", ".join(f"{NAMES[len(group)]} {'–'.join(name(c) for c in group)}"
                          for group in split) or _("no combination")
        title = _("A hand worth {score}: {combinations}", score=score, combinations=kinds)
    nx.draw_networkx_labels(g, where, ax=axes, font_size=7)
    axes.set_title(title, fontsize=11)
    axes.set_axis_off()
    figure.tight_layout()
    figure.savefig(path)
    plt.close(figure)
    return path
