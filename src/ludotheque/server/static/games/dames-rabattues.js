// Dames rabattues (Dictionnaire des jeux, 1792) on the trictrac board.
//
// Both players pile their checkers «dans la table du trictrac la plus près du jour», each on
// the six flèches of his side: here the light is at the left, the viewer's piles along the
// bottom (his points 1, nearest the light, to 6, by the bar), his opponent's along the top.
// A pile's checkers still to knock down are drawn as a stack, seen from the side; a checker
// knocked down (or the pile's bottom one) lies flat. Raised checkers go to the tray by the
// light. Every move is forced: the only decision is «throw», played by clicking the dice box
// in the right half of the board, which also shows the last throw, its 1792 name and what it
// did.

import { _ } from "../i18n.js";
import { html, pause, still } from "./dom.js";
import * as T from "./trictrac.js";

const PILES = [2, 2, 2, 3, 3, 3];
// The sentence that tells a throw (the view's `last`), and its parts: what each player did,
// as "down" (knocked down) and "up" (raised), the longer forms first, each in English and in
// the reader's language, as the game's narration says them.
const THROW_TOLD = ["{seat} throws {throw}: {parts}.", _("{seat} throws {throw}: {parts}.")];
const PARTS = [
  ["down", "up", ["{seat} knocks down {numbers}, then raises {raised} for himself",
    _("{seat} knocks down {numbers}, then raises {raised} for himself")]],
  ["down", null, ["{seat} knocks down {numbers} for himself",
    _("{seat} knocks down {numbers} for himself")]],
  ["up", null, ["{seat} raises {numbers} for himself", _("{seat} raises {numbers} for himself")]],
  ["down", "up", ["{seat} knocks down {numbers}, then raises {raised}",
    _("{seat} knocks down {numbers}, then raises {raised}")]],
  ["down", null, ["{seat} knocks down {numbers}", _("{seat} knocks down {numbers}")]],
  ["up", null, ["{seat} raises {numbers}", _("{seat} raises {numbers}")]],
];
const LAYER = 10;  // a stacked checker's thickness, seen from the side
const EDGE = 0.55; // a checker seen edge on: its height for its width
let keyboard = false;
// «Throw to the end»: every move of Dames rabattues is forced, so a seat may have its throws
// made for it until the game ends or it stops them, each played out on the board (the dice,
// then the checkers) and a BEAT after (PACE where nothing moves) before the next is thrown.
const BEAT = 300, PACE = 700;
let throwing = false, thrown = null, shown = null;

/** Draws the view (table.js's draw), what happened since the last one played on it. */
export const draw = T.director(paint, steps);

// --- what happened between two views -------------------------------------------------------

/** A side's checkers on each of its points: standing on a pile (to knock down), lying (the
 * pile's bottom one included), and those raised, in the tray. */
function piles(side) {
  const knock = side.phase === "knock";
  return { standing: side.left.map((n) => (knock ? n : 0)),
    lying: side.left.map((n, i) => (knock ? PILES[i] - n : n)),
    raised: knock ? 0 : 15 - side.left.reduce((a, b) => a + b, 0) };
}

/** Where a checker lies on point col: the j-th lying flat, beyond the pile if one stands. */
function flatAt(row, col, j, stacked) {
  const g = T.geometry, R = T.R;
  const start = stacked ? 2 * R + 12 : 0;
  const y = row === "bottom" ? g.playBottom - R - 2 - start - 2 * R * j : g.playTop + R + 2 + start + 2 * R * j;
  return { x: T.colX(col), y };
}

/** Where the j-th checker of a pile of standing + 1 is (0 the bottom one), seen from the side:
 * the middle of its face. */
function layerAt(row, col, j, standing) {
  const g = T.geometry, ry = T.R * EDGE;
  const bottom = row === "bottom" ? g.playBottom - 4 - ry - LAYER : g.playTop + 4 + ry + (standing + 1) * LAYER;
  return { x: T.colX(col), y: bottom - j * LAYER };
}

/** The j-th checker raised, in the tray by the light. */
function trayAt(row, j) {
  const g = T.geometry;
  const top = row === "top";
  return T.pileAt(T.trayAt("left", row).x, top ? g.playTop + T.R : g.playBottom - T.R, j, top ? 1 : -1);
}

/** The last throw, as the view tells it: the thrower, the dice, their name, what they did. */
function throwOf(view) {
  const said = T.told(view.last, ...THROW_TOLD);
  const dice = said && /^(\d)-(\d) \(([^)]+)\)$/.exec(said.throw);
  return said && dice && T.colourOf(said.seat)
    ? { thrower: T.colourOf(said.seat), high: Number(dice[1]), low: Number(dice[2]), name: dice[3],
        parts: said.parts }
    : null;
}

