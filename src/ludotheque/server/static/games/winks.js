// Tiddlywinks at a table seen from above, shared by Cabriole and Tiddledy Winks: the table to
// scale (round, or Horsman's square card table), the cloth, the cup, the chalk circle (lake
// or ring), each seat's start line, every small counter in its owner's colour, and the large
// counter (the squidger) of the player to shoot. The seat viewing sits at the bottom.
//
// A shot is a gesture: press on one of your lit counters and drag back from it, as the
// squidger presses its far edge — the counter flies the other way, and the farther you drag,
// the harder the press — then let go. The steepness of the squidger is set beside the table.
// The gesture snaps to the notation's grid (a tenth of a degree, a hundredth of pressure, a
// whole degree) and plays the shot as written, so the record replays it exactly. The same can
// be done from the keyboard: a lit counter is a button, and the fields under the table aim it.
//
// Each new shot's flight (the view's "flight": the engine's frames of every counter it moved)
// is played back at real speed with requestAnimationFrame, the top view above and a side view
// of the shot below; then the judgement is written out. "Watch again" replays the last one,
// slowly if asked. A page may set the speed of every flight with ?speed=N (tests do).

import { clickable, el, html, keepFocus, stylesheet, text } from "./dom.js";
import { _ } from "../i18n.js";

const COLOURS = {
  red: "#c0392b", blue: "#1f5fa8", green: "#8fd14f", yellow: "#f2c230", purple: "#7b3fa0",
  orange: "#e67e22",
};
// The number on a counter, readable on its colour.
const INKS = { red: "#fff", blue: "#fff", green: "#1d1b16", yellow: "#1d1b16", purple: "#fff",
  orange: "#1d1b16" };
const MM = 1000;            // drawing units per metre: the SVG is drawn in millimetres
const MARGIN = 14;          // mm around the table
const SQUIDGER = 17.5;      // the large counter's radius, mm: Cabriole VI's «3½ centimètres»
const FULL_DRAG = 0.15;     // a drag this long (m) is a full press
const SIDE_HEIGHT = 260;    // the side view's height, in its own units (its width is 1000)
const SPEED = Number(new URLSearchParams(location.search).get("speed")) || 1;

// What the page remembers between draws.
let drawn = null;           // the last draw's arguments
let selected = null;        // the counter chosen to shoot, by name
let steep = 60;             // the squidger's steepness, degrees
let aim = null;             // {bearing, pressure} while aiming or set by the fields
let seenTurns = null;       // the shots seen so far: a view with more brings a new flight
let flying = null;          // the flight being played back: {view, flight, rate, start, before}
const queue = [];           // flights come faster than they are watched: played in turn
const waiting = [];         // what waits for the flights to end (the table's log)

export function draw(board, view, ctx) {
  stylesheet(new URL("./winks.css", import.meta.url).pathname);
  const fresh = !drawn || drawn.board !== board;
  const before = drawn && drawn.view;
  drawn = { board, view, ctx };
  if (!ctx.yours || !(view.playable || []).includes(selected)) {
    selected = null;
    aim = null;
    dragging = null;
  }
  if (fresh) {
    seenTurns = view.turns;
    flying = null;
    queue.length = 0;
    for (const resolve of waiting.splice(0)) resolve();
  } else if (view.turns !== seenTurns) {
    // A later shot is watched; stepping back in a replay, or a pass, is simply shown.
    if (view.flight && view.turns > seenTurns) watch(view, 1, before);
    seenTurns = view.turns;
  }
  if (!flying) render();
}

/** A promise of the end of the flights to be watched (none: at once). */
export function shown() {
  return flying ? new Promise((resolve) => waiting.push(resolve)) : null;
}

/** Plays a view's flight back at `rate` times real speed (after those waiting); `before`, the
 * view it followed, gives the seats' counts until it lands. */
function watch(view, rate, before = null) {
  queue.push({ view, rate, before });
  while (queue.length > 3) queue.shift(); // far behind: skip to the latest
  if (!flying) next();
}

