"""Tiddlywinks on a simulated table: Cabriole (Paris, c. 1900) and Horsman's Tiddledy Winks
(New York, c. 1890), two rule sets sharing one MuJoCo table and one judge of where counters lie.

Their computer players: the shot planner (``planner:LEVEL``, the games' own, so a bare ``hard``
seats it) and the simple aiming player (``aim:LEVEL``)."""

from ludotheque.agents import levels
from ludotheque.games.tiddlywinks import cabriole, horsman, planner, player

for _game in (cabriole.CabrioleGame.name, horsman.HorsmanGame.name):
    levels.register(_game, "planner", {lv: planner.at_level(lv) for lv in levels.LEVELS})
    levels.register(_game, "aim", {lv: player.at_level(lv) for lv in levels.LEVELS})
