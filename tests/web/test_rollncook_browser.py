"""Roll n Cook's page in a real headless Chromium at phone size (390 x 844): a whole game played by
taps (the dice once an hour, boxes, table segments, rare ingredients, meals), exported, and scored
by ``printkit score --json``; the totals are those the page showed. Screenshots of each stage in
test-artifacts/screenshots/rollncook-*.png."""

from __future__ import annotations

import json
import time
from pathlib import Path

from printkit.core.yamlio import parse_text
from tests.web import touch
from tests.web.apitools import run_score
from tests.web.conftest import http

ROOT = Path(__file__).resolve().parents[2]
EXAMPLES = ROOT / "examples" / "rollncook"


def tid(name: str) -> str:
    return f'[data-test="{name}"]'


def new_table(url: str, players: list[str], sheet: str = "RNC1-7") -> int:
    r = http.post(f"{url}/api/tables", json={"game": "rollncook", "setup": {"sheet": sheet, "players": players}})
    assert r.status_code == 201, r.text
    return r.json()["id"]


def wait_version(page, version: int) -> None:
    page.wait_for_selector(f'body[data-version="{version}"]', state="attached")


#: The hour's part once the server answered the plan composed so far (what is live comes from it).
READY = tid("rnc-hour") + '[data-ready="true"]'


def ready(page) -> None:
    """Wait for the server's answer to the plan composed so far."""
    page.wait_for_selector(READY, state="attached")


def tap(page, name: str) -> None:
    """Tap the control once the server's answer to the plan so far is in (checked with the tap)."""
    touch.tap(page.locator(tid(name)), ready=READY)


def play_hour(page, entry: dict, dice_known: bool) -> None:
    """One player's hour by taps, as written in a record entry (the hour's player already chosen)."""
    if not dice_known:
        page.wait_for_selector(tid("rnc-dice-entry"))
        for face in entry["dice"]:
            touch.tap(page.locator(tid(f"rnc-face-{face}")))
    page.wait_for_selector(tid("rnc-hour"))
    assert page.locator(tid("rnc-table-dice")).inner_text().split()[-3:] == [str(d) for d in entry["dice"]]
    if "double" in entry:
        tap(page, f"rnc-double-{entry['double']['spend']}-{entry['double']['to']}")
    for a in entry.get("abilities", []):
        kind = next(iter(a))
        tap(page, f"rnc-ability-{kind}")
        v = a[kind]
        tap(page, f"rnc-{kind}-{v['from']}-{v['to']}" if isinstance(v, dict) else f"rnc-{kind}-{v}")
    for t in entry.get("take", []):
        tap(page, f"rnc-box-{t['box']}" if "box" in t else f"rnc-seg-{t['table']}-{t['segment']}")
    for r in entry.get("rare", []):
        tap(page, f"rnc-rare-{r.replace(' ', '_')}")
    for c in entry.get("cook", []):
        tap(page, f"rnc-meal-{c.replace(' ', '_')}")
    tap(page, "rnc-done")


def shown_totals(page) -> dict[str, int]:
    """The running totals the shell shows (from the table's report)."""
    out = {}
    for li in page.locator(tid("total")).all():
        out[li.get_attribute("data-player")] = int(li.locator(tid("points")).inner_text())
    return out


def score_json(file: Path) -> dict:
    """``printkit score rollncook FILE --json``, in process (tests/web/apitools.py's run_score: the
    same command and output without a new Python each time; the process is tests/test_cli.py's)."""
    out = run_score("rollncook", file)
    assert out.returncode in (0, 1), out.stderr
    return json.loads(out.stdout)