function next() {
  const item = queue.shift();
  if (!item) {
    flying = null;
    if (drawn) {
      drawn.board.dataset.flying = "0";
      render();
    }
    for (const resolve of waiting.splice(0)) resolve();
    return;
  }
  flying = { view: item.view, flight: item.view.flight, rate: item.rate * SPEED, start: null,
    before: item.before };
  drawn.board.dataset.flying = "1";
  render();
  requestAnimationFrame(frame);
}

function skip() {
  queue.length = 0;
  flying = null;
  next();
}

function frame(now) {
  if (!flying || !drawn || !drawn.board.isConnected) {
    flying = null;
    for (const resolve of waiting.splice(0)) resolve();
    return;
  }
  if (flying.start === null) {
    flying.start = now;
    performance.mark("winks-first-frame");
  }
  const t = ((now - flying.start) / 1000) * flying.rate;
  const done = showFlight(t);
  if (done) next();
  else requestAnimationFrame(frame);
}

// --- geometry --------------------------------------------------------------------------

function seatsOf(view) {
  const seats = [];
  for (const c of view.counters) {
    const colour = c.counter.split(" ")[0];
    if (!seats.includes(colour)) seats.push(colour);
  }
  return seats;
}

/** The rotation (radians) that brings the viewing seat to the bottom. */
function turnFor(view, ctx) {
  const seats = seatsOf(view);
  const seat = ctx.seat === null || ctx.seat === undefined ? 0 : ctx.seat;
  return (-2 * Math.PI * seat) / seats.length;
}

function toScreen(x, y, r) {
  const c = Math.cos(r), s = Math.sin(r);
  return [(x * c - y * s) * MM, -(x * s + y * c) * MM];
}

function toTable(X, Y, r) {
  const xr = X / MM, yr = -Y / MM, c = Math.cos(r), s = Math.sin(r);
  return [xr * c + yr * s, -xr * s + yr * c];
}

function bearingOf(dx, dy) {
  return ((Math.atan2(dy, dx) * 180) / Math.PI + 360) % 360;
}

/** The bearing (degrees) from a point of the table to the cup's centre. */
function cupBearing(c) { return bearingOf(-c.x, -c.y); }

// --- words -----------------------------------------------------------------------------
// Sentences are in the reader's language; the notation (a counter's name "red 3", a shot) is
// the same in every language.

/** A seat's colour in the reader's words. */
function colourWord(name) {
  return { red: _("red"), blue: _("blue"), green: _("green"), yellow: _("yellow"),
    purple: _("purple"), orange: _("orange") }[name] || name;
}

/** A counter the view names ("red 3") as a sentence names it ("rouge 3" in French). */
function counterWords(name) {
  const [colour, number] = name.split(" ");
  return `${colourWord(colour)} ${number}`;
}

/** A number with `digits` decimals in the reader's decimal sign (the page's language). */
function decimal(value, digits) {
  const sign = new Intl.NumberFormat(document.documentElement.lang || "en")
    .formatToParts(1.5).find((part) => part.type === "decimal");
  return value.toFixed(digits).replace(".", sign ? sign.value : ".");
}

/** A shot as the notation writes it, on its grid. */
export function notation(counter, bearing, pressure, degrees) {
  const tenth = ((Math.round(bearing * 10) % 3600) + 3600) % 3600;
  const press = Math.min(1, Math.max(0.01, Math.round(pressure * 100) / 100));
  const up = Math.min(90, Math.max(0, Math.round(degrees)));
  return `${counter} aim ${(tenth / 10).toFixed(1)} pressure ${press.toFixed(2)} steep ${up}`;
}

// --- drawing ---------------------------------------------------------------------------

function render() {
  if (!drawn || dragging) return;  // a drag in progress keeps its table; drawn on release
  const { board, view, ctx } = drawn;
  const shown = flying ? flying.view : view;
  const top = topView(shown, view, ctx, turnFor(view, ctx), flying && flying.before);
  keepFocus(board, [html("div", { class: "winks" }, top, sideView(shown), panel(view, ctx))]);
  if (flying) showFlight(flying.start === null ? 0 : null);
}

