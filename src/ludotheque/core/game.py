"""The game/state protocol, shaped like OpenSpiel's Python game API.

A :class:`Game` is a rule set with its options fixed; it makes states. A :class:`State` is one
moment of one game. Chance (dice, the lot, card draws) is an explicit node whose outcomes come with
their probabilities, so the same engine serves exact analysis, sampling, replay and tests that
steer a game to a chosen position.

Each rule set keeps its position in an immutable value and its rules in pure functions; a State
holds that value and the history of actions, so :meth:`State.clone` costs nothing and a record is
the history itself. A rule set's State must therefore replace its values, never mutate them.

Where OpenSpiel's Python API takes a player first (``action_to_string(player, action)``,
``legal_actions(player)``), so do these methods, the player being optional.

A state and its record never leave the server's side while the game is in progress. A State
knows everything: at a card game's chance node :meth:`State.chance_outcomes` lists the stock
(with two players, the opponent's hand by elimination), and :meth:`State.to_json`,
:meth:`State.history` and :meth:`State.key` hold every card dealt. What may be shown to a seat is
made for him: :meth:`State.observation`, :meth:`State.describe_last` and, on his turn,
:meth:`State.legal_actions`; a front end sends him those and nothing else, and the record only
once the game is over.
"""

from __future__ import annotations

import math
import operator
import random
from abc import ABC, abstractmethod
from collections.abc import Hashable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar, Protocol

from ludotheque.core.chain import Chain, chained, unchained
from ludotheque.core.errors import IllegalMoveError, LudothequeError, NotationError, quoted
from ludotheque.core.i18n import N_, _, language
from ludotheque.core.manifest import GameInfo, Manifest
from ludotheque.core.options import LimitOption, resolve_options
from ludotheque.core.record import Record

#: ``current_player()`` of a chance node (OpenSpiel's kChancePlayerId).
CHANCE = -1
#: ``current_player()`` of a finished game (OpenSpiel's kTerminalPlayerId).
TERMINAL = -4
#: ``State.termination()`` of a game its rules ended, and of one its ``limit`` stopped.
FINISHED = "finished"
LIMIT_REACHED = "limit reached"


@dataclass(frozen=True)
class Outcome:
    """How a game ended, as python-chess's ``Outcome``: its ``termination`` named in the rule
    set's own vocabulary (``"all borne off"``, ``"stock exhausted"``) or LIMIT_REACHED, each
    seat's return, and the ``winners``: the seats with the best return, partners together;
    none where every seat has it (a game stopped with every stake back).

    >>> Outcome("all raised", (1.0, -1.0)).winners, Outcome(LIMIT_REACHED, (0.0, 0.0)).winners
    ((0,), ())
    """

    termination: str
    returns: tuple[float, ...]

    @property
    def winners(self) -> tuple[int, ...]:
        best = max(self.returns)
        if all(r == best for r in self.returns):
            return ()
        return tuple(p for p, r in enumerate(self.returns) if r == best)

    @property
    def truncated(self) -> bool:
        """Whether the game's ``limit`` stopped it, rather than its rules."""
        return self.termination == LIMIT_REACHED


#: The sentence of a refused move (``State.refused``), by what was refused: a move typed or
#: an action played (None), a move, or a chance outcome.
REFUSED = {None: N_("{what} is not legal here; legal: {legal}."),
           "move": N_("{what} is not a legal move here; legal: {legal}."),
           "outcome": N_("{what} is not a legal outcome here; legal: {legal}.")}
#: The same, where the rule set names the rule that forbids it.
REFUSED_BY_RULE = {
    None: N_('{what} is not legal here, by the rule "{rule}": {reason}; legal: {legal}.'),
    "move": N_('{what} is not a legal move here, by the rule "{rule}": {reason}; legal: '
               '{legal}.'),
    "outcome": N_('{what} is not a legal outcome here, by the rule "{rule}": {reason}; legal: '
                  '{legal}.')}


