// Trick Dumpling at the table (docs/serve.md, "Trick Dumpling"). Draws table.view, which the
// server builds from the game's one State (printkit/games/trickdumpling/web.py): this page offers
// only the cards `view.options` lists and never judges a rule itself.
//
// Phases: "deal" (chef, popularity rank, the spy, every hand: tapped card by card or the rest
// shuffled), "play" (the trick so far, totals against the steamer limit, the Perfect Dish prompts,
// the hands of whoever plays now; the Master's top card; both players at once when it leads),
// "over" (rounds and points; the shell shows the final report).

// A table with seats (table.seats): each phone is one seat (view.seat) or the shared screen
// (view.seat null); the round is dealt seat by seat ({start}, then each player's own {hand}) and
// the Master's stack, never typed in, is entered card by card as it is turned over (PK-17).
//
// The deal being entered is a draft kept on this phone (dom.js draft: localStorage), so a reload,
// a phone that slept or a server restart loses no tap; at a table with seats a phone keeps only
// its own hand (never sent before "Enter my hand").
import { draft as keep } from "/static/dom.js";

const CSS_ID = "td-page-css";
const local = { slack: false };

function ensureCss() {
  if (document.getElementById(CSS_ID)) return;
  const link = document.createElement("link");
  link.id = CSS_ID;
  link.rel = "stylesheet";
  link.href = new URL("./page.css", import.meta.url).href;
  document.head.append(link);
}

// -- cards ------------------------------------------------------------------------------------

function suitOf(view, code) {
  return view.suits.find((s) => s.letter === code[0] && code !== "GS") || null;
}

function cardFace(view, code, el) {
  const suit = code.startsWith("W") || code === "GS" ? null : suitOf(view, code);
  if (!suit) {
    const label = code === "GS" ? "Steamer" : "wild";
    return [el("span", { class: "num" }, code === "GS" ? "GS" : code.slice(1)), el("span", { class: "suit" }, label)];
  }
  return [el("span", { class: "num" }, code.slice(1)), el("span", { class: "suit" }, suit.name)];
}

function cardClass(view, code) {
  if (code === "GS") return "td-card steamer";
  if (code.startsWith("W")) return "td-card wild";
  return `td-card s-${suitOf(view, code).id}`;
}

function suitChip(view, id, el, extra = "") {
  const s = view.suits.find((x) => x.id === id);
  return el("span", { class: `chip s-${id} ${extra}` }, el("b", {}, s.letter), " ", s.name);
}

// -- the deal ----------------------------------------------------------------------------------

// The deal being entered, kept on this phone: load it, and save it after every tap (redraw).
function draftFor(table) {
  const v = table.view, d = v.deal;
  const fresh = { chef: d.chef, rank: [...d.rank], spy: d.spy_options.length === 1 ? d.spy_options[0] : null,
    hands: Object.fromEntries(v.seats.map((p) => [p, []])), seat: v.seat || v.seats[0], mission: null };
  const kept = keep(table, `deal:${d.round}`).load(null);
  const draft = kept && kept.hands && Object.keys(kept.hands).join() === Object.keys(fresh.hands).join()
    ? { ...fresh, ...kept } : fresh;
  if (v.seat) draft.seat = v.seat; // a seat's phone enters its own hand only
  return draft;
}

function saveDraft(table, draft) {
  keep(table, `deal:${table.view.deal.round}`).save(draft);
}

function owner(draft, code) {
  return Object.keys(draft.hands).find((p) => draft.hands[p].includes(code)) || null;
}

function shuffleRest(draft, v) {
  const d = v.deal;
  const free = d.deck.filter((c) => !owner(draft, c));
  for (let i = free.length - 1; i > 0; i--) {
    const j = Math.floor(Math.random() * (i + 1));
    [free[i], free[j]] = [free[j], free[i]];
  }
  for (const p of v.seats) {
    while (draft.hands[p].length < d.hand_size && free.length) draft.hands[p].push(free.pop());
  }
}

function dealReady(draft, v) {
  return draft.chef && draft.spy && v.seats.every((p) => draft.hands[p].length === v.deal.hand_size);
}

