"""Roll n Cook at the table: the Scorekeeper (records, split, view) and the move API.

The Scorekeeper tests need no server: every example record and a corpus of generated games
(tests/corpus/ref_rollncook.py, legal, broken, unfinished and end-only) go through ``split`` then
``records`` and score exactly as the originals, also when the moves are posted one by one, and
what ``view`` offers is legal on the State (RNC-2, RNC-3). The API tests play through the ASGI
client.
"""

from __future__ import annotations

import copy
import json
import random
from functools import cache
from pathlib import Path

import pytest
from printkit.core.game import replay
from printkit.core.records import parse_record
from printkit.core.registry import scorekeepers
from printkit.core.score import Report
from printkit.core.yamlio import parse_text
from printkit.games.rollncook.record import HourPlay, Take
from printkit.games.rollncook.state import TABLES, RollNCookState, take_problems
from printkit.games.rollncook.web import Move, Setup, doubles
from tests.corpus import ref_rollncook as ref

ROOT = Path(__file__).resolve().parents[2]
EXAMPLES = ROOT / "examples" / "rollncook"
KEEPER = scorekeepers()["rollncook"]


def load(*names: str) -> list[dict]:
    return [parse_text((EXAMPLES / n).read_text())[0] for n in names]


def report_of(docs: list[dict]) -> Report:
    """Score documents as ``printkit score`` scores files: as text, through parse_record and replay."""
    records = []
    for i, d in enumerate(docs):
        name = f"r{i}.json"
        model, table = parse_record(json.dumps(d), name, KEEPER.game.model, "rollncook")
        records.append((name, model, table))
    return replay(KEEPER.game, records)


def verdict(r: Report) -> dict:
    """What a report says, line numbers aside (a record written again has other lines)."""
    return {"totals": [(p.name, p.total, p.breakdown) for p in r.players], "winners": r.winners,
            "ranking": r.ranking, "unfinished": r.unfinished, "notes": r.notes, "no_winner": r.no_winner,
            "violations": sorted((v.rule, v.message, v.where, v.record) for v in r.violations)}


def stored(move: dict) -> dict:
    """A move as the web core stores it: checked by the move model and dumped as JSON."""
    return Move.model_validate(move).model_dump(mode="json")


@cache
def corpus(n: int = 24, seed: int = 1307) -> list[list[dict]]:
    """Generated games: legal ones, ones with a rule broken, unfinished ones, end-only ones
    (generated once a process: each test reads its own game and changes nothing in it)."""
    rng = random.Random(seed)
    games = []
    kinds = sorted(ref.INJECTIONS)
    for i in range(n):
        recs = ref.generate_game(random.Random(rng.random()), players=[1, 2, 3][i % 3])
        if i % 4 == 1:
            recs = ref.inject(recs, kinds[i % len(kinds)], random.Random(i)) or recs
        elif i % 4 == 2:
            recs = ref.truncate(recs, rng.randrange(0, 12))
        elif i % 4 == 3 and len(recs) > 1:
            recs[-1] = {"game": "rollncook", **ref.end_state(recs[-1], old=i % 8 == 3)}
        games.append(recs)
    return games


EXAMPLE_SETS = [("solo-seed7.yaml",), ("solo-seed7.yaml", "shared-dice-bo.yaml"), ("mistakes.yaml",),
                ("shared-dice-bo.yaml", "mistakes.yaml")]


@pytest.mark.parametrize("names", EXAMPLE_SETS, ids="+".join)
def test_examples_split_then_records_score_the_same(names):
    docs = load(*names)
    setup, moves = KEEPER.split(docs)
    assert [p.name for p in setup.players] == [d["player"] for d in docs]
    assert len(moves) == sum(len(d["hours"]) for d in docs)
    again = KEEPER.records(setup, [stored(m) for m in moves])
    assert verdict(report_of(again)) == verdict(report_of(docs))
    # the records hold the very hours: same hours, dice and takes, entry by entry
    for a, d in zip(again, docs, strict=True):
        assert [h["dice"] for h in a["hours"]] == [h["dice"] for h in d["hours"]]
        assert [len(h.get("take", [])) for h in a["hours"]] == [len(h.get("take", [])) for h in d["hours"]]


