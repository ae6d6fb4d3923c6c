// Crypto géographique, the combinations game: the seats around the table (hands face down,
// fakirs exposed, points), the stock and the pile, your hand split into its combinations, and
// the map with your hand and the pile's card marked. A click on the pile or the stock takes;
// a click on one of your cards (or on its département) throws it away; a card that may also
// stop the round asks which, in two buttons beside the hand.

import {
  _, bestSplit, calledName, card, cardVerb, back, ensureStyle, html, isFakir, keepFocus, KINDS, listed,
  mapFigure, ngettext, number, numbered, prompt, seatPanel, spoken, told, touch,
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

export function draw(board, view, ctx) {
  options = ctx.options || {};
  ensureStyle();
  again = () => draw(board, view, ctx);
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

  const children = [];

  // --- the table: the other seats, the stock and the pile ---
  const players = view.players;
  const mine = players.indexOf(me);
  const order = mine < 0 ? players : [...players.slice(mine + 1), ...players.slice(0, mine)];
  const countOf = (seat) => {
    if (view.phase === "deal") return null;
    return view.phase === "discard" && view.to_move === seat ? 8 : 7;
  };
  const partnerOf = (seat) => players[(players.indexOf(seat) + 2) % 4];
  const table = html("div", { class: "cg-table" });
  const seatsBox = html("div", { class: "cg-seats" });
  for (const seat of order) {
    seatsBox.append(seatPanel({ name: called(seat), toPlay: view.to_move === seat,
      partner: view.teams && me && partnerOf(me) === seat, count: countOf(seat),
      fakirs: view.fakirs[seat] || 0, points: view.totals[seat], pointsWord: view.teams ? _("team's points") : _("points") }));
  }
  table.append(seatsBox);

  const center = html("div", { class: "cg-center" });
  const stockMove = legal.includes("stock");
  center.append(html("div", { class: "cg-heap" },
    back({ text: String(view.stock), key: "stock",
      label: ngettext("The stock: {count} card face down", "The stock: {count} cards face down", view.stock),
      action: stockMove ? { label: ngettext("Take the stock's top card ({count} left, face down)",
        "Take the stock's top card ({count} left, face down)", view.stock), run: () => play("stock") } : null }),
    html("p", { text: ngettext("Stock: {count} card", "Stock: {count} cards", view.stock) }),
    stockMove ? html("p", { class: "cg-hint", text: _("▲ click to draw") }) : null));
  const pileMove = legal.includes("pile");
  const top = view.pile_top;
  const pileBox = html("div", { class: "cg-heap" });
  if (top) {
    pileBox.append(card(top, { key: "pile", className: "cg-pile-card",
      verb: pileMove ? cardVerb(_("take (on a card)")) : null,
      label: _("The pile's visible card: {card}", { card: spoken(top) }),
      action: pileMove ? { label: _("Take {name} from the pile", { name: spoken(top) }), run: () => play("pile") } : null }));
  } else {
    pileBox.append(html("div", { class: "cg-empty", text: view.phase === "deal" ? _("dealing…") : _("empty") }));
  }
  pileBox.append(html("p", { text: ngettext("Pile: {count} card", "Pile: {count} cards", view.pile.length) }));
  if (pileMove) pileBox.append(html("p", { class: "cg-hint", text: _("▲ click to take") }));
  center.append(pileBox);
  table.append(center);
  children.push(table);

  // --- what to do now ---
  const hand = view.hand || [];
  const handNums = hand.filter((c) => !isFakir(c)).map(number);
  const touching = (name) => hand.filter((c) => !isFakir(c) && touch(number(name), number(c)));
  let say = "", buttons = [];
  if (view.phase === "over") {
    say = _("The game is over. The last round's hands are shown below.");
  } else if (view.phase === "deal") {
    say = _("Dealing: seven cards each, one at a time; a fakir dealt is laid out and replaced.");
  } else if (!me) {
    say = view.to_move ? _("You are watching: {seat} to play. Hands are secret until a round ends.", { seat: called(view.to_move) })
      : _("You are watching.");
  } else if (legal.includes("agree")) {
    say = _("{seat}, your partner, asks to stop the round («j'arrête»). Agree (the round ends, every hand is shown and scored) or refuse (play goes on)?",
      { seat: called(partnerOf(me)) });
    buttons = [{ text: _("Agree: stop"), run: () => play("agree"), key: "agree" },
      { text: _("Refuse: play on"), run: () => play("refuse"), key: "refuse" }];
  } else if (stockMove || pileMove) {
    if (pileMove && stockMove) {
      say = _("Your turn. First take a card: click the pile's card, {card}, face up, or click the stock to draw a card unseen.",
        { card: spoken(top) });
    } else if (pileMove) {
      say = _("Your turn. First take a card: click the pile's card, {card}, face up.", { card: spoken(top) });
    } else {
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
  children.push(prompt(say, buttons));

  // --- my hand, in its combinations ---
  if (me) {
    const section = html("section", { class: "cg-mine", "aria-label": _("Your hand"), tabindex: "-1" });
    section.dataset.key = "hand";
    const grouped = new Set((view.combinations || []).flat());
    const score = (view.combinations || []).reduce((s, g) => s + KINDS[Math.min(g.length, 7)][1], 0);
    const fakirs = view.fakirs[me] || 0;
    const bonus = fakirs * 20;
    let scored = "";
    if (hand.length && view.phase === "over") {
      scored = fakirs ? _("Your last hand scored {score} + {bonus} for fakirs.", { score, bonus })
        : _("Your last hand scored {score}.", { score });
    } else if (hand.length === 8) {
      scored = fakirs ? _("This hand scores {score} + {bonus} for fakirs if the round ends now (eight cards: one must go).", { score, bonus })
        : _("This hand scores {score} if the round ends now (eight cards: one must go).", { score });
    } else if (hand.length) {
      scored = fakirs ? _("This hand scores {score} + {bonus} for fakirs if the round ends now.", { score, bonus })
        : _("This hand scores {score} if the round ends now.", { score });
    }
    section.append(seatPanel({ name: called(me), you: true, toPlay: view.to_move === me,
      fakirs, points: view.totals[me], pointsWord: view.teams ? _("team's points") : _("points"),
      extra: html("p", { class: "cg-score", text: scored }) }));
    const row = html("div", { class: "cg-hand" });
    const one = (name, group) => {
      const action = cardAction(name);
      const tags = [];
      if (name === fresh) tags.push(_("new"));
      if (stops.has(name)) tags.push(_("★ stop"));
      return card(name, { key: `card-${name}`, group, badge: group === undefined ? null : LETTERS[group],
        tags, verb: action ? (stops.has(name) ? _("discard…") : cardVerb(_("discard (on a card)"))) : null, action,
        className: choice === name ? "cg-chosen" : "" });
    };
    (view.combinations || []).forEach((group, i) => {
      const [kind, points] = KINDS[Math.min(group.length, 7)];
      row.append(html("div", { class: `cg-group cg-g${i % 4}` },
        html("div", { class: "cg-cards" }, group.map((c) => one(c, i))),
        html("p", { class: "cg-caption", text: `${LETTERS[i]} · ${kind} · ${points}` })));
    });
    const alone = hand.filter((c) => !grouped.has(c));
    if (alone.length) {
      row.append(html("div", { class: "cg-group cg-alone" },
        html("div", { class: "cg-cards" }, alone.map((c) => one(c))),
        html("p", { class: "cg-caption", text: grouped.size ? _("alone · 0") : _("no two touch · 0") })));
    }
    section.append(row);
    if (choice) {
      section.append(html("div", { class: "cg-choice", role: "group", "aria-label": _("Throw {name} away", { name: choice }) },
        html("p", { text: _("Throw {card} away:", { card: spoken(choice) }) }),
        ...[
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
    }
    children.push(section);
  }

  // --- the last round's hands, shown to all when it ended ---
  if (view.last_round) {
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
    children.push(box);
  }

  // --- the pile's cards, for a player with a memory ---
  if (view.pile.length > 1) {
    const box = html("details", { class: "cg-pile-list" });
    box.open = open.pile;
    box.addEventListener("toggle", () => { open.pile = box.open; });
    box.append(html("summary", { text: _("Every card thrown on the pile this round ({count})", { count: view.pile.length }) }),
      html("p", { text: view.pile.map((c) => isFakir(c) ? "Fakir" : `${number(c)} ${c}`).join(" · ") }));
    children.push(box);
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
  children.push(mapFigure({ marks, actions, links, bold, tags, legend, redraw: () => again(),
    heading: _("The map: every player may look at it throughout the game") }));

  keepFocus(board, [html("div", { class: "cg-screen" }, children)], "stock", "pile", "hand");
  if (focusNext) {
    const target = board.querySelector(`[data-key="${CSS.escape(focusNext)}"]`);
    focusNext = null;
    if (target) target.focus({ preventScroll: true });
  }
}