function dealMove(draft, v) {
  return { deal: { chef: draft.chef, rank: draft.rank,
    missions: Object.fromEntries(v.seats.map((p) => [p, p === draft.spy ? "spy" : "nephew"])),
    hands: Object.fromEntries(v.seats.map((p) => [p, draft.hands[p]])) } };
}

function choiceRow(el, name, options, chosen, pick, label = (x) => el("bdi", {}, x)) {
  return el("div", { class: "row choices", role: "group" }, options.map((o) => el("button", {
    type: "button", "data-test": name, "data-player": o, "aria-pressed": String(o === chosen),
    class: o === chosen ? "on" : null, onclick: () => pick(o) }, label(o))));
}

function rankEditor(el, v, draft, redraw) {
  const move = (i, by) => {
    const j = i + by;
    if (j < 0 || j >= draft.rank.length) return;
    [draft.rank[i], draft.rank[j]] = [draft.rank[j], draft.rank[i]];
    redraw();
  };
  return el("ol", { class: "td-rank", "data-test": "td-rank" }, draft.rank.map((id, i) => el("li", { "data-suit": id },
    suitChip(v, id, el),
    el("button", { type: "button", "data-test": "td-rank-up", "data-suit": id, "aria-label": `move ${id} up`,
      disabled: i === 0, onclick: () => move(i, -1) }, "\u25b2"),
    el("button", { type: "button", "data-test": "td-rank-down", "data-suit": id, "aria-label": `move ${id} down`,
      disabled: i === draft.rank.length - 1, onclick: () => move(i, 1) }, "\u25bc"))));
}

function deckGrid(el, v, draft, redraw) {
  const seat = draft.seat;
  const mine = draft.hands[seat];
  const full = mine.length >= v.deal.hand_size;
  return el("div", { class: "td-grid", "data-test": "td-deck" }, v.deal.deck.map((code) => {
    const who = owner(draft, code);
    const taken = who && who !== seat;
    return el("button", {
      type: "button", class: `${cardClass(v, code)} ${who === seat ? "held" : ""}`, "data-test": "td-deck-card",
      "data-card": code, "aria-pressed": String(who === seat), disabled: taken || (!who && full),
      title: taken ? `${who} holds it` : null,
      onclick: () => {
        if (who === seat) mine.splice(mine.indexOf(code), 1);
        else mine.push(code);
        redraw();
      } }, cardFace(v, code, el), taken ? el("span", { class: "owner" }, who.slice(0, 3)) : null);
  }));
}

function drawDeal(root, table, ctx, kept = null) {
  const el = ctx.el, v = table.view, d = v.deal;
  const draft = kept || draftFor(table);
  const box = el("section", { class: "td-deal", "data-test": "td-deal" });
  const redraw = () => { saveDraft(table, draft); box.replaceWith(drawDeal(root, table, ctx, draft)); };
  if (table.seats) return seatDeal(box, table, ctx, draft, redraw);
  box.append(el("h2", {}, `Round ${d.round}: the deal`));
  chefAndRank(box, el, v, draft, redraw);
  if (d.spy_options.length === 1) {
    box.append(el("p", {}, el("strong", {}, "The Dumpling Master holds the spy"), " (TD-11)."));
  } else {
    box.append(el("h3", {}, "Who holds the spy? (secret: the others are the owner's nephew)"),
      choiceRow(el, "td-spy", d.spy_options, draft.spy, (p) => { draft.spy = p; redraw(); }));
  }
  box.append(el("h3", {}, `Hands: ${d.hand_size} cards each`,
    v.master ? el("span", { class: "muted" }, " (the Master's in stack order, top first)") : null));
  box.append(el("div", { class: "row choices", role: "tablist" }, v.seats.map((p) => el("button", {
    type: "button", role: "tab", "data-test": "td-seat", "data-player": p, "aria-selected": String(p === draft.seat),
    class: p === draft.seat ? "on" : null, onclick: () => { draft.seat = p; redraw(); },
  }, el("bdi", {}, p), ` ${draft.hands[p].length}/${d.hand_size}`))));
  box.append(el("p", { class: "td-held", "data-test": "td-held" },
    draft.hands[draft.seat].length ? [el("bdi", {}, draft.seat), `: ${draft.hands[draft.seat].join(" ")}`] : ["Tap ", el("bdi", {}, draft.seat), "'s cards."]));
  box.append(deckGrid(el, v, draft, redraw));
  const ready = dealReady(draft, v);
  box.append(el("div", { class: "row" },
    el("button", { type: "button", "data-test": "td-deal-rest", onclick: () => { shuffleRest(draft, v); redraw(); } },
      "Shuffle & deal the rest"),
    el("button", { type: "button", "data-test": "td-deal-clear", onclick: () => {
      for (const p of v.seats) draft.hands[p] = [];
      redraw();
    } }, "Clear hands")));
  box.append(el("button", { type: "button", class: "big primary", "data-test": "td-start-round", disabled: !ready,
    onclick: () => ctx.move(dealMove(draft, v)).then(() => keep(table, `deal:${d.round}`).clear(), () => {}),
  }, ready ? `Start round ${d.round}` : "Pick the chef, the spy and every hand"));
  return box;
}

