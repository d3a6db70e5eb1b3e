"""Rule ids explained: reads ``docs/rules/GAME.md`` (one file a game) for ``printkit rules``.

It knows no game: a game is a Markdown file in the rules folder, its title the file's ``# ``
heading, its rules the entries written as (see docs/rules/README.md)::

    - **TD-7 Perfect Dish.** First line of the text ...
      more lines, indented by two spaces; a blank or unindented line ends the entry.

Everything else in a file (headings, paragraphs, fenced code) is for people and is skipped.
"""

from __future__ import annotations

import re
import textwrap
from dataclasses import dataclass
from pathlib import Path

from printkit.core.resources import data_dir
from printkit.errors import PrintkitError

#: ``- **ID Title.** text``: the id is capitals, a hyphen and a number.
ENTRY = re.compile(r"^- \*\*(?P<id>[A-Z]{2,4}-\d+)\s+(?P<title>.+?)(?P<stop>[.?!])\*\*\s*(?P<text>.*)$")
#: A line that looks like an entry's start, to report a malformed one instead of skipping it.
LOOKS_LIKE_ENTRY = re.compile(r"^- \*\*[A-Z]{2,4}-\d+")
ID = re.compile(r"^[A-Za-z]{2,4}-\d+$")
#: Columns of the printed text.
WIDTH = 88


@dataclass(frozen=True)
class Rule:
    id: str
    title: str
    text: str
    game: str
    file: Path
    line: int


@dataclass(frozen=True)
class RuleBook:
    game: str
    title: str
    file: Path
    rules: dict[str, Rule]


def rules_dir() -> Path:
    """The project's ``docs/rules/``: the checkout's, or the installed package's copy (see resources)."""
    return data_dir("docs/rules")


class _Reader:
    """Reads one rules file line by line: entries, their indented continuation lines, the title."""

    def __init__(self, path: Path):
        self.path, self.game = path, path.stem
        self.title = self.game
        self.rules: dict[str, Rule] = {}
        self.current: list | None = None  # [id, title, lines, line number]
        self.fenced = False

    def close(self) -> None:
        if self.current is not None:
            rid, rtitle, lines, lineno = self.current
            text = "\n".join(lines).strip()
            if not text:
                raise PrintkitError(f"{self.path}:{lineno}: rule {rid} has a title but no text")
            self.rules[rid] = Rule(rid, rtitle, text, self.game, self.path, lineno)
            self.current = None

    def start(self, line: str, n: int) -> list | None:
        """The entry ``line`` opens, if it opens one."""
        m = ENTRY.match(line)
        if m is None:
            if LOOKS_LIKE_ENTRY.match(line):
                raise PrintkitError(f"{self.path}:{n}: a rule entry is written '- **ID Title.** text'; "
                                    f"got {line[:60]!r}")
            return None
        rid = m["id"]
        if rid in self.rules:
            raise PrintkitError(f"{self.path}:{n}: rule {rid} is defined twice "
                                f"(first at line {self.rules[rid].line})")
        stop = "" if m["stop"] == "." else m["stop"]
        return [rid, m["title"].strip() + stop, [m["text"]], n]

    def line(self, line: str, n: int) -> None:
        if line.lstrip().startswith("```"):
            self.close()
            self.fenced = not self.fenced
        elif self.fenced:
            return
        elif self.current is not None and line.startswith("  ") and line.strip():
            self.current[2].append(line[2:])
        else:
            self.close()
            if line.startswith("# ") and self.title == self.game:
                self.title = line[2:].strip()
            self.current = self.start(line, n)


def parse(path: Path) -> RuleBook:
    """One game's file: its title and its rules in file order; a malformed entry is an error."""
    try:
        source = path.read_text(encoding="utf-8")
    except OSError as e:
        raise PrintkitError(f"{path}: cannot read the rules: {e.strerror}") from None
    r = _Reader(path)
    for n, raw in enumerate(source.splitlines(), 1):
        r.line(raw.rstrip(), n)
    r.close()
    return RuleBook(r.game, r.title, path, r.rules)


