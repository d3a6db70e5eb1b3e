// Jubako at the table (printkit serve). Each player's jubako is a grid of tap targets (tabs
// switch boards). The player to move says which tiles they hold (a `holding` move: the hand,
// which a record does not keep, JUB-5), taps a tile, then one of the cells it fits (the view's
// legal placements, from the State's legal_moves for that hand, JUB-3), then its neighbour, then
// the delicacy to score with its points (JUB-4). When no tile of a full hand fits, the page
// offers the removals (JUB-5, -1 point). Totals and the end-of-game options come from the report.

import { draft, el as h, bdi, bdiNames } from "/static/dom.js";

const CSS = new URL("./page.css", import.meta.url).href;

let last = null; // {root, table, ctx}
let ui = { version: -1, tab: null, tile: null, first: null, second: null, pick: null, adding: false };

function ensureCss() {
  if (!document.querySelector(`link[href="${CSS}"]`)) document.head.append(h("link", { rel: "stylesheet", href: CSS }));
}

function set(changes) {
  Object.assign(ui, changes);
  keep();
  draw();
}

// The taps of the turn being entered (the tile, its cells, the delicacy picked for a tile drawn)
// survive a reload, a phone that slept and a server restart: kept on this phone (dom.js draft,
// named by the table's version), cleared once the table moves on (a posted move).
let stored = null; // the draft of the version shown

function keep() {
  const { tile, first, second, pick, adding } = ui;
  if (tile !== null || pick !== null || adding) stored.save({ tile, first, second, pick, adding });
  else stored.clear();
}

function restore(table) {
  const d = stored.load(null);
  const v = table.view;
  if (!d || v.over || !v.legal) return;
  const ps = v.legal.place.filter((e) => e.index === d.tile);
  if (ps.length) {
    ui.tile = d.tile;
    const firsts = new Set(ps.flatMap((e) => e.cells));
    if (firsts.has(d.first)) {
      ui.first = d.first;
      if (ps.some((e) => e.cells.includes(d.first) && e.cells.includes(d.second) && d.second !== d.first)) ui.second = d.second;
    }
  }
  if (d.adding === true) ui.adding = true;
  if (typeof d.pick === "string" && v.delicacies.some((x) => x.id === d.pick)) ui.pick = d.pick;
}

// Black or white text, whichever reads better on `hex` (WCAG relative luminance).
function ink(hex) {
  const n = parseInt(hex.slice(1), 16);
  const lin = (c) => { const s = c / 255; return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4; };
  const L = 0.2126 * lin((n >> 16) & 255) + 0.7152 * lin((n >> 8) & 255) + 0.0722 * lin(n & 255);
  return (L + 0.05) / 0.05 > 1.05 / (L + 0.05) ? "#111" : "#fff";
}

function food(v, id) {
  return v.delicacies.find((d) => d.id === id) || { id, name: id, colour: "#ffffff" };
}

function swatch(v, id) {
  const d = food(v, id);
  return `background:${d.colour};color:${ink(d.colour)}`;
}

function tileFace(v, tile, attrs, extra) {
  return h("button", { class: "jub-tile", ...attrs },
    tile.map((id) => h("span", { style: swatch(v, id) }, food(v, id).name)), extra || null);
}

function post(move) {
  // On success the shell re-renders with the new version, which resets the taps (render).
  return last.ctx.move(move).catch(() => { /* the shell shows the refusal in the scorer's words */ });
}

// --- the board -------------------------------------------------------------------------------

function placementsOf(v) {
  return ui.tile === null ? [] : v.legal.place.filter((e) => e.index === ui.tile);
}

function targets(v) {
  // The cells a tap may choose now: the legal cells of the tile picked, then the neighbours
  // that complete a legal placement with the first cell.
  const ps = placementsOf(v);
  if (!ps.length || ui.second) return new Set();
  if (!ui.first) return new Set(ps.flatMap((e) => e.cells));
  return new Set(ps.filter((e) => e.cells.includes(ui.first)).map((e) => e.cells.find((c) => c !== ui.first)));
}

