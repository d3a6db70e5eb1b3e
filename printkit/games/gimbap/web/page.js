// Gimbap at the table (printkit serve). A round is one move (the State judges a round at a
// time): the page gathers it step by step (who rolls, the dice faces, the tokens laid out,
// who said Done! in which order, whose roll was right) and posts it whole. Everything offered
// comes from the table's view (docs/serve.md): the roller, the real dice faces, the tokens
// still in play. The draft of the round being entered is kept on this phone (dom.js draft, named
// by the round), so a reload, a phone that slept or a server restart keeps it; it is cleared
// once the round is scored.

import { draft, el as h, bdi, bdiNames } from "/static/dom.js";

const CSS = new URL("./page.css", import.meta.url).href;

let last = null; // {root, table, ctx}: redraw after a local change

function ensureCss() {
  if (!document.querySelector(`link[href="${CSS}"]`)) {
    document.head.append(h("link", { rel: "stylesheet", href: CSS }));
  }
}

function stored(table) {
  return draft(table, `round:${table.view.round}`);
}

function emptyDraft() {
  return { first: null, dice: {}, tokens: [], done: [], rolls: {} };
}

function loadDraft(table) {
  const d = stored(table).load(null);
  return d && typeof d === "object" && d.dice && typeof d.dice === "object" ? d : emptyDraft();
}

function saveDraft(table, d) {
  stored(table).save(d);
}

function update(fn) {
  const { table } = last;
  const d = loadDraft(table);
  fn(d);
  saveDraft(table, d);
  draw();
}

function faceWords(face, parts) {
  const must = face.includes("+");
  const [a, b] = face.split(must ? "+" : "-");
  return { text: `${parts[a] || a} ${must ? "+" : "−"} ${parts[b] || b}`, how: must ? "must touch" : "must not touch" };
}

function need(have, want, label) {
  const ok = have === want || (Array.isArray(want) && have >= want[0] && have <= want[1]);
  return h("span", { class: "gim-need" + (ok ? " ok" : "") }, label);
}

function firstSection(v, d) {
  const fixed = v.first.length === 1;
  const who = fixed ? v.first[0] : d.first;
  return h("section", { "data-test": "gim-first" },
    h("h3", {}, "Who rolls the dice", need(who ? 1 : 0, 1, fixed ? "next seat (GIM-5)" : "anyone may start")),
    h("div", { class: "gim-row" }, v.first.map((p) =>
      h("button", { class: p === who ? "on" : "", "data-test": `gim-first-${p}`, "aria-pressed": String(p === who),
        onclick: () => update((x) => { x.first = p; }) }, bdi(p)))));
}

function diceSection(v, d) {
  const picked = Object.values(d.dice).filter(Boolean).length;
  return h("section", { "data-test": "gim-dice" },
    h("h3", {}, "Dice rolled", need(picked, [v.dice_min, v.dice_max], `${picked} of ${v.dice_min} to ${v.dice_max}`)),
    v.dice.map((die, i) => h("div", { class: "gim-die" },
      h("div", { class: "gim-die-name" }, `Die ${i + 1}: ${die.name}${d.dice[i] ? " (tap the face to change it)" : ""}`),
      // a die rolled shows only its face (tap it to choose again): the page stays short
      h("div", { class: "gim-row" }, die.faces.filter((f) => !d.dice[i] || d.dice[i] === f).map((f) => {
        const on = d.dice[i] === f;
        const w = faceWords(f, v.parts);
        return h("button", { class: "gim-face" + (on ? " on" : ""), "data-test": `gim-face-${f}`, "aria-pressed": String(on),
          onclick: () => update((x) => { x.dice[i] = on ? null : f; }) }, w.text, h("small", { class: w.how.includes("not") ? "no" : "" }, w.how));
      })))));
}

function tokensSection(v, d) {
  const n = v.tokens_to_lay;
  return h("section", { "data-test": "gim-tokens" },
    h("h3", {}, "Tokens laid out", need(d.tokens.length, n, `${d.tokens.length} of ${n}`)),
    h("div", { class: "gim-row" }, v.tokens_left.map((t) => {
      const on = d.tokens.includes(t);
      const [pts, rad] = t.split("/");
      return h("button", { class: "gim-token" + (on ? " on" : ""), "data-test": `gim-token-${t}`, "aria-pressed": String(on),
        disabled: !on && d.tokens.length >= n,
        onclick: () => update((x) => { x.tokens = on ? x.tokens.filter((y) => y !== t) : [...x.tokens, t]; }) },
        `${pts} pt`, h("small", {}, `${rad} radish`));
    })));
}