def test_the_examples_say_what_their_comments_say():
    """The facts the comparisons above rest on, worked out from the example files."""
    solo = report_of(load("solo-seed7.yaml"))
    assert not solo.violations and not solo.unfinished
    assert solo.winners == [] and "under 50" in solo.no_winner  # RNC-8: a solo game needs a star
    two = report_of(load("solo-seed7.yaml", "shared-dice-bo.yaml"))
    assert not two.violations and {p.name for p in two.players} == {"Ann", "Bo"}
    bad = report_of(load("mistakes.yaml"))
    assert bad.unfinished and {"RNC-2", "RNC-3", "RNC-4", "RNC-5", "RNC-6", "RNC-7", "RNC-11"} <= {
        v.rule for v in bad.violations}


@pytest.mark.parametrize("k", range(24))
def test_generated_games_split_then_records_score_the_same(k):
    docs = corpus()[k]
    setup, moves = KEEPER.split(copy.deepcopy(docs))
    again = KEEPER.records(Setup.model_validate(setup.model_dump(mode="json")), [stored(m) for m in moves])
    assert verdict(report_of(again)) == verdict(report_of(docs))


@pytest.mark.parametrize("names", [("solo-seed7.yaml", "shared-dice-bo.yaml"), ("mistakes.yaml",)], ids="+".join)
def test_posting_moves_one_by_one_reproduces_the_game(names):
    """As the web core posts them: each move is refused only if it adds a violation, so a legal
    game is taken move by move, and the last report is the original's."""
    docs = load(*names)
    setup, moves = KEEPER.split(docs)
    setup = Setup.model_validate(setup.model_dump(mode="json"))
    played: list[dict] = []
    before = report_of(KEEPER.records(setup, played))
    assert before.unfinished and all(p.total == 0 for p in before.players)
    added = 0
    for m in moves:
        played.append(stored(m))
        after = report_of(KEEPER.records(setup, played))
        added += len(after.violations) - len(before.violations)
        if not report_of(docs).violations:
            assert after.violations == []  # a legal game: no move is refused
        before = after
    assert verdict(before) == verdict(report_of(docs))
    assert added == len(report_of(docs).violations)


def test_setup_reads_seeds_ids_and_qr_text():
    assert Setup.model_validate({"sheet": 7, "players": ["Ann"]}).sheet == "RNC1-7"
    assert Setup.model_validate({"sheet": " rnc1-42 ", "players": ["Ann"]}).sheet == "RNC1-42"
    assert Setup.model_validate({"sheet": "123", "players": ["Ann", "Bo"]}).players[1].name == "Bo"
    for bad, words in [({"sheet": "RNC2-7", "players": ["A"]}, "content version 2"),
                       ({"sheet": "hello", "players": ["A"]}, "neither a seed nor a sheet id"),
                       ({"sheet": 2**63, "players": ["A"]}, "beyond"),
                       ({"sheet": 7, "players": ["A", "A"]}, "named twice"),
                       ({"sheet": 7, "players": ["Zo\u00eb", "Zoe\u0308"]}, "named twice"),  # NFC: one name
                       ({"sheet": 7, "players": []}, "at least 1"),
                       ({"sheet": 7, "players": ["  "]}, "1 to 40 printable"),
                       ({"sheet": True, "players": ["A"]}, "seed")]:
        with pytest.raises(ValueError, match=words):
            Setup.model_validate(bad)


