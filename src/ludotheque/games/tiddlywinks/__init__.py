"""Tiddlywinks on a simulated table: Cabriole (Paris, c. 1900) and Horsman's Tiddledy Winks
(New York, c. 1890), two rule sets sharing one MuJoCo table and one judge of where counters lie."""

from ludotheque.games.tiddlywinks import cabriole, horsman, player  # noqa: F401
