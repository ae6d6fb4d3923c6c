// Jacquet (Moulidars, 1840) on the trictrac board: the seat's view drawn from its own side,
// and its moves played by clicking a checker, then where it goes.
//
// The viewer sits at the bottom (a spectator sees White's side), as in the terminal picture:
// his talon, his point 1, is the top right corner; both players travel leftwards along the
// top and rightwards along the bottom; his fourth table (19–24) is the bottom right quarter,
// where he bears off into the tray at the right. The opponent's talon is the bottom left
// corner (the viewer's 13), his fourth table the top left quarter, his tray at the left.
// Every point carries both numbers, the viewer's in bold, so a move written in the log (each
// player writes his own numbering) can be found on the picture.

import { _ } from "../i18n.js";
import * as T from "./trictrac.js";

const { colX } = T;
// The games a win counts for under the multiple scoring, by number: Moulidars' words.
const MULTIPLES = { 1: _("simple"), 2: _("double"), 3: _("triple"), 4: _("quadruple"),
  5: _("quintuple") };
// The sentences of a move in the view's `last` (in English or in the reader's language), read
// back for the arrow of the last move; what follows a ";" is cut off first.
const PLAYED = ["{seat} plays {moves}.", _("{seat} plays {moves}.")];
const OFF = 25, BAR = 0;

// What has been clicked, kept between draws of the same decision.
let sel = { key: null, origin: null, done: [], choice: null };
let drawn = null;          // the last draw's arguments, to draw again after a click
let focusKey = null;       // the element to focus after drawing (keyboard play)
let keyboard = false;      // whether the last move was made from the keyboard

/** Draws the view (table.js's draw), what happened since the last one played on it. */
export const draw = T.director(paint, steps);

function paint(board, view, ctx) {
  T.ensureCss();
  drawn = { board, view, ctx };
  const key = JSON.stringify([view.position, ctx.legal]);
  if (sel.key !== key) sel = { key, origin: null, done: [], choice: null };
  return render();
}

// --- moves as written -------------------------------------------------------------------

/** "1/7", "bar/3", "5/8*", "22/off", "20/off(6)" → a step; null if not a step. */
function parseStep(words) {
  const m = /^(bar|\d+)\/(off|\d+)(\*)?(?:\((\d)\))?$/.exec(words);
  if (!m) return null;
  return { from: m[1] === "bar" ? BAR : Number(m[1]), to: m[2] === "off" ? OFF : Number(m[2]),
    hit: Boolean(m[3]), die: m[4] ? Number(m[4]) : null, text: words };
}

/** A move as written: one step, or its steps separated by spaces (granularity=pair). */
function parseMove(words) {
  const steps = words.trim().split(/\s+/).map(parseStep);
  return steps.every(Boolean) ? steps : null;
}

/** The steps of `all` left once those of `taken` are removed (by their text), or null if
 * `taken` is not among them. */
function minus(all, taken) {
  const left = [...all];
  for (const step of taken) {
    const i = left.findIndex((s) => s.text === step.text);
    if (i < 0) return null;
    left.splice(i, 1);
  }
  return left;
}

// --- the board as the viewer sees it ---------------------------------------------------------

const rivalOf = (colour) => (colour === "white" ? "black" : "white");
/** A viewer's point (1–24) as his opponent numbers it (and back again). */
const theirs = (p) => ((p + 11) % 24) + 1;
/** Where the viewer's point p lies: top row right to left 1–12, bottom row left to right. */
const slot = (p) => (p <= 12 ? { row: "top", col: 12 - p } : { row: "bottom", col: p - 13 });

/** Each colour's checkers per place, in the viewer's (colour me) numbering: 1–24 the points,
 * BAR and OFF. */
function countsOf(view, me) {
  const index = (p) => (me === "white" ? p - 1 : (p + 11) % 24);
  const mine = Array(26).fill(0), others = Array(26).fill(0);
  for (let p = 1; p <= 24; p++) {
    const v = view.points[index(p)] * (me === "white" ? 1 : -1);
    if (v > 0) mine[p] = v; else others[p] = -v;
  }
  const them = rivalOf(me);
  [mine[BAR], mine[OFF], others[BAR], others[OFF]] = [view.sides[me].bar, view.sides[me].off,
    view.sides[them].bar, view.sides[them].off];
  return { [me]: mine, [them]: others };
}

