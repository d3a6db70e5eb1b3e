// Score a paper Roll n Cook sheet (printkit serve, /paper/rollncook): a photo of each player's
// filled sheet (the phone's camera), read by the server (scan.py, as `printkit scan` reads it);
// the photo shown with what was read drawn over it, the reads to look at in orange; a tap on a
// read fixes or confirms it (a die: 1 to 6; a row's "more" box: a number). The reads to look at are
// listed by the sheet's sections, each with its count and a "these are right" for the whole
// section. The dice are the table's: entered once whatever the number of sheets. Then the marks as confirmed are scored and kept as a table (the usual report).
// The photo stays in this page; the server keeps it only while it reads it.

import { el, request, postJSON, showBanner, bdi } from "/static/dom.js";

const GAME = document.body.dataset.game;
const MAX_PHOTO = 25 * 1024 * 1024;
const WORDS = { die: null, bullet: { "": "empty", O: "circled", X: "circled and crossed" } };
// The sheet's sections (scanweb.SECTIONS), in the order the list shows them.
const SECTIONS = [["hours", "Hours: dice, boxes, plates"], ["tables", "Tables"], ["inventory", "Inventory rows"],
  ["cookbook", "Cookbook"], ["abilities", "Abilities"]];
const root = document.getElementById("paper");
const banner = document.querySelector("[data-test=banner]");

// What this page holds: each sheet read (its photo's copy, spots, marks, the names confirmed), the
// table's dice (the part of a die's name after the sheet id -> value), the spot picked to fix.
const state = { missing: null, sheets: [], dice: {}, diceSure: new Set(), diceFlag: {}, picked: null, busy: "", saved: null, zoom: false, open: new Set() };

const dieKey = (name) => name.split(":").slice(1).join(":");

function link() {
  if (document.getElementById("paper-css")) return;
  document.head.append(el("link", { id: "paper-css", rel: "stylesheet", href: `/games/${GAME}/paper.css` }));
}

// A read's value, as the table holds it now (a die: the table's dice).
function valueOf(sheet, spot) {
  return spot.kind === "die" ? state.dice[dieKey(spot.name)] ?? "" : sheet.marks[spot.name];
}

// Why a read needs a look still (null: it is taken as it is, or the players confirmed it).
function flag(sheet, spot) {
  if (spot.kind === "die") {
    const key = dieKey(spot.name);
    return state.diceSure.has(key) ? null : state.diceFlag[key] || null;
  }
  return sheet.sure.has(spot.name) ? null : spot.why;
}

function said(spot, value) {
  if (spot.kind === "die" || spot.kind === "more") return value || "empty";
  if (spot.kind === "bullet") return WORDS.bullet[value];
  return value ? "crossed" : "not crossed";
}

// Everything still to look at: [sheet index, spot], each die once for the table.
function pending() {
  const out = [], seen = new Set();
  state.sheets.forEach((sheet, i) => sheet.spots.forEach((spot) => {
    if (!flag(sheet, spot)) return;
    const key = spot.kind === "die" ? dieKey(spot.name) : `${i}/${spot.name}`;
    if (!seen.has(key)) { seen.add(key); out.push([i, spot]); }
  }));
  return out;
}

// The dice of the table from every sheet read: the first sheet's read of each die, flagged when
// a sheet was unsure of it or the sheets disagree (RNC-10: one roll for everyone).
function tableDice() {
  const dice = {}, flags = {};
  for (const sheet of state.sheets) {
    for (const spot of sheet.spots.filter((s) => s.kind === "die")) {
      const key = dieKey(spot.name);
      if (!(key in dice)) dice[key] = spot.value;
      else if (dice[key] !== spot.value && !flags[key]) flags[key] = `the sheets disagree: ${dice[key] || "empty"} or ${spot.value || "empty"}`;
      if (spot.why && !flags[key]) flags[key] = spot.why;
    }
  }
  for (const [key, v] of Object.entries(dice)) if (!(key in state.dice) || !state.diceSure.has(key)) state.dice[key] = v;
  state.diceFlag = flags;
}

