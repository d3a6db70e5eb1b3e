// Roll n Cook at the table (printkit serve): the sheet as printed, the table's dice once an hour,
// then each player's hour: what the dice allow (boxes, table segments), rare ingredients, meals.
// Everything live in the hour is asked of the server as the plan changes (asked() below: the
// game's hour_options on its State): the results, the doubles and ability uses, the boxes and
// segments, what is circled, the rare ingredients and meals with their crossings. No rule is
// worked out here (issue 13); the server also judges the move, and the shell shows a refusal in
// the scorer's words.

import { draft as kept_draft, postJSON, bdi } from "/static/dom.js";

const ICONS = "/games/rollncook/icons.svg";
const SIZE = { col: 30.5, hex: 56 };

// What this phone is composing, kept across redraws: the dice typed before anyone played the hour,
// the player chosen and their steps so far (undone one by one with "Back").
const draft = { key: null, dice: [], seat: null, pinned: false, steps: [], picking: null, basis: "", asked: { key: null, answer: null, at: 0 } };
let last = null; // [root, table, ctx] of the latest render, to redraw after a tap

// The hour being composed survives a reload, a phone that slept and a server restart: the dice
// typed, the seat chosen and the plan's steps are kept on this phone (dom.js draft, named by the
// hour: another hour's draft is never shown), cleared once the hour is posted.
function stored(table) { return kept_draft(table, `hour:${table.view.hour}`); }

function restore(table) {
  const d = stored(table).load(null);
  if (!d || !Array.isArray(d.dice) || !Array.isArray(d.steps) || !Number.isInteger(d.seat)) return;
  Object.assign(draft, { dice: d.dice.filter((f) => Number.isInteger(f) && f >= 1 && f <= 6).slice(0, 3),
    seat: d.seat, pinned: Boolean(d.pinned), steps: d.steps, picking: null });
  draft.basis = String(table.view.dice || (draft.dice.length === 3 ? draft.dice : null));
}

function keep(table) {
  if (!table.view.hour) return;
  if (draft.dice.length || draft.steps.length) {
    stored(table).save({ dice: draft.dice, seat: draft.seat, pinned: draft.pinned, steps: draft.steps });
  } else stored(table).clear();
}

// A redraw (two a tap: the plan, then the server's answer to it) keeps every part whose inputs
// are unchanged: memo() gives back the node built for the same key (the few latest kept), and
// place() puts the parts in their parent moving only what changed, so the sheet's hundreds of
// SVG nodes are neither built nor laid out again on a tap that does not touch them.
const memos = new Map(); // part name -> Map(key -> node), latest last
function memo(name, key, build) {
  if (!memos.has(name)) memos.set(name, new Map());
  const kept = memos.get(name);
  let node = kept.get(key);
  if (node) kept.delete(key);
  else node = build();
  kept.set(key, node);
  if (kept.size > 4) kept.delete(kept.keys().next().value);
  return node;
}

function place(parent, parts) {
  const nodes = parts.flat(Infinity).filter((n) => n !== null && n !== undefined && n !== false);
  const wanted = new Set(nodes);
  for (const child of [...parent.childNodes]) if (!wanted.has(child)) child.remove(); // the kept ones stay put
  nodes.forEach((node, i) => {
    const here = parent.childNodes[i] || null;
    if (here !== node) parent.insertBefore(node, here);
  });
  while (parent.childNodes.length > nodes.length) parent.lastChild.remove();
  return parent;
}

// The element kept for a part that is updated in place (its attributes set on every redraw).
const kept = new Map();
function keptEl(ctx, name, tag) {
  if (!kept.has(name)) kept.set(name, ctx.el(tag));
  return kept.get(name);
}

function setAttrs(node, attrs) {
  for (const [k, v] of Object.entries(attrs)) {
    if (v === null || v === undefined || v === false) node.removeAttribute(k);
    else node.setAttribute(k, v === true ? "" : String(v));
  }
  return node;
}

function css() {
  if (document.getElementById("rnc-css")) return;
  const link = document.createElement("link");
  link.id = "rnc-css";
  link.rel = "stylesheet";
  link.href = "/games/rollncook/page.css";
  document.head.append(link);
}