/** What happened between two views (trictrac.js's director): the dice thrown, then on each
 * point in turn, the thrower's first, the checkers knocked down (turned over from the pile to
 * lie flat) and those raised (turned over into the tray). */
function steps(before, after) {
  // seen from another side, a replay stepping back or leaping over throws: drawn as it is
  if (before.seat !== after.seat || after.throws < before.throws || after.throws > before.throws + 1) {
    return null;
  }
  const me = after.seat === "black" ? "black" : "white";
  const told = throwOf(after);
  const found = [];
  if (after.throws > before.throws && told) found.push({ roll: [told.high, told.low] });
  const first = told ? told.thrower : me;
  for (const colour of [first, first === "white" ? "black" : "white"]) {
    const row = colour === me ? "bottom" : "top";
    const was = piles(before.sides[colour]), now = piles(after.sides[colour]);
    let raised = was.raised;
    for (let col = 0; col < 6; col++) {
      const s = was.standing[col], l = was.lying[col], s2 = now.standing[col], l2 = now.lying[col];
      const knocked = s - s2, lifted = l + knocked - l2;
      if (knocked < 0 || lifted < 0) return null;
      if (!knocked && !lifted) continue;
      const flat = (j, stacked) => ({ slot: `${colour}:${col}:f${j}`, node: `${colour}:${col}:f${j}`,
        ...flatAt(row, col, j, stacked) });
      const layer = (j) => ({ slot: `${colour}:${col}:s${j}`, squash: EDGE, ...layerAt(row, col, j, s) });
      // the checkers lying on the point, from the rim, then those knocked down, in turn
      const lying = s > 0 ? [layer(0), ...Array.from({ length: l - 1 }, (_x, j) => flat(j, true))]
        : Array.from({ length: l }, (_x, j) => flat(j, false));
      for (let k = 0; k < knocked; k++) lying.push(layer(s - k));
      // the last laid down are the first raised
      const kept = lying.slice(0, lying.length - lifted);
      const down = [];
      kept.forEach((from, j) => {
        if (s2 > 0 && j === 0) return;  // the pile's bottom checker, under what still stands
        const to = s2 > 0 ? flat(j - 1, true) : flat(j, false);
        if (from.x !== to.x || from.y !== to.y || from.squash) down.push({ from, to, flip: Boolean(from.squash) });
      });
      const up = lying.slice(lying.length - lifted).reverse().map((from) => {
        const j = raised++;
        return { from, to: { slot: `${colour}:t${j}`, node: `${colour}:t${Math.min(j, 3)}`, ...trayAt(row, j) },
          flip: true };
      });
      if (down.length) found.push({ hops: down });
      if (up.length) found.push({ hops: up });
    }
  }
  return found.length > 14 ? null : found;
}

// --- the drawing -----------------------------------------------------------------------------

