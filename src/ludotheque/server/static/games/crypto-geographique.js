// Crypto géographique, the combinations game. What a seat acts on fits the window: the seats
// around the table (hands face down, fakirs exposed, points) in a line, what to do now, and
// the map beside (on a phone, above) the stock, the pile and your hand split into its
// combinations. A click on the pile or the stock takes; a click on one of your cards (or on its
// département) throws it away; a card that may also stop the round asks which, in buttons in
// place of the line of what to do. The long explanations, the last round's hands, the pile's
// cards and the map's legend come under it. Cards fly between the stock, the pile and the hands.

import {
  _, bestSplit, calledName, card, cardVerb, back, compactNow, ensureStyle, html, isFakir, KINDS,
  listed, mapFigure, ngettext, number, numbered, prompt, seatPanel, show, spoken, told, touch,
  without,
} from "./crypto-geo.js";

const LETTERS = "ABCD";
let choice = null;        // the card whose two throws (discard, discard and stop) are offered
let choiceFor = "";       // the legal moves it was offered for
let focusNext = null;     // an element to focus after the next draw (data-key)
let again = null;         // draws again with the last arguments (a choice made, a map inspected)
const open = { pile: false, round: true };

/** An option of the table, as its page names it (the table page's options line, or the
 * replay page's record), or null. The view does not carry the options. */
let options = {};
function option(name) { return options[name] === undefined ? null : String(options[name]); }

/** Which rule reading the table plays (option groups). */
function reading() { return option("groups") === "chain" ? "chain" : "connected"; }

/**
 * What moved from view a to view b, as cards flying (crypto-geo.js's fly()): a new round's
 * hands dealt from the stock; within a round, the pile's card taken to its taker, the stock's
 * cards drawn (face down to another seat, face up to you), the fakirs exposed, then each card
 * thrown on the pile, a step after, in turn. Whoever acted first is the seat to move in a (or
 * in b, while chance drew his card).
 */
export function plan(a, b) {
  const me = b.seat;
  if (a.seat !== me || a.players.join() !== b.players.join() || b.phase === "deal") return [];
  const flights = [];
  const after = (seat) => b.players[(b.players.indexOf(seat) + 1) % b.players.length];
  const roundEnded = JSON.stringify(a.last_round) !== JSON.stringify(b.last_round);
  if (a.phase === "deal" || (roundEnded && b.last_round && b.phase !== "over")) {
    b.hand.forEach((c, i) => flights.push({ from: "stock", to: `card:${c}`, face: c, step: i * 0.15, reveal: `card:${c}` }));
    b.players.filter((seat) => seat !== me).forEach((seat, k) => {
      for (let i = 0; i < 3; i++) flights.push({ from: "stock", to: `seat:${seat}`, face: null, step: i * 0.3 + k * 0.1 });
    });
    if (b.pile_top) {
      flights.push({ from: "stock", to: `card:${b.pile_top}`, face: b.pile_top, step: 1.2, reveal: `card:${b.pile_top}` });
    }
    return flights;
  }
  if (roundEnded) return [];
  let shared = 0;
  while (shared < a.pile.length && a.pile[shared] === b.pile[shared]) shared++;
  const taken = a.pile.slice(shared), thrown = b.pile.slice(shared);
  let gained = without(b.hand, a.hand);
  const lost = without(a.hand, b.hand);
  let seat = a.to_move || b.to_move;
  if (taken.length && seat) {
    const x = taken[taken.length - 1];
    if (seat === me && gained.includes(x)) {
      flights.push({ from: `card:${x}`, to: `card:${x}`, face: x, step: 0, reveal: `card:${x}` });
      gained = without(gained, [x]);
    } else if (seat !== me) {
      flights.push({ from: `card:${x}`, to: `seat:${seat}`, face: x, step: 0 });
    }
  }
  let fakirs = 0;
  for (const s of b.players) {
    for (let i = a.fakirs[s] || 0; i < (b.fakirs[s] || 0); i++) {
      flights.push({ from: "stock", to: `fakirs:${s}`, face: "F", step: 0.3 * fakirs++ });
    }
  }
  gained.forEach((c, i) => flights.push({ from: "stock", to: `card:${c}`, face: c, step: 0.3 * (fakirs + i), reveal: `card:${c}` }));
  const unseen = a.stock - b.stock - fakirs - gained.length;
  if (seat && seat !== me) {
    for (let i = 0; i < Math.min(unseen, 3); i++) {
      flights.push({ from: "stock", to: `seat:${seat}`, face: null, step: 0.3 * (fakirs + i) });
    }
  }
  const first = flights.length ? 1 : 0;
  thrown.forEach((y, i) => {
    const top = i === thrown.length - 1;
    const to = top ? `card:${y}` : "pile";
    const from = seat === me && lost.includes(y) ? `card:${y}` : seat ? `seat:${seat}` : null;
    if (from) flights.push({ from, to, face: y, step: first + i, reveal: top ? to : null });
    seat = seat && after(seat);
  });
  return flights;
}

