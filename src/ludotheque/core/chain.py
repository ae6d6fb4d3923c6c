"""A chain: a sequence kept as nested pairs, its last item and the chain before it, so that a
copy shares it and adding an item makes one pair. A state's actions and a seat's memory of
them are kept so, as search copies states by the million and a copied list would cost the
game's length each time. Pickle and ``copy`` walk nested pairs recursively, so a chain
thousands deep is written flat (:func:`unchained`) and made again (:func:`chained`).

>>> chain = chained([1, 2, 3])
>>> chain
(3, (2, (1, None)))
>>> unchained(chained([4], chain)), unchained(chain, most=2)
([1, 2, 3, 4], [2, 3])
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

#: A chain: (last item, the chain before it), or None where it is empty.
Chain = tuple[Any, Any] | None


def chained(items: Iterable[Any], chain: Chain = None) -> Chain:
    """``chain`` with ``items`` added after it, in order."""
    for item in items:
        chain = (item, chain)
    return chain


def unchained(chain: Chain, most: int | None = None) -> list[Any]:
    """The chain's items, first first; its last ``most`` only, if given (walking no further
    back than them)."""
    items: list[Any] = []
    while chain is not None and (most is None or len(items) < most):
        item, chain = chain
        items.append(item)
    return items[::-1]
