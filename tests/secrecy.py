"""The relabelled-deal secrecy check: what a seat is shown must not depend on cards he has not seen.

For a game of hidden cards, take a recorded game and a moment *t* of it (a prefix) and one seat.
Every card that seat has not seen by *t* could as well be any other card he has not seen: shuffle
them (a *relabelling* of the deal: each chance outcome that was such a card becomes its image),
replay the same decisions, and the seat's view at every step up to *t* must come out identical,
byte for byte. A relabelled deal in which a recorded move is illegal is not a game the seat
could be in; it is skipped, and counted.

What "seen" means is the rules' business, so each card game gives a :class:`Deck` reading its
engine: a card dealt or drawn to the seat, laid, discarded, turned up or in a row face up, or
shown at the end of a round, stays seen for the rest of that round; each round is a new deal
with a relabelling of its own. The fakirs are never relabelled: both Crypto games show one at
once wherever it goes, so a seat knows that every fakir he has not seen is in the stock.

Two more points keep the check free of false alarms:

- A difference counts where somebody decides (or at the end), in the deal played and in the
  relabelled one: every front end plays chance at once, so nobody is ever shown a moment
  between a move and the card that follows it. (In the chain game a player who cannot follow
  draws at once, as the rules say; in a deal where he could follow, the recorded draw is
  illegal, and that deal is skipped.)
- What the rules themselves make public about hidden cards (:attr:`Deck.ruled`: in Crypto-90,
  who completed his nine and won the round) rules out a relabelled deal that changes it, like
  an illegal move.

The view is any function of a state and a seat (:data:`View`): the observation, the sentences
and the table the terminal shows (:func:`table_view`), and later the observation tensors, the
information-state strings or a server's bytes, all through :func:`check_prefix`.

>>> import ludotheque
>>> game = ludotheque.load_game("crypto-geographique-chaine")
>>> history = random_game(game, seed=3)
>>> tally = check_prefix(game, history, seat=0, prefix=30, view=table_view, rng=random.Random(1))
>>> tally.worlds, tally.leaks
(8, [])
"""

from __future__ import annotations

import difflib
import json
import random
from collections.abc import Callable, Hashable, Iterable
from dataclasses import dataclass, field

import ludotheque
from ludotheque.core.errors import LudothequeError
from ludotheque.core.game import Game, State
from ludotheque.games.crypto90 import game as crypto90
from ludotheque.games.crypto90.table import Phase as Crypto90Phase
from ludotheque.games.crypto_geo import chain
from ludotheque.games.crypto_geo import game as geo
from ludotheque.play.result import result_sentence
from tests.helpers import play_at_random

#: What a seat is shown in a state: text or bytes, compared exactly.
View = Callable[[State, int], "str | bytes"]

#: The distinct cards of the three card games (the fakir, 0, is never relabelled).
CARDS = frozenset(range(1, 91))


def observation_view(state: State, seat: int) -> str:
    """The seat's observation, as JSON with sorted keys."""
    return json.dumps(state.observation(seat), sort_keys=True, ensure_ascii=False)


def terminal_view(state: State, seat: int) -> str:
    """What ``ludotheque play`` shows the seat: the sentence on each move, the table when he is
    to move with his legal moves, the table and the result at the end."""
    lines = [state.describe_last(seat)]
    if state.current_player() == seat or state.is_terminal():
        lines.append(state.game.manifest.render_view(state.game, state.observation(seat)))
    if state.current_player() == seat:
        lines.append(state.legal_text())
    if state.is_terminal():
        lines.append(result_sentence(state))
    return "\n".join(lines)


def table_view(state: State, seat: int) -> str:
    """Everything the library shows the seat today: the observation and the terminal's lines."""
    return observation_view(state, seat) + "\n" + terminal_view(state, seat)


@dataclass(frozen=True)
class Deck:
    """How the check reads one card game: the cards each step shows a seat, and what the rules
    make public about hidden cards."""

    #: ``shown(before, action, after, seat)``: the cards the seat sees in ``before``, ``after``
    #: and through ``action``, by round (the number of rounds finished in the state concerned).
    shown: Callable[[State, int, State, int], dict[int, set[int]]]
    #: What the rules tell everyone about the hidden cards in a state (None: nothing more than
    #: the views themselves).
    ruled: Callable[[State], Hashable] = lambda state: None


