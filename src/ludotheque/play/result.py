"""How a finished game ended, in the one sentence every front end shows.

>>> import random, ludotheque
>>> game = ludotheque.load_game("crypto-geographique", players=4, teams=True, points=100)
>>> state = game.new_initial_state()
>>> rng = random.Random(1)
>>> while not state.is_terminal():
...     if state.is_chance_node():
...         state.apply_action(state.sample_chance(rng))
...     else:
...         state.apply_action(rng.choice(state.legal_actions()))
>>> result_sentence(state)
'east and west win.'
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ludotheque.core.i18n import _

if TYPE_CHECKING:
    from ludotheque.core.game import State


def result_sentence(state: State) -> str:
    """The end of a finished game: the limit's sentence if the limit stopped it, the rule set's
    own account where it gives one, and otherwise who won — partners and camps together, since
    partners' equal returns are a win shared, not a draw."""
    game = state.game
    told = state.limit_sentence() or game.manifest.ending(state)
    if told is not None:
        return told
    returns = state.returns()
    best = max(returns)
    winners = [side for side in game.sides() if returns[side[0]] == best]
    names = [together([game.seat_called(p) for p in side]) for side in winners]
    if len(winners) == 1:
        if len(winners[0]) == 1:
            return _("{seat} wins.", seat=names[0])
        return _("{seats} win.", seats=names[0])
    # Sides of partners are told apart: "east and west, and north and south".
    between = _(", and ") if any(len(side) > 1 for side in winners) else ", "
    return _("Drawn between {sides}.", sides=between.join(names))


def together(names: list[str]) -> str:
    """Seats named together, in the reader's language: "east and west".

    >>> together(["north", "east", "south"])
    'north, east and south'
    """
    if len(names) == 1:
        return names[0]
    return _("{some} and {last}", some=", ".join(names[:-1]), last=names[-1])
