"""The 90 départements of the early 1960s, numbered as on number plates before 1968, and which
of them touch: the cards of the Crypto games and the map Crypto géographique is played on.

The data (``departements-1960.json``, copied from the project's verified facts) gives each
département's number, its name then and today's where it changed, and its land borders; its
``source`` field says how the borders were computed and checked. The leaflet adds one rule:
«La Corse sera considérée comme voisine des sept départements baignés par la Méditerranée, des
Pyrénées-Orientales aux Alpes-Maritimes.»

>>> name(1), name(59), sorted(name(n) for n in neighbours(62))
('Ain', 'Nord', ['Nord', 'Somme'])
>>> sorted(name(n) for n in neighbours(20))[:3], 20 in neighbours(83)
(['Alpes-Maritimes', 'Aude', 'Bouches-du-Rhône'], True)
"""

from __future__ import annotations

import json
import unicodedata
from dataclasses import dataclass
from functools import cache, lru_cache
from importlib import resources
from typing import Any

import networkx as nx

from ludotheque.core.i18n import _
from ludotheque.core.numbers import parse_int


@dataclass(frozen=True)
class Departement:
    number: int
    name: str
    #: Today's name where it changed (Basses-Pyrénées → Pyrénées-Atlantiques…), else None.
    modern_name: str | None


@cache
def _data() -> dict[str, Any]:
    text = (resources.files(__package__) / "departements-1960.json").read_text(encoding="utf-8")
    data: dict[str, Any] = json.loads(text)
    return data


@cache
def departements() -> dict[int, Departement]:
    return {
        d["number"]: Departement(d["number"], d["name"], d["modern_name"])
        for d in _data()["departements"]
    }


@cache
def graph() -> nx.Graph:
    """The départements as a graph: an edge for each land border, and Corse's seven by rule."""
    g = nx.Graph()
    for d in _data()["departements"]:
        g.add_node(d["number"])
        g.add_edges_from((d["number"], other) for other in d["neighbours"])
    # Rule "Corse": «La Corse sera considérée comme voisine des sept départements baignés par la
    # Méditerranée, des Pyrénées-Orientales aux Alpes-Maritimes.»
    g.add_edges_from((CORSE, other) for other in _data()["corse_rule_neighbours"])
    return g


CORSE = 20


def name(number: int) -> str:
    return departements()[number].name


def folded(text: str) -> str:
    """A name as people type it, to be compared: any case, accents dropped, hyphens and
    apostrophes as spaces.

    >>> folded("Côtes-du-Nord"), folded("  ariège ")
    ('cotes du nord', 'ariege')
    """
    bare = unicodedata.normalize("NFKD", text).encode("ascii", "ignore").decode()
    return " ".join(bare.lower().replace("-", " ").replace("'", " ").split())


@cache
def numbers_by_name() -> dict[str, int]:
    """Each département's number by its :func:`folded` name, as a card is read."""
    return {folded(d.name): number for number, d in departements().items()}


@cache
def neighbours(number: int) -> frozenset[int]:
    return frozenset(graph()[number])


def touching(numbers: frozenset[int] | set[int] | tuple[int, ...]) -> bool:
    """Whether the départements form one connected group (each touching the group)."""
    return _touching(frozenset(numbers))


#: The groups and hands remembered, here and in :mod:`.combinations`. Every subset of every
#: hand is worked out once and kept, so unbounded memories grew with every game played in a
#: process: 12 GB after a few thousand games of self-play. 2**16 holds every subset of the
#: hands of many turns (a hand of nine has 512), a few tens of megabytes.
MEMO = 2**16


@lru_cache(maxsize=MEMO)
def _touching(nodes: frozenset[int]) -> bool:
    # Hands are judged again and again (every card a player might throw, every hand a search
    # deals): answers are kept, and found by a walk over the neighbours in the hand, which
    # costs a small part of building a subgraph.
    if not nodes:
        return False
    start = next(iter(nodes))
    reached, frontier = {start}, [start]
    while frontier:
        for near in neighbours(frontier.pop()) & nodes:
            if near not in reached:
                reached.add(near)
                frontier.append(near)
    return len(reached) == len(nodes)


def explain(question: str) -> str | None:
    """«La carte de France»: what touches a département, asked by name or number.

    >>> explain("Somme")
    'Somme (80) touches Aisne (2), Nord (59), Oise (60), Pas-de-Calais (62), Seine-Maritime (76).'
    """
    word = " ".join(question.split())
    number = numbers_by_name().get(folded(word)) or parse_int(word)
    if number not in departements():
        return None
    near = ", ".join(f"{name(n)} ({n})" for n in sorted(neighbours(number), key=name))
    return _("{departement} ({number}) touches {neighbours}.", departement=name(number),
             number=number, neighbours=near)
