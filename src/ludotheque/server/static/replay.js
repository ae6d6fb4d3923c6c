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