const icon = (ctx, name, size, extra = {}) => ctx.el("svg", { width: size, height: size, viewBox: "0 0 10 10",
  class: "ing", "aria-hidden": "true", ...extra },
ctx.el("use", { href: `${ICONS}#ing-${name.replace(/ /g, "_")}`, x: 0, y: 0, width: 10, height: 10 }));

// -- the hour being composed ------------------------------------------------------------------

// What the hour planned so far leaves and may add, asked of the server (POST .../ask, the game's
// hour_options on its State) once a plan; the answer redraws the page (null while it is asked).
function asked(table, move) {
  const key = `${table.id}/${table.version}/${JSON.stringify(move)}`;
  const a = draft.asked;
  // an answer is kept for its plan; a failed one (the server away) is asked again on a later redraw
  if (a.key === key && !(a.answer && a.answer.error && Date.now() - a.at > 2000)) return a.answer;
  draft.asked = { key, answer: null, at: Date.now() };
  postJSON(`/api/tables/${table.id}/ask`, { plan: move }).then((r) => r.answer, (e) => ({ error: e.message })).then((answer) => {
    if (draft.asked.key !== key) return;
    Object.assign(draft.asked, { answer, at: Date.now() });
    redraw();
  });
  return null;
}

function planned(steps, kind) { return steps.filter((s) => s.kind === kind); }

function theMove(seat, index, dice, steps) {
  const move = { seat: index, hour: seat.hour_due, dice: [...dice] };
  const double = steps.find((s) => s.kind === "double");
  if (double) move.double = { spend: double.spend, to: double.to };
  const abilities = steps.filter((s) => ["adjust", "set", "reuse", "add"].includes(s.kind)).map((s) => (
    s.kind === "adjust" || s.kind === "set" ? { [s.kind]: { from: s.from, to: s.to } } : { [s.kind]: s.value }));
  if (abilities.length) move.abilities = abilities;
  move.take = planned(steps, "take").map((s) => s.take);
  const made = (s) => (s.use ? { name: s.name, use: s.use } : s.name);
  const rare = planned(steps, "rare").map(made);
  const cook = planned(steps, "cook").map(made);
  if (rare.length) move.rare = rare;
  if (cook.length) move.cook = cook;
  return move;
}

// -- drawing ------------------------------------------------------------------------------------

function redraw() { if (last) render(...last); }

function step(s) { draft.steps.push(s); draft.picking = null; redraw(); }

function hexPoints(cx, cy, r, k) {
  const a0 = (-90 + 60 * k) * Math.PI / 180, a1 = (-30 + 60 * k) * Math.PI / 180;
  return [[cx, cy], [cx + r * Math.cos(a0), cy + r * Math.sin(a0)], [cx + r * Math.cos(a1), cy + r * Math.sin(a1)]];
}

const cross = (ctx, x, y, w, h, light = false) => ctx.el("path", {
  d: `M${x + 2} ${y + 2}L${x + w - 2} ${y + h - 2}M${x + w - 2} ${y + 2}L${x + 2} ${y + h - 2}`, class: light ? "x light" : "x" });

// The whole sheet, as printed: a column an hour (clock, plates, dice, six boxes, the table).
function overview(ctx, view, seat, plan) {
  const key = JSON.stringify([view.sheets[seat.sheet], seat, plan.map((s) => s.take)]);
  return memo("overview", key, () => drawOverview(ctx, view, seat, plan));
}