def rulebooks(folder: Path | None = None) -> dict[str, RuleBook]:
    """Every game's rules, by game name (the file name without ``.md``), sorted by name."""
    folder = folder or rules_dir()
    if not folder.is_dir():
        raise PrintkitError(f"no rules folder at {folder}: this printkit installation is incomplete "
                            "(reinstall it: see the README)")
    books = {}
    for path in sorted(folder.glob("*.md")):
        if path.stem.lower() == "readme":
            continue
        books[path.stem] = parse(path)
    return books


def book(game: str, folder: Path | None = None) -> RuleBook:
    books = rulebooks(folder)
    if game not in books:
        from printkit.making import suggest  # the other commands' "did you mean", only when it is wrong

        raise PrintkitError(f"no rules for {game!r}{suggest(game, books)}; "
                            f"games with rules: {', '.join(books) or 'none'}")
    return books[game]


def rule(game: str, rule_id: str, folder: Path | None = None) -> Rule:
    """One rule of a game; the id is matched without regard to case (``td-7`` is TD-7)."""
    found = book(game, folder)
    key = rule_id.strip().upper()
    if key in found.rules:
        return found.rules[key]
    if not ID.match(key):
        raise PrintkitError(f"{rule_id!r} is not a rule id: ids look like "
                            f"{next(iter(found.rules), 'GIM-1')} (see 'printkit rules {game} --ids')")
    elsewhere = [g for g, b in rulebooks(folder).items() if key in b.rules]
    if elsewhere:
        raise PrintkitError(f"{key} is not a {found.title} rule: it is {elsewhere[0]}'s "
                            f"(printkit rules {elsewhere[0]} {key})")
    raise PrintkitError(f"{found.title} has no rule {key}; 'printkit rules {game} --ids' lists its rules")


def listing(found: RuleBook) -> str:
    """Every id of a game with its title, one a line."""
    width = max((len(r) for r in found.rules), default=0)
    lines = [f"{found.title} rule ids:"]
    lines += [f"  {r.id:<{width}}  {plain(r.title)}" for r in found.rules.values()]
    lines.append(f"Read one with: printkit rules {found.game} ID")
    return "\n".join(lines)


def full_text(found: RuleBook) -> str:
    """A game's whole rules file, as written (Markdown reads as plain text), for ``printkit rules GAME``:
    the text itself, so that a user of an installed package needs no docs folder."""
    try:
        text = found.file.read_text(encoding="utf-8")
    except OSError as e:
        raise PrintkitError(f"{found.file}: cannot read the rules: {e.strerror}") from None
    return text.rstrip("\n")


def plain(text: str) -> str:
    """Markdown's emphasis and code marks taken out, for a terminal."""
    return re.sub(r"\*{1,2}([^*\s][^*]*?)\*{1,2}", r"\1", text).replace("`", "")


def reflow(text: str, width: int = WIDTH) -> str:
    """The text's paragraphs and list items rewrapped to ``width`` columns."""
    blocks: list[list[str]] = []
    for line in text.splitlines():
        if line.startswith("- ") or not blocks:
            blocks.append([line])
        elif line.startswith("  ") and blocks[-1][0].startswith("- "):
            blocks[-1].append(line.strip())
        elif blocks[-1][0].startswith("- "):
            blocks.append([line])
        else:
            blocks[-1].append(line.strip())
    out = []
    for block in blocks:
        joined = " ".join(part.strip() for part in block)
        indent = "  " if joined.startswith("- ") else ""
        out.append(textwrap.fill(joined, width, subsequent_indent=indent, break_long_words=False,
                                 break_on_hyphens=False))
    return "\n".join(out)


def explain(r: Rule) -> str:
    """A rule's id, title and full text, as printed by ``printkit rules GAME ID``."""
    return f"{r.id} {plain(r.title)}\n\n{reflow(plain(r.text))}"
