"""Write a generated record in a documented format, score it with the real CLI, compare."""

from __future__ import annotations

import json
import re
from pathlib import Path

import yaml

from tests.conftest import run_cli


def write_record(rec: dict, path: Path, as_yaml: bool) -> Path:
    if as_yaml:
        path = path.with_suffix(".yaml")
        # libyaml's emitter when PyYAML has it: the same text as safe_dump (checked for every
        # record of the corpus), about three times faster
        text = yaml.dump(rec, Dumper=getattr(yaml, "CSafeDumper", yaml.SafeDumper), sort_keys=False,
                         default_flow_style=None, width=200)
        # Records are YAML 1.2 (docs/records.md): write on, no, yes ... bare, as a person would.
        text = re.sub(r"'(on|On|no|No|yes|Yes|off|Off)'", r"\1", text)
        path.write_text(text)
    else:
        path = path.with_suffix(".json")
        path.write_text(json.dumps(rec, indent=1))
    return path


def score(game: str, path: Path) -> tuple[int, dict | None, str]:
    r = run_cli("score", game, str(path), "--json")
    try:
        out = json.loads(r.stdout)
    except ValueError:
        out = None
    return r.exit_code, out, r.output


def disagreements(verdict, code: int, out: dict | None, brk: str | None, break_rules: dict,
                  check_totals: bool = True) -> list[str]:
    """Everything on which printkit's report differs from the independent verdict."""
    if out is None:
        return [f"exit {code}, no JSON report"]
    bad = []
    want_code = 0 if verdict.valid else 1
    if code != want_code:
        bad.append(f"exit code {code}, expected {want_code}")
    if out.get("valid") != verdict.valid:
        bad.append(f"valid {out.get('valid')}, expected {verdict.valid}")
    totals = {p["name"]: p["total"] for p in out.get("players", [])}
    if check_totals and totals != verdict.totals:
        bad.append(f"totals {totals}, expected {verdict.totals}")
    if check_totals and out.get("ranking") != verdict.ranking:
        bad.append(f"ranking {out.get('ranking')}, expected {verdict.ranking}")
    if out.get("winners") != verdict.winners:
        bad.append(f"winners {out.get('winners')}, expected {verdict.winners}")
    if verdict.valid and bool(out.get("unfinished")) != verdict.unfinished:
        bad.append(f"unfinished {out.get('unfinished')}, expected {verdict.unfinished}")
    if brk in break_rules:
        reported = {v.get("rule") for v in out.get("violations", [])}
        if not reported & break_rules[brk]:
            bad.append(f"injected break {brk!r}: none of {sorted(break_rules[brk])} among reported {sorted(reported)}")
        if not verdict.rules & break_rules[brk]:
            bad.append(f"referee missed its own injected break {brk!r}: {sorted(verdict.rules)}")
    return bad
