// Crypto géographique, «une autre règle du jeu»: the chain game. The seats around the table
// (hands face down with their counts, fakirs exposed, penalties), the stock, the visible card
// and the chain laid before it, your hand with the cards you may lay lit, and the map with the
// visible card, what touches it and the cards laid marked. A click on a lit card (or its
// département on the map) lays it; "Done" ends the turn.

import {
  _, calledName, card, back, ensureStyle, html, isFakir, keepFocus, listed, mapFigure, ngettext,
  number, prompt, seatPanel, spoken, touch,
} from "./crypto-geo.js";

let again = null;

export function draw(board, view, ctx) {
  ensureStyle();
  again = () => draw(board, view, ctx);
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

  const children = [];

  // --- the table ---
  const players = view.players;
  const mine = players.indexOf(me);
  const order = mine < 0 ? players : [...players.slice(mine + 1), ...players.slice(0, mine)];
  const wins = (seat) => view.rounds.filter((r) => r.winner === seat).length;
  const table = html("div", { class: "cg-table" });
  const seatsBox = html("div", { class: "cg-seats" });
  for (const seat of order) {
    seatsBox.append(seatPanel({ name: called(seat), toPlay: view.to_move === seat, count: view.cards[seat],
      fakirs: view.fakirs[seat] || 0, points: view.totals[seat], pointsWord: _("net (received less paid)"),
      extra: wins(seat) ? html("p", { text: ngettext("won {count} round", "won {count} rounds", wins(seat)) }) : null }));
  }
  table.append(seatsBox);
  const center = html("div", { class: "cg-center" });
  center.append(html("div", { class: "cg-heap" },
    back({ text: String(view.stock), label: ngettext("The stock: {count} card face down", "The stock: {count} cards face down", view.stock) }),
    html("p", { text: _("Stock: {count}", { count: view.stock }) })));
  const heap = html("div", { class: "cg-heap" });
  if (visible) {
    heap.append(card(visible, { className: "cg-pile-card", label: _("The visible card: {card}", { card: spoken(visible) }) }));
    heap.append(html("p", { text: view.laid_by ? _("Visible, laid by {seat}", { seat: called(view.laid_by) }) : _("Visible, turned up") }));
  } else {
    heap.append(html("div", { class: "cg-empty", text: _("dealing…") }));
  }
  center.append(heap);
  table.append(center);
  children.push(table);

  // --- what to do now ---
  let say = "", buttons = [];
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
      say = lays.size ? _("You may lay another card that touches {card} (a card marked “lay”), or click Done to end your turn.", { card: visible })
        : _("None of your cards touches {card}: click Done to end your turn.", { card: visible });
    } else if (free) {
      say = _("Nobody could follow {card}: you may lay any card of yours, then go on from it.", { card: spoken(visible) });
    } else {
      say = _("Your turn: lay a card that touches {card}: click a card marked “lay” ({cards}). You must lay if you can.",
        { card: spoken(visible), cards: listed([...lays.keys()]) });
    }
    if (done) buttons = [{ text: _("Done: end my turn"), run: () => play("done"), key: "done" }];
  } else if (view.to_move) {
    say = _("{seat} is laying…", { seat: called(view.to_move) });
    if (me && hand.length) {
      const cards = listed(touching.map(spoken));
      say += " " + (touching.length ? ngettext("Your {cards} touches {card}.", "Your {cards} touch {card}.", touching.length, { cards, card: visible })
        : _("None of your cards touches {card}: if it stays visible, you will draw a penalty card.", { card: visible }));
    }
  } else {
    say = _("Cards are being dealt or drawn…");
  }
  children.push(prompt(say, buttons));

  // --- my hand ---
  if (me) {
    const section = html("section", { class: "cg-mine", "aria-label": _("Your hand"), tabindex: "-1" });
    section.dataset.key = "hand";
    const fakirs = view.fakirs[me] || 0;
    const count = view.cards[me];
    const owe = Math.max(0, count * 20 - fakirs * 40);
    let owed = "";
    if (!view.over) {
      if (!count) owed = _("No card left!");
      else if (fakirs) owed = _("If someone else won now, you would pay {owe} (20 a card, less 40 a fakir).", { owe });
      else owed = _("If someone else won now, you would pay {owe} (20 a card).", { owe });
    }
    section.append(seatPanel({ name: called(me), you: true, toPlay: view.to_move === me, count,
      fakirs, points: view.totals[me], pointsWord: _("net (received less paid)"),
      extra: html("p", { class: "cg-score", text: owed }) }));
    const row = html("div", { class: "cg-cards cg-chain-hand" });
    for (const name of hand) {
      const move = lays.get(name);
      const tags = [];
      if (!move && near.has(name)) tags.push(_("touches"));
      row.append(card(name, { key: `card-${name}`, tags, verb: move ? _("lay") : null,
        action: move ? { label: _("Lay {card}", { card: spoken(name) }), run: () => play(move) } : null }));
    }
    section.append(html("div", { class: "cg-group cg-alone" }, hand.length ? row : null,
      html("p", { class: "cg-caption", text: !hand.length ? _("No card left in your hand.")
        : lays.size ? _("Cards marked “lay” may be laid now") : _("Your hand") })));
    children.push(section);
  }

  // --- the chain laid this round ---
  if (view.laid.length) {
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
    children.push(html("div", { class: "cg-trail-box" },
      html("p", { class: "cg-small", text: _("Laid this round (→ touches the one before; ⋯ a new start when nobody could follow):") }), box));
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
  children.push(mapFigure({ marks, actions, bold, tags, arrows, legend, redraw: () => again(),
    heading: _("The map: every player may look at it throughout the game") }));

  keepFocus(board, [html("div", { class: "cg-screen" }, children)], "done", "hand");
}