function set(i, spot, value) {
  if (spot.kind === "die") { state.dice[dieKey(spot.name)] = value; state.diceSure.add(dieKey(spot.name)); }
  else { state.sheets[i].marks[spot.name] = value; state.sheets[i].sure.add(spot.name); }
  state.picked = null;
  state.saved = null;
  draw();
}

function acceptAll(section) {
  for (const [i, spot] of pending()) if (!section || spot.section === section) set(i, spot, valueOf(state.sheets[i], spot));
}

function readFile(file) {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result).replace(/^data:[^,]*,/, ""));
    reader.onerror = () => reject(new Error("this file cannot be read"));
    reader.readAsDataURL(file);
  });
}

async function upload(event) {
  const file = event.target.files && event.target.files[0];
  event.target.value = "";
  if (!file) return;
  showBanner(banner, null);
  if (file.size > MAX_PHOTO) {
    showBanner(banner, `${file.name} is larger than 25 MB: take the photo at the phone's usual size`);
    return;
  }
  state.busy = `Reading ${file.name}\u2026 (a few seconds)`;
  draw();
  try {
    const read = await postJSON(`/api/games/${GAME}/paper`, { photo: await readFile(file), name: file.name });
    const marks = Object.fromEntries(read.spots.filter((s) => s.kind !== "die").map((s) => [s.name, s.value]));
    state.sheets.push({ ...read, marks, sure: new Set(), player: `Player ${state.sheets.length + 1}` });
    tableDice();
    state.saved = null;
  } catch (error) {
    showBanner(banner, error);
  } finally {
    state.busy = "";
    draw();
  }
}

async function save() {
  showBanner(banner, null);
  const sheets = state.sheets.map((sheet) => ({ sheet: sheet.sheet, paper: sheet.paper, player: sheet.player,
    marks: Object.fromEntries(sheet.spots.map((spot) => [spot.name, valueOf(sheet, spot)])) }));
  state.busy = "Scoring\u2026";
  draw();
  try {
    state.saved = await postJSON(`/api/games/${GAME}/paper/table`, { sheets });
  } catch (error) {
    showBanner(banner, error);
  } finally {
    state.busy = "";
    draw();
  }
}

// -- drawing ----------------------------------------------------------------------------------

function overlay(sheet, i) {
  const shapes = sheet.spots.map((spot) => {
    const value = valueOf(sheet, spot);
    const why = flag(sheet, spot);
    const marked = ["die", "more"].includes(spot.kind) ? Boolean(value) : spot.kind === "bullet" ? value !== "" : value === true;
    const cls = ["spot", spot.kind, marked ? "on" : "off", why ? "look" : "", spot.kind === "bullet" ? `b${value}` : "",
      state.picked && state.picked[0] === i && state.picked[1].name === spot.name ? "picked" : ""].join(" ");
    const pts = spot.points.map((p) => p.join(",")).join(" ");
    const g = [el("polygon", { points: pts })];
    if ((spot.kind === "die" || spot.kind === "more") && value) {
      const xs = spot.points.map((p) => p[0]), ys = spot.points.map((p) => p[1]);
      const h = Math.max(...ys) - Math.min(...ys);
      g.push(el("text", { x: (Math.min(...xs) + Math.max(...xs)) / 2, y: (Math.min(...ys) + Math.max(...ys)) / 2 + h * 0.35,
        "font-size": h * 1.1 }, value));
    }
    return el("g", { class: cls, "data-test": "paper-spot", "data-name": spot.name, "data-value": String(value),
      "data-look": why ? "true" : "false", role: "button", tabindex: "-1", "aria-label": `${spot.where}: ${said(spot, value)}`,
      onclick: () => { state.picked = [i, spot]; draw(); } }, g);
  });
  return el("div", { class: state.zoom ? "shot zoom" : "shot", "data-test": "paper-shot" },
    el("div", { class: "frame" },
      el("img", { src: sheet.image, alt: `photo of sheet ${sheet.sheet}`, width: sheet.width, height: sheet.height }),
      el("svg", { viewBox: `0 0 ${sheet.width} ${sheet.height}`, class: "reads", "aria-label": "what was read" }, shapes)));
}

