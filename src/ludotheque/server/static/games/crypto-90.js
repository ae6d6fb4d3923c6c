// Crypto-90's screen: every player's row of eight cards face up, the hand cards (yours face
// up, the others' face down), the fakirs set aside, the stock and the discard pile, the card
// taken this turn, and the round's score «la marque» item by item once a round ends.
//
// Playing by clicking: each legal move as written is mapped to the thing it means on the
// picture — `stock` the stock, `pile` the pile's top card, `row k` your row's k-th card,
// `hand` your hand card, `reject` the pile (throw the card taken onto it), `hypnotise SEAT k`
// that card of SEAT's row, `lay left|right` your hand card, `pass` and `end` buttons drawn on
// the table. Only legal moves are lit (a dashed outline, not colour alone) and focusable.

const SVGNS = "http://www.w3.org/2000/svg";
const CSS_HREF = "/static/games/crypto-90.css";

// Geometry, in viewBox units: a row of eight cards fills the width.
const W = 372, CW = 42, CH = 62, GAP = 4, X0 = (W - (8 * CW + 7 * GAP)) / 2;
const HEAD = 26;                 // a seat's header line above its row
const BELOW = 18;                // the series bar and the place numbers under a row
const MID = 112;                 // the stock, the pile and the card taken
const HANDLINE = 84;             // your hand card and your fakirs, under your row

// What the module remembers between draws: which row cards the last turn changed.
let lastJSON = null, lastRows = null, lastRound = null, turn = 0, lastPhase = null;
let marked = { turn: -1, cards: new Set() };
let focusKey = null;
const boards = new WeakSet();
let current = { legal: new Set(), play: () => {} };

// The sheet is added once; until it has loaded the picture is drawn hidden (an SVG without
// its sheet is black on black), then drawn again.
let cssReady = false, lastArgs = null;
function ensureCss() {
  const found = document.querySelector(`link[href="${CSS_HREF}"]`);
  if (found) { cssReady = cssReady || !!found.sheet; return; }
  const link = document.createElement("link");
  link.rel = "stylesheet";
  link.href = CSS_HREF;
  const ready = () => { cssReady = true; if (lastArgs) draw(...lastArgs); };
  link.onload = ready;
  link.onerror = ready;
  document.head.append(link);
}

const esc = (s) => String(s).replace(/[&<>"']/g, (c) => ({
  "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" }[c]));
