// Tiddlywinks at a table seen from above, shared by Cabriole and Tiddledy Winks: the table
// (round, or Horsman's square card table), the cloth, the cup, the chalk circle (lake or
// ring), each seat's start line, every small counter in its owner's colour, and the large
// counter (the squidger) of the player to shoot. The seat viewing sits at the bottom.
//
// The table is seen through a camera: drawn to scale, it would show counters 6 to 11 pixels
// wide. By default the camera frames the counters in play and the cup, never so far that a
// counter is under 24 pixels across (its touch area is 44), and at the seat's turn always with
// the counters it may shoot on screen; during a flight it frames the flight, and it glides
// from frame to frame. It can be zoomed (buttons, Ctrl with the wheel or a trackpad's pinch,
// two fingers) and moved (a drag on the cloth) until the next shot or "frame the play". The
// camera changes the SVG's viewBox, so the table stays crisp; what is not the table (words,
// lines, touch areas, signs towards the cup) is sized in screen pixels.
//
// A shot is a gesture: press on one of your lit counters and drag back from it, as the
// squidger presses its far edge — the counter flies the other way, and the farther you drag,
// the harder the press (160 pixels is a full press, at any zoom) — then let go. The steepness
// of the squidger is set beside the table. The gesture snaps to the notation's grid (a tenth
// of a degree, a hundredth of pressure, a whole degree) and plays the shot as written, so the
// record replays it exactly. The same can be done from the keyboard: a lit counter is a
// button, and the fields beside the table aim it. Where the table's assist is on, the page
// asks the server where a steady hand's shot would come to rest while it is aimed, and draws
// it (a ghost counter at the end of a dashed line).
//
// Each new shot's flight (the view's "flight": the engine's frames of every counter it moved)
// is played back at real speed with requestAnimationFrame, the top view above and a side view
// of the shot beside, as the board's motion (dom.js: a click on the board or Escape hurries
// it, ?speed=N and a replay's pace quicken it, reduced motion shows where it lands at once);
// then the judgement is written out. "Watch again" replays the last one, slowly if asked.

import { clickable, el, html, hurry, keepFocus, pause, still, stylesheet, text } from "./dom.js";
import { sound } from "../sound.js";
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
const FULL_PULL = 160;      // a drag this long (screen pixels) is a full press
const DEAD = 8;             // a drag shorter than this (pixels) is a click, or a shot called off
const SIDE_HEIGHT = 260;    // the side view's height, in its own units (its width is 1000)
const SPEED = Number(new URLSearchParams(location.search).get("speed")) || 1;
// The camera, in screen pixels.
const SMALLEST = 24;        // a counter is never drawn smaller by default…
const LARGEST = 48;         // …nor larger, when the play is all near the cup
const CLOSEST = 160;        // the zoom stops when a counter is this wide
const TOUCH = 44;           // a lit counter's touch area, across
const BAND = 52;            // the top of the view, under the camera's buttons: no lit counter
const WIDE = 640;           // a board this wide puts the controls beside the table
const COLUMN = 330;         // …in a column this wide
const LOWEST = 180;         // the table is never drawn lower than this
const GLIDE = 450;          // ms: the camera moving to its next frame

// What the page remembers between draws.
let drawn = null;           // the last draw's arguments
let selected = null;        // the counter chosen to shoot, by name
let steep = 60;             // the squidger's steepness, degrees
let aim = null;             // {bearing, pressure} while aiming or set by the fields
let seenTurns = null;       // the shots seen so far: a view with more brings a new flight
let flying = null;          // the flight being played back: {view, flight, rate, start, before}
const queue = [];           // flights come faster than they are watched: played in turn
const waiting = [];         // what waits for the flights to end (the table's log)
let preview = null;         // the server's answer for the current aim (the assist)
let asked = null;           // the aim last asked about
let size = null;            // the top view's size on the screen, pixels: {w, h}
let camera = null;          // where the camera looks: {cx, cy, s}, mm and pixels per mm
let chosen = null;          // the camera as the reader moved it, until the next shot
let glide = null;           // the camera on its way: {from, to, start}
let sideOpen = null;        // whether the reader opened or closed the side view (null: not)
let observer = null;        // what the layout follows: the board's width, the moves' height

