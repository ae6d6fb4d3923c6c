"""Tiddlywinks on a simulated table: Cabriole (Paris, c. 1900) and Horsman's Tiddledy Winks
(New York, c. 1890), two rule sets sharing one MuJoCo table and one judge of where counters lie.

Their computer players: the shot planner (``planner:LEVEL``, the games' own, so a bare ``hard``
seats it) and the simple aiming player (``aim:LEVEL``)."""

from dataclasses import replace

from ludotheque.core.manifest import Manifest
from ludotheque.games.tiddlywinks.options import (
    CABRIOLE_INFO,
    CABRIOLE_OPTIONS,
    HORSMAN_INFO,
    HORSMAN_OPTIONS,
    QUESTIONS,
)

CABRIOLE = Manifest(
    "cabriole",
    CABRIOLE_INFO,
    rules="ludotheque.games.tiddlywinks.cabriole:CabrioleGame",
    options=CABRIOLE_OPTIONS,
    aliases=("puce", "jeu-de-la-puce"),
    view="ludotheque.games.tiddlywinks.view:TiddlywinksView",
    render="ludotheque.games.tiddlywinks.render:render",
    picture="ludotheque.games.tiddlywinks.picture:picture",
    explain="ludotheque.games.tiddlywinks.explain:answer",
    questions=QUESTIONS,
    terminal_questions=("picture", "image"),
    players={
        "planner": "ludotheque.games.tiddlywinks.players:PLANNER",
        "aim": "ludotheque.games.tiddlywinks.players:AIM",
    },
    computer="aim:medium",
    judge="ludotheque.games.tiddlywinks.planner:judge",
    hint="ludotheque.games.tiddlywinks.players:HINT",
    details="ludotheque.games.tiddlywinks.game:tally",
    result="ludotheque.games.tiddlywinks.game:ending",
    encoding="ludotheque.games.tiddlywinks.encoding:TiddlywinksEncoding",
    told="ludotheque.games.tiddlywinks.explain:cabriole",
)
# The same table, view, questions, players, account and encoding; Horsman's rules and options.
TIDDLEDY_WINKS = replace(
    CABRIOLE,
    id="tiddledy-winks",
    info=HORSMAN_INFO,
    rules="ludotheque.games.tiddlywinks.horsman:HorsmanGame",
    options=HORSMAN_OPTIONS,
    aliases=("tiddlywinks",),
    told="ludotheque.games.tiddlywinks.explain:horsman",
)