function paint(board, view, ctx) {
  T.ensureCss();
  shown = ctx;
  const me = view.seat === "black" ? "black" : "white";
  const them = me === "white" ? "black" : "white";
  const spectator = view.seat === null;
  const seatIndex = { white: 0, black: 1 };
  const nameOf = (colour) => T.cap((ctx.called || ctx.seats)[seatIndex[colour]] || _(colour));
  const myName = spectator ? nameOf(me) : _("you");
  const g = T.geometry;

  const height = T.BOARD_HEIGHT + 56;
  const svg = T.newSvg(board, height,
    spectator ? _("Dames rabattues board, seen from White's side")
      : _("Dames rabattues board, seen from {name}'s seat", { name: nameOf(me) }));
  const numbers = ["1", "2", "3", "4", "5", "6", "", "", "", "", "", ""];
  T.drawBoard(svg, {
    labels: { top: [numbers], bottom: [numbers], topNames: [nameOf(them)], bottomNames: [myName] },
    rim: [
      { row: "top", from: 0, to: 5, words: _("☀ light side · {name}'s piles", { name: nameOf(them) }) },
      { row: "bottom", from: 0, to: 5, words: spectator
        ? _("☀ light side · {name}'s piles", { name: nameOf(me) }) : _("☀ light side · your piles") },
    ],
  });

  // What the last throw did, to mark it: {colour: {point: "down" | "up"}}.
  const news = { white: {}, black: {} };
  const told = throwOf(view);
  if (told) {
    for (const part of told.parts.split(/\s*;\s*/)) {
      for (const [verb, then, templates] of PARTS) {
        const m = T.told(part, ...templates);
        const colour = m && T.colourOf(m.seat);
        if (!colour) continue;
        for (const n of m.numbers.match(/\d/g) || []) news[colour][n] = verb;
        if (then) for (const n of m.raised.match(/\d/g) || []) news[colour][n] = then;
        break;
      }
    }
  }

  // The piles; each checker drawn kept by its place, for what moves (steps' node names).
  const pieces = T.el("g", { class: "tt-pieces" }, svg);
  const nodes = new Map(), after = [];
  for (const [colour, row] of [[me, "bottom"], [them, "top"]]) {
    const whose = colour === view.seat ? null : nameOf(colour);
    const { standing, lying, raised } = piles(view.sides[colour]);
    for (let col = 0; col < 6; col++) {
      const drawn = drawPoint(pieces, row, col, colour, standing[col], lying[col], news[colour][col + 1], whose);
      drawn.flats.forEach((node, j) => nodes.set(`${colour}:${col}:f${j}`, node));
      after.push(...drawn.news);
    }
    // the raised checkers, in the tray by the light
    if (raised) {
      const x = T.trayAt("left", row).x;
      const y0 = row === "top" ? g.playTop + T.R : g.playBottom - T.R;
      T.pile(pieces, x, y0, raised, colour, { dir: row === "top" ? 1 : -1 })
        .forEach((node, j) => nodes.set(`${colour}:t${j}`, node));
    }
  }

  // The middle band at the left: the legend, or the winner.
  const band = T.el("g", { class: "tt-band" }, svg);
  const mid = (g.bandTop + g.bandBottom) / 2;
  if (view.winner) {
    T.el("rect", { x: g.leftTable, y: g.bandTop + 4, width: 6 * g.COL, height: g.BAND - 8, rx: 8,
      class: "tt-band-box" }, band);
    T.text(band, g.leftTable + 3 * g.COL, mid - 6,
      _("{name} has raised all fifteen", { name: nameOf(view.winner) }),
      { class: "tt-band-strong", "text-anchor": "middle" });
    T.text(band, g.leftTable + 3 * g.COL, mid + 20, _("and wins."), { class: "tt-band-strong", "text-anchor": "middle" });
  } else {
    const x = g.leftTable + 22;
    pileIcon(band, x, mid - 16, me);
    T.text(band, x + 30, mid - 12, _("in the pile: to knock down"), { class: "tt-legend" });
    T.checker(band, x, mid + 20, me, { r: 11 });
    T.text(band, x + 30, mid + 26, _("lying flat: to raise"), { class: "tt-legend" });
  }

  // The dice box, in the right half: the last throw, and the button to throw.
  const canThrow = ctx.legal.includes("throw");
  const dice = drawDiceBox(svg, view, ctx, nameOf, told, canThrow);

  // The strips.
  const kinds = ctx.kinds || [];
  for (const [colour, y] of [[them, 20], [me, g.stripBottom + 20]]) {
    const side = view.sides[colour];
    const left = side.left.reduce((a, b) => a + b, 0);
    const words = side.phase === "knock" ? _("knocking down: {count} of 9 down", { count: 9 - left })
      : _("raising: {count} of 15 lifted off", { count: 15 - left });
    const kind = kinds[seatIndex[colour]];
    const name = colour === view.seat ? _("{name} (you)", { name: nameOf(colour) })
      : kind && kind !== "human" ? _("{name} (computer)", { name: nameOf(colour) }) : nameOf(colour);
    const active = !view.winner && view.to_throw === colour && view.stage !== "lot";
    T.strip(svg, y, colour, name, words, { active });
  }

  // Under the board: what a die does now, and the marks of the last throw.
  const foot = T.BOARD_HEIGHT + 22;
  const mine = view.sides[me];
  const who = spectator ? nameOf(me) : _("You");
  const line = view.winner ? _("The game is over.")
    : mine.phase === "knock"
      ? _("{name}: a die n knocks down one checker of pile n.", { name: who })
      : _("{name}: a die n lifts one checker off point n.", { name: who });
  T.text(svg, 8, foot, line, { class: canThrow ? "tt-foot-hint" : "tt-foot" });
  const marked = Object.keys(news.white).length + Object.keys(news.black).length;
  if (marked) after.push(T.text(svg, 8, foot + 24, _("⬇ knocked down, ⬆ raised by the last throw"), { class: "tt-foot" }));
  const flying = T.el("g", { class: "tt-flying", "aria-hidden": "true" }, svg);

  // Throwing to the end: a toggle beside the board for the seat, while the game goes on.
  if (ctx.over || spectator) throwing = false;
  T.under(board, spectator || ctx.over ? null : html("button", {
    type: "button", "data-key": "auto", text: throwing ? _("Stop throwing") : _("Throw to the end"),
    onclick: () => {
      throwing = !throwing;
      if (throwing && ctx.legal.includes("throw")) throwNow(ctx, view);
      else T.again(board);
    },
  }));

  if (keyboard && canThrow && (!document.activeElement || document.activeElement === document.body)) {
    const button = svg.querySelector("[data-key='throw']");
    if (button) button.focus();
  }
  return { nodes, flying, after, ...dice,
    tempDice: (values) => dice.at.map(([x, y, size], i) => T.die(flying, x, y, size, values[i])),
    // the next throw, once this one has been seen played out
    whenStill: () => {
      if (!throwing || !canThrow) return;
      const wait = still() ? new Promise((done) => setTimeout(done, PACE)) : pause(board, BEAT);
      wait.then(() => { if (throwing && shown === ctx) throwNow(ctx, view); });
    } };
}

