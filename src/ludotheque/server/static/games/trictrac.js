// A trictrac board in SVG, shared by the screen modules of the tables games (Jacquet, Dames
// rabattues). It draws; the games' modules decide what stands where and what may be clicked.
//
// The board is seen from the viewing seat, who sits at the bottom: two rows of twelve flèches
// (points), each row split by the bar into two tables of six, so four tables in all; a tray
// at each end for checkers taken off the board. A point's place is a slot: its row ("top" or
// "bottom") and its column, 0 to 11 from the left (0–5 the left tables, 6–11 the right ones).
// Checkers are discs from the rim towards the middle; a stack taller than the flèche is drawn
// five high with its count written on its outermost checker. White checkers carry a ring,
// black ones a diamond, so that colour is never the only cue; every drawing names its seats.

import { _ } from "../i18n.js";

// What a sentence of the game says, read back (the pages' one reading, in i18n.js).
export { told } from "../i18n.js";
import { NS, animate, clickable as button, el, html, hurry, pause, settled, still, stylesheet, text,
  zoomable } from "./dom.js";
import { sound } from "../sound.js";

// Geometry, in viewBox units (the SVG scales to the board's width, phones included).
const FRAME = 10;        // the wooden rim at each end
const TRAY = 52;         // a tray for checkers off the board, at each end
const COL = 48;          // a flèche's width
const BAR = 40;          // the bar between the tables
const RIM = 26;          // the rim above and below the rows, where tables are named
export const R = 21;     // a checker's radius
const STACK = 5;         // checkers drawn on one flèche before the count is written
const ROW = 2 * R * STACK + 6; // a flèche's length
const BAND = 76;         // the middle of the board, between the rows (dice, messages)
const STRIP = 40;        // the seat's strip above and below the board
const NUMBERS = 46;      // the two rows of point numbers above and below the board

export const W = 2 * FRAME + 2 * TRAY + 12 * COL + BAR + 8; // 8: gaps beside the trays
const LEFT_TABLE = FRAME + TRAY + 4;
const BOARD_TOP = STRIP + NUMBERS;
const PLAY_TOP = BOARD_TOP + RIM;                 // top of the top row's flèches
const PLAY_BOTTOM = PLAY_TOP + 2 * ROW + BAND;   // bottom of the bottom row's flèches
const BOARD_BOTTOM = PLAY_BOTTOM + RIM;
export const BOARD_HEIGHT = BOARD_BOTTOM + NUMBERS + STRIP; // the footer line comes below

export const geometry = {
  W, R, COL, ROW, BAND, RIM, TRAY, BAR,
  boardTop: BOARD_TOP, boardBottom: BOARD_BOTTOM, playTop: PLAY_TOP, playBottom: PLAY_BOTTOM,
  bandTop: PLAY_TOP + ROW, bandBottom: PLAY_TOP + ROW + BAND,
  leftTable: LEFT_TABLE, rightTable: LEFT_TABLE + 6 * COL + BAR,
  barX: LEFT_TABLE + 6 * COL, stripTop: 0, stripBottom: BOARD_BOTTOM + NUMBERS,
};

/** The x of a column's middle. */
export function colX(col) {
  return LEFT_TABLE + col * COL + (col >= 6 ? BAR : 0) + COL / 2;
}

/** Where the i-th checker (0 at the rim) of a slot stands, for i < STACK. */
export function checkerAt(row, col, i) {
  const x = colX(col);
  const y = row === "top" ? PLAY_TOP + R + 2 + 2 * R * i : PLAY_BOTTOM - R - 2 - 2 * R * i;
  return { x, y };
}

/** The middle of a tray: side "left" or "right", row "top" or "bottom". */
export function trayAt(side, row) {
  const x = side === "left" ? FRAME + TRAY / 2 + 2 : W - FRAME - TRAY / 2 - 2;
  const y = row === "top" ? PLAY_TOP + ROW / 2 : PLAY_BOTTOM - ROW / 2;
  return { x, y };
}

/** The middle of the bar, in a row's half. */
export function barAt(row) {
  return { x: geometry.barX + BAR / 2, y: row === "top" ? PLAY_TOP + ROW / 2 : PLAY_BOTTOM - ROW / 2 };
}

