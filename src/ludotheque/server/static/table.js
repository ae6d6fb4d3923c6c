// A table in the browser: talks to the server over the table's WebSocket, keeps the log, and
// hands the seat's view to the rule set's screen module (static/games/<id>.js), which draws it.
//
// A screen module exports draw(board, view, ctx), and may export shown(): a promise of the end
// of what it is still showing (a flight), before which the log does not tell it; what it
// animates through dom.js's animate() is waited for too (settled). ctx is
//   { seat, seatName, seats, called (the seats' names as its reader reads them), toAct,
//     legal: [moves as written], play(move), yours, kinds, options: the table's options by name,
//     over: whether the game is over (by its rules, its limit or a fault),
//     assist: whether the table's assist is on for this seat's turn (tiddlywinks),
//     preview(move): asks the server where a steady hand's shot would come to rest }
// and a screen that asks for previews exports previewed(answer), given each answer.
// It may light the legal moves on its drawing; the list of legal moves under the board is
// always there too, for keyboards, screen readers and small screens.

import { _, ngettext } from "/static/i18n.js";
import { hurry, settled } from "/static/games/dom.js";
import { setSounds, soundsOn } from "/static/sound.js";

const root = document.getElementById("table");
const tableId = root.dataset.table;

// A seat's key comes in its link's fragment (#key=…), which no browser sends anywhere. It is
// taken out of the address at once (which becomes /t/ID), so that no entry of this tab's
// history, bookmark, screen share or copied address holds it from here on, and kept in this
// browser's storage for the table once the server has seated it. A link's key wins over a
// stored one, and this tab's (sessionStorage) over the browser's (localStorage): two seats in
// two tabs of one browser each keep theirs. A key the table refuses is forgotten, and the
// page watches as a spectator.
const stored = (id) => `ludotheque:key:${id}`;
function remember(id, key) {
  for (const storage of [sessionStorage, localStorage]) {
    try { storage.setItem(stored(id), key); } catch { /* storage refused: this page only */ }
  }
}
function forget(id) {
  for (const storage of [sessionStorage, localStorage]) {
    try { storage.removeItem(stored(id)); } catch { /* storage refused */ }
  }
}
function recall(id) {
  for (const storage of [sessionStorage, localStorage]) {
    try {
      const key = storage.getItem(stored(id));
      if (key) return key;
    } catch { /* storage refused */ }
  }
  return null;
}
const linked = new URLSearchParams(location.hash.slice(1)).get("key");
if (location.hash) history.replaceState(null, "", location.pathname + location.search);
let key = linked || recall(tableId);
// Another seat's link pasted into this tab's address bar changes only the fragment: the page
// starts again with it, as opened.
addEventListener("hashchange", () => location.reload());

const seats = JSON.parse(root.dataset.seats);
// The seats as the reader reads them (blanc, nord…); moves and frames name them as written.
const called = JSON.parse(root.dataset.called);
const calledName = (name) => called[seats.indexOf(name)] ?? name;
// The computer players in the reader's words ("computer, easy"), by kind as the seats hold them.
const kindWords = JSON.parse(root.dataset.kinds);
const options = JSON.parse(root.dataset.options);
// Whether moves are aimed shots: such a table has an assist its creator may turn on.
const aimed = JSON.parse(root.dataset.aimed);
const screen = await import(`/static/games/${root.dataset.game}.js`);

const el = (id) => document.getElementById(id);
const board = el("board"), moves = el("moves"), log = el("log"), statusLine = el("status");
const controls = el("controls"), message = el("message");
// What moves on the board (a computer's turn played step by step) is hurried to its end by a
// click on the board or by Escape: the reader need not wait for it.
board.addEventListener("pointerdown", () => { if (board.dataset.moving === "1") hurry(board); },
  true);
addEventListener("keydown", (event) => { if (event.key === "Escape") hurry(board); });

