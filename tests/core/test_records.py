"""Reading records the same way for every game (SCORING.md): YAML 1.2, one clear line for an
unreadable file, the record's file and line on every violation, and a record for another game
named as such."""

from __future__ import annotations

import json
import os
import signal
from pathlib import Path

import pytest
from typer.testing import CliRunner

from printkit.cli import app

from printkit.core.score import PlayerResult, Report, Violation, locate
from printkit.core.yamlio import parse_text
from tests.conftest import run_cli

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"


@pytest.mark.parametrize("text,value", [
    ("v: 10:00", "10:00"),          # YAML 1.1: 600 (base 60)
    ("v: 1:30:00", "1:30:00"),
    ("v: 010", 10),                 # YAML 1.1: 8 (octal)
    ("v: 0o10", 8),
    ("v: 0x1F", 31),
    ("v: 1_000", "1_000"),          # YAML 1.1: 1000
    ("v: -7", -7),
    ("v: 2.5", 2.5),
    ("v: 1e3", 1000.0),
    ("v: on", "on"),                # YAML 1.1: True
    ("v: no", "no"),                # YAML 1.1: False
    ("v: Yes", "Yes"),
    ("v: true", True),
    ("v: False", False),
    ("on: 1", None),                # a key: stays the word 'on'
])
def test_records_are_yaml_1_2(text, value):
    data, _ = parse_text(text)
    if value is None:
        assert data == {"on": 1}
    else:
        assert data["v"] == value and type(data["v"]) is type(value)


def test_yaml_in_flow_style_is_not_taken_for_broken_json():
    data, _ = parse_text("{sheet: RNC1-7, end: {dishes: {pizza: 2}}}\n", allow_json=True)
    assert data == {"sheet": "RNC1-7", "end": {"dishes": {"pizza": 2}}}
    assert parse_text('{"a": [1, 2]}', allow_json=True)[0] == {"a": [1, 2]}
    with pytest.raises(ValueError, match="not valid JSON"):
        parse_text('{"a": [1, 2}', allow_json=True)


def test_locate_gives_each_violation_its_records_file_and_line():
    text = "players: [Ann, Bo]\nturns:\n  - {player: Ann}\n  - {player: Bo,\n     tile: x}\n"
    _, table = parse_text(text)
    other = "a: 1\nb:\n  - 1\n  - 2\n"
    _, table2 = parse_text(other)
    rep = Report("g", [Violation("turn 2", "X-1", "bad", path=("turns", 1)),
                       Violation("b[1]", "X-2", "bad too", path=("b", 1), record=1),
                       Violation("game", "X-3", "no entry", path=())],
                 [PlayerResult("Ann", 1)], ["Ann"], ["Ann"])
    out = locate(rep, [("one.yaml", None, table), ("-", None, table2)])
    assert [(v.file, v.line) for v in out.violations] == [("one.yaml", 4), ("<stdin>", 4), ("one.yaml", None)]
    assert str(out.violations[0]) == "one.yaml:4: turn 2: bad [X-1]"
    assert out.to_json()["violations"][1] == {"where": "b[1]", "rule": "X-2", "message": "bad too",
                                              "file": "<stdin>", "line": 4}
    assert out.winners == [] and "no winner: the record breaks the rules" in out.human()


def test_cli_violations_name_file_and_line(tmp_path):
    text = (EXAMPLES / "gemblo" / "four-players.yaml").read_text()
    lines = text.splitlines()
    k = next(i for i, line in enumerate(lines) if "piece:" in line and "red" in line)
    k = next(i for i in range(k + 1, len(lines)) if "red" in lines[i] and "piece:" in lines[i])  # red's 2nd
    lines[k] = lines[k].split("{")[0] + "{colour: red, piece: M1, cells: [[0, 0]]}"
    p = tmp_path / "g.yaml"
    p.write_text("\n".join(lines) + "\n")
    r = run_cli("score", "gemblo", str(p))
    assert r.exit_code == 1
    assert f"{p}:{k + 1}: move " in r.stdout and "[GEM-4]" in r.stdout
    out = json.loads(run_cli("score", "gemblo", str(p), "--json").stdout)
    assert out["violations"][0]["line"] == k + 1 and out["winners"] == []


