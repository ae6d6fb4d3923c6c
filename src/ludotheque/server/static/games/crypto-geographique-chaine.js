// Crypto géographique, «une autre règle du jeu»: the chain game. What a seat acts on fits the
// window: the seats around the table (hands face down with their counts, fakirs exposed,
// penalties) in a line, what to do now, and the map, with the visible card, what touches it and
// the cards laid marked, beside (on a phone, above) the stock, the visible card and your hand,
// the cards you may lay lit. A click on a lit card (or its département on the map) lays it;
// "Done" ends the turn. The long explanations and the chain laid this round come under it.
// A card laid flies to its département; a penalty card flies from the stock to its seat.

import {
  _, calledName, card, back, compactNow, ensureStyle, html, isFakir, listed, mapFigure, ngettext,
  number, prompt, seatPanel, show, spoken, touch, without,
} from "./crypto-geo.js";

let again = null;

/**
 * What moved from view a to view b, as cards flying (crypto-geo.js's fly()): a new round's
 * hands dealt from the stock and its first card turned up onto the map; within a round, what
 * the round's log tells since a, a step each: a card laid flies from its seat (your hand, or
 * another's place, face up) to its département, and a card drawn for not following flies from
 * the stock to its seat (face down to another).
 */
export function plan(a, b) {
  const me = b.seat;
  if (a.seat !== me || a.players.join() !== b.players.join() || !b.laid.length) return [];
  const flights = [];
  const sameRound = a.rounds.length === b.rounds.length && a.laid.length > 0
    && a.laid.every((c, i) => b.laid[i] === c) && a.log.length <= b.log.length;
  if (!sameRound) {
    if (b.rounds.length < a.rounds.length) return [];  // a replay going back
    b.hand.forEach((c, i) => flights.push({ from: "stock", to: `card:${c}`, face: c, step: i * 0.12, reveal: `card:${c}` }));
    b.players.filter((seat) => seat !== me).forEach((seat, k) => {
      for (let i = 0; i < 3; i++) flights.push({ from: "stock", to: `seat:${seat}`, face: null, step: i * 0.3 + k * 0.1 });
    });
    const first = b.laid[0];
    flights.push({ from: "stock", to: `dep:${number(first)}`, face: first, step: 1.3, into: true,
      reveal: b.visible === first ? `card:${first}` : null });
    return flights;
  }
  const gained = without(b.hand, a.hand);
  b.log.slice(a.log.length).forEach(([seat, what, c], step) => {
    if (what === "lays") {
      flights.push({ from: seat === me ? `card:${c}` : `seat:${seat}`, to: `dep:${number(c)}`, face: c, step,
        into: true, reveal: c === b.visible ? `card:${c}` : null });
    } else if (seat !== me) {
      flights.push({ from: "stock", to: `seat:${seat}`, face: null, step });
    } else if (gained.length) {
      const x = gained.shift();
      flights.push({ from: "stock", to: `card:${x}`, face: x, step, reveal: `card:${x}` });
    }
  });
  return flights;
}