let socket = null, last = 0, frame = null, me = { seat: null, name: null };
let presence = null, retry = 500, logged = Promise.resolve();
// Around the game: the invitations (the creator's), the table's settings, the next table.
let invites = [], creator = false, settings = {}, allInvites = false, next = null;
let askedAgain = false, ownLink = null;
// Hints: whether this table allows them, whether one is being worked out for this seat, and
// the last one received with the event it was asked after (shown until the next event).
let hintsAllowed = false, hintsChosen = false, hinting = false, hint = null;
// A computer seat thinking (the server's "thinking": its seat, the event it thinks after, how
// far its search has got) and
// since when by this page's clock; the status line counts the seconds until its move comes.
let thinking = null, thinkingClock = null;
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

// A preview of a shot (the assist): one asked at a time, no sooner than GAP after the last,
// and while it is worked out only the latest aim waits: a drag asks no more than the server
// answers, nor more than its allowance of previews (40 a second).
const GAP = 25;
let previewing = null, wanted = null, lastAsked = 0, later = null;
function preview(move) {
  const wait = lastAsked + GAP - performance.now();
  if (previewing || wait > 0) {
    wanted = move;
    if (!previewing && !later) later = setTimeout(() => { later = null; preview(wanted); }, wait);
    return;
  }
  wanted = null;
  previewing = move;
  lastAsked = performance.now();
  send({ type: "preview", move });
}

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
      gone = _("This table cannot be shown here.");
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
      ? _("The server answers, but this table's connection keeps failing.")
      : _("The server answers with an error ({status}) for this table.", { status: answer.status });
  } catch {
    said = _("The server cannot be reached: check your network.");
  }
  if (!online) {
    gone = _("{said} Reload the page to try again; what you sent is kept until it is played.",
      { said });
    render();
  }
}