// -- the deal at a table with seats: chef and rank from any phone, each hand from its own ------

function chefAndRank(box, el, v, draft, redraw) {
  const d = v.deal;
  if (d.chef_options.length === 1) {
    box.append(el("p", { "data-test": "td-chef-fixed" }, el("strong", {}, `Chef: ${d.chef_options[0]}`),
      d.round > 1 ? " (won the last trick, TD-10)" : ""));
  } else {
    box.append(el("h3", {}, "Who is the first chef? (most recently ate a dumpling)"),
      choiceRow(el, "td-chef", d.chef_options, draft.chef, (p) => { draft.chef = p; redraw(); }));
  }
  box.append(el("h3", {}, "Popularity rank, most popular first (TD-3)"), rankEditor(el, v, draft, redraw));
}

function seatDeal(box, table, ctx, draft, redraw) {
  const el = ctx.el, v = table.view, d = v.deal, me = v.seat, e = d.entering;
  box.append(el("h2", {}, `Round ${d.round}: the deal`));
  if (d.master_left) {
    // PK-17: the round ended early: the Master's last cards are turned face up, top first.
    const rest = draft.stack || (draft.stack = []);
    box.append(el("h3", {}, `First turn over the Master's last ${d.master_left} cards, top first`),
      el("p", { class: "td-held", "data-test": "td-master-rest-held" }, rest.join(" ") || "No card yet."),
      el("div", { class: "td-grid", "data-test": "td-master-rest" }, d.master_cards.map((code) => {
        const held = rest.includes(code);
        return el("button", { type: "button", class: `${cardClass(v, code)} ${held ? "held" : ""}`, "data-test": "td-master-rest-card",
          "data-card": code, "aria-pressed": String(held), disabled: !held && rest.length >= d.master_left,
          onclick: () => { if (held) rest.splice(rest.indexOf(code), 1); else rest.push(code); redraw(); } }, cardFace(v, code, el));
      })),
      el("button", { type: "button", class: "big primary", "data-test": "td-master-rest-enter", disabled: rest.length !== d.master_left,
        onclick: () => ctx.move({ stack: { cards: rest } }).then(() => { draft.stack = []; saveDraft(table, draft); }, () => {}) },
      "Enter the Master's cards"));
    return box;
  }
  if (!e) {
    chefAndRank(box, el, v, draft, redraw);
    box.append(el("button", { type: "button", class: "big primary", "data-test": "td-start-round", disabled: !draft.chef,
      onclick: () => ctx.move({ start: { chef: draft.chef, rank: draft.rank } }).catch(() => {}),
    }, draft.chef ? `Start round ${d.round}: each player enters their hand` : "Pick the chef"));
    return box;
  }
  box.append(el("p", {}, el("strong", {}, `Chef: ${e.chef}`), " \u00b7 ",
    el("span", { class: "td-rankline" }, e.rank.map((id, i) => [i ? " > " : "", suitChip(v, id, el)]))));
  const waiting = v.players.filter((p) => !e.entered.includes(p));
  box.append(el("p", { "data-test": "td-entered", "data-waiting": waiting.join(",") },
    e.entered.length ? `Hands in: ${e.entered.join(", ")}. ` : "",
    waiting.length ? `Waiting for: ${waiting.join(", ")} (each on their own phone).` : ""));
  if (!me) {
    box.append(el("p", { class: "muted" }, "Each player taps their own cards on their own phone (their seat link)."));
    return box;
  }
  if (d.mine) {
    box.append(el("h3", {}, "Your hand is in"),
      el("div", { class: "td-row", "data-test": "td-mine" }, d.mine.cards.map((c) => el("span", { class: cardClass(v, c) }, cardFace(v, c, el)))),
      v.master ? null : el("p", {}, `Your secret mission: ${d.mine.mission === "spy" ? "the spy" : "the owner's nephew"}.`));
    return box;
  }
  const mine = draft.hands[me];
  box.append(el("h3", {}, `${me}: tap your ${d.hand_size} cards`));
  box.append(el("p", { class: "td-held", "data-test": "td-held" }, mine.length ? mine.join(" ") : "No card yet."));
  box.append(el("div", { class: "td-grid", "data-test": "td-deck" }, d.deck.map((code) => {
    const held = mine.includes(code);
    return el("button", { type: "button", class: `${cardClass(v, code)} ${held ? "held" : ""}`, "data-test": "td-deck-card",
      "data-card": code, "aria-pressed": String(held), disabled: !held && mine.length >= d.hand_size,
      onclick: () => { if (held) mine.splice(mine.indexOf(code), 1); else mine.push(code); redraw(); } }, cardFace(v, code, el));
  })));
  if (!v.master) {
    box.append(el("h3", {}, "Your secret mission card"),
      choiceRow(el, "td-mission", ["nephew", "spy"], draft.mission, (m) => { draft.mission = m; redraw(); },
        (m) => (m === "spy" ? "The spy" : "The owner's nephew")));
  }
  const ready = mine.length === d.hand_size && (v.master || draft.mission);
  box.append(el("button", { type: "button", class: "big primary", "data-test": "td-enter-hand", disabled: !ready,
    onclick: () => ctx.move({ hand: { player: me, cards: mine, ...(v.master ? {} : { mission: draft.mission }) } })
      .then(() => keep(table, `deal:${d.round}`).clear(), () => {}),
  }, ready ? "Enter my hand" : `Tap ${d.hand_size} cards${v.master ? "" : " and your mission"}`));
  return box;
}

