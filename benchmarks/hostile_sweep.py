"""Run the whole hostile-input corpus, every case as its own ``printkit`` process (issue 26's
acceptance: 0 internal errors, 0 hangs over 2 s, 0 leaks, 0 wrong exits).

    .venv/bin/python benchmarks/hostile_sweep.py [--jobs 2] [--budget 2] [--timeout 10] [-k WORDS]

Every ``CASES`` list of tests/hostile/test_*.py (whichever modules exist) is run case by case:
each in a fresh temporary folder, as a process (``python -m printkit``, the checkout this script
is in first on the path; a case whose arguments hold a NUL byte, which no process's can, runs
in-process), judged by the rules the tests use (tests/hostile/runner.py's
``judge``: the exit, one line ``printkit: error: ...``, no traceback, nothing half-written, the
case's own check). A case still running after ``--timeout`` seconds (wall time) is stopped and
is a hang; one whose process used more than ``--budget`` seconds of CPU is over budget, and fails
too (CPU, as in benchmarks/bench_speed.py: on a shared machine wall time is mostly waiting for a
core; a run waiting on something, not computing, shows as a hang). Prints the cases, passed, internal errors, hangs, wrong exits, cases over budget,
the median and largest seconds (wall, and the process's CPU), the 10 slowest cases and every
failure with its reason. Exit status 1 when any case failed.

The disk cache is a fresh folder for the run (``XDG_CACHE_HOME``), shared by its cases, unless a
case sets its own. ``--jobs N`` runs N cases at once (each timed on its own; on a busy machine
wall times grow, CPU times do not).
"""

from __future__ import annotations

import argparse
import compileall
import importlib
import multiprocessing
import os
import resource
import shutil
import statistics
import sys
import tempfile
import time
from dataclasses import dataclass, replace
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from tests.hostile.runner import Case, execute, judge, listing, prepare  # noqa: E402


@dataclass
class Outcome:
    """One case's run: its seconds and, if it failed, what kind of failure and why."""

    id: str
    wall: float
    cpu: float
    #: "" (passed), "hang", "internal error", "wrong exit", "over budget" or "failed".
    kind: str = ""
    why: str = ""


def load_cases(pattern: str = "") -> list[Case]:
    """Every ``CASES`` of tests/hostile/test_*.py, in file order, each id prefixed by its
    module's area (``records/...``); only those whose id contains ``pattern`` if it is given."""
    cases = []
    for path in sorted((ROOT / "tests" / "hostile").glob("test_*.py")):
        area = path.stem.removeprefix("test_")
        module = importlib.import_module(f"tests.hostile.{path.stem}")
        named = [replace(c, id=f"{area}/{c.id}") for c in getattr(module, "CASES", [])]
        cases += [c for c in named if pattern in c.id]
    return cases


def _children_cpu() -> float:
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def _remove(folder: Path) -> None:
    """Remove a case's folder, the folders a case made unreadable included."""
    folder.chmod(0o700)
    for top, dirs, _ in os.walk(folder):
        for d in dirs:
            if not os.path.islink(os.path.join(top, d)):
                os.chmod(os.path.join(top, d), 0o700)
    shutil.rmtree(folder, ignore_errors=True)


def run_one(case: Case, budget: float, timeout: float) -> Outcome:
    """Run one case as a process in a fresh folder and judge it."""
    folder = Path(tempfile.mkdtemp(prefix="hostile-"))
    try:
        prepare(case, folder)
        before = listing(folder)
        cpu, start = _children_cpu(), time.perf_counter()
        try:
            # No process's arguments can hold a NUL byte (execve): such a case runs in-process.
            r = execute(case, folder, process=not any("\0" in a for a in case.argv), timeout=timeout)
        except TimeoutError as e:
            took = time.perf_counter() - start
            return Outcome(case.id, took, _children_cpu() - cpu, "hang", str(e))
        got = Outcome(case.id, time.perf_counter() - start, _children_cpu() - cpu)
        try:
            judge(case, folder, before, r)
        except AssertionError as e:
            if "Traceback" in r.stderr or "internal error" in r.stderr:
                got.kind = "internal error"
            else:
                got.kind = "wrong exit" if r.exit_code != case.exit else "failed"
            got.why = str(e)
        else:
            if got.cpu > budget:
                got.kind, got.why = "over budget", f"{got.cpu:.2f} s of CPU (the budget: {budget:g} s)"
        return got
    except Exception as e:  # noqa: BLE001 - a case's own setup or check that breaks is reported
        return Outcome(case.id, 0.0, 0.0, "failed", f"{type(e).__name__}: {e}")
    finally:
        _remove(folder)