@dataclass(frozen=True)
class Refusal:
    """Why the rules forbid a move here: the rule by its name in the rule set's doc (the first
    column of "The rules as implemented" in ``docs/rules/<doc>.md``), and what it forbids, in
    a few words fitted to the move (``rule="no hitting"``, ``reason="black holds point 7"``)."""

    rule: str
    reason: str


class InformationSet(Protocol):
    """The states one player cannot tell apart, given what he has seen: made from his
    observation alone (:meth:`Game.information_set`), so that whoever samples them learns
    nothing the player does not know."""

    def sample(self, rng: random.Random) -> State:
        """A state that agrees with the observation, what the player has not seen drawn at
        random (uniformly among what he cannot rule out) from ``rng``."""
        ...


class Turn:
    """What a player is handed when he is to decide, and all he is handed: his ``view``
    (``observation(player)``), the ``legal`` actions, and :meth:`worlds`, the states his view
    leaves possible, for a player who searches. The state itself is not his: in a game with
    hidden information the worlds are drawn from his view alone, and in one without, his view
    is the whole position and a world is a copy of it.

    :meth:`State.turn` makes one at the table, working out the view only when asked (a random
    player never asks); :meth:`seen` makes one from a view and legal actions received from
    afar, as a server sends them.

    >>> import ludotheque
    >>> state = ludotheque.load_game("crypto-90").new_initial_state()
    >>> while state.is_chance_node():
    ...     state.apply_action(state.chance_outcomes()[0][0])
    >>> turn = state.turn()
    >>> turn.player, [state.action_to_string(a) for a in turn.legal]
    (0, ['stock', 'pile'])
    >>> again = Turn.seen(state.game, 0, turn.view, turn.legal)
    >>> world = again.world()  # his row and hand as they are, the others' drawn
    >>> world.table.rows[0] == state.table.rows[0], world.legal_actions() == turn.legal
    (True, True)
    """

    __slots__ = ("_legal", "_state", "_view", "_worlds", "game", "player")

    def __init__(self, game: Game, player: int, view: Mapping[str, Any] | None,
                 legal: Sequence[int] | None, state: State | None = None) -> None:
        self.game = game
        self.player = player
        self._view = view
        self._legal = None if legal is None else list(legal)
        # Kept only to work out the view and the legal actions when asked, and, where the
        # rules hide nothing, to copy; never handed out where they hide something.
        self._state = state
        self._worlds: InformationSet | None = None

    @classmethod
    def seen(cls, game: Game, player: int, view: Mapping[str, Any],
             legal: Sequence[int]) -> Turn:
        """The turn of a player who has only his view and the legal actions."""
        return cls(game, player, view, legal)

    @property
    def view(self) -> Mapping[str, Any]:
        if self._view is None:
            assert self._state is not None
            self._view = self._state.observation(self.player)
        return self._view

    @property
    def legal(self) -> list[int]:
        if self._legal is None:
            assert self._state is not None
            self._legal = self._state.legal_actions()
        return self._legal

    def worlds(self) -> InformationSet:
        """The states the player's view leaves possible."""
        if self._worlds is None:
            if self._state is not None and self.game.info.perfect_information:
                self._worlds = OneWorld(self._state)
            else:
                self._worlds = self.game.information_set(self.view)
        return self._worlds

    def world(self, rng: random.Random | None = None) -> State:
        """One state the view leaves possible, the player's to play on: drawn from ``rng``,
        or, without one, always the same draw, for a player whose judgement reads his view
        alone (and whose own generator should not be disturbed)."""
        return self.worlds().sample(rng if rng is not None else random.Random(0))


class OneWorld:
    """The one state a view of a game hiding nothing leaves possible, copied at each draw: the
    information set of a rule set whose views show the whole position."""

    def __init__(self, state: State) -> None:
        self._state = state

    def sample(self, rng: random.Random) -> State:
        return self._state.clone()


