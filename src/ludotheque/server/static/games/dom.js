// The small DOM helpers every game screen shares: SVG and HTML elements built in one call, an
// element made a button, the keyboard's focus kept across a redraw, a style sheet added once.

import { _ } from "../i18n.js";

export const NS = "http://www.w3.org/2000/svg";

/** A new SVG element with its attributes, appended to parent if given. */
export function el(tag, attrs = {}, parent = null) {
  const node = document.createElementNS(NS, tag);
  for (const [name, value] of Object.entries(attrs)) {
    if (value !== null && value !== undefined) node.setAttribute(name, value);
  }
  if (parent) parent.append(node);
  return node;
}

/** An SVG text element. */
export function text(parent, x, y, words, attrs = {}) {
  const node = el("text", { x, y, ...attrs }, parent);
  node.textContent = words;
  return node;
}

/** An HTML element: its attributes (``text`` is its text, a function under ``on<event>``
 * listens to that event, true is an attribute without a value) and its children. */
export function html(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (v === null || v === undefined || v === false) continue;
    if (k === "text") node.textContent = v;
    else if (typeof v === "function" && k.startsWith("on")) node.addEventListener(k.slice(2), v);
    else node.setAttribute(k, v === true ? "" : v);
  }
  node.append(...children.flat().filter((c) => c !== null && c !== undefined && c !== false));
  return node;
}

/** Makes node a button: role, tab stop, name; a click, Enter or Space calls action(byKey),
 * byKey telling the keyboard's from the mouse's. key names it across redraws, so that the
 * focus comes back to it (keepFocus). */
export function clickable(node, label, action, key) {
  node.setAttribute("role", "button");
  node.setAttribute("tabindex", "0");
  node.setAttribute("aria-label", label);
  if (key) node.dataset.key = key;
  node.addEventListener("click", (event) => { event.preventDefault(); action(false); });
  node.addEventListener("keydown", (event) => {
    if (event.key === "Enter" || event.key === " " || event.key === "Spacebar") {
      event.preventDefault();
      action(true);
    }
  });
  return node;
}

/** Puts the board's new children in place, the keyboard focus kept on the element of the same
 * data-key if it had it (a draw replaces every element on each update), else on the first of
 * the fallback keys found (a card played is gone: the focus goes on to the next thing). A field
 * being typed in keeps what was typed: a frame may come between two keystrokes. */
export function keepFocus(board, children, ...fallbacks) {
  const active = document.activeElement;
  const key = active && board.contains(active) && active.dataset ? active.dataset.key : null;
  const typed = key && "defaultValue" in active && active.value !== active.defaultValue
    ? active.value : null;
  board.replaceChildren(...children);
  if (!key) return;
  for (const k of [key, ...fallbacks]) {
    const target = board.querySelector(`[data-key="${CSS.escape(k)}"]`);
    if (!target) continue;
    if (k === key && typed !== null && "defaultValue" in target) target.value = typed;
    target.focus({ preventScroll: true });
    if (document.activeElement === target) return;
  }
}

/** Adds the style sheet at href to the page, once; the first time, once it has come, calls
 * redraw (where given): a screen drawn and fitted unstyled is drawn and fitted again. */
export function stylesheet(href, redraw = null) {
  const links = document.querySelectorAll("link[rel=stylesheet]");
  const had = [...links].find((link) => link.getAttribute("href") === href);
  if (had && (had.sheet || had.dataset.loaded)) return;
  const link = had || html("link", { rel: "stylesheet", href });
  link.addEventListener("load", () => {
    link.dataset.loaded = "1";
    if (!had && redraw) redraw();
  }, { once: true });
  if (!had) document.head.append(link);
}

// --- motion: what moves on a board, and when it has stopped ----------------------------
// Every screen animates through animate(), so that one place honours the reader's reduced
// motion, the page's pace (a replay hurries, a test may set ?speed=N) and tells whoever drives
// the page when the board is still again: while anything moves the board carries
// data-moving="1"; when the last animation ends it fires "settled" and its data-settled count
// grows by one. A click on the board's "skip" (hurry) ends them all at once.

const SPEED = Number(new URLSearchParams(location.search).get("speed")) || 1;
const running = new WeakMap();  // board → the set of its animations under way

/** Whether the reader asked for reduced motion: screens then draw at once. */
export function still() {
  return matchMedia("(prefers-reduced-motion: reduce)").matches;
}

/** How many times faster than at a table the board's motion runs: the page's ?speed=N times
 * the board's data-pace (a replay's is 3). */
export function pace(board) {
  return SPEED * (Number(board.dataset.pace) || 1);
}

/** Animates node (the Web Animations API's keyframes and options) as part of board's motion;
 * a promise of its end. The duration and delay are divided by the board's pace. Under reduced
 * motion nothing moves: it ends at once. */
export function animate(board, node, keyframes, options = {}) {
  if (still() || !node.animate) return Promise.resolve();
  const faster = pace(board);
  const animation = node.animate(keyframes, { fill: "backwards", ...options,
    duration: (options.duration || 300) / faster, delay: (options.delay || 0) / faster });
  const under = running.get(board) || new Set();
  running.set(board, under);
  under.add(animation);
  board.dataset.moving = "1";
  const done = () => {
    under.delete(animation);
    if (under.size) return;
    board.dataset.moving = "0";
    board.dataset.settled = String((Number(board.dataset.settled) || 0) + 1);
    board.dispatchEvent(new Event("settled"));
  };
  return animation.finished.then(done, done);
}