def test_a_solo_game_played_by_taps_exports_what_printkit_scores(live_server, page, shot, tmp_path):
    record = parse_text((EXAMPLES / "solo-seed7.yaml").read_text())[0]
    started = time.monotonic()
    # the host starts the table on the home page with the text of the sheet's QR code
    page.goto(f"{live_server}/")
    form = page.locator(tid("new-rollncook"))
    form.locator(tid("setup-sheet")).fill("RNC1-7")
    form.locator(tid("setup-players-item")).nth(0).fill("Ann")
    touch.tap(form.locator(tid("start-rollncook")))
    page.wait_for_url("**/t/*")
    page.wait_for_selector(tid("rnc-dice-entry"))
    assert page.locator(tid("rnc-sheet")).inner_text().startswith("Sheet RNC1-7")
    shot(page, "rollncook-1-dice")
    # a box no result can take is not offered: with 1 3 5, box 2 of 10:00 stays shut
    for face in record["hours"][0]["dice"]:
        touch.tap(page.locator(tid(f"rnc-face-{face}")))
    ready(page)
    assert page.locator(tid("rnc-box-2")).is_disabled() and not page.locator(tid("rnc-box-1")).is_disabled()
    assert page.locator(tid("rnc-seg-14:00-5")).get_attribute("role") == "button"
    tap(page, "rnc-seg-13:00-5")
    ready(page)
    assert page.locator(tid("rnc-seg-14:00-5")).get_attribute("role") is None  # the one 5 is used
    shot(page, "rollncook-2-hour")
    touch.tap(page.locator(tid("rnc-back")))
    for k, entry in enumerate(record["hours"]):
        play_hour(page, entry, dice_known=k == 0)
        wait_version(page, k + 1)
        if k == 5:
            shot(page, "rollncook-3-midgame")
    page.wait_for_selector(tid("rnc-over"))
    page.wait_for_selector(tid("report-text"))
    shot(page, "rollncook-4-over")
    totals = shown_totals(page)
    assert page.locator("body").get_attribute("data-over") == "true"
    with page.expect_download() as d:
        touch.tap(page.locator(tid("export")))
    exported = tmp_path / d.value.suggested_filename
    d.value.save_as(exported)
    assert exported.name == "rollncook-rnc1-7.yaml"  # one file, whatever the number of players
    report = score_json(exported)
    assert {p["name"]: p["total"] for p in report["players"]} == totals
    assert report["violations"] == [] and not report["unfinished"]  # the example's game, no mistake
    assert totals == {"Ann": 30}
    assert page.locator(tid("rnc-score")).get_attribute("data-total") == "30"  # the page's own score card
    # the cookbooks as on paper: bread is cooked 4 times in the record, 4 dish boxes circled
    assert sum(h.get("cook", []).count("bread") for h in record["hours"]) == 4
    assert page.locator(tid("rnc-cookbook-bread")).get_attribute("data-dishes") == "4"
    # every dish box shows its bonus on one line, inside the box (burger's "+12" wrapped to
    # "+1" over "2", out of its box, at phone size)
    spilled = page.locator(".rnc .dish").evaluate_all(
        "ds => ds.filter(d => d.scrollHeight > d.clientHeight || d.scrollWidth > d.clientWidth"
        " || d.getClientRects().length !== 1 || (() => { const r = document.createRange(); r.selectNodeContents(d);"
        " return r.getClientRects().length > 1; })()).map(d => d.textContent)")
    assert spilled == []
    assert page.js_errors == []
    assert time.monotonic() - started < 40


def test_two_phones_share_the_dice_a_double_and_an_ability(live_server, page, browser, shot, tmp_path):
    """Ann's phone enters the dice once; Bo's phone shows them fixed and plays Bo's hour with an
    ability; Ann's phone follows (polling) to the next hour."""
    from tests.web.conftest import PHONE

    table = new_table(live_server, ["Ann", "Bo"])
    page.goto(f"{live_server}/t/{table}")
    other = browser.new_context(viewport=PHONE, has_touch=True, is_mobile=True, device_scale_factor=2)
    try:
        bos = other.new_page()
        errors: list[str] = []
        bos.on("pageerror", lambda e: errors.append(str(e)))
        bos.goto(f"{live_server}/t/{table}")
        bos.wait_for_selector(tid("rnc-dice-entry"))
        ann = {"dice": [2, 5, 5], "double": {"spend": 5, "to": 6}, "take": [{"box": 2}, {"box": 6}]}
        play_hour(page, ann, dice_known=False)
        wait_version(page, 1)
        page.wait_for_selector(tid("rnc-seat-1") + '[aria-selected="true"]')
        # Bo's phone: the table's dice, fixed; Bo is the one due
        wait_version(bos, 1)
        assert bos.locator(tid("rnc-dice-entry")).count() == 0
        assert bos.locator(tid("rnc-seat-1")).get_attribute("aria-selected") == "true"
        bo = {"dice": [2, 5, 5], "abilities": [{"add": 4}], "take": [{"box": 4}, {"table": "12:00", "segment": 5},
                                                                       {"box": 5}, {"box": 2}]}
        play_hour(bos, bo, dice_known=True)
        wait_version(bos, 2)
        shot(bos, "rollncook-5-bos-phone")
        assert errors == []
    finally:
        other.close()
    wait_version(page, 2)
    page.wait_for_selector(tid("rnc-dice-entry"))  # Ann's phone: 11:00's dice are due
    touch.tap(page.locator(tid("rnc-seat-1")))  # and shows Bo's sheet on a tap
    page.wait_for_selector(tid("rnc-score") + '[data-player="Bo"]')
    shot(page, "rollncook-6-anns-phone-shows-bo")
    r = http.get(f"{live_server}/api/tables/{table}/export")  # one file: both records, a YAML stream
    assert r.headers["content-disposition"] == 'attachment; filename="rollncook-rnc1-7.yaml"'
    (tmp_path / "rollncook-rnc1-7.yaml").write_bytes(r.content)
    report = score_json(tmp_path / "rollncook-rnc1-7.yaml")
    assert report["violations"] == [] and report["unfinished"]
    assert {p["name"]: p["total"] for p in report["players"]} == shown_totals(page) == {"Ann": 0, "Bo": 0}
    ann_hours, bo_hours = (parse_text(doc)[0]["hours"] for doc in r.text.split("---\n"))
    assert ann_hours == [{"hour": "10:00", **ann}]
    assert bo_hours == [{"hour": "10:00", "dice": [2, 5, 5], "abilities": [{"add": 4}], "take": bo["take"]}]
    # Undo (the shell's) takes Bo's hour back: his hour is open again on the table's dice
    touch.tap(page.locator(tid("undo")))
    wait_version(page, 3)
    page.wait_for_selector(tid("rnc-hour") + '[data-seat="1"]')
    ready(page)
    assert page.locator(tid("rnc-table-dice")).inner_text().split()[-3:] == ["2", "5", "5"]
    assert not page.locator(tid("rnc-box-5")).is_disabled()  # Bo's box 5 is no longer crossed
    assert page.locator(tid("rnc-box-4")).is_disabled()  # and no 4 without the "add" ability
    assert page.js_errors == []