function receive(m) {
  if (m.type === "welcome") {
    me = { seat: m.seat, name: m.seat_name };
    if (key && m.seat !== null) remember(tableId, key);
    invites = m.invites || [];
    creator = m.creator;
    hintsAllowed = m.hints;
    hintsChosen = m.hints_chosen;
    showSettings(m.settings, m.told);
    showInvites();
    render();
  } else if (m.type === "talk") {
    showTalk(m.lines);
  } else if (m.type === "settings") {
    hintsAllowed = m.hints;
    showSettings(m.settings, m.told);
    render();
  } else if (m.type === "again") {
    next = m;
    if (askedAgain) follow();
    else render();
  } else if (m.type === "link") {
    ownLink = m;  // given once a connection: kept here
    showOwnLink(m);
  } else if (m.type === "thinking") {
    thinking = { ...m, since: performance.now() - m.for * 1000 };
    render();
  } else if (m.type === "update") {
    const told = m.events.filter((e) => e.n > last && e.said);  // what tells this seat something
    last = m.n;
    if (thinking && m.n > thinking.after) thinking = null;  // its move has come
    frame = m;
    render();
    // What the screen is still showing (a shot's flight) is not told in words before its end.
    logged = logged.then(() => Promise.all([screen.shown && screen.shown(), settled(board)]))
      .then(() => {
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
    showInvites();
    render();
  } else if (m.type === "ack") {
    pending.delete(m.id);
    tell("");
    render();
  } else if (m.type === "error") {
    if (me.seat === null && key && m.refused_key) {
      // A key this table does not know: forgotten, and the page watches instead.
      forget(tableId);
      key = null;
      send({ type: "hello", key, after: last });
    }
    askedAgain = false;
    hinting = false;
    if (m.id) pending.delete(m.id);
    tell(m.message);
    render();
  } else if (m.type === "preview") {
    previewing = null;
    if (wanted && !later) preview(wanted);  // the latest aim, asked while this one was worked out
    if (screen.previewed) screen.previewed(m);
  } else if (m.type === "answer") {
    el("answer").textContent = m.text;
  } else if (m.type === "hint") {
    hinting = false;
    hint = m;  // shown while the event it was worked out after is the last one shown
    render();
  } else if (m.type === "hinted") {
    // Another seat asked for a hint: everyone sees that he did, never what he was told.
    const item = document.createElement("li");
    item.className = "aside";
    item.textContent = _("{name} asked for a hint.", { name: calledName(m.name) });
    log.append(item);
    log.scrollTop = log.scrollHeight;
  }
}

// The creator's invitations: until every person's seat is taken, the first thing he sees, a
// line per seat with its link to copy or share and its QR code (drawn by the server, sent in
// the WebSocket's messages); then kept out of the way until asked for.
function showInvites() {
  const box = el("invites");
  const arrived = presence ? presence.arrived : [];
  const waiting = invites.some((i) => i.seat !== null && !arrived[i.seat]);
  box.hidden = !invites.length || !!(frame && frame.result) || !(waiting || allInvites);
  if (box.hidden) return;
  const title = document.createElement("h2");
  title.textContent = waiting ? _("Invite your friends") : _("Seat links");
  const help = document.createElement("p");
  help.className = "help";
  help.textContent = _("Send each person the link of their seat: whoever holds a link plays " +
    "that seat, so send it to them alone.");
  box.replaceChildren(title, help);
  for (const invite of invites) {
    const link = invite.link || (invite.seat === null ? `${location.origin}/t/${tableId}`
      : `${location.origin}/t/${tableId}#key=${invite.key}`);
    const here = invite.seat === null ? "" : arrived[invite.seat] ? _(" — here")
      : _(" — waiting for them");
    box.append(shared(invite.seat === null ? _("Spectators may watch at")
      : _("{name}'s seat", { name: invite.name }), here, link, invite.qr));
  }
}

// One link to share: what it is, the link itself, Copy, Share (where the device shares), and
// its QR code, to be read by a phone across the room.
function shared(what, state, link, qr) {
  const line = document.createElement("div");
  line.className = "invite";
  const words = document.createElement("div");
  const name = document.createElement("p");
  const strong = document.createElement("strong");
  strong.textContent = what;
  const waiting = document.createElement("span");
  waiting.className = "state";
  waiting.textContent = state;
  name.append(strong, waiting);
  const input = document.createElement("input");
  input.readOnly = true;
  input.value = link;
  input.setAttribute("aria-label", _("{what}: link", { what }));
  input.onfocus = () => input.select();
  const actions = document.createElement("p");
  actions.className = "actions";
  const copy = button(_("Copy"), async () => {
    try {
      await navigator.clipboard.writeText(link);
    } catch {
      // No Clipboard API (a page served over plain http to another machine): the old way.
      input.select();
      document.execCommand("copy");
    }
    copy.textContent = _("Copied");
    setTimeout(() => { copy.textContent = _("Copy"); }, 2000);
  }, true);
  copy.className = "quiet copy";
  actions.append(copy);
  if (navigator.share) {
    actions.append(button(_("Share"), () => navigator.share({ title: document.title, url: link })
      .catch(() => {}), true));
  }
  words.append(name, input, actions);
  line.append(words);
  if (qr) {
    const picture = document.createElement("img");
    picture.src = qr;
    picture.className = "qr";
    picture.alt = _("QR code of the link: {what}", { what });
    line.append(picture);
  }
  return line;
}

function showOwnLink(m) {
  const box = el("own-link");
  const close = button(_("Close"), () => { box.hidden = true; }, true);
  const help = document.createElement("p");
  help.className = "help";
  help.textContent = _("Open this link on your other device to play your seat there; whoever " +
    "holds it plays your seat.");
  box.replaceChildren(shared(_("Your seat"), "", m.link, m.qr), help, close);
  box.hidden = false;
}

// The table's talk: each line as text (never markup), with who said it.
function showTalk(lines) {
  const talk = el("talk");
  for (const line of lines) {
    if (talk.querySelector(`li[data-n="${line.n}"]`)) continue;  // told again on reconnecting
    const item = document.createElement("li");
    item.dataset.n = String(line.n);
    const who = document.createElement("strong");
    who.textContent = line.seat === me.seat ? _("{name} (you): ", { name: line.name })
      : _("{name}: ", { name: line.name });
    item.append(who, document.createTextNode(line.text));
    talk.append(item);
  }
  talk.scrollTop = talk.scrollHeight;
  el("talk-panel").hidden = false;
}

function showSettings(now, told) {
  settings = now || {};
  if (told) el("settings").textContent = told.join(", ");
  const said = el("talk").children.length > 0;
  const talking = settings.talk && (me.seat !== null || settings.spectators_read);
  el("talk-panel").hidden = !(said || talking);
  el("say").hidden = me.seat === null || !settings.talk;
}

// To the next table: a seat's person takes his seat there with the key the server gave this
// page (kept in storage, never in an address), a spectator watches.
function follow() {
  if (next.key) remember(next.table, next.key);
  location.assign(`/t/${encodeURIComponent(next.table)}`);
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
  label.textContent = _("Or write your move: ");
  const input = document.createElement("input");
  input.name = "move";
  input.title = input.placeholder = how;
  input.autocomplete = "off";
  label.append(input);
  const hint = document.createElement("small");
  hint.textContent = how;
  form.append(label, button(_("Play"), () => form.requestSubmit()), hint);
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
  sentence.textContent = gone || _("Connection lost; reconnecting…");
  box.replaceChildren(sentence);
  if (gone) box.append(button(_("Reload"), () => location.reload()));
}

// The status line while a computer seat thinks: its name and the seconds so far, counted
// each second until its move comes (then render() says something else and the count stops).
function showThinking() {
  const seconds = Math.floor((performance.now() - thinking.since) / 1000);
  const name = calledName(seats[thinking.seat]);
  // A search tells how far it has got (the server's "done", a share of its budget).
  statusLine.textContent = thinking.done
    ? _("{name} is thinking… {seconds} s, {percent} % of its search done", {
      name, seconds, percent: Math.round(thinking.done * 100) })
    : _("{name} is thinking… {seconds} s", { name, seconds });
  clearTimeout(thinkingClock);
  thinkingClock = setTimeout(() => { if (thinking) render(); }, 1000);
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
    statusLine.textContent = gone ? _("Not connected.") : _("Reconnecting…");
  } else if (frame.result) {
    statusLine.textContent = frame.result[0].toUpperCase() + frame.result.slice(1);
  } else if (yours) {
    statusLine.textContent = waiting ? _("Sent…")
      : _("Your turn, {name}.", { name: calledName(me.name) });
  } else if (frame.to_act) {
    const computer = frame.kinds[seats.indexOf(frame.to_act)] !== "human";
    const name = calledName(frame.to_act);
    statusLine.textContent = computer ? _("{name} to play (computer).", { name })
      : _("{name} to play.", { name });
    if (computer && thinking && seats[thinking.seat] === frame.to_act) showThinking();
    else clearTimeout(thinkingClock);
  } else {
    statusLine.textContent = "…";
  }
  statusLine.className = yours ? "yours" : "";
  // For whoever drives the page, and for the thinking sign's style: a computer is thinking.
  root.dataset.thinking = thinking && !frame.result ? String(thinking.seat) : "";
  // For whoever drives the page (a test, an assistive tool): the last event shown, and whose
  // move it is from here.
  root.dataset.n = String(last);
  root.dataset.turn = frame.result ? "over" : yours ? (waiting ? "sent" : "yours") : "theirs";
  const legal = yours && !waiting ? frame.legal || [] : [];
  const ctx = { seat: me.seat, seatName: me.name, seats, called, toAct: frame.to_act, legal, play,
                yours, kinds: frame.kinds, options, over: !!frame.result,
                assist: yours && !!settings.assist, preview };
  try {
    if (!frame.view) throw new Error("the server could not show this position");
    screen.draw(board, frame.view, ctx);
  } catch (error) {
    // A position the screen cannot draw costs the drawing, not the table: the log, the moves
    // and the record are still there.
    const note = document.createElement("p");
    note.className = "problem";
    note.textContent = _("The board cannot be drawn ({why}).", { why: error.message });
    board.replaceChildren(note);
  }

  // A move being written stays under the hand while the page is drawn again.
  const typing = moves.querySelector("form.write");
  if (!(typing && typing.contains(document.activeElement) && yours && frame.write)) {
    moves.replaceChildren();
    if (legal.length) {
      const label = document.createElement("span");
      label.textContent = legal.length === 1 ? _("Your only move:") : _("Your moves:");
      moves.append(label);
      // Each move in the reader's words (frame.labels); what is sent stays the notation.
      legal.forEach((move, i) => moves.append(button((frame.labels || legal)[i] || move,
        () => play(move))));
    } else if (yours && !waiting && frame.write) {
      moves.append(writing(frame.write));
    }
  }

  controls.replaceChildren();
  const people = document.createElement("p");
  people.className = "seats";
  seats.forEach((seatName, s) => {
    const name = called[s];
    const span = document.createElement("span");
    const kind = frame.kinds[s];
    const who = kind === "human" ? _("person") : kindWords[kind] || _("computer, {kind}", { kind });
    const here = !presence || kind !== "human" ? who
      : presence.present[s] ? _("{who}, here", { who }) : presence.arrived[s]
        ? _("{who}, away", { who }) : _("{who}, waiting for them", { who });
    span.textContent = s === me.seat ? _("{name} (you): {who}", { name, who: here })
      : _("{name}: {who}", { name, who: here });
    if (seatName === frame.to_act) span.className = "to-act";
    if (thinking && thinking.seat === s && seatName === frame.to_act) span.classList.add("thinking");
    people.append(span);
  });
  controls.append(people);
  controls.append(button(soundsOn() ? _("Sounds off") : _("Sounds on"), () => {
    setSounds(!soundsOn());
    render();
  }, true));
  if (me.seat !== null && frame.can_take_back) {
    controls.append(button(_("Take back my last move"), () => act({ type: "take-back" }), true));
  }
  // A choice to make: several moves, or a shot to aim.
  const choosing = yours && !waiting && !frame.result && (legal.length > 1 || !!frame.write);
  if (hintsAllowed && choosing) {
    controls.append(button(hinting ? _("Thinking…") : _("Hint"), () => {
      hinting = true;
      send({ type: "hint" });
      render();
    }, true));
    controls.lastChild.disabled = hinting;
  }
  showHint(choosing, legal);
  if (me.seat !== null && frame.kinds[me.seat] !== "human" && !frame.result) {
    controls.append(button(_("Take my seat back"), () => send({ type: "take-seat" }), true));
  }
  if (presence && me.seat !== null) {
    for (const s of presence.may_hand_over) {
      controls.append(button(_("Hand {name}'s seat to the computer", { name: seats[s] }),
        () => send({ type: "hand-over", seat: s }), true));
    }
  }
  if (me.seat !== null && !frame.result) {
    controls.append(button(_("Play this seat on another device"),
      () => (ownLink ? showOwnLink(ownLink) : send({ type: "link" })), true));
  }
  if (creator && invites.length && !frame.result) {
    const waiting = presence && invites.some((i) => i.seat !== null && !presence.arrived[i.seat]);
    if (!waiting) {
      controls.append(button(allInvites ? _("Hide the seat links") : _("Seat links"), () => {
        allInvites = !allInvites;
        showInvites();
        render();
      }, true));
    }
  }
  if (creator && !frame.result) {
    controls.append(button(settings.talk ? _("Turn talk off") : _("Turn talk on"),
      () => send({ type: "setting", name: "talk", value: String(!settings.talk) }), true));
    if (settings.talk || settings.spectators_read) {
      controls.append(button(settings.spectators_read ? _("Hide the talk from spectators")
        : _("Let spectators read the talk from now on"), () => send({ type: "setting",
        name: "spectators_read", value: String(!settings.spectators_read) }), true));
    }
    if (hintsChosen) {
      controls.append(button(settings.hints ? _("Turn hints off") : _("Turn hints on"),
        () => send({ type: "setting", name: "hints", value: String(!settings.hints) }), true));
    }
    if (aimed) {
      controls.append(button(settings.assist ? _("Turn the assist off") : _("Turn the assist on"),
        () => send({ type: "setting", name: "assist", value: String(!settings.assist) }), true));
    }
    controls.append(button(_("Close this table"), () => {
      if (confirm(_("Close this table for everyone? It ends as abandoned; its record is kept."))) {
        send({ type: "close" });
      }
    }, true));
  }
  if (presence && presence.spectators) {
    const watching = document.createElement("span");
    watching.className = "help";
    watching.textContent = ngettext("{count} spectator watching", "{count} spectators watching",
      presence.spectators);
    controls.append(watching);
  }
  showAgain();
  if (frame.result) {
    el("invites").hidden = true;  // nobody is left to invite
    const links = document.createElement("span");
    const link = (href, text) => {
      const a = document.createElement("a");
      a.href = href;
      a.textContent = text;
      return a;
    };
    const download = link(`/t/${encodeURIComponent(tableId)}/record`, _("Download the record"));
    download.download = "";
    links.append(download, " · ", link(`/replay/${encodeURIComponent(tableId)}`, _("Replay")),
      " · ", link("/", _("Back to the lobby")));
    controls.append(links);
  }
}

// The hint asked at this turn, under the moves: the computer's best moves, each in a line with
// what it thinks it is worth, and a button to play it (its decisions one after the other: the
// server plays a page's moves in the order sent); gone with the next event.
function showHint(choosing, legal) {
  const box = el("hint");
  box.hidden = !hint || hint.after !== last || !choosing;
  if (box.hidden) return;
  const title = document.createElement("p");
  title.textContent = _("The computer's best moves for you:");
  const list = document.createElement("ol");
  for (const advice of hint.moves) {
    const item = document.createElement("li");
    item.append(advice.said, " ");
    if (legal.includes(advice.path[0]) || frame.write) {
      item.append(button(_("Play it"), () => advice.path.forEach((move) => play(move)), true));
    }
    list.append(item);
  }
  box.replaceChildren(title, list);
}

// Once someone has opened the next table, every page here is offered to follow, in one click.
// At the end, above the board: a seat may play again; then everyone may follow.
function showAgain() {
  const box = el("again");
  const offer = !!(frame && frame.result) && me.seat !== null && !next;
  box.hidden = !(next || offer);
  if (box.hidden) return;
  const sentence = document.createElement("span");
  if (next) {
    sentence.textContent = !next.seat_name
      ? _("A new table is open with the same rules and people.")
      : next.seat_name === me.name
        ? _("A new table is open with the same rules and people: you play {seat} there.",
          { seat: calledName(next.seat_name) })
        : _("A new table is open with the same rules and people: you play {seat} there " +
          "(seats turn, so that another begins).", { seat: calledName(next.seat_name) });
    box.replaceChildren(sentence, button(next.key ? _("Take your seat there") : _("Watch it"),
      follow));
  } else {
    sentence.textContent = _("Another game, with the same rules and seats?");
    box.replaceChildren(sentence, button(_("Play again"), () => {
      askedAgain = true;
      send({ type: "again" });
    }));
  }
}

el("say").onsubmit = (event) => {
  event.preventDefault();
  const input = el("line");
  const text = input.value.trim();
  if (!text) return;
  send({ type: "say", text });
  input.value = "";
};

el("ask").onsubmit = (event) => {
  event.preventDefault();
  const question = el("question").value.trim().replace(/^\?/, "");
  send({ type: "ask", question: question || "help" });
};

connect();