export function draw(board, view, ctx) {
  options = ctx.options || {};
  ensureStyle();
  again = () => draw(board, view, ctx);
  const compact = compactNow();
  const legal = ctx.legal || [];
  const me = view.seat;
  const called = (seat) => calledName(ctx, seat);
  const play = (move) => { choice = null; ctx.play(move); };
  if (choiceFor !== legal.join("|")) { choice = null; choiceFor = legal.join("|"); }

  // What each of my cards may do now.
  const discards = new Map(), stops = new Set();
  for (const move of legal) {
    const m = /^discard (.+?)( and stop)?$/.exec(move);
    if (!m) continue;
    if (m[2]) stops.add(m[1]);
    else discards.set(m[1], move);
  }
  const throwCard = (name) => {
    if (stops.has(name)) {
      choice = name;
      focusNext = "choice-plain";
      again();
    } else play(discards.get(name));
  };
  const cardAction = (name) => discards.has(name) ? {
    label: stops.has(name) ? _("Throw {card} away: discard it, or discard it and stop the round", { card: spoken(name) })
      : _("Discard {card}", { card: spoken(name) }),
    run: () => throwCard(name),
  } : null;

  // The card just received, named only to me (the sentence told in English or in the reader's
  // language, the seat named as he reads it).
  let fresh = null;
  if (me && view.last) {
    const said = told(view.last, "{seat} draws from the stock: {card}.", _("{seat} draws from the stock: {card}."),
      "{seat} takes {card} from the pile.", _("{seat} takes {card} from the pile."));
    if (said && (said.seat === me || said.seat === called(me))) fresh = said.card;
  }

  // --- the seats: the others, then you ---
  const players = view.players;
  const mine = players.indexOf(me);
  const order = mine < 0 ? players : [...players.slice(mine + 1), ...players.slice(0, mine)];
  const countOf = (seat) => {
    if (view.phase === "deal") return null;
    return view.phase === "discard" && view.to_move === seat ? 8 : 7;
  };
  const partnerOf = (seat) => players[(players.indexOf(seat) + 2) % 4];
  const pointsWord = view.teams ? _("team's points") : _("points");
  const seats = html("div", { class: "cg-seats" });
  for (const seat of order) {
    seats.append(seatPanel({ seat, name: called(seat), toPlay: view.to_move === seat,
      partner: view.teams && me && partnerOf(me) === seat, count: countOf(seat),
      fakirs: view.fakirs[seat] || 0, points: view.totals[seat], pointsWord }));
  }
  if (me) {
    seats.append(seatPanel({ seat: me, name: called(me), you: true, toPlay: view.to_move === me,
      fakirs: view.fakirs[me] || 0, points: view.totals[me], pointsWord }));
  }

  // --- the stock and the pile ---
  const stockMove = legal.includes("stock");
  const pileMove = legal.includes("pile");
  const top = view.pile_top;
  const stock = back({ text: String(view.stock), key: "stock", fly: "stock", compact,
    label: ngettext("The stock: {count} card face down", "The stock: {count} cards face down", view.stock),
    action: stockMove ? { label: ngettext("Take the stock's top card ({count} left, face down)",
      "Take the stock's top card ({count} left, face down)", view.stock), run: () => play("stock") } : null });
  const pile = html("div", { class: "cg-slot", "data-fly": "pile" }, top
    ? card(top, { key: "pile", className: "cg-pile-card", compact,
      verb: pileMove ? cardVerb(_("take (on a card)")) : null,
      label: _("The pile's visible card: {card}", { card: spoken(top) }),
      action: pileMove ? { label: _("Take {name} from the pile", { name: spoken(top) }), run: () => play("pile") } : null })
    : html("div", { class: "cg-empty", text: view.phase === "deal" ? _("dealing…") : _("empty") }));

  // --- what to do now: a short line here, the whole of it under the table ---
  const hand = view.hand || [];
  const handNums = hand.filter((c) => !isFakir(c)).map(number);
  const touching = (name) => hand.filter((c) => !isFakir(c) && touch(number(name), number(c)));
  let say = "", short = "", buttons = [];
  if (view.phase === "over") {
    say = _("The game is over. The last round's hands are shown below.");
  } else if (view.phase === "deal") {
    say = _("Dealing: seven cards each, one at a time; a fakir dealt is laid out and replaced.");
  } else if (!me) {
    say = view.to_move ? _("You are watching: {seat} to play. Hands are secret until a round ends.", { seat: called(view.to_move) })
      : _("You are watching.");
  } else if (legal.includes("agree")) {
    short = _("Your partner asks to stop the round.");
    say = _("{seat}, your partner, asks to stop the round («j'arrête»). Agree (the round ends, every hand is shown and scored) or refuse (play goes on)?",
      { seat: called(partnerOf(me)) });
    buttons = [{ text: _("Agree: stop"), run: () => play("agree"), key: "agree" },
      { text: _("Refuse: play on"), run: () => play("refuse"), key: "refuse" }];
  } else if (stockMove || pileMove) {
    if (pileMove && stockMove) {
      short = _("Take {card} from the pile, or draw from the stock.", { card: spoken(top) });
      say = _("Your turn. First take a card: click the pile's card, {card}, face up, or click the stock to draw a card unseen.",
        { card: spoken(top) });
    } else if (pileMove) {
      short = _("Take {card} from the pile.", { card: spoken(top) });
      say = _("Your turn. First take a card: click the pile's card, {card}, face up.", { card: spoken(top) });
    } else {
      short = _("Draw from the stock.");
      say = _("Your turn. First take a card: click the stock to draw a card unseen.");
    }
    if (pileMove && !isFakir(top)) {
      const near = touching(top);
      say += " " + (near.length ? _("{card} touches your {cards}.", { card: top, cards: listed(near.map(spoken)) })
        : _("{card} touches none of your cards.", { card: top }));
    } else if (pileMove) {
      say += " " + _("The pile's card is a fakir: whoever takes it lays it out (20 points) and draws another.");
    }
  } else if (discards.size) {
    short = stops.size ? _("Throw one of your eight cards away; ★: you may stop the round with it.")
      : _("Throw one of your eight cards away.");
    say = _("Now throw one of your eight cards away: click it, here or on the map.");
    if (stops.size) {
      say += " " + _("★ You may stop the round: throw {cards} and the seven left make a complet, or a carré and a brelan (50 points more for stopping).",
        { cards: listed([...stops].map(spoken)) });
    }
  } else if (view.to_move) {
    const seat = called(view.to_move);
    if (view.phase === "take") say = _("{seat} is taking a card…", { seat });
    else if (view.phase === "stock") say = _("{seat} is drawing…", { seat });
    else if (view.phase === "discard") say = _("{seat} is throwing a card away…", { seat });
    else if (view.phase === "consent") say = _("{seat} is answering his partner…", { seat });
    else say = _("{seat} is playing…", { seat });
  } else {
    say = view.phase === "stock" ? _("A card is drawn from the stock…") : "…";
  }
  let doing;
  if (choice) {
    // The card that may stop the round: its two throws (and Cancel) in place of the line.
    doing = html("div", { class: "cg-prompt cg-choice", role: "group", "aria-label": _("Throw {name} away", { name: choice }) },
      html("p", { text: _("Throw {card} away:", { card: spoken(choice) }) }),
      html("div", { class: "cg-prompt-buttons" }, [
        ["choice-plain", _("Discard {card}", { card: choice }), discards.get(choice), false],
        ["choice-stop", view.teams ? _("Discard {card} and ask your partner to stop", { card: choice })
          : _("Discard {card} and stop the round (+50)", { card: choice }), `discard ${choice} and stop`, false],
        ["choice-cancel", _("Cancel"), null, true],
      ].map(([key, text, move, quiet]) => {
        const b = html("button", { type: "button", class: quiet ? "quiet" : null, text });
        b.dataset.key = key;
        b.addEventListener("click", () => {
          if (move) play(move);
          else { focusNext = `card-${choice}`; choice = null; again(); }
        });
        return b;
      })));
  } else {
    doing = prompt(short || say, buttons);
  }

  // --- my hand, in its combinations ---
  const side = html("div", { class: "cg-side" });
  const groupsLine = html("p", { class: "cg-groups" });
  let scored = "";
  if (me) {
    const grouped = new Set((view.combinations || []).flat());
    const score = (view.combinations || []).reduce((s, g) => s + KINDS[Math.min(g.length, 7)][1], 0);
    const bonus = (view.fakirs[me] || 0) * 20;
    if (hand.length && view.phase === "over") {
      scored = bonus ? _("Your last hand scored {score} + {bonus} for fakirs.", { score, bonus })
        : _("Your last hand scored {score}.", { score });
    } else if (hand.length === 8) {
      scored = bonus ? _("This hand scores {score} + {bonus} for fakirs if the round ends now (eight cards: one must go).", { score, bonus })
        : _("This hand scores {score} if the round ends now (eight cards: one must go).", { score });
    } else if (hand.length) {
      scored = bonus ? _("This hand scores {score} + {bonus} for fakirs if the round ends now.", { score, bonus })
        : _("This hand scores {score} if the round ends now.", { score });
    }
    const one = (name, group) => {
      const action = cardAction(name);
      const tags = [];
      if (stops.has(name)) tags.push(_("★ stop"));
      if (name === fresh) tags.push(_("new"));
      return card(name, { key: `card-${name}`, group, badge: group === undefined ? null : LETTERS[group],
        tags, verb: action ? (stops.has(name) ? _("discard…") : cardVerb(_("discard (on a card)"))) : null, action,
        compact, className: choice === name ? "cg-chosen" : "" });
    };
    const cards = [];
    (view.combinations || []).forEach((group, i) => {
      cards.push(...group.map((c) => one(c, i)));
      const [kind, points] = KINDS[Math.min(group.length, 7)];
      groupsLine.append(html("span", { class: `cg-g${i % 4}`, text: `${LETTERS[i]} · ${kind} · ${points}` }));
    });
    cards.push(...hand.filter((c) => !grouped.has(c)).map((c) => one(c)));
    if (hand.length && !grouped.size) groupsLine.append(html("span", { text: _("no two touch · 0") }));
    const section = html("section", { class: "cg-mine", "aria-label": _("Your hand"), tabindex: "-1", "data-key": "hand" });
    if (compact) {
      section.append(html("div", { class: "cg-row" }, stock, pile, cards));
    } else {
      section.append(html("div", { class: "cg-hand" }, cards));
    }
    if (!compact) side.append(heaps(stock, pile, view, stockMove, pileMove));
    side.append(section, groupsLine);
  } else if (compact) {
    side.append(html("div", { class: "cg-row" }, stock, pile));
  } else {
    side.append(heaps(stock, pile, view, stockMove, pileMove));
  }

  // --- the map ---
  const marks = new Map(), actions = new Map(), links = [], bold = new Set(), tags = [];
  const add = (n, cls) => { if (!marks.has(n)) marks.set(n, []); marks.get(n).push(cls); };
  const groups = (view.combinations || []).map((g) => g.map(number));
  groups.forEach((g, i) => {
    for (const n of g) add(n, `g${i % 4}`);
    g.forEach((a, j) => g.slice(j + 1).forEach((b) => { if (touch(a, b)) links.push([a, b]); }));
  });
  for (const n of handNums) { if (!marks.has(n)) add(n, "hand"); bold.add(n); }
  const legend = [];
  if (handNums.length) {
    (view.combinations || []).forEach((g, i) => {
      const names = { letter: LETTERS[i], kind: KINDS[Math.min(g.length, 7)][0],
        cards: g.map((c) => `${number(c)} ${c}`).join(", ") };
      legend.push([`g${i % 4}`, i ? _("{letter}, your {kind}: {cards}", names)
        : _("{letter}, your {kind}: {cards} (lines join the cards that touch)", names)]);
    });
    if (handNums.some((n) => !groups.some((g) => g.includes(n)))) legend.push(["hand", _("your cards in no combination: dotted")]);
  }
  if (top && !isFakir(top)) {
    const n = number(top);
    add(n, "pile");
    bold.add(n);
    tags.push({ n, text: _("pile") });
    legend.push(["pile", _("the pile's visible card, {card}: thick dashed outline", { card: top })]);
    if (pileMove) actions.set(n, { label: _("Take {name} from the pile", { name: spoken(top) }), run: () => play("pile") });
  }
  for (const name of discards.keys()) {
    if (!isFakir(name)) actions.set(number(name), cardAction(name));
  }
  if (actions.size) legend.push(["cg-live-sample", _("départements you may click now (raised outline)")]);
  const { figure, about } = mapFigure({ marks, actions, links, bold, tags, legend, redraw: () => again(),
    heading: _("The map: every player may look at it throughout the game") });

  // --- under the table: the whole of what to do, the last round, the pile's cards, the map's legend ---
  const below = [];
  if (short || scored) below.push(html("div", { class: "cg-explain" }, short ? html("p", { text: say }) : null,
    scored ? html("p", { text: scored }) : null));
  if (view.last_round) below.push(lastRound(view, me, called));
  if (view.pile.length > 1) {
    const box = html("details", { class: "cg-pile-list" });
    box.open = open.pile;
    box.addEventListener("toggle", () => { open.pile = box.open; });
    box.append(html("summary", { text: _("Every card thrown on the pile this round ({count})", { count: view.pile.length }) }),
      html("p", { text: view.pile.map((c) => isFakir(c) ? "Fakir" : `${number(c)} ${c}`).join(" · ") }));
    below.push(box);
  }
  below.push(about);

  show(board, view, {
    stage: [seats, doing, html("div", { class: "cg-play" }, figure, side)],
    below, plan, redraw: again, fallbacks: ["stock", "pile", "hand"],
  });
  if (focusNext) {
    const target = board.querySelector(`[data-key="${CSS.escape(focusNext)}"]`);
    focusNext = null;
    if (target) target.focus({ preventScroll: true });
  }
}

