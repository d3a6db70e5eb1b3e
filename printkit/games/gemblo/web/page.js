// Gemblo at the table: the hex board to tap, the piece picker (turn, flip), the legal
// placements highlighted, passes, and the penalties. Every rule is the server's: this page
// only draws table.view (printkit/games/gemblo/web.py) and posts record moves
// {colour, piece, cells} or {colour, pass: true}. See docs/serve.md.

import { bdi, draft } from "/static/dom.js";

const SVGNS = "http://www.w3.org/2000/svg";
const S = 10;                    // hex circumradius in SVG units
const R3 = Math.sqrt(3);
const ZOOMS = [1, 1.6, 2.5, 4];  // board width as a multiple of the screen's
const ICON_SPAN = 6.5 * S;       // the picker's icons: one scale, a pentahex fits
const SYMBOLS = {                // the printed pieces' colour symbols (data.yaml), unit size
  circle: "M0,-0.5A0.5,0.5 0 1 1 0,0.5A0.5,0.5 0 1 1 0,-0.5Z",
  triangle: "M0,-0.55L0.5,0.35L-0.5,0.35Z",
  square: "M-0.42,-0.42H0.42V0.42H-0.42Z",
  diamond: "M0,-0.58L0.5,0L0,0.58L-0.5,0Z",
  star: "M0,-0.6L0.14,-0.19L0.57,-0.19L0.22,0.07L0.35,0.49L0,0.23L-0.35,0.49L-0.22,0.07L-0.57,-0.19L-0.14,-0.19Z",
  cross: "M-0.15,-0.5H0.15V-0.15H0.5V0.15H0.15V0.5H-0.15V0.15H-0.5V-0.15H-0.15Z",
};

// What this phone has chosen (kept across renders of the same turn).
const ui = { key: "", piece: null, orient: 0, anchor: null, zoom: 0, busy: false, note: "" };
let cssLoaded = false;


function loadCss() {
  if (cssLoaded) return;
  cssLoaded = true;
  const link = document.createElement("link");
  link.rel = "stylesheet";
  link.href = new URL("./page.css", import.meta.url).href;
  document.head.appendChild(link);
}

function h(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (v === null || v === undefined || v === false) continue;
    if (k.startsWith("on")) node.addEventListener(k.slice(2), v);
    else if (k === "text") node.textContent = v;
    else node.setAttribute(k, v === true ? "" : String(v));
  }
  for (const c of children.flat()) {
    if (c !== null && c !== undefined && c !== false) node.append(c);
  }
  return node;
}

function svg(tag, attrs = {}) {
  const node = document.createElementNS(SVGNS, tag);
  for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, String(v));
  return node;
}

const px = (q, r) => [1.5 * S * q, R3 * S * (r + q / 2)];
const key = (q, r) => `${q},${r}`;
const cap = (word) => word.charAt(0).toUpperCase() + word.slice(1);
const hexPoints = (q, r, s = S) => {
  const [x, y] = px(q, r);
  const out = [];
  for (let k = 0; k < 6; k++) {
    const a = (Math.PI / 3) * k;
    out.push(`${(x + s * Math.cos(a)).toFixed(2)},${(y + s * Math.sin(a)).toFixed(2)}`);
  }
  return out.join(" ");
};

function light(fill) {  // whether dark marks read better on this fill
  const n = parseInt(fill.slice(1), 16);
  const [r, g, b] = [(n >> 16) & 255, (n >> 8) & 255, n & 255];
  return 0.299 * r + 0.587 * g + 0.114 * b > 150;
}

function symbolPath(palette, colour, x, y, size) {
  const p = palette[colour];
  return svg("path", {
    d: SYMBOLS[p.symbol] || "", transform: `translate(${x.toFixed(2)},${y.toFixed(2)}) scale(${size})`,
    fill: light(p.fill) ? "#1a1a1a" : "#ffffff", "pointer-events": "none",
  });
}

// -- what the chosen piece may do ----------------------------------------------------------

function anchorsOf(view, piece, orient) {
  const flat = ((view.turn.legal[piece] || [])[orient]) || [];
  const out = [];
  for (let i = 0; i < flat.length; i += 2) out.push([flat[i], flat[i + 1]]);
  return out;
}