function drawOverview(ctx, view, seat, plan) {
  const sheet = view.sheets[seat.sheet];
  const c = SIZE.col, w = c * 12, boxH = 26, top = 40, tableY = top + 6 * boxH + 18;
  const boxes = new Set(seat.boxes.map(([h, k]) => `${h}/${k}`));
  const segments = new Set(seat.segments.map(([h, k]) => `${h}/${k}`));
  const mine = new Set(plan.map((s) => (s.take.box ? `${seat.hour_due}/${s.take.box}` : `t${s.take.table}/${s.take.segment}`)));
  const parts = [];
  sheet.hours.forEach((h, i) => {
    const x = i * c;
    const now = h.clock === seat.hour_due;
    parts.push(ctx.el("rect", { x: x + 1, y: 1, width: c - 2, height: top - 3, rx: 3, class: now ? "col now" : "col" }));
    parts.push(ctx.el("text", { x: x + c / 2, y: 12, class: "clock" }, h.clock.replace(":00", "")));
    for (let p = 0; p < h.plates; p++) {
      const used = p < (seat.plates_used[h.clock] || 0);
      parts.push(ctx.el("circle", { cx: x + c / 2 + (p - (h.plates - 1) / 2) * 8, cy: 20, r: 3.2, class: used ? "plate used" : "plate" }));
    }
    const dice = seat.dice[h.clock] || [];
    for (let d = 0; d < 3; d++) {
      parts.push(ctx.el("rect", { x: x + 2 + d * 9, y: 27, width: 8, height: 9, class: "die" }));
      if (dice[d]) parts.push(ctx.el("text", { x: x + 6 + d * 9, y: 34.5, class: "dv" }, String(dice[d])));
    }
    h.boxes.forEach((box, k) => {
      const y = top + k * boxH;
      const key = `${h.clock}/${k + 1}`;
      parts.push(ctx.el("rect", { x: x + 1, y: y + 1, width: c - 2, height: boxH - 2, rx: 2,
        class: `box ${h.kinds[k]}${mine.has(key) && now ? " mine" : ""}` }));
      parts.push(ctx.el("text", { x: x + 3, y: y + 8, class: `bn ${h.kinds[k]}` }, String(k + 1)));
      box.forEach((ing, j) => parts.push(ctx.el("use", { href: `${ICONS}#ing-${ing.replace(/ /g, "_")}`,
        x: x + (box.length === 1 ? c / 2 - 7 : c / 2 - 13 + j * 12), y: y + 7, width: box.length === 1 ? 14 : 11,
        height: box.length === 1 ? 14 : 11 })));
      if (boxes.has(key)) parts.push(cross(ctx, x + 1, y + 1, c - 2, boxH - 2, h.kinds[k] === "rare"));
    });
    const cx = x + c / 2, r = c / 2 - 1;
    h.table.forEach((ing, k) => {
      const pts = hexPoints(cx, tableY, r, k);
      const key = `${h.clock}/${k + 1}`;
      parts.push(ctx.el("polygon", { points: pts.map((p) => p.join(",")).join(" "),
        class: `seg${segments.has(key) ? " done" : ""}${mine.has("t" + key) ? " mine" : ""}` }));
    });
  });
  return ctx.el("svg", { viewBox: `0 0 ${w} ${tableY + c / 2 + 2}`, class: "overview", "data-test": "rnc-overview",
    role: "img", "aria-label": `${seat.name}'s sheet ${seat.sheet}` }, parts);
}

function diceEntry(ctx, view) {
  const faces = [1, 2, 3, 4, 5, 6];
  const slots = [0, 1, 2].map((i) => ctx.el("button", { type: "button", class: "die slot", "data-test": `rnc-die-slot-${i}`,
    "aria-label": draft.dice[i] ? `die ${i + 1}: ${draft.dice[i]} (tap to clear)` : `die ${i + 1}: not entered`,
    onclick: () => { draft.dice.splice(i, 1); redraw(); } }, draft.dice[i] ? String(draft.dice[i]) : "?"));
  return ctx.el("section", { class: "rnc-dice", "data-test": "rnc-dice-entry" },
    ctx.el("h2", {}, `Dice for ${view.hour}: roll once for the table`),
    ctx.el("div", { class: "row slots" }, slots),
    ctx.el("div", { class: "row faces" }, faces.map((f) => ctx.el("button", { type: "button", class: "face",
      "data-test": `rnc-face-${f}`, disabled: draft.dice.length >= 3,
      onclick: () => { if (draft.dice.length < 3) { draft.dice.push(f); redraw(); } } }, String(f)))));
}

function seatPicker(ctx, view) {
  return ctx.el("div", { class: "row seats", role: "tablist" }, view.seats.map((s, i) => {
    const turn = s.hour_due === view.hour;
    return ctx.el("button", { type: "button", role: "tab", "data-test": `rnc-seat-${i}`, "data-player": s.name,
      class: i === draft.seat ? "seat on" : "seat", "aria-selected": String(i === draft.seat),
      onclick: () => {
        draft.pinned = true;
        if (draft.seat !== i) { draft.seat = i; draft.steps = []; draft.picking = null; redraw(); }
      } },
    bdi(s.name), ctx.el("span", { class: "tag" }, s.end_only ? "end only" : s.done ? "done" : turn ? s.hour_due : "\u2713"));
  }));
}