// --- SVG helpers -----------------------------------------------------------------------

export { NS, el, text };

/** Makes an SVG element a button (dom.js), titled with its name for the mouse. */
export function clickable(node, label, activate) {
  node.classList.add("tt-hit");
  const title = el("title", {}, null);
  title.textContent = label;
  node.prepend(title);
  return button(node, label, activate);
}

/** Adds the game's style sheet to the page once. */
export function ensureCss() {
  stylesheet(new URL("./trictrac.css", import.meta.url).pathname);
}

// The board fits the window: as wide as its column allows and no taller than the room between
// its top and the foot of the window, where the sticky list of moves stays; so the points,
// the buttons and the moves all show without scrolling. Zoomed in, it scrolls inside its frame.
const ZOOM = 3;       // the most magnification: a phone's points (24 px wide) grow to 72
const FOOT = 60;      // pixels kept at the window's foot for the moves (a line of buttons)
const LEAST = 260;    // pixels: the board's least height, however low the window
let fitted = null;    // the board last fitted, fitted again when the window changes size
const watched = new WeakSet();  // the boards fitted again when the page around them changes

/** A fresh SVG of the board's size, described for screen readers, put into board: in a frame
 * that zooms (on a phone the points are a fingertip wide only magnified), kept across draws
 * with its zoom, above a row for the screen's own buttons (under()). */
export function newSvg(board, height, label) {
  const svg = el("svg", {
    viewBox: `0 0 ${W} ${height}`, class: "trictrac", role: "group", "aria-label": label,
  });
  const inner = board.querySelector(":scope > .tt-table .zoom-inner");
  if (inner) inner.replaceChildren(svg);
  else {
    board.replaceChildren(html("div", { class: "tt-table" }, zoomable("trictrac", svg, ZOOM),
      html("div", { class: "tt-under" })));
  }
  if (!watched.has(board)) {
    // fitted again whenever the page around it changes (its style sheet come, a line above
    // it wrapped, the list of moves grown)
    watched.add(board);
    new ResizeObserver(() => fit(board)).observe(board.parentElement || board);
  }
  return svg;
}

/** The screen's own buttons, under the board (beside it on a wide screen). */
export function under(board, ...nodes) {
  board.querySelector(":scope > .tt-table .tt-under").replaceChildren(...nodes);
}

function fit(board) {
  const table = board.querySelector(":scope > .tt-table");
  const frame = table && table.querySelector(".zoom-frame");
  const svg = frame && frame.querySelector("svg");
  if (!svg) return;
  fitted = board;
  const box = frame.getBoundingClientRect();
  const below = board.getBoundingClientRect().bottom - box.bottom;  // the buttons' row
  const moves = document.getElementById("moves");
  const foot = Math.max(moves ? moves.offsetHeight : 0, FOOT);
  const room = Math.max(innerHeight - (box.top + scrollY) - below - foot - 6, LEAST);
  const { width, height } = svg.viewBox.baseVal;
  table.style.setProperty("--tt-room", `${Math.floor(room)}px`);
  table.style.setProperty("--tt-wide", `${Math.floor((room * width) / height)}px`);
}
addEventListener("resize", () => { if (fitted && fitted.isConnected) fit(fitted); });

// --- the board -------------------------------------------------------------------------

/**
 * The frame, the four tables and their 24 flèches, the bar and the trays.
 * labels: { top: [[12 texts], [12 texts]], bottom: [[12], [12]], topNames, bottomNames } —
 *   the rows of point numbers above and below the board, outermost first for top (the first
 *   row is bold), innermost first for bottom (the last row is bold); a text may be "" (no
 *   number); the names say whose numbering each row is, written left of it.
 * rim: [{row, from, to, text}] — words written on the rim above (top) or below (bottom) the
 *   columns from..to.
 */