const plural = (n, one, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;
const cardWord = (c) => (c === "F" ? "a fakir" : c);
const cap = (s) => s[0].toUpperCase() + s.slice(1);

// The longest run of rising cards in a row, stopped by a lower card or a fakir (rule
// "series"): [start, length], length 0 if none of two cards or more.
function bestSeries(row) {
  let best = [0, 0], start = 0, run = 0, prev = null;
  row.forEach((c, i) => {
    if (c === null || c === "F") { run = 0; prev = null; return; }
    const n = Number(c);
    if (prev !== null && n > prev) run += 1; else { run = 1; start = i; }
    prev = n;
    if (run > best[1]) best = [start, run];
  });
  return best[1] >= 2 ? best : [0, 0];
}

// Which row cards changed since the last view; the marks last while the same turn goes on
// and until another turn changes a row, so that a computer's exchange stays marked on the
// player's own turn.
function track(view) {
  const json = JSON.stringify(view);
  if (json === lastJSON) return;
  if (view.round !== lastRound) { marked = { turn: -1, cards: new Set() }; lastRows = null; }
  if (view.phase === "draw" && lastPhase !== "draw") turn += 1;
  const changed = new Set();
  if (lastRows) {
    for (const [seat, row] of Object.entries(view.rows)) {
      const before = lastRows[seat] || [];
      row.forEach((c, i) => {
        if (c !== null && before[i] !== null && before[i] !== undefined && before[i] !== c) {
          changed.add(`${seat}:${i}`);
        }
      });
    }
  }
  if (changed.size) {
    if (marked.turn === turn) for (const k of changed) marked.cards.add(k);
    else marked = { turn, cards: changed };
  }
  lastJSON = json; lastRows = view.rows; lastRound = view.round; lastPhase = view.phase;
}

// ---------------------------------------------------------------- drawing pieces (strings)

function cardFace(x, y, w, h, card) {
  const big = Math.round(h * 0.36);
  const cx = x + w / 2;
  let out = "";
  if (card === null || card === undefined) {
    return `<rect class="c90-slot" x="${x}" y="${y}" width="${w}" height="${h}" rx="5"/>`;
  }
  if (card === "edge") {
    return `<rect class="c90-card" x="${x}" y="${y}" width="${w}" height="${h}" rx="5"/>`;
  }
  if (card === "back") {
    out += `<rect class="c90-back" x="${x}" y="${y}" width="${w}" height="${h}" rx="${w > 30 ? 5 : 3}"/>`;
    out += `<rect class="c90-back-in" x="${x + 3}" y="${y + 3}" width="${w - 6}" height="${h - 6}" rx="3"/>`;
    return out;
  }
  if (card === "F") {
    out += `<rect class="c90-fakir" x="${x}" y="${y}" width="${w}" height="${h}" rx="${w > 30 ? 5 : 3}"/>`;
    if (h >= 40) {
      out += `<rect class="c90-fakir-in" x="${x + 3}" y="${y + 3}" width="${w - 6}" height="${h - 6}" rx="3"/>`;
      // A turbaned head over the letter, so that the fakir reads as a figure card.
      out += `<path class="c90-turban" d="M${cx - 8} ${y + 17} q8 -12 16 0 z"/>`;
      out += `<circle class="c90-turban" cx="${cx}" cy="${y + 7.5}" r="2"/>`;
      out += `<text class="c90-fakir-letter" x="${cx}" y="${y + h * 0.62}" font-size="${big - 2}">F</text>`;
      out += `<text class="c90-fakir-name" x="${cx}" y="${y + h - 7}">FAKIR</text>`;
    } else if (h >= 30) {
      out += `<rect class="c90-fakir-in" x="${x + 3}" y="${y + 3}" width="${w - 6}" height="${h - 6}" rx="3"/>`;
      out += `<text class="c90-fakir-letter" x="${cx}" y="${y + h * 0.55}" font-size="${Math.round(h * 0.42)}">F</text>`;
      out += `<text class="c90-fakir-name" x="${cx}" y="${y + h - 6}">FAKIR</text>`;
    } else {
      out += `<text class="c90-fakir-letter" x="${cx}" y="${y + h / 2 + 4}" font-size="11">F</text>`;
    }
    return out;
  }
  out += `<rect class="c90-card" x="${x}" y="${y}" width="${w}" height="${h}" rx="5"/>`;
  out += `<text class="c90-num" x="${cx}" y="${y + h / 2 + big * 0.36}" font-size="${big}">${esc(card)}</text>`;
  return out;
}

// A card, lit and clickable when `move` is legal; `label` says what it is, `action` what a
// click does.
function card(x, y, w, h, c, { key, move, label, action, fresh, extra = "" } = {}) {
  let inner = cardFace(x, y, w, h, c) + extra;
  if (fresh && c !== null) {
    inner += `<rect class="c90-new" x="${x + 4}" y="${y + h - 14}" width="${w - 8}" height="11" rx="3"/>` +
      `<text class="c90-new-text" x="${x + w / 2}" y="${y + h - 5.5}">new</text>`;
  }
  const said = label + (fresh ? ", just changed" : "");
  if (move && current.legal.has(move)) {
    const aria = `${action} (${said})`;
    return `<g class="c90-target" role="button" tabindex="0" data-move="${esc(move)}" data-key="${esc(key)}" aria-label="${esc(aria)}">` +
      `<title>${esc(aria)}</title>` +
      `<rect class="c90-ring" x="${x - 5}" y="${y - 5}" width="${w + 10}" height="${h + 10}" rx="8"/>` +
      `<rect class="c90-lit" x="${x - 2}" y="${y - 2}" width="${w + 4}" height="${h + 4}" rx="6"/>` +
      inner + "</g>";
  }
  return `<g role="img" aria-label="${esc(said)}">${inner}</g>`;
}

function button(x, y, w, h, text, move, aria, primary) {
  if (!current.legal.has(move)) return "";
  return `<g class="c90-button${primary ? " c90-primary" : ""}" role="button" tabindex="0" data-move="${esc(move)}" data-key="${esc(move)}" aria-label="${esc(aria)}">` +
    `<title>${esc(aria)}</title>` +
    `<rect x="${x}" y="${y}" width="${w}" height="${h}" rx="6"/>` +
    `<text x="${x + w / 2}" y="${y + h / 2 + 4.5}">${esc(text)}</text></g>`;
}

// A fakir set aside lies crosswise beyond its row («en travers»).
function fakirsAside(xRight, yMid, n, w, h, step) {
  let out = "";
  for (let i = 0; i < n; i++) {
    const x = xRight - w - (n - 1 - i) * step;
    out += cardFace(x, yMid - h / 2, w, h, "F");
  }
  return out;
}

// ---------------------------------------------------------------- the picture

function seatBlock(view, ctx, seat, y, mine) {
  const row = view.rows[seat] || [];
  const actor = view.to_move || view.mover;
  const total = view.totals[seat] ?? 0;
  const idx = view.players.indexOf(seat);
  const kind = ctx.kinds && ctx.kinds[idx];
  const who = mine ? `You (${seat})` : seat;
  const computer = kind && kind !== "human" ? " (computer)" : "";
  const playing = actor === seat && view.phase !== "over";
  const [sStart, sLen] = bestSeries(row);
  const won = view.phase === "over" && view.last_round && view.last_round.winner === seat;
  const held = view.fakirs_set_aside[seat] || 0;
  let out = `<g class="c90-seat${playing ? " c90-playing" : ""}" role="group" aria-label="${esc(`${who}'s row${playing ? ", playing now" : ""}`)}">`;
  if (playing) {
    out += `<rect class="c90-playing-band" x="2" y="${y + 1}" width="${W - 4}" height="${HEAD - 4}" rx="5"/>`;
  }
  // The header: name and points on the left; on the right the others' hand card face down
  // and the fakirs set aside. Widths are estimated (DejaVu Sans), and words are dropped until
  // both fit: first the words on the right, then "(computer)".
  const hasHand = !mine && row.length && row[7] !== null;
  const fakirWords = plural(held, "fakir");
  const meta = ` · ${total} pts${won ? " · winner" : ""}`;
  const leftWidth = (name) => (playing ? 15 : 0) + name.length * 9.6 + meta.length * 7.6;
  const rightWidth = (words) => (hasHand ? 14 + (words ? 40 : 6) : 0) +
    (!mine && held ? 20 + (held - 1) * 7 + (words ? fakirWords.length * 7.6 + 6 : 16) + 8 : 0);
  const room = W - 2 * X0 - 8;
  let words = true, name = `${who}${computer}`;
  if (leftWidth(name) + rightWidth(true) > room) words = false;
  if (leftWidth(name) + rightWidth(false) > room) name = who;
  out += `<text class="c90-name" x="${X0}" y="${y + 17}">${playing ? "▶ " : ""}${esc(name)}` +
    `<tspan class="c90-meta">${esc(meta)}</tspan></text>`;
  let xr = W - X0;
  if (hasHand) {
    out += cardFace(xr - 14, y + 3, 14, 20, "back");
    if (words) out += `<text class="c90-meta c90-end" x="${xr - 18}" y="${y + 17}">hand</text>`;
    xr -= words ? 60 : 22;
  }
  if (!mine && held) {
    out += fakirsAside(xr, y + 13, held, 20, 14, 7);
    out += `<text class="c90-meta c90-end" x="${xr - 20 - (held - 1) * 7 - 4}" y="${y + 17}">${words ? fakirWords : `${held}×`}</text>`;
  }
  const top = y + HEAD;
  row.forEach((c, i) => {
    const x = X0 + i * (CW + GAP);
    const place = `place ${i + 1}`;
    const label = `${mine ? "your" : `${seat}'s`} row, ${place}: ${c === null ? "empty" : cardWord(c)}`;
    let move = null, action = "";
    if (mine && current.legal.has(`row ${i + 1}`)) {
      move = `row ${i + 1}`;
      action = `Put ${cardWord(view.taken)} here; ${cardWord(c)} goes on the pile`;
    } else if (current.legal.has(`hypnotise ${seat} ${i + 1}`)) {
      move = `hypnotise ${seat} ${i + 1}`;
      action = `Hypnotise ${mine ? "your own" : `${seat}'s`} ${c}: a fakir replaces it`;
    }
    out += card(x, top, CW, CH, c, {
      key: `${seat}:${i}`, move, label, action, fresh: marked.cards.has(`${seat}:${i}`),
    });
    out += `<text class="c90-place" x="${x + CW / 2}" y="${top + CH + 15}">${i + 1}</text>`;
  });
  if (sLen) {
    const x1 = X0 + sStart * (CW + GAP), x2 = X0 + (sStart + sLen - 1) * (CW + GAP) + CW;
    const yb = top + CH + 4;
    out += `<path class="c90-series" d="M${x1} ${yb - 3} V${yb} H${x2} V${yb - 3}"/>`;
  }
  out += "</g>";
  return out;
}

function seriesNote(row) {
  const [, n] = bestSeries(row);
  return n ? `best series ${n} cards (${n * 10} pts)` : "no series yet";
}

function handLine(view, ctx, seat, y) {
  let out = "";
  const hand = view.hand;
  const lay = [...current.legal].find((m) => m.startsWith("lay"));
  let move = null, action = "";
  if (current.legal.has("hand")) {
    move = "hand";
    action = `Keep ${cardWord(view.taken)} in hand; your hand card ${cardWord(hand)} goes on the pile`;
  } else if (lay) {
    move = lay;
    action = `Lay ${hand} at the ${lay.split(" ")[1]} end of your row and win the round`;
  }
  out += card(X0, y + 4, CW, CH, hand, {
    key: "hand", move, label: `your hand card: ${hand === null ? "none yet" : cardWord(hand)}`, action,
  });
  const tx = X0 + CW + 10;
  const lines = [`<tspan class="c90-strong">Your hand card</tspan>`, "only you see it"];
  const won = view.phase === "over" && view.last_round && view.last_round.winner === seat;
  const [, sLen] = bestSeries(view.rows[seat] || []);
  if (lay) {
    lines.push(`<tspan class="c90-strong">It completes your nine:</tspan>`,
      `<tspan class="c90-strong">click it to lay it ${esc(lay.split(" ")[1])}!</tspan>`);
  } else if (won) {
    lines.push(`<tspan class="c90-strong">You laid it and won</tspan>`,
      `<tspan class="c90-strong">the round!</tspan>`);
  } else {
    lines.push(sLen ? `Best series: ${sLen} cards` : "No series yet", sLen ? `(${sLen * 10} pts if you lose)` : "");
  }
  lines.forEach((l, i) => { out += `<text class="c90-handtext" x="${tx}" y="${y + 18 + i * 16}">${l}</text>`; });
  const held = view.fakirs_set_aside[seat] || 0;
  if (held) {
    out += `<g role="img" aria-label="${esc(`your fakirs set aside: ${held}`)}">`;
    out += fakirsAside(W - X0, y + 30, held, 54, 38, 10);
    out += `<text class="c90-label c90-end" x="${W - X0}" y="${y + 64}">${plural(held, "fakir")} set aside</text>`;
    out += "</g>";
  }
  return out;
}

function middle(view, ctx, y, me) {
  let out = `<g class="c90-middle" role="group" aria-label="stock and pile">`;
  const top = y + 22;
  const xs = X0, xp = X0 + CW + 14, xt = X0 + 2 * CW + 34;
  // The stock, face down, a few edges showing its thickness.
  out += `<text class="c90-label" x="${xs + CW / 2}" y="${y + 12}" text-anchor="middle">Stock</text>`;
  if (view.stock > 0) {
    const edges = Math.min(3, Math.ceil(view.stock / 25));
    for (let i = edges; i > 0; i--) out += cardFace(xs + i * 1.5, top - i * 1.5, CW, CH, "back");
    out += card(xs, top, CW, CH, "back", {
      key: "stock", move: "stock", label: `stock, ${plural(view.stock, "card")} face down`,
      action: "Take the stock's top card",
    });
  } else {
    out += cardFace(xs, top, CW, CH, null);
  }
  out += `<text class="c90-meta" x="${xs + CW / 2}" y="${top + CH + 17}" text-anchor="middle">${view.stock} left</text>`;
  // The discard pile: only its top card is seen.
  out += `<text class="c90-label" x="${xp + CW / 2}" y="${y + 12}" text-anchor="middle">Pile</text>`;
  const pileTop = view.pile_top;
  let move = null, action = "";
  if (current.legal.has("pile")) { move = "pile"; action = `Take ${pileTop} from the pile`; }
  if (current.legal.has("reject")) {
    move = "reject"; action = `Throw ${cardWord(view.taken)} away onto the pile`;
  }
  if (view.pile.length > 1) out += cardFace(xp + 1.5, top - 1.5, CW, CH, "edge");
  out += card(xp, top, CW, CH, pileTop, {
    key: "pile", move, action,
    label: `pile's top card: ${pileTop === null ? "none" : cardWord(pileTop)}${pileTop === "F" ? ", which cannot be taken" : ""}`,
  });
  const pileNote = pileTop === "F" && view.phase === "draw" ? "fakir: no" : plural(view.pile.length, "card");
  out += `<text class="c90-meta" x="${xp + CW / 2}" y="${top + CH + 17}" text-anchor="middle">${pileNote}</text>`;
  // The card taken this turn, waiting to be exchanged.
  if (view.taken_from) {
    const mover = view.mover;
    const whose = mover === me ? "You took" : `${mover} took`;
    const c = view.taken === null ? "back" : view.taken;
    out += `<text class="c90-label" x="${xt + CW / 2}" y="${y + 12}" text-anchor="middle">${esc(whose)}</text>`;
    out += `<rect class="c90-taken-glow" x="${xt - 3}" y="${top - 3}" width="${CW + 6}" height="${CH + 6}" rx="7"/>`;
    out += card(xt, top, CW, CH, c, {
      key: "taken", label: `the card ${mover === me ? "you" : mover} took: ${c === "back" ? "unseen" : cardWord(c)}, from the ${view.taken_from}`,
    });
    out += `<text class="c90-meta" x="${xt + CW / 2}" y="${top + CH + 17}" text-anchor="middle">from ${view.taken_from}</text>`;
  }
  // The moves that are no card: buttons on the table.
  const bx = xt + CW + 14, bw = W - X0 - bx;
  const buttons = [];
  const lay = [...current.legal].find((m) => m.startsWith("lay"));
  if (lay) buttons.push([`Lay ${view.hand} ${lay.split(" ")[1]}: win!`, lay,
    `Lay your hand card ${view.hand} at the ${lay.split(" ")[1]} end and win the round`, true]);
  if (current.legal.has("reject")) buttons.push([`Throw ${view.taken} away`, "reject",
    `Throw ${view.taken} away onto the pile`, false]);
  if (current.legal.has("pass")) buttons.push([`Keep my ${view.fakirs_set_aside[me] > 1 ? "fakirs" : "fakir"}`, "pass",
    "Keep your fakirs: hypnotise nobody this turn (each fakir kept scores 50)", false]);
  if (current.legal.has("end")) buttons.push(["End my turn", "end", "End your turn", !lay]);
  const known = /^(stock|pile|hand|reject|pass|end|lay \w+|row [1-8]|hypnotise \w+ [1-8])$/;
  for (const m of current.legal) if (!known.test(m)) buttons.push([m, m, m, false]);
  const bh = 30, step = buttons.length > 2 ? 34 : 36;
  buttons.forEach(([text, m, aria, primary], i) => {
    out += button(bx, top + i * step, bw, bh, text, m, aria, primary);
  });
  out += "</g>";
  return [out, Math.max(MID, 18 + buttons.length * step + 10)];
}

// ---------------------------------------------------------------- words around the picture

function promptText(view, ctx, me) {
  const legal = current.legal;
  const actor = view.to_move || view.mover;
  if (view.phase === "over") return "The game is over: the score is below.";
  if (legal.size) {
    const taken = view.taken;
    if (legal.has("stock") || legal.has("pile")) {
      return legal.has("pile")
        ? `Your turn. Take a card: click the stock (face down) or the pile's top card, ${view.pile_top}.`
        : `Your turn. Take a card: click the stock${view.pile_top === "F" ? " (a fakir on the pile cannot be taken)" : ""}.`;
    }
    const rows = [...legal].filter((m) => m.startsWith("row "));
    if (rows.length || legal.has("hand")) {
      const throwIt = legal.has("reject")
        ? ` Or click the pile to throw ${taken} away.`
        : " A card taken from the pile must be kept.";
      if (rows.length === 1 && !legal.has("hand")) {
        return `You took ${cardWord(taken)}. A fakir is in your row: ${taken} must take its place — click it (place ${rows[0].slice(4)}).${throwIt}`;
      }
      return `You took ${cardWord(taken)}. Click the card of your row, or your hand card, that ${taken} replaces: the replaced card goes on the pile.${throwIt}`;
    }
    if ([...legal].some((m) => m.startsWith("hypnotise"))) {
      const n = view.fakirs_set_aside[me];
      return `You hold ${plural(n, "fakir")}. To hypnotise, click any card in any row: a fakir replaces it and the card goes under the pile (it stops a player close to winning). Or click “Keep my fakir${n > 1 ? "s" : ""}”: each one kept scores 50.`;
    }
    const lay = [...legal].find((m) => m.startsWith("lay"));
    if (lay) {
      return `Your nine are in order! Click your hand card, ${view.hand}, to lay it ${lay.split(" ")[1]} and win the round — or “End my turn” to keep it for later.`;
    }
    if (legal.has("end")) return "Click “End my turn”.";
    return "Your move: the moves are listed under the picture.";
  }
  if (actor === null || actor === undefined) {
    return view.phase === "deal" ? "Dealing the cards…" : "A card is drawn from the stock…";
  }
  if (actor === me) return "Your turn…";
  const kind = ctx.kinds && ctx.kinds[view.players.indexOf(actor)];
  const computer = kind && kind !== "human" ? " (computer)" : "";
  return `${cap(actor)}${computer} is playing.`;
}

function goalText(view) {
  const mixed = view.players.length >= 4;
  return `Goal: nine cards rising left to right — a row of eight plus the hand card at one end` +
    `${mixed ? " (with four players, even and odd may be mixed)" : ", all even or all odd"}.` +
    " The number under each card is its place.";
}

// «La marque»: the leaflet's table, its lines in its order, each seat's points for each.
const MARQUE = [
  ["round won", "Round won: 250 (150 at four)"],
  ["unused fakirs", "Fakirs not used: 50 each"],
  ["series", "Series: 10 a card (not the winner)"],
  ["all even or all odd", "All even or all odd, at four: 100"],
  ["the nine tens", "The nine tens: 100"],
];

// The card the winner laid, as the last sentence tells it (the view keeps no other trace of
// it once the round is over): ", 08, on the left", or nothing.
function laidCard(view) {
  const m = view.last && view.last.match(/lays (\d\d|F) on the (left|right) and wins/);
  return m ? `, ${m[1]}, on the ${m[2]},` : "";
}

function scoreTable(view) {
  const last = view.last_round;
  if (!last) return "";
  const round = view.phase === "over" ? view.round : view.round - 1;
  const seats = view.players;
  const values = {};
  const extra = [];
  for (const seat of seats) {
    values[seat] = {};
    for (const item of (last.scores[seat] || { items: [] }).items) {
      const m = item.match(/^(.*) (-?\d+)$/);
      if (!m) continue;
      if (!MARQUE.some(([k]) => k === m[1]) && !extra.includes(m[1])) extra.push(m[1]);
      values[seat][m[1]] = Number(m[2]);
    }
  }
  const lines = [...MARQUE, ...extra.map((k) => [k, cap(k)])];
  const winner = last.winner === null
    ? "The stock ran out and no hand card completed its row: nobody won the round."
    : `${cap(last.winner)} laid the ninth card${laidCard(view)} and won the round.`;
  let html = `<section class="c90-score" aria-label="the score of round ${round}">` +
    `<h3>Round ${round}: the score («la marque»)</h3><p>${esc(winner)}</p>` +
    `<div class="c90-score-wrap"><table><thead><tr><th scope="col">Item</th>`;
  for (const s of seats) html += `<th scope="col">${esc(s)}</th>`;
  html += "</tr></thead><tbody>";
  for (const [k, name] of lines) {
    html += `<tr><th scope="row">${esc(name)}</th>`;
    for (const s of seats) html += `<td>${values[s][k] ?? "—"}</td>`;
    html += "</tr>";
  }
  html += `<tr class="c90-sum"><th scope="row">Round ${round} total</th>`;
  for (const s of seats) html += `<td>${last.scores[s] ? last.scores[s].total : 0}</td>`;
  html += `</tr><tr class="c90-sum"><th scope="row">Game total</th>`;
  for (const s of seats) html += `<td>${view.totals[s] ?? 0}</td>`;
  html += "</tr></tbody></table></div>" +
    "<p class=\"c90-note\">Series: the most cards rising one after another in a row, stopped by a " +
    "lower card or a fakir. The nine tens: a winning nine with one card from each ten (01–10, " +
    "11–20, … 81–90), in order.</p></section>";
  return html;
}

function pileList(view, open) {
  if (!view.pile.length) return "";
  const cards = view.pile.slice().reverse().map((c) => (c === "F" ? "F (fakir)" : c)).join(", ");
  return `<details class="c90-pile"${open ? " open" : ""}><summary>Every card in the pile (${view.pile.length}), top first</summary>` +
    `<p>${esc(cards)}</p></details>`;
}

// ---------------------------------------------------------------- events

function wire(board) {
  if (boards.has(board)) return;
  boards.add(board);
  const fire = (target) => {
    const move = target && target.getAttribute("data-move");
    if (move && current.legal.has(move)) current.play(move);
  };
  board.addEventListener("click", (event) => {
    fire(event.target.closest && event.target.closest("[data-move]"));
  });
  board.addEventListener("keydown", (event) => {
    if (event.key !== "Enter" && event.key !== " ") return;
    const target = event.target.closest && event.target.closest("[data-move]");
    if (!target) return;
    event.preventDefault();
    fire(target);
  });
}

// ---------------------------------------------------------------- draw

export function draw(board, view, ctx) {
  lastArgs = [board, view, ctx];
  ensureCss();
  wire(board);
  current = { legal: new Set(ctx.legal || []), play: ctx.play };
  track(view);
  const me = ctx.seatName && view.rows[ctx.seatName] ? ctx.seatName : null;

  // Keep the keyboard's place across redraws: the same thing if it is still there, else the
  // first lit one, as long as the focus was on the board (or lost with the last redraw).
  const active = document.activeElement;
  if (active && board.contains(active)) focusKey = active.getAttribute("data-key") || "";
  else if (active && active !== document.body) focusKey = null;
  const pileOpen = !!board.querySelector("details.c90-pile[open]");

  const players = view.players;
  let above, below;
  if (me) {
    const i = players.indexOf(me);
    above = [...players.slice(i + 1), ...players.slice(0, i)];
    below = [];
  } else {
    above = players.slice(0, Math.ceil(players.length / 2));
    below = players.slice(Math.ceil(players.length / 2));
  }
  let y = 4, body = "";
  const blockH = HEAD + CH + BELOW + 8;
  for (const seat of above) { body += seatBlock(view, ctx, seat, y, false); y += blockH; }
  const [mid, midH] = middle(view, ctx, y, me);
  body += `<rect class="c90-mid-band" x="2" y="${y - 2}" width="${W - 4}" height="${midH}" rx="6"/>` + mid;
  y += midH + 6;
  for (const seat of below) { body += seatBlock(view, ctx, seat, y, false); y += blockH; }
  if (me) {
    body += seatBlock(view, ctx, me, y, true);
    y += HEAD + CH + BELOW;
    body += handLine(view, ctx, me, y);
    y += HANDLINE;
  }
  const height = y + 2;
  const title = `Crypto-90, round ${view.round}: ${players.map((s) => `${s}'s row ${(view.rows[s] || []).map((c) => c ?? "empty").join(" ")}`).join("; ")}`;
  const svg = `<svg class="c90" xmlns="${SVGNS}" viewBox="0 0 ${W} ${height}"${cssReady ? "" : ' style="visibility:hidden"'} role="group" aria-label="${esc(title)}">` +
    `<rect class="c90-felt" x="0" y="0" width="${W}" height="${height}" rx="10"/>` + body + "</svg>";

  const info = `Round ${view.round} · dealt by ${esc(view.dealer)} · ${esc(me ? `your row: ${seriesNote(view.rows[me])}` : "spectating")}`;
  const last = view.last ? `<p class="c90-last"><span class="c90-strong">Last:</span> ${esc(cap(view.last))}</p>` : "";
  board.innerHTML =
    `<p class="c90-prompt${current.legal.size ? " c90-yours" : ""}">${esc(promptText(view, ctx, me))}</p>` +
    svg + last +
    `<p class="c90-goal">${esc(goalText(view))} <span class="c90-info">${info}</span></p>` +
    scoreTable(view) + pileList(view, pileOpen);

  if (focusKey !== null) {
    const target = (focusKey && board.querySelector(`[data-key="${CSS_escape(focusKey)}"]`)) ||
      firstTarget(board);
    if (target) target.focus({ preventScroll: true });
  }
}

// Where the keyboard goes when the thing it was on is gone: the step a turn usually takes
// next, never a move that is easily regretted (throwing a card away, hypnotising).
function firstTarget(board) {
  for (const pick of ['[data-move="stock"]', '[data-move^="row "]', '[data-move="hand"]',
    '[data-move="end"]', '[data-move="pass"]', "[data-move]"]) {
    const found = board.querySelector(pick);
    if (found) return found;
  }
  return null;
}

function CSS_escape(s) {
  return window.CSS && window.CSS.escape ? window.CSS.escape(s) : s.replace(/["\\]/g, "\\$&");
}
