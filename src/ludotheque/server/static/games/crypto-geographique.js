// Crypto géographique, the combinations game: the seats around the table (hands face down,
// fakirs exposed, points), the stock and the pile, your hand split into its combinations, and
// the map with your hand and the pile's card marked. A click on the pile or the stock takes;
// a click on one of your cards (or on its département) throws it away; a card that may also
// stop the round asks which, in two buttons beside the hand.

import {
  bestSplit, card, back, ensureStyle, html, isFakir, keepFocus, KINDS, listed, mapFigure, number,
  prompt, seatPanel, spoken, touch,
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
    label: stops.has(name) ? `Throw ${spoken(name)} away: discard it, or discard it and stop the round`
      : `Discard ${spoken(name)}`,
    run: () => throwCard(name),
  } : null;

  // The card just received, named only to me.
  let fresh = null;
  if (me && view.last) {
    const m = new RegExp(`^${me} (?:draws from the stock: (.+)\\.|takes (.+) from the pile\\.)$`).exec(view.last);
    if (m) fresh = m[1] || m[2];
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
    seatsBox.append(seatPanel({ name: seat, toPlay: view.to_move === seat,
      partner: view.teams && me && partnerOf(me) === seat, count: countOf(seat),
      fakirs: view.fakirs[seat] || 0, points: view.totals[seat], pointsWord: view.teams ? "team's points" : "points" }));
  }
  table.append(seatsBox);

  const center = html("div", { class: "cg-center" });
  const stockMove = legal.includes("stock");
  center.append(html("div", { class: "cg-heap" },
    back({ text: String(view.stock), key: "stock",
      label: `The stock: ${view.stock} cards face down`,
      action: stockMove ? { label: `Take the stock's top card (${view.stock} left, face down)`, run: () => play("stock") } : null }),
    html("p", { text: `Stock: ${view.stock} card${view.stock === 1 ? "" : "s"}` }),
    stockMove ? html("p", { class: "cg-hint", text: "▲ click to draw" }) : null));
  const pileMove = legal.includes("pile");
  const top = view.pile_top;
  const pileBox = html("div", { class: "cg-heap" });
  if (top) {
    pileBox.append(card(top, { key: "pile", className: "cg-pile-card",
      verb: pileMove ? "take" : null,
      label: `The pile's visible card: ${spoken(top)}`,
      action: pileMove ? { label: `Take ${spoken(top)} from the pile`, run: () => play("pile") } : null }));
  } else {
    pileBox.append(html("div", { class: "cg-empty", text: view.phase === "deal" ? "dealing…" : "empty" }));
  }
  pileBox.append(html("p", { text: `Pile: ${view.pile.length} card${view.pile.length === 1 ? "" : "s"}` }));
  if (pileMove) pileBox.append(html("p", { class: "cg-hint", text: "▲ click to take" }));
  center.append(pileBox);
  table.append(center);
  children.push(table);

  // --- what to do now ---
  const hand = view.hand || [];
  const handNums = hand.filter((c) => !isFakir(c)).map(number);
  const touching = (name) => hand.filter((c) => !isFakir(c) && touch(number(name), number(c)));
  let say = "", buttons = [];
  if (view.phase === "over") {
    say = "The game is over. The last round's hands are shown below.";
  } else if (view.phase === "deal") {
    say = "Dealing: seven cards each, one at a time; a fakir dealt is laid out and replaced.";
  } else if (!me) {
    say = view.to_move ? `You are watching: ${view.to_move} to play. Hands are secret until a round ends.`
      : "You are watching.";
  } else if (legal.includes("agree")) {
    say = `${partnerOf(me)}, your partner, asks to stop the round («j'arrête»). Agree (the round `
      + "ends, every hand is shown and scored) or refuse (play goes on)?";
    buttons = [{ text: "Agree: stop", run: () => play("agree"), key: "agree" },
      { text: "Refuse: play on", run: () => play("refuse"), key: "refuse" }];
  } else if (stockMove || pileMove) {
    say = "Your turn. First take a card: ";
    say += pileMove ? `click the pile's card, ${spoken(top)}, face up, ` : "";
    say += pileMove && stockMove ? "or " : "";
    say += stockMove ? "click the stock to draw a card unseen." : ".";
    if (pileMove && !isFakir(top)) {
      const near = touching(top);
      say += near.length ? ` ${top} touches your ${listed(near.map(spoken))}.`
        : ` ${top} touches none of your cards.`;
    } else if (pileMove) {
      say += " The pile's card is a fakir: whoever takes it lays it out (20 points) and draws another.";
    }
  } else if (discards.size) {
    say = "Now throw one of your eight cards away: click it, here or on the map.";
    if (stops.size) {
      say += ` ★ You may stop the round: throw ${listed([...stops].map(spoken))} and the seven left `
        + "make a complet, or a carré and a brelan (50 points more for stopping).";
    }
  } else if (view.to_move) {
    const doing = { take: "taking a card", stock: "drawing", discard: "throwing a card away",
      consent: "answering his partner" }[view.phase] || "playing";
    say = `${view.to_move} is ${doing}…`;
  } else {
    say = view.phase === "stock" ? "A card is drawn from the stock…" : "…";
  }
  children.push(prompt(say, buttons));

  // --- my hand, in its combinations ---
  if (me) {
    const section = html("section", { class: "cg-mine", "aria-label": "Your hand", tabindex: "-1" });
    section.dataset.key = "hand";
    const grouped = new Set((view.combinations || []).flat());
    const score = (view.combinations || []).reduce((s, g) => s + KINDS[Math.min(g.length, 7)][1], 0);
    const fakirs = view.fakirs[me] || 0;
    section.append(seatPanel({ name: me, you: true, toPlay: view.to_move === me,
      fakirs, points: view.totals[me], pointsWord: view.teams ? "team's points" : "points",
      extra: html("p", { class: "cg-score", text: !hand.length ? "" : view.phase === "over"
        ? `Your last hand scored ${score}${fakirs ? ` + ${fakirs * 20} for fakirs` : ""}.`
        : `This hand scores ${score}${fakirs ? ` + ${fakirs * 20} for fakirs` : ""} if the round ends now`
          + (hand.length === 8 ? " (eight cards: one must go)." : ".") }) }));
    const row = html("div", { class: "cg-hand" });
    const one = (name, group) => {
      const action = cardAction(name);
      const tags = [];
      if (name === fresh) tags.push("new");
      if (stops.has(name)) tags.push("★ stop");
      return card(name, { key: `card-${name}`, group, badge: group === undefined ? null : LETTERS[group],
        tags, verb: action ? (stops.has(name) ? "discard…" : "discard") : null, action,
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
        html("p", { class: "cg-caption", text: grouped.size ? "alone · 0" : "no two touch · 0" })));
    }
    section.append(row);
    if (choice) {
      section.append(html("div", { class: "cg-choice", role: "group", "aria-label": `Throw ${choice} away` },
        html("p", { text: `Throw ${spoken(choice)} away:` }),
        ...[
          ["choice-plain", `Discard ${choice}`, discards.get(choice), false],
          ["choice-stop", view.teams ? `Discard ${choice} and ask your partner to stop`
            : `Discard ${choice} and stop the round (+50)`, `discard ${choice} and stop`, false],
          ["choice-cancel", "Cancel", null, true],
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
    box.append(html("summary", { text: `${view.phase === "over" ? "The last round" : "The round before"}: `
      + (shown["ended by"] === "stop" ? "a player stopped" : "the stock ran out") + "; every hand shown" }));
    const how = reading();
    const list = html("ul", { class: "cg-shown" });
    for (const [seat, cards] of Object.entries(shown.hands)) {
      const [points, groups] = bestSplit(cards.filter((c) => !isFakir(c)).map(number), how);
      const inGroup = new Set(groups.flat());
      const item = html("li", {}, html("strong", { text: `${seat}${seat === me ? " (you)" : ""}: ` }));
      for (const g of groups) {
        const [kind, value] = KINDS[g.length];
        item.append(html("span", { class: "cg-chip-group" },
          html("span", { class: "cg-chip-kind", text: `${kind} ${value}:` }),
          g.map((n) => html("span", { class: "cg-chip", text: `${n} ${cards.find((c) => number(c) === n)}` }))));
      }
      const rest = cards.filter((c) => isFakir(c) || !inGroup.has(number(c)));
      if (rest.length) {
        item.append(html("span", { class: "cg-chip-group cg-chip-alone" },
          html("span", { class: "cg-chip-kind", text: "alone:" }),
          rest.map((c) => html("span", { class: "cg-chip", text: isFakir(c) ? "Fakir" : `${number(c)} ${c}` }))));
      }
      // Once the game is over, the fakirs shown are the last round's, and its last sentence
      // names who stopped.
      let more = "";
      if (view.phase === "over") {
        const f = view.fakirs[seat] || 0;
        if (f) more += ` + ${f * 20} for ${f} fakir${f > 1 ? "s" : ""}`;
        if (shown["ended by"] === "stop" && !view.teams && view.last && view.last.startsWith(`${seat} discards`)) {
          more += " + 50 for stopping";
        }
      }
      item.append(html("span", { class: "cg-chip-total", text: `= ${points} for combinations${more}` }));
      list.append(item);
    }
    box.append(list);
    box.append(html("p", { class: "cg-small", text: "Points after it (with fakirs and the 50 for stopping): "
      + Object.entries(view.totals).map(([s, p]) => `${s} ${p}`).join(", ")
      + `. The game goes to ${Number(option("points") || 1000).toLocaleString("en")} points.` }));
    children.push(box);
  }

  // --- the pile's cards, for a player with a memory ---
  if (view.pile.length > 1) {
    const box = html("details", { class: "cg-pile-list" });
    box.open = open.pile;
    box.addEventListener("toggle", () => { open.pile = box.open; });
    box.append(html("summary", { text: `Every card thrown on the pile this round (${view.pile.length})` }),
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
    (view.combinations || []).forEach((g, i) => legend.push([`g${i % 4}`,
      `${LETTERS[i]}, your ${KINDS[Math.min(g.length, 7)][0]}: ${g.map((c) => `${number(c)} ${c}`).join(", ")}`
      + (i ? "" : " (lines join the cards that touch)")]));
    if (handNums.some((n) => !groups.some((g) => g.includes(n)))) legend.push(["hand", "your cards in no combination: dotted"]);
  }
  if (top && !isFakir(top)) {
    const n = number(top);
    add(n, "pile");
    bold.add(n);
    tags.push({ n, text: "pile" });
    legend.push(["pile", `the pile's visible card, ${top}: thick dashed outline`]);
    if (pileMove) actions.set(n, { label: `Take ${spoken(top)} from the pile`, run: () => play("pile") });
  }
  for (const name of discards.keys()) {
    if (!isFakir(name)) actions.set(number(name), cardAction(name));
  }
  if (actions.size) legend.push(["cg-live-sample", "départements you may click now (raised outline)"]);
  children.push(mapFigure({ marks, actions, links, bold, tags, legend, redraw: () => again(),
    heading: "The map: every player may look at it throughout the game" }));

  keepFocus(board, [html("div", { class: "cg-screen" }, children)], "stock", "pile", "hand");
  if (focusNext) {
    const target = board.querySelector(`[data-key="${CSS.escape(focusNext)}"]`);
    focusNext = null;
    if (target) target.focus({ preventScroll: true });
  }
}
