"""How far a computer player has got with a decision, for whoever waits on it (a table's
page shows it while the computer thinks).

A search tells the share of its budget it has spent (:func:`told`): a tree search its
iterations, an expectimax or a shot planner the candidates it has weighed. Whoever wants to
know listens for the length of one decision (:func:`listening`); with nobody listening, a
report costs a look-up.

>>> heard = []
>>> with listening(heard.append):
...     told(0.5)
>>> told(0.75)  # nobody listens any more
>>> heard
[0.5]
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager
from contextvars import ContextVar

_listener: ContextVar[Callable[[float], None] | None] = ContextVar("progress", default=None)


def told(share: float) -> None:
    """The decision under way has spent ``share`` (0 to 1) of its budget."""
    listener = _listener.get()
    if listener is not None:
        listener(share)


@contextmanager
def listening(listener: Callable[[float], None]) -> Iterator[None]:
    """Hear every share a decision taken inside the block tells."""
    token = _listener.set(listener)
    try:
        yield
    finally:
        _listener.reset(token)
