"""Taps and clicks for the browser tests: real input (``page.touchscreen.tap`` / ``page.mouse.click``
at the element's centre, through Chromium's input pipeline), after the checks that matter done in
one evaluation on the element, then a check that the click reached it.

Playwright's ``locator.tap()`` costs ~50 ms a tap even with nothing to wait for (its checks: a
round trip each, and two animation frames for "stable"); these cost one evaluation before the
input and one after (~1 ms each), plus the input itself. The checks, retried until true or the
timeout (the page's default, 10 s), as Playwright's actionability does:

- attached: the locator resolves to exactly one element (its strictness), still in the document;
- visible: a box of non-zero size and ``visibility: visible``;
- enabled: not ``:disabled`` (a disabled control or one in a disabled fieldset), no
  ``aria-disabled="true"`` on it or around it;
- scrolled into view (to the viewport's centre, at once) when any part of it is outside, or
  when something covers its centre (the fixed toolbar at the bottom of a phone's screen);
- stable: the page's style sheets loaded and no font loading (a game's page adds its style
  sheet at its first draw: the layout moves when it comes), and the same box on two animation
  frames while an animation runs in the document (the pages have none; without these nothing
  moves by itself, so Playwright's two frames a tap are not waited);
- the hit test: ``document.elementFromPoint`` at its centre is the element or inside it (not
  covered by the toolbar, a banner, ...);
- optionally ``ready``: a CSS selector that must also match (e.g. the page's answer arrived).

After the input, the first ``click`` event the page gets (the one a tap makes, judged as it
reaches the window, before the page's own handlers) must target the element, something inside
it, or an identical copy the page drew in its place meanwhile: a tap or click that lands
elsewhere, or brings no click, fails the test with one line naming the element and what was
hit. The answer comes once the page's handlers have run, so the test's next look sees what the
click did. (A click that takes the browser to another page is not looked at after it.)
"""

from __future__ import annotations

import time
from typing import Any

from playwright.sync_api import Error as PlaywrightError
from playwright.sync_api import Locator