export function drawBoard(svg, { labels = {}, rim = [] } = {}) {
  const g = el("g", { class: "tt-board", "aria-hidden": "true" }, svg);
  el("rect", { x: 0, y: BOARD_TOP, width: W, height: BOARD_BOTTOM - BOARD_TOP, rx: 10,
    class: "tt-wood" }, g);
  // the trays
  for (const side of ["left", "right"]) {
    const x = side === "left" ? FRAME : W - FRAME - TRAY;
    el("rect", { x, y: PLAY_TOP, width: TRAY, height: PLAY_BOTTOM - PLAY_TOP, rx: 6,
      class: "tt-tray" }, g);
  }
  // the two halves of the playing field, the bar between
  for (const x0 of [geometry.leftTable, geometry.rightTable]) {
    el("rect", { x: x0, y: PLAY_TOP, width: 6 * COL, height: PLAY_BOTTOM - PLAY_TOP,
      class: "tt-felt" }, g);
  }
  el("rect", { x: geometry.barX, y: PLAY_TOP, width: BAR, height: PLAY_BOTTOM - PLAY_TOP,
    class: "tt-bar" }, g);
  // the flèches, alternating, the first of each table dark from the left
  for (let col = 0; col < 12; col++) {
    const x = colX(col) - COL / 2;
    for (const row of ["top", "bottom"]) {
      const base = row === "top" ? PLAY_TOP : PLAY_BOTTOM;
      const tip = row === "top" ? PLAY_TOP + ROW : PLAY_BOTTOM - ROW;
      const dark = (col + (row === "top" ? 0 : 1)) % 2 === 0;
      el("polygon", {
        points: `${x + 2},${base} ${x + COL - 2},${base} ${x + COL / 2},${tip}`,
        class: dark ? "tt-point-dark" : "tt-point-light",
      }, g);
    }
  }
  // the rim's words
  for (const { row, from, to, words } of rim) {
    const x = (colX(from) + colX(to)) / 2;
    const y = row === "top" ? BOARD_TOP + RIM / 2 + 5 : BOARD_BOTTOM - RIM / 2 + 5;
    text(g, x, y, words, { class: "tt-rim", "text-anchor": "middle" });
  }
  // the point numbers
  const rows = (labels.top || []);
  rows.forEach((numbers, i) => {
    const y = STRIP + 18 + i * 21;
    const name = (labels.topNames || [])[i];
    if (name) text(g, FRAME + TRAY / 2 + 2, y, name, { class: "tt-num-label", "text-anchor": "middle" });
    numbers.forEach((n, col) => {
      if (n !== "") text(g, colX(col), y, n, { class: i === 0 ? "tt-num" : "tt-num-other",
        "text-anchor": "middle" });
    });
  });
  const below = (labels.bottom || []);
  below.forEach((numbers, i) => {
    const y = BOARD_BOTTOM + 19 + i * 21;
    const name = (labels.bottomNames || [])[i];
    if (name) text(g, FRAME + TRAY / 2 + 2, y, name, { class: "tt-num-label", "text-anchor": "middle" });
    numbers.forEach((n, col) => {
      if (n !== "") text(g, colX(col), y, n, {
        class: i === below.length - 1 ? "tt-num" : "tt-num-other", "text-anchor": "middle" });
    });
  });
  return g;
}

/** The outline of a flèche (for lighting a legal point): a shape around its column. */
export function slotOutline(parent, row, col, cls) {
  const x = colX(col) - COL / 2 + 1;
  const y = row === "top" ? PLAY_TOP + 1 : PLAY_BOTTOM - ROW - 1;
  return el("rect", { x, y, width: COL - 2, height: ROW, rx: 6, class: cls }, parent);
}

/** The hit area of a flèche: its whole column half, transparent but clickable. */
export function slotArea(parent, row, col) {
  const x = colX(col) - COL / 2;
  const y = row === "top" ? PLAY_TOP : PLAY_BOTTOM - ROW;
  return el("rect", { x, y, width: COL, height: ROW, class: "tt-area" }, parent);
}

// --- checkers --------------------------------------------------------------------------