@pytest.mark.parametrize("asked,record,title", [
    ("gemblo", "jubako/two-players.yaml", "Jubako"),
    ("jubako", "gemblo/two-players.yaml", "Gemblo"),
    ("gimbap", "trickdumpling/four-players.yaml", "Trick Dumpling"),
    ("trickdumpling", "gimbap/two-players.yaml", "Gimbap"),
    ("gimbap", "rollncook/solo-seed7.yaml", "Roll n Cook"),
])
def test_a_record_for_another_game_says_so(asked, record, title):
    r = run_cli("score", asked, str(EXAMPLES / record))
    assert r.exit_code == 2
    game = record.split("/")[0]
    assert f"this looks like a {title} record, not a {asked} one; score it with: printkit score {game}" in r.stderr
    assert len(r.stderr.strip().splitlines()) == 1


def test_a_record_that_names_another_game_says_so(tmp_path):
    p = tmp_path / "r.yaml"
    p.write_text("game: jubako\nplayers: 2\n")
    r = run_cli("score", "gemblo", str(p))
    assert r.exit_code == 2 and "looks like a Jubako record" in r.stderr


@pytest.mark.parametrize("text,words", [
    ("- 1\n- 2\n", "a record is a mapping of keys (such as players: ...), not a list"),
    ("42\n", "not a single value"),
    ("players: [Ann, Bo]\nrounds: [3]\n", "rounds[0]: expected a mapping of keys"),
])
def test_unreadable_records_never_show_internal_names(tmp_path, text, words):
    p = tmp_path / "r.yaml"
    p.write_text(text)
    r = run_cli("score", "gimbap", str(p))
    assert r.exit_code == 2 and words in r.stderr
    assert "instance of" not in r.stderr and "Record" not in r.stderr and "Traceback" not in r.stderr


# -- issue 15: bounded reading, whole numbers, nothing quietly wrong, nothing raw on the terminal ---

def _score(tmp_path, game: str, text: str, *more: str, name: str = "r.yaml"):
    p = tmp_path / name
    p.write_text(text, encoding="utf-8")
    return run_cli("score", game, str(p), *more)


def _refused(r, words: str) -> None:
    assert r.exit_code == 2, r.output
    assert words in r.stderr, r.stderr
    assert len(r.stderr.strip().splitlines()) == 1 and "internal error" not in r.stderr


@pytest.mark.parametrize("text,line", [
    ("[" * 1000 + "]" * 1000, 1),                                   # RecursionError before
    ('{"a":' * 1000 + "1" + "}" * 1000, 1),
    ("players:\n" + "".join("  " * i + "- \n" for i in range(1, 200)), 51),
    ("a: " + "[" * 1000 + "]" * 1000, 1),
], ids=["json-lists", "json-objects", "yaml-block", "yaml-flow"])
def test_a_record_nested_too_deep_is_refused(tmp_path, text, line):
    r = _score(tmp_path, "gimbap", text)
    _refused(r, f"r.yaml:{line}: lists and mappings nested more than 50 deep")


@pytest.mark.parametrize("text", [
    "players:\n" + "- 1\n" * 150_000,                               # 600 KB, 150,000 items
    "[" + ",".join(["1"] * 150_000) + "]",
    "a: &a [1,1,1,1,1,1,1,1,1,1]\nb: &b [*a,*a,*a,*a,*a,*a,*a,*a,*a,*a]\nc: &c [*b,*b,*b,*b,*b,*b,*b,*b,*b,*b]\n"
    "d: &d [*c,*c,*c,*c,*c,*c,*c,*c,*c,*c]\ne: &e [*d,*d,*d,*d,*d,*d,*d,*d,*d,*d]\n",  # an alias bomb
], ids=["yaml-list", "json-list", "alias-bomb"])
def test_a_record_of_too_many_values_is_refused_before_it_is_built(tmp_path, text):
    r = _score(tmp_path, "gimbap", text)
    _refused(r, "more than 100000 values")
    if text.startswith("players"):
        assert "r.yaml:" in r.stderr and int(r.stderr.split("r.yaml:")[1].split(":")[0]) <= 100_002


