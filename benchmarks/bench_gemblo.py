"""Benchmark: Gemblo's legal-move generator, the scorer and the pieces PDF (run on demand).

    .venv/bin/python benchmarks/bench_gemblo.py

Goals (issue 5): legal-move generation for a mid-game position < 50 ms; validating a full
6-player game < 20 ms; the pieces PDF < 150 KB.
"""

from __future__ import annotations

import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from printkit.core.draw.page import PrintOptions  # noqa: E402
from printkit.core.output import write_document  # noqa: E402
from printkit.core.game import replay  # noqa: E402
from printkit.games.gemblo.play import play_game  # noqa: E402
from printkit.games.gemblo.record import GembloRecord  # noqa: E402
from printkit.games.gemblo.rules import legal_moves  # noqa: E402
from printkit.games.gemblo.state import GEMBLO, start  # noqa: E402
from printkit.core.registry import games  # noqa: E402

SIX = ["red", "yellow", "green", "blue", "purple", "clear"]


def main() -> None:
    moves = play_game(6, SIX, 6)
    record = GembloRecord.model_validate({"players": 6, "colours": SIX, "moves": moves})
    # A mid-game position: half the moves of the 6-player game.
    game = start([record])
    for m in record.moves[: len(moves) // 2]:
        game.apply(m)
    state = game.board
    times, counts = [], []
    for _ in range(20):
        t = time.perf_counter()
        counts = [sum(1 for _ in legal_moves(state, c)) for c in SIX]
        times.append((time.perf_counter() - t) / len(SIX))
    print(f"mid-game position ({len(moves) // 2} moves in): all legal moves of one colour: "
          f"median {1000 * statistics.median(times):.1f} ms (moves per colour: {counts}; goal < 50 ms)")
    times = []
    for _ in range(10):
        t = time.perf_counter()
        rep = replay(GEMBLO, [("-", record, {})])
        times.append(time.perf_counter() - t)
    assert rep.valid
    print(f"validate a full 6-player game ({len(moves)} moves, passes checked): "
          f"median {1000 * statistics.median(times):.1f} ms (goal < 20 ms)")
    with tempfile.TemporaryDirectory() as tmp:
        for name in ("pieces", "board", "overview"):
            t = time.perf_counter()
            paths = write_document(games()["gemblo"][name].build(PrintOptions()), Path(tmp), name, ("pdf",))
            print(f"make {name:<8}: {1000 * (time.perf_counter() - t):5.0f} ms, "
                  f"{paths[0].stat().st_size / 1024:.0f} KB" + ("  (goal < 150 KB)" if name == "pieces" else ""))


if __name__ == "__main__":
    main()