/** One checker of colour "white" or "black" at (x, y), with its mark or a number. */
export function checker(parent, x, y, colour, { r = R, label = null, cls = "" } = {}) {
  const g = el("g", { class: `tt-checker tt-${colour} ${cls}` }, parent);
  el("circle", { cx: x, cy: y, r: r - 1, class: "tt-disc" }, g);
  if (label !== null) {
    text(g, x, y + r * 0.36, String(label), { class: "tt-count", "text-anchor": "middle",
      "font-size": r * 1.05 });
  } else if (colour === "white") {
    el("circle", { cx: x, cy: y, r: r * 0.5, class: "tt-mark" }, g);
  } else {
    const d = r * 0.45;
    el("polygon", { points: `${x},${y - d} ${x + d},${y} ${x},${y + d} ${x - d},${y}`,
      class: "tt-mark" }, g);
  }
  return g;
}

/** A checker's small picture beside a seat's name, with its mark (never a number). */
export function seatMark(parent, x, y, colour, r = 11) {
  return checker(parent, x, y, colour, { r });
}

/**
 * Count checkers of one colour on a flèche, from the rim: the checkers drawn (at most STACK,
 * the outermost carrying the count of a taller stack), the i-th at checkerAt(row, col, i).
 */
export function stack(parent, row, col, count, colour, opts = {}) {
  const shown = Math.min(count, STACK);
  const nodes = [];
  for (let i = 0; i < shown; i++) {
    const { x, y } = checkerAt(row, col, i);
    const last = i === shown - 1;
    nodes.push(checker(parent, x, y, colour, { label: last && count >= STACK ? count : null,
      cls: last ? opts.topClass || "" : "" }));
  }
  return nodes;
}

const PILE = 4;  // checkers drawn in a pile (a tray's, the bar's) before the count is written

/** Where the i-th checker of a pile starting at (x, y) stands (the last drawn for i beyond). */
export function pileAt(x, y, i, dir = 1, r = R - 2) {
  return { x, y: y + dir * Math.min(i, PILE - 1) * (2 * r - 2) };
}

/** Checkers in a tray or on the bar, piled at (x, y) with their count, growing from the rim:
 * the checkers drawn, the i-th at pileAt(x, y, i, dir). */
export function pile(parent, x, y, count, colour, { r = R - 2, dir = 1 } = {}) {
  const shown = Math.min(count, PILE);
  const nodes = [];
  for (let i = 0; i < shown; i++) {
    const last = i === shown - 1;
    const at = pileAt(x, y, i, dir, r);
    nodes.push(checker(parent, at.x, at.y, colour, { r, label: last && count > 1 ? count : null }));
  }
  return nodes;
}

// --- dice --------------------------------------------------------------------------------

const PIPS = {
  1: [[0, 0]], 2: [[-1, -1], [1, 1]], 3: [[-1, -1], [0, 0], [1, 1]],
  4: [[-1, -1], [1, -1], [-1, 1], [1, 1]], 5: [[-1, -1], [1, -1], [0, 0], [-1, 1], [1, 1]],
  6: [[-1, -1], [1, -1], [-1, 0], [1, 0], [-1, 1], [1, 1]],
};

/** A die showing value, its centre at (x, y); a used die is pale and struck through. */
export function die(parent, x, y, size, value, { used = false } = {}) {
  const g = el("g", { class: `tt-die${used ? " tt-used" : ""}` }, parent);
  el("rect", { x: x - size / 2, y: y - size / 2, width: size, height: size, rx: size / 6,
    class: "tt-die-face" }, g);
  for (const [dx, dy] of PIPS[value] || []) {
    el("circle", { cx: x + dx * size * 0.27, cy: y + dy * size * 0.27, r: size * 0.09,
      class: "tt-pip" }, g);
  }
  if (used) {
    el("line", { x1: x - size / 2 + 3, y1: y + size / 2 - 3, x2: x + size / 2 - 3,
      y2: y - size / 2 + 3, class: "tt-strike" }, g);
  }
  return g;
}

/** The names of the doublets in the 1792 Dictionnaire des jeux (and in Moulidars, 1840). */
export const DOUBLETS = { 1: "beset", 2: "double deux", 3: "terne", 4: "carme", 5: "quine",
  6: "sonnez" };

/** A throw's name: the doublet's, or «coup simple» for two different numbers. */
export function throwName(high, low) {
  return high === low ? DOUBLETS[high] : "coup simple";
}

/** "6-5" → [6, 5]. */
export function parseThrow(words) {
  const m = /(\d)\s*-\s*(\d)/.exec(words || "");
  return m ? [Number(m[1]), Number(m[2])] : null;
}