def _chain_shown(before: State, action: int, after: State, seat: int) -> dict[int, set[int]]:
    c = before.chain  # type: ignore[attr-defined]
    cards = {*c.hands[seat], *c.laid}
    if c.dealing or c.drawing:
        to = c.dealing_to() if c.dealing else c.to_move
        if to is None or to == seat:  # turned up, or his own card
            cards.add(action)
    elif action != chain.DONE:
        cards.add(action)  # laid face up
    a = after.chain  # type: ignore[attr-defined]
    shown = {len(before.results): cards}  # type: ignore[attr-defined]
    shown.setdefault(len(after.results), set()).update({*a.hands[seat], *a.laid})  # type: ignore[attr-defined]
    return shown


def _geo_shown(before: State, action: int, after: State, seat: int) -> dict[int, set[int]]:
    r = before.round  # type: ignore[attr-defined]
    cards = {*r.hands[seat], *r.pile}
    if r.phase is geo.Phase.DEAL:
        to = r.dealing_to()
        if to is None or to == seat:
            cards.add(action)
    elif r.phase is geo.Phase.STOCK:
        if r.to_move == seat:
            cards.add(action)
    elif r.phase is geo.Phase.DISCARD:
        stop = action >= geo.DISCARD_AND_STOP
        cards.add(action - (geo.DISCARD_AND_STOP if stop else geo.DISCARD))  # face up
    finished = len(before.results)  # type: ignore[attr-defined]
    if len(after.results) > finished:  # type: ignore[attr-defined]
        # Rule "scoring": every hand is shown when the round ends.
        cards.update(c for hand in after.results[-1][1] for c in hand)  # type: ignore[attr-defined]
    a = after.round  # type: ignore[attr-defined]
    shown = {finished: cards}
    shown.setdefault(len(after.results), set()).update({*a.hands[seat], *a.pile})  # type: ignore[attr-defined]
    return shown


def _table_cards(t: crypto90.Table, seat: int) -> set[int]:
    cards = {c for row in t.rows for c in row if c is not None} | set(t.pile)
    if t.hands[seat] is not None:
        cards.add(t.hands[seat])
    if t.drawn is not None and (seat == t.to_move or not t.from_stock):
        cards.add(t.drawn)
    if t.winner is not None and t.laid:
        cards.add(t.hands[t.winner])  # laid, and the round won
    return cards


def _crypto90_shown(before: State, action: int, after: State, seat: int) -> dict[int, set[int]]:
    t = before.table  # type: ignore[attr-defined]
    cards = _table_cards(t, seat)
    if t.phase is Crypto90Phase.DEAL:
        what, to, _ = t.deal_target()
        if what in ("row", "replace row", "turn up") or to == seat:  # rows are face up
            cards.add(action)
    elif t.phase is Crypto90Phase.STOCK:
        if t.to_move == seat:
            cards.add(action)
    elif t.phase is Crypto90Phase.PLACE:
        if action == crypto90.PLACE_HAND:
            cards.add(t.hands[t.to_move])  # his old hand card, discarded
        else:
            cards.add(t.drawn)  # into his row, or rejected onto the pile
    finished = len(before.results)  # type: ignore[attr-defined]
    if len(after.results) > finished:  # type: ignore[attr-defined]
        cards |= _table_cards(after.results[-1], seat)  # type: ignore[attr-defined]
    shown = {finished: cards}
    shown.setdefault(len(after.results), set()).update(_table_cards(after.table, seat))  # type: ignore[attr-defined]
    return shown


def _crypto90_ruled(state: State) -> Hashable:
    # Rule "end of the round": «La manche se termine dès qu'un joueur a ses neuf cartes en ordre
    # croissant»: that nobody's hand card completed his row is public at every turn's end.
    return tuple(t.winner for t in state.results)  # type: ignore[attr-defined]


DECKS: dict[str, Deck] = {
    "crypto-90": Deck(_crypto90_shown, _crypto90_ruled),
    "crypto-geographique": Deck(_geo_shown),
    "crypto-geographique-chaine": Deck(_chain_shown),
}


@dataclass
class Tally:
    """What a run of the check found."""

    prefixes: int = 0  # (prefix, seat) pairs checked
    worlds: int = 0  # relabelled deals replayed to their prefix
    skipped: int = 0  # relabelled deals in which a recorded move was illegal (or ruled out)
    leaks: list[str] = field(default_factory=list)

    def add(self, other: Tally) -> None:
        self.prefixes += other.prefixes
        self.worlds += other.worlds
        self.skipped += other.skipped
        self.leaks += other.leaks

    def __str__(self) -> str:
        return (
            f"{self.prefixes} prefix-seats, {self.worlds} relabelled deals replayed, "
            f"{self.skipped} skipped (a recorded move illegal), {len(self.leaks)} leaks"
        )