function fixer() {
  if (!state.picked) return null;
  const [i, spot] = state.picked;
  const sheet = state.sheets[i];
  const now = valueOf(sheet, spot);
  const choices = spot.kind === "die" ? ["1", "2", "3", "4", "5", "6", ""] : spot.kind === "bullet" ? ["", "O", "X"]
    : spot.kind === "more" ? [""] : [true, false];
  const why = flag(sheet, spot);
  // a "more" box: the number on the paper, typed (0 to 99), or empty
  const number = spot.kind === "more" ? el("input", { type: "number", min: 0, max: 99, inputmode: "numeric",
    value: now, "data-test": "paper-set-number", "aria-label": `${spot.where}: the number written` }) : null;
  const typed = number ? el("button", { type: "button", class: "face", "data-test": "paper-set-more", onclick: () => {
    const v = number.value.trim();
    if (/^\d{1,2}$/.test(v)) set(i, spot, String(Number(v)));
  } }, "Set") : null;
  return el("section", { class: "fix card", "data-test": "paper-fix", "data-name": spot.name, role: "dialog", "aria-label": spot.where },
    el("h3", {}, spot.kind === "die" ? `${spot.where} (the table's die)` : spot.where),
    el("p", {}, `Read: ${said(spot, now)}`, why ? el("span", { class: "why" }, ` \u00b7 ${why}`) : null),
    el("div", { class: "row" }, number, typed, choices.map((c) => el("button", { type: "button",
      class: c === now ? "face on" : "face", "data-test": `paper-set-${c === true ? "yes" : c === false ? "no" : c || "empty"}`,
      onclick: () => set(i, spot, c) }, said(spot, c)))),
    el("button", { type: "button", "data-test": "paper-fix-close", onclick: () => { state.picked = null; draw(); } }, "Close"));
}

function sheetCard(sheet, i) {
  const name = el("input", { type: "text", value: sheet.player, maxlength: 40, "data-test": `paper-player-${i}`,
    "aria-label": `player of sheet ${i + 1}`, oninput: (e) => { sheet.player = e.target.value; state.saved = null; } });
  const count = (kind) => sheet.spots.filter((s) => s.kind === kind && valueOf(sheet, s) === true).length;
  return el("section", { class: "card sheet", "data-test": "paper-sheet", "data-sheet": sheet.sheet },
    el("label", {}, "Player ", name),
    el("p", { class: "muted" }, `Sheet ${sheet.sheet} on ${sheet.paper === "a4" ? "A4" : "Letter"} \u00b7 ${count("box")} boxes, `
      + `${count("seg")} table segments, ${count("plate")} plates, ${count("dish")} dish boxes crossed`),
    overlay(sheet, i));
}

// One section's reads to look at: its title and count, "these are right" for all of them, and a
// button a read (a tap opens its choices); closed at first when it is long, so the page stays short.
function group(todo, key, title) {
  const items = todo.filter(([, spot]) => spot.section === key);
  if (!items.length) return null;
  const open = state.open.has(key) || items.length <= 6;
  return el("section", { class: "group", "data-test": "paper-group", "data-section": key, "data-count": items.length },
    el("div", { class: "head" },
      el("button", { type: "button", class: "title", "aria-expanded": String(open), "data-test": "paper-group-open",
        onclick: () => { if (state.open.has(key)) state.open.delete(key); else state.open.add(key); draw(); } },
      `${open ? "\u25be" : "\u25b8"} ${title} (${items.length})`),
      el("button", { type: "button", "data-test": "paper-group-accept", onclick: () => acceptAll(key) }, "These are right")),
    open ? el("ul", {}, items.map(([i, spot]) => el("li", {}, el("button", { type: "button", class: "look", "data-test": "paper-look",
      "data-name": spot.name, onclick: () => { state.picked = [i, spot]; draw(); } },
    state.sheets.length > 1 && spot.kind !== "die" ? [bdi(state.sheets[i].player), ": "] : null,
    `${spot.where}: ${said(spot, valueOf(state.sheets[i], spot))}`, el("span", { class: "why" }, ` \u00b7 ${flag(state.sheets[i], spot)}`))))) : null);
}