/** The colour ("white" or "black") of a seat named in a sentence, in English or in the
 * reader's language; null for anything else. */
export function colourOf(name) {
  const said = String(name || "").toLowerCase();
  if (said === "white" || said === _("white").toLowerCase()) return "white";
  if (said === "black" || said === _("black").toLowerCase()) return "black";
  return null;
}

/** Capitalised. */
export function cap(words) {
  return words ? words[0].toUpperCase() + words.slice(1) : words;
}

/** Text wrapped into lines of at most width characters. */
export function wrap(words, width) {
  const lines = [];
  let line = "";
  for (const word of String(words).split(/\s+/)) {
    if (line && line.length + 1 + word.length > width) { lines.push(line); line = word; }
    else line = line ? `${line} ${word}` : word;
  }
  if (line) lines.push(line);
  return lines;
}

/** A seat's strip: its checker's mark, its name and what to say of it, above or below. */
export function strip(svg, y, colour, name, words, { active = false } = {}) {
  const g = el("g", { class: `tt-strip${active ? " tt-active" : ""}` }, svg);
  if (active) {
    el("rect", { x: 2, y: y - 16, width: W - 4, height: 32, rx: 16, class: "tt-turn" }, g);
  }
  seatMark(g, 22, y, colour);
  const t = text(g, 40, y + 7, "", { class: "tt-strip-text" });
  const strong = el("tspan", { class: "tt-strip-name" }, t);
  strong.textContent = name;
  const rest = el("tspan", {}, t);
  rest.textContent = words ? ` — ${words}` : "";
  return g;
}

/** Arrows along the middle band showing the way checkers travel: leftwards along the top
 * row, rightwards along the bottom (both players' way in Jacquet). */
export function wayArrows(parent, cols) {
  const g = el("g", { class: "tt-way", "aria-hidden": "true" }, parent);
  for (const col of cols) {
    const x = colX(col);
    const yTop = geometry.bandTop + 10, yBottom = geometry.bandBottom - 10;
    el("path", { d: `M${x + 7},${yTop - 5} L${x - 5},${yTop} L${x + 7},${yTop + 5}` }, g);
    el("path", { d: `M${x - 7},${yBottom - 5} L${x + 5},${yBottom} L${x - 7},${yBottom + 5}` }, g);
  }
  return g;
}

/** An arrow from one point to another, for the last move. */
export function moveArrow(parent, from, to) {
  const g = el("g", { class: "tt-last-move", "aria-hidden": "true" }, parent);
  const dx = to.x - from.x, dy = to.y - from.y;
  const len = Math.hypot(dx, dy) || 1;
  const ux = dx / len, uy = dy / len;
  const ex = to.x - ux * (R - 4), ey = to.y - uy * (R - 4);
  const sx = from.x + ux * (R - 6), sy = from.y + uy * (R - 6);
  el("line", { x1: sx, y1: sy, x2: ex, y2: ey }, g);
  const hx = ex - ux * 12, hy = ey - uy * 12;
  el("polygon", { points: `${ex},${ey} ${hx - uy * 7},${hy + ux * 7} ${hx + uy * 7},${hy - ux * 7}` }, g);
  return g;
}

// --- motion: what happened between two views, played on the board ---------------------
// The server sends only the latest view. A screen's draw is made by director(paint, steps):
// paint(board, view, ctx) draws a view as it stands and returns what may move on it; steps
// (before, after) tells what happened between two views as the screen reads them (the dice
// thrown, checkers moved), or null when too much to show. The views that came while the board
// was moving wait their turn: each is played in order, one step after the other, on the
// drawing of the latest (drawn at once, so that what the seat acts on is there at once); a
// checker moved twice slides on. A click (table.js's hurry) ends it all at once; reduced
// motion draws at once (dom.js's animate moves nothing).
//
// A step is { roll: [dice] } or { hops: [{ from, to, flip }] }: checkers moving together from
// one place to another, each place { slot, x, y, squash } (slot names the place a checker
// stands on across views, squash a checker seen edge on), the last { node } naming the
// checker drawn there in paint's nodes; flip turns the checker over on its way. What paint
// returns: { nodes: Map (node name → element), flying (a layer above the pieces), dice (the
// dice drawn), tempDice(values) (dice drawn for an earlier throw), diceText (what the latest
// throw says), after (what tells the last move, shown once it is done), whenStill() (called
// once the board is still) }.

