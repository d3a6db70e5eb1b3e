"""Benchmark: reading photographed paper Roll n Cook sheets (issue 30; run on demand, not in the tests).

    .venv/bin/python benchmarks/bench_scan.py [--photos 200] [--seeds 5] [--size 2250x3000] [--quick]
    .venv/bin/python benchmarks/bench_scan.py --only 37,120 [--save DIR]   # exactly photos 37 and 120


Generates phone photos of filled sheets (tests/scan/photos.py: a game the simulator played,
marks by "hand" in three pens and pencil, any rotation, tilt up to 20 degrees, blur, JPEG 50,
uneven light, a shadow band, a thumb over a corner; every other photo curled up to 5 mm) for
``--seeds`` seeds on A4 and Letter, reads each (printkit/games/rollncook/scan.py) and compares
with the truth. Every photo has one inventory row forced past its bullets, a number of 1 to 30
in its "more" box (the simulator's games rarely fill a row). ``--quick`` reads 1 small photo
(the smoke test): its figures mean little.
Photo ``i`` is the same photo in every run (its seed, paper, curl and randomness follow from
``i``, ``--seeds``, ``--size`` and ``--ppm``): ``--only`` reads just those indices (the ones a
run printed as wrong and unflagged), ``--save DIR`` keeps each photo as ``DIR/p<i>.jpg`` with its
truth ``DIR/p<i>.json``, to look at or read with ``printkit scan``.

Goals: marks read right >= 99.5% flat and >= 98% curled; no mark wrong and unflagged; every die
right or flagged, and every "more" box's number; median time a photo under 3 s (reading only,
the photo's JPEG on disk).
"""

from __future__ import annotations

import argparse
import json
import multiprocessing
import statistics
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from printkit.errors import PrintkitError  # noqa: E402
from printkit.games.rollncook.form import inventory_rows  # noqa: E402
from printkit.games.rollncook.scan import CONFIDENT, read_photo  # noqa: E402
from tests.scan.photos import Photo, photo  # noqa: E402