function cellsAt(view, piece, orient, anchor) {
  return view.pieces[piece].shapes[orient].map(([q, r]) => [anchor[0] + q, anchor[1] + r]);
}

function firstOrient(view, piece) {
  const per = view.turn.legal[piece] || [];
  const k = per.findIndex((a) => a.length > 0);
  return k < 0 ? 0 : k;
}

// The piece chosen, turned and placed before Place survives a reload, a phone that slept and a
// server restart: kept on this phone (dom.js draft, named by the table's version: the move it
// would be), cleared once posted or once the table has moved on.
let stored = null; // the draft of the version shown

function resetFor(table) {
  const k = `${table.id}:${table.version}`;
  if (ui.key === k) return;
  if (stored && ui.key.startsWith(`${table.id}:`)) stored.clear(); // that version is gone by
  ui.key = k;
  ui.piece = null;
  ui.anchor = null;
  ui.note = "";
  ui.busy = false;
  stored = draft(table, `move:${table.version}`);
  const d = stored.load(null);
  const view = table.view;
  if (!d || view.over || !view.turn.colour || view.turn.must_pass || !view.turn.legal[d.piece]) return;
  const orients = view.turn.legal[d.piece];
  if (!Number.isInteger(d.orient) || d.orient < 0 || d.orient >= orients.length) return;
  ui.piece = d.piece;
  ui.orient = d.orient;
  const a = Array.isArray(d.anchor) ? anchorsOf(view, d.piece, d.orient).find(([q, r]) => q === d.anchor[0] && r === d.anchor[1]) : null;
  ui.anchor = a || null;
}

function keep() {
  if (!stored) return;
  if (ui.piece && !ui.busy) stored.save({ piece: ui.piece, orient: ui.orient, anchor: ui.anchor });
  else if (!ui.piece) stored.clear();
}

// -- drawing -------------------------------------------------------------------------------

function turnBar(view, zoom) {
  const t = view.turn;
  if (view.over) {
    return h("div", { class: "gb-turn gb-over", "data-test": "gemblo-over" },
      h("div", { class: "gb-who" }, h("strong", { text: "Game over:" }),
        h("span", { text: " nobody can place a piece (GEM-7)." })), zoom);
  }
  const c = t.colour;
  const p = view.palette[c];
  const sw = svg("svg", { viewBox: "-1 -1 2 2", width: 28, height: 28, "aria-hidden": "true" });
  sw.append(svg("circle", { r: 0.95, fill: p.fill, stroke: "#1a1a1a", "stroke-width": 0.08 }),
    symbolPath(view.palette, c, 0, 0, 1.1));
  const left = view.penalties[c].unplaced.length;
  const who = view.owners[c] === c ? "" : [" (", bdi(view.owners[c]), ")"];
  return h("div", { class: "gb-turn", "data-test": "gemblo-turn", "data-colour": c },
    sw, h("div", { class: "gb-who" }, h("strong", { text: cap(c) }), h("span", {}, who, " to play"),
      h("div", { class: "gb-muted", text: `${left} piece${left === 1 ? "" : "s"} left` })), zoom);
}

function boardSvg(view, redraw) {
  let minX = Infinity, maxX = -Infinity, minY = Infinity, maxY = -Infinity;
  for (const [q, r] of view.area) {
    const [x, y] = px(q, r);
    minX = Math.min(minX, x); maxX = Math.max(maxX, x); minY = Math.min(minY, y); maxY = Math.max(maxY, y);
  }
  const pad = S * 1.2;
  const root = svg("svg", {
    class: "gb-board", viewBox: `${minX - pad} ${minY - pad} ${maxX - minX + 2 * pad} ${maxY - minY + 2 * pad}`,
    role: "img", "aria-label": "the board", "data-test": "gemblo-board",
  });
  // the cells, symbols, starts and last piece: the table's version decides them, so a tap that
  // only chooses a piece or a cell reuses them (the board's hundreds of nodes, built once a version)
  if (layers.key !== ui.key) layers = { key: ui.key, nodes: boardLayers(view) };
  root.append(...layers.nodes);
  if (ui.piece) root.append(highlights(view));
  root.addEventListener("click", (ev) => tap(ev, root, view, redraw));
  return root;
}

let layers = { key: null, nodes: [] };