function resultsBar(ctx, answer) {
  const res = (answer && answer.results) || [];
  return ctx.el("div", { class: "results", "data-test": "rnc-results" }, ctx.el("span", { class: "lbl" }, "Results"),
    res.map((v, i) => ctx.el("span", { class: answer.used[i] ? "res used" : "res", "data-test": "rnc-result", "data-value": v,
      "data-used": String(answer.used[i]) }, String(v))));
}

// RNC-3, RNC-4: the doubles and ability uses the server offers for the plan (doubles before anything else).
function powers(ctx, answer) {
  const out = [];
  const doubles = (answer && answer.doubles) || [];
  if (doubles.length) {
    out.push(ctx.el("div", { class: "power" }, ctx.el("span", { class: "lbl" }, `Double ${doubles[0].spend}s: spend one, the rest become`),
      ctx.el("div", { class: "row" }, doubles.map((d) => ctx.el("button", { type: "button", class: "face",
        "data-test": `rnc-double-${d.spend}-${d.to}`, onclick: () => step({ kind: "double", spend: d.spend, to: d.to }) },
      String(d.to))))));
  }
  const abilities = (answer && answer.abilities) || {};
  const names = { adjust: "\u00b11", set: "set", reuse: "reuse", add: "add" };
  out.push(ctx.el("div", { class: "row abilities" }, ctx.el("span", { class: "lbl" }, "Abilities"),
    Object.keys(names).map((k) => ctx.el("button", { type: "button", "data-test": `rnc-ability-${k}`,
      class: draft.picking === k ? "on" : null, disabled: !(abilities[k] && abilities[k].choices.length),
      onclick: () => { draft.picking = draft.picking === k ? null : k; redraw(); } },
    names[k], ctx.el("span", { class: "tag" }, abilities[k] ? `${abilities[k].left}` : "")))));
  if (draft.picking && abilities[draft.picking]) out.push(abilityChooser(ctx, draft.picking, abilities[draft.picking].choices));
  return out;
}

function abilityChooser(ctx, kind, choices) {
  const b = (label, test, s) => ctx.el("button", { type: "button", class: "face wide", "data-test": test, onclick: () => step(s) }, label);
  return ctx.el("div", { class: "row chooser", "data-test": "rnc-chooser" }, choices.map((c) => {
    if ("value" in c) return b(kind === "reuse" ? `${c.value} again` : `+${c.value}`, `rnc-${kind}-${c.value}`, { kind, value: c.value });
    return b(`${c.from}\u2192${c.to}`, `rnc-${kind}-${c.from}-${c.to}`, { kind, from: c.from, to: c.to });
  }));
}

// RNC-2: the hour's six boxes, as big buttons; only the boxes a result left can take are live.
function hourBoxes(ctx, view, seat, answer, steps) {
  const sheet = view.sheets[seat.sheet];
  const hour = sheet.hours[view.content.hours.indexOf(seat.hour_due)];
  const offered = (answer && answer.takes) || {};
  const taken = new Set(planned(steps, "take").filter((s) => s.take.box).map((s) => s.take.box));
  const key = JSON.stringify([hour, seat.hour_due, seat.boxes, [...taken], offered]);
  return memo("hourboxes", key, () => ctx.el("div", { class: "hourboxes", "data-test": "rnc-boxes" }, hour.boxes.map((box, k) => {
    const n = k + 1;
    const live = (offered[String(n)] || []).some((t) => t.box === n);
    const done = seat.boxes.some(([h, b]) => h === seat.hour_due && b === n);
    return ctx.el("button", { type: "button", class: `hbox ${hour.kinds[k]}${taken.has(n) ? " mine" : ""}${done ? " done" : ""}`,
      "data-test": `rnc-box-${n}`, disabled: !live, "aria-label": `box ${n}: ${box.join(" and ")}`,
      onclick: () => step({ kind: "take", value: n, take: { box: n } }) },
    ctx.el("span", { class: "num" }, String(n)), box.map((ing) => icon(ctx, ing, 30)),
    ctx.el("span", { class: "nm" }, box.join(" + ")));
  })));
}

