"""Score a paper Roll n Cook sheet in a real headless Chromium at phone size (390 x 844): a
generated phone photo of a filled sheet (tests/scan/photos.py, its ground truth known) uploaded
through the camera's file input, what was read drawn over the photo, the reads to confirm listed
by the sheet's sections (each with its count), one flagged read confirmed by taps, one section
taken as read by its "these are right", the rest taken as read, then the report: ``printkit score``'s for the record played,
and the table kept (in History). Screenshot: test-artifacts/screenshots/rollncook-paper.png."""

from __future__ import annotations

import json
import sys
from pathlib import Path

from tests.scan import photos
from tests.web import touch
from tests.web.apitools import COMMON, run_score
from tests.web.conftest import http


def tid(name: str) -> str:
    return f'[data-test="{name}"]'


def expected(value, kind: str) -> str:
    """A truth's mark as the fixer's button names it."""
    if kind in ("die", "more"):
        return value or "empty"
    if kind == "bullet":
        return value or "empty"
    return "yes" if value else "no"


def look(page, name: str, kind: str):
    """The list's button of read ``name``: its section opened first if it is closed (a long one)."""
    from printkit.games.rollncook.scanweb import section

    button = page.locator(f'{tid("paper-look")}[data-name="{name}"]')
    if button.count() == 0:
        touch.tap(page.locator(f'{tid("paper-group")}[data-section="{section(kind)}"] {tid("paper-group-open")}'))
    return button


def choose(page, value, kind: str) -> None:
    """In the open fixer, the truth's ``value``: a button, or a "more" box's number typed."""
    if kind == "more" and value:
        page.locator(tid("paper-set-number")).fill(value)
        touch.tap(page.locator(tid("paper-set-more")))
    else:
        touch.tap(page.locator(tid(f"paper-set-{expected(value, kind)}")))


def groups(page) -> dict[str, int]:
    return {g.get_attribute("data-section"): int(g.get_attribute("data-count"))
            for g in page.locator(tid("paper-group")).all()}