function boardLayers(view) {
  const t = view.turn;
  const out = [];
  const covered = new Map(view.covered.map(([q, r, c]) => [key(q, r), c]));
  const allowed = new Set(t.starts.map(([q, r]) => key(q, r)));
  const cells = svg("g", { stroke: "#8a8a8a", "stroke-width": 0.8 });
  for (const [q, r] of view.area) {
    const c = covered.get(key(q, r));
    cells.append(svg("polygon", { points: hexPoints(q, r, S * 0.97), fill: c ? view.palette[c].fill : "#f7f7f2" }));
  }
  out.push(cells);
  const marks = svg("g", {});
  for (const [q, r, c] of view.covered) {
    const [x, y] = px(q, r);
    marks.append(symbolPath(view.palette, c, x, y, S * 0.8));
  }
  for (const s of view.starts) {
    if (covered.has(key(...s))) continue;
    const [x, y] = px(...s);
    const mine = allowed.has(key(...s));
    marks.append(svg("circle", {
      cx: x, cy: y, r: S * 0.55, fill: "none", "stroke-width": mine ? 2.4 : 1.4,
      stroke: mine ? view.palette[t.colour].fill : "#555", "stroke-dasharray": mine ? "" : "2 2",
    }));
  }
  out.push(marks);
  if (view.last.length) {
    const g = svg("g", { fill: "none", stroke: "#000", "stroke-width": 1.6 });
    for (const [q, r] of view.last) g.append(svg("polygon", { points: hexPoints(q, r, S * 0.8) }));
    out.push(g);
  }
  return out;
}

function highlights(view) {
  const g = svg("g", {});
  const fill = view.palette[view.turn.colour].fill;
  for (const [q, r] of anchorsOf(view, ui.piece, ui.orient)) {
    const [x, y] = px(q, r);
    g.append(svg("circle", {
      cx: x, cy: y, r: S * 0.5, fill, stroke: "#000", "stroke-width": 1.4,
      "data-test": `gemblo-anchor-${q},${r}`, class: "gb-anchor",
    }));
  }
  if (ui.anchor) {
    const pv = svg("g", { "data-test": "gemblo-preview", "data-anchor": key(...ui.anchor), "pointer-events": "none" });
    for (const [q, r] of cellsAt(view, ui.piece, ui.orient, ui.anchor)) {
      pv.append(svg("polygon", {
        points: hexPoints(q, r, S * 0.97), fill, "fill-opacity": 0.85, stroke: "#000", "stroke-width": 2.2,
        "stroke-dasharray": "4 2",
      }));
    }
    g.append(pv);
  }
  return g;
}

function tap(ev, root, view, redraw) {
  if (!ui.piece) return;
  const m = root.getScreenCTM();
  if (!m) return;
  const pt = new DOMPoint(ev.clientX, ev.clientY).matrixTransform(m.inverse());
  // The nearest legal anchor within a thumb's reach (22 screen px) or one cell.
  const reach = Math.max(S, 22 / m.a);
  let best = null, bestD = Infinity;
  for (const a of anchorsOf(view, ui.piece, ui.orient)) {
    const [x, y] = px(...a);
    const d = Math.hypot(x - pt.x, y - pt.y);
    if (d < bestD) { best = a; bestD = d; }
  }
  if (best && bestD <= reach) {
    ui.anchor = best;
    ui.note = "";
  } else {
    ui.note = "Tap one of the marked cells: each is where the piece's marked block can go.";
  }
  redraw();
}

function pieceIcon(view, piece, orient, fill, size = 40) {
  const shape = view.pieces[piece].shapes[orient];
  let minX = Infinity, maxX = -Infinity, minY = Infinity, maxY = -Infinity;
  for (const [q, r] of shape) {
    const [x, y] = px(q, r);
    minX = Math.min(minX, x); maxX = Math.max(maxX, x); minY = Math.min(minY, y); maxY = Math.max(maxY, y);
  }
  const span = Math.max(ICON_SPAN, maxX - minX + 2 * S, maxY - minY + 2 * S);  // one scale for all pieces
  const cx = (minX + maxX) / 2, cy = (minY + maxY) / 2;
  const root = svg("svg", {
    viewBox: `${cx - span / 2} ${cy - span / 2} ${span} ${span}`, width: size, height: size, "aria-hidden": "true",
  });
  for (const [q, r] of shape) {
    root.append(svg("polygon", { points: hexPoints(q, r, S * 0.95), fill, stroke: "#1a1a1a", "stroke-width": 1.2 }));
  }
  return root;
}