/** Throws for the seat, once for a view (a view drawn twice does not throw twice). */
function throwNow(ctx, view) {
  const key = `${view.position} ${view.throws}`;
  if (thrown === key) return;
  thrown = key;
  ctx.play("throw");
}

/** One point: the pile (stacked checkers still to knock down, on the bottom one), the lying
 * checkers in front of it, and the mark of what the last throw did there. Returns the flat
 * checkers drawn, from the rim, and the marks. */
function drawPoint(parent, row, col, colour, standing, lying, news, whose) {
  const g = T.geometry;
  const x = T.colX(col);
  const R = T.R;
  const group = T.el("g", { role: "img" }, parent);
  const label = [];
  if (standing > 0) {
    // the bottom checker and those stacked on it, as a stack seen from the side
    const layers = standing + 1;
    const ry = R * EDGE;
    const stackG = T.el("g", { class: `tt-checker tt-${colour} tt-standing` }, group);
    for (let j = 0; j < layers; j++) {
      const cy = layerAt(row, col, j, standing).y;
      T.el("path", { d: `M${x - R + 1},${cy} L${x - R + 1},${cy + LAYER} A${R - 1},${ry} 0 0 0 ${x + R - 1},${cy + LAYER} L${x + R - 1},${cy} Z`,
        class: "tt-pile-edge" }, stackG);
      T.el("ellipse", { cx: x, cy, rx: R - 1, ry, class: "tt-disc" }, stackG);
    }
    const topY = layerAt(row, col, standing, standing).y;
    if (colour === "white") {
      T.el("ellipse", { cx: x, cy: topY, rx: R * 0.5, ry: ry * 0.5, class: "tt-mark" }, stackG);
    } else {
      const d = R * 0.45, e = ry * 0.45;
      T.el("polygon", { points: `${x},${topY - e} ${x + d},${topY} ${x},${topY + e} ${x - d},${topY}`,
        class: "tt-mark" }, stackG);
    }
    label.push(standing > 1
      ? _("a pile: {count} checkers to knock down on the bottom one", { count: standing })
      : _("a pile: 1 checker to knock down on the bottom one"));
    lying -= 1;  // the bottom checker is drawn in the stack
  }
  // flat checkers start beyond the stack when there is one
  const flatSpot = (i) => flatAt(row, col, i, standing > 0);
  const flats = [];
  for (let i = 0; i < lying; i++) {
    const at = flatSpot(i);
    flats.push(T.checker(group, at.x, at.y, colour));
  }
  if (lying > 0) label.push(_("{count} lying flat", { count: lying }));
  if (!label.length) label.push(_("empty"));
  // the last throw's mark: a ring on the checker just laid down, a ghost where one was lifted
  const marks = [];
  if (news) {
    const at = news === "down" ? (lying > 0 ? flatSpot(lying - 1) : null) : flatSpot(Math.max(lying, 0));
    if (at) marks.push(T.el("circle", { cx: at.x, cy: at.y, r: R + 1, class: "tt-ghost" }, group));
    const tipY = row === "bottom" ? g.playBottom - g.ROW + 16 : g.playTop + g.ROW - 16;
    const mark = T.el("g", {}, group);
    T.el("rect", { x: x - 15, y: tipY - 14, width: 30, height: 28, rx: 6, class: "tt-news-box" }, mark);
    T.text(mark, x, tipY + 7, news === "down" ? "⬇" : "⬆", { class: "tt-news", "text-anchor": "middle", "font-size": 20 });
    marks.push(mark);
    label.push(news === "down" ? _("one just knocked down") : _("one just raised"));
  }
  const point = col + 1, what = label.join(", ");
  group.setAttribute("aria-label", whose === null ? _("Your point {point}: {what}", { point, what })
    : _("{name}'s point {point}: {what}", { name: whose, point, what }));
  return { flats, news: marks };
}

