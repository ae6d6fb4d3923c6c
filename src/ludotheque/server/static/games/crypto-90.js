// Crypto-90's screen: every player's row of eight cards face up, the hand cards (yours face
// up, the others' face down), the fakirs set aside, the stock and the discard pile, the card
// taken this turn, and the round's score «la marque» item by item once a round ends.
//
// Playing by clicking: each legal move as written is mapped to the thing it means on the
// picture — `stock` the stock, `pile` the pile's top card, `row k` your row's k-th card,
// `hand` your hand card, `reject` the pile (throw the card taken onto it), `hypnotise SEAT k`
// that card of SEAT's row, `lay left|right` your hand card, `pass` and `end` buttons drawn on
// the table. Only legal moves are lit (a dashed outline, not colour alone) and focusable.
//
// Cards move as on a table: each card drawn carries a key (`n:45` a card face up, `F:<slot>`
// a fakir, `back:<slot>` a card face down) and the picture's place of each key is kept for
// every view drawn. The server sends only its latest frame, one for each decision; a frame
// that comes while the cards still move joins the sequence under way, and the whole sequence
// is played out on the newest drawing (which is at once the one to click on) as one timeline,
// step after step with a pause between (none before the reader's own step): a computer's
// draw, then its exchange. The cards fly as twins in a layer laid over the picture, which
// stays still, each card hidden where it lands until its twin is there; a card face down
// that lands face up turns over in flight. What a seat has not seen stays a back: a card gone
// out of sight is drawn as the last view that showed it drew it, nothing else.

import { _, told } from "../i18n.js";
import { animate, pace, still } from "./dom.js";
import { sound } from "../sound.js";

const SVGNS = "http://www.w3.org/2000/svg";
const CSS_HREF = "/static/games/crypto-90.css";

// Geometry, in viewBox units: a row of eight cards fills the width.
const W = 372, CW = 42, CH = 62, GAP = 4, X0 = (W - (8 * CW + 7 * GAP)) / 2;
const HEAD = 26;                 // a seat's header line above its row
const BELOW = 18;                // the series bar and the place numbers under a row
const MID = 112;                 // the stock, the pile and the card taken
const HANDLINE = 84;             // your hand card and your fakirs, under your row
// A board this wide (pixels) puts the stock and the pile in a column beside the rows, so
// that the picture, scaled to the window's height, is not a narrow strip on a desktop.
const WIDE = 600, MW = 196;
// What the window keeps below the picture: the list of moves, sticky at its foot.
const FOOT = 64;
// The picture is never narrower than this (pixels): a card, ring included, stays a finger's
// size (44 pixels) on a phone.
const NARROWEST = 320;

// The motion (milliseconds, before the page's pace): a card's flight, the pause between two
// steps of a turn, and the interval between two cards dealt.
const FLY = 450, PAUSE = 500, DEAL = 45;
// How far (milliseconds of motion still to play) the picture may be behind the game.
const BEHIND = 4000;
// "{seat}: keeps the card he drew in hand…": a card drawn unseen went into the hand and the
// old hand card onto the pile, which the view alone does not tell from a card thrown away.
const KEPT = ["{seat}: keeps the card he drew in hand and discards his old hand card, {old}.",
  _("{seat}: keeps the card he drew in hand and discards his old hand card, {old}.")];

// What the module remembers between draws: which row cards the last turn changed.
let lastJSON = null, lastRows = null, lastRound = null, turn = 0, lastPhase = null;
let marked = { turn: -1, cards: new Set() };
let focusKey = null;
const boards = new WeakSet();
let current = { legal: new Set(), play: () => {} };
// Each board's motion: the views of the sequence under way (the first the one still when it
// began), when it began, and the signature of the last drawing (a redraw of the same thing
// would stop what moves).
const motions = new WeakMap();
// The places of the cards in the picture being built: key → its rectangle, card and slot.
let spots = new Map();

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
const fakirCount = (n) => (n === 1 ? _("{n} fakir", { n }) : _("{n} fakirs", { n }));
const cardCount = (n) => (n === 1 ? _("{n} card", { n }) : _("{n} cards", { n }));
const cardWord = (c) => (c === "F" ? _("a fakir") : c);
const cap = (s) => s[0].toUpperCase() + s.slice(1);
// Each sentence is looked up outside any template literal and any other call's arguments, where
// the catalog's extractor (Babel's) finds it.
// The seats' names are identifiers (the moves and the view use them); a person reads them in
// his language.
const SEATS = { north: _("north"), east: _("east"), south: _("south"), west: _("west") };
const seatWord = (seat) => SEATS[seat] || seat;
// The sentences a side of the row changes, the ninth card going left or right.
const bySide = (side, left, right) => (side === "left" ? left : right);

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

// A card's key: the card itself when it is face up and numbered (one of each), else what it
// is and where it lies (six fakirs alike; a back says nothing of its card).
const keyOf = (c, slot) => (c === "F" ? `F:${slot}` : c === "back" ? `back:${slot}` : `n:${c}`);

// Notes where the card c lies in the picture being built; the attribute that names it.
function spot(c, slot, x, y, w, h) {
  if (c === null || c === undefined || !slot) return "";
  const key = keyOf(c, slot);
  spots.set(key, { x, y, w, h, card: c, slot, face: c === "back" ? "back" : "up" });
  return ` data-c="${esc(key)}"`;
}