def test_a_record_larger_than_the_limit_is_refused(tmp_path):
    _refused(_score(tmp_path, "gimbap", "# " + "x" * 1_000_000 + "\n"), "larger than 1000000 bytes")
    r = CliRunner().invoke(app, ["score", "gimbap", "-"], input=b"\0" * 2_000_000)
    _refused(r, "<stdin>: the input is larger than 1000000 bytes")


def test_a_device_a_pipe_or_a_folder_is_refused_without_reading_it(tmp_path):
    fifo = tmp_path / "fifo"
    os.mkfifo(fifo)
    signal.alarm(10)  # opening the FIFO for reading would wait for a writer forever
    try:
        for path, kind in [("/dev/zero", "a device"), (str(fifo), "a pipe (FIFO)"), (str(tmp_path), "a folder")]:
            r = run_cli("score", "gimbap", path)
            _refused(r, f"{path}: not a record file but {kind}; give a YAML or JSON file")
    finally:
        signal.alarm(0)


@pytest.mark.parametrize("text,words", [
    ("players: [Ann, Bo]\nrounds: []\nplayers: [Cy, Dee]\n", "r.yaml:3: the key 'players' is given twice (lines 1 and 3)"),
    ("players: [Ann, Bo]\nrounds:\n  - {first: Ann, first: Bo}\n", "r.yaml:3: the key 'first' is given twice on line 3"),
    ('{"players": ["Ann", "Bo"],\n "rounds": [],\n "players": ["Cy", "Dee"]}', "r.yaml:3: the key 'players' is given twice"),
    ('{"players": ["Ann", "Bo"], "rounds": [], "x": NaN}', "NaN is not a number JSON has"),
    ('{"players": ["Ann", "Bo"], "rounds": [], "x": ' + "9" * 200 + "}", "a number of more than 100 digits"),
    ("players: [Ann, Bo]\nrounds: []\nx: " + "9" * 200 + "\n", "r.yaml:3: a number of more than 100 digits"),
])
def test_duplicate_keys_and_impossible_numbers_are_refused(tmp_path, text, words):
    _refused(_score(tmp_path, "gimbap", text), words)


GIMBAP_2P = "players: [Sora, Min]\ntokens: [{token}, 4/1, 3/2, 2/2, 2/1, 1/3]\nrounds: []\n"


@pytest.mark.parametrize("token", ["{points: 4.9, radish: 3}", "[true, 3]", "{points: .inf, radish: 3}",
                                   "{points: null, radish: 3}", "{points: [4], radish: 3}", "[4.0, 3]",
                                   '"٤/٣"', '"4/3' + "0" * 5000 + '"'])
def test_a_gimbap_token_needs_whole_numbers(tmp_path, token):
    _refused(_score(tmp_path, "gimbap", GIMBAP_2P.format(token=token)), "r.yaml:2: tokens[0]: expected a token")
    assert _score(tmp_path, "gimbap", GIMBAP_2P.format(token="{points: 4, radish: 3}")).exit_code == 0  # reads