/** A small stack, for the legend. */
function pileIcon(parent, x, y, colour) {
  const g = T.el("g", { class: `tt-checker tt-${colour}` }, parent);
  for (let j = 0; j < 3; j++) {
    const cy = y + 8 - j * 5;
    T.el("rect", { x: x - 11, y: cy, width: 22, height: 5, class: "tt-pile-edge" }, g);
    T.el("ellipse", { cx: x, cy, rx: 11, ry: 6, class: "tt-disc" }, g);
  }
}

/** The right half of the board: the last throw's dice, name and what it did, and, on the
 * seat's turn, the button that throws. Returns the dice drawn, what is said of them, and
 * where dice are drawn (at: [x, y, size] each). */
function drawDiceBox(svg, view, ctx, nameOf, told, canThrow) {
  const g = T.geometry;
  const x = g.rightTable + 12, w = 6 * g.COL - 24;
  const y = g.playTop + 16, h = g.playBottom - g.playTop - 32;
  const box = T.el("g", { "data-key": canThrow ? "throw" : null }, svg);
  T.el("rect", { x, y, width: w, height: h, rx: 14, class: `tt-throw-box${canThrow ? " tt-can" : ""}` }, box);
  const cx = x + w / 2;
  let cy = y + 44;
  if (canThrow) {
    T.text(box, cx, cy, _("▶ Throw the dice"), { class: "tt-throw-call", "text-anchor": "middle" });
    T.text(box, cx, cy + 28, _("click here: the throw"), { class: "tt-throw-text", "text-anchor": "middle" });
    T.text(box, cx, cy + 50, _("then plays itself"), { class: "tt-throw-text", "text-anchor": "middle" });
  } else if (view.winner) {
    T.text(box, cx, cy, _("{name} wins", { name: nameOf(view.winner) }), { class: "tt-throw-title", "text-anchor": "middle" });
  } else if (view.stage === "lot" || !view.to_throw) {
    T.text(box, cx, cy, _("Drawing lots…"), { class: "tt-throw-title", "text-anchor": "middle" });
  } else {
    T.text(box, cx, cy, _("{name} to throw", { name: nameOf(view.to_throw) }), { class: "tt-throw-title", "text-anchor": "middle" });
  }
  cy += canThrow ? 84 : 62;
  const shown = { dice: [], diceText: [], at: [[cx - 42, cy + 50, 66], [cx + 42, cy + 50, 66]] };
  if (told) {
    const { high, low, thrower } = told;
    const say = (...args) => shown.diceText.push(T.text(box, ...args));
    say(cx, cy, _("Last throw, {name}'s:", { name: nameOf(thrower) }), { class: "tt-throw-text", "text-anchor": "middle" });
    shown.dice = shown.at.map(([dx, dy, size], i) => T.die(box, dx, dy, size, [high, low][i]));
    say(cx, cy + 118, `${high}-${low}: ${told.name}`, { class: "tt-throw-title", "text-anchor": "middle" });
    const lines = T.wrap(T.cap(told.parts) + ".", 26);
    if (high === low && !view.winner && view.to_throw === thrower) {
      lines.push(_("A doublet:"), _("{name} throws again.", { name: nameOf(thrower) }));
    }
    lines.slice(0, 6).forEach((line, i) =>
      say(cx, cy + 150 + i * 24, line, { class: "tt-throw-text", "text-anchor": "middle" }));
  } else if (view.stage !== "lot" && view.to_throw) {
    // Wrapped as the throw's sentence is, so that it stays inside the box.
    T.wrap(_("{seat} has the dice first, by lot.", { seat: nameOf(view.to_throw) }), 26).forEach((line, i) =>
      T.text(box, cx, cy + i * 24, line, { class: "tt-throw-text", "text-anchor": "middle" }));
  }
  T.text(box, cx, y + h - 14, _("throws so far: {count}", { count: view.throws }), { class: "tt-throw-text", "text-anchor": "middle" });
  if (canThrow) {
    T.clickable(box, _("Throw the dice"), (byKey) => { keyboard = byKey; ctx.play("throw"); });
  }
  return shown;
}