def test_records_and_file_names():
    setup = Setup.model_validate({"sheet": 7, "players": ["Ann", "Bo Li", "ann"]})
    assert KEEPER.file_names(setup) == ["rollncook-rnc1-7.yaml"]  # one file: every player's record, a stream
    docs = KEEPER.records(setup, [stored({"seat": 1, "hour": "10", "dice": [1, 3, 5], "take": [{"box": 1}],
                                          "abilities": [{"adjust": {"from": 3, "to": 4}}]})])
    assert docs[0] == {"game": "rollncook", "sheet": "RNC1-7", "player": "Ann", "hours": []}
    assert docs[1]["hours"] == [{"hour": "10:00", "dice": [1, 3, 5], "abilities": [{"adjust": {"from": 3, "to": 4}}],
                                 "take": [{"box": 1}]}]
    with pytest.raises(ValueError, match="seat 3 is nobody's: the table has 3 players"):
        KEEPER.records(setup, [stored({"seat": 3, "hour": "10", "dice": [1, 3, 5]})])


def test_import_refuses_one_players_record_twice_in_one_line(client):
    text = (EXAMPLES / "solo-seed7.yaml").read_text()
    r = client.post("/api/import", json={"game": "rollncook", "files": [{"name": "a.yaml", "text": text},
                                                                         {"name": "b.yaml", "text": text}]})
    assert r.status_code == 422 and "two records are \"Ann\"'s" in r.json()["error"] and "\n" not in r.json()["error"]


def test_rounds_are_the_hours_of_the_moves():
    setup, moves = KEEPER.split(load("solo-seed7.yaml", "shared-dice-bo.yaml"))
    assert KEEPER.rounds(setup, [stored(m) for m in moves]) == [h for h in range(12) for _ in (0, 1)]
    _, bad = KEEPER.split(load("mistakes.yaml"))  # 10, 11, 12, 13, then 15:00 (14:00 skipped)
    assert KEEPER.rounds(setup, [stored(m) for m in bad]) == [0, 1, 2, 3, 5]


def state_of(setup: Setup, moves: list[dict]) -> RollNCookState:
    recs = [KEEPER.game.model.model_validate(d) for d in KEEPER.records(setup, moves)]
    st = KEEPER.game.start(recs)
    for _, _, mv in KEEPER.game.moves(recs):
        st.apply(mv)
    return st


@pytest.mark.parametrize("upto", [0, 5, 13, 22])
def test_view_offers_only_legal_takes_and_all_of_them(upto):
    docs = load("solo-seed7.yaml", "shared-dice-bo.yaml")
    setup, moves = KEEPER.split(docs)
    moves = [stored(m) for m in moves[:upto]]
    state = state_of(setup, moves)
    v = KEEPER.view(state, setup, moves)
    hour = v["hour"]
    assert hour == ["10:00", "12:00", "16:00", "21:00"][[0, 5, 13, 22].index(upto)]
    for seat, sv in enumerate(v["seats"]):
        sheet = state.sheet(seat)
        h = TABLES[sv["hour_due"]]
        offered = {v_: [Take.model_validate(t) for t in ts] for v_, ts in sv["options"]["takes"].items()}
        for value in range(1, 7):
            every = [Take(box=value)] + [Take(table=c, segment=value) for c in TABLES]
            legal = [t for t in every if not take_problems(sheet, h, t)]
            assert offered[str(value)] == legal
            for t in offered[str(value)]:  # played as a move, each is taken without a word
                dice = [value, value % 6 + 1, (value + 1) % 6 + 1]
                one = state.copy()
                bad = [x for x in one.apply((seat, HourPlay(hour=sv["hour_due"], dice=dice, take=[t])))
                       if x.rule != "RNC-10"]
                assert bad == []
        crossed = {(c, k) for c, k in sv["segments"]}
        assert crossed == {(c, k + 1) for c, i in TABLES.items() for k in range(6) if (i, k) in sheet.segments}


def test_view_gives_the_tables_dice_and_the_doubles_they_allow():
    docs = load("solo-seed7.yaml", "shared-dice-bo.yaml")
    setup, moves = KEEPER.split(docs)
    moves = [stored(m) for m in moves[:1]]  # Ann has played 10:00 with 1 3 5
    v = KEEPER.view(state_of(setup, moves), setup, moves)
    assert v["hour"] == "10:00" and v["dice"] == [1, 3, 5] and v["due"] == 1
    assert v["seats"][0]["hour_due"] == "11:00" and v["seats"][1]["hour_due"] == "10:00"
    assert doubles([1, 3, 5]) == []
    opts = doubles([2, 5, 5])
    assert {(o["spend"], o["to"]) for o in opts} == {(5, t) for t in range(1, 7)}
    assert next(o for o in opts if o["to"] == 6)["results"] == [2, 6]  # one 5 spent, the other set to 6
    three = doubles([4, 4, 4])
    assert next(o for o in three if o["to"] == 1)["results"] == [1, 1]