export function draw(board, view, ctx) {
  // Drawn before its style sheet has come, the table is laid out again when it comes.
  stylesheet(new URL("./winks.css", import.meta.url).pathname, () => render());
  const fresh = !drawn || drawn.board !== board;
  const before = drawn && drawn.view;
  drawn = { board, view, ctx };
  if (!ctx.yours || !(view.playable || []).includes(selected)) {
    if (selected) forget();
    selected = null;
    aim = null;
    dragging = null;
  }
  if (fresh) {
    seenTurns = view.turns;
    flying = null;
    queue.length = 0;
    camera = chosen = glide = null;
    for (const resolve of waiting.splice(0)) resolve();
    follow(board);
  } else if (view.turns !== seenTurns) {
    chosen = null;  // a new shot: the camera frames the play again
    // A later shot is watched; stepping back in a replay, or a pass, is simply shown.
    if (view.flight && view.turns > seenTurns) {
      if (still()) {  // where it lands, at once
        sound("click");
        heard(view, before, Infinity, new Set());
      } else {
        watch(view, 1, before);
      }
    }
    seenTurns = view.turns;
  }
  if (!flying) render(!fresh);
}

/** A promise of the end of the flights to be watched (none: at once). */
export function shown() {
  return flying ? new Promise((resolve) => waiting.push(resolve)) : null;
}

/** The server's answer to a preview asked (the assist): where a steady hand's shot would come
 * to rest. Only the answer for the shot aimed now is drawn. */
export function previewed(answer) {
  if (!drawn || !aim || !selected || answer.move !== aimed()) return;
  preview = answer;
  const { board } = drawn;
  board.dataset.previewFor = answer.move;
  const shot = (answer.rests || []).find((rest) => rest.counter === selected);
  board.dataset.previewPlace = answer.error || !shot ? "" : shot.place;
  drawPreview();
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
      render(true);
    }
    for (const resolve of waiting.splice(0)) resolve();
    return;
  }
  const { board } = drawn;
  const pace = SPEED * (Number(board.dataset.pace) || 1);
  const flight = item.view.flight;
  const frames = Math.max(...Object.values(flight.paths).map((path) => path.length / 4));
  const ms = (Math.max(0, frames - 1) * flight.every * 1000) / item.rate;
  const mine = { view: item.view, flight, rate: item.rate * pace, start: null,
    before: item.before, heard: new Set() };
  flying = mine;
  board.dataset.flying = "1";
  sound("click");
  render(true);
  // The flight is the board's motion: it ends when its time is up, or at once when hurried
  // (a click on the board, Escape, "skip"), then every flight waiting is skipped too.
  const end = performance.now() + ms / pace;
  pause(board, ms).then(() => {
    if (flying !== mine) return;
    showFlight(Infinity);
    if (performance.now() < end - 30) queue.length = 0;
    next();
  });
  requestAnimationFrame(frame);
}

function frame(now) {
  if (!flying || !drawn || !drawn.board.isConnected) return;
  if (flying.start === null) {
    flying.start = now;
    performance.mark("winks-first-frame");
  }
  // Drawn up to where it lands; the board's motion (next()) says when it has landed.
  if (!showFlight(((now - flying.start) / 1000) * flying.rate)) requestAnimationFrame(frame);
}

/** The sounds of a view's shot `t` seconds into its flight (Infinity: landed), each once: the
 * counters that fell in the cup by then and were not in it before. */