function topView(view, live, ctx, r, before) {
  const t = view.table;
  const size = t.size * MM + MARGIN;
  const svg = el("svg", {
    viewBox: `${-size} ${-size} ${2 * size} ${2 * size}`, class: "winks-top", role: "group",
    "aria-label": _("{game} table from above, {seat}'s seat at the bottom", {
      game: view.game === "cabriole" ? "Cabriole" : "Tiddledy Winks",
      seat: colourWord(ctx.seatName || "red") }),
  });
  const table = el("g", { "aria-hidden": "true" }, svg);
  if (t.shape === "round") {
    el("circle", { r: t.size * MM + 6, class: "w-wood" }, table);
    el("circle", { r: t.size * MM, class: "w-cloth" }, table);
  } else {
    const s = t.size * MM;
    el("rect", { x: -s - 6, y: -s - 6, width: 2 * s + 12, height: 2 * s + 12, rx: 4,
      class: "w-wood", transform: `rotate(${(-r * 180) / Math.PI})` }, table);
    el("rect", { x: -s, y: -s, width: 2 * s, height: 2 * s,
      class: "w-cloth", transform: `rotate(${(-r * 180) / Math.PI})` }, table);
  }
  if (t.lake > 0) {
    el("circle", { r: t.lake * MM, class: "w-chalk" }, table);
    text(table, 0, -t.lake * MM - 4, view.game === "cabriole" ? _("lake") : _("ring"),
      { class: "w-chalk-word", "text-anchor": "middle" });
  }
  const seats = seatsOf(view);
  const perPlayer = view.counters.length / seats.length;
  seats.forEach((name, p) => {
    // The start line: an arc round the cup in front of the seat, as wide as his counters.
    const angle = -Math.PI / 2 + (2 * Math.PI * p) / seats.length;
    const half = (0.03 * (perPlayer / 2 + 0.3)) / t.start;
    const [x1, y1] = toScreen(t.start * Math.cos(angle - half), t.start * Math.sin(angle - half), r);
    const [x2, y2] = toScreen(t.start * Math.cos(angle + half), t.start * Math.sin(angle + half), r);
    el("path", { d: `M ${x1} ${y1} A ${t.start * MM} ${t.start * MM} 0 0 0 ${x2} ${y2}`,
      class: "w-start", stroke: COLOURS[name] }, table);
    // Its name inside the table, on the cup's side of the line: never cut by the page's edge.
    const [lx, ly] = toScreen((t.start - 0.04) * Math.cos(angle),
      (t.start - 0.04) * Math.sin(angle), r);
    const counted = before || view;  // the counts as they stood until the flight lands
    const potted = counted.counters.filter((c) => c.counter.startsWith(`${name} `)
      && c.place === "cup").length;
    const who = ctx.seat === p ? _("{seat} (you)", { seat: colourWord(name) }) : colourWord(name);
    const counts = _("{seat} · {potted}/{counters} in the cup",
      { seat: who, potted, counters: perPlayer });
    const label = counted.lost[p] ? _("{counts} · {lost} lost", { counts, lost: counted.lost[p] })
      : counts;
    // A side seat's name runs towards the cup, not over the table's edge.
    const anchor = lx > 120 ? "end" : lx < -120 ? "start" : "middle";
    text(svg, lx, ly + 5, label, { class: `w-seat${view.turn === name && !view.result
      ? " w-to-shoot" : ""}`, "text-anchor": anchor });
  });
  // The cup: its wall and its mouth.
  el("circle", { r: t.cup[1] * MM, class: "w-cup" }, table);
  el("circle", { r: t.cup[0] * MM, class: "w-cup-mouth" }, table);

  const yours = ctx.yours && !flying && live.playable;
  const playable = yours ? live.playable : [];
  const counters = [...view.counters].sort((a, b) => a.z - b.z);  // the higher on top
  const layer = el("g", { class: "w-counters" }, svg);
  for (const c of counters) drawCounter(layer, view, c, r, playable.includes(c.counter));
  el("g", { class: "w-aiming", "aria-hidden": "true" }, svg);
  if (!flying && !view.result && view.turn) drawSquidger(svg, view, r);
  return svg;
}