function cell(v, player, name, live) {
  const c = v.boards[player][name];
  const printed = v.printed[name];
  const shown = c.top || printed;
  const classes = ["jub-cell"];
  if (!c.top) classes.push(printed ? "printed" : "empty");
  if (shown && food(v, shown).name.length > 8) classes.push("long");
  const picked = ui.first === name || ui.second === name;
  if (picked) classes.push("picked");
  const can = live.has(name);
  if (can) classes.push("legal");
  if (live.size && !can && !picked) classes.push("dim");
  const label = `${name}: ${shown ? food(v, shown).name : "empty"}${c.layer ? `, layer ${c.layer}` : ""}`;
  return h("button", { class: classes.join(" "), style: shown ? swatch(v, shown) : null, disabled: !can,
    "data-test": `jub-cell-${name}`, "data-top": c.top || "", "data-layer": c.layer, "aria-label": label,
    onclick: () => (ui.first ? set({ second: name }) : set({ first: name })) },
  shown ? food(v, shown).name : "",
  c.layer ? h("span", { class: "jub-layer" }, `L${c.layer}`) : null,
  h("span", { class: "jub-coord" }, name));
}

function board(v, player) {
  const live = player === v.to_move ? targets(v) : new Set();
  return h("div", { class: "jub-grid", "data-test": `jub-board-${player}`,
    style: `grid-template-columns:repeat(${v.size},minmax(max-content,1fr))` }, v.cells.map((c) => cell(v, player, c, live)));
}

// --- the hand, placing, removing -------------------------------------------------------------

function handSection(v) {
  const p = v.to_move;
  const fits = new Set(v.legal.place.map((e) => e.index));
  return h("section", { "data-test": "jub-hand" },
    h("h3", {}, bdi(p), `'s tiles (${v.hand.length} of ${v.holds})`),
    h("div", { class: "jub-hand" }, v.hand.map((t, i) => h("span", {},
      tileFace(v, t, { class: "jub-tile" + (ui.tile === i ? " on" : "") + (fits.has(i) ? "" : " nofit"),
        "data-test": `jub-hand-${i}`, "aria-pressed": String(ui.tile === i), disabled: !fits.has(i),
        onclick: () => set({ tile: ui.tile === i ? null : i, first: null, second: null }) }),
      h("button", { "data-test": `jub-drop-${i}`, "aria-label": `Not held: ${t.join("/")}`,
        onclick: () => post({ player: p, holding: v.hand.filter((_, k) => k !== i) }) }, "✕")))),
    !v.hand_ok ? h("p", { class: "jub-hint" }, `A player holds ${v.holds} tiles now: remove the one not held.`) : null,
    v.hand.length < v.holds ? drawPicker(v) : null,
    v.hand.length && !v.legal.place.length && !v.legal.discard.length && v.hand.length < v.holds
      ? h("p", { class: "jub-hint" }, "None of these fits: add the other tiles held.") : null,
    hint(v));
}

function hint(v) {
  if (!v.legal.place.length) return null;
  if (ui.tile === null) return h("p", { class: "jub-hint" }, "Tap the tile to place.");
  if (!ui.first) return h("p", { class: "jub-hint" }, "Tap a highlighted cell.");
  if (!ui.second) return h("p", { class: "jub-hint" }, "Tap the cell for the other half.");
  return null;
}

function drawPicker(v) {
  const p = v.to_move;
  if (!ui.adding && v.hand.length) {
    return h("button", { "data-test": "jub-add", onclick: () => set({ adding: true, pick: null }) }, "+ Tile drawn");
  }
  const first = ui.pick;
  const pairs = v.supply;
  const options = first === null
    ? v.delicacies.filter((d) => pairs.some((t) => t.includes(d.id)))
    : v.delicacies.filter((d) => pairs.some((t) => t.includes(first) && t.includes(d.id) && d.id !== first));
  return h("div", { "data-test": "jub-picker" },
    h("p", { class: "jub-hint" }, first === null ? "Which tile? Tap its first delicacy."
      : `${food(v, first).name} and ...?`),
    h("div", { class: "jub-pick" }, options.map((d) => h("button", { style: swatch(v, d.id), "data-test": `jub-pick-${d.id}`,
      onclick: () => (first === null ? set({ pick: d.id })
        : post({ player: p, holding: [...v.hand, [first, d.id]] })) }, d.name))),
    first !== null ? h("button", { "data-test": "jub-pick-back", onclick: () => set({ pick: null }) }, "Back") : null);
}

function optionsSection(v) {
  if (!ui.first || !ui.second) return null;
  const here = placementsOf(v).filter((e) => e.cells.includes(ui.first) && e.cells.includes(ui.second));
  return h("section", { "data-test": "jub-options" },
    h("h3", {}, "Score which delicacy?"),
    here.flatMap((e) => e.scores.map((s) => h("button", { class: "jub-option", "data-test": "jub-option",
      "data-tile": e.tile.join(","), "data-cells": e.cells.join(","), "data-score": s.score,
      onclick: () => post({ player: v.to_move, tile: e.tile, cells: e.cells, score: s.score }) },
    `${food(v, e.tile[0]).name} on ${e.cells[0]}, ${food(v, e.tile[1]).name} on ${e.cells[1]}: score ${food(v, s.score).name}`,
    h("b", {}, `${s.points} pt${s.bonus ? ` (+${s.bonus} bonus)` : ""}`)))),
    h("button", { "data-test": "jub-cancel", onclick: () => set({ first: null, second: null }) }, "Back"));
}