// RNC-2: the twelve hexagonal tables; a segment is live when a result left may cross it. Drawn once
// for the sheet and its crossed segments; what is live and planned is set on each redraw.
function tables(ctx, view, seat, answer, steps) {
  const sheet = view.sheets[seat.sheet];
  const mine = new Set(planned(steps, "take").filter((s) => s.take.table).map((s) => `${s.take.table}/${s.take.segment}`));
  const legal = new Set(Object.values((answer && answer.takes) || {}).flat().filter((t) => t.table).map((t) => `${t.table}/${t.segment}`));
  const done = new Set(seat.segments.map(([h, k]) => `${h}/${k}`));
  const node = memo("tables", JSON.stringify([sheet, seat.segments]), () => drawTables(ctx, sheet, done));
  for (const g of node.querySelectorAll(".hseg")) {
    const key = g.dataset.key, live = legal.has(key);
    setAttrs(g, { class: `hseg${live ? " live" : ""}${mine.has(key) ? " mine" : ""}${done.has(key) ? " done" : ""}`,
      role: live ? "button" : null, tabindex: live ? 0 : null, "data-live": live });
  }
  return node;
}

function drawTables(ctx, sheet, done) {
  const r = SIZE.hex, pad = 4;
  return ctx.el("div", { class: "tables", "data-test": "rnc-tables" }, sheet.hours.map((h) => {
    const segs = h.table.map((ing, k) => {
      const n = k + 1, key = `${h.clock}/${n}`;
      const pts = hexPoints(r + pad, r + pad, r, k);
      const mid = ((-60 + 60 * k) * Math.PI) / 180;
      const ix = r + pad + r * 0.55 * Math.cos(mid), iy = r + pad + r * 0.55 * Math.sin(mid);
      const nx = r + pad + r * 0.86 * Math.cos(mid), ny = r + pad + r * 0.86 * Math.sin(mid);
      const take = (g) => { if (g.hasAttribute("data-live")) step({ kind: "take", value: n, take: { table: h.clock, segment: n } }); };
      return ctx.el("g", { class: "hseg", "data-test": `rnc-seg-${h.clock}-${n}`, "data-key": key,
        "aria-label": `${h.clock} table, segment ${n}: ${ing}`,
        onclick: (e) => take(e.currentTarget),
        onkeydown: (e) => { if ((e.key === "Enter" || e.key === " ") && e.currentTarget.hasAttribute("data-live")) { e.preventDefault(); take(e.currentTarget); } } },
      ctx.el("polygon", { points: pts.map((p) => p.join(",")).join(" ") }),
      ctx.el("use", { href: `${ICONS}#ing-${ing.replace(/ /g, "_")}`, x: ix - 9, y: iy - 9, width: 18, height: 18 }),
      ctx.el("text", { x: nx, y: ny + 4, class: "sn" }, String(n)),
      done.has(key) ? ctx.el("path", { class: "x", d: `M${ix - 10} ${iy - 10}L${ix + 10} ${iy + 10}M${ix + 10} ${iy - 10}L${ix - 10} ${iy + 10}` }) : null);
    });
    return ctx.el("figure", { class: "table" }, ctx.el("svg", { viewBox: `0 0 ${2 * (r + pad)} ${2 * (r + pad)}`, width: 2 * (r + pad),
      height: 2 * (r + pad) }, segs), ctx.el("figcaption", {}, h.clock));
  }));
}

function inventory(ctx, view, answer) {
  if (!answer || answer.error) return ctx.el("div", { class: "inventory", "data-test": "rnc-inventory" },
    ctx.el("span", { class: "muted" }, answer ? answer.error : "\u2026"));
  const st = answer.stock;
  const items = [...view.content.basics, view.content.mystery, ...Object.keys(view.content.rares)];
  const shown = items.filter((x) => st[x]);
  return ctx.el("div", { class: "inventory", "data-test": "rnc-inventory", "data-ready": "true" }, shown.map((x) =>
    ctx.el("span", { class: "item", "data-test": "rnc-stock", "data-ingredient": x, "data-count": st[x] },
      icon(ctx, x, 26), `${x} \u00d7${st[x]}`)), shown.length ? null : ctx.el("span", { class: "muted" }, "nothing circled yet"));
}