function picker(view, redraw) {
  const t = view.turn;
  const fill = view.palette[t.colour].fill;
  const playable = view.order.filter((p) => t.legal[p]);
  const buttons = playable.map((p) => h("button", {
    class: `gb-piece${ui.piece === p ? " gb-on" : ""}`, type: "button", "data-test": `gemblo-piece-${p}`,
    "aria-pressed": ui.piece === p ? "true" : "false", "aria-label": `piece ${p}`,
    onclick: () => {
      ui.piece = p; ui.orient = firstOrient(view, p); ui.anchor = null; ui.note = ""; redraw();
    },
  }, pieceIcon(view, p, firstOrient(view, p), fill, 34), h("span", { text: p })));
  return h("div", { class: "gb-pieces", "data-test": "gemblo-pieces" }, buttons);
}

function orientBar(view, ctx, redraw) {
  const t = view.turn;
  const fill = view.palette[t.colour].fill;
  const p = view.pieces[ui.piece];
  const spots = anchorsOf(view, ui.piece, ui.orient).length;
  const change = (k) => { ui.orient = k; ui.anchor = null; ui.note = ""; redraw(); };
  const icon = pieceIcon(view, ui.piece, ui.orient, fill, 60);
  // mark the anchor block (the one a tap puts on the marked cell)
  const [ax, ay] = px(0, 0);
  icon.append(svg("circle", { cx: ax, cy: ay, r: S * 0.35, fill: "#000", stroke: "#fff", "stroke-width": 1.5 }));
  const place = h("button", {
    class: "gb-go", type: "button", "data-test": "gemblo-place", disabled: !ui.anchor || ui.busy,
    onclick: () => play(view, ctx, redraw),
  }, ui.anchor ? `Place ${ui.piece}` : "Tap a cell");
  return h("div", { class: "gb-orient" },
    h("div", { class: "gb-chosen" }, icon,
      h("div", {},
        h("strong", { text: ui.piece }),
        h("div", { class: "gb-muted", "data-test": "gemblo-spots", text: spots
          ? `${spots} place${spots === 1 ? "" : "s"} this way round: tap a marked cell for the black dot`
          : "No room this way round: turn or flip it" }))),
    h("div", { class: "gb-row" },
      h("button", { class: "gb-btn", type: "button", "data-test": "gemblo-turn-piece", "aria-label": "turn the piece",
        onclick: () => change(p.turn[ui.orient]) }, "\u21bb Turn"),
      h("button", { class: "gb-btn", type: "button", "data-test": "gemblo-flip", "aria-label": "flip the piece",
        onclick: () => change(p.flip[ui.orient]) }, "\u21c4 Flip"),
      h("button", { class: "gb-btn", type: "button", "data-test": "gemblo-next", disabled: spots === 0,
        "aria-label": "the next place it fits", onclick: () => nextSpot(view, redraw) }, "Next"),
      place));
}

function nextSpot(view, redraw) {  // step through the legal places without aiming a tap
  const spots = anchorsOf(view, ui.piece, ui.orient);
  if (!spots.length) return;
  const at = ui.anchor ? spots.findIndex(([q, r]) => q === ui.anchor[0] && r === ui.anchor[1]) : -1;
  ui.anchor = spots[(at + 1) % spots.length];
  ui.note = "";
  redraw();
}

async function play(view, ctx, redraw) {
  if (!ui.anchor || ui.busy) return;
  const move = { colour: view.turn.colour, piece: ui.piece, cells: cellsAt(view, ui.piece, ui.orient, ui.anchor) };
  await send(ctx, move, redraw);
}

async function send(ctx, move, redraw) {
  ui.busy = true;
  redraw();
  try {
    await ctx.move(move);  // the shell re-renders with the new table
  } catch (e) {
    ui.busy = false;       // the shell shows the refusal in the scorer's words
    redraw();
  }
}

function passBar(view, ctx, redraw) {
  const c = view.turn.colour;
  return h("div", { class: "gb-pass" },
    h("p", { text: `${cap(c)} cannot place any piece: ${c} passes for the rest of the game (GEM-7).` }),
    h("button", { class: "gb-go", type: "button", "data-test": "gemblo-pass", disabled: ui.busy,
      onclick: () => send(ctx, { colour: c, pass: true }, redraw) }, `Pass (${c})`));
}