function heard(view, before, t, done) {
  const flight = view.flight;
  for (const [name, path] of Object.entries(flight.paths)) {
    if (done.has(name) || t / flight.every < path.length / 4 - 1) continue;
    done.add(name);
    const now = view.counters.find((c) => c.counter === name);
    const then = before && before.counters.find((c) => c.counter === name);
    if (now && now.place === "cup" && !(then && then.place === "cup")) sound("cup");
  }
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

/** Whether a counter is still in play: on its line, on the cloth or in the ring. */
function inPlay(c) { return c.place === "line" || c.place === "cloth" || c.place === "lake"; }

const clamp = (value, low, high) => (low > high ? (low + high) / 2
  : Math.min(high, Math.max(low, value)));

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

/** The shot aimed now, as written (null: none). */
function aimed() {
  return selected && aim ? notation(selected, aim.bearing, aim.pressure, steep) : null;
}

// --- drawing ---------------------------------------------------------------------------

let later = false;  // a draw came during a gesture: the table is drawn again when it ends

/** Draws the board again; `smoothly`: the camera glides to its new frame. */
function render(smoothly = false) {
  if (!drawn) return;
  if (dragging || panning || pinch) {  // a gesture in progress keeps its table
    later = true;
    return;
  }
  later = false;
  const { board, view, ctx } = drawn;
  const shown = flying ? flying.view : view;
  const top = topView(shown, view, ctx, turnFor(view, ctx), flying && flying.before);
  // Beside a wide table, "watch again" follows the last shot's words; under a narrow one, it
  // is folded with the side view, out of the way of the controls.
  const wide = (board.clientWidth || 0) >= WIDE;
  const side = html("details", { class: "w-side-box" },
    html("summary", {}, _("The last shot from the side")), sideView(shown),
    wide ? null : replays(view));
  side.open = sideOpen === null ? wide : sideOpen;
  side.querySelector("summary").addEventListener("click", () => { sideOpen = !side.open; });
  keepFocus(board, [html("div", { class: "winks" },
    html("div", { class: "w-stage" }, top, cameraButtons()),
    html("div", { class: "w-beside" }, controls(view, ctx), story(view),
      wide ? replays(view) : null, how(view, ctx), side))]);
  layout(smoothly);
  if (flying) showFlight(flying.start === null ? 0 : null);
}

function topView(view, live, ctx, r, before) {
  const t = view.table;
  const svg = el("svg", {
    class: "winks-top", role: "group",
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
    text(table, 0, -t.lake * MM - 2, view.game === "cabriole" ? _("lake") : _("ring"),
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
    const [lx, ly] = toScreen((t.start - 0.035) * Math.cos(angle),
      (t.start - 0.035) * Math.sin(angle), r);
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
    text(svg, lx, ly, label, { class: `w-seat${view.turn === name && !view.result
      ? " w-to-shoot" : ""}`, "text-anchor": anchor, "dominant-baseline": "middle" });
  });
  // The cup: its wall and its mouth.
  el("circle", { r: t.cup[1] * MM, class: "w-cup" }, table);
  el("circle", { r: t.cup[0] * MM, class: "w-cup-mouth" }, table);

  const yours = ctx.yours && !flying && live.playable;
  const playable = yours ? live.playable : [];
  const counters = [...view.counters].sort((a, b) => a.z - b.z);  // the higher on top
  const layer = el("g", { class: "w-counters" }, svg);
  for (const c of counters) drawCounter(layer, view, c, r, playable.includes(c.counter));
  el("g", { class: "w-preview", "aria-hidden": "true" }, svg);
  el("g", { class: "w-aiming", "aria-hidden": "true" }, svg);
  el("g", { class: "w-markers", "aria-hidden": "true" }, svg);
  if (!flying && !view.result && view.turn) drawSquidger(svg, view, r);
  svg.addEventListener("pointerdown", startPan);
  svg.addEventListener("wheel", wheel, { passive: false });
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

/** Where the rules have a counter, in words. */
function placeWord(view, place) {
  const cabriole = view.game === "cabriole";
  return {
    line: _("on its start line"), cloth: _("on the cloth"), cup: _("in the cup"),
    lake: _("in the ring, open to the next players"),
    dead: cabriole ? _("dead in the lake") : _("dead in the ring"),
    off: _("beyond the table's edge"),
  }[place];
}

function placeWords(view, c) {
  const words = [counterWords(c.counter), placeWord(view, c.place)];
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
  // The touch area: 44 pixels across at any zoom (its radius is set with the camera).
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

/** Where the assist says the aimed shot would come to rest: a ghost of each counter it moves
 * at its place of rest, a dashed line from where it is, and a sentence beside the table. */
function drawPreview() {
  const { board, view, ctx } = drawn;
  const svg = board.querySelector("svg.winks-top");
  const words = board.querySelector(".w-foresight");
  const layer = svg && svg.querySelector("g.w-preview");
  if (!layer) return;
  layer.replaceChildren();
  // The last answer stays drawn while the next is on its way: it was this counter's.
  const shown = preview;
  if (words) {
    const shot = shown && (shown.rests || []).find((rest) => rest.counter === selected);
    words.textContent = !shown ? ""
      : shown.error ? _("No preview: {why}", { why: shown.error })
        : shot ? _("With a steady hand, {counter} would end {where}.", {
          counter: counterWords(shot.counter), where: restWords(view, shot) }) : "";
  }
  if (!shown || shown.error) return placeMarkers();
  const r = turnFor(view, ctx), rad = counterRadius(view);
  for (const rest of shown.rests || []) {
    const c = view.counters.find((k) => k.counter === rest.counter);
    if (!c) continue;
    const [x0, y0] = toScreen(c.x, c.y, r);
    const [x, y] = toScreen(rest.x, rest.y, r);
    const colour = COLOURS[rest.counter.split(" ")[0]];
    el("line", { x1: x0, y1: y0, x2: x, y2: y, class: "w-ghost-line", stroke: colour }, layer);
    const ghost = el("g", { class: `w-ghost w-ghost-${rest.place}`
      + `${rest.counter === selected ? " w-ghost-shot" : ""}`,
      transform: `translate(${x} ${y})` }, layer);
    el("circle", { r: rad, fill: colour }, ghost);
    if (rest.place === "off" || rest.place === "dead") {
      el("path", { d: `M ${-rad} ${-rad} L ${rad} ${rad} M ${rad} ${-rad} L ${-rad} ${rad}`,
        class: "w-cross" }, ghost);
    }
  }
  placeMarkers();
}

/** Where a preview's counter would rest, in words: where it stops, then where the rules send
 * it (a counter stopped in the lake goes back to its start line). */
function restWords(view, rest) {
  const where = placeWord(view, rest.place);
  if (rest.place === "cup" || rest.place === "off" || rest.place === "dead") return where;
  const cm = decimal(Math.hypot(rest.x, rest.y) * 100, 1);
  return rest.place === "line" ? _("{cm} cm from the cup, then back on its start line", { cm })
    : _("{place}, {cm} cm from the cup", { place: where, cm });
}

// --- the camera ------------------------------------------------------------------------

/** The top view sized to what the window leaves it, beside its controls (a wide board) or
 * above them; then the camera framing it (`smoothly`: gliding there). */
function layout(smoothly = false) {
  if (gesture()) {  // not under the finger: when it is lifted
    later = true;
    return;
  }
  const { board } = drawn;
  const box = board.querySelector(".winks");
  const svg = board.querySelector("svg.winks-top");
  if (!box || !svg) return;
  const width = box.clientWidth;
  const wide = width >= WIDE;
  box.classList.toggle("w-wide", wide);
  // What the window leaves below the board's top (at the page's top), above the moves kept
  // at its foot, and, on a narrow board, above the controls under the table.
  const moves = document.getElementById("moves");
  const foot = moves && moves.childElementCount ? moves.getBoundingClientRect().height : 0;
  const begins = board.getBoundingClientRect().top + scrollY;
  const under = wide ? 0 : box.querySelector(".w-controls").getBoundingClientRect().height + 8;
  const h = Math.max(LOWEST, Math.floor(innerHeight - begins - foot - under - 8));
  const w = wide ? Math.min(width - COLUMN, Math.round(h * 1.3)) : width;
  const changed = !size || size.w !== w || size.h !== h;
  size = { w, h };
  svg.style.width = `${w}px`;
  svg.style.height = `${h}px`;
  aimCamera(smoothly && !changed);
}

/** Follows what changes the room the table has: the board's width, the moves' height. */
function follow(board) {
  if (observer) observer.disconnect();
  observer = new ResizeObserver(() => { if (drawn && drawn.board === board) layout(); });
  observer.observe(board);
  const moves = document.getElementById("moves");
  if (moves) observer.observe(moves);
}
window.addEventListener("resize", () => { if (drawn && drawn.board.isConnected) layout(); });

/** A box of points (mm), each with its margin. */
function box() {
  const b = { left: Infinity, right: -Infinity, top: Infinity, bottom: -Infinity,
    add(x, y, m) {
      b.left = Math.min(b.left, x - m); b.right = Math.max(b.right, x + m);
      b.top = Math.min(b.top, y - m); b.bottom = Math.max(b.bottom, y + m);
    },
    get empty() { return b.left > b.right; },
  };
  return b;
}

/** The limits of the zoom (pixels per mm): the whole table, and a counter CLOSEST wide. */
function zoomLimits() {
  const t = drawn.view.table;
  const reach = t.size * MM * (t.shape === "round" ? 1 : Math.SQRT2) + MARGIN;
  return [Math.min(size.w, size.h) / (2 * reach), CLOSEST / (2 * counterRadius(drawn.view))];
}

/** The camera's own frame: during a flight, the flight and the cup; otherwise the counters in
 * play and the cup, a counter no smaller than SMALLEST pixels (nor larger than LARGEST), and
 * at the seat's turn the counters it may shoot always on screen, clear of the buttons' band
 * (where they lie far apart, the camera draws them smaller: the zoom magnifies them). */
function framed() {
  const { view, ctx } = drawn;
  const shown = flying ? flying.view : view;
  const r = turnFor(view, ctx), rad = counterRadius(view), t = view.table;
  const [fewest, most] = zoomLimits();
  const least = SMALLEST / (2 * rad);
  const margin = Math.max(1.8 * rad, TOUCH / 2 / least) + 4 / least;
  const wanted = box(), must = box();
  wanted.add(0, 0, t.cup[1] * MM + margin);
  if (flying) {
    for (const path of Object.values(flying.flight.paths)) {
      for (let i = 0; i < path.length; i += 4) {
        const [x, y] = toScreen(path[i] / 1e4, path[i + 1] / 1e4, r);
        wanted.add(x, y, rad + 6);
      }
    }
  } else {
    // At the seat's turn, the counters it may shoot are on screen whatever the zoom must be.
    const playable = ctx.yours ? shown.playable || [] : [];
    for (const c of shown.counters) {
      if (!inPlay(c)) continue;
      const [x, y] = toScreen(c.x, c.y, r);
      wanted.add(x, y, margin);
      if (playable.includes(c.counter)) must.add(x, y, margin);
    }
  }
  const { w, h } = size;
  let s = Math.min(w / (wanted.right - wanted.left), h / (wanted.bottom - wanted.top));
  if (!flying) s = Math.max(s, least);
  s = Math.min(s, LARGEST / (2 * rad));
  if (!must.empty) {
    s = Math.min(s, w / (must.right - must.left), (h - BAND) / (must.bottom - must.top));
  }
  s = Math.min(most, Math.max(s, fewest));
  let cx = (wanted.left + wanted.right) / 2, cy = (wanted.top + wanted.bottom) / 2;
  const hw = w / 2 / s, hh = h / 2 / s;
  const reach = t.size * MM + MARGIN;
  cx = clamp(cx, -reach + hw, reach - hw);
  cy = clamp(cy, -reach + hh, reach - hh);
  if (!must.empty) {
    cx = clamp(cx, must.right - hw, must.left + hw);
    cy = clamp(cy, must.bottom - hh, must.top + hh - BAND / s);
  }
  return { cx, cy, s };
}

/** The camera as the reader moved it, kept within the zoom's limits and over the table. */
function held(view) {
  const [fewest, most] = zoomLimits();
  const s = Math.min(most, Math.max(fewest, view.s));
  const reach = drawn.view.table.size * MM + MARGIN;
  const hw = size.w / 2 / s, hh = size.h / 2 / s;
  return { cx: clamp(view.cx, -reach + hw, reach - hw), cy: clamp(view.cy, -reach + hh, reach - hh),
    s };
}

/** Points the camera where it should be: the reader's frame, else its own. */
function aimCamera(smoothly) {
  const target = chosen ? held(chosen) : framed();
  const same = (a, b) => a && Math.abs(a.cx - b.cx) < 0.5 && Math.abs(a.cy - b.cy) < 0.5
    && Math.abs(a.s / b.s - 1) < 0.01;
  if (glide && same(glide.to, target)) return look(camera);
  if (!smoothly || !camera || still() || same(camera, target)) {
    glide = null;
    return look(target);
  }
  look(camera);
  const mine = { from: camera, to: target, start: performance.now() };
  glide = mine;
  const { board } = drawn;
  const pace = SPEED * (Number(board.dataset.pace) || 1);
  const step = (now) => {
    if (glide !== mine) return;
    const k = Math.min(1, ((now - mine.start) * pace) / GLIDE), e = k * k * (3 - 2 * k);
    look({ cx: mine.from.cx + (mine.to.cx - mine.from.cx) * e,
      cy: mine.from.cy + (mine.to.cy - mine.from.cy) * e,
      s: mine.from.s * (mine.to.s / mine.from.s) ** e });
    if (k < 1) requestAnimationFrame(step);
  };
  requestAnimationFrame(step);
  // The glide is the board's motion too: hurried, it is where it goes at once.
  pause(board, GLIDE).then(() => {
    if (glide !== mine) return;
    glide = null;
    look(mine.to);
  });
}

/** The camera set: the viewBox, the sizes drawn in screen pixels, the buttons' limits. */
function look(view) {
  camera = view;
  const svg = drawn.board.querySelector("svg.winks-top");
  if (!svg || !size) return;
  const { w, h } = size;
  const vw = w / view.s, vh = h / view.s;
  svg.setAttribute("viewBox", `${view.cx - vw / 2} ${view.cy - vh / 2} ${vw} ${vh}`);
  svg.style.setProperty("--u", String(1 / view.s));  // mm per pixel, for the style sheet
  const rad = counterRadius(drawn.view);
  for (const hit of svg.querySelectorAll("circle.w-hit")) {
    hit.setAttribute("r", Math.max(1.8 * rad, TOUCH / 2 / view.s));
  }
  const [fewest, most] = zoomLimits();
  const button = (key) => drawn.board.querySelector(`button[data-key="${key}"]`);
  if (button("winks-in")) button("winks-in").disabled = view.s >= most * 0.999;
  if (button("winks-out")) button("winks-out").disabled = view.s <= fewest * 1.001;
  placeMarkers();
}

/** Signs at the edge of the view pointing to the cup and to where the previewed shot would
 * rest, when the camera does not show them. */
function placeMarkers() {
  const svg = drawn.board.querySelector("svg.winks-top");
  const layer = svg && svg.querySelector("g.w-markers");
  if (!layer || !camera || !size) return;
  layer.replaceChildren();
  const { view, ctx } = drawn;
  const r = turnFor(view, ctx);
  const signs = [[0, 0, _("the cup"), "#fff6c8"]];
  const shot = preview && !preview.error
    && (preview.rests || []).find((rest) => rest.counter === selected);
  if (shot) {
    signs.push([...toScreen(shot.x, shot.y, r), counterWords(shot.counter),
      COLOURS[shot.counter.split(" ")[0]]]);
  }
  const { w, h } = size, { cx, cy, s } = camera;
  const placed = [];  // where signs are already, pixels: a sign near one goes a line inwards
  for (const [x, y, words, colour] of signs) {
    // the point in pixels from the view's middle; shown if it lies outside the view
    const px = (x - cx) * s, py = (y - cy) * s;
    const ex = w / 2 - 34, ey = h / 2 - 30;
    if (Math.abs(px) <= w / 2 && Math.abs(py) <= h / 2) continue;
    const k = Math.min(ex / Math.abs(px || 1e-9), ey / Math.abs(py || 1e-9));
    const angle = (Math.atan2(py, px) * 180) / Math.PI;
    // on the view's edge, below the buttons' corner
    const mx = px * k;
    let my = mx > w / 2 - 170 ? Math.max(py * k, BAND + 14 - h / 2) : py * k;
    while (placed.some(([ax, ay]) => Math.abs(ax - mx) < 70 && Math.abs(ay - my) < 30)) {
      my += py < 0 ? 30 : -30;
    }
    placed.push([mx, my]);
    const g = el("g", { class: "w-marker", transform: `translate(${cx + mx / s} `
      + `${cy + my / s}) scale(${1 / s})` }, layer);
    el("path", { d: "M 14 0 L -6 -9 L -6 9 Z", transform: `rotate(${angle})`, fill: colour }, g);
    text(g, 0, py < 0 ? 24 : -14, words, { "text-anchor": px > w / 4 ? "end"
      : px < -w / 4 ? "start" : "middle" });
  }
}

function cameraButtons() {
  const icon = el("svg", { viewBox: "0 0 20 20", "aria-hidden": "true", class: "w-icon" });
  el("path", { d: "M2 7V2h5M13 2h5v5M18 13v5h-5M7 18H2v-5M8 10h4M10 8v4" }, icon);
  const button = (key, label, action, face) => html("button", { type: "button",
    class: "quiet", "data-key": key, "aria-label": label, title: label, onclick: action }, face);
  return html("div", { class: "zoom-buttons", role: "group", "aria-label": _("Zoom") },
    button("winks-in", _("Zoom in"), () => zoom(1.5), "+"),
    button("winks-out", _("Zoom out"), () => zoom(1 / 1.5), "−"),
    button("winks-frame", _("Frame the play"), () => {
      chosen = null;
      aimCamera(true);
    }, icon));
}

/** Zooms by `factor` about a point of the view (pixels from its top left; its middle if not
 * given): that point of the table stays under it. */
function zoom(factor, at = null) {
  if (!camera || !size) return;
  const [px, py] = at || [size.w / 2, size.h / 2];
  const [fewest, most] = zoomLimits();
  const s = Math.min(most, Math.max(fewest, camera.s * factor));
  const x = camera.cx + (px - size.w / 2) / camera.s, y = camera.cy + (py - size.h / 2) / camera.s;
  moveTo({ cx: x - (px - size.w / 2) / s, cy: y - (py - size.h / 2) / s, s });
}

function moveTo(view) {
  chosen = held(view);
  glide = null;
  look(chosen);
}

/** Ctrl with the wheel (and a trackpad's pinch, which comes so) zooms about the pointer; the
 * wheel alone scrolls the page. */
function wheel(event) {
  if (!event.ctrlKey) return;
  event.preventDefault();
  const frame = event.currentTarget.getBoundingClientRect();
  zoom(Math.exp(-event.deltaY / 200), [event.clientX - frame.left, event.clientY - frame.top]);
}

// A drag on the cloth moves the camera; two fingers pinch it.
let panning = null;         // {x, y, camera}: where a drag on the cloth began
let pinch = null;           // {spread, camera, at}: two fingers on the table
const fingers = new Map();  // the pointers down on the table, by id: [x, y]

function startPan(event) {
  const svg = event.currentTarget;
  fingers.set(event.pointerId, [event.clientX, event.clientY]);
  if (fingers.size === 2) {
    // a second finger: the aim or the drag gives way to the pinch
    if (dragging) letGo();
    panning = null;
    const [a, b] = [...fingers.values()];
    pinch = { spread: Math.hypot(a[0] - b[0], a[1] - b[1]) || 1, camera };
    return;
  }
  if (dragging || !camera || (event.pointerType === "mouse" && event.button !== 0)) return;
  event.preventDefault();
  svg.setPointerCapture?.(event.pointerId);
  panning = { x: event.clientX, y: event.clientY, camera };
}

window.addEventListener("pointermove", (event) => {
  if (!fingers.has(event.pointerId)) return;
  fingers.set(event.pointerId, [event.clientX, event.clientY]);
  const svg = drawn && drawn.board.querySelector("svg.winks-top");
  if (!svg) return;
  if (pinch && fingers.size === 2) {
    const [a, b] = [...fingers.values()];
    const frame = svg.getBoundingClientRect();
    const spread = Math.hypot(a[0] - b[0], a[1] - b[1]);
    camera = pinch.camera;
    zoom(spread / pinch.spread,
      [(a[0] + b[0]) / 2 - frame.left, (a[1] + b[1]) / 2 - frame.top]);
  } else if (panning) {
    const { s } = panning.camera;
    moveTo({ cx: panning.camera.cx - (event.clientX - panning.x) / s,
      cy: panning.camera.cy - (event.clientY - panning.y) / s, s });
  }
});

function endPan(event) {
  fingers.delete(event.pointerId);
  if (fingers.size < 2) pinch = null;
  if (!fingers.size) panning = null;
  if (later && !gesture()) render();
}
window.addEventListener("pointerup", endPan);
window.addEventListener("pointercancel", endPan);

function gesture() { return dragging || panning || pinch; }

// A drag from one's counters, or on the cloth, never selects the page's text.
document.addEventListener("selectstart", (event) => { if (gesture()) event.preventDefault(); });

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
  forget();
  render();
}

function startAim(event, c) {
  if (event.button !== undefined && event.button !== 0) return;
  if (fingers.size) return;  // a finger already on the table: a pinch, not a shot
  event.preventDefault();
  window.getSelection()?.removeAllRanges();
  const svg = drawn.board.querySelector("svg.winks-top");
  if (selected !== c.counter) {
    // the counter chosen in place: the table is not drawn again under the finger
    selected = c.counter;
    aim = null;
    forget();
    for (const g of svg.querySelectorAll("g.w-counter")) {
      g.classList.toggle("w-selected", g.dataset.counter === c.counter);
    }
  }
  svg.setPointerCapture?.(event.pointerId);
  dragging = { counter: c, svg, moved: false };
}

function onAim(event) {
  if (!dragging) return;
  const m = dragging.svg.getScreenCTM();
  if (!m) return;
  const { view, ctx } = drawn;
  const r = turnFor(view, ctx);
  const c = dragging.counter;
  const at = new DOMPoint(...toScreen(c.x, c.y, r)).matrixTransform(m);
  const dx = at.x - event.clientX, dy = at.y - event.clientY;
  const length = Math.hypot(dx, dy);
  if (length < DEAD) {
    if (dragging.moved) {  // back onto the counter: the shot is called off
      aim = null;
      forget();
      redrawAim();
    }
    return;
  }
  dragging.moved = true;
  // The counter flies away from the pointer: the bearing of (dx, dy) on the table, whose y
  // runs up where the screen's runs down.
  const p = new DOMPoint(event.clientX, event.clientY).matrixTransform(m.inverse());
  const [x, y] = toTable(p.x, p.y, r);
  aim = { bearing: Math.round(bearingOf(c.x - x, c.y - y) * 10) / 10,
    pressure: Math.min(1, Math.max(0.01, Math.round((length / FULL_PULL) * 100) / 100)) };
  redrawAim();
  const written = drawn.board.querySelector(".w-notation code");
  if (written) written.textContent = aimed();
  ask();
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
  ask();
  if (keyboard) drawn.board.querySelector("input[name=bearing]")?.focus();
}

function shoot(counter) {
  send(notation(counter, aim.bearing, aim.pressure, steep));
}

function send(move) {
  performance.mark("winks-shot");  // from here to the flight's first frame (benchmarks/)
  selected = null;
  aim = null;
  forget();
  drawn.ctx.play(move);
}

// --- the assist ------------------------------------------------------------------------

/** Asks the server where the aimed shot would rest, if the table's assist is on (table.js
 * keeps one question on its way, and the latest aim waiting). */
function ask() {
  const { board, ctx } = drawn;
  const move = aimed();
  board.dataset.aim = move || "";
  if (!move || !ctx.assist || !ctx.preview || move === asked) return;
  asked = move;
  ctx.preview(move);
  drawPreview();  // the last preview stays drawn until the answer, its sentence fades
}

/** No aim any more: no preview. */
function forget() {
  preview = null;
  asked = null;
  if (!drawn) return;
  const { board } = drawn;
  delete board.dataset.aim;
  delete board.dataset.previewFor;
  delete board.dataset.previewPlace;
  drawPreview();
}

// --- the controls beside the table, and the story of the last shot --------------------

/** What the seat acts on, beside the table or under it: the squidger's steepness, the
 * preview's sentence, the aim's fields once a counter is chosen (and the aim as written). */
function controls(view, ctx) {
  const box = html("div", { class: "w-controls" });
  if (!ctx.yours || flying || view.result) return box;
  if ((ctx.legal || []).includes("pass")) {
    box.append(html("p", {}, _("None of your counters may be played: "),
      html("button", { type: "button", "data-key": "pass", onclick: () => ctx.play("pass") },
        _("Pass"))));
    return box;
  }
  const written = html("code", {});
  const write = () => {
    written.textContent = aimed() || "";
    ask();
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
    html("span", {}, _("The squidger's steepness (0 flat, 90 upright): ")),
    html("span", { class: "w-slider" }, steepness, " ", shownSteep)));
  if (ctx.assist) box.append(html("p", { class: "w-foresight", "aria-live": "polite" }));
  if (selected) {
    const c = view.counters.find((k) => k.counter === selected);
    aim = aim || { bearing: Math.round(cupBearing(c) * 10) / 10, pressure: 0.5 };
    // A field of the aim: a number the notation may refuse is sent as typed, and the
    // server's sentence says why.
    const field = (name, min, max, step, digits, redraw, title = null) => html("input", {
      type: "number", name, min, max, step, value: aim[name].toFixed(digits), required: true,
      "data-key": name, title,
      onchange: (event) => {
        const value = Number(event.target.value);
        if (event.target.value !== "" && Number.isFinite(value)) aim = { ...aim, [name]: value };
        write();
        if (redraw) redrawAim();
      } });
    const bearing = field("bearing", 0, 359.9, 0.1, 1, false,
      _("Aim (degrees, 0 to the right of red's seat, counter-clockwise) ").trim());
    const pressure = field("pressure", 0.01, 1, 0.01, 2, true);
    // Enter in a field, or the button, shoots what the fields say, as written.
    const form = html("form", { class: "w-aim", onsubmit: (event) => {
      event.preventDefault();
      send(`${selected} aim ${bearing.value.trim() || "?"} pressure `
        + `${pressure.value.trim() || "?"} steep ${steep}`);
    } },
    html("label", {}, _("Aim (degrees) "), bearing),
    html("button", { type: "button", class: "quiet", "data-key": "at the cup", onclick: () => {
      aim = { ...aim, bearing: Math.round(cupBearing(c) * 10) / 10 };
      bearing.value = aim.bearing.toFixed(1);
      write();
      redrawAim();
    } }, _("at the cup")),
    html("label", {}, _("Pressure (0.01 to 1) "), pressure),
    html("button", { type: "submit", "data-key": "shoot" },
      _("Shoot {counter}", { counter: counterWords(selected) })));
    form.noValidate = true;
    box.append(form);
    write();
    // The aim as written follows the controls (under a narrow table, below them if need be).
    return [box, html("p", { class: "w-notation" }, _("As written: "), written)];
  }
  return box;
}

/** How a shot is made, under the controls (on a phone, below the fold if need be). */
function how(view, ctx) {
  if (!ctx.yours || flying || view.result || (ctx.legal || []).includes("pass")) return null;
  return html("p", { class: "w-how" }, selected
    ? _("{counter} chosen. Drag back from it (the farther, the harder) and let go, or set its "
      + "aim and pressure in the fields and shoot.", { counter: counterWords(selected) })
    : _("Your shot: press on one of your lit counters and drag back from it — the counter flies "
      + "the other way, harder the farther you drag — then let go."));
}

/** The last shot in words, its notation folded beside them; the pool's account at the end;
 * the flight under way. */
function story(view) {
  const box = html("div", { class: "w-story" });
  const last = (flying ? [] : view.last) || [];
  if (view.result) {
    box.append(html("h3", {}, _("The pool's account")),
      html("ul", { class: "w-account" }, ...view.result.map((line) => html("li", {}, line))));
  }
  if (last.length) {
    const words = html("div", { class: "w-last", "aria-live": "polite" },
      html("strong", {}, _("The last shot: ")), ...last.map((line, i) => html("span", {},
        (i ? " " : "") + line[0].toUpperCase() + line.slice(1) + ".")));
    if ((view.written || []).length) {
      words.append(html("details", { class: "w-written" }, html("summary", {}, _("As written")),
        ...view.written.map((line) => html("code", {}, line))));
    }
    box.append(words);
  }
  if (flying) {
    box.append(html("p", { class: "w-flying" },
      _("{counter} in flight… ", { counter: counterWords(flying.flight.counter) }),
      html("button", { type: "button", "data-key": "skip", onclick: () => hurry(drawn.board) },
        _("Skip to where it lands"))));
  }
  return box;
}

/** "Watch it again", at its speed or slowly (not where motion is reduced: it has landed). */
function replays(view) {
  if (!view.flight || flying || still()) return null;
  const again = (key, rate, words) => html("button", { type: "button", class: "quiet",
    "data-key": key, onclick: () => watch(view, rate) }, words);
  return html("p", { class: "w-replay" }, again("again", 1, _("Watch it again")), " ",
    again("slowly", 0.25, _("In slow motion")));
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
 * are now; Infinity: where they land); true once it is over. */
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
  heard(view, flying.before, t, flying.heard);
  return over;
}

function isOff(view, x, y) {
  const t = view.table;
  return t.shape === "round" ? Math.hypot(x, y) > t.size - 0.01
    : Math.max(Math.abs(x), Math.abs(y)) > t.size - 0.01;
}
