"""Crypto géographique's «autre règle»: the leaflet's two examples, the penalty draw, fakirs,
the end of a round and its penalties, secrecy and every card accounted for."""

from __future__ import annotations

import json
import random
from dataclasses import replace
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from rich.console import Console

import ludotheque
from ludotheque.agents import make_agent
from ludotheque.cli.session import Announced
from ludotheque.core.cards import Stock
from ludotheque.core.errors import RecordError
from ludotheque.core.record import VERSION, Record
from ludotheque.games.crypto_geo.departements import departements
from ludotheque.games.crypto_geo.game import FAKIR
from ludotheque.selfplay.match import play_match
from tests.helpers import play
from tests.test_crypto_geo_game import names_in

NUMBER = {d.name: d.number for d in departements().values()}


def at(visible: str, north: list[str], south: list[str], **changes):
    """North to play on ``visible``, each hand as given."""
    state = ludotheque.load_game("crypto-geographique-chaine").new_initial_state()
    hands = (tuple(NUMBER[n] for n in north), tuple(NUMBER[n] for n in south))
    chain = replace(
        state.chain,
        hands=hands,
        laid=(NUMBER[visible],),
        dealing=False,
        to_move=0,
        stock=Stock.of(range(60, 70), FAKIR, 1),
        **changes,
    )
    state.chain = replace(chain, drawing=not chain.playable())
    return state


def words(state):
    return [state.action_to_string(a) for a in state.legal_actions()]


def test_on_the_somme_any_of_its_five_neighbours_may_be_laid():
    # «si la carte retournée est la Somme, on peut jouer sur cette carte la Seine-Maritime ou
    # l'Oise ou l'Aisne ou le Nord ou le Pas-de-Calais»
    state = at(
        "Somme", ["Seine-Maritime", "Oise", "Aisne", "Nord", "Pas-de-Calais", "Var"], ["Ain"]
    )
    assert sorted(words(state)) == sorted(
        ["lay Seine-Maritime", "lay Oise", "lay Aisne", "lay Nord", "lay Pas-de-Calais"]
    )
    # «Un joueur peut abattre plusieurs cartes consécutivement, pourvu que chaque département
    # soit voisin du précédent.»
    play(state, "lay Nord")
    assert words(state) == ["lay Aisne", "lay Pas-de-Calais", "done"]


def test_who_cannot_follow_draws_and_when_nobody_follows_the_layer_lays_anything():
    # «Jacques joue le Pas-de-Calais, et personne ne possède la Somme ni le Nord ni l'Aisne.
    # Lorsque le tour de Jacques revient, il peut jouer n'importe quelle carte, par exemple le
    # Var ou le Finistère.»
    state = at("Nord", ["Pas-de-Calais", "Var", "Finistère"], ["Ain", "Cher"])
    play(state, "lay Pas-de-Calais")
    assert words(state) == ["done"]  # nothing of his touches it: he says so himself
    play(state, "done")
    assert state.is_chance_node()  # South cannot follow: his penalty card is drawn
    play(state, "61")
    assert state.describe_last(0) == "south cannot follow and draws a card."
    assert sorted(words(state)) == ["lay Finistère", "lay Var"]


def test_the_table_cannot_tell_whether_a_player_chose_to_stop_or_could_lay_no_more():
    # Issue 16: the engine used to end the turn of a player who could lay nothing more, so that
    # the table learnt he held no neighbour of his last card. Now he is asked either way.
    could = at("Somme", ["Nord", "Pas-de-Calais", "Var"], ["Ain"])
    could_not = at("Somme", ["Nord", "Finistère", "Var"], ["Ain"])
    for state in (could, could_not):
        play(state, "lay Nord")
        assert state.current_player() == 0 and "done" in words(state)
        play(state, "done")
    assert words(could_not) == words(could)
    for seat in (None, 1):
        assert could.describe_last(seat) == could_not.describe_last(seat) == "north lays no more."
        assert could.observation(seat) == could_not.observation(seat)


class FirstMove:
    """A person at the table who always plays the first legal move."""

    interactive = True

    def choose(self, turn):
        return turn.legal[0]


def test_a_computer_player_thinks_aloud_before_a_forced_done_as_before_any_other_move():
    # A thinking line before chosen moves only would tell the table that he had a choice.
    game = ludotheque.load_game("crypto-geographique-chaine")
    console = Console(record=True, width=200)
    south = Announced(make_agent("heuristic", seed=1, game=game), "south", console, hidden=True)
    decisions = []
    play_match(
        game, [FirstMove(), south], random.Random(5),
        on_action=lambda after, player, action: decisions.append(player == 1),
    )
    done = [line for line in console.export_text().splitlines() if line == "south is thinking…"]
    assert len(done) == sum(decisions) > 0


def test_the_round_ends_when_a_hand_is_empty_and_the_others_pay_penalties():
    # «20 de pénalité par carte restant en main. Toutefois, chaque Fakir exposé rachète 40
    # points.»
    state = at("Somme", ["Nord"], ["Ain", "Cher", "Var"], fakirs=(0, 1))
    play(state, "lay Nord")
    assert state.is_terminal()
    assert state.returns() == [20.0, -20.0]  # 3 cards × 20 − 1 fakir × 40