// A card, lit and clickable when `move` is legal; `label` says what it is, `action` what a
// click does; `slot` where it lies (stock, pile, taken, hand, hand:SEAT, row:SEAT:i), to move
// it when it comes from elsewhere.
function card(x, y, w, h, c, { key, move, label, action, fresh, slot, extra = "" } = {}) {
  let inner = cardFace(x, y, w, h, c) + extra;
  if (fresh && c !== null) {
    const newWord = _("new");
    inner += `<rect class="c90-new" x="${x + 4}" y="${y + h - 14}" width="${w - 8}" height="11" rx="3"/>` +
      `<text class="c90-new-text" x="${x + w / 2}" y="${y + h - 5.5}">${esc(newWord)}</text>`;
  }
  const said = fresh ? _("{label}, just changed", { label }) : label;
  const at = spot(c, slot, x, y, w, h);
  if (move && current.legal.has(move)) {
    const aria = `${action} (${said})`;
    return `<g class="c90-target" role="button" tabindex="0" data-move="${esc(move)}" data-key="${esc(key)}" aria-label="${esc(aria)}"${at}>` +
      `<title>${esc(aria)}</title><g class="c90-turn">` +
      `<rect class="c90-ring" x="${x - 5}" y="${y - 5}" width="${w + 10}" height="${h + 10}" rx="8"/>` +
      `<rect class="c90-lit" x="${x - 2}" y="${y - 2}" width="${w + 4}" height="${h + 4}" rx="6"/>` +
      inner + "</g></g>";
  }
  return `<g role="img" aria-label="${esc(said)}"${at}><g class="c90-turn">${inner}</g></g>`;
}

// A card seen only as a part of something else (a hand card face down in a header, a fakir
// set aside): no name of its own, but a place, to move it.
function piece(x, y, w, h, c, slot) {
  return `<g${spot(c, slot, x, y, w, h)}><g class="c90-turn">${cardFace(x, y, w, h, c)}</g></g>`;
}

function button(x, y, w, h, text, move, aria, primary) {
  if (!current.legal.has(move)) return "";
  return `<g class="c90-button${primary ? " c90-primary" : ""}" role="button" tabindex="0" data-move="${esc(move)}" data-key="${esc(move)}" aria-label="${esc(aria)}">` +
    `<title>${esc(aria)}</title>` +
    `<rect x="${x}" y="${y}" width="${w}" height="${h}" rx="6"/>` +
    `<text x="${x + w / 2}" y="${y + h / 2 + 4.5}">${esc(text)}</text></g>`;
}