function counterRadius(view) { return view.table.counter * MM; }

/** Whether counter a lies over counter b: higher, and within a counter's width of it. */
function over(view, a, b) {
  return a !== b && a.place !== "cup" && b.place !== "cup" && a.z > b.z + 0.0008
    && Math.hypot(a.x - b.x, a.y - b.y) < 2 * view.table.counter;
}

/** The counters that lie over c, by name. */
function coveredBy(view, c) {
  return view.counters.filter((o) => over(view, o, c)).map((o) => o.counter);
}

/** Whether c lies on another counter. */
function covering(view, c) {
  return view.counters.some((o) => over(view, c, o));
}

/** Whether a counter rests on the cup's rim: over its wall, raised off the cloth. */
function onRim(view, c) {
  const d = Math.hypot(c.x, c.y), t = view.table;
  return c.place !== "cup" && c.z > 0.003 && d < t.cup[1] + t.counter && d > t.cup[0] - t.counter;
}

function placeWords(view, c) {
  const cabriole = view.game === "cabriole";
  const words = [counterWords(c.counter), {
    line: _("on its start line"), cloth: _("on the cloth"), cup: _("in the cup"),
    lake: _("in the ring, open to the next players"),
    dead: cabriole ? _("dead in the lake") : _("dead in the ring"),
  }[c.place]];
  if (onRim(view, c)) words.push(_("resting on the cup's rim"));
  if (c.place !== "cup") {
    words.push(_("{cm} cm from the cup", { cm: decimal(Math.hypot(c.x, c.y) * 100, 1) }));
  }
  const over = coveredBy(view, c).map(counterWords);
  if (over.length) {
    const counters = over.join(_(" and "));
    words.push(_("covered by {counters}", { counters }));
  }
  if (covering(view, c)) words.push(_("lying on another"));
  if (c.tilt > 20 && c.tilt < 160) {
    words.push(_("tilted {degrees}°", { degrees: Math.round(c.tilt) }));
  }
  return words.join(", ");
}

function drawCounter(layer, view, c, r, lit) {
  const [colour, number] = c.counter.split(" ");
  const [x, y] = toScreen(c.x, c.y, r);
  const rad = counterRadius(view);
  const covered = coveredBy(view, c).length > 0;
  const g = el("g", {
    class: `w-counter w-${c.place}${covered ? " w-covered" : ""}${onRim(view, c) ? " w-rim" : ""}`
      + `${covering(view, c) ? " w-covering" : ""}${lit ? " w-lit" : ""}`
      + `${selected === c.counter ? " w-selected" : ""}`,
    transform: `translate(${x} ${y})`, "data-counter": c.counter,
  }, layer);
  if (lit) el("circle", { r: rad * 1.8, class: "w-hit" }, g);
  const squash = c.tilt > 20 && c.tilt < 160 ? Math.max(0.3, Math.abs(Math.cos(c.tilt * Math.PI / 180))) : 1;
  el("ellipse", { rx: rad, ry: rad * squash, class: "w-disc", fill: COLOURS[colour] }, g);
  text(g, 0, 3, number, { class: "w-number", fill: INKS[colour], "text-anchor": "middle" });
  if (c.place === "dead") {
    el("path", { d: `M ${-rad} ${-rad} L ${rad} ${rad} M ${rad} ${-rad} L ${-rad} ${rad}`,
      class: "w-cross" }, g);
  }
  const words = placeWords(view, c);
  el("title", {}, g).textContent = lit
    ? _("{words} — yours to shoot: drag back from it", { words }) : words;
  if (lit) {
    clickable(g, _("{words}: shoot it", { words }), (byKey) => choose(c, byKey), c.counter);
    g.addEventListener("pointerdown", (event) => startAim(event, c));
  }
  return g;
}