const HOP = 420;      // ms: a checker sliding from one place to the next
const GAP = 160;      // ms: the pause between two steps of a turn
const ROLL = 650;     // ms: the dice tumbling
const SHOW = 220;     // ms: the last move's marks appearing
const MOST = 8;       // views waiting at most: beyond, the board is drawn as it stands
const boards = new WeakMap();  // board → what it shows: { views, shown, key, said, view, ctx, gen }

/** The screen's draw(board, view, ctx), made of its paint and steps (above). */
export function director(paint, steps) {
  return (board, view, ctx) => {
    let s = boards.get(board);
    if (!s) boards.set(board, (s = { views: [], shown: 0, key: null, said: null, gen: 0 }));
    const key = JSON.stringify(view);
    const said = JSON.stringify([ctx.seat, ctx.legal, ctx.yours, ctx.over, ctx.toAct, ctx.kinds,
      ctx.called, ctx.options]);
    // The page draws again on every message (a thinking computer's second): nothing new.
    if (key === s.key && said === s.said && board.querySelector(":scope > .tt-table svg")) return;
    Object.assign(s, { paint, view, ctx, said });
    // the views still to be played on the board (those shown are done with), and this one
    s.views = s.views.slice(s.shown);
    s.shown = 0;
    if (key !== s.key) s.views.push(view);
    s.key = key;
    if (s.views.length > MOST) s.views = [view];
    const gen = ++s.gen;
    hurry(board);  // what moved on the drawing replaced starts again on the new one
    const drawn = show(board, s);
    if (still() || !perform(board, s, gen, drawn, steps)) {
      s.views = [view];
      s.shown = 0;
    }
    whenStill(board, s, gen, drawn);
  };
}

/** Draws the board's view again as it stands (a click chose a checker, a toggle changed). */
export function again(board) {
  const s = boards.get(board);
  if (s) whenStill(board, s, s.gen, show(board, s));
}

function show(board, s) {
  // the keyboard's focus kept on the element of the same name, if the drawing lost it
  const active = document.activeElement;
  const key = active && board.contains(active) && active.dataset ? active.dataset.key : null;
  const drawn = s.paint(board, s.view, s.ctx) || {};
  fit(board);
  const lost = !document.activeElement || document.activeElement === document.body;
  const target = key && lost && board.querySelector(`[data-key="${CSS.escape(key)}"]`);
  if (target) target.focus({ preventScroll: true });
  return drawn;
}

function whenStill(board, s, gen, drawn) {
  if (drawn.whenStill) settled(board).then(() => { if (s.gen === gen) drawn.whenStill(); });
}

// Sounds at most one of a kind at a time: a hurried turn lands all its checkers at once.
const heard = {};
function hear(name) {
  const now = performance.now();
  if (now - (heard[name] || -Infinity) < 60) return;
  heard[name] = now;
  sound(name);
}

/** Plays the steps from the first view waiting to the latest on the drawing; false if there
 * is nothing to play. */