function doneSection(v, d) {
  return h("section", { "data-test": "gim-done" },
    h("h3", {}, "Who said Done!, in order", need(d.done.length, v.players.length, `${d.done.length} of ${v.players.length}`)),
    h("div", { class: "gim-row" }, v.players.map((p) => {
      const at = d.done.indexOf(p);
      return h("button", { class: at >= 0 ? "on" : "", "data-test": `gim-done-${p}`, disabled: at >= 0,
        onclick: () => update((x) => { x.done.push(p); }) }, at >= 0 ? [`${at + 1}. `, bdi(p)] : bdi(p));
    }),
    h("button", { "data-test": "gim-done-clear", disabled: d.done.length === 0,
      onclick: () => update((x) => { x.done.pop(); }) }, "Back one")),
    h("div", { class: "gim-done-list", "data-test": "gim-done-order" },
      d.done.length ? d.done.map((p, i) => [i ? "  " : "", `${i + 1}.\u00a0`, bdi(p)]) : "Tap the players as they say Done!"));
}

// A roll is right, wrong, or written out as built (GIM-2): what each filling lies on and which
// fillings on one base touch side by side; then the scorer decides whether it meets the order.
function isBuild(r) {
  return r !== null && typeof r === "object" && r.on;
}

function judged(r) {
  return typeof r === "boolean" || isBuild(r);
}

function newBuild(v) {
  return { on: Object.fromEntries(v.fillings.map((f) => [f, "seaweed"])), touching: [] };
}

function setBase(b, filling, base) {
  b.on[filling] = base;
  b.touching = b.touching.filter(([x, y]) => b.on[x] === b.on[y]); // only same-base fillings touch
}

function pairsOn(v, b) {
  // fillings that lie on one base, two by two: these may be declared touching (GIM-2)
  const out = [];
  v.fillings.forEach((x, i) => v.fillings.slice(i + 1).forEach((y) => { if (b.on[x] === b.on[y]) out.push([x, y]); }));
  return out;
}

function buildEditor(v, p, b) {
  const bases = ["seaweed", ...v.sheets];
  return h("div", { class: "gim-build", "data-test": `gim-build-editor-${p}` },
    v.fillings.map((f) => h("div", { class: "gim-on" },
      h("span", { class: "gim-on-name" }, `${v.parts[f]} lies on`),
      h("div", { class: "gim-row" }, bases.filter((x) => x !== f).map((base) => {
        const on = b.on[f] === base;
        return h("button", { class: on ? "on" : "", "data-test": `gim-on-${p}-${f}-${base}`, "aria-pressed": String(on),
          onclick: () => update((x) => { setBase(x.rolls[p], f, base); }) }, v.parts[base]);
      })))),
    h("div", { class: "gim-on-name" }, "Side by side (touching):"),
    h("div", { class: "gim-row" }, pairsOn(v, b).map(([x, y]) => {
      const on = b.touching.some(([a, c]) => a === x && c === y);
      return h("button", { class: on ? "on" : "", "data-test": `gim-touch-${p}-${x}-${y}`, "aria-pressed": String(on),
        onclick: () => update((d) => {
          const r = d.rolls[p];
          r.touching = on ? r.touching.filter(([a, c]) => !(a === x && c === y)) : [...r.touching, [x, y]];
        }) }, `${v.parts[x]} + ${v.parts[y]}`);
    })));
}

function rollsSection(v, d) {
  const count = v.players.filter((p) => judged(d.rolls[p])).length;
  return h("section", { "data-test": "gim-rolls" },
    h("h3", {}, "Whose roll meets the order", need(count, v.players.length, `${count} of ${v.players.length}`)),
    v.players.map((p) => {
      const r = d.rolls[p];
      return h("div", {},
        h("div", { class: "gim-roll" },
          h("span", { class: "gim-name" }, bdi(p)),
          h("button", { class: r === true ? "on" : "", "data-test": `gim-roll-${p}-right`, "aria-pressed": String(r === true),
            onclick: () => update((x) => { x.rolls[p] = true; }) }, "✓ Right"),
          h("button", { class: "bad" + (r === false ? " on" : ""), "data-test": `gim-roll-${p}-wrong`,
            "aria-pressed": String(r === false), onclick: () => update((x) => { x.rolls[p] = false; }) }, "✗ Wrong"),
          h("button", { class: isBuild(r) ? "on" : "", "data-test": `gim-roll-${p}-build`, "aria-pressed": String(isBuild(r)),
            "aria-label": `${p}'s roll as built`, onclick: () => update((x) => { x.rolls[p] = isBuild(r) ? null : newBuild(v); }) },
          "Build")),
        isBuild(r) ? buildEditor(v, p, r) : null);
    }));
}