/** The large counter of the player to shoot: behind the counter he aims, or by his seat;
 * and the aim's guide. */
function drawSquidger(svg, view, r) {
  const layer = svg.querySelector("g.w-aiming");
  layer.replaceChildren();
  const name = view.turn;
  const c = selected && view.counters.find((k) => k.counter === selected);
  const rad = counterRadius(view);
  let x, y;
  if (c && aim) {
    const b = (aim.bearing * Math.PI) / 180;
    const back = (rad + SQUIDGER - 3) / MM;
    [x, y] = toScreen(c.x - back * Math.cos(b), c.y - back * Math.sin(b), r);
  } else {
    const p = seatsOf(view).indexOf(name);
    const angle = -Math.PI / 2 + (2 * Math.PI * p) / seatsOf(view).length + 0.35;
    const d = view.table.start + 0.045;
    [x, y] = toScreen(d * Math.cos(angle), d * Math.sin(angle), r);
  }
  const g = el("g", { class: "w-squidger", transform: `translate(${x} ${y})` }, layer);
  el("circle", { r: SQUIDGER, fill: COLOURS[name] }, g);
  if (c && aim) {
    // the guide: the line the counter is aimed along (not how far it goes), and the press
    const b = (aim.bearing * Math.PI) / 180;
    const [cx, cy] = toScreen(c.x, c.y, r);
    const [gx, gy] = toScreen(c.x + 0.25 * Math.cos(b), c.y + 0.25 * Math.sin(b), r);
    el("line", { x1: cx, y1: cy, x2: gx, y2: gy, class: "w-guide" }, layer);
    text(g, SQUIDGER + 4, 4, _("pressure {pressure}", { pressure: decimal(aim.pressure, 2) }),
      { class: "w-press" });
  }
}

// --- the gesture -----------------------------------------------------------------------

let dragging = null;  // {counter, svg, moved}: a drag from a counter, until it is let go
// The drag is followed on the whole window: it may go beyond the table's edge.
window.addEventListener("pointermove", onAim);
window.addEventListener("pointerup", onRelease);
window.addEventListener("pointercancel", letGo);
// Escape lets a drag go without shooting.
window.addEventListener("keydown", (event) => { if (event.key === "Escape") letGo(); });

function letGo() {
  if (!dragging) return;
  dragging = null;
  aim = null;
  render();
}

function pointIn(svg, event) {
  const m = svg.getScreenCTM();
  if (!m) return null;
  const p = new DOMPoint(event.clientX, event.clientY).matrixTransform(m.inverse());
  return [p.x, p.y];
}

function startAim(event, c) {
  if (event.button !== undefined && event.button !== 0) return;
  event.preventDefault();
  if (selected !== c.counter) {
    selected = c.counter;
    aim = null;
    render();
  }
  dragging = { counter: c, svg: drawn.board.querySelector("svg.winks-top"), moved: false };
}

function onAim(event) {
  if (!dragging) return;
  const p = pointIn(dragging.svg, event);
  if (!p) return;
  const { view, ctx } = drawn;
  const [x, y] = toTable(p[0], p[1], turnFor(view, ctx));
  const c = dragging.counter;
  const dx = c.x - x, dy = c.y - y, length = Math.hypot(dx, dy);
  // A full press is 15 cm of table, and at least 100 pixels where the table is drawn small.
  const perMetre = Math.abs(dragging.svg.getScreenCTM()?.a || 1) * MM;
  const full = Math.max(FULL_DRAG, 100 / perMetre);
  if (length < Math.max(0.006, 8 / perMetre)) {
    if (dragging.moved) {  // back onto the counter: the shot is called off
      aim = null;
      redrawAim();
    }
    return;
  }
  dragging.moved = true;
  aim = { bearing: Math.round(bearingOf(dx, dy) * 10) / 10,
    pressure: Math.min(1, Math.max(0.01, Math.round((length / full) * 100) / 100)) };
  redrawAim();
  const written = drawn.board.querySelector(".w-notation code");
  if (written) written.textContent = notation(c.counter, aim.bearing, aim.pressure, steep);
}