def test_a_fakir_drawn_is_exposed_and_replaced():
    state = at("Nord", ["Var"], ["Ain"])
    play(state, "F", "62")
    assert state.chain.fakirs == (1, 0) and NUMBER["Pas-de-Calais"] in state.chain.hands[0]


@settings(max_examples=8, deadline=None)
@given(seed=st.integers(0, 2**32), players=st.sampled_from([2, 3, 5]))
def test_hands_stay_secret_and_no_card_is_lost(seed, players):
    from ludotheque.games.crypto_geo.game import card_name

    g = ludotheque.load_game("crypto-geographique-chaine", players=players, rounds=2)
    rng = random.Random(seed)
    state = g.new_initial_state()
    while not state.is_terminal():
        c = state.chain
        assert sum(map(len, c.hands)) + sum(c.fakirs) + len(c.laid) + c.stock.size == 96
        public = {card_name(x) for x in c.laid}
        for seat in [None, *range(players)]:
            own = set() if seat is None else {card_name(x) for x in c.hands[seat]}
            before = {card_name(x) for x in state._last[0].laid} if state._last else set()
            observation = state.observation(seat)
            seen = names_in({k: v for k, v in observation.items() if k != "visible_neighbours"})
            assert seen <= public | own | before | _last_laid(state) | _drawn_by(state, seat)
        state.apply_action(
            state.sample_chance(rng)
            if state.is_chance_node()
            else rng.choice(state.legal_actions())
        )


def _last_laid(state) -> set[str]:
    """The card the last action laid (named in the narration even once a new round is dealt)."""
    from ludotheque.games.crypto_geo.game import card_name

    if state._last is None or state._last[0].dealing or state._last[0].drawing:
        return set()
    action = state._last[1]
    return {card_name(action)} if 1 <= action <= 90 else set()


def _drawn_by(state, seat) -> set[str]:
    """The card ``seat`` just drew (told to him alone, even once a new round is dealt)."""
    from ludotheque.games.crypto_geo.game import card_name

    if state._last is None or not state._last[0].drawing or state._last[0].to_move != seat:
        return set()
    return {card_name(state._last[1])}


def test_the_heuristic_player_beats_a_random_one():
    from ludotheque.selfplay.simulation import simulate

    first = simulate("crypto-geographique-chaine", {}, ["heuristic", "random"], 30, seed=1)
    second = simulate("crypto-geographique-chaine", {}, ["random", "heuristic"], 30, seed=2)
    mine = sum(r.returns[0] > r.returns[1] for r in first)
    mine += sum(r.returns[1] > r.returns[0] for r in second)
    theirs = sum(r.returns[1] > r.returns[0] for r in first)
    theirs += sum(r.returns[0] > r.returns[1] for r in second)
    assert mine > theirs


def test_a_tie_at_the_stock_goes_to_the_first_after_the_last_to_move():
    state = ludotheque.load_game("crypto-geographique-chaine", players=3).new_initial_state()
    hands = ((NUMBER["Var"],), (NUMBER["Ain"],), (NUMBER["Cher"],))
    chain = replace(
        state.chain,
        hands=hands,
        laid=(NUMBER["Nord"],),
        dealing=False,
        to_move=0,
        stock=Stock.of([60], FAKIR, 0),
    )
    state.chain = replace(chain, drawing=not chain.playable())
    play(state, "60")  # north cannot follow and draws the stock's last card
    # North holds two cards (40), east and west one each (20): east, first after north, wins.
    assert state.returns() == [-40.0, 60.0, -20.0]


def test_a_record_of_format_1_replays_to_the_same_end():
    """A game saved before a player said ``done`` when he could lay no more (format 1, made with
    that engine: ``ludotheque play crypto-geographique-chaine --seat 1=random --seat 2=random
    --seed 4 -o rounds=2``) replays, the missing ``done`` put back, to the same views and
    returns."""
    data = Path(__file__).parent / "data"
    text = (data / "crypto-geographique-chaine-seed-4-format-1.json").read_text(encoding="utf-8")
    final = json.loads((data / "crypto-geographique-chaine-seed-4-format-1.final.json").read_text())
    record = Record.from_json(text)
    assert record.version == 1
    state = record.replay()
    assert state.returns() == final["returns"] == list(record.result)
    assert [state.observation(p) for p in (None, 0, 1)] == final["observations"]
    moves = state.history_strings()
    assert len(moves) - len(record.moves) == 22  # the turns the old engine ended by itself
    again = Record.of(state)
    assert again.version == VERSION and again.replay().history() == state.history()
    assert Record.from_json(again.to_json()).moves == tuple(moves)


def test_a_record_of_an_unknown_format_is_refused():
    text = json.dumps({"format": f"ludotheque-record/{VERSION + 1}", "game": "crypto-90",
                       "moves": []})
    with pytest.raises(RecordError, match=rf"format is 'ludotheque-record/{VERSION + 1}'; this"):
        Record.from_json(text)
