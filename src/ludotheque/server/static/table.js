// A table in the browser: talks to the server over the table's WebSocket, keeps the log, and
// hands the seat's view to the rule set's screen module (static/games/<id>.js), which draws it.
//
// A screen module exports draw(board, view, ctx), and may export shown(): a promise of the end
// of what it is still showing (a flight), before which the log does not tell it. ctx is
//   { seat, seatName, seats, toAct, legal: [moves as written], play(move), yours, kinds,
//     options: the table's options by name }
// It may light the legal moves on its drawing; the list of legal moves under the board is
// always there too, for keyboards, screen readers and small screens.

const root = document.getElementById("table");
const tableId = root.dataset.table;
const seats = JSON.parse(root.dataset.seats);
const options = JSON.parse(root.dataset.options);
const key = new URLSearchParams(location.hash.slice(1)).get("key");
const screen = await import(`/static/games/${root.dataset.game}.js`);

const el = (id) => document.getElementById(id);
const board = el("board"), moves = el("moves"), log = el("log"), statusLine = el("status");
const controls = el("controls"), message = el("message");

let socket = null, last = 0, frame = null, me = { seat: null, name: null };
let presence = null, retry = 500, logged = Promise.resolve();
// Whether the table's connection is open, and how many times in a row it failed to open: a
// table is played only while it is open; after a few failures the page says why in a sentence.
let online = false, failures = 0, gone = null;
const PATIENCE = 3;
const pending = new Map(); // a move or take-back sent and not yet acknowledged, by id

function newId() {
  if (crypto.randomUUID) return crypto.randomUUID();
  return Array.from(crypto.getRandomValues(new Uint32Array(4)), (n) => n.toString(36)).join("-");
}

function send(message) {
  if (socket && socket.readyState === WebSocket.OPEN) socket.send(JSON.stringify(message));
}

function act(message) {
  message.id = newId();
  pending.set(message.id, message);
  send(message);
  render();
}

function play(move) { act({ type: "move", move }); }

function tell(text) {
  message.hidden = !text;
  message.textContent = text ? text[0].toUpperCase() + text.slice(1) : "";
}
message.onclick = () => tell("");

function connect() {
  const scheme = location.protocol === "https:" ? "wss" : "ws";
  socket = new WebSocket(`${scheme}://${location.host}/t/${tableId}/ws`);
  socket.onopen = () => {
    online = true;
    send({ type: "hello", key, after: last });
    // What was sent before the connection dropped goes again: the server plays each id once.
    for (const message of pending.values()) send(message);
  };
  socket.onmessage = (event) => {
    // Only a connection the server talks on is a working one.
    retry = 500;
    failures = 0;
    gone = null;
    receive(JSON.parse(event.data));
  };
  socket.onclose = (event) => {
    online = false;
    if (event.code === 4404) {
      gone = "This table cannot be shown here.";
      render();
      return;
    }
    failures += 1;
    render();
    if (failures >= PATIENCE) diagnose();
    setTimeout(connect, retry);
    retry = Math.min(retry * 2, 5000);
  };
}

// After a few failed reconnections: is the network down, or does the server answer with an
// error? Either way the page says so plainly, offers a reload, and goes on trying.
async function diagnose() {
  let said;
  try {
    const answer = await fetch(location.pathname, { cache: "no-store" });
    said = answer.ok
      ? "The server answers, but this table's connection keeps failing."
      : `The server answers with an error (${answer.status}) for this table.`;
  } catch {
    said = "The server cannot be reached: check your network.";
  }
  if (!online) {
    gone = `${said} Reload the page to try again; what you sent is kept until it is played.`;
    render();
  }
}

function receive(m) {
  if (m.type === "welcome") {
    me = { seat: m.seat, name: m.seat_name };
    showInvites(m.invites || {});
  } else if (m.type === "update") {
    const told = m.events.filter((e) => e.n > last && e.said);  // what tells this seat something
    last = m.n;
    frame = m;
    render();
    // What the screen is still showing (a shot's flight) is not told in words before its end.
    logged = logged.then(() => screen.shown && screen.shown()).then(() => {
      for (const old of log.querySelectorAll("li.new")) old.classList.remove("new");
      for (const e of told) {
        const item = document.createElement("li");
        item.textContent = e.said;
        item.className = "new";
        log.append(item);
      }
      log.scrollTop = log.scrollHeight;
    });
  } else if (m.type === "presence") {
    presence = m;
    render();
  } else if (m.type === "ack") {
    pending.delete(m.id);
    tell("");
    render();
  } else if (m.type === "error") {
    if (m.id) pending.delete(m.id);
    tell(m.message);
    render();
  } else if (m.type === "answer") {
    el("answer").textContent = m.text;
  }
}

function showInvites(invites) {
  const box = el("invites");
  const names = Object.keys(invites);
  if (!names.length) return;
  const base = `${location.origin}/t/${tableId}`;
  box.replaceChildren();
  const title = document.createElement("p");
  const strong = document.createElement("strong");
  strong.textContent = "Invite your friends";
  const watch = document.createElement("a");
  watch.href = watch.textContent = base;
  title.append(strong, ": send each the link of their seat (whoever holds a link plays that " +
    "seat). Spectators may watch at ", watch, ".");
  box.append(title);
  for (const name of names) {
    const label = document.createElement("label");
    label.textContent = `${name}'s seat: `;
    const input = document.createElement("input");
    input.readOnly = true;
    input.value = `${base}#key=${invites[name]}`;
    input.onfocus = () => input.select();
    label.append(input);
    box.append(label);
  }
  box.hidden = false;
}

