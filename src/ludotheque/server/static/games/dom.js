// The small DOM helpers every game screen shares: SVG and HTML elements built in one call, an
// element made a button, the keyboard's focus kept across a redraw, a style sheet added once.

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
 * the fallback keys found (a card played is gone: the focus goes on to the next thing). */
export function keepFocus(board, children, ...fallbacks) {
  const active = document.activeElement;
  const key = active && board.contains(active) && active.dataset ? active.dataset.key : null;
  board.replaceChildren(...children);
  if (!key) return;
  for (const k of [key, ...fallbacks]) {
    const target = board.querySelector(`[data-key="${CSS.escape(k)}"]`);
    if (!target) continue;
    target.focus({ preventScroll: true });
    if (document.activeElement === target) return;
  }
}

/** Adds the style sheet at href to the page, once. */
export function stylesheet(href) {
  const links = document.querySelectorAll("link[rel=stylesheet]");
  if ([...links].some((link) => link.getAttribute("href") === href)) return;
  document.head.append(html("link", { rel: "stylesheet", href }));
}
