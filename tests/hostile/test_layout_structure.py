"""Hostile corpus (issue 26): the structure of layout files, symbols using each other, style
``extends`` chains, includes (a NUL byte, a name too long, a missing file, a link out of the
layouts folder), files that are not layouts (never echoed) and the symbol bomb (symbols each
using the next twice), each answered by ``check`` and ``make`` alike: exit 2, one line, nothing
written (see runner.py)."""

from __future__ import annotations

import os
import time
from collections.abc import Callable
from pathlib import Path

import pytest

from tests.hostile.runner import Case, Result, run_case

SECRET = "hunter2-not-for-your-eyes"


def page(symbols: str = "", styles: str = "", elements: str = "      - use: {symbol: a}\n",
         top: str = "") -> str:
    """A one-page layout with these symbols, styles and page elements."""
    return (f"{top}size: [100, 100]\n" + (f"styles:\n{styles}" if styles else "")
            + (f"symbols:\n{symbols}" if symbols else "") + f"pages:\n  - elements:\n{elements}")


def bomb(depth: int, uses: int = 2) -> str:
    """Symbols s0 ... s{depth}, each using the next ``uses`` times: uses**depth rectangles."""
    lines = [f"  s{i}: {{elements: [" + ", ".join(f"{{use: {{symbol: s{i + 1}, x: {j}}}}}" for j in range(uses))
             + "]}\n" for i in range(depth)]
    lines.append(f"  s{depth}: {{elements: [{{rect: {{x: 0, y: 0, w: 1, h: 1}}}}]}}\n")
    return page("".join(lines), elements="      - use: {symbol: s0}\n")


def chain(n: int) -> str:
    """n styles, each extending the one before."""
    return page(styles="  s0: {stroke_width: 1}\n" + "".join(f"  s{i}: {{extends: s{i - 1}}}\n"
                                                             for i in range(1, n)),
                elements=f"      - rect: {{x: 0, y: 0, w: 1, h: 1, style: s{n - 1}}}\n")


RECT = "      - rect: {x: 0, y: 0, w: 1, h: 1}\n"
SELF = page("  a: {elements: [{use: {symbol: a}}]}\n")
EACH_OTHER = page("  a: {elements: [{use: {symbol: b}}]}\n  b: {elements: [{frame: {elements: [{use: {symbol: a}}]}}]}\n")
BY_TEMPLATE = page("  a: {elements: [{use: {symbol: '{next}'}}]}\n", top="data: {next: a}\n")
NOT_A_LAYOUT = f"root:{SECRET}:20228:0:99999:7:::\ndaemon:*:20228:0:99999:7:::\n"

MAKE = ["make", "calibration", "page", "--out", "{tmp}"]
IN_LAYOUTS = {"PRINTKIT_LAYOUTS": "{tmp}/layouts"}
PAGE = "layouts/calibration/page.yaml"


def both(id: str, layout: str, message: str, files: dict | None = None, make_files: dict | None = None,
         check: Callable[[Path, Result], None] | None = None) -> list[Case]:
    """The layout ``check``ed as a file (beside ``files``), and made as the calibration page of a
    layouts folder (beside ``make_files``)."""
    return [Case(f"{id}-check", ["check", "l.yaml"], 2, message, files={"l.yaml": layout, **(files or {})},
                 check=check),
            Case(f"{id}-make", MAKE, 2, message, files={PAGE: layout, **(make_files or {})}, env=IN_LAYOUTS,
                 check=check)]


def _unsaid(folder: Path, r: Result) -> None:
    assert SECRET not in r.stderr and SECRET not in r.stdout


def _linked_folder(folder: Path) -> None:
    """A layouts folder whose calibration folder is a link to a folder outside it."""
    outside = folder / "outside"
    outside.mkdir()
    (outside / "secret.yaml").write_text(f"styles: {{x: {{font: {SECRET}}}}}\n")
    (outside / "page.yaml").write_text(page(elements="      - rect: {x: 0, y: 0, w: 1, h: 1, style: x}\n",
                                            top="include: [secret.yaml]\n"))
    (folder / "layouts").mkdir(exist_ok=True)
    (folder / "layouts" / "calibration").symlink_to(outside, target_is_directory=True)