function discardSection(v) {
  if (!v.legal.discard.length) return null;
  return h("section", { "data-test": "jub-discard" },
    h("h3", {}, "No tile fits: remove one (−1 point, JUB-5)"),
    h("div", { class: "jub-hand" }, v.legal.discard.map((d, i) =>
      tileFace(v, d.tile, { "data-test": `jub-discard-${i}`, "data-tile": d.tile.join(","), onclick: () => post({ player: v.to_move, discard: d.tile, hand: d.hand }) }))));
}

// --- scores ----------------------------------------------------------------------------------

// Short column heads (a phone's width), the option's full name on hover and for screen readers.
const END = { favorite_food: ["Food", "Favorite Food"], multi_tiered: ["Tiers", "Multi-Tiered"],
  peko_peko: ["Peko", "Peko Peko"] };

function scoresSection(v, report) {
  const byName = Object.fromEntries((report.players || []).map((p) => [p.name, p]));
  const ends = Object.keys(END).filter((k) => v.players.some((p) => k in (v.end[p] || {})));
  const head = h("thead", {}, h("tr", {}, h("th", {}, "Player"), h("th", {}, "Turns"), ends.map((k) => h("th", { title: END[k][1], "aria-label": END[k][1] }, END[k][0])),
    h("th", { title: "first-layer cells left open (JUB-6 tie-break)" }, "Open"), h("th", {}, "Total")));
  const rows = v.players.map((p) => h("tr", { "data-test": `jub-score-${p}` },
    h("td", {}, bdi(p)),
    h("td", {}, String(v.scores[p].reduce((a, b) => a + b, 0)), h("small", {}, ` (${v.scores[p].length})`)),
    ends.map((k) => h("td", {}, String((v.end[p] || {})[k] ?? 0))),
    h("td", {}, String(byName[p] ? byName[p].breakdown.uncovered : "")),
    h("td", { "data-test": `jub-total-${p}` }, String(byName[p] ? byName[p].total : 0))));
  const log = v.log.length
    ? h("ul", { class: "jub-log", "data-test": "jub-log" }, [...v.log].reverse().map((x) => h("li", {}, bdiNames(x, v.players)))) : null;
  return h("section", { "data-test": "jub-scores" }, h("h3", {}, "Scores"),
    h("div", { class: "jub-wide" }, h("table", {}, head, h("tbody", {}, rows))), log);
}

// --- the page ----------------------------------------------------------------------------------

function draw() {
  const { root, table } = last;
  const v = table.view;
  const tab = v.players.includes(ui.tab) ? ui.tab : (v.to_move || v.players[0]);
  const mine = tab === v.to_move;
  root.replaceChildren(h("div", { class: "jub", "data-test": "jubako-page" },
    v.over ? h("p", { class: "jub-over", "data-test": "jub-over" }, "Every tile is used: the game is over.")
      : h("p", { class: "jub-turn", "data-test": "jub-turn" }, `Turn ${v.turn} of ${v.turns}: `, bdi(v.to_move)),
    h("div", { class: "jub-tabs", role: "tablist" }, v.players.map((p) => h("button", {
      role: "tab", class: (p === tab ? "on" : "") + (p === v.to_move ? " now" : ""), "aria-selected": String(p === tab),
      "data-test": `jub-tab-${p}`, onclick: () => set({ tab: p }) }, bdi(p)))),
    board(v, tab),
    mine && !v.over ? [optionsSection(v), handSection(v), discardSection(v)] : null,
    !mine && !v.over ? h("button", { "data-test": "jub-to-mover", onclick: () => set({ tab: v.to_move }) },
      "Show ", bdi(v.to_move), "'s board (to move)") : null,
    scoresSection(v, table.report)));
}

export function render(root, table, ctx) {
  ensureCss();
  if (table.version !== ui.version) {
    // A new move: the tap state of the last one is gone; keep the tab only while it is useful.
    if (stored && last && last.table.id === table.id) stored.clear(); // that version is gone by
    ui = { version: table.version, tab: null, tile: null, first: null, second: null, pick: null, adding: false };
    stored = draft(table, `turn:${table.version}`);
    restore(table);
  }
  last = { root, table, ctx };
  draw();
}
