"""Rule ids are explained by the project alone: docs/rules/GAME.md and ``printkit rules``.

A clone has no ``../shared/``, so every id a scorer cites or a doc mentions must be defined in
the game's docs/rules file, in the one shape ``printkit rules`` reads.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from printkit.core import rules_docs
from printkit.core.resources import ROOT
from printkit.errors import PrintkitError
from tests.conftest import run_cli

#: The shared rulings (../shared/RULINGS.md), written out so the test runs in a clone too.
SHARED = {
    "gimbap": [f"GIM-{n}" for n in range(1, 9)],
    "gemblo": [f"GEM-{n}" for n in range(1, 8)],
    "trickdumpling": [f"TD-{n}" for n in range(1, 16)],
    "rollncook": [f"RNC-{n}" for n in range(1, 13)],
    "jubako": [f"JUB-{n}" for n in range(1, 8)],
}
#: The id prefixes: found in the rules files (each game's own, and the project's PK rulings), not listed.
PREFIXES = tuple(sorted({rid.split("-")[0] for b in rules_docs.rulebooks().values() for rid in b.rules}))
CITED = re.compile(r"\b(?:%s)-\d+\b" % "|".join(PREFIXES))
#: A bare id as a string literal, such as the rule of a Violation: "RNC-11".
LITERAL = re.compile(r"""["']([A-Z]{2,4}-\d+)["']""")


@pytest.fixture(scope="module")
def books():
    return rules_docs.rulebooks()


def cited_ids(root: Path) -> dict[str, set[Path]]:
    """Every rule id written anywhere in the package's source, with the files citing it."""
    found: dict[str, set[Path]] = {}
    for path in sorted((root / "printkit").rglob("*.py")):
        for rid in CITED.findall(path.read_text(encoding="utf-8")):
            found.setdefault(rid, set()).add(path)
    return found


def undefined(root: Path, books) -> list[str]:
    """Ids cited in the source but not defined where a reader would look: in the game's own
    docs/rules file for code under printkit/games/GAME/, in some game's file otherwise."""
    problems = []
    everywhere = {rid for b in books.values() for rid in b.rules}
    for rid, paths in cited_ids(root).items():
        for path in paths:
            parts = path.relative_to(root).parts
            game = parts[2] if len(parts) > 3 and parts[1] == "games" else None
            if game in books:
                if rid not in books[game].rules:
                    problems.append(f"{path.relative_to(root)} cites {rid}, not in docs/rules/{game}.md")
            elif rid not in everywhere:
                problems.append(f"{path.relative_to(root)} cites {rid}, defined in no docs/rules file")
    return sorted(problems)


def test_the_rules_folder_is_found_from_the_checkout(books):
    """One rules file for each game the package scores, and none for a game it does not have."""
    from printkit.core.registry import game_modules, scorers

    assert rules_docs.rules_dir() == ROOT / "docs" / "rules"
    assert set(SHARED) <= set(books) and {"GIM", "GEM", "TD", "RNC", "JUB", "PK"} <= set(PREFIXES)
    ours = [m.rsplit(".", 1)[1] for m in game_modules(installed=False) if m.startswith("printkit.games.")]
    assert sorted(books) == sorted(g for g in scorers() if g in ours)
    assert books["trickdumpling"].title == "Trick Dumpling" and books["rollncook"].title == "Roll n Cook"


@pytest.mark.parametrize("game", sorted(SHARED))
def test_every_shared_ruling_is_defined_in_its_game_file(books, game):
    defined = books[game].rules
    missing = [rid for rid in SHARED[game] if rid not in defined]
    assert not missing, f"docs/rules/{game}.md lacks {missing}"
    for rid in SHARED[game]:
        rule = defined[rid]
        assert rule.title and len(rule.text) >= 60, f"{rid}: a title and a real explanation"


def test_each_prefix_belongs_to_one_game_and_ids_are_unique(books):
    owner: dict[str, str] = {}
    for game, book in books.items():
        for rid in book.rules:
            prefix = rid.split("-")[0]
            if prefix != "PK":
                assert owner.setdefault(prefix, game) == game, f"{prefix} ids in {owner[prefix]} and {game}"
    all_ids = [rid for b in books.values() for rid in b.rules]
    assert len(all_ids) == len(set(all_ids)), "an id is defined in two games' files"


def test_project_rulings_match_the_game_files(books):
    """docs/rulings.md gives each PK ruling's reasons under its game's heading; the same id is
    explained in that game's file, and no file defines a PK id the rulings do not have."""
    text = (ROOT / "docs" / "rulings.md").read_text(encoding="utf-8")
    section, by_game = None, {}
    for line in text.splitlines():
        if line.startswith("## "):
            section = line[3:].strip()
        m = re.match(r"- \*\*(PK-\d+) ", line)
        if m:
            by_game[m[1]] = section
    assert len(by_game) >= 16
    titles = {b.title: g for g, b in books.items()}
    for rid, section in by_game.items():
        assert section in titles, f"{rid} is under '## {section}', not a game's title"
        assert rid in books[titles[section]].rules, f"{rid} is not explained in docs/rules/{titles[section]}.md"
    defined_pk = {rid for b in books.values() for rid in b.rules if rid.startswith("PK-")}
    assert defined_pk == set(by_game)


def test_every_id_the_source_cites_is_defined_in_its_game_file(books):
    assert cited_ids(ROOT), "the scan finds the ids cited in printkit/"
    assert undefined(ROOT, books) == []


def test_every_bare_id_literal_in_the_source_has_a_known_prefix():
    """A scorer citing a family of ids ("XY-1") that no rules file defines would escape the scan above."""
    odd = {m for p in (ROOT / "printkit").rglob("*.py")
           for m in LITERAL.findall(p.read_text(encoding="utf-8")) if m.split("-")[0] not in PREFIXES}
    assert odd == set()


def test_every_id_the_docs_mention_is_defined(books):
    everywhere = {rid for b in books.values() for rid in b.rules}
    docs = [ROOT / "README.md", *sorted((ROOT / "docs").rglob("*.md"))]
    missing = {f"{p.relative_to(ROOT)}: {rid}" for p in docs
               for rid in CITED.findall(p.read_text(encoding="utf-8")) if rid not in everywhere}
    assert sorted(missing) == []


def test_the_scan_catches_an_undefined_id(tmp_path, books):
    """The checks above can fail: a scorer citing an id its game's file lacks is reported."""
    scorer = tmp_path / "printkit" / "games" / "trickdumpling" / "scorer.py"
    scorer.parent.mkdir(parents=True)
    scorer.write_text('Violation(where, "TD-99", "x")\nViolation(where, "GIM-1", "y")\n')
    core = tmp_path / "printkit" / "core" / "x.py"
    core.parent.mkdir(parents=True)
    core.write_text('# RNC-3 and PK-77\n')
    assert undefined(tmp_path, books) == [
        "printkit/core/x.py cites PK-77, defined in no docs/rules file",
        "printkit/games/trickdumpling/scorer.py cites GIM-1, not in docs/rules/trickdumpling.md",
        "printkit/games/trickdumpling/scorer.py cites TD-99, not in docs/rules/trickdumpling.md",
    ]


# The file format and the loader.

def write(folder: Path, name: str, text: str) -> Path:
    folder.mkdir(exist_ok=True)
    path = folder / name
    path.write_text(text, encoding="utf-8")
    return path


def test_loader_reads_entries_and_skips_prose_and_code(tmp_path):
    write(tmp_path, "README.md", "- **XX-1 Not a game.** skipped\n")
    write(tmp_path, "toy.md", "# Toy Game\n\nSome prose.\n\n```\n- **TY-9 Example.** in code\n```\n\n"
                              "- **TY-1 First rule.** Line one\n  line two.\n  - a sub-item\n\n"
                              "- **TY-2 Is it \"Done!\"?** Yes.\nNot part of TY-2.\n")
    books = rules_docs.rulebooks(tmp_path)
    assert list(books) == ["toy"]
    toy = books["toy"]
    assert toy.title == "Toy Game" and list(toy.rules) == ["TY-1", "TY-2"]
    assert toy.rules["TY-1"].title == "First rule"
    assert toy.rules["TY-1"].text == "Line one\nline two.\n- a sub-item"
    assert toy.rules["TY-1"].line == 9
    assert toy.rules["TY-2"].title == 'Is it "Done!"?' and toy.rules["TY-2"].text == "Yes."
    assert rules_docs.rule("toy", "ty-2", tmp_path).id == "TY-2"


@pytest.mark.parametrize("text,message", [
    ("- **TY-1 A.** x\n- **TY-1 B.** y\n", "toy.md:2: rule TY-1 is defined twice (first at line 1)"),
    ("- **TY-1 No stop** x\n", "toy.md:1: a rule entry is written"),
    ("- **TY-1 Empty.**\n", "toy.md:1: rule TY-1 has a title but no text"),
])
def test_loader_rejects_a_malformed_file_naming_the_line(tmp_path, text, message):
    write(tmp_path, "toy.md", text)
    with pytest.raises(PrintkitError, match=re.escape(message)):
        rules_docs.rulebooks(tmp_path)


def test_a_missing_rules_folder_is_one_clear_error(tmp_path):
    with pytest.raises(PrintkitError, match="no rules folder"):
        rules_docs.rulebooks(tmp_path / "nowhere")


def test_printed_text_is_plain_and_wrapped():
    text = rules_docs.explain(rules_docs.rule("gimbap", "GIM-3"))
    assert text.startswith("GIM-3 Order dice\n\n(data) ")
    assert "**" not in text and "`" not in text and "*(" not in text
    assert all(len(line) <= rules_docs.WIDTH for line in text.splitlines())
    assert "\n- die 4, two strips: " in text


# The command.

def test_rules_help_has_an_example():
    r = run_cli("rules", "--help")
    assert r.exit_code == 0
    assert "Example" in r.output and "printkit rules trickdumpling TD-7" in r.output
    assert "printkit rules trickdumpling --ids" in r.output
    assert "rules" in run_cli("--help").output


@pytest.mark.parametrize("game", sorted(rules_docs.rulebooks()))
def test_rules_ids_lists_every_id_with_its_title(books, game):
    r = run_cli("rules", game, "--ids")
    assert r.exit_code == 0, r.output
    listed = [line.split()[0] for line in r.stdout.splitlines() if line.startswith("  ")]
    assert listed == list(books[game].rules)
    assert set(SHARED.get(game, [])) <= set(listed)
    assert books[game].title in r.stdout
    assert "docs/" not in r.stdout  # no path an installed user does not have


@pytest.mark.parametrize("game", sorted(rules_docs.rulebooks()))
def test_rules_prints_the_games_whole_rules_text(books, game):
    """Not a path to a docs folder (a wheel or pipx user has none): the text, every rule in it."""
    r = run_cli("rules", game)
    assert r.exit_code == 0, r.output
    assert r.stdout == books[game].file.read_text(encoding="utf-8").rstrip("\n") + "\n"
    assert r.stdout.startswith(f"# {books[game].title}\n")
    assert all(f"- **{rid} " in r.stdout for rid in books[game].rules)


@pytest.mark.parametrize("game,rid,words", [
    ("trickdumpling", "TD-7", ["TD-7 Perfect Dish", "exactly 10", '"No way!"', '"Accept!"']),
    ("trickdumpling", "td-15", ["TD-15 Tricks the Master leads", "put their cards down together", "never changes anything"]),
    ("gemblo", "GEM-4", ["GEM-4 Placing a piece", "start cells", "(2,-1) (1,-2) (-1,-1)"]),
    ("rollncook", "RNC-2", ["RNC-2 Using a result", "segment v", "only once"]),
    ("rollncook", "PK-15", ["PK-15 ", "mystery ingredient"]),
    ("jubako", "JUB-5", ["JUB-5 ", "1 point", "none of your three tiles"]),
    ("gimbap", "PK-2", ['PK-2 Everyone says "Done!"', "correct: false"]),
])
def test_rules_prints_an_ids_full_text(game, rid, words):
    r = run_cli("rules", game, rid)
    assert r.exit_code == 0, r.output
    flat = " ".join(r.stdout.split())
    for w in words:
        assert w in flat
    assert r.stdout.count("\n") >= 3


@pytest.mark.parametrize("args,message", [
    (["rules", "chess"], "no rules for 'chess'; games with rules: " + ", ".join(sorted(rules_docs.rulebooks()))),
    (["rules", "gimbap", "GIM-99"], "Gimbap has no rule GIM-99"),
    (["rules", "gimbap", "TD-7"], "TD-7 is not a Gimbap rule: it is trickdumpling's (printkit rules trickdumpling TD-7)"),
    (["rules", "jubako", "perfect"], "'perfect' is not a rule id"),
    (["rules", "readme"], "no rules for 'readme'"),
])
def test_rules_unknown_game_or_id_is_one_line_exit_2(args, message):
    r = run_cli(*args)
    assert r.exit_code == 2
    assert r.stdout == ""
    lines = r.stderr.splitlines()
    assert len(lines) == 1 and lines[0].startswith("printkit: error: ") and message in lines[0]
    assert "Traceback" not in r.stderr