def _linked_include(folder: Path) -> None:
    """A layout in the layouts folder including a link to a file outside it."""
    (folder / "layouts" / "calibration" / "lib.yaml").symlink_to(folder / "secret.yaml")


INCLUDES = page(elements=RECT, top="include: [lib.yaml]\n")

CASES = [
    # 1. symbols that use themselves or each other: named, not recursed into, not drawn empty
    *both("symbol-uses-itself", SELF, r"l?\.yaml:\d+: symbols\.a: symbols use each other in a circle: a -> a$"),
    *both("symbols-use-each-other", EACH_OTHER, r"symbols\.a: symbols use each other in a circle: a -> b -> a$"),
    *both("symbol-uses-itself-by-template", BY_TEMPLATE, r"symbols\.a: symbols use each other in a circle: a -> a$"),
    Case("symbols-in-a-circle-in-a-library", ["check", "lib.yaml"], 2, r"a -> b -> a",
         files={"lib.yaml": "symbols:\n  a: {elements: [{use: {symbol: b}}]}\n  b: {elements: [{use: {symbol: a}}]}\n"}),
    # 2. style chains: refused past the limit, and circles named, without recursion
    *both("extends-chain-3000", chain(3000), r"styles\.s50\.extends: a chain of more than 50 styles"),
    Case("extends-chain-3000-backwards", ["check", "l.yaml"], 2, r"a chain of more than 50 styles",
         files={"l.yaml": "styles:\n" + "".join(f"  s{i}: {{extends: s{i - 1}}}\n" for i in range(2999, 0, -1))
                + "  s0: {font: sans}\n"}),
    *both("extends-circle", page(styles="  a: {extends: b}\n  b: {extends: c}\n  c: {extends: a}\n",
                                 elements="      - rect: {x: 0, y: 0, w: 1, h: 1, style: a}\n"),
          r"l?\.yaml:\d+: styles\.a\.extends: styles extend each other in a circle: a -> b -> c -> a$"),
    # 3. include names that name no file
    *both("include-nul-byte", page(elements=RECT, top='include: ["a\\0b.yaml"]\n'),
          r"\.yaml:1: include\[0\]: a file name has no NUL byte"),
    *both("include-name-too-long", page(elements=RECT, top=f"include: [{'a' * 300}.yaml]\n"),
          r"include\[0\]: cannot read 'a{60}\.\.\.': file name too long$"),
    *both("include-missing", page(elements=RECT, top="include: [nothere.yaml]\n"),
          r"include\[0\]: no such file 'nothere\.yaml' \(relative to this file\)$"),
    Case("include-symlink-loop", ["check", "l.yaml"], 2, r"include\[0\]: cannot read 'loop\.yaml': too many levels",
         files={"l.yaml": "include: [loop.yaml]\n"},
         setup=lambda f: (os.symlink("loop.yaml", f / "loop.yaml"))),
    # 4. nothing read from outside the layouts folder, nothing of a file that is not a layout said
    Case("include-through-a-linked-folder-make", MAKE, 2, r"calibration/page\.yaml: a symbolic link out of the layouts",
         env=IN_LAYOUTS, setup=_linked_folder, check=_unsaid),
    Case("include-through-a-linked-folder-check", ["check", "layouts/calibration/page.yaml"], 2,
         r"a symbolic link out of the layouts folder", env=IN_LAYOUTS, setup=_linked_folder, check=_unsaid),
    *[Case(f"include-a-link-out-{how}", argv, 2, r"include\[0\]: 'lib\.yaml' is outside the layouts folder",
           files={PAGE: INCLUDES, "secret.yaml": NOT_A_LAYOUT}, env=IN_LAYOUTS, setup=_linked_include, check=_unsaid)
      for how, argv in (("make", MAKE), ("check", ["check", PAGE]))],
    Case("check-a-shadow-file", ["check", "shadow"], 2, r"^printkit: error: shadow: not a layout file: none of its",
         files={"shadow": NOT_A_LAYOUT}, check=_unsaid),
    Case("check-a-secret-mapping", ["check", "s.env"], 2, r"s\.env: not a layout file",
         files={"s.env": f"PASSWORD: {SECRET}\n"}, check=_unsaid),
    Case("check-a-list", ["check", "s.yaml"], 2, r"s\.yaml:1: not a layout file: expected a mapping",
         files={"s.yaml": f"- {SECRET}\n"}, check=_unsaid),
    Case("check-binary", ["check", "s.bin"], 2, r"s\.bin: not UTF-8 text",
         files={"s.bin": b"\x89PNG\r\n\x1a\n\xff" + SECRET.encode()}, check=_unsaid),
    *both("include-a-secret", INCLUDES, r"lib\.yaml: not a layout file",
          files={"lib.yaml": NOT_A_LAYOUT}, make_files={"layouts/calibration/lib.yaml": NOT_A_LAYOUT}, check=_unsaid),
    Case("yaml-error-says-where-not-what", ["check", "l.yaml"], 2, r"l\.yaml:\d+: not valid YAML: ",
         files={"l.yaml": f'title: x\nsize: [1, "{SECRET}\n'}, check=_unsaid),
    # 5. the symbol bomb: counted at each use (never expanded), or refused for its depth
    *both("bomb-2x40", bomb(40), r"symbols\.s0: symbols use one another more than 20 deep: s0 -> s1 -> \.\.\. -> s20"),
    *both("bomb-2x17", bomb(17), r"symbols\.s\d+\.elements\[1\]\.use: more than 50,000 elements on one page or card"),
    Case("bomb-2x17-png", [*MAKE, "--format", "png"], 2, r"more than 50,000 elements", files={PAGE: bomb(17)},
         env=IN_LAYOUTS),
    *both("bomb-10x6", bomb(6, 10), r"more than 50,000 elements on one page or card, symbols counted"),
    *both("bomb-by-template", page("".join(f"  s{i}: {{elements: [{{use: {{symbol: '{{n{i + 1}}}'}}}}, "
                                           f"{{use: {{symbol: '{{n{i + 1}}}', x: 1}}}}]}}\n" for i in range(18))
                                   + "  s18: {elements: [{rect: {x: 0, y: 0, w: 1, h: 1}}]}\n",
                                   elements="      - use: {symbol: s0}\n",
                                   top="data: {" + ", ".join(f"n{i}: s{i}" for i in range(1, 19)) + "}\n"),
          r"more than 50,000 elements on one page or card"),
    Case("bomb-used-twice-per-copy", ["check", "l.yaml"], 2, r"pages\[0\]\.elements\[0\]\.repeat.*more than 50,000",
         files={"l.yaml": page("  a: {elements: [{repeat: {count: 100, elements: [{rect: {x: 0, y: 0, w: 1, h: 1}}]}}]}\n",
                               elements="      - repeat: {count: 400, elements: [{use: {symbol: a}}]}\n")}),
]