class Game(ABC):
    """A rule set with its options chosen. Stateless: every change lives in a State."""

    #: The rule set's declaration: what it is, its options, what it offers front ends.
    manifest: ClassVar[Manifest]
    #: Whether a decision is a point of a continuum (a shot's aim, pressure and steepness), of
    #: which ``legal_actions`` lists only a grid: a front end asks for the move written out, as
    #: ``legal_text`` says, rather than offering the list to choose from.
    continuous: ClassVar[bool] = False

    def __init__(self, **options: Any) -> None:
        self.options: Mapping[str, Any] = resolve_options(
            self.manifest.options, options, game=self.name
        )

    @property
    def name(self) -> str:
        """The rule set's id."""
        return self.manifest.id

    @property
    def info(self) -> GameInfo:
        return self.manifest.info

    def num_players(self) -> int:
        """The seats; a rule set whose player count varies declares it as an option ``players``."""
        return int(self.options.get("players", self.info.min_players))

    def min_utility(self) -> float:
        """The lowest return a seat can get with these options (OpenSpiel's MinUtility)."""
        return self.info.min_utility

    def max_utility(self) -> float:
        """The highest return a seat can get with these options (OpenSpiel's MaxUtility)."""
        return self.info.max_utility

    def max_game_length(self) -> int:
        """The most decisions a game can last with these options (OpenSpiel's MaxGameLength;
        chance outcomes not counted): its ``limit``, unless the rule set bounds it closer."""
        limit: int = self.options["limit"]
        return limit

    @abstractmethod
    def num_distinct_actions(self) -> int:
        """Size of the decision action space: ids run from 0 to this minus one."""

    @abstractmethod
    def max_chance_outcomes(self) -> int:
        """Size of the chance outcome space: ids run from 0 to this minus one."""

    @abstractmethod
    def new_initial_state(self) -> State: ...

    def information_set(self, observation: Mapping[str, Any]) -> InformationSet:
        """What a player whose ``state.observation(player)`` this is cannot tell apart, to
        sample states from: the determinisations of information-set search. A rule set with
        hidden information provides it (``_information_set``); the states sampled have no
        history (they can be played on, not replayed). A view the rule set could not have
        given is refused with one sentence."""
        if not isinstance(observation, dict):
            raise LudothequeError(
                f"an observation is the dict state.observation(player) gives, not "
                f"{type(observation).__name__}."
            )
        seen = observation.get("game", self.name)
        if seen != self.name:
            raise LudothequeError(f"this is an observation of {seen!r}, not of {self.name}.")
        # The rule sets read the view as they wrote it; anything else fails somewhere in the
        # reading, and is named here rather than let out as a KeyError or a TypeError.
        try:
            return self._information_set(observation)
        except LudothequeError:
            raise
        except KeyError as exc:
            raise LudothequeError(
                f"this observation is not one {self.name} gives: {exc.args[0]!r} is missing "
                f"where it is read."
            ) from None
        except (TypeError, ValueError, IndexError, AttributeError) as exc:
            raise LudothequeError(
                f"this observation is not one {self.name} gives: {str(exc).rstrip('.')}."
            ) from None

    def _information_set(self, observation: Mapping[str, Any]) -> InformationSet:
        raise LudothequeError(f"{self.name} cannot be searched from a player's observation.")

    def sides(self) -> list[tuple[int, ...]]:
        """The seats that win or lose together — partners, camps — each seat alone by
        default."""
        return [(player,) for player in range(self.num_players())]

    def seat_name(self, player: int) -> str:
        """The seat's name as moves and records write it (``white``), in every language."""
        names = self.info.seat_names
        return names[player] if player < len(names) else f"seat {player + 1}"

    def move_words(self, move: str) -> str:
        """A move written in the notation (``discard Somme``), as a person reading his
        language reads it on a button (``défausse Somme``), and may type it; what is sent and
        recorded stays the notation."""
        return self._french_move(move) if language() == "fr" else move

    def _french_move(self, move: str) -> str:
        """``move`` in the French words its rule set also reads (``string_to_action``); by
        default the notation itself."""
        return move

    def seat_called(self, player: int) -> str:
        """The seat's name as a person reads it, in his language (``blanc``); its rule set
        marks its seats' names for the catalog."""
        return _(self.seat_name(player))

    @classmethod
    def upgrade_options(cls, options: dict[str, Any], version: int) -> dict[str, Any]:
        """The options of a record written in format ``version``, older than today's, as these
        rules read them: an option added since, whose default is not what the rules did then,
        is given the value that plays as they did. Unchanged by default."""
        return options

    def upgrade_moves(self, moves: tuple[str, ...], version: int) -> tuple[str, ...]:
        """The moves of a record written in format ``version``, older than today's, as these
        rules play them: a rule set whose decisions changed since says how. Unchanged by
        default."""
        return moves

    def state_from_json(self, text: str) -> State:
        """The state a saved game (``State.to_json``) or a game record reaches, replayed."""
        return Record.from_json(text).replay(self)

    def __repr__(self) -> str:
        opts = ", ".join(f"{k}={v!r}" for k, v in self.options.items())
        return f"<{type(self).__name__} {self.name}({opts})>"


