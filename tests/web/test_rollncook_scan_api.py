"""Score a paper Roll n Cook sheet, the API (docs/serve.md, Score a paper sheet): a photo that is
no photo, one too large, one from another site's page, a missing scan extra, each refused in one
line; the marks as confirmed become a table whose report is ``printkit score``'s for the record
played (the photo read itself: tests/web/test_rollncook_scan_browser.py)."""

from __future__ import annotations

import base64
import json
import sys
from pathlib import Path

import pytest

from printkit.games.rollncook.scan import INSTALL
from printkit.games.rollncook.spots import spots
from printkit.web.app import MAX_PHOTO, MAX_PHOTO_BODY
from tests.scan import photos
from tests.web.apitools import COMMON, run_score

READ = "/api/games/rollncook/paper"
TABLE = "/api/games/rollncook/paper/table"


def marks_of(truth: dict, sid: str) -> dict:
    """The marks of ground truth ``truth`` as the page sends them: every spot of the sheet."""
    out = {}
    for s in spots(sid, "a4"):
        v = truth.get(s.name)
        out[s.name] = (v or "") if s.kind in ("die", "bullet", "more") else bool(v)
    return out


def test_not_a_photo_is_refused_in_one_line(client):
    r = client.post(READ, json={"photo": base64.b64encode(b"GIF89a not really").decode(), "name": "menu.gif"})
    assert r.status_code == 422
    assert r.json()["error"] == "menu.gif: not a photo printkit can read (JPEG, PNG or HEIC)"
    for name, said in (("../../tmp/..", "photo"), ("DCIM/IMG 1.jpg", "IMG_1.jpg"), ("", "photo")):
        r = client.post(READ, json={"photo": base64.b64encode(b"\x00" * 500).decode(), "name": name})
        assert (r.status_code, r.json()["error"].split(":")[0]) == (422, said)
    r = client.post(READ, json={"photo": "not base64 at all!", "name": "x.jpg"})
    assert (r.status_code, r.json()["error"]) == (400, "photo: this is not base64")
    r = client.post(READ, json={"name": "x.jpg"})
    assert r.status_code == 400 and "photo: the photo is expected as base64" in r.json()["error"]


def test_a_photo_too_large_is_refused_before_it_is_read(client):
    body = b'{"photo": "' + b"A" * MAX_PHOTO_BODY + b'"}'
    r = client.post(READ, content=body)
    assert r.status_code == 413
    assert r.json()["error"] == f"the request is larger than {MAX_PHOTO_BODY} bytes"
    # within the body's limit, but more than MAX_PHOTO bytes once decoded
    r = client.post(READ, json={"photo": base64.b64encode(b"\xff" * (MAX_PHOTO + 3)).decode()})
    assert r.status_code == 413 and r.json()["error"].startswith("the photo is larger than 25 MB")


def test_a_photo_from_another_sites_page_is_refused(client):
    photo = base64.b64encode(b"\xff\xd8\xff").decode()
    r = client.post(READ, json={"photo": photo}, headers={"Origin": "http://evil.example"})
    assert r.status_code == 403 and "another site (http://evil.example)" in r.json()["error"]
    r = client.post(TABLE, json={"sheets": []}, headers={"Origin": "http://evil.example"})
    assert r.status_code == 403


def test_without_the_scan_extra_the_page_says_how_to_install_it(client, monkeypatch):
    monkeypatch.setitem(sys.modules, "zxingcpp", None)  # as if it were not installed: its import fails
    game = next(g for g in client.get("/api/games").json() if g["name"] == "rollncook")
    assert game["paper"] == {"missing": INSTALL}
    assert "pip install 'printkit[scan]'" in INSTALL
    r = client.post(READ, json={"photo": base64.b64encode(b"\xff\xd8\xff").decode()})
    assert (r.status_code, r.json()["error"]) == (503, INSTALL)
    assert client.get("/paper/rollncook").status_code == 200  # the page itself shows the line
    others = [g["paper"] for g in client.get("/api/games").json() if g["name"] != "rollncook"]
    assert others and all(p is None for p in others)
    assert client.get("/paper/jubako").status_code == 404


