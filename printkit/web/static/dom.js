// Small DOM helpers shared by the shell, the home page and the games' pages (ctx.el).

const SVG_NS = "http://www.w3.org/2000/svg";
const SVG_TAGS = new Set(["svg", "g", "path", "circle", "ellipse", "rect", "line", "polyline", "polygon",
  "text", "tspan", "defs", "use", "symbol", "clipPath", "marker", "pattern", "linearGradient", "stop"]);

// el(tag, attrs, ...children): attrs values that are functions and named on* become listeners
// (onclick -> "click"); true -> empty attribute; false/null/undefined -> left out; "style" may be
// an object; children: nodes, strings, numbers, arrays (flattened), null/false (skipped).
// "svg:tag" forces the SVG namespace (svg:title, svg:a); the usual SVG tags get it by themselves.
// A <use> of a sprite file (href "/games/x/icons.svg#id") points at the page's own copy of it.
export function el(tag, attrs = {}, ...children) {
  let node;
  if (tag.startsWith("svg:")) node = document.createElementNS(SVG_NS, tag.slice(4));
  else if (SVG_TAGS.has(tag)) node = document.createElementNS(SVG_NS, tag);
  else node = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs || {})) {
    if (value === false || value === null || value === undefined) continue;
    if (typeof value === "function" && key.startsWith("on")) node.addEventListener(key.slice(2).toLowerCase(), value);
    else if (key === "style" && typeof value === "object") Object.assign(node.style, value);
    else if (key === "href" && tag === "use") node.setAttribute(key, spriteRef(String(value)));
    else node.setAttribute(key, value === true ? "" : String(value));
  }
  append(node, children);
  return node;
}

// Sprite files, each fetched once and kept in the page, its ids prefixed: <use href="FILE#id">
// becomes <use href="#PREFIXid">, drawn once the copy is in (a <use> follows its id). Chromium
// would otherwise load the file as a document of its own for every <use> of it on every redraw
// (a page of hundreds of icons: thousands of load events a game, most of a phone's redraw time).
const sprites = new Map(); // file URL -> id prefix
let spritesAsked = 0;

function spriteRef(href) {
  const cut = href.indexOf("#");
  if (cut <= 0) return href; // an id of the page itself, or no fragment
  const url = href.slice(0, cut);
  if (!sprites.has(url)) {
    const prefix = `sprite${++spritesAsked}-`;
    sprites.set(url, prefix);
    keepSprite(url, prefix).catch(() => sprites.delete(url)); // the next redraw asks again
  }
  return `#${sprites.get(url)}${href.slice(cut + 1)}`;
}

async function keepSprite(url, prefix) {
  const response = await fetch(url, { credentials: "same-origin" });
  if (!response.ok) throw new Error(`${url}: ${response.status}`);
  const doc = new DOMParser().parseFromString(await response.text(), "image/svg+xml");
  const svg = doc.documentElement;
  if (svg.namespaceURI !== SVG_NS || svg.localName !== "svg") throw new Error(`${url}: not an SVG`);
  for (const e of svg.querySelectorAll("*")) {
    if (e.id) e.id = prefix + e.id;
    for (const a of e.attributes) { // its own references: href="#id" (xlink:href too), url(#id)
      if (a.localName === "href" && a.value.startsWith("#")) a.value = `#${prefix}${a.value.slice(1)}`;
      else if (a.value.includes("url(#")) a.value = a.value.replaceAll("url(#", `url(#${prefix}`);
    }
  }
  const kept = document.importNode(svg, true);
  kept.setAttribute("aria-hidden", "true");
  kept.dataset.sprite = url;
  Object.assign(kept.style, { position: "absolute", width: "0", height: "0", overflow: "hidden" });
  document.body.append(kept);
}

// A player's name as the page shows it: in its own <bdi>, so a right-to-left name (or a
// right-to-left mark in one) never reorders the text around it. bdiNames(text, names): the text
// with each of the names in it so isolated (a list for el's children).
export function bdi(text) {
  return el("bdi", {}, text);
}

