// The table page's shell: loads the game's page module, keeps the table up to date (moves, undo,
// polling) and draws everything that is not the game: header, totals, banner, report, toolbar.
import { el, request, postJSON, showBanner, bdi, bdiNames } from "/static/dom.js";

const body = document.body;
const id = body.dataset.table;
const $ = (name) => document.querySelector(`[data-test="${name}"]`);
const root = $("game"), banner = $("banner"), totals = $("totals"), report = $("report");
const outcome = $("outcome"), warning = $("record-warning");
const undoButton = $("undo"), status = $("status"), exportLink = $("export");
const undoneNote = $("undone"), undoneText = $("undone-text"), redoButton = $("redo");
const lockedNote = $("locked"), reopenButton = $("reopen"), reopenDialog = $("reopen-dialog");

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

// Each player's points earned so far; the points the rules score only when the game ends
// (end-of-game bonuses) are shown apart until then, and counted in once it has ended.
function drawTotals() {
  const standing = table.standing || [];
  totals.replaceChildren(el("ol", {}, standing.map((p) => el("li", {
    "data-test": "total", "data-player": p.name, class: table.report.winners.includes(p.name) ? "winner" : null,
  }, el("bdi", { class: "name" }, p.name),
  el("span", { class: "points", "data-test": "points" }, String(table.over ? p.total : p.so_far)),
  !table.over && p.at_end ? el("span", { class: "at-end", "data-test": "at-end" },
    `${p.at_end > 0 ? "+" : ""}${p.at_end} at the end`) : null))));
}

// The winner banner, at the top once the game has ended: who won, every score, and the rulebook's
// tie-break where it decided.
function drawOutcome() {
  const o = table.outcome;
  outcome.hidden = !o;
  if (!o) { outcome.replaceChildren(); return; }
  const names = (list) => list.flatMap((n, i) => [i ? (i === list.length - 1 ? " and " : ", ") : "", el("bdi", {}, n)]);
  const best = o.scores.length ? o.scores[0].total : 0;
  const headline = o.winners.length === 0 ? [`Game over: no winner (${o.no_winner})`]
    : o.winners.length === 1 ? [...names(o.winners), ` wins with ${o.scores.find((s) => s.name === o.winners[0]).total} points!`]
      : [...names(o.winners), ` share the win with ${best} points!`];
  const parts = [
    el("h2", { "data-test": "outcome-headline" }, headline),
    el("ol", { class: "scores" }, o.scores.map((s) => el("li", { "data-test": "outcome-score", "data-player": s.name },
      el("bdi", {}, s.name), " ", el("span", { class: "points" }, String(s.total))))),
  ];
  if (o.tie_break) {
    parts.push(el("p", { "data-test": "tie-break" },
      `Tied on ${best} points: the tie-break decided (${o.tie_break.rule}${o.tie_break.name ? `, ${o.tie_break.name}` : ""}).`));
  }
  outcome.replaceChildren(...parts);
}

