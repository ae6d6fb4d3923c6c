// A finished game stepped through, forwards and backwards, as the chosen seat saw it.
import { _ } from "/static/i18n.js";

const root = document.getElementById("replay");
const seats = JSON.parse(root.dataset.seats);
// The seats as the reader reads them; the views name them as written.
const called = JSON.parse(root.dataset.called);
const record = document.getElementById("record").textContent;
const screen = await import(`/static/games/${root.dataset.game}.js`);
const el = (id) => document.getElementById(id);
let steps = [], at = 0;
// A replay's moves are shown three times faster than at the table (dom.js's animate()).
el("board").dataset.pace = "3";

async function load() {
  const seat = el("viewer").value;
  const response = await fetch(`/replay/steps?seat=${seat}`,
    { method: "POST", body: record, headers: { "Content-Type": "application/json" } });
  const data = await response.json();
  if (!response.ok) { el("said").textContent = data.error; return; }
  steps = data;
  const log = el("log");
  log.replaceChildren();
  steps.forEach((step, i) => {
    if (!i) return;
    const item = document.createElement("li");
    const link = document.createElement("a");
    link.href = "#";
    link.textContent = step.said;
    link.onclick = (event) => { event.preventDefault(); show(i); };
    item.append(link);
    log.append(item);
  });
  show(Math.min(at, steps.length - 1));
}

function show(i) {
  at = Math.max(0, Math.min(i, steps.length - 1));
  const step = steps[at];
  const seat = el("viewer").value === "" ? null : Number(el("viewer").value);
  el("position").textContent = _("step {step} of {last}", { step: at, last: steps.length - 1 });
  el("said").textContent = step.said;
  el("result").textContent = step.result || "";
  if (step.view) {
    screen.draw(el("board"), step.view, { seat, seatName: seat === null ? null : seats[seat],
      seats, called, toAct: null, legal: [], play: () => {}, yours: false, kinds: [], over: true,
      options: JSON.parse(record).options });
  } else {
    el("board").replaceChildren();  // an entry the server could not replay: its sentence says so
  }
  const log = el("log");
  log.querySelectorAll("li").forEach((li, j) => {
    li.style.fontWeight = j + 1 === at ? "bold" : "";
  });
  // The step shown is kept in sight in the list (in its middle), the page not scrolled.
  const current = log.children[at - 1];
  if (current) {
    log.scrollTop += current.getBoundingClientRect().top - log.getBoundingClientRect().top
      - log.clientHeight / 2;
  }
}

// The analysis of the game, asked of the server for the seat chosen (every seat, as a
// spectator): told a line at a time as each turn is judged, then drawn.
async function analyse() {
  const seat = el("viewer").value;
  const bar = el("analysing"), said = el("analysed");
  el("analyse").disabled = true;
  bar.hidden = false;
  bar.removeAttribute("value");
  said.textContent = _("Judging the turns…");
  try {
    const response = await fetch(`/replay/analysis?seat=${seat}`,
      { method: "POST", body: record, headers: { "Content-Type": "application/json" } });
    if (!response.ok) {
      const refused = await response.json().catch(() => null);
      said.textContent = refused && refused.error ? refused.error
        : _("The server could not analyse this game ({status}).", { status: response.status });
      return;
    }
    const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
    let buffer = "";
    for (;;) {
      const { value, done } = await reader.read();
      if (done) break;
      buffer += value;
      const lines = buffer.split("\n");
      buffer = lines.pop();
      for (const line of lines.filter(Boolean)) {
        const told = JSON.parse(line);
        if (told.total) {
          bar.max = told.total;
          bar.value = told.done;
          said.textContent = _("{done} of {total} turns judged", told);
        } else if (told.error) {
          said.textContent = told.error;
        } else if (told.analysis) {
          said.textContent = "";
          drawAnalysis(told.analysis);
        }
      }
    }
  } catch {
    said.textContent = _("The analysis was cut off: the server cannot be reached.");
  } finally {
    bar.hidden = true;
    el("analyse").disabled = false;
  }
}

const SVG = "http://www.w3.org/2000/svg";
const COLOURS = ["#1f5f8b", "#c0762b", "#4d7c3a", "#7a4d8c", "#8a6d1f"];