/** The squidger and the guide drawn again where the aim now is. */
function redrawAim() {
  const { board, view, ctx } = drawn;
  drawSquidger(board.querySelector("svg.winks-top"), view, turnFor(view, ctx));
}

function onRelease() {
  if (!dragging) return;
  const { moved, counter } = dragging;
  dragging = null;
  if (moved && aim) shoot(counter.counter);
  else if (moved) render();  // dragged back onto the counter: no shot
  else choose(counter);
}

function choose(c, keyboard = false) {
  if (selected !== c.counter || !aim) aim = { bearing: Math.round(cupBearing(c) * 10) / 10,
    pressure: aim ? aim.pressure : 0.5 };
  selected = c.counter;
  render();
  if (keyboard) drawn.board.querySelector("input[name=bearing]")?.focus();
}

function shoot(counter) {
  send(notation(counter, aim.bearing, aim.pressure, steep));
}

function send(move) {
  performance.mark("winks-shot");  // from here to the flight's first frame (benchmarks/)
  selected = null;
  aim = null;
  drawn.ctx.play(move);
}

// --- the panel under the table ---------------------------------------------------------

function panel(view, ctx) {
  const box = html("div", { class: "w-panel" });
  const last = (flying ? [] : view.last) || [];
  if (view.result) {
    box.append(html("h3", {}, _("The pool's account")),
      html("ul", { class: "w-account" }, ...view.result.map((line) => html("li", {}, line))));
  }
  if (last.length) {
    box.append(html("div", { class: "w-last", "aria-live": "polite" },
      html("strong", {}, _("The last shot: ")), ...last.map((line, i) => html("span", {},
        (i ? " " : "") + line[0].toUpperCase() + line.slice(1) + "."))));
  }
  if (view.flight && !flying) {
    const again = (key, rate, words) => html("button", { type: "button", class: "quiet",
      "data-key": key, onclick: () => watch(view, rate) }, words);
    box.append(html("p", { class: "w-replay" }, again("again", 1, _("Watch it again")), " ",
      again("slowly", 0.25, _("In slow motion"))));
  }
  if (flying) {
    box.append(html("p", { class: "w-flying" },
      _("{counter} in flight… ", { counter: counterWords(flying.flight.counter) }),
      html("button", { type: "button", "data-key": "skip", onclick: skip },
        _("Skip to where it lands"))));
  }
  if (!ctx.yours || flying || view.result) return box;
  if ((ctx.legal || []).includes("pass")) {
    box.append(html("p", {}, _("None of your counters may be played: "),
      html("button", { type: "button", "data-key": "pass", onclick: () => ctx.play("pass") },
        _("Pass"))));
    return box;
  }
  box.append(html("p", { class: "w-how" }, selected
    ? _("{counter} chosen. Drag back from it (the farther, the harder) and let go, or set the "
      + "aim below and shoot.", { counter: counterWords(selected) })
    : _("Your shot: press on one of your lit counters and drag back from it — the counter flies "
      + "the other way, harder the farther you drag — then let go.")));
  const written = html("code", {});
  const write = () => {
    written.textContent = aim ? notation(selected, aim.bearing, aim.pressure, steep) : "";
  };
  const steepness = html("input", { type: "range", min: 0, max: 90, step: 1, value: steep,
    name: "steep", "data-key": "steep", "aria-label": _("the squidger's steepness, degrees"),
    oninput: (event) => {
      steep = Number(event.target.value);
      shownSteep.textContent = `${steep}°`;
      write();
    } });
  const shownSteep = html("output", {}, `${steep}°`);
  box.append(html("label", { class: "w-steep" },
    _("The squidger's steepness (0 flat, 90 upright): "),
    steepness, " ", shownSteep));
  if (selected) {
    const c = view.counters.find((k) => k.counter === selected);
    aim = aim || { bearing: Math.round(cupBearing(c) * 10) / 10, pressure: 0.5 };
    // A field of the aim: a number the notation may refuse is sent as typed, and the
    // server's sentence says why.
    const field = (name, min, max, step, digits, redraw) => html("input", {
      type: "number", name, min, max, step, value: aim[name].toFixed(digits), required: true,
      "data-key": name,
      onchange: (event) => {
        const value = Number(event.target.value);
        if (event.target.value !== "" && Number.isFinite(value)) aim = { ...aim, [name]: value };
        write();
        if (redraw) redrawAim();
      } });
    const bearing = field("bearing", 0, 359.9, 0.1, 1, false);
    const pressure = field("pressure", 0.01, 1, 0.01, 2, true);
    // Enter in a field, or the button, shoots what the fields say, as written.
    const form = html("form", { class: "w-aim", onsubmit: (event) => {
      event.preventDefault();
      send(`${selected} aim ${bearing.value.trim() || "?"} pressure `
        + `${pressure.value.trim() || "?"} steep ${steep}`);
    } },
    html("label", {}, _("Aim (degrees, 0 to the right of red's seat, counter-clockwise) "),
      bearing),
    " ", html("button", { type: "button", class: "quiet", "data-key": "at the cup", onclick: () => {
      aim = { ...aim, bearing: Math.round(cupBearing(c) * 10) / 10 };
      bearing.value = aim.bearing.toFixed(1);
      write();
      redrawAim();
    } }, _("at the cup")),
    " ", html("label", {}, _("Pressure (0.01 to 1) "), pressure),
    " ", html("button", { type: "submit", "data-key": "shoot" },
      _("Shoot {counter}", { counter: counterWords(selected) })));
    form.noValidate = true;
    box.append(form);
    write();
    box.append(html("p", { class: "w-notation" }, _("As written: "), written));
  }
  return box;
}

