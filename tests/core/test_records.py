"""Reading records the same way for every game (SCORING.md): YAML 1.2, one clear line for an
unreadable file, the record's file and line on every violation, and a record for another game
named as such."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

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