# -- the page's icons are the printed sheet's ---------------------------------------------------

ICONS = ROOT / "printkit" / "games" / "rollncook" / "web" / "icons.svg"


def icon_sprite() -> str:
    """The ingredient icons as the printed sheet draws them (layouts/rollncook/icons.yaml through
    the core's SVG backend), one ``<symbol id="ing-NAME" viewBox="-5 -5 10 10">`` each."""
    import re

    from printkit.core.draw.page import PrintOptions
    from printkit.core.draw.svg import render_svg_page
    from printkit.games.rollncook.components import build_sheets

    svg = render_svg_page(build_sheets(PrintOptions(seed=7)), 0).decode()
    symbols = re.findall(r'<symbol id="sym-(ing-[a-z_]+)" overflow="visible">(.*?)</symbol>', svg)
    body = "".join(f'<symbol id="{name}" viewBox="-5 -5 10 10">{inner}</symbol>\n' for name, inner in symbols)
    return ('<svg xmlns="http://www.w3.org/2000/svg">\n<!-- made from layouts/rollncook/icons.yaml by '
            'icon_sprite() in tests/web/test_rollncook_api.py -->\n' + body + "</svg>\n")


def test_page_icons_are_the_printed_sheets():
    sprite = icon_sprite()
    from printkit.games.rollncook.content import CONTENT

    for name in CONTENT.ingredients:
        assert f'id="ing-{name.replace(" ", "_")}"' in sprite
    assert ICONS.read_text() == sprite, "icons.svg is out of date: see its comment"



# -- the move API (the ASGI client, a fresh database each test) -----------------------------------


def score_json(*files: Path) -> dict:
    """``printkit score rollncook --json FILES`` as a player would run it, in process (typer's
    CliRunner, as tests/web/apitools.py's run_score: the same command and output without a new
    Python each time, ~0.2 s of CPU; the command as a process is tests/test_cli.py's)."""
    import contextlib

    from tests.conftest import run_cli

    with contextlib.chdir(ROOT):
        out = run_cli("score", "rollncook", "--json", *map(str, files))
    assert out.exit_code in (0, 1), (out.output, out.exception)
    return json.loads(out.stdout)


def said_same(a: dict, b: dict) -> None:
    """Two ``--json`` reports say the same (files and lines aside: an export has its own)."""
    assert set(a) == set(b)
    for key in set(a) - {"violations"}:
        assert a[key] == b[key], key
    assert [(v["rule"], v["message"], v["where"]) for v in a["violations"]] == [
        (v["rule"], v["message"], v["where"]) for v in b["violations"]]


def new_table(client, players=("Ann", "Bo"), sheet="RNC1-7") -> dict:
    r = client.post("/api/tables", json={"game": "rollncook", "setup": {"sheet": sheet, "players": list(players)}})
    assert r.status_code == 201, r.text
    return r.json()


def post(client, table: dict, move: dict):
    return client.post(f"/api/tables/{table['id']}/moves", json={"version": table["version"], "move": move})