// --- the side view and the flight ------------------------------------------------------

/** The side view of the last shot: along its line, the ground, the cup, the lake and the
 * counter shot rising and falling. */
function sideView(view) {
  const svg = el("svg", { viewBox: `0 0 1000 ${SIDE_HEIGHT}`, class: "winks-side", role: "img",
    "aria-label": _("the last shot seen from the side") });
  const flight = view.flight;
  if (!flight || !flight.paths[flight.counter]) {
    text(svg, 500, SIDE_HEIGHT / 2, _("The side view of each shot appears here."),
      { class: "w-side-note", "text-anchor": "middle" });
    return svg;
  }
  const path = flight.paths[flight.counter];
  const b = (flight.played[0] * Math.PI) / 180, ux = Math.cos(b), uy = Math.sin(b);
  const x0 = path[0] / 1e4, y0 = path[1] / 1e4;
  const along = (x, y) => (x - x0) * ux + (y - y0) * uy;
  let far = 0.05, high = view.table.cup[2] + 0.02;
  for (let i = 0; i < path.length; i += 4) {
    far = Math.max(far, along(path[i] / 1e4, path[i + 1] / 1e4));
    high = Math.max(high, path[i + 2] / 1e4 + 0.01);
  }
  const cupAt = along(0, 0), off = Math.abs(-x0 * uy + y0 * ux); // the cup's distance from the line
  far = Math.max(far, cupAt + view.table.cup[1]) + 0.03;
  const near = -0.03;
  const scale = Math.min(1000 / (far - near), (SIDE_HEIGHT - 24) / high);
  const ground = SIDE_HEIGHT - 14;
  const X = (s) => (s - near) * scale, Z = (z) => ground - z * scale;
  const side = { svg, along, X, Z, scale };
  el("rect", { x: 0, y: ground, width: 1000, height: SIDE_HEIGHT - ground, class: "w-ground" }, svg);
  const chord = (radius) => (off < radius ? Math.sqrt(radius * radius - off * off) : null);
  const lake = view.table.lake ? chord(view.table.lake) : null;
  if (lake) {
    for (const s of [cupAt - lake, cupAt + lake]) {
      el("line", { x1: X(s), x2: X(s), y1: ground, y2: ground + 6, class: "w-chalk-side" }, svg);
    }
  }
  const wall = chord(view.table.cup[1]);
  if (wall) {
    const inner = chord(view.table.cup[0]) || 0;
    const h = view.table.cup[2] * scale;
    for (const [a, bb] of [[cupAt - wall, cupAt - inner], [cupAt + inner, cupAt + wall]]) {
      el("rect", { x: X(a), y: ground - h, width: Math.max(1, (bb - a) * scale), height: h,
        class: "w-cup-side" }, svg);
    }
    text(svg, X(cupAt), ground - h - 4, "cup", { class: "w-side-note", "text-anchor": "middle" });
  } else {
    text(svg, 996, 14, _("the cup is off this line"),
      { class: "w-side-note", "text-anchor": "end" });
  }
  const points = [];
  for (let i = 0; i < path.length; i += 4) {
    points.push(`${X(along(path[i] / 1e4, path[i + 1] / 1e4)).toFixed(1)},`
      + `${Z(path[i + 2] / 1e4).toFixed(1)}`);
  }
  side.trace = el("polyline", { points: flying ? "" : points.join(" "), class: "w-trace" }, svg);
  side.all = points;
  side.counter = el("ellipse", { rx: view.table.counter * scale, ry: Math.max(1.5, 0.001 * scale),
    fill: COLOURS[flight.counter.split(" ")[0]], class: "w-side-counter" }, svg);
  const last = path.length - 4;
  placeSide(side, path[last] / 1e4, path[last + 1] / 1e4, path[last + 2] / 1e4, path[last + 3]);
  svg.side = side;
  return svg;
}

