"""The map of Crypto géographique: the data against every statement of the leaflet, and the
hand scorer against a brute-force search."""

from __future__ import annotations

from itertools import pairwise, permutations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from ludotheque.games.crypto_geo import GROUPS
from ludotheque.games.crypto_geo.combinations import (
    VALUES,
    best_split,
    is_chain,
    may_stop,
)
from ludotheque.games.crypto_geo.departements import (
    CORSE,
    departements,
    graph,
    name,
    neighbours,
    touching,
)

NUMBER = {d.name: d.number for d in departements().values()}


def n(*names: str) -> tuple[int, ...]:
    return tuple(NUMBER[x] for x in names)


def test_ninety_departements_numbered_as_on_the_plates():
    # «1, Ain; 2, Aisne, etc.»
    assert sorted(departements()) == list(range(1, 91))
    assert (name(1), name(2), name(90)) == ("Ain", "Aisne", "Territoire de Belfort")


def test_the_leaflets_pairs_brelans_and_carre_touch():
    # «2 départements se touchant, comme le Nord et le Pas-de-Calais»; «Indre - Creuse -
    # Corrèze ou Aveyron - Gard - Hérault»; «Doubs - Jura - Ain - Savoie».
    assert touching(n("Nord", "Pas-de-Calais"))
    assert touching(n("Indre", "Creuse", "Corrèze"))
    assert NUMBER["Corrèze"] not in neighbours(NUMBER["Indre"])  # joined by Creuse
    assert touching(n("Aveyron", "Gard", "Hérault"))
    assert touching(n("Doubs", "Jura", "Ain", "Savoie"))


def test_finistere_and_pas_de_calais_have_two_neighbours_and_the_somme_five():
    # «des cartes difficiles comme le Finistère ou le Pas-de-Calais, qui n'ont que deux voisins»
    assert len(neighbours(NUMBER["Finistère"])) == len(neighbours(NUMBER["Pas-de-Calais"])) == 2
    # «si la carte retournée est la Somme, on peut jouer sur cette carte la Seine-Maritime ou
    # l'Oise ou l'Aisne ou le Nord ou le Pas-de-Calais»
    somme = {name(x) for x in neighbours(NUMBER["Somme"])}
    assert somme == {"Seine-Maritime", "Oise", "Aisne", "Nord", "Pas-de-Calais"}


def test_corse_touches_the_seven_mediterranean_departements():
    # «La Corse sera considérée comme voisine des sept départements baignés par la Méditerranée,
    # des Pyrénées-Orientales aux Alpes-Maritimes.»
    sea = n("Pyrénées-Orientales", "Aude", "Hérault", "Gard", "Bouches-du-Rhône", "Var",
            "Alpes-Maritimes")
    assert neighbours(CORSE) == frozenset(sea)
    assert all(CORSE in neighbours(x) for x in sea)


def test_borders_are_symmetric_and_the_map_is_one_piece():
    g = graph()
    assert all(a in neighbours(b) for a, b in g.edges)
    assert touching(tuple(departements()))


def in_a_row(block) -> bool:
    """Some order of the block has each département touching the next (every order tried)."""
    return any(all(b in neighbours(a) for a, b in pairwise(row)) for row in permutations(block))


def brute_force(hand: tuple[int, ...], groups: str = "connected") -> int:
    """The best score over every partition of the hand into touching groups (or rows)."""
    shaped = in_a_row if groups == "chain" else touching

    def partitions(cards):
        if not cards:
            yield []
            return
        first, rest = cards[0], cards[1:]
        for smaller in partitions(rest):
            yield [[first], *smaller]
            for i in range(len(smaller)):
                yield [*smaller[:i], [first, *smaller[i]], *smaller[i + 1 :]]

    return max(
        sum(VALUES[len(block)] for block in p)
        for p in partitions(list(hand))
        if all(len(block) == 1 or shaped(block) for block in p)
    )


def clustered_hand(rng) -> tuple[int, ...]:
    """Seven départements, often near one another so that groups form."""
    hand = [rng.randint(1, 90)]
    while len(hand) < 7:
        near = sorted(set().union(*(neighbours(x) for x in hand)) - set(hand))
        pick = rng.choice(near) if near and rng.random() < 0.6 else rng.randint(1, 90)
        if pick not in hand:
            hand.append(pick)
    return tuple(hand)


@settings(max_examples=100, deadline=None)
@given(rng=st.randoms(use_true_random=False), groups=st.sampled_from(GROUPS))
def test_the_scorer_agrees_with_brute_force(rng, groups):
    hand = clustered_hand(rng)
    score, split = best_split(hand, groups)
    assert score == brute_force(hand, groups)
    assert sum(VALUES[len(g)] for g in split) == score
    assert all(touching(g) for g in split)
    if groups == "chain":
        assert all(in_a_row(g) for g in split)


@pytest.mark.parametrize("groups", GROUPS)
def test_stopping_needs_a_complet_or_a_carre_and_a_brelan(groups):
    # «On ne peut arrêter volontairement la manche qu'avec en main un "complet" ou un carré et
    # un brelan.» The leaflet's carré and brelan are chains: both readings let them stop.
    assert may_stop(n("Doubs", "Jura", "Ain", "Savoie", "Indre", "Creuse", "Corrèze"), groups)
    assert not may_stop(
        n("Doubs", "Jura", "Ain", "Savoie", "Indre", "Creuse", "Finistère"), groups
    )
    chain = n("Nord", "Pas-de-Calais", "Somme", "Aisne", "Oise", "Seine-Maritime", "Eure")
    assert touching(chain) and may_stop(chain, groups)


@pytest.mark.parametrize("groups", GROUPS)
def test_the_leaflets_examples_score_under_both_readings(groups):
    # «Nord et le Pas-de-Calais»; «Indre - Creuse - Corrèze ou Aveyron - Gard - Hérault»;
    # «Doubs - Jura - Ain - Savoie»: each one combination, whatever a group must be.
    for example, value in (
        (("Nord", "Pas-de-Calais"), 10),
        (("Indre", "Creuse", "Corrèze"), 50),
        (("Aveyron", "Gard", "Hérault"), 50),
        (("Doubs", "Jura", "Ain", "Savoie"), 100),
    ):
        assert best_split(n(*example), groups) == (value, (tuple(sorted(n(*example))),))


def test_the_loiret_star_is_a_carre_only_if_a_group_need_only_be_connected():
    # Loiret touches Cher, Yonne and Eure-et-Loir, none of which touches another: connected,
    # but no row through the four.
    star = n("Loiret", "Cher", "Yonne", "Eure-et-Loir")
    assert touching(star) and not is_chain(star) and not in_a_row(star)
    assert best_split(star, "connected")[0] == 100
    assert best_split(star, "chain")[0] == 50  # a brelan (Cher – Loiret – Yonne) and one alone
    hand = (*star, *n("Nord", "Pas-de-Calais", "Somme"))
    assert may_stop(hand, "connected") and not may_stop(hand, "chain")


def test_the_map_is_drawn_with_a_hand_picked_out(tmp_path):
    import ludotheque

    game = ludotheque.load_game("crypto-geographique")
    cards = "Indre, Creuse, Corrèze, Nord, Pas-de-Calais"
    svg = game.manifest.draw(game, tmp_path / "hand.svg", cards)
    text = svg.read_text()
    assert "A hand worth 60" in text and "brelan" in text
    png = game.manifest.draw(game, tmp_path / "map.png")
    assert png.read_bytes()[:4] == b"\x89PNG"