def test_a_photographed_sheet_is_read_confirmed_and_scored(live_server, page, shot, tmp_path: Path):
    shown = photos.photo(7, "a4", size=(1200, 1600), ppm=6)  # the page drawn at 6 px a mm: ~1 s less
    page.goto(f"{live_server}/paper/rollncook")
    page.wait_for_selector(tid("paper-camera"))
    camera = page.locator(tid("paper-photo"))
    assert (camera.get_attribute("accept"), camera.get_attribute("capture")) == ("image/*", "environment")
    camera.set_input_files({"name": "IMG_0007.jpg", "mimeType": "image/jpeg", "buffer": shown.jpeg})
    page.wait_for_selector(tid("paper-sheet"), timeout=30_000)
    assert page.locator(tid("paper-sheet")).get_attribute("data-sheet") == "RNC1-7"

    # every spot of the sheet drawn over the photo, where the reader read it, with its value
    spots = page.eval_on_selector_all(tid("paper-spot"), """gs => gs.map(g => ({name: g.dataset.name,
        value: g.dataset.value, look: g.dataset.look === "true", kind: g.getAttribute("class").split(" ")[1],
        box: (b => [b.x, b.y, b.x + b.width, b.y + b.height])(g.getBBox())}))""")
    from printkit.games.rollncook.spots import spots as sheet_spots

    assert sorted(s["name"] for s in spots) == sorted(s.name for s in sheet_spots("RNC1-7", "a4"))
    w, h = page.eval_on_selector(".reads", "s => [s.viewBox.baseVal.width, s.viewBox.baseVal.height]")
    assert all(0 <= s["box"][0] < s["box"][2] <= w and 0 <= s["box"][1] < s["box"][3] <= h for s in spots)
    # the sheet fills most of the photo, as it was taken
    span = [max(s["box"][2] for s in spots) - min(s["box"][0] for s in spots),
            max(s["box"][3] for s in spots) - min(s["box"][1] for s in spots)]
    assert max(span[0] / w, span[1] / h) > 0.6
    truth = shown.truth

    def right(s: dict) -> bool:
        want = truth.get(s["name"])
        return s["value"] == ((want or "") if s["kind"] in ("die", "bullet", "more") else str(bool(want)).lower())

    assert all(right(s) for s in spots if not s["look"])  # never a wrong read left unflagged
    flagged = [s for s in spots if s["look"]]
    todo = int(page.locator(tid("paper-todo")).get_attribute("data-count"))
    assert flagged and todo == len({s["name"].split(":", 1)[1] if s["kind"] == "die" else s["name"] for s in flagged})
    assert page.locator(tid("paper-score")).is_disabled()  # nothing is scored unconfirmed
    # listed by section, each with its count: the hours, tables, inventory rows, cookbook, abilities
    from printkit.games.rollncook.scanweb import section

    by_section: dict[str, int] = {}
    for s in flagged:
        by_section[section(s["kind"])] = by_section.get(section(s["kind"]), 0) + 1
    assert groups(page) == by_section and sum(by_section.values()) == todo

    # one flagged read confirmed by a tap, set to what the paper shows
    name = flagged[0]["name"]
    first = look(page, name, flagged[0]["kind"])
    touch.tap(first)
    fix = page.locator(tid("paper-fix"))
    assert fix.get_attribute("data-name") == name
    assert page.locator(f'{tid("paper-spot")}[data-name="{name}"]').get_attribute("class").endswith("picked")
    shot(page, "rollncook-paper-fix", full_page=False)
    kind = next(s["kind"] for s in spots if s["name"] == name)
    choose(page, truth.get(name), kind)
    page.wait_for_selector(f'{tid("paper-todo")}[data-count="{todo - 1}"]', state="attached")
    assert page.locator(f'{tid("paper-look")}[data-name="{name}"]').count() == 0
    shot(page, "rollncook-paper")

    # any other flagged read that is wrong fixed the same way
    for s in flagged:
        if not right(s) and s["name"] != name:
            touch.tap(look(page, s["name"], s["kind"]))
            choose(page, truth.get(s["name"]), s["kind"])
    # a section's reads all taken as read at once: "these are right"
    left = groups(page)
    if left:
        key, count = max(left.items(), key=lambda kv: kv[1])
        before = int(page.locator(tid("paper-todo")).get_attribute("data-count"))
        touch.tap(page.locator(f'{tid("paper-group")}[data-section="{key}"] {tid("paper-group-accept")}'))
        page.wait_for_selector(f'{tid("paper-todo")}[data-count="{before - count}"]', state="attached")
        assert key not in groups(page)
    # then the rest
    if page.locator(tid("paper-accept")).count():
        touch.tap(page.locator(tid("paper-accept")))
    touch.tap(page.locator(tid("paper-score")))
    page.wait_for_selector(tid("paper-report"))
    table_id = int(page.locator(tid("paper-report")).get_attribute("data-table"))
    record = tmp_path / "truth.json"
    record.write_text(json.dumps({**shown.record, "player": "Player 1"}))
    want = json.loads(run_score("rollncook", record).stdout)
    total = page.locator(tid("paper-total")).first
    assert (total.get_attribute("data-player"), total.locator("strong").inner_text()) == (
        "Player 1", f"{want['players'][0]['total']} pts")
    table = http.get(f"{live_server}/api/tables/{table_id}").json()
    assert table["report"]["players"][0]["breakdown"] == want["players"][0]["breakdown"]
    assert all(table["report"][k] == want[k] for k in COMMON)
    assert page.locator(tid("paper-report-text")).inner_text() == table["report_text"]
    assert page.locator(tid("paper-table")).get_attribute("href") == f"/t/{table_id}"
    assert page.js_errors == []


def test_without_the_scan_extra_the_page_says_how_to_install_it(live_server, page, monkeypatch):
    monkeypatch.setitem(sys.modules, "zxingcpp", None)  # as if it were not installed: its import fails
    page.goto(live_server)
    link = page.locator(tid("paper-rollncook"))
    assert link.get_attribute("href") == "/paper/rollncook"
    assert "pip install 'printkit[scan]'" in page.locator(tid("paper-missing-rollncook")).inner_text()
    touch.tap(link)
    missing = page.locator(tid("paper-missing"))
    assert "pip install 'printkit[scan]'" in missing.inner_text()
    assert page.locator(tid("paper-photo")).is_disabled()
    assert page.js_errors == []