function placeSide(side, x, y, z, tilt) {
  side.counter.setAttribute("transform",
    `translate(${side.X(side.along(x, y)).toFixed(1)} ${side.Z(z).toFixed(1)}) rotate(${-tilt})`);
}

/** Moves the counters of the flight to where they are `t` seconds into it (null: where they
 * are now); true once it is over. */
function showFlight(t) {
  const { board } = drawn;
  const top = board.querySelector("svg.winks-top");
  const side = board.querySelector("svg.winks-side")?.side;
  if (!top || !flying) return true;
  if (t === null) return false;
  const { flight, view } = flying;
  const r = turnFor(drawn.view, drawn.ctx);
  let over = true;
  for (const [name, path] of Object.entries(flight.paths)) {
    const frames = path.length / 4;
    const at = Math.min(frames - 1, t / flight.every);
    if (at < frames - 1) over = false;
    const i = Math.floor(at), f = at - i, j = Math.min(frames - 1, i + 1);
    const v = (k) => (path[4 * i + k] * (1 - f) + path[4 * j + k] * f) / 1e4;
    const x = v(0), y = v(1), z = v(2), tilt = path[4 * i + 3];
    const g = top.querySelector(`g.w-counter[data-counter="${name}"]`);
    if (g) {
      const [X, Y] = toScreen(x, y, r);
      // higher in the air, drawn larger, with its shadow on the cloth
      const lift = 1 + z * 5;
      g.setAttribute("transform", `translate(${X} ${Y}) scale(${lift.toFixed(3)})`);
      g.classList.toggle("w-airborne", z > 0.004);
      const gone = at >= frames - 1 && view.counters.find((c) => c.counter === name)
        && isOff(view, x, y);
      g.classList.toggle("w-gone", Boolean(gone));
    }
    if (side && name === flight.counter) {
      placeSide(side, x, y, z, tilt);
      side.trace.setAttribute("points", side.all.slice(0, i + 1).join(" "));
    }
  }
  if (over) {
    flying = null;
    return true;
  }
  return false;
}

function isOff(view, x, y) {
  const t = view.table;
  return t.shape === "round" ? Math.hypot(x, y) > t.size - 0.01
    : Math.max(Math.abs(x), Math.abs(y)) > t.size - 0.01;
}