function rollOf(r) {
  if (isBuild(r)) return r.touching.length ? { on: r.on, touching: r.touching } : { on: r.on };
  return { correct: r === true };
}

function roundMove(v, d) {
  const first = v.first.length === 1 ? v.first[0] : d.first;
  const dice = Object.keys(d.dice).sort().map((i) => d.dice[i]).filter(Boolean);
  const missing = [];
  if (!first) missing.push("who rolls");
  if (dice.length < v.dice_min) missing.push(`${v.dice_min - dice.length} more dice`);
  if (d.tokens.length !== v.tokens_to_lay) missing.push(`${v.tokens_to_lay - d.tokens.length} more tokens`);
  if (d.done.length !== v.players.length) missing.push("the Done! order");
  const unjudged = v.players.filter((p) => !judged(d.rolls[p]));
  if (unjudged.length) missing.push(`right, wrong or the build for ${unjudged.join(", ")}`);
  const rolls = {};
  for (const p of v.players) rolls[p] = rollOf(d.rolls[p]);
  return { missing, move: { first, dice, tokens: d.tokens, done: d.done, rolls } };
}

function submitSection(v, d, ctx) {
  const { missing, move } = roundMove(v, d);
  return h("section", {},
    h("button", { class: "gim-submit", "data-test": "gim-submit", disabled: missing.length > 0,
      onclick: async (ev) => {
        ev.target.disabled = true;
        const posted = stored(last.table);
        try {
          await ctx.move(move);
          posted.clear(); // scored: the round's draft is done with (Undo and Redo keep the move itself)
        } catch (e) {
          ev.target.disabled = false; // the shell shows the refusal in the scorer's words
        }
      } }, `Score round ${v.round}`),
    missing.length ? h("p", { class: "gim-missing", "data-test": "gim-missing" }, bdiNames("Still needed: " + missing.join("; "), v.players)) : null);
}

function totalsTable(v) {
  const rounds = v.history;
  return h("table", { "data-test": "gim-totals" },
    h("thead", {}, h("tr", {}, h("th", {}, "Player"), rounds.map((r) => h("th", {}, `R${r.round}`)), h("th", {}, "Total"))),
    h("tbody", {}, v.players.map((p) => {
      const end = rounds.length ? rounds[rounds.length - 1].totals[p] : { points: 0, radish: 0 };
      return h("tr", { "data-test": `gim-total-${p}` },
        h("td", {}, bdi(p)),
        rounds.map((r) => h("td", {}, r.kept[p] || "–", h("small", { class: "gim-run" }, `${r.totals[p].points}`))),
        h("td", { "data-test": `gim-points-${p}` }, `${end.points}`, h("small", {}, ` (${end.radish} radish)`)));
    })));
}

function historySection(v) {
  if (!v.history.length) return null;
  return h("section", { "data-test": "gim-history" },
    h("h3", {}, "Rounds played"),
    h("div", { class: "wide" }, totalsTable(v)),
    [...v.history].reverse().map((r) => h("div", { class: "gim-round", "data-test": `gim-round-${r.round}` },
      h("strong", {}, `Round ${r.round}: `, bdi(r.first), " rolled "),
      r.dice.map((f) => faceWords(f, v.parts).text).join(" · "),
      h("div", {}, bdiNames(`Tokens: ${r.tokens.join(", ")} · Done!: ${r.done.join(", ")}`, v.players)),
      h("ul", {}, r.events.map((e) => h("li", {}, bdiNames(e, v.players)))))));
}

function draw() {
  const { root, table, ctx } = last;
  const v = table.view;
  const d = loadDraft(table);
  const parts = [];
  if (v.over) {
    parts.push(h("p", { class: "gim-over", "data-test": "gim-over" }, `All ${v.rounds} rounds are played: the game is over.`));
  } else {
    parts.push(h("h3", { "data-test": "gim-round-title" }, `Round ${v.round} of ${v.rounds}`));
    parts.push(firstSection(v, d), diceSection(v, d), tokensSection(v, d), doneSection(v, d), rollsSection(v, d),
      submitSection(v, d, ctx));
  }
  parts.push(historySection(v));
  root.replaceChildren(h("div", { class: "gim", "data-test": "gimbap-page" }, parts));
}

export function render(root, table, ctx) {
  ensureCss();
  last = { root, table, ctx };
  draw();
}