function diceTable() {
  const hours = [...new Set(Object.keys(state.dice).map((k) => k.split(":")[0]))];
  const any = state.sheets.find(() => true);
  if (!any) return null;
  const dieSpots = any.spots.filter((s) => s.kind === "die");
  return el("section", { class: "card dice", "data-test": "paper-dice" },
    el("h3", {}, state.sheets.length > 1 ? "The table's dice (entered once for everyone)" : "The dice"),
    el("div", { class: "hours" }, hours.filter((h) => [1, 2, 3].some((d) => state.dice[`${h}:die${d}`])).map((h) => el("div", { class: "hour" },
      el("span", { class: "clock" }, `${h.slice(1)}:00`),
      dieSpots.filter((s) => dieKey(s.name).startsWith(`${h}:`)).map((spot) => {
        const why = flag(any, spot);
        return el("button", { type: "button", class: why ? "die look" : "die", "data-test": "paper-die", "data-name": dieKey(spot.name),
          "aria-label": `${spot.where}: ${said(spot, valueOf(any, spot))}`, onclick: () => { state.picked = [0, spot]; draw(); } },
        valueOf(any, spot) || "\u00a0");
      })))));
}

function draw() {
  const todo = pending();
  const parts = [];
  parts.push(el("p", {}, "Photograph each player's filled sheet: flat, in daylight, the whole page in the picture, "
    + "one photo a player. What is read is drawn over the photo; orange is what to look at on the paper: tap it to fix or confirm it."));
  if (state.missing) {
    parts.push(el("p", { class: "install", "data-test": "paper-missing" }, "Reading photos needs printkit's scan extra: ",
      el("code", {}, "pip install 'printkit[scan]'"), ` (${state.missing})`));
  }
  parts.push(el("label", { class: "button primary camera", "data-test": "paper-camera" },
    state.sheets.length ? "Add another player's sheet" : "Photograph a sheet",
    el("input", { type: "file", accept: "image/*", capture: "environment", "data-test": "paper-photo",
      disabled: Boolean(state.missing || state.busy), onchange: upload })));
  if (state.busy) parts.push(el("p", { class: "busy", "data-test": "paper-status", "aria-live": "polite" }, state.busy));
  if (state.sheets.length) {
    parts.push(el("label", { class: "check" }, el("input", { type: "checkbox", checked: state.zoom, "data-test": "paper-zoom",
      onchange: (e) => { state.zoom = e.target.checked; draw(); } }), " Zoom the photos"));
  }
  parts.push(state.sheets.map(sheetCard));
  parts.push(diceTable());
  parts.push(fixer());
  if (state.sheets.length) {
    parts.push(el("section", { class: "card todo", "data-test": "paper-todo", "data-count": todo.length },
      el("h3", {}, todo.length ? `Please confirm (${todo.length})` : "Every read is confirmed"),
      SECTIONS.map(([key, title]) => group(todo, key, title)),
      todo.length ? el("button", { type: "button", "data-test": "paper-accept", onclick: () => acceptAll(null) },
        `Take all ${todo.length} as read`) : null),
    el("button", { type: "button", class: "big", "data-test": "paper-score", disabled: Boolean(todo.length || state.busy),
      onclick: save }, todo.length ? `Score (confirm ${todo.length} first)` : "Score and keep the table"));
  }
  if (state.saved) {
    const t = state.saved;
    parts.push(el("section", { class: "card report", "data-test": "paper-report", "data-table": t.id },
      el("h3", {}, "The score"),
      el("ul", {}, t.standing.map((p) => el("li", { "data-test": "paper-total", "data-player": p.name },
        bdi(p.name), ": ", el("strong", {}, `${p.total} pts`)))),
      el("pre", { "data-test": "paper-report-text" }, t.report_text),
      el("a", { class: "button", href: `/t/${t.id}`, "data-test": "paper-table" }, `Open table #${t.id} (kept in the history)`)));
  }
  root.replaceChildren(...parts.flat().filter(Boolean));
  const fix = root.querySelector("[data-test=paper-fix]");
  if (fix) fix.scrollIntoView({ block: "nearest" });
}

async function start() {
  link();
  try {
    const games = await request("/api/games");
    const game = games.find((g) => g.name === GAME);
    state.missing = game && game.paper ? game.paper.missing : "this game has no reader of paper sheets";
  } catch (error) {
    showBanner(banner, error);
  }
  draw();
}

start();