export function draw(board, view, ctx) {
  ensureStyle();
  again = () => draw(board, view, ctx);
  const compact = compactNow();
  const legal = ctx.legal || [];
  const me = view.seat;
  const called = (seat) => calledName(ctx, seat);
  const play = (move) => ctx.play(move);
  const lays = new Map();
  for (const move of legal) {
    const m = /^lay (.+)$/.exec(move);
    if (m) lays.set(m[1], move);
  }
  const done = legal.includes("done");
  const visible = view.visible;
  const near = new Set(view.visible_neighbours || []);
  // Laying a card that does not touch the visible one: nobody could follow it (or the card
  // turned up), so its layer may lay any card.
  const free = [...lays.keys()].some((c) => !near.has(c));
  const hand = view.hand || [];

  // --- the seats: the others, then you ---
  const players = view.players;
  const mine = players.indexOf(me);
  const order = mine < 0 ? players : [...players.slice(mine + 1), ...players.slice(0, mine)];
  const wins = (seat) => view.rounds.filter((r) => r.winner === seat).length;
  const seats = html("div", { class: "cg-seats" });
  for (const seat of [...order, ...(me ? [me] : [])]) {
    seats.append(seatPanel({ seat, name: called(seat), you: seat === me, toPlay: view.to_move === seat,
      count: view.cards[seat], fakirs: view.fakirs[seat] || 0, points: view.totals[seat],
      pointsWord: _("net"), pointsTitle: _("net (received less paid)"),
      extra: wins(seat) ? html("span", { text: ngettext("won {count} round", "won {count} rounds", wins(seat)) }) : null }));
  }

  // --- the stock and the visible card ---
  const stock = back({ text: String(view.stock), fly: "stock", compact,
    label: ngettext("The stock: {count} card face down", "The stock: {count} cards face down", view.stock) });
  const shown = visible
    ? card(visible, { className: "cg-pile-card", compact, label: _("The visible card: {card}", { card: spoken(visible) }) })
    : html("div", { class: "cg-empty", text: _("dealing…") });

  // --- what to do now: a short line here, the whole of it under the table ---
  let say = "", short = "", buttons = [];
  const touching = hand.filter((c) => near.has(c));
  if (view.over) {
    const results = view.rounds.map((r, i) => r["ended by"] === "hand"
      ? _("Round {n}: {seat} won (laid his last card)", { n: i + 1, seat: called(r.winner) })
      : _("Round {n}: {seat} won (the stock ran out)", { n: i + 1, seat: called(r.winner) }));
    say = _("The game is over. {rounds}. Net penalties: {totals}.", { rounds: results.join("; "),
      totals: Object.entries(view.totals).map(([s, p]) => `${called(s)} ${p}`).join(", ") });
  } else if (!me) {
    say = view.to_move ? _("You are watching: {seat} to play. Hands are secret.", { seat: called(view.to_move) })
      : _("You are watching.");
  } else if (lays.size || done) {
    if (view.chained) {
      if (lays.size) short = _("Lay another card that touches {card}, or click Done.", { card: spoken(visible) });
      say = lays.size ? _("You may lay another card that touches {card} (a card marked “lay”), or click Done to end your turn.", { card: visible })
        : _("None of your cards touches {card}: click Done to end your turn.", { card: visible });
    } else if (free) {
      short = _("Nobody could follow {card}: lay any card.", { card: spoken(visible) });
      say = _("Nobody could follow {card}: you may lay any card of yours, then go on from it.", { card: spoken(visible) });
    } else {
      short = _("Lay a card that touches {card}.", { card: spoken(visible) });
      say = _("Your turn: lay a card that touches {card}: click a card marked “lay” ({cards}). You must lay if you can.",
        { card: spoken(visible), cards: listed([...lays.keys()]) });
    }
    if (done) buttons = [{ text: _("Done: end my turn"), run: () => play("done"), key: "done" }];
  } else if (view.to_move) {
    short = _("{seat} is laying…", { seat: called(view.to_move) });
    say = short;
    if (me && hand.length) {
      const cards = listed(touching.map(spoken));
      say += " " + (touching.length ? ngettext("Your {cards} touches {card}.", "Your {cards} touch {card}.", touching.length, { cards, card: visible })
        : _("None of your cards touches {card}: if it stays visible, you will draw a penalty card.", { card: visible }));
    }
  } else {
    say = _("Cards are being dealt or drawn…");
  }

  // --- my hand ---
  const side = html("div", { class: "cg-side" });
  let owed = "";
  if (me) {
    const fakirs = view.fakirs[me] || 0;
    const count = view.cards[me];
    const owe = Math.max(0, count * 20 - fakirs * 40);
    if (!view.over) {
      if (!count) owed = _("No card left!");
      else if (fakirs) owed = _("If someone else won now, you would pay {owe} (20 a card, less 40 a fakir).", { owe });
      else owed = _("If someone else won now, you would pay {owe} (20 a card).", { owe });
    }
    const cards = hand.map((name) => {
      const move = lays.get(name);
      const tags = [];
      if (!move && near.has(name)) tags.push(_("touches"));
      return card(name, { key: `card-${name}`, tags, verb: move ? _("lay") : null, compact,
        action: move ? { label: _("Lay {card}", { card: spoken(name) }), run: () => play(move) } : null });
    });
    const section = html("section", { class: "cg-mine", "aria-label": _("Your hand"), tabindex: "-1", "data-key": "hand" });
    if (compact) section.append(html("div", { class: "cg-row" }, stock, shown, cards));
    else {
      side.append(heaps(stock, shown, view, called));
      section.append(html("div", { class: "cg-hand" }, cards));
    }
    if (!hand.length) section.append(html("p", { class: "cg-caption", text: _("No card left in your hand.") }));
    side.append(section);
  } else if (compact) {
    side.append(html("div", { class: "cg-row" }, stock, shown));
  } else {
    side.append(heaps(stock, shown, view, called));
  }

  // --- the map ---
  const marks = new Map(), actions = new Map(), bold = new Set(), tags = [], arrows = [];
  const add = (n, cls) => { if (!marks.has(n)) marks.set(n, []); marks.get(n).push(cls); };
  for (const c of view.laid.slice(0, -1)) add(number(c), "laid");
  for (const c of near) { add(number(c), "near"); }
  for (const c of hand) { if (!isFakir(c)) { add(number(c), "hand"); bold.add(number(c)); } }
  if (visible) {
    const n = number(visible);
    add(n, "visible");
    bold.add(n);
    tags.push({ n, text: _("visible") });
  }
  const last = view.laid.slice(-6);
  for (let i = 1; i < last.length; i++) {
    const a = number(last[i - 1]), b = number(last[i]);
    if (touch(a, b)) arrows.push([a, b]);
  }
  for (const [name, move] of lays) actions.set(number(name), { label: _("Lay {card}", { card: spoken(name) }), run: () => play(move) });
  const legend = [];
  if (visible) {
    legend.push(["visible", _("the visible card, {card}: thick outline, tagged; arrows show the last cards laid", { card: visible })]);
    legend.push(["near", _("what touches {card} (may follow it): dashed outline", { card: visible })]);
  }
  if (view.laid.length > 1) legend.push(["laid", _("cards already laid this round: grey, hatched")]);
  if (hand.length) legend.push(["hand", _("your cards: dotted, numbers in bold")]);
  if (actions.size) legend.push(["cg-live-sample", _("cards you may lay now: click them here or in your hand")]);
  const { figure, about } = mapFigure({ marks, actions, bold, tags, arrows, legend, redraw: () => again(),
    heading: _("The map: every player may look at it throughout the game") });

  // --- under the table: the whole of what to do, the chain laid this round, the map's legend ---
  const below = [];
  if ((short && short !== say) || owed) below.push(html("div", { class: "cg-explain" }, short && short !== say ? html("p", { text: say }) : null,
    owed ? html("p", { class: "cg-score", text: owed }) : null));
  if (view.laid.length) below.push(trail(view, called));
  below.push(about);

  show(board, view, {
    stage: [seats, prompt(short || say, buttons), html("div", { class: "cg-play" }, figure, side)],
    below, plan, redraw: again, fallbacks: ["done", "hand"],
  });
}