def random_game(game: Game, seed: int, limit: int = 100_000) -> list[int]:
    """The actions of a game between random players (chance and decisions from one generator
    seeded ``seed``), to the end or ``limit`` actions."""
    return play_at_random(game, seed, limit).history()


@dataclass
class Course:
    """A recorded game walked once: its states, which steps are chance and in which round, and
    (worked out on demand) what each seat had seen by each step and the views he was shown."""

    game: Game
    history: list[int]
    deck: Deck
    states: list[State] = field(default_factory=list)
    chance: list[bool] = field(default_factory=list)
    rounds: list[int] = field(default_factory=list)  # the round each step is played in
    views: dict[tuple[View, int, int], str | bytes] = field(default_factory=dict)

    def __post_init__(self) -> None:
        state = self.game.new_initial_state()
        self.states.append(state.clone())
        for action in self.history:
            self.chance.append(state.is_chance_node())
            self.rounds.append(len(state.results))  # type: ignore[attr-defined]
            state.apply_action(action)
            self.states.append(state.clone())

    def seen(self, seat: int, prefix: int) -> dict[int, set[int]]:
        """The cards ``seat`` has seen by step ``prefix``, by round."""
        seen: dict[int, set[int]] = {}
        for step in range(prefix):
            before, after = self.states[step], self.states[step + 1]
            shown = self.deck.shown(before, self.history[step], after, seat)
            for round_, cards in shown.items():
                seen.setdefault(round_, set()).update(cards)
        return seen

    def view(self, view: View, seat: int, step: int) -> str | bytes:
        """What ``view`` shows ``seat`` after ``step`` recorded actions (worked out once)."""
        key = (view, seat, step)
        if key not in self.views:
            self.views[key] = view(self.states[step], seat)
        return self.views[key]

    def decides(self, step: int) -> bool:
        """Whether somebody decides (or the game is over) after ``step`` actions."""
        state = self.states[step]
        return not state.is_chance_node()


def _hidden(course: Course, seat: int, prefix: int) -> dict[int, tuple[list[int], list[int]]]:
    """For each round, the cards ``seat`` has not seen by ``prefix`` that were dealt or drawn
    somewhere by then, and all the cards he has not seen (the others still in the stock)."""
    seen = course.seen(seat, prefix)
    dealt: dict[int, list[int]] = {}
    for step in range(prefix):
        card, round_ = course.history[step], course.rounds[step]
        if course.chance[step] and card in CARDS and card not in seen.get(round_, ()):
            dealt.setdefault(round_, []).append(card)
    hidden = {r: (cards, sorted(CARDS - seen.get(r, set()))) for r, cards in dealt.items()}
    return {r: (cards, unseen) for r, (cards, unseen) in hidden.items() if len(unseen) > 1}


def _relabelling(
    hidden: dict[int, tuple[list[int], list[int]]], rng: random.Random
) -> dict[tuple[int, int], int]:
    """A random relabelling of the unseen cards, round by round: (round, card) to card. Half
    the time one hidden card dealt somewhere is swapped with another unseen card (what a single
    card would give away); else every round's unseen cards are shuffled."""
    if rng.random() < 0.5:
        round_ = rng.choice(sorted(hidden))
        dealt, unseen = hidden[round_]
        a = rng.choice(dealt)
        b = rng.choice([c for c in unseen if c != a])
        return {(round_, a): b, (round_, b): a}
    mapping: dict[tuple[int, int], int] = {}
    for round_, (_, unseen) in hidden.items():
        image = unseen[:]
        rng.shuffle(image)
        mapping.update({(round_, a): b for a, b in zip(unseen, image, strict=True) if a != b})
    return mapping


def _describe(game: Game, mapping: dict[tuple[int, int], int]) -> str:
    name = chain.card_name if game.name.startswith("crypto-geo") else crypto90.card_name
    moved = [f"{name(a)}->{name(b)}" for (_, a), b in sorted(mapping.items())]
    return ", ".join(moved[:6]) + (f" and {len(moved) - 6} more" if len(moved) > 6 else "")