/** The view's last move, if its last event was one: its mover and its steps (his numbering). */
function lastPlayed(view) {
  const played = T.told(`${(view.last || "").split(";")[0].trim().replace(/\.$/, "")}.`, ...PLAYED);
  const mover = played && T.colourOf(played.seat);
  const moved = mover && parseMove(played.moves);
  return moved ? { mover, steps: moved } : null;
}

/** Where the i-th checker of a colour stands on a place (the viewer's numbering): its stack
 * on a point, its pile on the bar (the viewer's above, where he enters) or in its tray. */
function spot(me, colour, place, i) {
  if (place !== BAR && place !== OFF) {
    const { row, col } = slot(place);
    return T.checkerAt(row, col, Math.min(i, 4));
  }
  const g = T.geometry;
  const row = (colour === me) === (place === BAR) ? "top" : "bottom";
  const x = place === BAR ? T.barAt(row).x : T.trayAt(colour === me ? "right" : "left", row).x;
  return T.pileAt(x, row === "top" ? g.playTop + T.R : g.playBottom - T.R, i, row === "top" ? 1 : -1);
}

/** The name of the checker drawn for the i-th on a place (a stack shows five, a pile four). */
function nodeName(colour, place, i) {
  return `${colour}:${place}:${Math.min(i, place === BAR || place === OFF ? 3 : 4)}`;
}

/** What happened between two views (trictrac.js's director): the dice thrown, the checkers
 * moved, step by step as the last move tells them, else as the counts differ. */
function steps(before, after) {
  if (before.seat !== after.seat) return null;  // seen from another side: drawn as it is
  const me = after.seat === "black" ? "black" : "white";
  const was = countsOf(before, me), now = countsOf(after, me);
  const at = (colour, place, i) => ({ slot: `${colour}:${place}:${i}`, ...spot(me, colour, place, i),
    node: nodeName(colour, place, i) });
  const thrown = T.parseThrow(after.throw);
  const rolled = thrown && (after.throw !== before.throw || after.to_move !== before.to_move
    || before.stage !== "move");
  const roll = rolled ? [{ roll: thrown[0] === thrown[1] ? Array(4).fill(thrown[0]) : thrown }] : [];
  const played = lastPlayed(after);
  const moves = (played && replay(played)) || guess();
  if (!moves) return null;
  // a move told last came after the dice; else the dice thrown came last
  return played && moves.told ? [...roll, ...moves] : [...moves, ...roll];

  function replay({ mover, steps: told }) {
    const rival = rivalOf(mover);
    const count = { [mover]: [...was[mover]], [rival]: [...was[rival]] };
    const mine = (p) => (mover === me || p === BAR || p === OFF ? p : theirs(p));
    const found = [];
    for (const step of told) {
      const from = mine(step.from), to = mine(step.to);
      if (!(count[mover][from] > 0)) return null;
      found.push({ hops: [{ from: at(mover, from, --count[mover][from]), to: at(mover, to, count[mover][to]++) }] });
      if (step.hit && to !== OFF) {
        if (!(count[rival][to] > 0)) return null;
        found.push({ hops: [{ from: at(rival, to, --count[rival][to]), to: at(rival, BAR, count[rival][BAR]++) }] });
      }
    }
    const same = [mover, rival].every((c) => count[c].every((n, p) => n === now[c][p]));
    return same ? Object.assign(found, { told: true }) : null;
  }

  function guess() {
    // Each colour's checkers gone from places and come to others, paired in the way they go.
    const found = [];
    for (const colour of [me, rivalOf(me)]) {
      const own = (p) => (colour === me || p === BAR || p === OFF ? p : theirs(p));
      const gone = [], come = [];
      for (let p = 0; p <= OFF; p++) {
        for (let n = was[colour][p]; n > now[colour][p]; n--) gone.push({ p, i: n - 1 });
        for (let n = was[colour][p]; n < now[colour][p]; n++) come.push({ p, i: n });
      }
      if (gone.length !== come.length) return null;
      const order = (a, b) => own(a.p) - own(b.p);
      gone.sort(order);
      come.sort(order);
      gone.forEach((g, k) => found.push({ hops: [{ from: at(colour, g.p, g.i), to: at(colour, come[k].p, come[k].i) }] }));
    }
    return found.length > 8 ? null : found;  // a jump (a replay's): drawn as it is
  }
}

