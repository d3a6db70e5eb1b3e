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
- stable: the same box on two animation frames, asked only while an animation runs in the
  document (the pages have no transition or animation; without one nothing moves by itself);
- the hit test: ``document.elementFromPoint`` at its centre is the element or inside it (not
  covered by the toolbar, a banner, ...);
- optionally ``ready``: a CSS selector that must also match (e.g. the page's answer arrived).

After the input, the first ``click`` event the page gets (the one a tap makes, seen on the
window before any of the page's own handlers) must target the element or something inside it:
a tap or click that lands elsewhere, or brings no click, fails the test with one line naming
the element and what was hit.
"""

from __future__ import annotations

import time
from typing import Any

from playwright.sync_api import Error as PlaywrightError
from playwright.sync_api import Locator

#: The checks on the element (``el``), retried in the page for up to ``budget`` ms; then armed to
#: see the next click. Resolves to ``{x, y}`` (CSS pixels of the viewport) or ``{why}``; ``gone``
#: when the element left the document (the page redrew: the caller resolves the locator again).
_AIM = """async (el, { budget, ready, key }) => {
    const until = Date.now() + budget;
    const frame = () => new Promise((r) => requestAnimationFrame(() => r()));
    const name = (e) => e ? (e.dataset && e.dataset.test ? `[data-test="${e.dataset.test}"]` :
        e.tagName.toLowerCase() + (e.id ? '#' + e.id : '') + (e.className && typeof e.className === 'string' ?
        '.' + e.className.trim().split(/\\s+/).join('.') : '')) : 'nothing';
    const check = async () => {
        if (!el.isConnected) return { gone: true, why: 'not attached (the page redrew it)' };
        if (ready && !document.querySelector(ready)) return { why: `waiting for ${ready}` };
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
    while (got.why && !got.gone && Date.now() < until) {
        await new Promise((r) => setTimeout(r, 16));
        got = await check();
    }
    if (got.why) return got;
    globalThis[key] = new Promise((resolve) => {
        const done = (result) => { removeEventListener('click', seen, true); clearTimeout(late); resolve(result); };
        // the element, or a copy of it the page drew in its place meanwhile (the same subtree)
        const within = (t) => { for (let a = t; a; a = a.parentElement)
            if (a === el || (!el.isConnected && a.isEqualNode(el))) return true; return false; };
        const seen = (e) => done(within(e.target) ? 'ok' : `the click went to ${name(e.target)}` +
            (el.isConnected ? '' : ' (the element was redrawn)'));
        const late = setTimeout(() => done('no click came'), 5000);
        addEventListener('click', seen, true);
    });
    return { ...got, document: performance.timeOrigin };
}"""

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
    limit = _timeout_ms(target, timeout)
    deadline = time.monotonic() + limit / 1000
    why = "not attached"
    while (left := deadline - time.monotonic()) > 0:
        try:
            got: dict[str, Any] = target.evaluate(
                _AIM, {"budget": min(left * 1000, 1000), "ready": ready, "key": _KEY}, timeout=left * 1000)
        except PlaywrightError as e:
            if "Timeout" in type(e).__name__ or "Timeout" in str(e).split("\n")[0]:
                break
            if "strict mode violation" in str(e):
                raise AssertionError(f"{how} on {_named(target)}: {str(e).splitlines()[0]}") from None
            if "context was destroyed" in str(e) or "detached" in str(e):
                continue  # the page changed under the evaluation: resolve again
            raise
        if "why" not in got:
            return got["x"], got["y"], got["document"]
        why = got["why"]
    raise AssertionError(f"{how} on {_named(target)}: {why} after {limit / 1000:g} s")


def _timeout_ms(target: Locator, timeout: float | None) -> float:
    if timeout is not None:
        return timeout * 1000
    return float(getattr(target.page, "touch_timeout_ms", 10_000))


def _named(target: Locator) -> str:
    """The locator's selector (as Playwright's repr shows it)."""
    text = repr(target)
    return text[text.find("selector="):].removeprefix("selector=").rstrip(">") if "selector=" in text else text