// An imported record that breaks rules: said at the top, in the game's words, with each rule.
function drawWarning() {
  const broken = table.broken || [];
  warning.hidden = broken.length === 0;
  warning.replaceChildren(...(broken.length === 0 ? [] : [
    el("p", {}, `This record breaks ${broken.length === 1 ? "a rule" : `${broken.length} rules`}: its totals are not valid and nobody wins.`),
    el("ul", {}, broken.map((v) => el("li", { "data-test": "broken-rule", "data-rule": v.rule },
      v.where ? `${v.where}: ` : "", v.message, " ", el("span", { class: "rule" }, `(${v.rule}${v.name ? `, ${v.name}` : ""})`)))),
  ]));
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

// Seats (a table where each player follows on their own phone): the host's phone shows each
// seat's link and QR code (asked once: only the host may have them); a seat's phone says whose.
const seatsBox = $("seats");
let seatLinks = null;

async function drawSeats() {
  const seats = table.seats;
  seatsBox.hidden = !seats;
  if (!seats) return;
  const me = seats.seat ? el("p", { "data-test": "seat-me", "data-seat": seats.seat }, "This phone is ",
    el("strong", {}, el("bdi", {}, seats.seat)), "'s seat: only you see your cards here.") : null;
  if (!seats.host) {
    seatsBox.replaceChildren(me || el("p", { class: "muted" }, "The shared view: each player follows on their own phone (their seat link)."));
    return;
  }
  if (seatLinks === null) {
    seatLinks = [];
    try { seatLinks = (await request(`/api/tables/${id}/seats`)).seats; } catch (error) { seatLinks = null; showBanner(banner, error); return; }
  }
  if (seatsBox.querySelector("details")) return; // drawn once: the links never change
  seatsBox.replaceChildren(...(me ? [me] : []), el("details", { "data-test": "seat-links", open: table.moves.length === 0 },
    el("summary", {}, "Seat links: each player scans theirs"),
    el("ul", { class: "seat-list", style: { listStyle: "none", padding: "0", display: "flex", flexWrap: "wrap", gap: "12px" } },
      seatLinks.map((s) => el("li", { "data-test": "seat", "data-seat": s.seat,
        style: { display: "flex", flexDirection: "column", alignItems: "center", gap: "4px" } },
      el("strong", {}, el("bdi", {}, s.seat)),
      el("img", { "data-test": "seat-qr", alt: `QR code of ${s.seat}'s seat link`, width: 180, height: 180,
        src: `data:image/svg+xml,${encodeURIComponent(s.svg)}` }),
      el("a", { "data-test": "seat-link", href: s.url, target: "_blank", rel: "noreferrer" }, "link"))))));
}

function draw() {
  drawOutcome();
  drawWarning();
  drawTotals();
  drawSeats();
  drawReport();
  undoButton.disabled = table.moves.length === 0 || table.locked;
  undoButton.title = table.last_move ? `Undo: ${table.last_move.text}` : "";
  // A table with seats whose record holds a secret now (hands mid-round) exports nothing yet.
  if (table.secret) exportLink.setAttribute("aria-disabled", "true");
  else exportLink.removeAttribute("aria-disabled");
  undoneNote.hidden = !table.undone || table.locked;
  undoneText.textContent = table.undone ? `Undone: ${table.undone.text}` : "";
  lockedNote.hidden = !table.locked;
  body.dataset.locked = String(Boolean(table.locked));
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
  if ((error.status === 409 || error.status === 423) && error.table) setTable(error.table);
  // A second tap on Undo for the version already undone: nothing more was undone, which is fine.
  if (error.already) showBanner(banner, error.message, "info");
  else showBanner(banner, error);
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

// Undo, redo and reopen name the version the page showed at the tap (not the one when the post
// goes out): a double tap undoes one move, the second tap is told "already undone".
async function change(what) {
  if (!table) return;
  const version = table.version;
  try {
    await enqueue(() => post(`/api/tables/${id}/${what}`, () => ({ version })));
  } catch (error) {
    draw();
  }
}

const undo = () => change("undo");

function askReopen() {
  const version = table.version;
  reopenDialog.returnValue = "";
  reopenDialog.onclose = () => {
    if (reopenDialog.returnValue !== "reopen" || table.version !== version) return;
    change("reopen");
  };
  reopenDialog.showModal();
}

async function poll() {
  for (;;) {
    try {
      const next = await request(`/api/tables/${id}?since=${table.version}`);
      if (!next.unchanged) setTable(next);
    } catch (error) {
      if (error.status === 404) { // deleted (from History): nothing more to follow
        showBanner(banner, "This table has been deleted.");
        return;
      }
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
  exportLink.addEventListener("click", (event) => {
    if (!table || !table.secret) return;
    event.preventDefault();
    showBanner(banner, "The record holds cards or choices the players keep secret until they are revealed "
      + "(such as at the end of a round): export it then.", "info");
  });
  redoButton.addEventListener("click", () => change("redo"));
  reopenButton.addEventListener("click", askReopen);
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
