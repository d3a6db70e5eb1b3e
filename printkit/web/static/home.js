// The home page: tables in progress, a new-table form per game (built from its setup model's JSON
// Schema), and importing record files as a new table.
import { el, request, postJSON, showBanner, bdi } from "/static/dom.js";

const $ = (name) => document.querySelector(`[data-test="${name}"]`);
const banner = $("banner");

function resolve(schema, root) {
  if (schema && schema.$ref) {
    const name = schema.$ref.split("/").pop();
    return resolve({ ...((root.$defs || {})[name] || {}), ...schema, $ref: undefined }, root);
  }
  if (schema && (schema.anyOf || schema.oneOf)) {
    const options = (schema.anyOf || schema.oneOf).filter((s) => s.type !== "null");
    if (options.length === 1) return { ...resolve(options[0], root), title: schema.title, default: schema.default, optional: true };
  }
  if (schema && schema.allOf && schema.allOf.length === 1) return { ...resolve(schema.allOf[0], root), title: schema.title, default: schema.default };
  return schema || {};
}

function label(name, schema) {
  return schema.title || name.replace(/_/g, " ");
}

const isObject = (v) => v !== null && typeof v === "object" && !Array.isArray(v);

// One field of the form: [element, read() -> value or undefined].
function field(name, schema, required, root) {
  const test = `setup-${name}`;
  if (schema.enum) {
    const select = el("select", { name, "data-test": test },
      schema.enum.map((v) => el("option", { value: JSON.stringify(v), selected: v === schema.default }, String(v))));
    return [el("label", {}, label(name, schema), select), () => JSON.parse(select.value)];
  }
  if (schema.type === "boolean") {
    const box = el("input", { type: "checkbox", name, "data-test": test, checked: schema.default === true });
    return [el("label", { class: "check" }, box, label(name, schema)), () => box.checked];
  }
  if (schema.type === "array") {
    const items = resolve(schema.items || {}, root);
    if (items.type === "object" || items.properties) {
      // A list of objects named by one text (players {name, ...}): one box a name.
      const req = items.required || [];
      if (items.properties && items.properties.name && req.every((k) => k === "name")) return listField(name, schema, (v) => ({ name: v }));
      return jsonField(name, schema, required);
    }
    return listField(name, schema);
  }
  if (schema.type === "object" || isObject(schema.default)) {
    const values = resolve(schema.additionalProperties || {}, root);
    if (!schema.properties && (values.enum || ["string", "integer", "number"].includes(values.type))) {
      return mapField(name, schema, values, required);
    }
    return jsonField(name, schema, required);
  }
  const number = schema.type === "integer" || schema.type === "number";
  const input = el("input", {
    name, "data-test": test, type: number ? "number" : "text", inputmode: number ? "numeric" : null,
    min: schema.minimum ?? null, max: schema.maximum ?? null, step: schema.type === "integer" ? 1 : null,
    value: schema.default ?? "", required: required && schema.default === undefined,
  });
  const read = () => {
    if (input.value === "" && (schema.optional || !required)) return undefined;
    return number ? Number(input.value) : input.value;
  };
  return [el("label", {}, label(name, schema), input), read];
}

// A list of strings (players' names): one text box a name, add and remove.
function listField(name, schema, wrap = (v) => v) {
  const list = el("ol", { class: "names", "data-test": `setup-${name}` });
  const min = schema.minItems ?? 0, max = schema.maxItems ?? 12;
  const row = (value) => {
    const input = el("input", { type: "text", value, "aria-label": `${label(name, schema)} ${list.children.length + 1}`,
      "data-test": `setup-${name}-item` });
    const li = el("li", {}, input, el("button", { type: "button", class: "small", "aria-label": "Remove",
      onclick: () => { if (list.children.length > min) li.remove(); } }, "\u2212"));
    list.append(li);
  };
  const start = (Array.isArray(schema.default) ? schema.default : []).map((v) => (isObject(v) ? v.name ?? "" : v));
  for (let i = 0; i < Math.max(min, start.length); i++) row(start[i] ?? "");
  const add = el("button", { type: "button", "data-test": `setup-${name}-add`,
    onclick: () => { if (list.children.length < max) row(""); } }, "+ Add");
  const read = () => [...list.querySelectorAll("input")].map((i) => i.value.trim()).filter((v) => v !== "").map(wrap);
  return [el("fieldset", {}, el("legend", {}, label(name, schema)), list, add), read];
}

function hint(schema) {
  return schema.description ? el("span", { class: "muted hint" }, ` (${schema.description})`) : null;
}