class State(ABC):
    """One moment of a game. Subclasses give the rules; this class gives the bookkeeping."""

    def __init__(self, game: Game) -> None:
        self.game = game
        # The actions so far as a chain (core.chain), shared between clones.
        self._trail: Chain = None
        self._length = 0
        # The decisions so far, against the game's limit (``limit_option``); stopped once past.
        # A turn the rules passed (``_turn_passed``) counts as one, and stops the game there.
        self._decisions = 0
        self._limit: float = game.options.get("limit", math.inf)
        self._stopped = False

    # --- what each rule set provides -------------------------------------------------------

    @abstractmethod
    def _current_player(self) -> int:
        """The seat to act, or CHANCE, or TERMINAL, as the rules have it."""

    @abstractmethod
    def _legal_actions(self) -> list[int]:
        """Legal decisions for the current player (non-chance, non-terminal)."""

    @abstractmethod
    def chance_outcomes(self) -> list[tuple[int, float]]:
        """(outcome, probability) pairs at a chance node; empty elsewhere."""

    @abstractmethod
    def _apply(self, action: int) -> None:
        """Play an action already known to be legal."""

    @abstractmethod
    def _action_to_string(self, action: int) -> str:
        """The readable notation of a decision or chance outcome in this state."""

    @abstractmethod
    def _returns(self) -> list[float]:
        """Each seat's result as the rules have it; all zero until the game is over."""

    def _termination(self) -> str:
        """How the rules ended this finished game, in a few words of the rule set's own
        vocabulary (its rules doc's), for :meth:`outcome`."""
        return FINISHED

    def _unfinished_returns(self) -> list[float]:
        """Each seat's result in a game its ``limit`` stopped: by default every stake goes
        back; a rule set that counts points may leave them as they stand."""
        return [0.0] * self.num_players()

    @abstractmethod
    def _observation(self, player: int | None) -> Mapping[str, Any]:
        """What ``player`` (a valid seat, or None for a spectator) may see."""

    def _aliases(self, text: str) -> int | None:
        """Another accepted spelling of an action (a rule set's vocabulary); None if none."""
        return None

    def _allows(self, action: int) -> bool:
        """Whether ``action`` may be played here, before the end: by default, whether it is
        one of ``legal_actions()``. A rule set whose decisions are continuous (a shot's aim and
        strength) lists a grid of them in ``legal_actions`` but accepts any of its actions that
        the rules allow, and says so here; one that keeps its legal actions may look there
        rather than copy them (asked at every action)."""
        return action in self.legal_actions()

    def _parse(self, text: str) -> int | None:
        """The action ``text`` writes, read directly rather than found among the legal ones;
        for rule sets whose actions are too many to list. None leaves it to the listing."""
        return None

    def _refusal(self, action: int) -> Refusal | None:
        """Why the rules forbid ``action``, an id of the node's action space that
        ``_allows`` refuses here; None (the default) says nothing more than the legal moves."""
        return None

    def _refusal_of_text(self, text: str) -> Refusal | None:
        """Why the rules forbid what ``text`` (lower case, single spaces) asks for, where it
        writes no legal move: a move of the rule set's notation that is not legal here, or
        something a person might type that no action writes (a checker from a point he does
        not hold). None (the default) leaves the notation error. A rule set that understands
        the text but takes it in another form (two dice typed at once where each is a
        decision) raises a NotationError saying how to enter it."""
        return None

    def refused(self, what: str, refusal: Refusal | None, legal: list[int],
                kind: str | None = None) -> str:
        """The one sentence every front end shows for a refused move: ``what`` was typed
        (quoted) or played, not legal (a legal ``kind``) here, by the rule that forbids it
        where the rule set names one, and what is legal instead."""
        legal_text = self.legal_text(legal)
        if refusal is not None:
            return _(REFUSED_BY_RULE[kind], what=what, rule=refusal.rule,
                     reason=refusal.reason, legal=legal_text)
        return _(REFUSED[kind], what=what, legal=legal_text)

    def _irrevocable(self, action: int) -> str | None:
        """Why the decision ``action``, played here, stands once played whatever comes next,
        in a few words ("it shows a card of the hand to the table"); None (the default) lets
        a person take it back until anyone else acts or chance speaks (``ludotheque.play``)."""
        return None

    def irrevocable(self, action: int) -> str | None:
        """Why the decision ``action`` cannot be taken back once played here, or None."""
        return self._irrevocable(action)

    def describe_last(self, player: int | None = None) -> str:
        """A sentence on what the last action did, as ``player`` (None: a spectator) may know."""
        return ""

    # --- shared machinery ------------------------------------------------------------------

    def num_players(self) -> int:
        return self.game.num_players()

    def current_player(self) -> int:
        """The seat to act, or CHANCE, or TERMINAL: the rules ended the game, or its limit."""
        return TERMINAL if self._stopped else self._current_player()

    def returns(self) -> list[float]:
        """Each seat's result; all zero until the game is over."""
        return self._unfinished_returns() if self._stopped else self._returns()

    def truncated(self) -> bool:
        """Whether the game was stopped by its ``limit`` rather than ended by its rules."""
        return self._stopped

    def limit_sentence(self) -> str | None:
        """How a game its limit stopped ended, in one sentence; None for any other state."""
        if not self._stopped:
            return None
        option = next(o for o in self.game.manifest.options if isinstance(o, LimitOption))
        return _("The game stopped unfinished at its limit of {limit} decisions (not a rule): "
                 "{unfinished}.", limit=self.game.options["limit"],
                 unfinished=_(option.unfinished))

    def termination(self) -> str | None:
        """How the game ended: FINISHED by its rules, LIMIT_REACHED; None while it goes on."""
        if self._stopped:
            return LIMIT_REACHED
        return FINISHED if self._current_player() == TERMINAL else None

    def outcome(self) -> Outcome | None:
        """How the game ended, with whom it made winners; None while it goes on."""
        if not self.is_terminal():
            return None
        ended = LIMIT_REACHED if self._stopped else self._termination()
        return Outcome(ended, tuple(self.returns()))

    def decisions(self) -> int:
        """The decisions played so far (chance outcomes not counted, a turn the rules passed
        counted as one), which ``limit`` bounds."""
        return self._decisions

    def _turn_passed(self) -> None:
        """Told by a rule set whose rules pass a player's turn with no decision to make (none
        of his dice can be played): the turn counts against the ``limit`` as a decision, and
        past it the game stops there, so that the limit bounds the chance in a game too
        (between two decisions, passed turns could otherwise throw the dice without end). A
        turn passed once the limit is reached stops the game without being counted: the count
        never passes the limit."""
        if self._decisions < self._limit:
            self._decisions += 1
        if self._decisions >= self._limit:
            self._stopped = True

    def counting_from(self, state: State) -> State:
        """This state, its decisions counted from where ``state`` stands, so that the ``limit``
        stops it where it would stop ``state``'s game: for a world drawn from a seat's view
        (``Turn.world``), which has no history of its own."""
        self._decisions = state._decisions
        return self

    def observation(self, player: int | None = None) -> Mapping[str, Any]:
        """Exactly what ``player`` may see, as a JSON-serialisable dict of the form its rule
        set declares (its manifest's ``view``); None is a spectator, who sees only what is
        public."""
        if player is not None and not (
            type(player) is int and 0 <= player < self.num_players()
        ):
            raise LudothequeError(
                f"players are numbered 0 to {self.num_players() - 1}, not {player!r}."
            )
        return self._observation(player)

    def views(self) -> list[Mapping[str, Any]]:
        """Every seat's :meth:`observation`, then a spectator's. Where nothing is hidden
        (``perfect_information``), a seat sees what a spectator sees but for the name of his
        own seat (the view's ``seat``, where it has one): the spectator's view is built once,
        and each seat's is it with his name (a test holds every such rule set to this)."""
        seats = range(self.num_players())
        if not self.game.info.perfect_information:
            return [*(self.observation(p) for p in seats), self.observation(None)]
        shared = self.observation(None)
        if "seat" not in shared:
            return [shared] * (self.num_players() + 1)
        return [*({**shared, "seat": self.game.seat_name(p)} for p in seats), shared]

    def turn(self) -> Turn:
        """What the player to decide is handed (:class:`Turn`): his view, his legal actions,
        the worlds his view leaves possible; never this state."""
        player = self.current_player()
        if player < 0:
            raise LudothequeError("no player decides here: it is chance's turn, or the end.")
        return Turn(self.game, player, None, None, self)

    def sample_chance(self, rng: random.Random) -> int:
        """One chance outcome drawn with its probability from ``rng`` (the caller's generator).

        Rule sets whose chance cannot be listed (a physical throw) override this."""
        outcomes, probabilities = zip(*self.chance_outcomes(), strict=True)
        outcome: int = rng.choices(outcomes, probabilities)[0]
        return outcome

    def chance_children(self) -> Iterator[tuple[State, float]]:
        """Each outcome of this chance node as the state it leads to, with its probability:
        what an exact expectation over the node sums."""
        for outcome, probability in self.chance_outcomes():
            child = self.clone()
            child.apply_action(outcome)
            yield child, probability

    def action_to_string(self, *args: int) -> str:
        """``action_to_string(action)``, or ``action_to_string(player, action)`` as in OpenSpiel.

        Any id of the node's action space is written (one not legal here as the rule set says
        so); an id outside it is refused."""
        action = args[-1]
        if isinstance(action, bool) or not hasattr(action, "__index__"):
            raise IllegalMoveError(f"an action is a whole number, not {action!r}.")
        action = operator.index(action)
        chance = self.is_chance_node()
        size = self.game.max_chance_outcomes() if chance else self.game.num_distinct_actions()
        if not 0 <= action < size:
            kind = "chance outcomes" if chance else "actions"
            raise IllegalMoveError(
                f"{self.game.name}'s {kind} are numbered 0 to {size - 1}, not {quoted(action)}."
            )
        return self._action_to_string(action)

    def is_chance_node(self) -> bool:
        return self.current_player() == CHANCE

    def is_terminal(self) -> bool:
        return self.current_player() == TERMINAL

    def legal_actions(self, player: int | None = None) -> list[int]:
        """Decisions for the player to act, or the possible outcomes at a chance node; for
        another ``player`` than the one to act, none."""
        current = self.current_player()
        if current == TERMINAL or (player is not None and player != current):
            return []
        if current == CHANCE:
            return self._chance_actions()
        return self._legal_actions()

    def _chance_actions(self) -> list[int]:
        """The outcomes of this chance node without their probabilities; a rule set whose
        outcomes are fixed tables may give them ready-made."""
        return [a for a, _ in self.chance_outcomes()]

    def apply_action(self, action: int) -> None:
        """Play a decision or chance outcome; an illegal one raises and changes nothing."""
        mover = self.current_player()
        if type(action) is not int:
            if isinstance(action, bool) or not hasattr(action, "__index__"):
                raise IllegalMoveError(
                    f"an action is a whole number, not {action!r}; "
                    f"legal: {self.legal_text()}."
                )
            action = operator.index(action)  # numpy integers from learning code, stored as int
        if mover == TERMINAL:
            raise IllegalMoveError(_("the game is over; no move can be played."))
        if not self._allows(action):
            refusal = self._refusal(action) if mover >= 0 else None
            raise IllegalMoveError(
                self.refused(f"action {quoted(action)}", refusal, self.legal_actions())
            )
        self._apply(action)
        self._trail = (action, self._trail)
        self._length += 1
        if mover >= 0:
            self._decisions += 1
        # The limit: past it, the game stops where a player would decide next, the chance that
        # the last decision called for played out (or where a turn passed: _turn_passed); one
        # the rules end then has ended by them.
        if self._decisions >= self._limit and self._current_player() >= 0:
            self._stopped = True

    def string_to_action(self, *args: Any) -> int:
        """The action written ``text`` in this state (its own notation or an accepted alias):
        ``string_to_action(text)`` or, as in OpenSpiel, ``string_to_action(player, text)``."""
        text = args[-1]
        if not isinstance(text, str):
            raise NotationError(f"a move is written as text, not {quoted(text)}.")
        wanted = " ".join(text.lower().split())
        legal = self.legal_actions()
        parsed = self._parse(wanted)
        if parsed is not None and not self.is_terminal():
            if self._allows(parsed):
                return parsed
            refusal = self._refusal(parsed) if self.current_player() >= 0 else None
            raise NotationError(self.refused(quoted(text.strip()), refusal, legal))
        for action in legal:
            if self.action_to_string(action).lower() == wanted:
                return action
        alias = self._aliases(wanted)
        if alias is not None and alias in legal:
            return alias
        if self.is_terminal():
            raise NotationError(_("the game is over; no move can be played."))
        if self.is_chance_node():
            raise NotationError(self.refused(quoted(text.strip()), None, legal, "outcome"))
        refusal = self._refusal_of_text(wanted)
        raise NotationError(self.refused(quoted(text.strip()), refusal, legal, "move"))

    def legal_text(self, legal: list[int] | None = None) -> str:
        """The legal moves as a person reads them: each written out in his words (which he may
        type), or, where there are too many to list (a shot's continuous aim), how to write
        one."""
        if legal is None:
            legal = self.legal_actions()
        return ", ".join(self.game.move_words(self.action_to_string(a)) for a in legal)

    def rests(self, action: int) -> list[dict[str, Any]]:
        """Where ``action``, a legal decision here, would leave the pieces it moves were chance
        at its steadiest: what a table's assist previews while a person aims (for a rule set
        of aimed shots, ``Game.continuous``). Others have nothing to preview."""
        raise IllegalMoveError(_("{game} has no preview: its moves are not aimed shots.",
                                 game=self.game.manifest.info.title))

    def __getstate__(self) -> dict[str, Any]:
        # Copied or pickled, the history is written flat (core.chain).
        return {**self.__dict__, "_trail": tuple(self.history())}

    def __setstate__(self, saved: dict[str, Any]) -> None:
        self.__dict__.update(saved)
        self._trail = chained(saved["_trail"])

    def history(self) -> list[int]:
        return unchained(self._trail)

    def last_action(self) -> int | None:
        """The last action played, or None at the start."""
        return None if self._trail is None else self._trail[0]

    def key(self) -> Hashable:
        """What identifies this state for a transposition table: two states with equal keys
        have the same position and the same future. By default the history, which merges
        nothing; a rule set whose moves can transpose gives its position."""
        return tuple(self.history())

    def history_strings(self) -> list[str]:
        """The history in readable notation, each action written in the state it was played in."""
        replay = self.game.new_initial_state()
        written = []
        for action in self.history():
            written.append(replay.action_to_string(action))
            replay.apply_action(action)
        return written

    def clone(self) -> State:
        twin = object.__new__(type(self))
        twin.__dict__.update(self.__dict__)
        return twin

    def to_json(self) -> str:
        """The game so far as a record with no seats; ``game.state_from_json`` replays it."""
        return Record.of(self).to_json()

    def __str__(self) -> str:
        return f"{self.game.name} after {self._length} actions"