// -- a trick -----------------------------------------------------------------------------------

function totalsBar(el, v, trick) {
  const limit = trick.limit;
  return el("ul", { class: "td-totals", "data-test": "td-totals" }, v.round.rank.map((id) => {
    const t = trick.totals[id] || 0;
    const width = Math.min(100, (t / (limit || 20)) * 100);
    return el("li", { class: t === limit ? "ten" : null, "data-suit": id, "data-total": t },
      suitChip(v, id, el, id === trick.lead ? "lead" : ""),
      el("span", { class: "td-bar" }, el("span", { class: `fill s-${id}`, style: { width: `${width}%` } })),
      el("span", { class: "n" }, limit ? `${t}/${limit}` : String(t)));
  }));
}

function playedCard(el, v, p, hidden) {
  const down = p.up === false || p.slack || p.declare === "accept";
  if (hidden) {
    return el("li", { class: "td-played" }, el("span", { class: "td-card back" }, el("span", { class: "num" }, "?")),
      el("bdi", { class: "who" }, p.player), el("span", { class: "tag" }, "chosen"));
  }
  const tags = [];
  if (p.declare === "no-way") tags.push("No way!");
  if (p.declare === "accept") tags.push("Accept!");
  if (p.slack) tags.push("Slacker");
  if (down) tags.push("face down");
  return el("li", { class: `td-played ${down ? "down" : ""}`, "data-test": "td-played", "data-card": p.card },
    el("span", { class: cardClass(v, p.card) }, cardFace(v, p.card, el)),
    el("bdi", { class: "who" }, p.player), tags.length ? el("span", { class: "tag" }, tags.join(" \u00b7 ")) : null);
}

