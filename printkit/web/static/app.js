// The table page's shell: loads the game's page module, keeps the table up to date (moves, undo,
// polling) and draws everything that is not the game: header, totals, banner, report, toolbar.
import { el, request, postJSON, showBanner, bdi, bdiNames } from "/static/dom.js";

const body = document.body;
const id = body.dataset.table;
const $ = (name) => document.querySelector(`[data-test="${name}"]`);
const root = $("game"), banner = $("banner"), totals = $("totals"), report = $("report");
const undoButton = $("undo"), status = $("status");

let table = null;
let page = null;
// Posts (moves and undo) go one after the other: each is sent once the answer to the one before
// has been drawn, with the table's version then, so a quick tap is never lost.
let queue = Promise.resolve();
let pending = 0;

function setTable(next) {
  // A version already drawn is not drawn again: each move's table comes twice (the post's answer
  // and the poll's), and drawing it again replaced the page under a tap in progress (lost).
  if (!next || (table && next.version <= table.version && next.id === table.id)) return;
  table = next;
  draw();
}

function drawTotals() {
  const players = table.report.players || [];
  totals.replaceChildren(el("ol", {}, players.map((p) => el("li", {
    "data-test": "total", "data-player": p.name, class: table.report.winners.includes(p.name) ? "winner" : null,
  }, el("span", { class: "name" }, bdi(p.name)), el("span", { class: "points", "data-test": "points" }, String(p.total))))));
}

function drawReport() {
  const r = table.report;
  const show = table.over || (r.violations && r.violations.length > 0);
  report.hidden = !show;
  if (!show) { report.replaceChildren(); return; }
  const headline = r.winners.length
    ? `${r.winners.length > 1 ? "Winners" : "Winner"}: ${r.winners.join(", ")}`
    : (table.over ? "Game over: no winner" : "Rules broken in this record");
  report.replaceChildren(
    el("h2", { "data-test": "report-headline" }, bdiNames(headline, r.winners)),
    el("pre", { "data-test": "report-text" }, bdiNames(table.report_text, (r.players || []).map((p) => p.name))),
  );
}

function draw() {
  drawTotals();
  drawReport();
  undoButton.disabled = table.moves.length === 0;
  status.textContent = table.over ? "game over" : `move ${table.moves.length}`;
  body.dataset.version = String(table.version);
  body.dataset.over = String(table.over);
  if (!page) return;
  root.replaceChildren();
  try {
    page.render(root, table, ctx());
  } catch (e) {
    console.error(e);
    showBanner(banner, `the page of ${table.game} failed to draw: ${e}`);
  }
}

function refused(error) {
  if (error.status === 409 && error.table) setTable(error.table);
  showBanner(banner, error);
  throw error;
}

// Queue a post: send() once every post before it is answered (refused or not: each is judged by
// the server on the table as it is then, so a tap is never dropped unseen).
function enqueue(send) {
  pending++;
  const done = queue.then(send);
  queue = done.catch(() => null).finally(() => { pending--; });
  return done;
}

function post(url, data) {
  return postJSON(url, data()).then((next) => { showBanner(banner, null); setTable(next); return next; },
    (error) => refused(error));
}

function ctx() {
  return {
    table,
    players: table.players,
    el,
    // Post a move: resolves with the new table (already drawn), or rejects with
    // {status, message, violations} after the banner has shown it. A move tapped while an earlier
    // one is still being answered waits for that answer, then goes with the new version.
    move(move) {
      return enqueue(() => post(`/api/tables/${id}/moves`, () => ({ version: table.version, move })));
    },
    say(message) { showBanner(banner, message, "info"); },
    // How many posts are waiting for their answer (0: the page shows every move sent).
    pending() { return pending; },
  };
}

async function undo() {
  if (!table) return;
  try {
    await enqueue(() => post(`/api/tables/${id}/undo`, () => ({ version: table.version })));
  } catch (error) {
    draw();
  }
}

async function poll() {
  for (;;) {
    try {
      const next = await request(`/api/tables/${id}?since=${table.version}`);
      if (!next.unchanged) setTable(next);
    } catch (error) {
      status.textContent = "offline: retrying";
      await new Promise((resolve) => setTimeout(resolve, 2000));
    }
  }
}

// The page ends below the fixed toolbar: its height, as drawn, in --toolbar (see app.css).
function padForToolbar() {
  const toolbar = document.querySelector(".toolbar");
  if (!toolbar) return;
  const set = () => document.documentElement.style.setProperty("--toolbar", `${toolbar.getBoundingClientRect().height}px`);
  set();
  if (window.ResizeObserver) new ResizeObserver(set).observe(toolbar);
}

async function main() {
  padForToolbar();
  undoButton.addEventListener("click", undo);
  try {
    table = await request(`/api/tables/${id}`);
  } catch (error) {
    root.replaceChildren();
    showBanner(banner, error);
    return;
  }
  try {
    page = await import(`/games/${encodeURIComponent(table.game)}/page.js`);
  } catch (e) {
    showBanner(banner, `the page of ${table.game} cannot be loaded: ${e}`);
  }
  draw();
  document.addEventListener("visibilitychange", async () => {
    if (document.visibilityState !== "visible") return;
    try { setTable(await request(`/api/tables/${id}`)); } catch (e) { /* the poll retries */ }
  });
  poll();
}

main();