// RNC-5 to RNC-7, RNC-11: the rare ingredients and meals the server says the plan may add; a step
// with several crossings is added as the scorer would cross it, and the player may then say what
// the mystery ingredient stands for (the crossings the server offered for it).
function kitchen(ctx, view, seat, answer, steps) {
  const c = view.content;
  const offered = new Map(((answer && answer.kitchen) || []).map((k) => [`${k.kind}/${k.name}`, k.uses]));
  const add = (kind, name) => () => step({ kind, name, use: null, uses: offered.get(`${kind}/${name}`) });
  const kinds = (kind) => ((answer && answer.kitchen) || []).filter((k) => k.kind === kind);
  const rares = () => Object.entries(c.rares).map(([name, needs]) => ctx.el("button", { type: "button", class: "recipe",
    "data-test": `rnc-rare-${name.replace(/ /g, "_")}`, disabled: !offered.has(`rare/${name}`), onclick: add("rare", name) },
  icon(ctx, name, 28), ctx.el("span", { class: "nm" }, name), ctx.el("span", { class: "needs" }, needs.map((n) => icon(ctx, n, 18)))));
  const cooks = planned(steps, "cook").map((s) => s.name);
  const meals = () => c.meals.map((m) => {
    const cooked = seat.dishes[m.name] + planned(steps, "cook").filter((s) => s.name === m.name).length;
    return ctx.el("button", { type: "button", class: "meal", "data-test": `rnc-meal-${m.name.replace(/ /g, "_")}`,
      disabled: !offered.has(`cook/${m.name}`), onclick: add("cook", m.name) },
    ctx.el("span", { class: "nm" }, m.name, ctx.el("small", {}, ` ${m.value} pts`)),
    ctx.el("span", { class: "needs" }, m.ingredients.map((n) => icon(ctx, n, 18))),
    ctx.el("span", { class: "dishes" }, m.bonuses.map((b, k) => ctx.el("span", {
      class: k < seat.dishes[m.name] ? "dish done" : k < cooked ? "dish mine" : "dish" }, b ? `+${b}` : "\u00a0"))));
  });
  const plates = answer && !answer.error ? answer.plates_left : null;
  return [ctx.el("h3", {}, "Rare ingredients (no plate)"), crossing(ctx, steps),
    memo("rares", JSON.stringify([c.rares, kinds("rare"), Boolean(answer)]), () => ctx.el("div", { class: "recipes",
      "data-test": "rnc-recipes", "data-ready": String(Boolean(answer)) }, rares())),
    ctx.el("h3", {}, plates === null ? `Cookbooks at ${seat.hour_due}` : `Cookbooks: ${plates} plate${plates === 1 ? "" : "s"} left at ${seat.hour_due}`),
    memo("meals", JSON.stringify([c.meals, seat.dishes, cooks, kinds("cook")]), () => ctx.el("div", { class: "meals" }, meals()))];
}

// RNC-11: what the mystery ingredient stands for in the step just added, when the server offered
// more than one way to cross its ingredients ("as the scorer would": the State chooses).
function crossing(ctx, steps) {
  const s = steps[steps.length - 1];
  if (!s || !(s.kind === "rare" || s.kind === "cook") || !s.uses || s.uses.length < 2) return null;
  const pick = (use) => () => { s.use = use; redraw(); };
  return ctx.el("div", { class: "row chooser", "data-test": "rnc-crossing" }, ctx.el("span", { class: "lbl" }, `${s.name}: what to cross`),
    ctx.el("button", { type: "button", class: s.use ? "face wide" : "face wide on", "data-test": "rnc-use-auto", onclick: pick(null) }, "as the scorer would"),
    s.uses.map((u, i) => ctx.el("button", { type: "button", class: JSON.stringify(s.use) === JSON.stringify(u) ? "face wide on" : "face wide",
      "data-test": `rnc-use-${i}`, "data-use": u.join(","), onclick: pick(u) }, u.join(" + "))));
}