function svg(name, attributes, text) {
  const node = document.createElementNS(SVG, name);
  for (const [key, value] of Object.entries(attributes)) node.setAttribute(key, value);
  if (text !== undefined) node.textContent = text;
  return node;
}

// Each seat's value along the game (its best move's, as the computer judged each of its
// turns), the costliest turns crossed in red where they were played; a point or a line of the
// list steps the replay to where its turn began.
function drawAnalysis(analysis) {
  // Drawn at the width it is shown, so that its words stay their size on a phone.
  const W = Math.max(300, Math.round(el("graph").clientWidth || 600));
  const H = Math.max(180, Math.round(W * 0.36)), left = 44, bottom = 24, top = 8;
  const chance = analysis.unit === "chance";
  const shown = (v) => (chance ? 100 * v : v);
  const judged = analysis.judgements.filter((j) => j.best_value !== null);
  const values = judged.flatMap((j) => [shown(j.best_value),
    ...(j.played_value === null ? [] : [shown(j.played_value)])]);
  const low = chance ? 0 : Math.min(0, ...values), high = chance ? 100 : Math.max(1, ...values);
  const last = Math.max(1, steps.length - 1);
  const x = (step) => left + (W - left - 8) * step / last;
  const y = (v) => top + (H - top - bottom) * (1 - (v - low) / (high - low || 1));
  const graph = svg("svg", { viewBox: `0 0 ${W} ${H}`, role: "img",
    "aria-label": analysis.axis });
  graph.append(svg("line", { x1: left, y1: y(low), x2: W - 8, y2: y(low), class: "axis" }),
    svg("line", { x1: left, y1: top, x2: left, y2: y(low), class: "axis" }),
    svg("text", { x: 4, y: top + 10, class: "label" }, `${Math.round(high)}`),
    svg("text", { x: 4, y: y(low), class: "label" }, `${Math.round(low)}`),
    svg("text", { x: left + 4, y: H - 4, class: "label" }, analysis.axis));
  const seatsJudged = [...new Set(judged.map((j) => j.seat))];
  for (const s of seatsJudged) {
    const mine = judged.filter((j) => j.seat === s);
    const colour = COLOURS[s % COLOURS.length];
    graph.append(svg("polyline", { points: mine.map((j) => `${x(j.step)},${y(shown(j.best_value))}`)
      .join(" "), fill: "none", stroke: colour, "stroke-width": 1.5 }));
    for (const j of mine) {
      const dot = svg("circle", { cx: x(j.step), cy: y(shown(j.best_value)), r: 3.5, fill: colour,
        tabindex: 0 });
      dot.append(svg("title", {}, `${j.name}: ${j.best}`));
      dot.onclick = () => show(j.step);
      graph.append(dot);
    }
    graph.append(svg("text", { x: W - 8 - 90 * seatsJudged.indexOf(s), y: H - 4, fill: colour,
      "text-anchor": "end", class: "label" }, called[s]));
  }
  for (const c of analysis.costliest) {
    const j = judged.find((k) => k.step === c.step && k.played_value !== null);
    if (!j) continue;
    graph.append(svg("text", { x: x(j.step) - 4, y: y(shown(j.played_value)) + 4,
      class: "costly" }, "✕"));
  }
  el("graph").replaceChildren(graph);
  const list = el("costliest");
  list.replaceChildren();
  const title = document.createElement("p");
  title.textContent = analysis.costliest.length ? _("The costliest turns:")
    : _("Every turn judged was played as the best the computer found.");
  el("graph").append(title);
  for (const c of analysis.costliest) {
    const item = document.createElement("li");
    const link = document.createElement("a");
    link.href = "#";
    link.textContent = c.said;
    link.onclick = (event) => { event.preventDefault(); show(c.step); };
    item.append(link);
    list.append(item);
  }
}

el("analyse").onclick = analyse;
el("first").onclick = () => show(0);
el("back").onclick = () => show(at - 1);
el("forward").onclick = () => show(at + 1);
el("last").onclick = () => show(steps.length - 1);
el("viewer").onchange = load;
document.addEventListener("keydown", (event) => {
  if (event.key === "ArrowLeft") show(at - 1);
  if (event.key === "ArrowRight") show(at + 1);
});
load();