// A fakir set aside lies crosswise beyond its row («en travers»).
function fakirsAside(xRight, yMid, n, w, h, step, seat) {
  let out = "";
  for (let i = 0; i < n; i++) {
    const x = xRight - w - (n - 1 - i) * step;
    out += piece(x, yMid - h / 2, w, h, "F", `aside:${seat}:${i}`);
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
  const who = mine ? _("You ({seat})", { seat: seatWord(seat) }) : seatWord(seat);
  const computer = kind && kind !== "human" ? _(" (computer)") : "";
  const playing = actor === seat && view.phase !== "over";
  const [sStart, sLen] = bestSeries(row);
  const won = view.phase === "over" && view.last_round && view.last_round.winner === seat;
  const held = view.fakirs_set_aside[seat] || 0;
  const rowLabel = playing ? _("{who}'s row, playing now", { who }) : _("{who}'s row", { who });
  let out = `<g class="c90-seat${playing ? " c90-playing" : ""}" role="group" aria-label="${esc(rowLabel)}">`;
  if (playing) {
    out += `<rect class="c90-playing-band" x="2" y="${y + 1}" width="${W - 4}" height="${HEAD - 4}" rx="5"/>`;
  }
  // The header: name and points on the left; on the right the others' hand card face down
  // and the fakirs set aside. Widths are estimated (DejaVu Sans), and words are dropped until
  // both fit: first the words on the right, then "(computer)".
  const hasHand = !mine && row.length && row[7] !== null;
  const fakirWords = fakirCount(held);
  const meta = _(" · {total} pts", { total }) + (won ? _(" · winner") : "");
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
    out += piece(xr - 14, y + 3, 14, 20, "back", `hand:${seat}`);
    const handWord = _("hand");
    if (words) out += `<text class="c90-meta c90-end" x="${xr - 18}" y="${y + 17}">${esc(handWord)}</text>`;
    xr -= words ? 60 : 22;
  }
  if (!mine && held) {
    out += fakirsAside(xr, y + 13, held, 20, 14, 7, seat);
    out += `<text class="c90-meta c90-end" x="${xr - 20 - (held - 1) * 7 - 4}" y="${y + 17}">${words ? fakirWords : `${held}×`}</text>`;
  }
  const top = y + HEAD;
  row.forEach((c, i) => {
    const x = X0 + i * (CW + GAP);
    const shown = c === null ? _("empty") : cardWord(c);
    const label = mine ? _("your row, place {place}: {card}", { place: i + 1, card: shown })
      : _("{seat}'s row, place {place}: {card}", { seat: seatWord(seat), place: i + 1, card: shown });
    let move = null, action = "";
    if (mine && current.legal.has(`row ${i + 1}`)) {
      move = `row ${i + 1}`;
      action = _("Put {card} here; {old} goes on the pile", { card: cardWord(view.taken), old: cardWord(c) });
    } else if (current.legal.has(`hypnotise ${seat} ${i + 1}`)) {
      move = `hypnotise ${seat} ${i + 1}`;
      action = mine ? _("Hypnotise your own {card}: a fakir replaces it", { card: c })
        : _("Hypnotise {seat}'s {card}: a fakir replaces it", { seat: seatWord(seat), card: c });
    }
    out += card(x, top, CW, CH, c, {
      key: `${seat}:${i}`, move, label, action, fresh: marked.cards.has(`${seat}:${i}`),
      slot: `row:${seat}:${i}`,
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
  return n ? _("best series {n} cards ({points} pts)", { n, points: n * 10 }) : _("no series yet");
}

function handLine(view, ctx, seat, y) {
  let out = "";
  const hand = view.hand;
  const lay = [...current.legal].find((m) => m.startsWith("lay"));
  let move = null, action = "";
  const noneYet = _("none yet");
  if (current.legal.has("hand")) {
    move = "hand";
    action = _("Keep {card} in hand; your hand card {old} goes on the pile",
      { card: cardWord(view.taken), old: cardWord(hand) });
  } else if (lay) {
    move = lay;
    action = bySide(lay.split(" ")[1], _("Lay {card} at the left end of your row and win the round", { card: hand }),
      _("Lay {card} at the right end of your row and win the round", { card: hand }));
  }
  out += card(X0, y + 4, CW, CH, hand, {
    key: "hand", move, label: _("your hand card: {card}", { card: hand === null ? noneYet : cardWord(hand) }), action,
    slot: "hand",
  });
  const tx = X0 + CW + 10;
  const yours = _("Your hand card");
  const lines = [`<tspan class="c90-strong">${esc(yours)}</tspan>`, esc(_("only you see it"))];
  const won = view.phase === "over" && view.last_round && view.last_round.winner === seat;
  const [, sLen] = bestSeries(view.rows[seat] || []);
  if (lay) {
    const completes = _("It completes your nine:");
    const left = _("click it to lay it left!"), right = _("click it to lay it right!");
    lines.push(`<tspan class="c90-strong">${esc(completes)}</tspan>`,
      `<tspan class="c90-strong">${esc(bySide(lay.split(" ")[1], left, right))}</tspan>`);
  } else if (won) {
    const laid = _("You laid it and won"), round = _("the round!");
    lines.push(`<tspan class="c90-strong">${esc(laid)}</tspan>`,
      `<tspan class="c90-strong">${esc(round)}</tspan>`);
  } else {
    lines.push(esc(sLen ? _("Best series: {n} cards", { n: sLen }) : _("No series yet")),
      sLen ? esc(_("({points} pts if you lose)", { points: sLen * 10 })) : "");
  }
  lines.forEach((l, i) => { out += `<text class="c90-handtext" x="${tx}" y="${y + 18 + i * 16}">${l}</text>`; });
  const held = view.fakirs_set_aside[seat] || 0;
  if (held) {
    const yourFakirs = _("your fakirs set aside: {n}", { n: held });
    out += `<g role="img" aria-label="${esc(yourFakirs)}">`;
    out += fakirsAside(W - X0, y + 30, held, 54, 38, 10, seat);
    const aside = held === 1 ? _("{n} fakir set aside", { n: held }) : _("{n} fakirs set aside", { n: held });
    out += `<text class="c90-label c90-end" x="${W - X0}" y="${y + 64}">${esc(aside)}</text>`;
    out += "</g>";
  }
  return out;
}

// The stock, the pile, the card taken and the buttons: a band across the table under the
// others' rows, or (wide) a column beside the rows, its buttons under the cards.
function middle(view, ctx, y, me, wide) {
  const stockAndPile = _("stock and pile"), stockWord = _("Stock"), pileWord = _("Pile");
  const left = _("{n} left", { n: view.stock });
  let out = `<g class="c90-middle" role="group" aria-label="${esc(stockAndPile)}">`;
  const top = y + 22;
  const xs = wide ? W + 14 : X0, xp = xs + CW + 14, xt = xs + 2 * CW + 34;
  // The stock, face down, a few edges showing its thickness.
  out += `<text class="c90-label" x="${xs + CW / 2}" y="${y + 12}" text-anchor="middle">${esc(stockWord)}</text>`;
  if (view.stock > 0) {
    const edges = Math.min(3, Math.ceil(view.stock / 25));
    for (let i = edges; i > 0; i--) out += cardFace(xs + i * 1.5, top - i * 1.5, CW, CH, "back");
    out += card(xs, top, CW, CH, "back", {
      key: "stock", move: "stock", slot: "stock", label: _("stock, {cards} face down", { cards: cardCount(view.stock) }),
      action: _("Take the stock's top card"),
    });
  } else {
    out += cardFace(xs, top, CW, CH, null);
  }
  // From the card's left edge, not its middle: wider than the card («reste 75»), it would
  // run off the panel.
  out += `<text class="c90-meta" x="${xs}" y="${top + CH + 17}">${esc(left)}</text>`;
  // The discard pile: only its top card is seen.
  out += `<text class="c90-label" x="${xp + CW / 2}" y="${y + 12}" text-anchor="middle">${esc(pileWord)}</text>`;
  const pileTop = view.pile_top;
  let move = null, action = "";
  if (current.legal.has("pile")) { move = "pile"; action = _("Take {card} from the pile", { card: pileTop }); }
  if (current.legal.has("reject")) {
    move = "reject"; action = _("Throw {card} away onto the pile", { card: cardWord(view.taken) });
  }
  if (view.pile.length > 1) out += cardFace(xp + 1.5, top - 1.5, CW, CH, "edge");
  const none = _("no card");
  out += card(xp, top, CW, CH, pileTop, {
    key: "pile", move, action, slot: "pile",
    label: pileTop === "F" ? _("pile's top card: a fakir, which cannot be taken")
      : _("pile's top card: {card}", { card: pileTop === null ? none : cardWord(pileTop) }),
  });
  const pileNote = pileTop === "F" && view.phase === "draw" ? _("fakir: no") : cardCount(view.pile.length);
  out += `<text class="c90-meta" x="${xp + CW / 2}" y="${top + CH + 17}" text-anchor="middle">${esc(pileNote)}</text>`;
  // The card taken this turn, waiting to be exchanged.
  if (view.taken_from) {
    const mover = view.mover;
    const whose = mover === me ? _("You took") : _("{seat} took", { seat: seatWord(mover) });
    const from = view.taken_from === "stock" ? _("from the stock") : _("from the pile");
    const c = view.taken === null ? "back" : view.taken;
    const unseen = _("unseen");
    out += `<text class="c90-label" x="${xt + CW / 2}" y="${y + 12}" text-anchor="middle">${esc(whose)}</text>`;
    out += `<rect class="c90-taken-glow" x="${xt - 3}" y="${top - 3}" width="${CW + 6}" height="${CH + 6}" rx="7"/>`;
    out += card(xt, top, CW, CH, c, {
      key: "taken", slot: "taken", label: mover === me
        ? _("the card you took: {card}, {from}", { card: cardWord(c), from })
        : _("the card {seat} took: {card}, {from}", { seat: seatWord(mover), card: c === "back" ? unseen : cardWord(c), from }),
    });
    const fromShort = view.taken_from === "stock" ? _("from stock") : _("from pile");
    out += `<text class="c90-meta" x="${xt + CW / 2}" y="${top + CH + 17}" text-anchor="middle">${esc(fromShort)}</text>`;
  }
  // The moves that are no card: buttons on the table.
  const bx = wide ? xs : xt + CW + 14, bw = wide ? xt + CW - xs : W - X0 - bx;
  const buttons = [];
  const lay = [...current.legal].find((m) => m.startsWith("lay"));
  if (lay) {
    const side = lay.split(" ")[1], card = view.hand;
    buttons.push([bySide(side, _("Lay {card} left: win!", { card }), _("Lay {card} right: win!", { card })), lay,
      bySide(side, _("Lay your hand card {card} at the left end and win the round", { card }),
        _("Lay your hand card {card} at the right end and win the round", { card })), true]);
  }
  if (current.legal.has("reject")) buttons.push([_("Throw {card} away", { card: view.taken }), "reject",
    _("Throw {card} away onto the pile", { card: view.taken }), false]);
  if (current.legal.has("pass")) buttons.push([view.fakirs_set_aside[me] > 1 ? _("Keep my fakirs") : _("Keep my fakir"), "pass",
    _("Keep your fakirs: hypnotise nobody this turn (each fakir kept scores 50)"), false]);
  if (current.legal.has("end")) buttons.push([_("End my turn"), "end", _("End your turn"), !lay]);
  const known = /^(stock|pile|hand|reject|pass|end|lay \w+|row [1-8]|hypnotise \w+ [1-8])$/;
  for (const m of current.legal) if (!known.test(m)) buttons.push([m, m, m, false]);
  const bh = 30, step = buttons.length > 2 ? 34 : 36, by = wide ? top + CH + 26 : top;
  buttons.forEach(([text, m, aria, primary], i) => {
    out += button(bx, by + i * step, bw, bh, text, m, aria, primary);
  });
  out += "</g>";
  const height = wide ? by - y + buttons.length * step + 4 : 18 + buttons.length * step + 10;
  return [out, Math.max(MID, height)];
}

// ---------------------------------------------------------------- words around the picture

function promptText(view, ctx, me) {
  const legal = current.legal;
  const actor = view.to_move || view.mover;
  if (view.phase === "over") return _("The game is over: the score is below.");
  if (legal.size) {
    const taken = view.taken;
    if (legal.has("stock") || legal.has("pile")) {
      if (legal.has("pile")) {
        return _("Your turn. Take a card: click the stock (face down) or the pile's top card, {card}.", { card: view.pile_top });
      }
      return view.pile_top === "F"
        ? _("Your turn. Take a card: click the stock (a fakir on the pile cannot be taken).")
        : _("Your turn. Take a card: click the stock.");
    }
    const rows = [...legal].filter((m) => m.startsWith("row "));
    if (rows.length || legal.has("hand")) {
      const throwIt = legal.has("reject")
        ? _(" Or click the pile to throw {card} away.", { card: taken })
        : _(" A card taken from the pile must be kept.");
      if (rows.length === 1 && !legal.has("hand")) {
        return _("You took {card}. A fakir is in your row: {taken} must take its place — click it (place {place}).",
          { card: cardWord(taken), taken, place: rows[0].slice(4) }) + throwIt;
      }
      return _("You took {card}. Click the card of your row, or your hand card, that {taken} replaces: the replaced card goes on the pile.",
        { card: cardWord(taken), taken }) + throwIt;
    }
    if ([...legal].some((m) => m.startsWith("hypnotise"))) {
      const n = view.fakirs_set_aside[me];
      return n > 1
        ? _("You hold {n} fakirs. To hypnotise, click any card in any row: a fakir replaces it and the card goes under the pile (it stops a player close to winning). Or click “Keep my fakirs”: each one kept scores 50.", { n })
        : _("You hold 1 fakir. To hypnotise, click any card in any row: a fakir replaces it and the card goes under the pile (it stops a player close to winning). Or click “Keep my fakir”: each one kept scores 50.");
    }
    const lay = [...legal].find((m) => m.startsWith("lay"));
    if (lay) {
      return bySide(lay.split(" ")[1],
        _("Your nine are in order! Click your hand card, {card}, to lay it left and win the round — or “End my turn” to keep it for later.", { card: view.hand }),
        _("Your nine are in order! Click your hand card, {card}, to lay it right and win the round — or “End my turn” to keep it for later.", { card: view.hand }));
    }
    if (legal.has("end")) return _("Click “End my turn”.");
    return _("Your move: the moves are listed under the picture.");
  }
  if (actor === null || actor === undefined) {
    return view.phase === "deal" ? _("Dealing the cards…") : _("A card is drawn from the stock…");
  }
  if (actor === me) return _("Your turn…");
  const kind = ctx.kinds && ctx.kinds[view.players.indexOf(actor)];
  return kind && kind !== "human" ? _("{seat} (computer) is playing.", { seat: cap(seatWord(actor)) })
    : _("{seat} is playing.", { seat: cap(seatWord(actor)) });
}

function goalText(view) {
  const mixed = view.players.length >= 4;
  return (mixed
    ? _("Goal: nine cards rising left to right — a row of eight plus the hand card at one end (with four players, even and odd may be mixed).")
    : _("Goal: nine cards rising left to right — a row of eight plus the hand card at one end, all even or all odd."))
    + " " + _("The number under each card is its place.");
}

// «La marque»: the leaflet's table, its lines in its order, each seat's points for each (the
// first of each pair is the item as the view names it).
const MARQUE = [
  ["round won", _("Round won: 250 (150 at four)")],
  ["unused fakirs", _("Fakirs not used: 50 each")],
  ["series", _("Series: 10 a card (not the winner)")],
  ["all even or all odd", _("All even or all odd, at four: 100")],
  ["the nine tens", _("The nine tens: 100")],
];

// The card the winner laid and its side, as the last sentence tells it (the view keeps no
// other trace of it once the round is over), in English or in French; null if it does not.
function laidCard(view) {
  const m = view.last && view.last.match(/(?:lays|abat(?: le)?) (\d\d|F) (?:on the (left|right)|à (gauche|droite))/);
  if (!m) return null;
  return { card: m[1], side: m[2] || (m[3] === "gauche" ? "left" : "right") };
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
  const laid = laidCard(view);
  const seat = last.winner === null ? "" : cap(seatWord(last.winner));
  let winner;
  if (last.winner === null) winner = _("The stock ran out and no hand card completed its row: nobody won the round.");
  else if (!laid) winner = _("{seat} laid the ninth card and won the round.", { seat });
  else {
    winner = bySide(laid.side, _("{seat} laid the ninth card, {card}, on the left, and won the round.", { seat, card: laid.card }),
      _("{seat} laid the ninth card, {card}, on the right, and won the round.", { seat, card: laid.card }));
  }
  const said = {
    aria: _("the score of round {round}", { round }),
    heading: _("Round {round}: the score («la marque»)", { round }),
    item: _("Item"),
    round: _("Round {round} total", { round }),
    game: _("Game total"),
    note: _("Series: the most cards rising one after another in a row, stopped by a lower card or a " +
      "fakir. The nine tens: a winning nine with one card from each ten (01–10, 11–20, … 81–90), in " +
      "order."),
  };
  let html = `<section class="c90-score" aria-label="${esc(said.aria)}">` +
    `<h3>${esc(said.heading)}</h3><p>${esc(winner)}</p>` +
    `<div class="c90-score-wrap"><table><thead><tr><th scope="col">${esc(said.item)}</th>`;
  for (const s of seats) html += `<th scope="col">${esc(seatWord(s))}</th>`;
  html += "</tr></thead><tbody>";
  for (const [k, name] of lines) {
    html += `<tr><th scope="row">${esc(name)}</th>`;
    for (const s of seats) html += `<td>${values[s][k] ?? "—"}</td>`;
    html += "</tr>";
  }
  html += `<tr class="c90-sum"><th scope="row">${esc(said.round)}</th>`;
  for (const s of seats) html += `<td>${last.scores[s] ? last.scores[s].total : 0}</td>`;
  html += `</tr><tr class="c90-sum"><th scope="row">${esc(said.game)}</th>`;
  for (const s of seats) html += `<td>${view.totals[s] ?? 0}</td>`;
  html += "</tr></tbody></table></div>" +
    `<p class="c90-note">${esc(said.note)}</p></section>`;
  return html;
}

function pileList(view, open) {
  if (!view.pile.length) return "";
  const cards = view.pile.slice().reverse().map((c) => (c === "F" ? _("F (fakir)") : c)).join(", ");
  const summary = _("Every card in the pile ({n}), top first", { n: view.pile.length });
  return `<details class="c90-pile"${open ? " open" : ""}><summary>${esc(summary)}</summary>` +
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
  // Once nothing moves, nothing is left in the air and every card is seen where it lies
  // (before whoever waits for the board to settle goes on).
  board.addEventListener("settled", () => {
    const air = board.querySelector("svg.c90-air");
    if (air) air.replaceChildren();
    for (const node of board.querySelectorAll(".c90-away")) node.classList.remove("c90-away");
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

// The picture of view for ctx's seat: its SVG, its size, and where each card lies in it.
// Wide, the stock and pile stand in a column beside the rows, level with the gap between the
// others' rows and yours; else in a band across the table between them.
function picture(view, ctx, wide) {
  current = { legal: new Set(ctx.legal || []), play: ctx.play };
  spots = new Map();
  const me = ctx.seatName && view.rows[ctx.seatName] ? ctx.seatName : null;
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
  let y = 4, body = "", band = "";
  const blockH = HEAD + CH + BELOW + 8;
  for (const seat of above) { body += seatBlock(view, ctx, seat, y, false); y += blockH; }
  // The band is drawn first, under every card: a card flying across it is not hidden.
  let bottom;
  if (wide) {
    const midY = Math.max(4, y - 22 - CH / 2 - 14);
    const [mid, midH] = middle(view, ctx, midY, me, true);
    band = `<rect class="c90-mid-band" x="${W + 2}" y="${midY - 2}" width="${MW - 4}" height="${midH}" rx="6"/>`;
    body += mid;
    bottom = midY + midH;
  } else {
    const [mid, midH] = middle(view, ctx, y, me, false);
    band = `<rect class="c90-mid-band" x="2" y="${y - 2}" width="${W - 4}" height="${midH}" rx="6"/>`;
    body += mid;
    y += midH + 6;
  }
  for (const seat of below) { body += seatBlock(view, ctx, seat, y, false); y += blockH; }
  if (me) {
    body += seatBlock(view, ctx, me, y, true);
    y += HEAD + CH + BELOW;
    body += handLine(view, ctx, me, y);
    y += HANDLINE;
  }
  const width = wide ? W + MW : W;
  const height = Math.max(y, bottom || 0) + 2;
  const rowsSaid = players.map((s) => _("{seat}'s row {cards}", {
    seat: seatWord(s), cards: (view.rows[s] || []).map((c) => c ?? _("empty")).join(" ") })).join("; ");
  const title = _("Crypto-90, round {round}: {rows}", { round: view.round, rows: rowsSaid });
  const svg = `<svg class="c90" xmlns="${SVGNS}" viewBox="0 0 ${width} ${height}"${cssReady ? "" : ' style="visibility:hidden"'} role="group" aria-label="${esc(title)}">` +
    `<rect class="c90-felt" x="0" y="0" width="${width}" height="${height}" rx="10"/>` + band + body + "</svg>";
  return { svg, spots, me, box: `0 0 ${width} ${height}` };
}

// The picture as large as the window leaves room for under the board's top, above the list
// of moves: a whole table seen without scrolling; never so small that a card is smaller than
// a finger. Measured once a frame, before it is painted (a measure just after a drawing
// would lay the page out once more for each drawing), the last width kept for the next.
const widths = new WeakMap(), fitting = new WeakSet();
function fit(board) {
  if (fitting.has(board)) return;
  fitting.add(board);
  requestAnimationFrame(() => {
    fitting.delete(board);
    const svg = board.querySelector("svg.c90");
    if (!svg) return;
    const [, , width, height] = svg.getAttribute("viewBox").split(" ").map(Number);
    const room = innerHeight - (svg.getBoundingClientRect().top + scrollY) - FOOT;
    const most = `${Math.floor(Math.max(Math.min(NARROWEST, board.clientWidth), room * width / height))}px`;
    widths.set(board, most);
    svg.parentElement.style.maxWidth = most;
  });
}

// Whether the board is wide, measured at its first drawing and when the window is resized.
const wides = new WeakMap();
function wideBoard(board) {
  if (!wides.has(board)) wides.set(board, board.clientWidth >= WIDE);
  return wides.get(board);
}

export function draw(board, view, ctx) {
  lastArgs = [board, view, ctx];
  ensureCss();
  wire(board);
  const wide = wideBoard(board);
  const json = JSON.stringify(view);
  const sig = JSON.stringify([json, ctx.legal || [], ctx.seatName ?? null, ctx.kinds || null,
    wide, cssReady]);
  const before = motions.get(board);
  // The same drawing again (a status line's tick, a presence): nothing to do, and a redraw
  // would stop the cards in flight.
  if (before && before.sig === sig && board.querySelector("svg.c90")) return;
  const entry = { view, ctx, json, spots: null };
  // A frame that comes while the cards move joins the sequence under way; else a new one
  // starts from the view drawn last (none at the first drawing, nor when the layout changed).
  let motion;
  if (before && before.wide === wide && board.dataset.moving === "1") {
    motion = before;
    const lastOne = motion.entries[motion.entries.length - 1];
    if (lastOne.json === json) motion.entries[motion.entries.length - 1] = entry;
    else motion.entries.push(entry);
  } else {
    const last = before && before.wide === wide ? before.entries[before.entries.length - 1] : null;
    motion = { entries: last && last.json !== json ? [last, entry] : [entry],
      began: performance.now(), lead: 0, wide };
    // A step that comes just after the last one landed waits for the rest of the pause
    // (unless the reader made it).
    if (before && before.ends && !mine(before.entries[before.entries.length - 1].view, ctx)) {
      const since = performance.now() - before.ends;
      if (since >= 0 && since < PAUSE / pace(board)) motion.lead = PAUSE - since * pace(board);
    }
  }
  motion.sig = sig;
  motions.set(board, motion);
  // What moves on the drawing about to be replaced, to stop once the new one moves (asked only
  // while something moves: the question lays the page's style out).
  const stale = board.dataset.moving === "1" ? board.getAnimations({ subtree: true })
    .filter((a) => !(a instanceof CSSTransition) && !(a instanceof CSSAnimation)) : [];
  // Where the cards lay in each view of the sequence (the newest's, as it is drawn).
  for (const e of motion.entries.slice(0, -1)) if (!e.spots) e.spots = picture(e.view, e.ctx, wide).spots;
  show(board, entry, wide);
  motion.gen = (before ? before.gen : 0) + 1;
  // The motion is set going once the drawings of this moment are done: a page given many
  // frames at once (a replay run through) sets the last one going only. What moved on the
  // old drawing stops then, the timeline taken up on the new one (stopped before, the board
  // would say it has settled in between).
  stopping.set(board, [...(stopping.get(board) || []), ...stale]);
  if (!due.has(board)) {
    due.add(board);
    queueMicrotask(() => {
      due.delete(board);
      move(board, motions.get(board));
      for (const a of stopping.get(board)) a.cancel();
      stopping.delete(board);
    });
  }
}
const due = new WeakSet(), stopping = new WeakMap();

// Draws entry's view on board, the keyboard's place kept.
function show(board, entry, wide) {
  const { view, ctx } = entry;
  track(view);
  // Keep the keyboard's place across redraws: the same thing if it is still there, else the
  // first lit one, as long as the focus was on the board (or lost with the last redraw).
  const active = document.activeElement;
  if (active && board.contains(active)) focusKey = active.getAttribute("data-key") || "";
  else if (active && active !== document.body) focusKey = null;
  const pileOpen = !!board.querySelector("details.c90-pile[open]");
  const { svg, spots: drawn, me, box } = picture(view, ctx, wide);
  entry.spots = drawn;

  const note = me ? _("your row: {series}", { series: seriesNote(view.rows[me]) }) : _("spectating");
  const info = esc(_("Round {round} · dealt by {seat} · {note}", { round: view.round, seat: seatWord(view.dealer), note }));
  const lastWord = _("Last:");
  const last = view.last ? `<p class="c90-last"><span class="c90-strong">${esc(lastWord)}</span> ${esc(cap(view.last))}</p>` : "";
  board.innerHTML =
    `<p class="c90-prompt${current.legal.size ? " c90-yours" : ""}">${esc(promptText(view, ctx, me))}</p>` +
    // The cards in flight are drawn over the picture, in a layer of their own (nothing to
    // click, nothing to read): the picture itself stays still meanwhile.
    `<div class="c90-table">${svg}<svg class="c90-air" xmlns="${SVGNS}" viewBox="${box}" aria-hidden="true"></svg></div>` +
    last +
    `<p class="c90-goal">${esc(goalText(view))} <span class="c90-info">${info}</span></p>` +
    scoreTable(view) + pileList(view, pileOpen);
  if (widths.has(board)) board.querySelector(".c90-table").style.maxWidth = widths.get(board);
  fit(board);

  if (focusKey !== null) {
    const target = (focusKey && board.querySelector(`[data-key="${CSS_escape(focusKey)}"]`)) ||
      firstTarget(board);
    if (target) target.focus({ preventScroll: true });
  }
}

// A window resized: the picture fits it again, and is laid out anew if the board went from
// wide to narrow or back.
addEventListener("resize", () => {
  if (!lastArgs) return;
  const [board] = lastArgs;
  const wide = board.clientWidth >= WIDE;
  if (wide !== wides.get(board)) {
    wides.set(board, wide);
    draw(...lastArgs);
  } else {
    fit(board);
  }
});

// ---------------------------------------------------------------- motion

// Whether the step from view a is the reader's own move.
const mine = (a, ctx) => !!ctx.seatName && (a.mover || a.to_move) === ctx.seatName;
const same = (a, b) => a.x === b.x && a.y === b.y && a.w === b.w && a.h === b.h;

// Where each card of view b came from in view a, a step of the game: `from` gives, for a key
// of b, the key of a whose card it is ({ key }), or the place it came out of, face down
// ({ spot }: the stock, a hand), or null where it was already (the pile's card uncovered);
// `ends` gives, for a card of a that is in none of b's places, where it went ({ spot }: onto
// the pile, into a hand) before it goes out of sight, or nothing (it fades where it was).
function links(a, b, A, B, me) {
  const from = new Map(), ends = new Map(), used = new Set();
  const stock = A.get("back:stock") || B.get("back:stock");
  const back = (place, delay = 0) => (place ? { spot: { ...place, card: "back", face: "back" }, delay } : null);
  if (a.round !== b.round || a.phase === "deal") {
    // A new deal: the old rows go, every card comes from the stock one after the other.
    let n = 0;
    for (const key of B.keys()) from.set(key, key === "back:stock" ? null : back(stock, DEAL * n++));
    for (const key of A.keys()) if (key !== "back:stock") ends.set(key, {});
    return { from, ends };
  }
  const take = (key) => { used.add(key); return { key }; };
  const gone = (prefix) => [...A.keys()].filter((k) => k.startsWith(prefix) && !B.has(k) && !used.has(k));
  const actor = a.mover || a.to_move;
  const hand = A.get(`back:hand:${actor}`) || B.get(`back:hand:${actor}`);
  const unseen = A.has("back:taken") && !B.has("back:taken");  // a card drawn face down, placed
  const seen = a.taken && actor !== me && A.has(`n:${a.taken}`) && !B.has(`n:${a.taken}`)
    ? `n:${a.taken}` : null;  // a card taken from the pile, gone into the hand
  const kept = unseen && told(b.last, ...KEPT);
  for (const key of B.keys()) if (A.has(key)) from.set(key, take(key));
  for (const [key, at] of B) {
    if (A.has(key)) continue;
    let source;
    if (key.startsWith("n:")) {
      if (at.slot === "pile" && b.pile.length < a.pile.length) source = null;
      else if (unseen && at.slot.startsWith(`row:${actor}:`)) source = take("back:taken");
      else if (unseen && at.slot === "pile" && !kept) source = take("back:taken");
      else if ((unseen || seen) && at.slot === "pile" && hand) source = back(hand);
      else source = back(stock);
    } else if (key.startsWith("F:row:")) {
      const aside = gone(`F:aside:${actor}:`).pop();  // a fakir hypnotises
      source = aside ? take(aside) : back(stock);
    } else if (key === "F:pile") {
      const row = gone("F:row:")[0];  // a fakir replaced in a row is thrown away
      source = row ? take(row) : back(stock);
    } else if (key.startsWith("F:aside:")) {
      const seat = key.split(":")[2];
      const row = gone(`F:row:${seat}:`)[0] || (seat === me ? gone("F:hand")[0] : undefined);
      source = row ? take(row) : back(stock);
    } else {
      source = key === "back:stock" ? null : back(stock);
    }
    from.set(key, source);
  }
  const pileKey = b.pile_top === null ? null : keyOf(b.pile_top, "pile");
  const pile = pileKey && B.get(pileKey);
  for (const key of A.keys()) {
    if (used.has(key) || B.has(key)) continue;
    const card = A.get(key).card;
    if ((key === "back:taken" || key === seen) && hand) ends.set(key, { spot: hand });
    else if (pile && (card === "F" || b.pile.includes(card))) ends.set(key, { spot: pile });
    else ends.set(key, {});
  }
  return { from, ends };
}

// Each card's way through the sequence: its places view after view (a track), for the cards
// of the last view (by key) and for those that went out of sight on the way.
function trace(entries, me) {
  let live = new Map();
  const ended = [], steps = entries.map(() => ({ moves: false, delay: 0 }));
  for (const [key, at] of entries[0].spots) live.set(key, { points: [{ i: 0, ...at }], delays: {} });
  for (let i = 1; i < entries.length; i++) {
    const A = entries[i - 1].spots, B = entries[i].spots;
    const { from, ends } = links(entries[i - 1].view, entries[i].view, A, B, me);
    const next = new Map();
    for (const [key, at] of B) {
      const source = from.get(key);
      let t = source && source.key ? live.get(source.key) : null;
      if (!t) {
        t = { points: [{ i: i - 1, ...(source && source.spot ? source.spot : at) }], delays: {} };
        if (source && source.delay) t.delays[i] = source.delay;
      }
      const last = t.points[t.points.length - 1];
      t.points.push({ i, ...at });
      if (!same(last, at) || last.face !== at.face) {
        steps[i].moves = true;
        steps[i].delay = Math.max(steps[i].delay, t.delays[i] || 0);
      }
      next.set(key, t);
    }
    for (const [key, end] of ends) {
      const t = live.get(key);
      if (!t) continue;
      t.end = { i, spot: end.spot || null };
      ended.push(t);
      steps[i].moves = true;
    }
    live = next;
  }
  return { live, ended, steps };
}

// The transform that draws a card drawn at rectangle f at rectangle r instead.
function toward(r, f) {
  const sx = r.w / f.w, sy = r.h / f.h;
  return `translate(${r.x - f.x * sx}px, ${r.y - f.y * sy}px) scale(${sx}, ${sy})`;
}

// Plays the board's sequence out on the drawing: every track a card's keyframes over the whole
// timeline (each step's flights, a pause between), taken up where it was if the sequence was
// under way. The cards that move fly in the air (the layer over the picture, where nothing is
// drawn over them) as twins of themselves; those gone out of sight are drawn there for the
// time of their flight.
function move(board, motion) {
  const { entries } = motion;
  if (entries.length < 2) return;
  const me = entries[entries.length - 1].ctx.seatName || null;
  const { live, ended, steps } = trace(entries, me);
  if (!steps.some((s) => s.moves)) return;
  if (still()) { ring(); return; }
  // The timeline: when each step begins (T) and how long its flights take (L); a pause
  // before each step but the first, and those the reader made himself (he need not wait).
  const T = [], L = [];
  let t = motion.lead, total = 0;
  for (let i = 1; i < entries.length; i++) {
    L[i] = steps[i].moves ? FLY + steps[i].delay : 0;
    if (L[i] && total && !mine(entries[i - 1].view, entries[i].ctx)) t += PAUSE;
    T[i] = t;
    t += L[i];
    if (L[i]) total = t;
  }
  const svg = board.querySelector("svg.c90"), air = board.querySelector("svg.c90-air");
  if (!air || total <= 0) return;
  const elapsed = (performance.now() - motion.began) * pace(board);
  // Frames coming faster than they are shown (a quick game, a replay run through) would leave
  // the picture ever further behind: beyond a few seconds it shows the last step only.
  if (total - elapsed > BEHIND && entries.length > 2) {
    motion.entries = entries.slice(-2);
    motion.began = performance.now();
    motion.lead = 0;
    move(board, motion);
    return;
  }
  motion.ends = motion.began + total / pace(board);
  const gen = motion.gen;  // this drawing's: the sound of a drawing since replaced is not made
  const at = (time) => Math.min(1, Math.max(0, time / total));
  const landings = new Set();
  const run = (node, keyframes) => animate(board, node, keyframes,
    { duration: total, delay: -elapsed, easing: "linear" });

  // A track's keyframes for a node drawn at f: a flight in each step that moves it.
  const path = (tr, f) => {
    const frames = [{ offset: 0, transform: toward(tr.points[0], f) }];
    let turned = null;
    const leg = (from, to, i, delay) => {
      const start = T[i] + delay;
      frames.push({ offset: at(start), transform: toward(from, f), easing: "ease-in-out" });
      frames.push({ offset: at(start + FLY), transform: toward(to, f) });
      landings.add(Math.round((start + FLY) / 60) * 60);
      if (from.face === "back" && to.face === "up") turned = start + FLY / 2;
    };
    for (let j = 1; j < tr.points.length; j++) {
      const a = tr.points[j - 1], b = tr.points[j];
      if (!same(a, b) || a.face !== b.face) leg(a, b, b.i, tr.delays[b.i] || 0);
    }
    const last = tr.points[tr.points.length - 1];
    if (tr.end && tr.end.spot && !same(last, tr.end.spot)) leg(last, tr.end.spot, tr.end.i, 0);
    frames.push({ offset: 1, transform: frames[frames.length - 1].transform });
    // Offsets only grow: a hold is two equal ones.
    for (let k = 1; k < frames.length; k++) frames[k].offset = Math.max(frames[k].offset, frames[k - 1].offset);
    return { frames, turned };
  };
  // A card face down that lands face up turns over halfway: a back drawn over it until then,
  // the card narrowed to nothing and widened again about that moment.
  const turn = (node, f, when) => {
    const inner = node.querySelector(".c90-turn");
    if (!inner) return;
    inner.insertAdjacentHTML("beforeend", `<g class="c90-cover">${cardFace(f.x, f.y, f.w, f.h, "back")}</g>`);
    const cover = inner.lastElementChild, half = FLY * 0.2;
    run(cover, [{ offset: 0, opacity: 1 }, { offset: at(when), opacity: 1 },
      { offset: at(when), opacity: 0 }, { offset: 1, opacity: 0 }]);
    run(inner, [{ offset: 0, transform: "scaleX(1)" }, { offset: at(when - half), transform: "scaleX(1)" },
      { offset: at(when), transform: "scaleX(0)" }, { offset: at(when + half), transform: "scaleX(1)" },
      { offset: 1, transform: "scaleX(1)" }]);
  };

  // The cards gone out of sight first, under those that land.
  for (const tr of ended) {
    const last = tr.points[tr.points.length - 1];
    // Drawn as the last view that showed it drew it: never more than a view showed.
    air.insertAdjacentHTML("beforeend", `<g class="c90-ghost" aria-hidden="true">` +
      `${cardFace(last.x, last.y, last.w, last.h, last.card)}</g>`);
    const ghost = air.lastElementChild;
    const { frames } = path(tr, last);
    run(ghost, frames);
    // It stays until the step's cards have landed (over it, on the pile), or fades where it
    // is if it goes nowhere to be seen.
    const i = tr.end.i, gone = tr.end.spot ? T[i] + L[i] : T[i] + FLY / 2;
    run(ghost, [{ offset: 0, opacity: 1 }, { offset: at(tr.end.spot ? gone : T[i]), opacity: 1 },
      { offset: at(gone), opacity: 0 }, { offset: 1, opacity: 0 }]);
  }
  // A card that moves stays where it is drawn (its row's group, the keyboard's order and
  // focus), unseen, while its twin flies in the air: a picture of it, named nothing, clicked
  // through.
  const moving = [...live].filter(([, tr]) => tr.points.some((p, j) => j &&
    (!same(tr.points[j - 1], p) || tr.points[j - 1].face !== p.face)));
  for (const [key, tr] of moving) {
    const node = svg.querySelector(`[data-c="${CSS_escape(key)}"]`);
    if (!node) continue;
    const f = tr.points[tr.points.length - 1];
    const { frames, turned } = path(tr, f);
    const twin = node.cloneNode(true);
    for (const name of ["role", "tabindex", "aria-label", "data-move", "data-key"]) twin.removeAttribute(name);
    for (const title of twin.querySelectorAll("title")) title.remove();
    twin.setAttribute("aria-hidden", "true");
    twin.classList.add("c90-ghost");
    air.append(twin);
    if (turned !== null) turn(twin, f, turned);
    node.classList.add("c90-away");
    run(twin, frames.map((frame) => ({ ...frame, opacity: 1 })));
  }
  // A card's sound as each lands (when sounds are on).
  for (const when of landings) {
    if (when <= elapsed) continue;
    animate(board, board, [{}, {}], { duration: 1, delay: when - elapsed })
      .then(() => { if (motions.get(board).gen === gen) ring(); });
  }
}

// A card's sound, once for cards that land together.
let rang = 0;
function ring() {
  const now = performance.now();
  if (now - rang < 80) return;
  rang = now;
  sound("card");
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