#: The checks on the element ``find()`` gives (an element, or why there is none), retried in the
#: page for up to ``budget`` ms; then armed to see the next click. Resolves to ``{x, y, document}``
#: (CSS pixels of the viewport; the document's time origin) or ``{why}``, with ``gone`` when a
#: located element left the document (the page redrew: the caller resolves the locator again).
_AIM = """async (find, { budget, ready, key }) => {
    const until = Date.now() + budget;
    const frame = () => new Promise((r) => requestAnimationFrame(() => r()));
    const name = (e) => e ? (e.dataset && e.dataset.test ? `[data-test="${e.dataset.test}"]` :
        e.tagName.toLowerCase() + (e.id ? '#' + e.id : '') + (e.className && typeof e.className === 'string' ?
        '.' + e.className.trim().split(/\\s+/).join('.') : '')) : 'nothing';
    let el = null;
    const check = async () => {
        el = find();
        if (typeof el === 'string') return { why: el, strict: el.includes('strict') };
        if (el.notCss) return { why: 'not a CSS selector', notCss: true };
        if (!el.isConnected) return { gone: true, why: 'not attached (the page redrew it)' };
        if (ready && !document.querySelector(ready)) return { why: `waiting for ${ready}` };
        // what moves the page by itself after a draw: a style sheet (a game's page adds its own at
        // its first draw) or a font still loading
        const sheet = [...document.querySelectorAll('link[rel=stylesheet]')].find((l) => !l.sheet);
        if (sheet) return { why: `the page's style sheet ${sheet.getAttribute('href')} is not loaded` };
        if (document.fonts.status === 'loading') return { why: "the page's fonts are loading" };
        let r = el.getBoundingClientRect();
        if (!(r.width > 0 && r.height > 0) || getComputedStyle(el).visibility !== 'visible')
            return { why: 'not visible' };
        if (el.matches(':disabled') || el.closest('[aria-disabled="true"]')) return { why: 'disabled' };
        const vw = document.documentElement.clientWidth, vh = document.documentElement.clientHeight;
        const centre = () => {
            el.scrollIntoView({ block: 'center', inline: 'center', behavior: 'instant' });
            r = el.getBoundingClientRect();
        };
        if (r.left < 0 || r.top < 0 || r.right > vw || r.bottom > vh) centre();
        if (document.getAnimations().some((a) => a.playState === 'running')) {
            await frame();
            const s = el.getBoundingClientRect();
            if (s.x !== r.x || s.y !== r.y || s.width !== r.width || s.height !== r.height)
                return { why: 'not stable (moving)' };
        }
        const middle = () => [Math.min(Math.max((Math.max(r.left, 0) + Math.min(r.right, vw)) / 2, 0), vw - 1),
                              Math.min(Math.max((Math.max(r.top, 0) + Math.min(r.bottom, vh)) / 2, 0), vh - 1)];
        const reached = ([x, y]) => { const hit = document.elementFromPoint(x, y); return hit && (hit === el || el.contains(hit)); };
        let [x, y] = middle();
        if (!reached([x, y])) {  // covered (a fixed toolbar?): once more from the viewport's centre
            centre();
            [x, y] = middle();
            if (!reached([x, y]))
                return { why: `covered at its centre (${Math.round(x)}, ${Math.round(y)}) by ${name(document.elementFromPoint(x, y))}` };
        }
        return { x, y };
    };
    let got = await check();
    while (got.why && !got.gone && !got.strict && !got.notCss && Date.now() < until) {
        await new Promise((r) => setTimeout(r, 16));
        got = await check();
    }
    if (got.why) return got;
    globalThis[key] = new Promise((resolve) => {
        // the element, or a copy of it the page drew in its place meanwhile (the same subtree)
        const within = (t) => { for (let a = t; a; a = a.parentElement)
            if (a === el || (!el.isConnected && a.isEqualNode(el))) return true; return false; };
        let result = null;
        const done = () => {
            removeEventListener('click', seen, true);
            removeEventListener('click', after);
            clearTimeout(late);
            resolve(result || 'no click came');
        };
        // judged as it reaches the window (before the page's handlers), answered once they have
        // run (as it leaves the window): the caller's next look must see what the click did. (An
        // evaluation can run in the middle of the page's script; a task later would wait a frame.)
        const seen = (e) => {
            removeEventListener('click', seen, true);
            result = within(e.target) ? 'ok' : `the click went to ${name(e.target)}` +
                (el.isConnected ? '' : ' (the element was redrawn)');
            clearTimeout(late);
            late = setTimeout(done, 0);  // should a handler stop the click on its way
        };
        const after = () => done();
        let late = setTimeout(done, 5000);
        addEventListener('click', seen, true);
        addEventListener('click', after);
    });
    return { ...got, document: performance.timeOrigin };
}"""

#: On a located element (``locator.evaluate``: Playwright resolves the locator, strictly).
_AIM_LOCATED = "async (el, arg) => (" + _AIM + ")(() => el, arg)"

#: On a plain CSS selector, optionally its ``nth`` match (``page.evaluate``: one round trip less
#: than a locator's; found again at every try, so a redraw needs no new evaluation). Strict as a
#: locator: without ``nth``, more than one match fails.
_AIM_CSS = "async (arg) => (" + _AIM + """)(() => {
    let all;
    try { all = document.querySelectorAll(arg.css); } catch (e) { return { notCss: true }; }
    if (arg.nth === null && all.length > 1) return `${all.length} elements match (strict)`;
    const el = all[arg.nth === null ? 0 : arg.nth < 0 ? all.length + arg.nth : arg.nth];
    return el || 'not attached';
}, arg)"""

#: After the input: what the armed listener saw (waits for the click, up to 5 s).
_CONFIRM = """async (key) => {
    const p = globalThis[key];
    delete globalThis[key];
    return { seen: p ? await p : null, document: performance.timeOrigin };
}"""

