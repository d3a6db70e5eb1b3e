"""Hostile corpus (issue 26): game records and filled sheets that once hung or failed inside
printkit. Roll n Cook hours with runs of spaces, JSON left open after 100,000 escaped quotes, texts
past ``limits.MAX_TEXT`` and numbers as text past ``limits.MAX_DIGITS``, a lone surrogate in a
player's name, two names equal once NFC-normalised ("Zoë" composed and decomposed), standard
input closed or not UTF-8, and filled PDFs (AES-encrypted, a 4,301-digit total, an emoji a viewer
wrote as UTF-8, a die of two digits). Each is exit 2 and one line (exit 1 with the violation where
a rule is broken), within the corpus's time (see runner.py).
"""

from __future__ import annotations

import json
import unicodedata
from functools import cache
from pathlib import Path

import pytest

from tests.hostile.runner import Case, run_case

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"
#: Each game's worked example, and the name of a player in it (the first; the second for ``second``).
GAMES = {
    "jubako": ("jubako/two-players.yaml", "Ann", "Bo"),
    "gimbap": ("gimbap/two-players.yaml", "Sora", "Min"),
    "trickdumpling": ("trickdumpling/two-players-master.yaml", "Sora", "Min"),
    "gemblo": ("gemblo/two-players.yaml", "Ann", "Bo"),
    "rollncook": ("rollncook/solo-seed7.yaml", "Ann", None),
}
NFC, NFD = unicodedata.normalize("NFC", "Zoë"), unicodedata.normalize("NFD", "Zoë")
SPACES = " " * 3000


@cache
def example(game: str) -> str:
    """The game's worked example as JSON text (read as printkit reads a record: YAML 1.2)."""
    from printkit.core.yamlio import parse_text

    return json.dumps(parse_text((EXAMPLES / GAMES[game][0]).read_text(encoding="utf-8"))[0])


def named(game: str, first: str, second: str) -> str:
    """The game's example with its two players renamed (Roll n Cook: a stream of two records,
    one a player, its example being one player's)."""
    _, a, b = GAMES[game]
    text = example(game).replace(json.dumps(a), json.dumps(first))
    if b is None:
        return f"[{text}, {text.replace(json.dumps(first), json.dumps(second))}]"
    return text.replace(json.dumps(b), json.dumps(second))


def left_open(game: str) -> str:
    """The game's example cut off inside its first player's name, after 100,000 escaped quotes."""
    text = example(game)
    return text[:text.index(json.dumps(GAMES[game][1]))] + '"' + '\\"' * 100_000


def rollncook(change: dict) -> str:
    """Roll n Cook's example with the first hour's entries changed."""
    rec = json.loads(example("rollncook"))
    rec["hours"][0].update(change)
    return json.dumps(rec)


def score(game: str, text: str, **kw) -> dict:
    return dict(argv=["score", game, "r.json"], files={"r.json": text}, **kw)


# -- hangs: each once ran for minutes, so each runs as a process (stopped as a hang after 30 s) ----

HANGS = [
    Case("rnc-hour-spaces", exit=2, message=r"hours\[0\]\.hour: \"10 +\.\.\. is not an hour of the sheet",
         process=True, **score("rollncook", rollncook({"hour": "10" + SPACES + "x"}))),
    Case("rnc-table-hour-spaces", exit=2, message=r"hours\[0\]\.take\[0\]\.table: \"13 +\.\.\. is not an hour",
         process=True, **score("rollncook", rollncook({"take": [{"table": "13" + SPACES + "x", "segment": 5}]}))),
] + [Case(f"json-left-open-after-escaped-quotes-{g}", exit=2, message=r"r\.json:1: not valid JSON: Unterminated string",
          process=True, **score(g, left_open(g))) for g in GAMES]

# -- texts and numbers past the limits of printkit/core/limits.py, checked before they are scanned --

LIMITS = [
    Case("rnc-hour-in-arabic-digits", exit=2, message=r"hours\[0\]\.hour: .* is not an hour of the sheet",
         **score("rollncook", rollncook({"hour": "\u0661\u0660:00"}))),
    Case("rnc-hour-trailing-spaces-still-reads", exit=0, message=r"rollncook: legal",
         **score("rollncook", rollncook({"hour": "10" + SPACES}))),
    Case("rnc-hour-past-max-text", exit=2, message=r"hours\[0\]\.hour: a text of 10002 characters; .* at most 10000",
         **score("rollncook", rollncook({"hour": "10" + " " * 10_000}))),
    Case("rnc-sheet-id-of-5000-digits", exit=2, message=r"sheet: \"RNC1-9+\.\.\. is not a sheet id",
         **score("rollncook", example("rollncook").replace('"RNC1-7"', '"RNC1-' + "9" * 5000 + '"'))),
    Case("yaml-anchor-inside-itself", exit=2, message=r"r\.yaml: an anchor used inside itself",
         argv=["score", "gimbap", "r.yaml"], files={"r.yaml": "players: &a [*a]\n"}),
] + [Case(f"name-of-100000-quotes-{g}", exit=2, message=r"r\.json:1: [\w.\[\]]+: a text of 100000 characters; "
                                                        r".* at most 10000",
          **score(g, example(g).replace(json.dumps(GAMES[g][1]), json.dumps('"' * 100_000), 1))) for g in GAMES]