def test_several_players_sheets_share_the_dice_entered_once(live_server_factory, page):
    """Two players' sheets (the reads made here from a game's ground truth, no photo, so only the
    page is tested): the dice are shown once for the table; a die the sheets disagree on is the
    one read to confirm, fixed once by a tap; a row's "more" box read unsure is typed in; and both
    players are scored with the table's dice."""
    import dataclasses

    from printkit.core import registry
    from printkit.core.table import PaperReader
    from printkit.games.rollncook.scanweb import section
    from printkit.games.rollncook.spots import spots

    rec = photos.play(7)
    sid, truth = rec["sheet"], photos.truth(rec)
    die, more = f"{sid}:h12:die2", f"{sid}:inv:egg:more"
    blank = "data:image/gif;base64,R0lGODlhAQABAAAAACw="

    def reading(odd: bool) -> dict:
        out = []
        for s in spots(sid, "a4"):
            v = truth.get(s.name)
            value = (v or "") if s.kind in ("die", "bullet", "more") else bool(v)
            if odd and s.name == die:
                value = "6" if value != "6" else "5"
            why = None
            if odd and s.name == more:
                value, why = "8", "unsure"
            box = [[x * 2, y * 2] for x, y in (s.at[:2], s.centre)]
            out.append({"name": s.name, "kind": s.kind, "section": section(s.kind), "where": s.name, "value": value,
                        "confidence": 1.0, "why": why, "points": box})
        return {"sheet": sid, "paper": "a4", "fit": 1.0, "width": 420, "height": 594, "image": blank, "spots": out}

    keeper = registry.scorekeepers()["rollncook"]
    assert keeper.paper is not None
    reads = iter([reading(False), reading(True)])
    registry.register_scorekeeper(dataclasses.replace(
        keeper, paper=PaperReader(lambda: None, lambda data, name: next(reads), keeper.paper.records)))
    try:
        url = live_server_factory()
        page.goto(f"{url}/paper/rollncook")
        for i, name in enumerate(("Ann", "Bo")):
            page.locator(tid("paper-photo")).set_input_files({"name": f"{name}.jpg", "mimeType": "image/jpeg",
                                                              "buffer": b"\xff\xd8\xff"})
            page.wait_for_selector(tid(f"paper-player-{i}"))
            page.locator(tid(f"paper-player-{i}")).fill(name)
        assert page.locator(tid("paper-sheet")).count() == 2
        dice = page.locator(tid("paper-die"))
        assert dice.count() == 36  # 12 hours, 3 dice: once for the table, not once a sheet
        assert page.locator(tid("paper-todo")).get_attribute("data-count") == "2"
        assert groups(page) == {"hours": 1, "inventory": 1}
        looks = page.locator(tid("paper-look"))
        assert looks.first.get_attribute("data-name") == die and "the sheets disagree" in looks.first.inner_text()
        touch.tap(page.locator(f'{tid("paper-die")}[data-name="h12:die2"]'))
        touch.tap(page.locator(tid(f"paper-set-{truth[die]}")))
        page.wait_for_selector(f'{tid("paper-todo")}[data-count="1"]', state="attached")
        # Bo's egg row: "more" read 8, unsure; the paper's box is empty, typed as 0
        touch.tap(page.locator(f'{tid("paper-look")}[data-name="{more}"]'))
        page.locator(tid("paper-set-number")).fill("0")
        touch.tap(page.locator(tid("paper-set-more")))
        page.wait_for_selector(f'{tid("paper-todo")}[data-count="0"]', state="attached")
        assert page.locator(f'{tid("paper-spot")}[data-name="{more}"]').nth(1).get_attribute("data-value") == "0"
        touch.tap(page.locator(tid("paper-score")))
        page.wait_for_selector(tid("paper-report"))
        table = http.get(f"{url}/api/tables/{page.locator(tid('paper-report')).get_attribute('data-table')}").json()
    finally:
        registry.register_scorekeeper(keeper)
    assert [p["name"] for p in table["report"]["players"]] == ["Ann", "Bo"]
    assert table["report"]["valid"] and not table["broken"]  # both sheets got the table's dice (RNC-10)
    assert [p["end"]["dice"]["12:00"] for p in table["setup"]["players"]] == [rec["hours"][2]["dice"]] * 2
    assert page.js_errors == []