function drawTrick(el, v) {
  const t = v.trick;
  const settled = !t.master_led || t.plays.length === 0;
  const box = el("section", { class: "td-trick", "data-test": "td-trick" },
    el("h3", {}, `Trick ${t.trick}`, t.lead ? el("span", { class: "muted" }, ` \u00b7 lead ${t.lead}`) : null,
      el("span", { class: "muted" }, t.limit ? ` \u00b7 steamer limit ${t.limit}` : " \u00b7 no limit (Giant Steamer)")));
  if (t.plays.length) {
    box.append(el("ol", { class: "td-plays" }, t.plays.map((p, i) => playedCard(el, v, p, p.hidden || (!settled && i > 0)))));
    box.append(totalsBar(el, v, t));
  } else {
    box.append(el("p", { class: "muted" }, `${v.waiting[0]} leads.`));
  }
  if (t.perfect) {
    box.append(el("p", { class: "td-perfect", "data-test": "td-perfect" },
      `"Perfect!" ${t.perfect.player}'s ${t.perfect.suit} is exactly ${v.limit}. `,
      "Each player still to play: \"No way!\" with a card that cancels it, or \"Accept!\" and a card face down (TD-7)."));
  }
  return box;
}

function drawLast(el, v) {
  const last = v.last;
  if (!last) return null;
  return el("details", { class: "td-last", "data-test": "td-last", open: v.trick && v.trick.plays.length === 0 },
    el("summary", {}, el("strong", { "data-test": "td-last-winner" }, `Trick ${last.trick}: `, el("bdi", {}, last.winner), " wins")),
    el("p", {}, last.reason, last.by_cards !== last.winner ? ` A Slacker's face-down card cannot win: ${last.winner} takes it (PK-11).` : ""),
    el("ol", { class: "td-plays small" }, last.plays.map((p) => playedCard(el, v, p, false))));
}

// -- choosing a card ---------------------------------------------------------------------------

function optionButton(el, v, o, ctx, text) {
  return el("button", {
    type: "button", class: `${cardClass(v, o.card)}${o.declare === "accept" || o.slack ? " face-down" : ""}`, "data-test": "td-card", "data-player": o.player, "data-card": o.card,
    "data-declare": o.declare || "", "data-slack": String(o.slack), "aria-label": `${o.player} plays ${o.card}${text ? `, ${text}` : ""}`,
    onclick: () => { local.slack = false; ctx.move({ play: { player: o.player, card: o.card, ...(o.declare ? { declare: o.declare } : {}), ...(o.slack ? { slack: true } : {}) } }).catch(() => {}); },
  }, cardFace(v, o.card, el));
}

function hardSteamer(v) {
  const p = v.trick && v.trick.perfect;
  return Boolean(p && v.cooks[p.player] && v.cooks[p.player].id === "hard");
}