def test_the_player_says_what_the_mystery_ingredient_stands_for(live_server, page, shot, tmp_path):
    """RNC-5, RNC-11: at 11:00 of the solo example (sheet 7) the takes leave potato 2, milk, fish,
    salt, egg and a mystery ingredient circled; cheese (milk, salt) can then be crossed three ways.
    Choosing milk + mystery leaves potato 2, fish, salt, egg and the cheese (worked out by hand),
    and oil (butter, salt: the mystery for butter) is then no longer offered. The page asks the
    server for all of it; the export holds the choice and scores without a violation."""
    record = parse_text((EXAMPLES / "solo-seed7.yaml").read_text())[0]
    table = new_table(live_server, ["Ann"])
    first = {"seat": 0, **record["hours"][0]}
    r = http.post(f"{live_server}/api/tables/{table}/moves", json={"version": 0, "move": first})
    assert r.status_code == 200, r.text
    page.goto(f"{live_server}/t/{table}")
    hour = record["hours"][1]
    page.wait_for_selector(tid("rnc-dice-entry"))
    for face in hour["dice"]:
        touch.tap(page.locator(tid(f"rnc-face-{face}")))
    for t in hour["take"]:
        tap(page, f"rnc-box-{t['box']}" if "box" in t else f"rnc-seg-{t['table']}-{t['segment']}")
    tap(page, "rnc-rare-cheese")
    ready(page)
    chooser = page.locator(tid("rnc-crossing"))
    assert sorted(b.get_attribute("data-use") for b in chooser.locator("[data-use]").all()) == [
        "milk,mystery", "milk,salt", "mystery,salt"]
    touch.tap(chooser.locator('[data-use="milk,mystery"]'))
    # the answer to the new plan (the page shows none while it is asked: the tap redraws at once)
    page.wait_for_selector(tid("rnc-stock") + '[data-ingredient="cheese"]')
    stock = {s.get_attribute("data-ingredient"): int(s.get_attribute("data-count"))
             for s in page.locator(tid("rnc-stock")).all()}
    assert stock == {"potato": 2, "fish": 1, "salt": 1, "egg": 1, "cheese": 1}
    assert page.locator(tid("rnc-rare-oil")).is_disabled()
    assert not page.locator(tid("rnc-rare-flour")).is_disabled()  # potato + potato
    shot(page, "rollncook-7-mystery-choice")
    tap(page, "rnc-done")
    wait_version(page, 2)
    exported = tmp_path / "ann.yaml"
    exported.write_bytes(http.get(f"{live_server}/api/tables/{table}/export").content)
    hours = parse_text(exported.read_text())[0]["hours"]
    assert hours[1]["rare"] == [{"name": "cheese", "use": ["milk", "mystery"]}]
    assert score_json(exported)["violations"] == []
    assert page.js_errors == []