def make(i: int, seeds: int, size: tuple[int, int], ppm: float) -> Photo:
    """Photo ``i`` of a run: the same photo whenever it is made with the same arguments."""
    seed, paper = 100 + i % seeds, ("a4", "letter")[(i // seeds) % 2]
    curl = 0.0 if i % 2 == 0 else 1.0 + 4.0 * ((i * 7) % 10) / 10
    rows = inventory_rows()
    return photo(seed, paper, game=i, size=size, curl=curl, variant=i, ppm=ppm,
                 more={rows[(i * 5) % len(rows)]: 1 + (i * 7) % 30})


def one(job: tuple[int, int, tuple[int, int], float, str, bool]) -> dict:
    """Photo ``i``: made, written to ``tmp``, read; what was read right, flagged and wrong."""
    i, seeds, size, ppm, tmp, keep = job
    p = make(i, seeds, size, ppm)
    path = Path(tmp) / f"p{i}.jpg"
    path.write_bytes(p.jpeg)
    if keep:
        path.with_suffix(".json").write_text(json.dumps({"index": i, "seed": p.seed, "paper": p.paper,
                                                         "settings": p.settings, "truth": p.truth}, indent=1))
    t, cpu = time.perf_counter(), time.process_time()
    out: dict = {"kind": "curl" if p.settings["curl"] else "flat", "marks": Counter(), "dice": Counter(),
                 "more": Counter(), "worst": [], "qr_missed": False, "flagged_marks": 0,
                 "top_wrong": {"mark": 0.0, "die": 0.0}}
    try:
        r = read_photo(str(path))
    except PrintkitError as e:  # as a user would: give the seed printed on the sheet
        if "QR code" not in str(e):
            raise
        out["qr_missed"] = True
        r = read_photo(str(path), p.seed)
    out["time"], out["cpu"] = time.perf_counter() - t, time.process_time() - cpu
    if not keep:
        path.unlink()
    for name, read in r.reads.items():
        want = p.truth.get(name, "" if read.kind in ("bullet", "die", "more") else False)
        sure = read.confidence >= CONFIDENT
        kind = "die" if read.kind == "die" else "mark"
        if read.value != want:
            out["top_wrong"][kind] = max(out["top_wrong"][kind], read.confidence)
        if read.value != want and sure:
            out["worst"].append(f"photo {i} ({p.paper}, {p.settings}): {name} read {read.value!r} "
                                f"({read.confidence:.2f}), truth {want!r}")
        if read.kind == "more":
            out["more"][("empty " if not want else "") + ("right" if read.value == want else "flagged" if not sure else "WRONG")] += 1
            continue
        if kind == "die":
            out["dice"]["right" if read.value == want else "flagged" if not sure else "WRONG"] += 1
            out["dice"]["flagged_all"] += not sure
            continue
        t_ = out["marks"]
        t_["marks"] += 1
        t_["right"] += read.value == want
        t_["flagged"] += not sure
        out["flagged_marks"] += not sure
        if read.value != want and sure:
            t_["wrong_unflagged"] += 1
    return out


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--photos", type=int, default=200)
    ap.add_argument("--seeds", type=int, default=5)
    ap.add_argument("--size", default="2250x3000", help="the photos' size in pixels, WxH (6.75 MP by default)")
    ap.add_argument("--ppm", type=float, default=6.0, help="the filled page is drawn at this many px a mm")
    ap.add_argument("--jobs", type=int, default=1, help="photos made and read in parallel")
    ap.add_argument("--quick", action="store_true")
    ap.add_argument("--only", default="", help="read only these photo indices, e.g. 37,120")
    ap.add_argument("--save", default="", help="keep each photo and its truth in this folder")
    a = ap.parse_args()
    if a.quick:
        a.photos, a.seeds, a.size = 1, 1, "1200x1600"
    size = tuple(int(v) for v in a.size.split("x"))
    indices = [int(v) for v in a.only.split(",")] if a.only else list(range(a.photos))
    results: list[dict] = []
    with tempfile.TemporaryDirectory() as tmp:
        folder = a.save or tmp
        Path(folder).mkdir(parents=True, exist_ok=True)
        jobs = [(i, a.seeds, size, a.ppm, folder, bool(a.save)) for i in indices]
        if a.jobs > 1:
            with multiprocessing.Pool(a.jobs) as pool:
                for r in pool.imap_unordered(one, jobs):
                    results.append(r)
                    if len(results) % 25 == 0 and len(results) < len(jobs):
                        report(results, a.seeds, size, partial=True)
        else:
            results = [one(j) for j in jobs]
    report(results, a.seeds, size)


def report(results: list[dict], seeds: int, size: tuple, partial: bool = False) -> None:
    """The figures of the photos read so far (``partial``: more to come)."""
    tally: dict[str, Counter] = {"flat": Counter(), "curl": Counter()}
    dice: Counter = Counter()
    more: Counter = Counter()
    times, cpus, worst, qr_missed, per_photo = [], [], [], 0, []
    top = {"mark": 0.0, "die": 0.0}
    for r in results:
        per_photo.append(r["flagged_marks"])
        top = {k: max(v, r["top_wrong"][k]) for k, v in top.items()}
        tally[r["kind"]].update(r["marks"])
        dice.update(r["dice"])
        more.update(r["more"])
        times.append(r["time"])
        cpus.append(r["cpu"])
        worst += r["worst"]
        qr_missed += r["qr_missed"]
    n_photos = len(results)
    print(f"{'so far: ' if partial else ''}photos: {n_photos} ({seeds} seeds, A4 and Letter, {size[0]}x{size[1]})")
    for kind, t_ in tally.items():
        if t_["marks"]:
            print(f"marks {kind}: {t_['right'] / t_['marks']:.2%} read right of {t_['marks']}, "
                  f"{t_['flagged']} flagged, {t_['wrong_unflagged']} wrong and unflagged")
    n = max(1, dice["right"] + dice["flagged"] + dice["WRONG"])
    print(f"dice: {dice['right'] / n:.2%} right, {dice['flagged'] / n:.2%} flagged, {dice['WRONG']} wrong and unflagged "
          f"(right or flagged: {(dice['right'] + dice['flagged']) / n:.2%})")
    nm = max(1, more["right"] + more["flagged"] + more["WRONG"])
    print(f"'more' numbers: {more['right'] / nm:.2%} right, {more['flagged'] / nm:.2%} flagged, {more['WRONG']} wrong and "
          f"unflagged of {nm}; empty boxes: {more['empty right']} read empty, {more['empty flagged']} flagged, "
          f"{more['empty WRONG']} wrong and unflagged")
    print(f"flagged a photo: marks median {statistics.median(per_photo):.0f}, max {max(per_photo)}; dice flagged "
          f"{dice['flagged_all']} of {n} (of them right: {dice['flagged_all'] - dice['flagged']})")
    print(f"highest confidence of a wrong read: marks {top['mark']:.2f}, dice {top['die']:.2f} "
          f"(sure from {CONFIDENT})")
    print(f"QR code read: {n_photos - qr_missed} of {n_photos} (the others read with --seed)")
    print(f"time a photo: median {statistics.median(times):.2f} s, max {max(times):.2f} s (wall clock); "
          f"CPU median {statistics.median(cpus):.2f} s", flush=True)
    for w in worst[:40]:
        print("  wrong and unflagged:", w)


if __name__ == "__main__":
    main()