function perform(board, s, gen, drawn, steps) {
  const pairs = [];
  for (let i = 1; i < s.views.length; i++) {
    const found = steps(s.views[i - 1], s.views[i]);
    if (found === null) pairs.length = 0;  // too much at once: shown from there
    else pairs.push({ steps: found, at: i });
  }
  if (!pairs.some((pair) => pair.steps.length)) return false;
  const now = () => s.gen === gen;
  const at = (t, then) => pause(board, Math.max(t, 1)).then(() => { if (now()) then(); });
  let t = 0;
  const chains = [], ends = new Map();  // a checker's moves, by the slot where it stands
  const rolls = [];
  for (const pair of pairs) {
    for (const step of pair.steps) {
      if (step.roll) {
        rolls.push({ values: step.roll, t });
        t += ROLL + GAP;
        continue;
      }
      const moving = step.hops.map((hop) => {
        const chain = ends.get(hop.from.slot);
        if (chain) ends.delete(hop.from.slot);
        else chains.push({ legs: [] });
        return chain || chains[chains.length - 1];
      });
      step.hops.forEach((hop, i) => {
        moving[i].legs.push({ ...hop, t0: t, t1: t + HOP });
        ends.set(hop.to.slot, moving[i]);
      });
      t += HOP + GAP;
    }
    at(t - GAP, () => { s.shown = Math.max(s.shown, pair.at); });
  }
  const end = Math.max(t - GAP, 1);
  // the checkers, each above the others while it moves, sliding from where it stood
  const taken = new Set();
  for (const chain of chains) {
    const last = chain.legs[chain.legs.length - 1].to;
    let node = drawn.nodes && drawn.nodes.get(last.node);
    if (!node) continue;
    if (taken.has(node)) node = node.cloneNode(true);  // two arrive where one is drawn
    taken.add(node);
    drawn.flying.append(node);
    const start = chain.legs[0].t0, span = chain.legs[chain.legs.length - 1].t1 - start;
    const place = (p, scale = p.squash || 1) =>
      `translate(${p.x - last.x}px, ${p.y - last.y}px) scale(1, ${scale})`;
    const frames = [];
    for (const leg of chain.legs) {
      const o0 = (leg.t0 - start) / span, o1 = (leg.t1 - start) / span;
      frames.push({ offset: o0, transform: place(leg.from), easing: leg.flip ? "ease-in" : "ease-in-out" });
      if (leg.flip) {
        const half = { x: (leg.from.x + leg.to.x) / 2, y: (leg.from.y + leg.to.y) / 2 };
        frames.push({ offset: (o0 + o1) / 2, transform: place(half, 0.02), easing: "ease-out" });
      }
      frames.push({ offset: o1, transform: place(leg.to), easing: "linear" });
      at(leg.t1, () => hear("checker"));
    }
    animate(board, node, frames, { duration: span, delay: start });
  }
  // the dice: the latest throw's are the drawing's, an earlier one's are drawn for its time
  rolls.forEach((roll, i) => {
    const last = i === rolls.length - 1;
    const mine = last && drawn.dice && drawn.dice.length;
    const nodes = mine ? drawn.dice : drawn.tempDice ? drawn.tempDice(roll.values) : [];
    const until = last ? end : rolls[i + 1].t;
    nodes.forEach((node, k) => tumble(board, node, roll.t, mine ? null : until, k));
    at(roll.t, () => hear("dice"));
    if (mine) {
      for (const node of drawn.diceText || []) {
        animate(board, node, [{ opacity: 0 }, { opacity: 1 }], { duration: SHOW, delay: roll.t + ROLL });
      }
    }
  });
  for (const node of drawn.after || []) {
    animate(board, node, [{ opacity: 0 }, { opacity: 1 }], { duration: SHOW, delay: end });
  }
  return true;
}

/** A die thrown at t: it tumbles in and comes to rest; until, if given, it goes then (an
 * earlier throw's die, drawn for its time, is taken away when the next throw comes). */
function tumble(board, node, t, until, k) {
  const turn = k % 2 ? 1 : -1;
  const length = until === null ? ROLL : Math.max(until - t, ROLL);
  const f = ROLL / length;  // the tumble's share of the animation
  const frames = [
    { offset: 0, opacity: 0, easing: "ease-out",
      transform: `translate(${-70 - 18 * k}px, ${-40 + 26 * k}px) rotate(${turn * 400}deg) scale(.7)` },
    { offset: 0.08 * f, opacity: 1 },
    { offset: 0.55 * f, transform: `translate(-18px, ${10 - 7 * k}px) rotate(${turn * 120}deg) scale(1.06)` },
    { offset: 0.8 * f, transform: `translate(-4px, -3px) rotate(${-turn * 16}deg) scale(1)` },
    { offset: f, opacity: 1, transform: "translate(0px, 0px) rotate(0deg) scale(1)" },
  ];
  if (until !== null) frames.push({ offset: 1, opacity: 1 });
  const done = animate(board, node, frames, { duration: length, delay: t });
  if (until !== null) done.then(() => node.remove());
}