function button(text, onclick, quiet) {
  const b = document.createElement("button");
  b.type = "button";
  b.textContent = text;
  b.onclick = onclick;
  if (quiet) b.className = "quiet";
  return b;
}

// Where a move is aimed from a continuum (a shot), there is no list to choose from: the move
// is written out, as the server says how.
function writing(how) {
  const form = document.createElement("form");
  form.className = "write";
  const label = document.createElement("label");
  label.textContent = "Or write your move: ";
  const input = document.createElement("input");
  input.name = "move";
  input.title = input.placeholder = how;
  input.autocomplete = "off";
  label.append(input);
  const hint = document.createElement("small");
  hint.textContent = how;
  form.append(label, button("Play", () => form.requestSubmit()), hint);
  form.onsubmit = (event) => {
    event.preventDefault();
    if (input.value.trim()) play(input.value.trim());
    input.blur();
  };
  return form;
}

function showConnection() {
  const box = el("connection");
  box.hidden = online || !(gone || failures);
  if (box.hidden) return;
  const sentence = document.createElement("span");
  sentence.textContent = gone || "Connection lost; reconnecting…";
  box.replaceChildren(sentence);
  if (gone) box.append(button("Reload", () => location.reload()));
}

function render() {
  showConnection();
  // Nothing is played while the connection is down: the board is shown, not worked.
  board.inert = !online;
  board.classList.toggle("offline", !online);
  if (!frame) return;
  const yours = online && me.seat !== null && frame.to_act === me.name && !frame.result;
  const waiting = pending.size > 0;
  if (!online && !frame.result) {
    statusLine.textContent = gone ? "Not connected." : "Reconnecting…";
  } else if (frame.result) {
    statusLine.textContent = frame.result[0].toUpperCase() + frame.result.slice(1);
  } else if (yours) {
    statusLine.textContent = waiting ? "Sent…" : `Your turn, ${me.name}.`;
  } else if (frame.to_act) {
    const computer = frame.kinds[seats.indexOf(frame.to_act)] !== "human";
    statusLine.textContent = `${frame.to_act} to play${computer ? " (computer)" : ""}.`;
  } else {
    statusLine.textContent = "…";
  }
  statusLine.className = yours ? "yours" : "";
  // For whoever drives the page (a test, an assistive tool): the last event shown, and whose
  // move it is from here.
  root.dataset.n = String(last);
  root.dataset.turn = frame.result ? "over" : yours ? (waiting ? "sent" : "yours") : "theirs";
  const legal = yours && !waiting ? frame.legal || [] : [];
  const ctx = { seat: me.seat, seatName: me.name, seats, toAct: frame.to_act, legal, play,
                yours, kinds: frame.kinds, options };
  try {
    if (!frame.view) throw new Error("the server could not show this position");
    screen.draw(board, frame.view, ctx);
  } catch (error) {
    // A position the screen cannot draw costs the drawing, not the table: the log, the moves
    // and the record are still there.
    const note = document.createElement("p");
    note.className = "problem";
    note.textContent = `The board cannot be drawn (${error.message}).`;
    board.replaceChildren(note);
  }

  // A move being written stays under the hand while the page is drawn again.
  const typing = moves.querySelector("form.write");
  if (!(typing && typing.contains(document.activeElement) && yours && frame.write)) {
    moves.replaceChildren();
    if (legal.length) {
      const label = document.createElement("span");
      label.textContent = legal.length === 1 ? "Your only move:" : "Your moves:";
      moves.append(label);
      for (const move of legal) moves.append(button(move, () => play(move)));
    } else if (yours && !waiting && frame.write) {
      moves.append(writing(frame.write));
    }
  }

  controls.replaceChildren();
  const people = document.createElement("p");
  people.className = "seats";
  seats.forEach((name, s) => {
    const span = document.createElement("span");
    const kind = frame.kinds[s];
    const who = kind === "human" ? "person" : `computer, ${kind}`;
    const here = presence && kind === "human" ? (presence.present[s] ? ", here" : ", away") : "";
    span.textContent = `${name}${s === me.seat ? " (you)" : ""}: ${who}${here}`;
    if (name === frame.to_act) span.className = "to-act";
    people.append(span);
  });
  controls.append(people);
  if (me.seat !== null && frame.can_take_back) {
    controls.append(button("Take back my last move", () => act({ type: "take-back" }), true));
  }
  if (me.seat !== null && frame.kinds[me.seat] !== "human" && !frame.result) {
    controls.append(button("Take my seat back", () => send({ type: "take-seat" }), true));
  }
  if (presence && me.seat !== null) {
    for (const s of presence.may_hand_over) {
      controls.append(button(`Hand ${seats[s]}'s seat to the computer`,
        () => send({ type: "hand-over", seat: s }), true));
    }
  }
  if (presence && presence.spectators) {
    const watching = document.createElement("span");
    watching.className = "help";
    watching.textContent = `${presence.spectators} watching`;
    controls.append(watching);
  }
  if (frame.result) {
    el("invites").hidden = true;  // nobody is left to invite
    const links = document.createElement("span");
    const link = (href, text) => {
      const a = document.createElement("a");
      a.href = href;
      a.textContent = text;
      return a;
    };
    const download = link(`/t/${encodeURIComponent(tableId)}/record`, "Download the record");
    download.download = "";
    links.append(download, " · ", link(`/replay/${encodeURIComponent(tableId)}`, "Replay"),
      " · ", link("/", "Back to the lobby"));
    controls.append(links);
  }
}

el("ask").onsubmit = (event) => {
  event.preventDefault();
  const question = el("question").value.trim().replace(/^\?/, "");
  send({ type: "ask", question: question || "help" });
};

connect();