/** The stock and the visible card side by side, each with a word (a desktop's). */
function heaps(stock, shown, view, called) {
  return html("div", { class: "cg-heaps" },
    html("div", { class: "cg-heap" }, stock, html("p", { text: _("Stock: {count}", { count: view.stock }) })),
    html("div", { class: "cg-heap" }, shown, view.visible ? html("p", { text: view.laid_by
      ? _("Visible, laid by {seat}", { seat: called(view.laid_by) }) : _("Visible, turned up") }) : null));
}

/** The cards laid this round, in order, the last one visible. */
function trail(view, called) {
  const who = [null];
  for (const [seat, what] of view.log) if (what === "lays") who.push(seat);
  const box = html("div", { class: "cg-trail", role: "list", "aria-label": _("The cards laid this round, the last one visible") });
  const from = Math.max(0, view.laid.length - 12);
  if (from) box.append(html("span", { class: "cg-small", text: _("{count} earlier…", { count: from }) + " " }));
  view.laid.slice(from).forEach((c, i) => {
    const k = from + i;
    const joined = k > 0 && touch(number(view.laid[k - 1]), number(c));
    if (k > from) box.append(html("span", { class: "cg-trail-join", "aria-hidden": "true", text: joined ? "→" : "⋯" }));
    box.append(html("span", { role: "listitem", class: `cg-chip${k === view.laid.length - 1 ? " cg-chip-visible" : ""}`,
      text: who[k] ? _("{n} {card} ({seat})", { n: number(c), card: c, seat: called(who[k]) })
        : k === 0 ? _("{n} {card} (turned up)", { n: number(c), card: c }) : `${number(c)} ${c}` }));
  });
  return html("div", { class: "cg-trail-box" },
    html("p", { class: "cg-small", text: _("Laid this round (→ touches the one before; ⋯ a new start when nobody could follow):") }), box);
}
