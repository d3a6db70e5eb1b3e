"""Phone layout, measured (issue 25, item 7): at 390 x 844 and at 320 x 640, on every page (home
with its new-table forms, history, and every registered game's table page at its start, mid-game
and at its end), every text a player reads is at least 14 px, no word is broken over two lines
(a number such as ``10/10`` is a word), nothing is cut off or reaches past the screen's right
edge, nothing scrolls sideways, and every player's name stands in its own ``<bdi>`` (a
right-to-left mark in a name must not reorder the text after it).

The players have long names (the longest each game allows), one of them right-to-left with a
right-to-left mark when the game takes it. Each game's tables come from its own example records
with the players renamed (imported, then replayed in part through the move API), so the core's
test names no game. One browser page, resized; one evaluation measures a page state."""

from __future__ import annotations

import itertools
import json
import re

from tests.web.conftest import http, ROOT

SIZES = [{"width": 390, "height": 844}, {"width": 320, "height": 640}]
#: Long names, longest first: the first of the list that a game takes (its longest name), then
#: the same without the right-to-left mark (a game that refuses format characters in a name).
LONGEST = ["Maria-Fernanda de los Santos Albuquerque", "Maria-Fernanda dos Anjos"]
OTHERS = ["\u05e9\u05e8\u05d4 \u05d1\u05ea \u05d0\u05d1\u05e8\u05d4\u05dd \u05db\u05d4\u05df\u200f",
          "Jean-Baptiste Okonkwo", "Ngozi Adeyemi", "Li Wei", "Olu Bello"]

#: Once the page has settled (its style sheets, fonts, no change to the DOM for 50 ms, two frames),
#: every text node measured at the phone's width W: the findings, one line each (none: the page passes).
_MEASURE = r"""async ([names, W]) => {
    const loaded = (l) => l.sheet || new Promise((r) => { l.addEventListener('load', r); l.addEventListener('error', r); });
    const frames = () => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
    const until = Date.now() + 5000;
    for (;;) {  // a game's page adds its style sheet when it first draws: wait for it too
        await Promise.all([...document.querySelectorAll('link[rel=stylesheet]')].map(loaded));
        await document.fonts.ready;
        let changed = false;
        const watch = new MutationObserver(() => { changed = true; });
        watch.observe(document.body, { subtree: true, childList: true, attributes: true, characterData: true });
        await new Promise((r) => setTimeout(r, 50));
        await frames();
        watch.disconnect();
        if (!changed || Date.now() > until) break;
    }
    const found = [];
    const where = (e) => {
        const t = e.closest('[data-test]');
        return `${e.tagName.toLowerCase()}${e.className && typeof e.className === 'string' ? '.' + e.className.trim().split(/\s+/).join('.') : ''}`
            + (t && t !== e ? ` in [data-test=${t.dataset.test}]` : '');
    };
    const say = (what, e, text) => { if (found.length < 60) found.push(`${what}: ${where(e)} "${text.trim().slice(0, 40)}"`); };
    const shown = (e) => e.getClientRects().length > 0 && getComputedStyle(e).visibility === 'visible';
    // clipped by a scroll box of its own (a board that scrolls): measured as that box
    const inScroller = (e) => {
        for (let a = e.parentElement; a && a !== document.body; a = a.parentElement) {
            const o = getComputedStyle(a).overflowX;
            if (o === 'auto' || o === 'scroll') return true;
        }
        return false;
    };
    if (document.scrollingElement.scrollWidth > W) found.push(`the page scrolls sideways: ${document.scrollingElement.scrollWidth} > ${W}`);
    for (const e of document.body.querySelectorAll('*')) {
        if (!shown(e) || e.closest('[aria-hidden=true], [data-sprite]')) continue;
        const s = getComputedStyle(e);
        if (['hidden', 'clip'].includes(s.overflowX) && e.scrollWidth > e.clientWidth + 1 && e.textContent.trim())
            say(`cut off (${e.scrollWidth} > ${e.clientWidth})`, e, e.textContent);
        const box = e.getBoundingClientRect();
        if (box.width && (box.right > W + 0.5 || box.left < -0.5) && !inScroller(e)) say(`past the screen's edge (${Math.round(box.left)}..${Math.round(box.right)} of ${W})`, e, e.textContent);
    }
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const text = node.data;
        const e = node.parentElement;
        if (!text.trim() || !e || e.closest('script, style, option, title, textarea, [aria-hidden=true], [data-sprite]')) continue;
        if (!shown(e)) continue;
        const s = getComputedStyle(e);
        let size = parseFloat(s.fontSize);
        if (e instanceof SVGElement) { // the drawing's scale: the size a player reads
            const m = e.getScreenCTM();
            if (m) size *= Math.sqrt(Math.abs(m.a * m.d - m.b * m.c));
        }
        if (size < 13.95) say(`${size.toFixed(1)} px`, e, text);
        if (!(e instanceof SVGElement)) {
            let block = e;  // the box the text is laid out in (an inline's is its block's)
            while (block.parentElement && getComputedStyle(block).display.startsWith('inline') && !getComputedStyle(block).display.includes('-')) block = block.parentElement;
            const inside = block.getBoundingClientRect();
            // each word (split at spaces, and after a hyphen) on one line: one box, inside its block
            for (const m of text.matchAll(/-?[^\s\u00a0-]+-?|-/g)) {
                const range = document.createRange();
                range.setStart(node, m.index);
                range.setEnd(node, m.index + m[0].length);
                // its boxes on more than one line (boxes side by side on a line: runs of two directions)
                const tops = [...range.getClientRects()].filter((r) => r.width > 0.5).map((r) => [r.top, r.bottom]).sort((a, b) => a[0] - b[0]);
                const lines = tops.filter((r, i) => i === 0 || r[0] >= tops[i - 1][1] - 1).length;
                if (lines > 1) say(`"${m[0]}" broken over ${lines} lines`, e, text);
                if (tops.length && ([...range.getClientRects()].some((r) => r.width > 0.5 && (r.left < inside.left - 1 || r.right > inside.right + 1))))
                    say(`"${m[0]}" spills out of its box`, e, text);
            }
        }
        for (const name of names) {
            if (!text.includes(name)) continue;
            const isolated = e.tagName === 'BDI' || /isolate|plaintext/.test(s.unicodeBidi);
            if (text.trim() !== name || !isolated) say(`a name not in its own <bdi>`, e, text);
        }
    }
    return found;
}"""