@pytest.mark.parametrize("game,example,old,new,words", [
    ("rollncook", "rollncook/solo-seed7.yaml", "dice: [1, 3, 5]", "dice: [1, true, 5]", "expected a whole number (such as 4), not true"),
    ("rollncook", "rollncook/solo-seed7.yaml", "dice: [1, 3, 5]", "dice: [1, 3.0, 5]", "not 3.0"),
    ("rollncook", "rollncook/solo-seed7.yaml", "dice: [1, 3, 5]", 'dice: [1, "3", 5]', 'not "3"'),
    ("rollncook", "rollncook/solo-seed7.yaml", 'hour: "10:00"', 'hour: "١٠:٠٠"', "is not an hour of the sheet"),
    ("rollncook", "rollncook/solo-seed7.yaml", "sheet: RNC1-7", "sheet: RNC1-18446744073709551623",
     "its seed is beyond 9223372036854775807"),
    ("rollncook", "rollncook/solo-seed7.yaml", "sheet: RNC1-7", "sheet: RNC1-9223372036854775808", "beyond"),
    ("rollncook", "rollncook/solo-seed7.yaml", "sheet: RNC1-7", "sheet: RNC1-٧", "is not a sheet id"),
    ("gemblo", "gemblo/two-players.yaml", "players: 2", "players: 2.0", "players: expected a whole number"),
    ("gemblo", "gemblo/two-players.yaml", "[[-10, 7],", "[[-10, .nan],", "expected a whole number"),
    ("jubako", "jubako/two-players.yaml", "cells: [B4, C4]", "cells: [B٤, C4]", "is not a cell of the 5x5 board"),
])
def test_numbers_in_records_are_whole_ascii_and_in_range(tmp_path, game, example, old, new, words):
    text = (EXAMPLES / example).read_text(encoding="utf-8")
    assert old in text
    _refused(_score(tmp_path, game, text.replace(old, new, 1)), words)


def test_one_players_record_given_twice_is_refused(tmp_path):
    ann = str(EXAMPLES / "rollncook" / "solo-seed7.yaml")
    r = run_cli("score", "rollncook", ann, ann)
    _refused(r, "Ann's record is given twice (records 1 and 2): give each player's record once")
    assert r.stdout == ""


def test_control_characters_from_a_record_never_reach_the_terminal(tmp_path):
    text = (EXAMPLES / "rollncook" / "solo-seed7.yaml").read_text()
    evil = "Ann\x1b[2J\nwinner: Eve\u202e"
    r = _score(tmp_path, "rollncook", text.replace("player: Ann", f"player: {json.dumps(evil)}"))
    assert r.exit_code == 0
    assert "\x1b" not in r.stdout and "\u202e" not in r.stdout
    assert not any(line.startswith("winner: Eve") for line in r.stdout.splitlines())
    assert "Ann\\x1b[2J\\nwinner: Eve\\u202e" in r.stdout
    out = _score(tmp_path, "rollncook", text.replace("player: Ann", f"player: {json.dumps(evil)}"), "--json")
    assert json.loads(out.stdout)["players"][0]["name"] == evil          # JSON stays exact
    # A violation's line, and an unreadable record's message, are escaped too.
    bad = text.replace("player: Ann", f"player: {json.dumps(evil)}").replace("dice: [1, 3, 5]", "dice: [2, 3, 5]", 1)
    r = _score(tmp_path, "rollncook", bad)
    assert r.exit_code == 1 and "\x1b" not in r.stdout and "Ann\\x1b[2J\\nwinner: Eve" in r.stdout
    jub = (EXAMPLES / "jubako" / "two-players.yaml").read_text().replace(
        "players: [Ann, Bo]", 'players: [Ann, Bo]\noptions: {favorite_food: {"Ann": [nope\\u001b]}}')
    r = _score(tmp_path, "jubako", jub.replace("[nope\\u001b]", '["nope\\u001b[2J"]'))
    _refused(r, "unknown delicacy")
    assert "\x1b" not in r.stderr


@pytest.mark.parametrize("text,words", [
    ("{sheet: RNC1-7, player: Ann,\n end: {dishes: {pizza: 2}}\n", "not valid YAML: did not find expected ',' or '}'"),
    ("[{sheet: RNC1-7}, {b: 2]\n", "r.yaml:1: not valid YAML"),
    ('{"sheet": "RNC1-7", "player": "Ann"\n "end": 3}\n', "r.yaml:2: not valid JSON: Expecting ',' delimiter"),
])
def test_broken_flow_style_yaml_is_named_yaml_and_broken_json_json(tmp_path, text, words):
    _refused(_score(tmp_path, "rollncook", text), words)