export function bdiNames(text, names) {
  // a name as a report prints it too: its invisible marks as \uXXXX
  const printed = (n) => n.replace(/\p{Cf}/gu, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`);
  const known = [...new Set((names || []).flatMap((n) => [n, printed(n)]))].filter((n) => n).sort((a, b) => b.length - a.length);
  if (!known.length) return [text];
  const escaped = known.map((n) => n.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"));
  return String(text).split(new RegExp(`(${escaped.join("|")})`, "u")).map((part, i) => (i % 2 ? bdi(part) : part));
}

function append(node, children) {
  for (const child of children) {
    if (child === null || child === undefined || child === false) continue;
    if (Array.isArray(child)) append(node, child);
    else node.append(child instanceof Node ? child : String(child));
  }
}

// This browser's printkit_csrf cookie (the server sets it on the first answer), repeated in the
// X-Printkit-Csrf header of every change: the server refuses a change without it (docs/serve.md).
export function csrfToken() {
  const found = document.cookie.split(";").map((c) => c.trim()).find((c) => c.startsWith("printkit_csrf="));
  return found ? found.slice("printkit_csrf=".length) : "";
}

// The JSON of a fetch, or an error {status, message, violations, table}. Every request but a GET
// or HEAD carries the X-Printkit-Csrf header (the browser adds its Origin itself).
export async function request(url, options = {}) {
  let response;
  const method = (options.method || "GET").toUpperCase();
  const headers = new Headers(options.headers || {});
  if (method !== "GET" && method !== "HEAD") headers.set("X-Printkit-Csrf", csrfToken());
  try {
    response = await fetch(url, { credentials: "same-origin", ...options, headers });
  } catch (e) {
    throw { status: 0, message: "the server cannot be reached (is printkit serve still running?)", violations: [] };
  }
  let body = null;
  try { body = await response.json(); } catch (e) { body = null; }
  if (!response.ok) {
    throw { status: response.status, message: (body && body.error) || `error ${response.status}`,
      violations: (body && body.violations) || [], table: body && body.table, already: Boolean(body && body.already),
      what: body && body.what };
  }
  return body;
}

export function postJSON(url, data) {
  return request(url, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(data) });
}

// The banner: a refusal in a player's words (one line, then each rule broken: why, the rule's id
// and its short name; never the record's place, v.where, which is for the scorer's report).
export function showBanner(banner, error, kind = "error") {
  banner.replaceChildren();
  if (!error) { banner.hidden = true; return; }
  banner.dataset.kind = kind;
  const violations = (error && error.violations) || [];
  const message = !violations.length ? (typeof error === "string" ? error : error.message)
    : error.what ? [el("bdi", {}, error.what), " is not allowed:"] : "Not allowed:";
  banner.append(el("p", { "data-test": "banner-message" }, message));
  if (violations.length) {
    banner.append(el("ul", {}, violations.map((v) => el("li", { "data-test": "violation", "data-rule": v.rule },
      v.message, " ", el("span", { class: "rule" }, `(${v.rule}${v.name ? `, ${v.name}` : ""})`)))));
  }
  banner.append(el("button", { type: "button", class: "close", "data-test": "banner-close", "aria-label": "Close",
    onclick: () => showBanner(banner, null) }, "\u00d7"));
  banner.hidden = false;
}

// A draft kept on this phone (localStorage), so what is being typed survives a reload, the phone
// going to sleep and a server restart: draft(table, "deal:2").load(fallback) / .save(value) /
// .clear(). The key names the table by id and creation time (a new database reuses ids), so a
// draft never lands on another table. A draft is only this phone's: it is never sent anywhere.
export function draft(table, name) {
  const key = `printkit-draft:${table.id}:${table.created}:${name}`;
  return {
    load(fallback = null) {
      try {
        const kept = JSON.parse(localStorage.getItem(key) || "null");
        return kept === null ? fallback : kept;
      } catch (e) { return fallback; } // a broken draft is no draft
    },
    save(value) {
      try { localStorage.setItem(key, JSON.stringify(value)); } catch (e) { /* private mode: kept in the page only */ }
    },
    clear() {
      try { localStorage.removeItem(key); } catch (e) { /* private mode */ }
    },
  };
}