def _renamed(text: str, names: dict[str, str], *, json_text: bool = False) -> str:
    pattern = re.compile(r"\b(" + "|".join(map(re.escape, sorted(names, key=len, reverse=True))) + r")\b")
    return pattern.sub(lambda m: json.dumps(names[m[1]])[1:-1] if json_text else names[m[1]], text)


def _tables(base: str, probe) -> tuple[dict[str, list[tuple[str, int]]], list[str]]:
    """Per game, (phase, table id) for its start, mid-game and end, its players renamed; the names."""
    out: dict[str, list[tuple[str, int]]] = {}
    used: set[str] = set()
    for game in http.get(base + "/api/games").json():
        name = game["name"]
        if not (ROOT / "examples" / name).is_dir():
            continue  # the tests' own game (Nim), when another module registered it
        chosen = None
        for path in sorted((ROOT / "examples" / name).glob("*.yaml")):
            r = probe.post("/api/import", json={"game": name, "files": [
                {"name": path.name, "text": path.read_text(encoding="utf-8")}]})
            # a finished game, the shortest (the history replays each game move by move)
            if r.status_code == 201 and (chosen is None or (r.json()["over"], -len(r.json()["moves"]))
                                         > (chosen[1]["over"], -len(chosen[1]["moves"]))):
                chosen = (path, r.json())
        assert chosen, name
        path, original = chosen
        players = original["players"]
        done = None
        # every player renamed, else all but the last (a player of the game's own: a robot)
        for longest, mark, cut in itertools.product(LONGEST, (True, False), (len(players), len(players) - 1)):
            if not done:
                others = [n if mark else n.replace("\u200f", "") for n in OTHERS]
                names = dict(zip(players[:cut], [longest, *others], strict=False))
                text = _renamed(path.read_text(encoding="utf-8"), names)
                r = http.post(base + "/api/import", json={"game": name, "files": [{"name": path.name, "text": text}]},
                              timeout=60)
                if r.status_code == 201:
                    done = r.json()
        assert done, f"{name}: no long name taken ({r.text})"
        used.update(n for n in done["players"] if len(n) >= 10)
        start, mid = (http.post(base + "/api/tables", json={"game": name, "setup": done["setup"]}).json() for _ in "ab")
        for move in done["moves"][:min(len(done["moves"]) // 2, 24)]:
            r = http.post(f"{base}/api/tables/{mid['id']}/moves", json={"version": mid["version"], "move": move})
            assert r.status_code == 200, r.text
            mid = r.json()
        out[name] = [("start", start["id"]), ("mid", mid["id"]), ("end", done["id"])]
    return out, sorted(used)


def test_every_page_fits_a_phone_word_by_word(live_server, client, page, shot):
    tables, names = _tables(live_server, client)  # the examples tried on a server of their own
    assert set(tables) == {p.name for p in (ROOT / "examples").iterdir() if p.is_dir()}
    assert len(names) >= 2 and any("\u05e9" in n for n in names)
    pages = [("home", "/", '[data-test="table-item"]'), ("history", "/history", '[data-test="stats"]')]
    for game, phases in sorted(tables.items()):
        pages += [(f"{game}-{phase}", f"/t/{tid}", "body[data-version]") for phase, tid in phases]
    failures = []
    for size in SIZES:
        page.set_viewport_size(size)
        for label, url, ready in pages:
            page.goto(live_server + url)
            page.locator(ready).first.wait_for(state="attached")
            # the phone's width (a phone's browser zooms out to a page wider than it: innerWidth grows)
            found = page.evaluate(_MEASURE, [names, size["width"]])
            failures += [f"{label} at {size['width']} px: {f}" for f in found]
            shot(page, f"layout-{size['width']}-{label}")
    assert page.js_errors == []
    assert not failures, "\n".join(failures)