function penalties(view) {
  const rows = view.colours.map((c) => {
    const p = view.penalties[c];
    const sw = svg("svg", { viewBox: "-1 -1 2 2", width: 18, height: 18, "aria-hidden": "true" });
    sw.append(svg("circle", { r: 0.95, fill: view.palette[c].fill, stroke: "#1a1a1a", "stroke-width": 0.1 }),
      symbolPath(view.palette, c, 0, 0, 1.1));
    const state = c in view.passed ? "passed" : (view.over ? "" : (view.turn.colour === c ? "to play" : ""));
    const left = view.over && p.unplaced.length ? `${p.unplaced.length}: ${p.unplaced.join(" ")}` : String(p.unplaced.length);
    return h("tr", { "data-test": `gemblo-penalty-${c}` },
      h("td", {}, sw, ` ${cap(c)}`), h("td", {}, bdi(view.owners[c])),
      h("td", { "data-test": "gemblo-left", text: left }),
      h("td", { class: "gb-num", "data-test": "gemblo-penalty", text: String(p.penalty) }),
      h("td", { class: "gb-muted", text: state }));
  });
  return h("details", { class: "gb-pen", open: view.over ? true : null },
    h("summary", { text: view.over ? "Penalties: -1 a block of every unplaced piece" : "Pieces left and penalty so far" }),
    h("table", {},
      h("thead", {}, h("tr", {}, ["colour", "player", "pieces left", "penalty", ""].map((x) => h("th", { text: x })))),
      h("tbody", {}, rows)));
}

function zoomBar(redraw) {
  const z = (d) => { ui.zoom = Math.max(0, Math.min(ZOOMS.length - 1, ui.zoom + d)); redraw(); };
  return h("div", { class: "gb-zoom" },
    h("button", { class: "gb-btn", type: "button", "data-test": "gemblo-zoom-out", "aria-label": "zoom out",
      disabled: ui.zoom === 0, onclick: () => z(-1) }, "\u2212"),
    h("button", { class: "gb-btn", type: "button", "data-test": "gemblo-zoom-in", "aria-label": "zoom in",
      disabled: ui.zoom === ZOOMS.length - 1, onclick: () => z(1) }, "+"));
}

function scrollToChoice(wrap) {
  const target = wrap.querySelector('[data-test="gemblo-preview"]') || wrap.querySelector(".gb-anchor");
  if (!target || ui.zoom === 0) return;
  const b = target.getBoundingClientRect(), w = wrap.getBoundingClientRect();
  if (b.left < w.left || b.right > w.right || b.top < w.top || b.bottom > w.bottom) {
    wrap.scrollLeft += b.left - w.left - w.width / 2 + b.width / 2;
    wrap.scrollTop += b.top - w.top - w.height / 2 + b.height / 2;
  }
}

export function render(root, table, ctx) {
  loadCss();
  resetFor(table);
  const view = table.view;
  const old = root.querySelector(".gb-wrap");
  const scroll = old ? [old.scrollLeft, old.scrollTop] : null;
  const redraw = () => render(root, table, ctx);
  const wrap = h("div", { class: "gb-wrap" });
  const board = boardSvg(view, redraw);
  board.style.width = `${ZOOMS[ui.zoom] * 100}%`;
  wrap.append(board);
  const parts = [turnBar(view, zoomBar(redraw)), wrap];
  if (!view.over && view.turn.colour) {
    if (view.turn.must_pass) parts.push(passBar(view, ctx, redraw));
    else {
      if (ui.note) parts.push(h("p", { class: "gb-note", role: "status", text: ui.note }));
      if (ui.piece) parts.push(orientBar(view, ctx, redraw));
      else parts.push(h("p", { class: "gb-hint", text: "Choose a piece, then tap where it goes." }));
      parts.push(picker(view, redraw));
    }
  }
  parts.push(penalties(view));
  keep();
  root.replaceChildren(h("div", { class: "gb", "data-test": "gemblo-page", "data-version": table.version }, parts));
  if (scroll) [wrap.scrollLeft, wrap.scrollTop] = scroll;
  scrollToChoice(wrap);
}