def check_prefix(
    game: Game,
    history: list[int],
    seat: int,
    prefix: int,
    view: View,
    rng: random.Random,
    tries: int = 8,
    course: Course | None = None,
) -> Tally:
    """Relabel the deal ``tries`` times for ``seat`` at step ``prefix`` of the game ``history``
    and compare his ``view`` at every step up to it; a difference is a leak, told in a sentence
    with the first lines that differ."""
    if course is None:
        course = Course(game, history, DECKS[game.name])
    tally = Tally(prefixes=1)
    hidden = _hidden(course, seat, prefix)
    if not hidden:  # nothing he has not seen has left the stock yet
        return tally
    for _ in range(tries):
        mapping = _relabelling(hidden, rng)
        if not any((r, card) in mapping for r, (dealt, _) in hidden.items() for card in dealt):
            continue  # a shuffle that left every card dealt where it was
        tally.worlds += 1
        leak = replay_relabelled(course, seat, prefix, view, mapping)
        if leak is None:
            continue
        if leak == "skipped":
            tally.skipped += 1
        else:
            tally.leaks.append(leak)
            break  # one example a prefix is enough
    return tally


def replay_relabelled(
    course: Course,
    seat: int,
    prefix: int,
    view: View,
    mapping: dict[tuple[int, int], int],
) -> str | None:
    """Replay the game of ``course`` to ``prefix`` with its cards relabelled by ``mapping``
    ((round, card) to card): None if the seat's views all agree, "skipped" if the relabelled
    deal is not one the seat could be in (a recorded move illegal, or what the rules make
    public changed) before a difference could be shown to him, else the leak, told."""
    relabelled = [
        mapping.get((course.rounds[step], action), action) if course.chance[step] else action
        for step, action in enumerate(course.history[:prefix])
    ]
    # Up to the first card relabelled, the deal is the one played.
    start = next((s for s in range(prefix) if relabelled[s] != course.history[s]), prefix)
    state = course.states[start].clone()
    differs: int | None = None
    for step in range(start, prefix):
        try:
            state.apply_action(relabelled[step])
        except LudothequeError:
            return "skipped"
        if course.deck.ruled(state) != course.deck.ruled(course.states[step + 1]):
            return "skipped"
        if differs is None and view(state, seat) != course.view(view, seat, step + 1):
            differs, shown = step + 1, view(state, seat)
        if differs is not None and course.decides(step + 1) and not state.is_chance_node():
            return _told(course, seat, differs, shown, course.view(view, seat, differs), mapping)
    # A difference not yet shown at the prefix: the relabelled deal waits on chance there, and
    # what chance brings next is not in the record.
    return None if differs is None else "skipped"


def _told(
    course: Course,
    seat: int,
    step: int,
    relabelled: str | bytes,
    played: str | bytes,
    mapping: dict[tuple[int, int], int],
) -> str:
    game = course.game
    before = course.states[step - 1]
    move = before.action_to_string(course.history[step - 1])
    said = course.states[step].describe_last(None) or move
    options = ", ".join(f"{k}={v}" for k, v in game.options.items())
    lines = [
        f"{game.name} ({options}): {game.seat_name(seat)}'s view after step {step} "
        f"({said!r}) changes when cards he has not seen are relabelled "
        f"({_describe(game, mapping)}):"
    ]
    if isinstance(relabelled, bytes) or isinstance(played, bytes):
        lines.append(f"  played {played!r}\n  relabelled {relabelled!r}")
    else:
        diff = difflib.unified_diff(
            _lines(played), _lines(relabelled), "played", "relabelled", n=0, lineterm=""
        )
        lines += [f"  {line}" for line in list(diff)[2:12] if not line.startswith("@@")]
    return "\n".join(lines)


def _lines(view: str) -> list[str]:
    """A view's lines, a JSON object's items each on a line of its own."""
    lines = []
    for line in view.splitlines():
        try:
            items = json.loads(line)
        except ValueError:
            items = None
        if isinstance(items, dict):
            lines += [f"{k}: {json.dumps(v, ensure_ascii=False)}" for k, v in items.items()]
        else:
            lines.append(line)
    return lines


def audit(
    name: str,
    options: dict,
    seeds: Iterable[int],
    prefixes: int,
    tries: int,
    view: View = table_view,
    limit: int = 100_000,
) -> Tally:
    """Random games of a rule set, one per seed (to the end or ``limit`` actions), each checked
    at ``prefixes`` prefixes drawn with the seed (every one, if fewer), for every seat."""
    game = ludotheque.load_game(name, **options)
    tally = Tally()
    for seed in seeds:
        history = random_game(game, seed, limit)
        course = Course(game, history, DECKS[name])
        rng = random.Random(seed)
        moments = [t for t in range(1, len(history) + 1) if course.decides(t)]
        chosen = sorted(rng.sample(moments, min(prefixes, len(moments))))
        for prefix in chosen:
            for seat in range(game.num_players()):
                tally.add(check_prefix(game, history, seat, prefix, view, rng, tries, course))
    return tally