function summary(ctx, steps) {
  const words = steps.map((s) => {
    if (s.kind === "double") return `double: ${s.spend} spent, ${s.spend}\u2192${s.to}`;
    if (s.kind === "adjust" || s.kind === "set") return `${s.kind} ${s.from}\u2192${s.to}`;
    if (s.kind === "reuse") return `reuse ${s.value}`;
    if (s.kind === "add") return `add ${s.value}`;
    if (s.kind === "take") return s.take.box ? `${s.value}: box ${s.take.box}` : `${s.value}: ${s.take.table} table`;
    const how = s.use ? ` (${s.use.join(" + ")})` : "";
    return s.kind === "rare" ? `make ${s.name}${how}` : `cook ${s.name}${how}`;
  });
  return ctx.el("ol", { class: "plan", "data-test": "rnc-plan" }, words.map((w) => ctx.el("li", {}, w)));
}

function playerHour(ctx, view, index, dice) {
  const seat = view.seats[index];
  const steps = draft.steps;
  const answer = asked(last[1], theMove(seat, index, dice, steps));
  const send = () => ctx.move(theMove(seat, index, dice, steps)).then(() => {
    Object.assign(draft, { steps: [], picking: null, seat: null, pinned: false, dice: [] });
    redraw();
  }, () => { /* the shell shows the refusal; the plan stays to be mended */ });
  const section = setAttrs(keptEl(ctx, "hour", "section"), { class: "hour", "data-test": "rnc-hour", "data-seat": index,
    "data-ready": String(Boolean(answer)) });
  return place(section, [
    ctx.el("h2", {}, bdi(seat.name), ` at ${seat.hour_due}`, ctx.el("span", { class: "dicefixed", "data-test": "rnc-table-dice" },
      ` dice ${dice.join(" ")}`), view.dice ? null : ctx.el("button", { type: "button", "data-test": "rnc-redice",
      onclick: () => { draft.dice = []; draft.steps = []; draft.picking = null; redraw(); } }, "Change dice")),
    answer && answer.error ? ctx.el("p", { class: "wait", "data-test": "rnc-ask-error" }, answer.error) : null,
    resultsBar(ctx, answer), powers(ctx, answer),
    ctx.el("h3", {}, `Boxes of ${seat.hour_due}`), hourBoxes(ctx, view, seat, answer, steps),
    ctx.el("h3", {}, "Tables (any hour's)"), tables(ctx, view, seat, answer, steps),
    ctx.el("h3", {}, "Circled, not crossed"), inventory(ctx, view, answer),
    kitchen(ctx, view, seat, answer, steps),
    summary(ctx, steps),
    ctx.el("div", { class: "send" },
      ctx.el("button", { type: "button", "data-test": "rnc-back", disabled: steps.length === 0,
        onclick: () => { draft.steps.pop(); draft.picking = null; redraw(); } }, "Back"),
      ctx.el("button", { type: "button", class: "big", "data-test": "rnc-done",
        onclick: send }, bdi(seat.name), `: done with ${seat.hour_due}`))]);
}

// The cookbooks as the sheet shows them after play: each meal's dish boxes, the circled ones filled.
function cookbooks(ctx, view, seat) {
  return ctx.el("div", { class: "meals read", "data-test": "rnc-cookbooks" }, view.content.meals.map((m) => ctx.el("div", {
    class: "meal", "data-test": `rnc-cookbook-${m.name.replace(/ /g, "_")}`, "data-dishes": seat.dishes[m.name] },
  ctx.el("span", { class: "nm" }, m.name, ctx.el("small", {}, ` ${m.value} pts`)),
  ctx.el("span", { class: "needs" }, m.ingredients.map((n) => icon(ctx, n, 18))),
  ctx.el("span", { class: "dishes" }, m.bonuses.map((b, k) => ctx.el("span", { class: k < seat.dishes[m.name] ? "dish done" : "dish" },
    b ? `+${b}` : "\u00a0"))))));
}