def test_confirmed_marks_become_a_table_scored_as_printkit_score_scores_the_record(client, tmp_path: Path):
    rec = photos.play(7)
    sid = rec["sheet"]
    r = client.post(TABLE, json={"sheets": [{"sheet": sid, "paper": "a4", "player": "Ann",
                                             "marks": marks_of(photos.truth(rec), sid)}]})
    assert r.status_code == 201, r.text
    table = r.json()
    truth = tmp_path / "truth.json"
    truth.write_text(json.dumps({**rec, "player": "Ann"}))
    expected = json.loads(run_score("rollncook", truth).stdout)
    got = table["report"]["players"][0]
    want = expected["players"][0]
    assert (got["name"], got["total"], got["breakdown"]) == (want["name"], want["total"], want["breakdown"])
    assert all(table["report"][k] == expected[k] for k in COMMON)
    assert table["over"] and table["finished"]  # every hour's dice written: a finished game, in History
    assert any(t["id"] == table["id"] for t in client.get("/api/tables?finished=1").json())


@pytest.mark.parametrize("body, message", [
    ({"sheets": []}, "sheets: 1 to 8 sheets read"),
    ({"sheets": [{"sheet": "RNC1-7", "paper": "a5", "player": "Ann", "marks": {}}]}, "sheets[0].paper: a4 or letter"),
    ({"sheets": [{"sheet": "RNC1-7", "paper": "a4", "player": "Ann", "marks": {"RNC1-7:h10:die1": "7"}}]},
     "sheets[0].marks: RNC1-7:h10:die1: one of"),
    ({"sheets": [{"sheet": "RNC1-7", "paper": "a4", "player": "Ann", "marks": {"RNC1-7:inv:egg:more": "100"}}]},
     "sheets[0].marks: RNC1-7:inv:egg:more: a number '0' to '99', or '' is expected"),
    ({"sheets": [{"sheet": "RNC1-7", "paper": "a4", "player": "Ann", "marks": {"RNC1-8:h10:box1": True}}]},
     "is no mark of sheet RNC1-7"),
    ({"sheets": [{"sheet": "RNC1-7", "paper": "a4", "player": "Ann", "marks": {"RNC1-7:h10:box1": "yes"}}]},
     "sheets[0].marks: RNC1-7:h10:box1: one of True, False"),
])
def test_marks_not_the_pages_are_refused_in_one_line(client, body, message):
    r = client.post(TABLE, json=body)
    assert r.status_code == 400 and message in r.json()["error"], r.text


def test_sheets_of_several_players_share_the_dice(client):
    rec = photos.play(7)
    sid = rec["sheet"]
    marks = marks_of(photos.truth(rec), sid)
    sheets = [{"sheet": sid, "paper": "a4", "player": p, "marks": marks} for p in ("Ann", "Bo")]
    table = client.post(TABLE, json={"sheets": sheets}).json()
    assert [p["name"] for p in table["report"]["players"]] == ["Ann", "Bo"]
    assert table["report"]["valid"] and not table["broken"]
    # one die read otherwise on Bo's sheet: the table's dice disagree (RNC-10), and the report says so
    other = {**marks, f"{sid}:h10:die1": "6" if marks[f"{sid}:h10:die1"] != "6" else "5"}
    sheets[1]["marks"] = other
    table = client.post(TABLE, json={"sheets": sheets}).json()
    assert "RNC-10" in {v["rule"] for v in table["broken"]}


def test_photos_are_read_one_at_a_time(live_server_factory):
    """A read takes seconds of both cores: three phones uploading at once are read in turn (the
    reader here only counts how many reads overlap)."""
    import dataclasses
    import threading
    import time
    from concurrent.futures import ThreadPoolExecutor

    from printkit.core import registry
    from printkit.core.table import PaperReader
    from tests.web.conftest import http

    keeper = registry.scorekeepers()["rollncook"]
    assert keeper.paper is not None
    lock, now, most = threading.Lock(), [0], [0]

    def counting(data: bytes, name: str) -> dict:
        with lock:
            now[0] += 1
            most[0] = max(most[0], now[0])
        time.sleep(0.15)
        with lock:
            now[0] -= 1
        return {"name": name}

    registry.register_scorekeeper(dataclasses.replace(keeper, paper=PaperReader(lambda: None, counting, keeper.paper.records)))
    try:
        url = live_server_factory()
        with ThreadPoolExecutor(3) as pool:
            answers = list(pool.map(lambda i: http.post(f"{url}{READ}", json={"photo": "", "name": f"p{i}.jpg"}), range(3)))
    finally:
        registry.register_scorekeeper(keeper)
    assert [a.json() for a in answers] == [{"name": f"p{i}.jpg"} for i in range(3)]
    assert most[0] == 1