/** A promise of the moment nothing moves on board any more (at once if nothing does). */
export function settled(board) {
  const under = running.get(board);
  if (!under || !under.size) return Promise.resolve();
  return new Promise((resolve) => board.addEventListener("settled", resolve, { once: true }));
}

/** Ends every animation under way on board: each thing jumps to where it goes. */
export function hurry(board) {
  for (const animation of [...(running.get(board) || [])]) animation.finish();
}

/** Waits ms (divided by the page's speed and the board's pace) as part of the board's
 * motion: the pause between two steps of a turn played step by step. */
export function pause(board, ms) {
  return animate(board, board, [{}, {}], { duration: ms });
}

// --- zoom: a board one can magnify and move about ---------------------------------------
// A board drawn to fit the screen may be too small to touch on a phone: zoomable() puts it in
// a frame that magnifies it (the buttons, a pinch, or the wheel with Ctrl, as a trackpad's
// pinch comes) and scrolls about it, the zoom and the place kept across redraws, by name.

// name → { scale, x, y, height }: the magnification, the centre (fractions of the board), and
// the frame's height unzoomed
const zooms = new Map();
const MOST = 4;

/** The content (an SVG drawn to the frame's width) in a zoomable frame, with its buttons. */
export function zoomable(name, content, most = MOST) {
  const state = zooms.get(name) || { scale: 1, x: 0.5, y: 0.5 };
  zooms.set(name, state);
  const inner = html("div", { class: "zoom-inner" }, content);
  const frame = html("div", { class: "zoom-frame", "data-zoom": name }, inner);
  const place = () => {  // the frame scrolled so that the remembered centre is in its middle
    frame.scrollLeft = state.x * inner.scrollWidth - frame.clientWidth / 2;
    frame.scrollTop = state.y * inner.scrollHeight - frame.clientHeight / 2;
  };
  const set = (scale, cx = 0.5, cy = 0.5) => {
    // (cx, cy): the point of the frame (fractions of its size) that stays where it is
    const x = (frame.scrollLeft + cx * frame.clientWidth) / (inner.scrollWidth || 1);
    const y = (frame.scrollTop + cy * frame.clientHeight) / (inner.scrollHeight || 1);
    // Zoomed, the frame keeps the height it had unzoomed: the board grows inside it, not the page.
    if (state.scale <= 1) state.height = frame.clientHeight;
    state.scale = Math.min(most, Math.max(1, scale));
    inner.style.width = `${state.scale * 100}%`;
    frame.style.height = state.scale > 1 && state.height ? `${state.height}px` : "";
    frame.dataset.scale = String(state.scale);
    frame.classList.toggle("zoomed", state.scale > 1);
    frame.scrollLeft = x * inner.scrollWidth - cx * frame.clientWidth;
    frame.scrollTop = y * inner.scrollHeight - cy * frame.clientHeight;
    remember();
    out.disabled = state.scale <= 1;
    into.disabled = state.scale >= most;
  };
  const remember = () => {
    state.x = (frame.scrollLeft + frame.clientWidth / 2) / (inner.scrollWidth || 1);
    state.y = (frame.scrollTop + frame.clientHeight / 2) / (inner.scrollHeight || 1);
  };
  frame.addEventListener("scroll", remember, { passive: true });
  const into = html("button", { type: "button", class: "quiet", "data-key": `${name}-in`,
    "aria-label": _("Zoom in"), onclick: () => set(state.scale * 1.5) }, "+");
  const out = html("button", { type: "button", class: "quiet", "data-key": `${name}-out`,
    "aria-label": _("Zoom out"), onclick: () => set(state.scale / 1.5) }, "−");
  // The wheel with Ctrl (and a trackpad's pinch, which comes so) zooms about the pointer.
  frame.addEventListener("wheel", (event) => {
    if (!event.ctrlKey) return;
    event.preventDefault();
    const box = frame.getBoundingClientRect();
    set(state.scale * Math.exp(-event.deltaY / 200), (event.clientX - box.left) / box.width,
      (event.clientY - box.top) / box.height);
  }, { passive: false });
  // Two fingers pinch: the zoom follows the distance between them.
  const fingers = new Map();
  let spread = null;
  frame.addEventListener("pointerdown", (event) => {
    if (event.pointerType === "touch") fingers.set(event.pointerId, event);
  });
  frame.addEventListener("pointermove", (event) => {
    if (!fingers.has(event.pointerId)) return;
    fingers.set(event.pointerId, event);
    if (fingers.size !== 2) return;
    const [a, b] = [...fingers.values()];
    const d = Math.hypot(a.clientX - b.clientX, a.clientY - b.clientY);
    if (spread) {
      const box = frame.getBoundingClientRect();
      set(state.scale * (d / spread), ((a.clientX + b.clientX) / 2 - box.left) / box.width,
        ((a.clientY + b.clientY) / 2 - box.top) / box.height);
    }
    spread = d;
  });
  const lift = (event) => { fingers.delete(event.pointerId); spread = null; };
  frame.addEventListener("pointerup", lift);
  frame.addEventListener("pointercancel", lift);
  inner.style.width = `${state.scale * 100}%`;
  if (state.scale > 1 && state.height) frame.style.height = `${state.height}px`;
  frame.dataset.scale = String(state.scale);
  frame.classList.toggle("zoomed", state.scale > 1);
  out.disabled = state.scale <= 1;
  into.disabled = state.scale >= most;
  requestAnimationFrame(place);
  return html("div", { class: "zoomable" }, frame,
    html("div", { class: "zoom-buttons", role: "group", "aria-label": _("Zoom") }, into, out));
}