function pointName(p) {
  return p === OFF ? _("off") : p === BAR ? _("the bar") : _("point {point}", { point: p });
}

// --- drawing ----------------------------------------------------------------------------

function render() {
  const { board, view, ctx } = drawn;
  const me = view.seat === "black" ? "black" : "white";
  const them = me === "white" ? "black" : "white";
  const spectator = view.seat === null;
  const seatIndex = { white: 0, black: 1 };
  const nameOf = (colour) => T.cap((ctx.called || ctx.seats)[seatIndex[colour]] || _(colour));
  const their = nameOf(them);

  // Checkers per viewer's point, with the steps already clicked in a pair move applied.
  const { [me]: mine, [them]: other } = countsOf(view, me);
  for (const step of sel.done) {
    mine[step.from] -= 1;
    mine[step.to] += 1;
    if (step.hit && step.to !== OFF) { other[step.to] -= 1; other[BAR] += 1; }
  }

  // What may be clicked.
  const moves = ctx.legal.map((m) => ({ text: m, steps: parseMove(m) })).filter((m) => m.steps);
  const candidates = moves.map((m) => ({ ...m, left: minus(m.steps, sel.done) }))
    .filter((m) => m.left && m.left.length);
  const origins = new Map();  // viewer's point (0 = bar) → steps that start there
  for (const m of candidates) {
    for (const step of m.left) {
      if (mine[step.from] > 0) {
        if (!origins.has(step.from)) origins.set(step.from, []);
        origins.get(step.from).push(step);
      }
    }
  }
  if (sel.origin !== null && !origins.has(sel.origin)) sel.origin = null;
  const targets = new Map();  // destination → [{steps, label}]
  if (sel.origin !== null) {
    for (const m of candidates) {
      for (const step of m.left) {
        if (step.from !== sel.origin) continue;
        addTarget(targets, step.to, [step]);
        // one checker taking two dice of a pair move: straight to the second stop
        for (const next of minus(m.left, [step]) || []) {
          if (next.from === step.to && step.to !== OFF) addTarget(targets, next.to, [step, next]);
        }
      }
    }
  }

  const height = T.BOARD_HEIGHT + 66;
  const svg = T.newSvg(board, height, spectator ? _("Jacquet board, seen from White's side")
    : _("Jacquet board, seen from {name}'s seat", { name: nameOf(me) }));
  const g = T.geometry;

  // Numbers: the viewer's in bold, the opponent's beneath.
  const topCols = [...Array(12).keys()].map((c) => 12 - c);      // viewer's points, left to right
  const bottomCols = [...Array(12).keys()].map((c) => 13 + c);
  const myLabel = spectator ? nameOf(me) : _("you");
  T.drawBoard(svg, {
    labels: {
      top: [topCols.map(String), topCols.map((p) => String(theirs(p)))],
      bottom: [bottomCols.map((p) => String(theirs(p))), bottomCols.map(String)],
      topNames: [myLabel, nameOf(them)], bottomNames: [nameOf(them), myLabel],
    },
    rim: [
      { row: "top", from: 6, to: 11, words: spectator
        ? _("◀ {name}'s 1st table · talon", { name: nameOf(me) }) : _("◀ your 1st table · talon") },
      { row: "top", from: 0, to: 5, words: spectator
        ? _("◀ {name}'s 2nd · {other}'s 4th table", { name: nameOf(me), other: their })
        : _("◀ your 2nd · {other}'s 4th table", { other: their }) },
      { row: "bottom", from: 0, to: 5, words: spectator
        ? _("{other}'s talon · {name}'s 3rd table ▶", { name: nameOf(me), other: their })
        : _("{other}'s talon · your 3rd table ▶", { other: their }) },
      { row: "bottom", from: 6, to: 11, words: spectator
        ? _("{name}'s 4th table · off ▶", { name: nameOf(me) }) : _("Your 4th table · off ▶") },
    ],
  });

  const pieces = T.el("g", { class: "tt-pieces" }, svg);
  const nodes = new Map();  // each checker drawn, by its place (nodeName), for what moves
  const keep = (colour, place, list) => list.forEach((node, i) => nodes.set(nodeName(colour, place, i), node));
  const courier = { [me]: null, [them]: null };
  for (const [colour, counts, own] of [[me, mine, (p) => p], [them, other, theirs]]) {
    if (view.sides[colour].courier_home) continue;
    // the courier: the checker furthest on that is not on the talon (the only one, under
    // the 1840 text, until it is home)
    let best = null;
    for (let p = 1; p <= 24; p++) {
      if (counts[p] > 0 && own(p) !== 1 && (best === null || own(p) > own(best))) best = p;
    }
    courier[colour] = best;
  }
  const cochonnets = { [me]: 0, [them]: 0 };
  const loser = view.winner ? (view.winner === "white" ? "black" : "white") : null;
  for (let p = 1; p <= 24; p++) {
    const { row, col } = slot(p);
    for (const [colour, counts, own] of [[me, mine, (q) => q], [them, other, theirs]]) {
      const n = counts[p];
      if (!n) continue;
      const group = T.el("g", { role: "img" }, pieces);
      const stack = T.stack(group, row, col, n, colour,
        { topClass: courier[colour] === p ? "tt-courier" : "" });
      keep(colour, p, stack);
      const words = [colour === "white"
        ? (n > 1 ? _("{count} white checkers", { count: n }) : _("1 white checker"))
        : (n > 1 ? _("{count} black checkers", { count: n }) : _("1 black checker"))];
      if (courier[colour] === p) {
        badge(stack[stack.length - 1], T.checkerAt(row, col, stack.length - 1), "C", "tt-badge-box", row);
        words.push(_("the courier (C)"));
      }
      if (loser === colour && own(p) < 19) {
        cochonnets[colour] += n;
        stack.forEach((node, i) => badge(node, T.checkerAt(row, col, i), "c", "tt-cochonnet-box", row));
        words.push(n > 1 ? _("cochonnets (c)") : _("cochonnet (c)"));
      }
      const names = { name: nameOf(me), point: p, other: their, theirs: theirs(p), what: words.join(", ") };
      group.setAttribute("aria-label", spectator
        ? _("{name}'s point {point} ({other}'s {theirs}): {what}", names)
        : _("your point {point} ({other}'s {theirs}): {what}", names));
    }
  }
  // The bar (the DLP reading's hit checkers): the viewer's in the top half, where they enter.
  for (const [colour, counts, row] of [[me, mine, "top"], [them, other, "bottom"]]) {
    if (counts[BAR] > 0) {
      const at = T.barAt(row);
      const y0 = row === "top" ? g.playTop + T.R : g.playBottom - T.R;
      keep(colour, BAR, T.pile(pieces, at.x, y0, counts[BAR], colour, { dir: row === "top" ? 1 : -1 }));
      if (loser === colour) cochonnets[colour] += counts[BAR];
    }
  }
  // The trays: the viewer bears off at the right, below; the opponent at the left, above.
  for (const [colour, counts, side, row] of [[me, mine, "right", "bottom"], [them, other, "left", "top"]]) {
    const n = counts[OFF];
    if (n > 0) {
      const y0 = row === "top" ? g.playTop + T.R : g.playBottom - T.R;
      keep(colour, OFF, T.pile(pieces, T.trayAt(side, row).x, y0, n, colour, { dir: row === "top" ? 1 : -1 }));
    }
  }

  // The last move, as an arrow (the mover writes his own numbering); it shows, as what the
  // seat is to do, once the moves before have been played on the board.
  const played = lastPlayed(view);
  const later = [];
  if (played && !sel.done.length && sel.origin === null) {
    const { mover } = played;
    const counts = mover === me ? mine : other;
    const toViewer = (p) => (mover === me ? p : theirs(p));
    for (const step of played.steps) {
      const from = where(step.from, false), to = where(step.to, true);
      if (from && to) later.push(T.moveArrow(svg, from, to));
    }
    function where(p, landed) {
      if (p === BAR) return T.barAt(mover === me ? "top" : "bottom");
      if (p === OFF) {
        return T.trayAt(mover === me ? "right" : "left", mover === me ? "bottom" : "top");
      }
      const q = toViewer(p);
      const { row, col } = slot(q);
      const n = counts[q];
      return T.checkerAt(row, col, Math.min(landed ? Math.max(n - 1, 0) : n, 4));
    }
  }

  // The middle band: the dice and the throw's name at the left; news at the right.
  const dice = drawBand(svg, view, ctx, nameOf, me, cochonnets, loser);

  // The seats' strips: the opponent above, the viewer below.
  const kinds = ctx.kinds || [];
  for (const [colour, y] of [[them, 20], [me, g.stripBottom + 20]]) {
    const side = view.sides[colour];
    const kind = kinds[seatIndex[colour]];
    const name = colour === view.seat ? _("{name} (you)", { name: nameOf(colour) })
      : kind && kind !== "human" ? _("{name} (computer)", { name: nameOf(colour) }) : nameOf(colour);
    const words = [_("{count} off", { count: side.off }), _("{count} pips", { count: side.pips })];
    if (side.bar) words.push(_("{count} on the bar", { count: side.bar }));
    if (loser === colour && cochonnets[colour]) {
      words.push(cochonnets[colour] > 1 ? _("{count} cochonnets (c)", { count: cochonnets[colour] })
        : _("1 cochonnet (c)"));
    } else {
      words.push(side.courier_home ? _("courier home") : courier[colour] !== null
        ? _("courier (C) not home yet") : _("courier not started"));
      // once the opponent is bearing off, checkers short of the fourth table are in danger
      const rival = view.sides[colour === "white" ? "black" : "white"];
      const short = 15 - side.off - side.in_fourth_table;
      if (!view.winner && short && rival.in_fourth_table + rival.off === 15) {
        words.push(_("{count} short of the 4th table", { count: short }));
      }
    }
    const active = !view.winner && view.to_move === colour && view.stage !== "lot";
    T.strip(svg, y, colour, name, words.join(" · "), { active });
  }

  // What to do, under the board.
  const foot = T.BOARD_HEIGHT + 24;
  let hint = "";
  if (ctx.legal.length) {
    if (!moves.length) hint = _("Play with the buttons under the board.");
    else if (sel.choice) hint = _("Two moves end there: choose one in the box on the board.");
    else if (sel.origin !== null) {
      hint = _("Now click where the checker from {place} goes (a ring), or click it again to let go.",
        { place: pointName(sel.origin) });
    } else if (sel.done.length) {
      hint = _("{moves} chosen: now the rest of the move.", { moves: sel.done.map((s) => s.text).join(" ") });
    } else hint = _("Your move: click a lit checker, then a lit place to move it to.");
  }
  if (hint) {
    // what the seat is to do shows once what came before it has been played on the board
    T.wrap(hint, 72).forEach((line, i) => later.push(T.text(svg, 8, foot + i * 22, line, { class: "tt-foot-hint" })));
  } else if (view.last) {
    T.wrap(_("Last: {last}", { last: view.last }), 72).slice(0, 2).forEach((line, i) =>
      T.text(svg, 8, foot + i * 22, line, { class: "tt-foot" }));
  }

  // What moves, above the rest; the clickable places, last, so that they lie above everything.
  const flying = T.el("g", { class: "tt-flying", "aria-hidden": "true" }, svg);
  const hits = T.el("g", { class: "tt-hits" }, svg);
  later.push(hits);
  const firstKeys = [];
  if (sel.choice) {
    drawChoice(svg, sel.choice, firstKeys);
  } else if (sel.origin === null) {
    for (const p of [...origins.keys()].sort((a, b) => a - b)) {
      firstKeys.push(`from-${p}`);
      const label = p === BAR
        ? _("Enter a checker from the bar ({count} there)", { count: mine[BAR] })
        : _("Move a checker from your point {point} ({count} there)", { point: p, count: mine[p] });
      placeButton(hits, p, label, `from-${p}`, "tt-legal", () => {
        sel.origin = p;
        const next = [...targetsFrom(p)].sort((a, b) => a - b);
        return next.length ? `to-${next[0]}` : null;
      });
    }
  } else {
    placeButton(hits, sel.origin, _("Let go of the checker on {place}", { place: pointName(sel.origin) }),
      `from-${sel.origin}`, "tt-picked", () => { const p = sel.origin; sel.origin = null; return `from-${p}`; });
    for (const [to, ways] of [...targets].sort((a, b) => a[0] - b[0])) {
      firstKeys.push(`to-${to}`);
      const texts = [...new Set(ways.map((w) => w.steps.map((s) => s.text).join(" ")))];
      const moves = texts.join(_(" or "));
      const label = to === OFF ? _("Bear off: {moves}", { moves })
        : _("Move to your point {point}: {moves}", { point: to, moves });
      targetButton(hits, to, label, `to-${to}`, ways);
    }
  }

  // Focus after a click made from the keyboard, or when the keyboard player's turn comes back.
  const wanted = focusKey && svg.querySelector(`[data-key="${focusKey}"]`);
  if (wanted) wanted.focus();
  else if (keyboard && ctx.legal.length && (!document.activeElement || document.activeElement === document.body)) {
    const first = firstKeys.length && svg.querySelector(`[data-key="${firstKeys[0]}"]`);
    if (first) first.focus();
  }
  focusKey = null;
  return { nodes, flying, after: later, ...dice,
    tempDice: (values) => dice.at(values).map(([x, y, size], i) => T.die(flying, x, y, size, values[i])) };

  // -- helpers that need this draw's values --

  function targetsFrom(p) {
    const found = new Set();
    for (const m of candidates) {
      for (const step of m.left) {
        if (step.from !== p) continue;
        found.add(step.to);
        for (const next of minus(m.left, [step]) || []) if (next.from === step.to && step.to !== OFF) found.add(next.to);
      }
    }
    return found;
  }

  function placeOf(p) {
    if (p === BAR) {
      const at = T.barAt("top");
      return { x: at.x - g.BAR / 2, y: g.playTop, w: g.BAR, h: g.ROW, ring: { x: at.x, y: g.playTop + T.R } };
    }
    if (p === OFF) {
      const at = T.trayAt("right", "bottom");
      return { x: at.x - g.TRAY / 2, y: g.playBottom - g.ROW, w: g.TRAY, h: g.ROW,
        ring: { x: at.x, y: g.playBottom - T.R - 36 * Math.min(mine[OFF], 4) } };
    }
    const { row, col } = slot(p);
    const x = colX(col) - g.COL / 2;
    const y = row === "top" ? g.playTop : g.playBottom - g.ROW;
    const n = mine[p];
    return { x, y, w: g.COL, h: g.ROW, ring: T.checkerAt(row, col, Math.min(n, 4)), top: n ? T.checkerAt(row, col, Math.min(n, 5) - 1) : null };
  }

  function placeButton(parent, p, label, key, cls, pick) {
    const place = placeOf(p);
    const b = T.el("g", { "data-key": key }, parent);
    T.el("rect", { x: place.x, y: place.y, width: place.w, height: place.h, class: "tt-area" }, b);
    T.el("rect", { x: place.x + 2, y: place.y + 2, width: place.w - 4, height: place.h - 4, rx: 8, class: "tt-legal-under" }, b);
    T.el("rect", { x: place.x + 2, y: place.y + 2, width: place.w - 4, height: place.h - 4, rx: 8, class: cls }, b);
    if (place.top) {
      T.el("circle", { cx: place.top.x, cy: place.top.y, r: T.R + 2, class: "tt-legal-under" }, b);
      T.el("circle", { cx: place.top.x, cy: place.top.y, r: T.R + 2, class: cls === "tt-picked" ? "tt-picked" : "tt-legal" }, b);
    }
    T.clickable(b, label, (byKey) => {
      keyboard = byKey;
      focusKey = byKey ? pick() : (pick(), null);
      render();
    });
  }

  function targetButton(parent, to, label, key, ways) {
    const place = placeOf(to);
    const b = T.el("g", { "data-key": key }, parent);
    T.el("rect", { x: place.x, y: place.y, width: place.w, height: place.h, class: "tt-area" }, b);
    T.el("rect", { x: place.x + 2, y: place.y + 2, width: place.w - 4, height: place.h - 4, rx: 8, class: "tt-legal" }, b);
    const ring = place.ring;
    if (to !== OFF && mine[to] >= 5) {
      // a tall stack: ring its outermost checker, whose count must stay readable
      T.el("circle", { cx: ring.x, cy: ring.y, r: T.R + 3, class: "tt-legal-under" }, b);
      T.el("circle", { cx: ring.x, cy: ring.y, r: T.R + 3, class: "tt-legal" }, b);
    } else {
      T.el("circle", { cx: ring.x, cy: ring.y, r: T.R - 1, class: "tt-target-ring" }, b);
      T.text(b, ring.x, ring.y + 6, to === OFF ? "off" : "+", { class: "tt-target-mark", "text-anchor": "middle",
        "font-size": to === OFF ? 15 : 22 });
    }
    T.clickable(b, label, (byKey) => {
      keyboard = byKey;
      const distinct = new Map();
      for (const w of ways) distinct.set(w.steps.map((s) => s.text).join(" "), w.steps);
      if (distinct.size > 1) {
        sel.choice = [...distinct.values()];
        focusKey = byKey ? "choice-0" : null;
        render();
      } else {
        take([...distinct.values()][0], byKey);
      }
    });
  }

  function take(steps, byKey) {
    const done = [...sel.done, ...steps];
    const exact = moves.find((m) => m.steps.length === done.length && minus(m.steps, done)?.length === 0);
    if (exact) {
      ctx.play(exact.text);
      return;
    }
    sel.done = done;
    sel.origin = null;
    sel.choice = null;
    focusKey = null;
    keyboard = byKey;
    render();
  }

  function drawChoice(parent, options, keys) {
    const box = T.el("g", { class: "tt-choice" }, parent);
    const w = 420, h = 70 + 54 * (options.length + 1);
    const x = (T.W - w) / 2, y = (g.bandTop + g.bandBottom) / 2 - h / 2;
    T.el("rect", { x, y, width: w, height: h, rx: 10, class: "tt-choice-box" }, box);
    T.text(box, x + w / 2, y + 36, _("Which die plays this move?"), { class: "tt-choice-title", "text-anchor": "middle" });
    options.forEach((steps, i) => {
      const words = steps.map((s) => s.text).join(" ");
      const dice = steps.map((s) => s.die || (s.to === OFF ? 25 - s.from : s.to - s.from));
      const label = dice.length > 1
        ? _("{moves}: with the {die} and the {other}", { moves: words, die: dice[0], other: dice[1] })
        : _("{moves}: with the {die}", { moves: words, die: dice[0] });
      keys.push(`choice-${i}`);
      choiceButton(box, x + 20, y + 56 + i * 54, w - 40, label, `choice-${i}`, false, (byKey) => take(steps, byKey));
    });
    choiceButton(box, x + 20, y + 56 + options.length * 54, w - 40, _("Cancel"), "choice-cancel", true, (byKey) => {
      sel.choice = null;
      sel.origin = null;
      focusKey = byKey ? "from-" + [...origins.keys()][0] : null;
      render();
    });
  }

  function choiceButton(parent, x, y, w, label, key, quiet, activate) {
    const b = T.el("g", { class: `tt-choice-button${quiet ? " tt-quiet" : ""}`, "data-key": key }, parent);
    T.el("rect", { x, y, width: w, height: 44, rx: 8 }, b);
    T.text(b, x + w / 2, y + 29, label, { "text-anchor": "middle" });
    T.clickable(b, label, (byKey) => { keyboard = byKey; activate(byKey); });
  }
}