/** The stock and the pile side by side, each with its count (a desktop's). */
function heaps(stock, pile, view, stockMove, pileMove) {
  return html("div", { class: "cg-heaps" },
    html("div", { class: "cg-heap" }, stock,
      html("p", { text: ngettext("Stock: {count} card", "Stock: {count} cards", view.stock) }),
      stockMove ? html("p", { class: "cg-hint", text: _("▲ click to draw") }) : null),
    html("div", { class: "cg-heap" }, pile,
      html("p", { text: ngettext("Pile: {count} card", "Pile: {count} cards", view.pile.length) }),
      pileMove ? html("p", { class: "cg-hint", text: _("▲ click to take") }) : null));
}

/** The last round's hands, shown to all when it ended, each split as it scored. */
function lastRound(view, me, called) {
  const shown = view.last_round;
  const box = html("details", { class: "cg-round" });
  box.open = open.round || view.phase === "over";
  box.addEventListener("toggle", () => { open.round = box.open; });
  const stopped = shown["ended by"] === "stop";
  let summary;
  if (view.phase === "over") {
    summary = stopped ? _("The last round: a player stopped; every hand shown")
      : _("The last round: the stock ran out; every hand shown");
  } else {
    summary = stopped ? _("The round before: a player stopped; every hand shown")
      : _("The round before: the stock ran out; every hand shown");
  }
  box.append(html("summary", { text: summary }));
  const how = reading();
  const list = html("ul", { class: "cg-shown" });
  // Who stopped, as the last sentence names him (in English or in the reader's language).
  const stopper = view.phase === "over" && stopped && !view.teams
    ? told(view.last, "{seat} discards {card} and says «j'arrête».", _("{seat} discards {card} and says «j'arrête»."))
    : null;
  for (const [seat, cards] of Object.entries(shown.hands)) {
    const [points, groups] = bestSplit(cards.filter((c) => !isFakir(c)).map(number), how);
    const inGroup = new Set(groups.flat());
    const item = html("li", {}, html("strong", { text: seat === me ? _("{seat} (you):", { seat: called(seat) }) + " "
      : _("{seat}:", { seat: called(seat) }) + " " }));
    for (const g of groups) {
      const [kind, value] = KINDS[g.length];
      item.append(html("span", { class: "cg-chip-group" },
        html("span", { class: "cg-chip-kind", text: _("{kind} {points}:", { kind, points: value }) }),
        g.map((n) => html("span", { class: "cg-chip", text: `${n} ${cards.find((c) => number(c) === n)}` }))));
    }
    const rest = cards.filter((c) => isFakir(c) || !inGroup.has(number(c)));
    if (rest.length) {
      item.append(html("span", { class: "cg-chip-group cg-chip-alone" },
        html("span", { class: "cg-chip-kind", text: _("alone:") }),
        rest.map((c) => html("span", { class: "cg-chip", text: isFakir(c) ? "Fakir" : `${number(c)} ${c}` }))));
    }
    // Once the game is over, the fakirs shown are the last round's, and its last sentence
    // names who stopped.
    let total = _("= {points} for combinations", { points });
    if (view.phase === "over") {
      const f = view.fakirs[seat] || 0;
      if (f) total += " " + ngettext("+ {bonus} for {count} fakir", "+ {bonus} for {count} fakirs", f, { bonus: f * 20 });
      if (stopper && (stopper.seat === seat || stopper.seat === called(seat))) total += " " + _("+ 50 for stopping");
    }
    item.append(html("span", { class: "cg-chip-total", text: total }));
    list.append(item);
  }
  box.append(list);
  box.append(html("p", { class: "cg-small", text: _("Points after it (with fakirs and the 50 for stopping): {totals}. The game goes to {goal} points.", {
    totals: Object.entries(view.totals).map(([s, p]) => `${called(s)} ${p}`).join(", "),
    goal: numbered(option("points") || 1000) }) }));
  return box;
}