def test_a_whole_game_move_by_move_ends_with_printkit_scores_report(client, tmp_path):
    files = [EXAMPLES / "solo-seed7.yaml", EXAMPLES / "shared-dice-bo.yaml"]
    _, moves = KEEPER.split(load(*(f.name for f in files)))
    table = new_table(client, ["Ann", "Bo"], sheet=7)
    assert table["view"]["hour"] == "10:00" and table["view"]["dice"] is None and not table["over"]
    for k, move in enumerate(moves):
        r = post(client, table, move)
        assert r.status_code == 200, (k, r.text)
        table = r.json()
        assert table["version"] == k + 1
    assert table["over"] and table["view"]["hour"] is None
    said_same(table["report"], score_json(*files))
    totals = {p["name"]: p["total"] for p in table["report"]["players"]}
    assert totals == {"Ann": 30, "Bo": sum(table["report"]["players"][1]["breakdown"]["meals"].values())}
    # the export: one file, every player's record in one YAML stream, which printkit score scores the same
    r = client.get(f"/api/tables/{table['id']}/export")
    assert r.status_code == 200 and r.headers["content-type"] == "application/yaml; charset=utf-8"
    assert r.headers["content-disposition"] == 'attachment; filename="rollncook-rnc1-7.yaml"'
    assert r.text.count("\n---\n") == 1 and table["files"] == ["rollncook-rnc1-7.yaml"]
    export = tmp_path / "rollncook-rnc1-7.yaml"
    export.write_bytes(r.content)
    assert score_json(export) == table["report"]


def test_an_illegal_move_is_refused_in_the_scorers_words_and_nothing_is_stored(client):
    table = new_table(client)
    ok = post(client, table, {"seat": 0, "hour": "10:00", "dice": [1, 3, 5], "take": [{"box": 1}]})
    assert ok.status_code == 200
    table = ok.json()
    assert table["view"]["dice"] == [1, 3, 5] and table["view"]["due"] == 1
    cases = [
        ({"seat": 1, "hour": "10:00", "dice": [1, 3, 5], "take": [{"box": 6}]}, "RNC-2",
         "no result 6 is left to use (results 1 3 5; each is used once)"),
        ({"seat": 1, "hour": "10:00", "dice": [2, 3, 5], "take": [{"box": 2}]}, "RNC-10",
         "the dice were 1 3 5 for Ann but 2 3 5 here: one roll serves everyone"),
        ({"seat": 1, "hour": "11:00", "dice": [1, 3, 5]}, "RNC-11",
         "10:00 is missing before 11:00: every hour is played, in order"),
        ({"seat": 0, "hour": "11:00", "dice": [1, 3, 5], "take": [{"table": "10:00", "segment": 1}], "cook": ["soup"]},
         # Ann's potato is box 1 of 10:00 (fish and potato, printed on RNC1-7): no carrot
         "RNC-5", "soup cannot be cooked: no carrot left (nor a mystery ingredient)"),
        ({"seat": 1, "hour": "10:00", "dice": [1, 3, 5], "double": {"spend": 3, "to": 6}}, "RNC-3",
         "no double of 3 was rolled (dice 1 3 5): nothing to spend"),
    ]
    for move, rule, message in cases:
        r = post(client, table, move)
        assert r.status_code == 422, r.text
        body = r.json()
        assert [(v["rule"], v["message"]) for v in body["violations"]] == [(rule, message)]
        assert f"{message} ({rule}, " in body["error"]
        now = client.get(f"/api/tables/{table['id']}").json()
        assert (now["version"], now["moves"]) == (table["version"], table["moves"])