_KEY = "__printkit_touch"


def tap(target: Locator, *, ready: str | None = None, timeout: float | None = None) -> None:
    """A real tap (touch start and end at the element's centre) after the checks above."""
    _act(target, "tap", ready, timeout)


def click(target: Locator, *, ready: str | None = None, timeout: float | None = None) -> None:
    """A real mouse click at the element's centre after the checks above."""
    _act(target, "click", ready, timeout)


def _act(target: Locator, how: str, ready: str | None, timeout: float | None) -> None:
    page = target.page
    x, y, document = _aim(target, how, ready, timeout)
    if how == "tap":
        page.touchscreen.tap(x, y)
    else:
        page.mouse.click(x, y)
    try:
        after = page.evaluate(_CONFIRM, _KEY)
    except PlaywrightError as e:  # the click started a navigation that replaced the document
        if "context was destroyed" not in str(e) and "navigat" not in str(e):
            raise
        return
    if after["document"] != document:
        return  # a new document: the click reached a link or form that left the page
    if after["seen"] != "ok":
        raise AssertionError(f"{how} on {_named(target)} at ({x:.0f}, {y:.0f}): {after['seen'] or 'not seen'}")


def _aim(target: Locator, how: str, ready: str | None, timeout: float | None) -> tuple[float, float, float]:
    """The point to act at, once every check holds (retried until ``timeout`` seconds), and the
    document it is in (its time origin)."""
    limit = (TIMEOUT if timeout is None else timeout) * 1000
    deadline = time.monotonic() + limit / 1000
    css = _plain_css(target)
    why = "not attached"
    while (left := deadline - time.monotonic()) > 0:
        arg = {"budget": min(left * 1000, 1000), "ready": ready, "key": _KEY}
        try:
            if css is not None:
                got: dict[str, Any] = target.page.evaluate(_AIM_CSS, {**arg, "css": css[0], "nth": css[1]})
            else:
                got = target.evaluate(_AIM_LOCATED, arg, timeout=left * 1000)
        except PlaywrightError as e:
            first = str(e).splitlines()[0] if str(e) else type(e).__name__
            if "Timeout" in type(e).__name__ or "Timeout" in first:
                break
            if "strict mode violation" in first:
                raise AssertionError(f"{how} on {_named(target)}: {first}") from None
            if "context was destroyed" in first or "detached" in first or "navigat" in first:
                continue  # the page changed under the evaluation: find it again
            raise
        if "why" not in got:
            return got["x"], got["y"], got["document"]
        why = got["why"]
        if got.get("notCss"):
            css = None  # a selector only Playwright reads: through the locator
        elif got.get("strict"):
            raise AssertionError(f"{how} on {_named(target)}: {why}")
    raise AssertionError(f"{how} on {_named(target)}: {why} after {limit / 1000:g} s")


def _plain_css(target: Locator) -> tuple[str, int | None] | None:
    """The locator's selector as a selector for ``querySelectorAll`` and which match (None: the
    only one), when it is that simple (``page.locator(css)``, ``.first``, ``.last``, ``.nth(i)``);
    else None. (What CSS cannot read, e.g. Playwright's ``:has-text``, is found by the page's
    querySelectorAll throwing: then the locator is used.)"""
    selector = getattr(getattr(target, "_impl_obj", None), "_selector", None)
    if not isinstance(selector, str):
        return None
    css, _, rest = selector.partition(" >> ")
    if not rest:
        return css, None
    if rest.startswith("nth=") and rest[4:].lstrip("-").isdigit():
        return css, int(rest[4:])
    return None


#: Seconds to wait for the checks to hold, unless told: the page fixture's default timeout.
TIMEOUT = 10.0


def _named(target: Locator) -> str:
    """The locator's selector (as Playwright's repr shows it)."""
    text = repr(target)
    return text[text.find("selector="):].removeprefix("selector=").rstrip(">") if "selector=" in text else text