function addTarget(targets, to, steps) {
  if (!targets.has(to)) targets.set(to, []);
  targets.get(to).push({ steps });
}

/** A small tag on a checker: C for the courier, c for a cochonnet. */
function badge(parent, at, letter, cls, row) {
  const x = at.x + T.R * 0.62, y = at.y + (row === "top" ? 1 : -1) * T.R * 0.62;
  T.el("circle", { cx: x, cy: y, r: 10, class: cls }, parent);
  T.text(parent, x, y + 4.5, letter, { class: "tt-badge", "text-anchor": "middle" });
}

/** The middle band: the throw (dice, dice used struck through, the throw's name) on the
 * left, and the end of the game across the board when it is over. Returns the dice drawn,
 * what is said of them, and where dice are drawn (at(values): [x, y, size] each). */
function drawBand(svg, view, ctx, nameOf, me, cochonnets, loser) {
  const g = T.geometry;
  const mid = (g.bandTop + g.bandBottom) / 2;
  const band = T.el("g", { class: "tt-band" }, svg);
  const size = 40, gap = 8, x0 = g.leftTable + 10;
  const at = (values) => values.map((_d, i) => [x0 + size / 2 + i * (size + gap), mid - 10, size]);
  const shown = { dice: [], diceText: [], at };
  if (view.winner) {
    const stake = (ctx.options || {}).scoring === "multiple" ? stakeOf(view, loser) : null;
    const winner = nameOf(view.winner), name = nameOf(loser);
    const lines = [stake ? _("{name} has borne off all fifteen and wins a {stake} game.",
      { name: winner, stake: MULTIPLES[stake] })
      : _("{name} has borne off all fifteen and wins.", { name: winner })];
    const count = cochonnets[loser] || 0;
    const games = stake > 1 ? _("{name} loses {count} games", { name, count: stake })
      : _("{name} loses 1 game", { name });
    if (stake && count) {
      lines.push(count > 1 ? _("{games} and has {count} cochonnets (c).", { games, count })
        : _("{games} and has 1 cochonnet (c).", { games }));
    } else if (stake) {
      lines.push(_("{games}.", { games }));
    } else if (count) {
      lines.push(count > 1 ? _("{name} has {count} cochonnets (c).", { name, count })
        : _("{name} has 1 cochonnet (c).", { name }));
    }
    const x0 = g.leftTable, w = g.rightTable + 6 * g.COL - x0;
    T.el("rect", { x: x0, y: g.bandTop + 4, width: w, height: g.BAND - 8, rx: 8, class: "tt-band-box" }, band);
    lines.forEach((line, i) => T.text(band, x0 + w / 2, mid + (lines.length === 1 ? 7 : i ? 22 : -8), line,
      { class: i ? "tt-band-text" : "tt-band-strong", "text-anchor": "middle" }));
    return shown;
  }
  const thrown = T.parseThrow(view.throw);
  if (thrown) {
    const [high, low] = thrown;
    const all = high === low ? [high, high, high, high] : [high, low];
    const left = [...view.dice_left];
    const used = all.map((d) => {
      const i = left.indexOf(d);
      if (i >= 0) { left.splice(i, 1); return false; }
      return true;
    });
    shown.dice = at(all).map(([x, y], i) => T.die(band, x, y, size, all[i], { used: used[i] }));
    const words = _("{name} threw {throw}: {called}", { name: nameOf(view.to_move),
      throw: `${high}-${low}`, called: T.throwName(high, low) });
    shown.diceText.push(T.text(band, g.leftTable + 6, g.bandBottom - 6, words, { class: "tt-band-text" }));
    const rest = view.dice_left.length ? _("to play: {dice}", { dice: view.dice_left.join(", ") }) : "";
    if (rest) {
      shown.diceText.push(T.text(band, x0 + all.length * (size + gap) + 4, mid - 4, rest, { class: "tt-band-strong" }));
    }
  } else if (view.stage === "dice" && view.to_move) {
    T.text(band, g.leftTable + 6, mid + 6, _("{name} to throw…", { name: nameOf(view.to_move) }), { class: "tt-band-strong" });
  } else if (view.stage === "lot") {
    T.text(band, g.leftTable + 6, mid + 6, _("Drawing lots…"), { class: "tt-band-strong" });
  }
  // the way round, in the right half of the band
  const x = g.rightTable + 6, y = mid;
  T.text(band, x, y - 8, _("◀ along the top,"), { class: "tt-legend" });
  T.text(band, x, y + 16, _("then along the bottom ▶"), { class: "tt-legend" });
  return shown;
}

/** How many games the loser loses under the multiple scoring, as the rules count them: 1 if
 * he has borne a checker off, else 6 less the table (1–4, in his own numbering) of his
 * rearmost checker, 5 with one on the bar. */
function stakeOf(view, loser) {
  const side = view.sides[loser];
  if (side.off) return 1;
  if (side.bar) return 5;
  const sign = loser === "white" ? 1 : -1;
  for (let p = 1; p <= 24; p++) {
    const at = loser === "white" ? p - 1 : (p + 11) % 24;
    if (view.points[at] * sign > 0) return 6 - Math.ceil(p / 6);
  }
  return 1;
}