def test_malformed_moves_are_400_with_a_clear_line_never_500(client):
    table = new_table(client, ["Ann"])
    cases = [({"seat": 0, "hour": "25:00", "dice": [1, 2, 3]}, "move.hour"),
             ({"seat": 0, "hour": "10:00", "dice": [1, 2, 7]}, "move.dice"),
             ({"seat": 0, "hour": "10:00", "dice": [1, 2]}, "move.dice"),
             ({"seat": "Ann", "hour": "10:00", "dice": [1, 2, 3]}, "move.seat"),
             ({"seat": 0, "hour": "10:00", "dice": [1, 2, 3], "take": [{"box": 1, "table": "10:00"}]}, "move.take"),
             ({"seat": 0, "hour": "10:00", "dice": [1, 2, 3], "cook": ["cake"]}, "unknown meal"),
             ({"seat": 0, "hour": "10:00", "dice": [1, 2, 3], "extra": 1}, "move.extra"),
             ({"hour": "10:00", "dice": [1, 2, 3]}, "move.seat"),
             ("10:00", "move")]
    for move, words in cases:
        r = post(client, table, move)
        assert r.status_code == 400, (move, r.text)
        assert words in r.json()["error"] and "\n" not in r.json()["error"]
    r = post(client, table, {"seat": 1, "hour": "10:00", "dice": [1, 2, 3]})
    assert r.status_code == 422 and "seat 1 is nobody's: the table has 1 player" in r.json()["error"]
    r = client.post(f"/api/tables/{table['id']}/moves", content=b"{not json", headers={"content-type": "application/json"})
    assert r.status_code == 400
    for setup, words in [({"sheet": "RNC9-7", "players": ["A"]}, "content version 9"),
                         ({"sheet": "x", "players": ["A"]}, "setup.sheet"),
                         ({"sheet": 7, "players": ["A", "A"]}, "named twice"),
                         ({"players": ["A"]}, "setup.sheet")]:
        r = client.post("/api/tables", json={"game": "rollncook", "setup": setup})
        assert 400 <= r.status_code < 500 and words in r.json()["error"], r.text
    assert client.get(f"/api/tables/{table['id']}").json()["version"] == 0


def test_undo_takes_back_the_last_hour(client):
    table = new_table(client, ["Ann"])
    r = post(client, table, {"seat": 0, "hour": "10:00", "dice": [1, 3, 5], "take": [{"box": 1}, {"box": 3}]})
    table = r.json()
    seat = table["view"]["seats"][0]
    assert seat["boxes"] == [["10:00", 1], ["10:00", 3]] and seat["stock"] == {"fish": 1, "meat": 1, "potato": 1}
    r = client.post(f"/api/tables/{table['id']}/undo", json={"version": table["version"]})
    assert r.status_code == 200
    back = r.json()
    assert back["moves"] == [] and back["version"] == 2
    assert back["view"]["seats"][0]["boxes"] == [] and back["view"]["hour"] == "10:00" and back["view"]["dice"] is None
    stale = client.post(f"/api/tables/{table['id']}/undo", json={"version": 1})
    assert stale.status_code == 409


def test_import_of_records_with_mistakes_and_an_end_only_record(client):
    mistakes = (EXAMPLES / "mistakes.yaml").read_text()
    end_only = "sheet: RNC1-7\nplayer: Di\nend: {dishes: {soup: 2, bread: 1}, rares_left: 1, plates_left: 3}\n"
    r = client.post("/api/import", json={"game": "rollncook", "files": [{"name": "m.yaml", "text": mistakes},
                                                                         {"name": "d.yaml", "text": end_only}]})
    assert r.status_code == 201, r.text
    table = r.json()
    import tempfile

    with tempfile.TemporaryDirectory() as d:
        (Path(d) / "d.yaml").write_text(end_only)
        said_same(table["report"], score_json(EXAMPLES / "mistakes.yaml", Path(d) / "d.yaml"))
    assert any(v["rule"] == "RNC-12" for v in table["report"]["violations"])  # 3 plates left is wrong: 11
    assert table["view"]["seats"][1]["end_only"] and table["view"]["seats"][1]["total"] == (2 + 1) + (2 + 0) + (3 + 0) + 1  # RNC-8
    # the end-only player has no hours to play: a move for them is refused, not a crash
    r = post(client, table, {"seat": 1, "hour": "10:00", "dice": [1, 3, 5]})
    assert r.status_code == 422 and "'hours' played, or only the 'end' state" in r.json()["error"]


def _score_cli(tmp_path: Path, name: str, text: str, *args: str):
    """``printkit score rollncook NAME`` (in-process) on ``text`` written to tmp_path/NAME, run from
    there so the report names the file as the table does."""
    import os

    from tests.conftest import run_cli

    (tmp_path / name).write_text(text, encoding="utf-8")
    here = os.getcwd()
    os.chdir(tmp_path)
    try:
        return run_cli("score", "rollncook", name, *args)
    finally:
        os.chdir(here)


