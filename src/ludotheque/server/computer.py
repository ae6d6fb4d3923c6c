"""Computer players on the server: each decision is worked out in a pool of worker processes,
so that a player thinking at ``hard`` holds up neither the other tables nor the event loop.

What a worker is handed is the state it needs and nothing goes back but a move as written; the
player itself sees only its seat's turn (``State.turn``), as at the terminal.

>>> import ludotheque
>>> state = ludotheque.load_game("dames-rabattues").new_initial_state()
>>> state.apply_action(state.string_to_action("white first"))
>>> choose("random", 1, state)
'throw'
"""

from __future__ import annotations

import multiprocessing
import os
from concurrent.futures import Executor, ProcessPoolExecutor
from typing import TYPE_CHECKING

from ludotheque.agents import make_agent

if TYPE_CHECKING:
    from ludotheque.core.game import State


def choose(kind: str, seed: float, state: State) -> str:
    """The move the computer player ``kind`` (``random``, ``easy``, ``mcts:hard``…), seeded
    ``seed``, makes in ``state``, as written."""
    agent = make_agent(kind, seed=seed, game=state.game)
    return state.action_to_string(agent.choose(state.turn()))


def worker_pool(workers: int | None = None) -> Executor:
    """A pool of ``workers`` processes (by default one per core), started afresh rather than
    forked: the server's threads and event loop are not copied into them."""
    return ProcessPoolExecutor(
        max_workers=workers or os.cpu_count() or 1,
        mp_context=multiprocessing.get_context("spawn"),
    )
