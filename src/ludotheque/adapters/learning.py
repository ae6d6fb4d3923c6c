"""What the OpenSpiel and PettingZoo adapters share: a rule set's encoding made into numpy
tensors, a game in progress with each seat's memory of it, and the rewards learning code
receives.

>>> import ludotheque
>>> learner = Learner(ludotheque.load_game("crypto-90", players=3, limit=40))
>>> play = learner.start()
>>> while play.state.is_chance_node():
...     play.apply(learner.encoding.chance(play.state)[0][0])
>>> learner.observation(play.state, 0).shape == (learner.encoding.observation.size,)
True
>>> learner.information_state(play, 0).shape == (learner.information_state_size(),)
True
>>> win_loss([3.0, -1.0, -2.0]), win_loss([0.0, 0.0])
([1.0, -0.5, -0.5], [0.0, 0.0])
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any

import numpy as np
import numpy.typing as npt

from ludotheque.core.chain import chained, unchained
from ludotheque.core.encoding import Encoding, Layout
from ludotheque.core.errors import OptionError
from ludotheque.core.game import Game, State

#: How learning code is rewarded at the end of a game: ``returns``, the rule set's own money
#: or points (``State.returns``); ``win-loss``, +1 shared among the winners and -1 among the
#: losers, zero-sum and within [-1, 1] whatever the stakes (:func:`win_loss`).
REWARDS = ("returns", "win-loss")

Vector = npt.NDArray[np.float32]


def win_loss(returns: Sequence[float]) -> list[float]:
    """Each seat's win/loss reward for ``returns``: the seats with the best return win (partners
    together), the others lose, nobody where every seat has it. With W winners and L losers of
    the largest M of the two, a winner gets L/M and a loser -W/M: zero-sum, within [-1, 1],
    +1/-1 between two players or two camps."""
    best = max(returns)
    won = [r == best for r in returns]
    winners = sum(won)
    losers = len(returns) - winners
    if losers == 0:
        return [0.0] * len(returns)
    most = max(winners, losers)
    return [losers / most if w else -winners / most for w in won]


class Tensor:
    """One tensor of a layout: a flat float32 vector and its fields, each a view of its part
    in its shape (what an encoding writes into, and what OpenSpiel's observers hold)."""

    __slots__ = ("fields", "layout", "vector")

    def __init__(self, layout: Layout, vector: Vector | None = None) -> None:
        self.layout = layout
        self.vector: Vector = np.zeros(layout.size, np.float32) if vector is None else vector
        self.fields = {
            f.name: self.vector[start:stop].reshape(f.shape)
            for f, (start, stop) in zip(layout.fields, layout.offsets().values(), strict=True)
        }

    def __reduce__(self) -> tuple[Any, ...]:
        # Pickled field by field, the fields would come back as copies, no longer views of
        # the vector that is written into: made again from the layout.
        return Tensor, (self.layout, self.vector.copy())


class Play:
    """A game in progress as learning code holds it: the state, and where something is hidden,
    each seat's rows of what he learnt of every action so far (a chain shared between copies,
    as the state's own history is: :mod:`ludotheque.core.chain`)."""

    __slots__ = ("learner", "memory", "state")

    def __init__(self, learner: Learner, state: State, memory: list[Any] | None) -> None:
        self.learner = learner
        self.state = state
        self.memory = memory

    def copy(self) -> Play:
        memory = None if self.memory is None else list(self.memory)
        return Play(self.learner, self.state.clone(), memory)

    def __deepcopy__(self, memo: dict[int, Any]) -> Play:
        # OpenSpiel clones a Python state by deep-copying its attributes: the rules and the
        # rows are immutable and shared; only the position's holder is new.
        return self.copy()

    def __getstate__(self) -> tuple[Any, ...]:
        # Pickled (OpenSpiel's serialisation among others), each seat's rows are written flat.
        memory = None if self.memory is None else [self.rows(p) for p in range(len(self.memory))]
        return self.learner, self.state, memory

    def __setstate__(self, saved: tuple[Any, ...]) -> None:
        self.learner, self.state, memory = saved
        self.memory = None if memory is None else [chained(rows) for rows in memory]

    def rows(self, player: int, most: int | None = None) -> list[Vector]:
        """The seat's rows (one for every action of the game, as he learnt of it), first action
        first: of the game's last ``most`` actions only, if given."""
        assert self.memory is not None
        return unchained(self.memory[player], most)

    def apply(self, action: int) -> None:
        """Play ``action``, learning code's id at a decision or a chance node."""
        state, learner = self.state, self.learner
        if learner.renumbered:
            encoding = learner.encoding
            action = (encoding.outcome(state, action) if state.is_chance_node()
                      else encoding.decision(state, action))
        self.play(action)

    def play(self, action: int) -> None:
        """Play ``action``, the game's own id."""
        state = self.state
        if self.memory is None:
            state.apply_action(action)
            return
        before = state.clone()
        state.apply_action(action)
        row = self.learner._row
        assert row is not None
        for player in range(len(self.memory)):
            row.vector.fill(0.0)
            self.learner.encoding.remember(before, action, state, player, row.fields)
            self.memory[player] = (row.vector.copy(), self.memory[player])


class Learner:
    """A game as learning code sees it: its encoding's tensors as numpy vectors, its actions
    in the encoding's numbering, and its rewards (``reward``, one of :data:`REWARDS`)."""

    def __init__(self, game: Game, reward: str = REWARDS[0]) -> None:
        if reward not in REWARDS:
            raise OptionError(f"reward must be one of {', '.join(REWARDS)}, not {reward!r}.")
        self.game = game
        self.reward = reward
        self.encoding: Encoding = game.manifest.encode(game)
        self.recall = self.encoding.recall
        #: Whether learning code's ids are not the game's (the hot path skips the lookup).
        kind = type(self.encoding)
        self.renumbered = (kind.decision is not Encoding.decision
                           or kind.outcome is not Encoding.outcome)
        self._observed = Tensor(self.encoding.observation)
        self._row = None if self.recall is None else Tensor(self.recall)
        #: Each row's text, by its bytes: a game's rows take few distinct values (who, which
        #: decision, which card), and every information-state string writes them all again.
        self._texts: dict[bytes, str] = {}

    def __deepcopy__(self, memo: dict[int, Any]) -> Learner:
        # Shared by every state of the game, as the rules are: nothing in it changes.
        return self

    def __reduce__(self) -> tuple[Any, ...]:
        return Learner, (self.game, self.reward)

    def _row_text(self, row: Vector) -> str:
        """A row of the information state as its string writes it: its non-zero fields."""
        key = row.tobytes()
        text = self._texts.get(key)
        if text is None:
            assert self.recall is not None
            spans = zip(self.recall.fields, self.recall.offsets().values(), strict=True)
            text = self._texts[key] = " ".join(
                f"{field.name}={_numbers(row[a:b])}" for field, (a, b) in spans if row[a:b].any()
            )
        return text

    @property
    def hidden(self) -> bool:
        """Whether something is hidden from a seat, so that his information state is more than
        the history."""
        return self.recall is not None

    def start(self, recall: bool = True) -> Play:
        """A new game; with ``recall``, each seat's rows kept for his information state."""
        memory = [None] * self.game.num_players() if self.hidden and recall else None
        return Play(self, self.game.new_initial_state(), memory)

    # --- rewards -------------------------------------------------------------------------------

    def returns(self, state: State) -> list[float]:
        returns = state.returns()
        if self.reward == "returns" or not state.is_terminal():
            return returns
        return win_loss(returns)

    def utility_bounds(self) -> tuple[float, float]:
        if self.reward == "win-loss":
            return -1.0, 1.0
        return self.game.min_utility(), self.game.max_utility()

    def zero_sum(self) -> bool:
        return self.reward == "win-loss" or self.game.info.zero_sum

    # --- tensors -------------------------------------------------------------------------------

    def observe(self, state: State, player: int, tensor: Tensor) -> None:
        tensor.vector.fill(0.0)
        self.encoding.observe(state, player, tensor.fields)

    def observation(self, state: State, player: int) -> Vector:
        """The seat's observation tensor, a new vector."""
        self.observe(state, player, self._observed)
        return self._observed.vector.copy()

    def information_state_size(self) -> int:
        recall = self.recall
        if recall is None:
            return self.encoding.observation.size
        return self.encoding.observation.size + self.encoding.max_history() * recall.size

    def remembered(self, play: Play, player: int, out: Vector) -> None:
        """Write the seat's rows, first action first, into ``out``: all of them where it has
        max_history rows, else those of the game's last actions that fill it, oldest first."""
        width = out.shape[-1]
        into = out.reshape(-1, width)
        rows = play.rows(player, most=into.shape[0])
        if rows:
            into[: len(rows)] = np.stack(rows)

    def information_state(self, play: Play, player: int) -> Vector:
        """The seat's information state of perfect recall: his observation now, then his rows
        (zeros past the last), a new vector."""
        observed = self.observation(play.state, player)
        if self.recall is None:
            return observed
        history = np.zeros((self.encoding.max_history(), self.recall.size), np.float32)
        self.remembered(play, player, history)
        return np.concatenate([observed, history.ravel()])

    # --- strings -------------------------------------------------------------------------------

    def observation_string(self, state: State, player: int) -> str:
        """What the seat sees, as his view's JSON (the view the front ends send him)."""
        return view_text(state.observation(player))

    def information_state_string(self, play: Play, player: int,
                                 most: int | None = None) -> str:
        """The seat's information state as text: where nothing is hidden, the history; else
        each row of what he learnt (its non-zero fields), then his view now less its account
        of the last event (``last``), which the rows hold already: so a state drawn from his
        information state (``resample_from_infostate``, whose world has no history to tell
        of) has the same string. With ``most``, the rows of his last ``most`` actions only."""
        state = play.state
        if self.recall is None:
            return " ".join(map(str, state.history()))
        lines = [f"seat {player}", *map(self._row_text, play.rows(player, most))]
        view = state.observation(player)
        lines.append(view_text({k: v for k, v in view.items() if k != "last"}))
        return "\n".join(lines)


def view_text(view: Any) -> str:
    """A view (or part of one) as compact JSON with sorted keys: the observation strings."""
    return json.dumps(view, sort_keys=True, ensure_ascii=False, separators=(",", ":"))


def _numbers(values: Vector) -> str:
    if values.size == 1:
        return f"{float(values[0]):g}"
    return ",".join(f"{float(v):g}" for v in values)