def test_the_export_is_one_stream_that_printkit_score_reads_as_the_table_reports_it(client, tmp_path):
    """A table whose records break rules: its export (YAML stream, JSON array) scored by the CLI
    gives the table's very report, each violation at the stream's own line; the documents in
    another order give the same verdict; the stream imports back as the same table; a stream with
    one broken document is exit 2 with one line naming the file's line."""
    docs = load("shared-dice-bo.yaml", "mistakes.yaml", "solo-seed7.yaml")
    files = [{"name": f"r{i}.json", "text": json.dumps(d)} for i, d in enumerate(docs)]
    r = client.post("/api/import", json={"game": "rollncook", "files": files})
    assert r.status_code == 201, r.text
    table = r.json()
    report, name = table["report"], table["files"][0]
    assert table["files"] == ["rollncook-rnc1-7.yaml"] and not report["valid"] and len(report["violations"]) >= 5
    yaml_text = client.get(f"/api/tables/{table['id']}/export").text
    assert yaml_text.count("\n---\n") == 2
    lines = yaml_text.splitlines()
    for v in report["violations"]:  # the stream's own lines: the violation's hour is on that line or above
        assert v["file"] == name and 1 <= v["line"] <= len(lines)
    assert len({v["line"] for v in report["violations"]}) > 1 and max(v["line"] for v in report["violations"]) > 40
    out = _score_cli(tmp_path, name, yaml_text, "--json")
    assert out.exit_code == 1, out.output
    assert json.loads(out.stdout) == report
    human = _score_cli(tmp_path, name, yaml_text)
    assert human.exit_code == 1 and human.stdout == table["report_text"] + "\n"
    # JSON: an array of the records, read the same way (the table scored as JSON has its own lines)
    json_text = client.get(f"/api/tables/{table['id']}/export?format=json").text
    assert json_text.lstrip().startswith("[") and len(json.loads(json_text)) == 3
    out = _score_cli(tmp_path, "rollncook-rnc1-7.json", json_text, "--json")
    assert out.exit_code == 1
    said_same(json.loads(out.stdout), report)
    # another order of the documents: the same verdict (RNC-10's shared dice are checked either way)
    parts = yaml_text.split("---\n")
    out = _score_cli(tmp_path, "reversed.yaml", "---\n".join(reversed(parts)), "--json")
    back = json.loads(out.stdout)
    assert out.exit_code == 1 and back["ranking"] == report["ranking"] and back["winners"] == report["winners"]
    assert sorted((v["rule"], v["message"], v["where"]) for v in back["violations"]) == sorted(
        (v["rule"], v["message"], v["where"]) for v in report["violations"])
    # the stream imports back as the same table (one file)
    again = client.post("/api/import", json={"game": "rollncook", "files": [{"name": name, "text": yaml_text}]})
    assert again.status_code == 201, again.text
    assert again.json()["moves"] == table["moves"] and again.json()["report"] == report
    # one broken document in the stream: exit 2, one line naming the stream's line
    bad_line = [i for i, line in enumerate(lines, 1) if line.startswith("player:")][2]  # the third record's
    broken = "\n".join(lines[:bad_line - 1] + ["player: [Bo]"] + lines[bad_line:]) + "\n"
    out = _score_cli(tmp_path, "broken.yaml", broken)
    assert out.exit_code == 2 and out.stdout == ""
    assert out.stderr.strip() == f"printkit: error: broken.yaml:{bad_line}: player: expected a valid string"
    assert len(out.stderr.strip().splitlines()) == 1
    r = client.post("/api/import", json={"game": "rollncook", "files": [{"name": "broken.yaml", "text": broken}]})
    assert r.status_code == 400 and r.json()["error"].startswith(f"broken.yaml:{bad_line}: player:")
    out = _score_cli(tmp_path, "empty-doc.yaml", parts[0] + "---\n---\n" + parts[1])
    assert out.exit_code == 2 and "record 2 of 3 is empty" in out.stderr and len(out.stderr.strip().splitlines()) == 1