// A mapping of names to simple values (player -> option): one line a pair, "name: value".
function mapField(name, schema, values, required) {
  const start = isObject(schema.default) ? Object.entries(schema.default).map(([k, v]) => `${k}: ${v}`).join("\n") : "";
  const box = el("textarea", { name, "data-test": `setup-${name}`, rows: 3, placeholder: "name: value, one a line" }, start);
  const number = values.type === "integer" || values.type === "number";
  const read = () => {
    const out = {};
    // "Ann: slacker" a line, or "Ann=slacker, Bo=picky" on one
    for (const line of box.value.split(/[\n,]/).map((l) => l.trim()).filter((l) => l)) {
      const at = Math.max(line.lastIndexOf(":"), line.lastIndexOf("="));
      if (at < 1) throw new Error(`${label(name, schema)}: "${line}" is not "name: value"`);
      const value = line.slice(at + 1).trim();
      out[line.slice(0, at).trim()] = number && value !== "" ? Number(value) : value;
    }
    return Object.keys(out).length || required ? out : undefined;
  };
  return [el("label", {}, label(name, schema), hint(schema), box), read];
}

// Anything else: the value as JSON text.
function jsonField(name, schema, required) {
  const start = schema.default === undefined || schema.default === null ? "" : JSON.stringify(schema.default);
  const box = el("textarea", { name, "data-test": `setup-${name}`, rows: 3, placeholder: "JSON" }, start);
  const read = () => {
    if (box.value.trim() === "") return required ? null : undefined;
    try { return JSON.parse(box.value); } catch (e) { throw new Error(`${label(name, schema)}: not JSON (${e.message})`); }
  };
  return [el("label", {}, label(name, schema), " (JSON)", box), read];
}

function gameForm(game) {
  const schema = game.setup;
  const required = new Set(schema.required || []);
  const fields = Object.entries(schema.properties || {}).map(([name, s]) => [name, ...field(name, resolve(s, schema), required.has(name), schema)]);
  // Seats: the browser that starts the table keeps the host key (a cookie) and shows the links.
  const seats = el("input", { type: "checkbox", name: "seats", "data-test": `seats-${game.name}` });
  const form = el("form", { class: "card", id: `new-${game.name}`, "data-test": `new-${game.name}` },
    el("h3", {}, game.title),
    fields.map(([, element]) => element),
    el("label", { class: "check" }, seats, " Each player on their own phone (a seat link and QR code each)"),
    el("button", { type: "submit", class: "primary", "data-test": `start-${game.name}` }, `Start ${game.title}`),
    // A game that reads photographed paper sheets (docs/serve.md, Score a paper sheet): its page,
    // and how to install what it needs when that is missing.
    game.paper ? el("p", {}, el("a", { class: "button", href: `/paper/${game.name}`, "data-test": `paper-${game.name}` },
      "Score a paper sheet"), game.paper.missing ? el("span", { class: "muted", "data-test": `paper-missing-${game.name}` },
      " needs printkit's scan extra: ", el("code", {}, "pip install 'printkit[scan]'")) : null) : null);
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    const setup = {};
    try {
      for (const [name, , read] of fields) {
        const value = read();
        if (value !== undefined) setup[name] = value;
      }
      const table = await postJSON("/api/tables", { game: game.name, setup, ...(seats.checked ? { seats: true } : {}) });
      location.href = `/t/${table.id}`;
    } catch (error) {
      showBanner(banner, error);
    }
  });
  return form;
}

function tableItem(t) {
  // points earned so far (end-of-game bonuses count once the game has ended)
  const who = (t.players || []).map((p, i) => [i ? ", " : "", bdi(p.name), " ",
    el("span", { class: "num" }, String(t.over || p.so_far === undefined ? p.total : p.so_far))]);
  return el("li", { "data-test": "table-item" },
    el("a", { href: `/t/${t.id}`, class: "button block" },
      el("strong", {}, `${t.title || t.game} #${t.id}`), " ",
      t.broken ? el("span", { class: "finished-mark", "data-test": "broken" }, "rules broken") : null, t.broken ? " " : null,
      el("span", { class: "muted" }, t.error ? t.error : [`${t.moves} moves \u00b7 `, who])));
}

async function importFiles(event, games) {
  event.preventDefault();
  const form = event.target;
  const picked = [...form.querySelector("input[type=file]").files];
  if (!picked.length) { showBanner(banner, "pick one or more record files first"); return; }
  const files = await Promise.all(picked.map(async (f) => ({ name: f.name, text: await f.text() })));
  try {
    const table = await postJSON("/api/import", { game: form.elements.game.value, files });
    location.href = `/t/${table.id}`;
  } catch (error) {
    showBanner(banner, error);
  }
}

async function main() {
  let games = [], tables = [];
  try {
    [games, tables] = await Promise.all([request("/api/games"), request("/api/tables?finished=0")]);
  } catch (error) {
    showBanner(banner, error);
    return;
  }
  $("tables").replaceChildren(...(tables.length ? tables.map(tableItem) : [el("li", { class: "muted" }, "None yet.")]));
  // A row of the games first (one tap to a game's form), then the forms.
  const picker = el("nav", { class: "row", "aria-label": "Games", "data-test": "game-picker" },
    games.map((g) => el("a", { class: "button", href: `#new-${g.name}`, "data-test": `pick-${g.name}` }, g.title)));
  $("games").replaceChildren(picker, ...games.map(gameForm));
  $("import-game").replaceChildren(...games.map((g) => el("option", { value: g.name }, g.title)));
  $("import-form").addEventListener("submit", (event) => importFiles(event, games));
}

main();