#: The cases, for pool workers (forked after they are loaded: a case's setup and check may be
#: lambdas, which cannot be sent to a worker).
_CASES: list[Case] = []


def _run_index(args: tuple[int, float, float]) -> Outcome:
    i, budget, timeout = args
    return run_one(_CASES[i], budget, timeout)


def sweep(cases: list[Case], jobs: int, budget: float, timeout: float) -> list[Outcome]:
    """Every case's outcome, in the cases' order. Each worker runs one case at a time, so that
    the CPU its child used can be told apart."""
    _CASES[:] = cases
    tasks = [(i, budget, timeout) for i in range(len(cases))]
    if jobs <= 1:
        return [_run_index(t) for t in tasks]
    with multiprocessing.get_context("fork").Pool(jobs) as pool:
        return pool.map(_run_index, tasks, chunksize=1)


def report(outcomes: list[Outcome], budget: float) -> list[str]:
    """The sweep's summary, a line a list item."""
    kinds = [o.kind for o in outcomes]
    walls = [o.wall for o in outcomes] or [0.0]
    cpus = [o.cpu for o in outcomes] or [0.0]
    lines = [
        f"cases: {len(outcomes)}  passed: {kinds.count('')}  internal errors: {kinds.count('internal error')}  "
        f"hangs: {kinds.count('hang')}  over {budget:g} s CPU: {kinds.count('over budget')}  "
        f"wrong exits: {kinds.count('wrong exit')}  other failures: {kinds.count('failed')}",
        f"seconds (wall): median {statistics.median(walls):.2f}  max {max(walls):.2f}; "
        f"(CPU): median {statistics.median(cpus):.2f}  max {max(cpus):.2f}",
        "slowest 10 (wall s, CPU s):",
    ]
    for o in sorted(outcomes, key=lambda o: -o.wall)[:10]:
        lines.append(f"  {o.wall:6.2f} {o.cpu:6.2f}  {o.id}")
    failed = [o for o in outcomes if o.kind]
    if failed:
        lines.append(f"failures ({len(failed)}):")
        for o in failed:
            why = o.why.strip().splitlines()
            lines.append(f"  [{o.kind}] {o.id}: {' | '.join(why[:4])[:400]}")
        areas: dict[str, int] = {}
        for o in failed:
            area = o.id.split("/")[0]
            areas[area] = areas.get(area, 0) + 1
        lines.append("failures by area: " + ", ".join(f"{a} {n}" for a, n in sorted(areas.items())))
    return lines


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--jobs", type=int, default=1, help="cases run at once (default 1)")
    parser.add_argument("--budget", type=float, default=2.0, help="seconds of CPU a case may take (default 2)")
    parser.add_argument("--timeout", type=float, default=10.0,
                        help="seconds after which a case is stopped as a hang (default 10)")
    parser.add_argument("-k", default="", help="only the cases whose AREA/ID contains this")
    args = parser.parse_args()
    cases = load_cases(args.k)
    # Each case is a new process: printkit's bytecode written once, as an installed package's is.
    compileall.compile_dir(str(ROOT / "printkit"), quiet=1)
    cache = tempfile.mkdtemp(prefix="hostile-cache-")
    os.environ["XDG_CACHE_HOME"] = cache
    os.environ["PYTHONPATH"] = os.pathsep.join([str(ROOT), *filter(None, [os.environ.get("PYTHONPATH")])])
    os.environ.pop("PRINTKIT_DEBUG", None)
    start = time.perf_counter()
    try:
        outcomes = sweep(cases, args.jobs, args.budget, args.timeout)
    finally:
        shutil.rmtree(cache, ignore_errors=True)
    for line in report(outcomes, args.budget):
        print(line)
    print(f"swept in {time.perf_counter() - start:.1f} s with --jobs {args.jobs}")
    return 1 if any(o.kind for o in outcomes) else 0


if __name__ == "__main__":
    sys.exit(main())
