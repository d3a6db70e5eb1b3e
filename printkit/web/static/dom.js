// Small DOM helpers shared by the shell, the home page and the games' pages (ctx.el).

const SVG_NS = "http://www.w3.org/2000/svg";
const SVG_TAGS = new Set(["svg", "g", "path", "circle", "ellipse", "rect", "line", "polyline", "polygon",
  "text", "tspan", "defs", "use", "symbol", "clipPath", "marker", "pattern", "linearGradient", "stop"]);

// el(tag, attrs, ...children): attrs values that are functions and named on* become listeners
// (onclick -> "click"); true -> empty attribute; false/null/undefined -> left out; "style" may be
// an object; children: nodes, strings, numbers, arrays (flattened), null/false (skipped).
// "svg:tag" forces the SVG namespace (svg:title, svg:a); the usual SVG tags get it by themselves.
export function el(tag, attrs = {}, ...children) {
  let node;
  if (tag.startsWith("svg:")) node = document.createElementNS(SVG_NS, tag.slice(4));
  else if (SVG_TAGS.has(tag)) node = document.createElementNS(SVG_NS, tag);
  else node = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs || {})) {
    if (value === false || value === null || value === undefined) continue;
    if (typeof value === "function" && key.startsWith("on")) node.addEventListener(key.slice(2).toLowerCase(), value);
    else if (key === "style" && typeof value === "object") Object.assign(node.style, value);
    else node.setAttribute(key, value === true ? "" : String(value));
  }
  append(node, children);
  return node;
}

function append(node, children) {
  for (const child of children) {
    if (child === null || child === undefined || child === false) continue;
    if (Array.isArray(child)) append(node, child);
    else node.append(child instanceof Node ? child : String(child));
  }
}

// The JSON of a fetch, or an error {status, message, violations, table}.
export async function request(url, options = {}) {
  let response;
  try {
    response = await fetch(url, { credentials: "same-origin", ...options });
  } catch (e) {
    throw { status: 0, message: "the server cannot be reached (is printkit serve still running?)", violations: [] };
  }
  let body = null;
  try { body = await response.json(); } catch (e) { body = null; }
  if (!response.ok) {
    throw { status: response.status, message: (body && body.error) || `error ${response.status}`,
      violations: (body && body.violations) || [], table: body && body.table };
  }
  return body;
}

export function postJSON(url, data) {
  return request(url, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(data) });
}

// The banner: a refusal in the scorer's words (one line, then each rule broken).
export function showBanner(banner, error, kind = "error") {
  banner.replaceChildren();
  if (!error) { banner.hidden = true; return; }
  banner.dataset.kind = kind;
  const violations = (error && error.violations) || [];
  const message = violations.length ? "Refused by the rules:" : (typeof error === "string" ? error : error.message);
  banner.append(el("p", { "data-test": "banner-message" }, message));
  if (violations.length) {
    banner.append(el("ul", {}, violations.map((v) => el("li", { "data-test": "violation", "data-rule": v.rule },
      el("strong", {}, v.where ? `${v.where}: ` : ""), v.message, " ", el("span", { class: "rule" }, `[${v.rule}]`)))));
  }
  banner.append(el("button", { type: "button", class: "close", "data-test": "banner-close", "aria-label": "Close",
    onclick: () => showBanner(banner, null) }, "\u00d7"));
  banner.hidden = false;
}