# -- names: a lone surrogate; one name composed and decomposed; the same name twice (Gemblo) --------

NAMES = [Case(f"lone-surrogate-in-a-name-{g}", exit=2, message=r"r\.json:1: [\w.\[\]]+: a lone surrogate '\\ud800'",
              **score(g, named(g, "Ann2", "\ud800"))) for g in GAMES]
NAMES += [Case(f"nfc-and-nfd-names-are-one-{g}", exit=2,
               message=r"player names must differ" if g != "rollncook" else r"record is given twice \(records 1 and 2\)",
               **score(g, named(g, NFC, NFD))) for g in GAMES]
NAMES += [Case("gemblo-two-players-one-name", exit=2, message=r"r\.json:1: names: player names must differ",
               **score("gemblo", named("gemblo", "Ann", "Ann")))]

# -- standard input ---------------------------------------------------------------------------------

STDIN = [
    Case("stdin-closed", ["score", "jubako", "-"], 2, r"<stdin>: no record on standard input", stdin="closed"),
    Case("stdin-not-utf8", ["score", "jubako", "-"], 2, r"<stdin>: not UTF-8 text",
         stdin=b"game: jubako\nplayers: [Zo\xeb, Bo]\nturns: []\n"),
]


# -- filled PDFs --------------------------------------------------------------------------------------

@cache
def blank() -> bytes:
    """The empty fillable sheet RNC1-7."""
    from tests import kitcache

    return kitcache.pdf("rollncook", "sheet", "--seed", "7", "--fillable").read_bytes()


def filled(values: dict[str, str], raw: dict[str, bytes] | None = None):
    """A setup writing ``sheet.pdf``: the blank filled with ``values``; each value in ``raw`` is
    then replaced by its bytes as a viewer wrote them (a PDF string of the same length, so the
    file's cross-reference table stays right)."""
    def setup(folder: Path) -> None:
        from printkit.core import forms

        data = forms.fill_form(blank(), values)
        for text, written in (raw or {}).items():
            assert len(f"({text})") == len(written) and f"({text})".encode() in data
            data = data.replace(f"({text})".encode(), written)
        (folder / "sheet.pdf").write_bytes(data)
    return setup


def aes_256() -> bytes:
    """A PDF encrypted with AES-256 (revision 6 of the standard security handler), written by
    hand: pypdf's writer encrypts with AES only with the cryptography package, which printkit does
    not need. Its keys are random bytes, so no password opens it; pypdf, with the cryptography
    package or without, cannot read it (without, it stops at the AES it cannot do)."""
    objects = [b"<< /Type /Catalog /Pages 2 0 R >>", b"<< /Type /Pages /Kids [] /Count 0 >>"]
    out = b"%PDF-1.7\n"
    offsets = []
    for i, body in enumerate(objects, 1):
        offsets.append(len(out))
        out += b"%d 0 obj\n%s\nendobj\n" % (i, body)
    xref = len(out)
    out += b"xref\n0 3\n0000000000 65535 f \n" + b"".join(b"%010d 00000 n \n" % o for o in offsets)
    key = bytes(range(48)).hex().encode()
    out += (b"trailer\n<< /Size 3 /Root 1 0 R /ID [<%s> <%s>] /Encrypt << /Filter /Standard /V 5 /R 6 "
            b"/Length 256 /P -4 /CF << /StdCF << /AuthEvent /DocOpen /CFM /AESV3 /Length 32 >> >> "
            b"/StmF /StdCF /StrF /StdCF /O <%s> /U <%s> /OE <%s> /UE <%s> /Perms <%s> >> >>\n"
            % (key[:32], key[:32], key, key, key[:64], key[:64], key[:32]))
    return out + b"startxref\n%d\n%%%%EOF\n" % xref


def _names():
    from printkit.games.rollncook.form import Names

    return Names("RNC1-7")


N = _names()
DICE = {N.die(0, 1): "2", N.die(0, 2): "3"}
PDFS = [
    Case("pdf-aes-256-encrypted", ["score", "rollncook", "s.pdf"], 2,
         r"s\.pdf: an encrypted PDF; save it again without a password", files={"s.pdf": aes_256()}),
    Case("pdf-total-of-4301-digits", ["score", "rollncook", "sheet.pdf"], 1,
         r"RNC1-7:total: RNC1-7, total: the total written has 4301 digits, but the marks make 0 \[RNC-8\]",
         setup=filled({N.total(): "9" * 4301})),
    Case("pdf-emoji-die-written-as-utf8", ["score", "rollncook", "sheet.pdf"], 1,
         r"RNC1-7:h10:die1: RNC1-7, 10:00 dice: a die shows 1 to 6, not '😀' \[RNC-1\]",
         setup=filled({N.die(0, 0): "QQQQQQQQ", **DICE}, {"QQQQQQQQ": b"<F09F9880>"})),
    Case("pdf-die-of-two-digits", ["score", "rollncook", "sheet.pdf"], 1,
         r"RNC1-7:h10:die1: RNC1-7, 10:00 dice: a die shows 1 to 6, not '12' \[RNC-1\]",
         setup=filled({N.die(0, 0): "12", **DICE})),
]

CASES = HANGS + LIMITS + NAMES + STDIN + PDFS


@pytest.mark.parametrize("case", CASES, ids=lambda c: c.id)
def test_case(case, tmp_path):
    run_case(case, tmp_path)