@pytest.mark.parametrize("case", CASES, ids=lambda c: c.id)
def test_case(case, tmp_path):
    run_case(case, tmp_path)


def test_a_symbol_chain_as_deep_as_allowed_is_drawn(tmp_path):
    """Symbols each using the next twice, 2**13 rectangles in all (about 25,000 counted): drawn;
    20 symbols each using the next in a frame (the limit): drawn."""
    run_case(Case("bomb-2x13-is-fine", ["check", "l.yaml"], 0, r"ok  l\.yaml", files={"l.yaml": bomb(13)}), tmp_path)
    deep = page("".join(f"  s{i}: {{elements: [{{frame: {{x: 1, elements: [{{use: {{symbol: s{i + 1}}}}}]}}}}]}}\n"
                        for i in range(19)) + "  s19: {elements: [{rect: {x: 0, y: 0, w: 1, h: 1}}]}\n",
                elements="      - use: {symbol: s0}\n")
    run_case(Case("chain-20", ["check", "l.yaml"], 0, r"ok  l\.yaml", files={"l.yaml": deep}), tmp_path / "deep")


def test_the_bomb_is_answered_at_once(tmp_path):
    start = time.perf_counter()
    run_case(Case("bomb-2x17-quick", MAKE, 2, r"more than 50,000", files={PAGE: bomb(17)}, env=IN_LAYOUTS), tmp_path)
    assert time.perf_counter() - start < 2.0