// RNC-8: the seat's score so far, as the sheet's stars and totals box show it.
function scorecard(ctx, view, seat) {
  const meals = Object.entries(seat.meals).map(([m, p]) => `${m} ${p}`).join(", ") || "no meal yet";
  return ctx.el("div", { class: "scorecard", "data-test": "rnc-score", "data-player": seat.name, "data-total": seat.total },
    ctx.el("span", { class: "stars", "aria-label": `${seat.stars} stars` }, view.content.stars.map((t, i) => ctx.el("span", {
      class: i < seat.stars ? "star on" : "star", title: `${t}+` }, i < seat.stars ? "\u2605" : "\u2606"))),
    ctx.el("strong", {}, bdi(seat.name), ": ", ctx.el("span", { class: "num" }, `${seat.total} pts`)),
    ctx.el("span", { class: "muted" }, seat.end_only ? " (only the end state: totalled, not checked)" : ` \u00b7 ${meals} \u00b7 rare left ${seat.rares_left}`));
}

export function render(root, table, ctx) {
  css();
  const bar = document.querySelector(".toolbar");  // the shell's fixed toolbar: "done" sits just above it
  root.style.setProperty("--rnc-bar", `${bar ? bar.offsetHeight : 0}px`);
  const before = last && last[1];
  last = [root, table, ctx];
  const view = table.view;
  const key = `${table.id}/${view.hour}`;
  if (draft.key !== key) {
    if (before && before.id === table.id && before.created === table.created) stored(before).clear(); // that hour is over
    Object.assign(draft, { key, dice: [], seat: null, pinned: false, steps: [], picking: null });
    restore(table);
  }
  if (view.dice) draft.dice = [];
  const ready = view.seats.map((s, i) => (s.hour_due === view.hour && !s.end_only ? i : -1)).filter((i) => i >= 0);
  // the seat shown follows the player due, unless this phone's user tapped one
  if (draft.seat === null || !view.seats[draft.seat] || (!draft.pinned && draft.seat !== view.due && view.due !== null)) {
    draft.seat = ready.includes(view.due) ? view.due : ready[0] ?? 0;
    draft.steps = [];
  }
  const seat = view.seats[draft.seat] || view.seats[0];
  const dice = view.dice || (draft.dice.length === 3 ? draft.dice : null);
  if (draft.basis !== String(dice)) { draft.basis = String(dice); draft.steps = []; draft.picking = null; }
  const parts = [ctx.el("p", { class: "sheetid", "data-test": "rnc-sheet" }, `Sheet ${view.sheet}`,
    view.hour ? ` \u00b7 ${view.hour}` : " \u00b7 all 12 hours played")];
  if (view.seats.length > 1) parts.push(seatPicker(ctx, view));
  if (!seat.end_only) parts.push(place(setAttrs(keptEl(ctx, "overview", "div"), { class: "overview-scroll" }), [overview(ctx, view, seat, dice && seat.hour_due === view.hour ? planned(draft.steps, "take") : [])]));
  parts.push(scorecard(ctx, view, seat));
  if (view.hour && !dice) parts.push(diceEntry(ctx, view));
  if (view.hour && dice && seat.hour_due === view.hour) parts.push(playerHour(ctx, view, draft.seat, dice));
  else if (view.hour && !seat.end_only && seat.hour_due !== view.hour) {
    const waiting = view.seats.filter((s) => s.hour_due === view.hour).map((s, i) => [i ? ", " : "", bdi(s.name)]);
    parts.push(ctx.el("p", { class: "wait", "data-test": "rnc-wait" }, bdi(seat.name), seat.done ? " has played every hour."
      : [` has played ${view.hour}; waiting for `, waiting, "."]));
  }
  if (!view.hour) parts.push(ctx.el("p", { class: "over", "data-test": "rnc-over" }, "Every hour is played: the report below is the final score."));
  if (!seat.end_only && !(view.hour && dice && seat.hour_due === view.hour)) parts.push(ctx.el("h3", {}, bdi(seat.name), "'s cookbooks"), cookbooks(ctx, view, seat));
  let rnc = root.firstChild;
  if (!rnc || root.childNodes.length !== 1 || !rnc.classList || !rnc.classList.contains("rnc")) {
    rnc = ctx.el("div", { class: "rnc" });
    root.replaceChildren(rnc);
  }
  place(rnc, parts);
  keep(table);
}