function handFor(el, v, who, ctx) {
  const options = v.options.filter((o) => o.player === who);
  const box = el("section", { class: "td-hand", "data-test": "td-hand", "data-player": who });
  if (who === "Master" && v.seat !== undefined) {
    // PK-17: the stack was never typed in: the card is entered as it is turned over.
    box.append(el("h3", {}, "The Dumpling Master turns over the top card of its stack (TD-11): which is it?"),
      el("div", { class: "td-grid", "data-test": "td-master-cards" }, options.map((o) => el("button", {
        type: "button", class: cardClass(v, o.card), "data-test": "td-master-card", "data-card": o.card,
        "data-declare": o.declare || "", "aria-label": `the Master plays ${o.card}`,
        onclick: () => ctx.move({ play: { player: o.player, card: o.card, ...(o.declare ? { declare: o.declare } : {}) } }).catch(() => {}),
      }, cardFace(v, o.card, el)))));
    return box;
  }
  if (who === "Master") {
    const o = options[0];
    const said = o.declare === "no-way" ? ' "No way!"' : o.declare === "accept" ? ' "Accept!" (face down)' : "";
    box.append(el("h3", {}, "The Dumpling Master plays the top card of its stack (TD-11)"),
      el("button", { type: "button", class: "big primary", "data-test": "td-master-play", "data-card": o.card,
        onclick: () => ctx.move({ play: { player: o.player, card: o.card, ...(o.declare ? { declare: o.declare } : {}) } }).catch(() => {}),
      }, `Master${said}: ${o.card}`));
    return box;
  }
  const slackOk = options.some((o) => o.slack);
  const slacking = slackOk && local.slack;
  const plain = options.filter((o) => !o.slack && !o.declare);
  const noWay = options.filter((o) => o.declare === "no-way");
  const accept = options.filter((o) => o.declare === "accept");
  const heading = v.waiting.length > 1 ? `${who} (both play at once, TD-15)` : `${who} to play`;
  box.append(el("h3", {}, heading));
  if (slacking) {
    box.append(el("p", { class: "muted" }, "Face down: this card cannot win the trick (Slacker, TD-12)."),
      el("div", { class: "td-row" }, options.filter((o) => o.slack).map((o) => optionButton(el, v, o, ctx, "face down"))));
  } else if (noWay.length || accept.length) {
    box.append(el("h4", {}, "\u201cNo way!\u201d: a card that cancels the Perfect Dish"),
      noWay.length ? el("div", { class: "td-row", "data-test": "td-no-way" }, noWay.map((o) => optionButton(el, v, o, ctx, "No way!")))
        : el("p", { class: "muted", "data-test": "td-no-way-none" }, hardSteamer(v)
          ? `${v.trick.perfect.player} is the Hard Steamer: nobody may say \u201cNo way!\u201d (TD-12).`
          : "No card in this hand cancels it."),
      el("h4", {}, "\u201cAccept!\u201d: any card, face down"),
      el("div", { class: "td-row", "data-test": "td-accept" }, accept.map((o) => optionButton(el, v, o, ctx, "Accept!"))));
  } else {
    const legal = new Set(plain.map((o) => o.card));
    const hand = v.hands[who] || [];
    box.append(el("div", { class: "td-row" }, hand.map((code) => legal.has(code)
      ? optionButton(el, v, plain.find((o) => o.card === code), ctx, "")
      : el("button", { type: "button", class: `${cardClass(v, code)} off`, disabled: true, "data-test": "td-card-off",
        "data-card": code, "aria-label": `${code}: not now (follow the lead suit, TD-5)` }, cardFace(v, code, el)))));
    if (legal.size < hand.length) box.append(el("p", { class: "muted small" }, `Follow ${v.trick.lead}, or play a special card (TD-5).`));
  }
  if (slackOk) {
    box.append(el("label", { class: "check" }, el("input", { type: "checkbox", "data-test": "td-slack", checked: slacking,
      onchange: (e) => { local.slack = e.target.checked; box.replaceWith(handFor(el, v, who, ctx)); } }),
    `Play face down (Slacker, ${v.slacker_left[who]} left)`));
  }
  return box;
}

// -- rounds and missions -----------------------------------------------------------------------

function missionWords(list) {
  if (!list || !list.length) return "no mission";
  const names = { basic: "exactly 3 tricks", nephew: "the nephew's 0 tricks", spy: "the spy",
    assorted: "Assorted Dumplings" };
  return list.map((m) => names[m] || m).join(", ");
}

function roundsTable(el, v) {
  if (!v.rounds.length) return null;
  const head = el("tr", {}, el("th", {}, "Round"), v.seats.map((p) => el("th", { class: "num" }, p)));
  const rows = v.rounds.map((r) => el("tr", { "data-test": "td-round-row" }, el("th", {}, `${r.round}${r.finished ? "" : "*"}`),
    v.seats.map((p) => el("td", { class: "num", title: r.finished ? missionWords(r.accomplished[p]) : "" },
      el("span", { class: "pts" }, `+${r.points[p]}`), el("span", { class: "muted small" }, ` ${r.tricks[p]}t`)))));
  const total = el("tr", { class: "sum" }, el("th", {}, "Total"), v.seats.map((p) => el("td", { class: "num", "data-test": "td-total",
    "data-player": p }, String(v.totals[p]))));
  return el("section", { class: "td-rounds" }, el("h3", {}, `Points by round (first to ${v.threshold} ends the game)`),
    el("table", { class: "results" }, el("thead", {}, head), el("tbody", {}, rows, total)),
    el("p", { class: "muted small" }, "+points, then tricks won; * the round in play."));
}

