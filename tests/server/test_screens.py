"""Every screen module draws every view without an error, and draws something to click when
its seat has a move to make.

For each rule set the browser seats (whatever has a module in ``static/games``), random games
are played here in Python at every number of players it allows, with short options, and the
views of every seat and of a spectator are collected at many moments of each (every moment of
a short game; a sample of a long one that keeps each round's end and the end). Then, in one
page of Debian's chromium served by the real server, each screen module is imported and its
``draw(board, view, ctx)`` called on each of them, as the table page calls it: ``ctx.legal``
the real legal moves on the seat's turn, and ``ctx.play`` recording what it is given. A
failure names the rule set, its options, the seat and the view, to draw it again by hand."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

from ludotheque.core.game import Game, State
from ludotheque.core.registry import load_game, manifest
from ludotheque.server.pages import has_screen, seated
from tests.server.helpers import LiveServer

#: Options that keep a rule set's games short.
SHORT: dict[str, dict[str, Any]] = {
    "crypto-geographique": {"points": 100},
    "crypto-geographique-chaine": {"rounds": 1},
    "crypto-90": {"goal": "rounds", "rounds": 1},
    "cabriole": {"limit": 10, "hands": "expert"},
    "tiddledy-winks": {"limit": 10, "hands": "expert"},
}
#: Options tried besides, at one number of players.
MORE: dict[str, list[dict[str, Any]]] = {
    "crypto-geographique": [{"players": 4, "teams": True}],
    "cabriole": [{"players": 4, "camps": True, "lake": "lost", "table": "square"}],
    "tiddledy-winks": [{"variation": "III", "players": 4, "partners": True},
                       {"variation": "I", "counters": 6}],
}
GAMES = 3       # games played of each rule set at least (each of its settings once at least)
ALL_UP_TO = 40   # a game of at most this many moments is drawn at every one
SAMPLED = 30     # of a longer one, this many moments at random, and its special ones
BATCH = 2_000_000  # characters of views sent to the page at a time


def settings(game_id: str) -> list[dict[str, Any]]:
    """The options of the games played: each number of players the rule set allows, then the
    other settings worth a look."""
    declared = manifest(game_id)
    short = SHORT.get(game_id, {})
    if any(option.name == "players" for option in declared.options):
        counts = range(declared.info.min_players, declared.info.max_players + 1)
        found = [short | {"players": count} for count in counts]
    else:
        found = [dict(short)]
    return found + [short | more for more in MORE.get(game_id, [])]


def moments(game: Game, seed: int) -> list[State]:
    """A random game (chance and decisions drawn from one generator seeded ``seed``): its
    state at each moment, from the first to the end."""
    rng = random.Random(seed)
    state = game.new_initial_state()
    states = [state.clone()]
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply_action(state.sample_chance(rng))
        else:
            state.apply_action(rng.choice(state.legal_actions()))
        states.append(state.clone())
        assert len(states) < 100_000, "the game did not end"
    return states


def special(states: list[State], views: list[dict[str, Any]]) -> set[int]:
    """The moments not to miss: the first and the last; each change of a part of the
    spectator's view that changes seldom (a round's end, the dealer, the scores, the game's
    end), with the moments just before and after; and the first moment each kind of decision
    comes up (its moves' words: "stock", "pile", "discard … and stop", "agree", "done"...)."""
    found = {0, len(views) - 1, len(views) - 2}
    changes: dict[str, list[int]] = {}
    for i in range(1, len(views)):
        for key, value in views[i].items():
            if value != views[i - 1].get(key):
                changes.setdefault(key, []).append(i)
    for moments_ in changes.values():
        if len(moments_) <= max(3, len(views) // 25):
            for i in moments_:
                found |= {i - 1, i, i + 1}
    kinds: set[frozenset[str]] = set()
    for i, state in enumerate(states):
        if state.is_terminal() or state.is_chance_node():
            continue
        words = [state.action_to_string(a).split() for a in state.legal_actions()]
        kind = frozenset(w for move in words for w in (move[0], move[-1])
                         if w.isalpha() and w.islower())
        if kind not in kinds:
            kinds.add(kind)
            found.add(i)
    return {i for i in found if 0 <= i < len(views)}


def collect(game_id: str) -> list[dict[str, Any]]:
    """What to draw: one item for each seat and spectator at each moment kept of each game,
    with what the failure message names."""
    items: list[dict[str, Any]] = []
    configurations = settings(game_id)
    for number in range(max(GAMES, len(configurations))):
        options = configurations[number % len(configurations)]
        game = load_game(game_id, **options)
        table_options = json.loads(json.dumps(dict(game.options)))
        seats = [game.seat_name(s) for s in range(game.num_players())]
        called = [game.seat_called(s) for s in range(game.num_players())]
        states = moments(game, seed=number)
        spectator = [state.observation(None) for state in states]
        kept = range(len(states))
        if len(states) > ALL_UP_TO:
            rng = random.Random(number)
            kept = sorted(special(states, spectator) | set(rng.sample(kept, SAMPLED)))
        first = len(items)
        for viewer in [*range(game.num_players()), None]:
            # the same board for one viewer throughout a game, as on a page
            board = f"{game_id}/{number}/{viewer}"
            kinds = ["human" if s == viewer else "easy" for s in range(game.num_players())]
            for at in kept:
                state = states[at]
                player = state.current_player()
                yours = viewer is not None and player == viewer and not state.is_terminal()
                legal = [state.action_to_string(a) for a in state.legal_actions()] if yours else []
                if game.continuous and len(legal) > 1:
                    legal = []  # as a table's frame: a shot is aimed, not picked from a list
                items.append({
                    "board": board,
                    # the table page's number of the last event shown, and whose turn it is
                    "n": at,
                    "turn": "over" if state.is_terminal() else "yours" if yours else "theirs",
                    "view": spectator[at] if viewer is None else state.observation(viewer),
                    "ctx": {
                        "seat": viewer, "seatName": None if viewer is None else seats[viewer],
                        "seats": seats, "called": called,
                        "toAct": seats[player] if player >= 0 else None,
                        "legal": legal, "yours": yours, "kinds": kinds, "options": table_options,
                    },
                    "what": {"options": table_options, "seed": number, "moment": at,
                             "of": len(states) - 1, "seat": viewer},
                    "state": state,  # to read a move aimed rather than picked from a list
                })
        # One drawing a game is pointed at, clicked and typed on, each kind of element: a
        # little past the middle, as a seat that has moves to make.
        middle = [item for item in items[first:] if item["what"]["moment"] >= kept[len(kept) // 2]]
        choose = next((item for item in middle if item["ctx"]["yours"]), middle[0])
        choose["poke"] = True
    return items


# Draws each item on its board, in a page laid out as the table page (its #table holds the
# number of the last event shown, data-n, and data-turn); returns, for the first item that
# fails, its index and what went wrong, and the moves played where a move is aimed, not
# picked from a list (checked against the game afterwards). An item whose seat has moves must
# show something to click: an element of role "button" (a card, a checker, a département, the
# dice box, a counter) or a <button> that is not a quiet one (a quiet button enlarges the map
# or cancels a choice: it plays nothing). A click on the first of them plays one of its legal
# moves or nothing (it selects a checker or a counter, opens a choice); draw() itself plays
# nothing. On an item marked "poke", an element of each kind drawn (but links) is pointed at,
# left, focused, clicked and given Enter, as a person's mouse and keyboard would, and may play
# only legal moves.
DRAW = """async ({ module, items, start }) => {
  const screen = await import(module);
  const PLAYABLE = "[role=button], button:not(.quiet)";
  const aimed = [];
  const failed = (i, text) => ({ index: start + i, error: text });
  const poke = (board) => {
    const mouse = (type, bubbles) => new MouseEvent(type, { bubbles, cancelable: true });
    // One element of each kind: its tag, classes, role and whether it takes the focus (the
    // ninety départements of a map are one kind, each drawing a whole map again when clicked).
    const kinds = new Map();
    for (const node of board.querySelectorAll("*")) {
      const kind = [node.tagName, node.getAttribute("class"), node.getAttribute("role"),
                    node.getAttribute("tabindex")].join("|");
      if (!node.closest("a") && !kinds.has(kind)) kinds.set(kind, node);
    }
    for (const node of kinds.values()) {
      node.dispatchEvent(mouse("mouseover", true));
      node.dispatchEvent(mouse("mouseenter", false));
      node.dispatchEvent(new FocusEvent("focus"));
      node.dispatchEvent(mouse("mouseout", true));
      node.dispatchEvent(mouse("mouseleave", false));
      node.dispatchEvent(new FocusEvent("blur"));
      node.dispatchEvent(mouse("click", true));
      node.dispatchEvent(new KeyboardEvent("keydown", { key: "Enter", bubbles: true,
                                                        cancelable: true }));
      if (window.errors.length) return node;
    }
    return null;
  };
  for (let i = 0; i < items.length; i++) {
    const { board: name, view, ctx: given } = items[i];
    // A new page for each viewer of each game (his items come one after the other).
    if (!window.board || window.board.dataset.name !== name) {
      document.body.innerHTML = '<div id="table" class="table-layout"><section class="play">'
        + '<div id="board" class="board"></div></section></div>';
      window.board = document.getElementById("board");
      window.board.dataset.name = name;
    }
    const board = window.board;
    const table = document.getElementById("table");
    table.dataset.n = String(items[i].n);
    table.dataset.turn = items[i].turn;
    const played = [];
    const ctx = { ...given, play: (move) => played.push(move) };
    window.errors = [];
    try {
      screen.draw(board, view, ctx);
    } catch (error) {
      return failed(i, `${error}\n${error.stack}`);
    }
    if (played.length) return failed(i, `draw() played ${JSON.stringify(played)} by itself`);
    if (ctx.yours) {
      const button = board.querySelector(PLAYABLE);
      if (!button) {
        return failed(i, `nothing to click is drawn for the legal moves `
          + JSON.stringify(ctx.legal) + (ctx.legal.length ? "" : " (aimed)"));
      }
      button.dispatchEvent(new MouseEvent("click", { bubbles: true, cancelable: true }));
      if (window.errors.length) return failed(i, `a click on a button: ${window.errors[0]}`);
    }
    if (items[i].poke) {
      const node = poke(board);
      if (node) {
        return failed(i, `pointing at, clicking or typing on ${node.outerHTML.slice(0, 300)}: `
          + window.errors[0]);
      }
    }
    if (window.errors.length) return failed(i, window.errors[0]);
    const wrong = played.filter((move) => !ctx.legal.includes(move));
    if (wrong.length && ctx.legal.length) {
      return failed(i, `a click played ${JSON.stringify(wrong)}, not among `
        + JSON.stringify(ctx.legal));
    }
    for (const move of wrong) aimed.push({ index: start + i, move });
  }
  return { aimed };
}"""


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    folder = tmp_path_factory.mktemp("screens")
    live = LiveServer(f"sqlite:///{folder / 'tables.sqlite'}", folder / "server.log",
                      "--messages-per-second", "1000")
    yield live
    live.kill()


@pytest.fixture(scope="module")
def page(chromium_browser, server):
    context = chromium_browser.new_context(viewport={"width": 1280, "height": 900})
    try:
        opened = context.new_page()
        opened.goto(server.url + "/rules/jacquet")
        # An error thrown outside draw() (in a listener, a promise) is kept for the check.
        opened.evaluate("""() => {
          window.errors = [];
          window.addEventListener("error", (e) => window.errors.push(
            `${e.message}\\n${e.error && e.error.stack}`));
          window.addEventListener("unhandledrejection", (e) => window.errors.push(
            `${e.reason}\\n${e.reason && e.reason.stack}`));
        }""")
        yield opened
    finally:
        context.close()


def test_the_rule_sets_with_a_screen_are_tried():
    tried = {m.id for m in seated()}
    assert tried >= {"dames-rabattues", "jacquet", "crypto-90", "crypto-geographique",
                     "crypto-geographique-chaine"}
    assert all(has_screen(game_id) for game_id in tried)


@pytest.mark.parametrize("game_id", [m.id for m in seated()])
def test_every_screen_draws_every_view(page, game_id):
    items = collect(game_id)
    start = 0
    while start < len(items):
        end, size = start, 0
        while end < len(items) and (size < BATCH or end == start):
            size += len(json.dumps(items[end]["view"]))
            end += 1
        sent = [{key: item[key] for key in ("board", "n", "turn", "view", "ctx", "poke")
                 if key in item} for item in items[start:end]]
        failure = page.evaluate(DRAW, {"module": f"/static/games/{game_id}.js", "items": sent,
                                       "start": start})
        for shot in failure.get("aimed", []):
            item = items[shot["index"]]
            try:
                item["state"].string_to_action(shot["move"])
            except ValueError as refused:
                failure = {"index": shot["index"], "error": f"a click played {shot['move']!r}, "
                           f"which the game refuses: {refused}"}
                break
        if "error" in failure:
            item = items[failure["index"]]
            what = item["what"]
            seat = "a spectator" if what["seat"] is None else f"seat {what['seat']}"
            pytest.fail(
                f"{game_id}'s screen, options {json.dumps(what['options'])}, random game seeded "
                f"{what['seed']} at moment {what['moment']} of {what['of']}, as {seat}:\n"
                f"{failure['error']}\nview: {json.dumps(item['view'], ensure_ascii=False)}\n"
                f"ctx: {json.dumps(item['ctx'], ensure_ascii=False)}",
                pytrace=False,
            )
        start = end