function roundOver(el, v) {
  const r = v.rounds[v.rounds.length - 1];
  if (!r || !r.finished) return null;
  return el("section", { class: "td-summary", "data-test": "td-round-over" },
    el("h3", {}, `Round ${r.round} is over`, r.early ? ` (${r.early}: Assorted Dumplings)` : ""),
    el("ul", {}, v.seats.map((p) => el("li", {}, el("strong", {}, el("bdi", {}, p), " ", el("span", { class: "num" }, `+${r.points[p]}`)),
      `: won ${r.tricks[p]} trick${r.tricks[p] === 1 ? "" : "s"}, secret: ${r.missions[p] === "spy" ? "the spy" : "the nephew"}; `,
      r.accomplished[p].length ? `accomplished: ${missionWords(r.accomplished[p])}` : "no mission accomplished"))),
    el("p", { class: "muted small" }, "Each player with a mission scores the number of players with none (TD-10)."));
}

function roundHeader(el, v) {
  const r = v.round;
  return el("div", { class: "td-head", "data-test": "td-round" },
    el("strong", {}, `Round ${r.round}`), " \u00b7 chef ", el("bdi", {}, r.chef), " \u00b7 ",
    el("span", { class: "td-rankline" }, r.rank.map((id, i) => [i ? " > " : "", suitChip(v, id, el)])),
    el("div", { class: "td-won" }, v.seats.map((p) => el("span", { class: "won", "data-test": "td-count", "data-player": p,
      "data-cards": r.cards_left[p] }, el("bdi", {}, p), ` ${r.tricks[p]}`,
      v.cooks[p] ? el("span", { class: "muted" }, ` (${v.cooks[p].name})`) : null,
      el("span", { class: "muted small" }, ` \u00b7 ${r.cards_left[p]} in hand`)))));
}

// -- the page ----------------------------------------------------------------------------------

export function render(root, table, ctx) {
  ensureCss();
  const el = ctx.el, v = table.view;
  const page = el("div", { class: "td", "data-test": "td-page", "data-phase": v.phase });
  if (v.phase === "deal") {
    add(page, roundOver(el, v) || el("p", { class: "muted" }, v.master
      ? "Two players: the Dumpling Master plays too (TD-11)." : `${v.players.length} players, clockwise.`));
    add(page, drawDeal(root, table, ctx));
  } else if (v.phase === "play") {
    const hands = table.seats ? seatHands(el, v, ctx) : v.waiting.map((p) => handFor(el, v, p, ctx));
    add(page, roundHeader(el, v), drawTrick(el, v), ...hands, drawLast(el, v));
  } else {
    add(page, el("h2", { "data-test": "td-over" }, "Game over"), roundOver(el, v));
  }
  add(page, roundsTable(el, v));
  if (Object.keys(v.cooks).length) {
    page.append(el("details", { class: "td-cooks" }, el("summary", {}, "Cooks (TD-12)"),
      el("ul", {}, Object.entries(v.cooks).map(([p, c]) => el("li", {}, el("strong", {}, `${p}: ${c.name}. `), c.text)))));
  }
  root.append(page);
}

// At a table with seats: this seat's hand (live when it plays now), the Master's card for any
// phone, and who the others wait for.
function seatHands(el, v, ctx) {
  const me = v.seat, out = [];
  if (v.waiting.includes("Master")) out.push(handFor(el, v, "Master", ctx));
  const others = v.waiting.filter((p) => p !== me && p !== "Master");
  if (others.length) out.push(el("p", { class: "td-wait", "data-test": "td-waiting" }, `${others.join(" and ")} to play, on their own phone.`));
  if (me && v.waiting.includes(me)) out.push(handFor(el, v, me, ctx));
  else if (me) {
    out.push(el("section", { class: "td-hand", "data-test": "td-my-hand", "data-player": me }, el("h3", {}, `${me}: your hand`),
      el("div", { class: "td-row" }, (v.hands[me] || []).map((c) => el("span", { class: `${cardClass(v, c)} off`, "data-test": "td-card-off", "data-card": c }, cardFace(v, c, el))))));
  }
  return out;
}

// Element.append writes null as the text "null": leave such children out.
function add(node, ...children) {
  node.append(...children.filter((c) => c !== null && c !== undefined && c !== false));
}
