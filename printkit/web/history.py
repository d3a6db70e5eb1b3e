"""Game-night history: finished games with date, players, scores and winners; each player's
wins and average score per game (players are matched by name); and a score-by-round chart for
every game, drawn here as inline SVG (no JavaScript library). Archived tables are listed apart
(neither in the games nor in the stats), each to restore or to delete for good; the buttons are
``/static/history.js``'s."""

from __future__ import annotations

import html
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol

from printkit.web import engine

#: Lines of the chart: colour and dash together, so players are told apart without colour too.
STYLES = [("#0b4f9c", ""), ("#a4000f", "8 4"), ("#0d5d1f", "2 4"), ("#6a1b9a", "12 4 2 4"),
          ("#8a4b00", "4 2"), ("#00606b", "10 2 2 2 2 2"), ("#111111", "1 3"), ("#b0006e", "6 6")]
#: The chart's size in its own units: the narrowest phone's width (320 px less the page's margins),
#: so its 14-unit text reads at 14 px or more on every phone.
WIDTH, HEIGHT = 296, 230
PAD_LEFT, PAD_RIGHT, PAD_TOP, PAD_BOTTOM = 36, 76, 12, 40


class TablesLike(Protocol):
    store: Any

    def keeper(self, game: str) -> Any: ...

    def row(self, table_id: int) -> Any: ...

    def table_json(self, row: Any) -> dict[str, Any]: ...

    def setup_of(self, keeper: Any, setup: Any) -> Any: ...

    def summary(self, table_id: int) -> dict[str, Any]: ...


@dataclass
class Finished:
    """One finished game as the history shows it."""

    id: int
    game: str
    title: str
    finished: str
    players: list[tuple[str, int]]
    winners: list[str]
    valid: bool
    #: (label of the x axis, [(x label, [total of each player])]).
    series: tuple[str, list[tuple[str, list[int]]]] = ("move", [])


@dataclass
class Stats:
    games: int = 0
    wins: int = 0
    totals: list[int] = field(default_factory=list)

    @property
    def average(self) -> float:
        return sum(self.totals) / len(self.totals) if self.totals else 0.0


def running_totals(tables: TablesLike, table_id: int) -> list[list[int]]:
    """Each player's total after each move: stored with the move, else replayed once (an
    imported game) and stored."""
    stored = tables.store.totals(table_id)
    if all(t is not None for t in stored):
        return stored
    row = tables.row(table_id)
    keeper = tables.keeper(row.game)
    setup = tables.setup_of(keeper, row.setup)
    totals = []
    line: engine.Line | None = None
    for i in range(len(row.moves)):
        # each prefix from the one before where the quick path can (as a posted move is)
        scored = engine.extend(keeper, setup, row.moves[:i + 1], line) if line is not None else None
        if scored is None:
            scored = engine.score(keeper, setup, row.moves[:i + 1])
        line = scored.line
        totals.append(engine.chart_totals(keeper, scored.report))
    tables.store.set_totals(table_id, totals)
    return totals


def series(tables: TablesLike, row: Any, totals: list[list[int]]) -> tuple[str, list[tuple[str, list[int]]]]:
    """The chart's points: the scores before the first move ("start": a game scored by penalties
    may start below 0), then after each round as the game names it (its ``rounds``,
    ``round_name`` and ``round_label``: "hour" 10:00 ...), else after each move."""
    keeper = tables.keeper(row.game)
    setup = tables.setup_of(keeper, row.setup)
    start = ("start", engine.chart_totals(keeper, engine.score(keeper, setup, []).report))
    by_move = "move", [start] + [(str(i + 1), t) for i, t in enumerate(totals)]
    if keeper.rounds is None:
        return by_move
    rounds = list(keeper.rounds(setup, row.moves))
    if len(rounds) != len(totals):
        return by_move
    points: dict[Any, list[int]] = {}
    for r, t in zip(rounds, totals, strict=True):
        points[r] = t  # the last move of each round
    label = keeper.round_label or str
    return keeper.round_name, [start] + [(label(r), t) for r, t in points.items()]


def finished_games(tables: TablesLike) -> list[Finished]:
    out = []
    for table_id, game, _version, _created, _updated, finished in tables.store.listing(finished=True):
        try:
            row = tables.row(table_id)
            table = tables.table_json(row)
            totals = running_totals(tables, table_id)
            chart = series(tables, row, totals)
        except Exception:  # noqa: BLE001 - a game that cannot replay any more is left out, not a 500
            continue
        report = table["report"]
        out.append(Finished(table_id, game, table["title"], finished or "",
                            [(p["name"], p["total"]) for p in report["players"]], report["winners"],
                            report["valid"], chart))
    return out


def player_stats(games: Sequence[Finished]) -> dict[tuple[str, str], Stats]:
    """(game title, player name) -> games played, wins, totals (legal games only)."""
    stats: dict[tuple[str, str], Stats] = {}
    for g in games:
        if not g.valid:
            continue
        for name, total in g.players:
            s = stats.setdefault((g.title, name), Stats())
            s.games += 1
            s.wins += name in g.winners
            s.totals.append(total)
    return dict(sorted(stats.items(), key=lambda kv: (kv[0][0], -kv[1].wins, -kv[1].average, kv[0][1])))


def _e(text: Any) -> str:
    return html.escape(str(text), quote=True)


def _num(v: float) -> str:
    return f"{v:.1f}".rstrip("0").rstrip(".")


def chart_svg(names: Sequence[str], axis: str, points: Sequence[tuple[str, Sequence[int]]]) -> str:
    """Running totals as lines, one per player (colour and dash), named at their ends."""
    if len(points) < 2 or not names:
        return ""
    values = [v for _, t in points for v in t]
    lo, hi = min(values), max(values)  # the real lowest score, not 0
    hi = max(hi, lo + 1)
    w, h = WIDTH - PAD_LEFT - PAD_RIGHT, HEIGHT - PAD_TOP - PAD_BOTTOM

    def x(i: int) -> float:
        return PAD_LEFT + w * i / (len(points) - 1)

    def y(v: float) -> float:
        return PAD_TOP + h * (hi - v) / (hi - lo)

    parts = [f'<svg class="chart" data-test="chart" viewBox="0 0 {WIDTH} {HEIGHT}" role="img" '
             f'xmlns="http://www.w3.org/2000/svg" aria-label="Score by {_e(axis)}">',
             '<g font-size="14" fill="#111" font-family="sans-serif">']
    for v in _ticks(lo, hi):
        parts.append(f'<line x1="{PAD_LEFT}" x2="{PAD_LEFT + w}" y1="{y(v):.1f}" y2="{y(v):.1f}" stroke="#ccc"/>'
                     f'<text x="{PAD_LEFT - 6}" y="{y(v) + 4:.1f}" text-anchor="end">{_num(v)}</text>')
    step = max(1, (len(points) + 7) // 8)
    for i, (label, _) in enumerate(points):
        if (i % step == 0 and (len(points) - 1 - i) * 2 >= step) or i == len(points) - 1:  # none on the last's
            parts.append(f'<text x="{x(i):.1f}" y="{HEIGHT - PAD_BOTTOM + 18}" text-anchor="middle">{_e(label)}</text>')
    parts.append(f'<text x="{PAD_LEFT + w / 2:.1f}" y="{HEIGHT - 4}" text-anchor="middle">{_e(axis)}</text>')
    ends = []
    for p, name in enumerate(names):
        colour, dash = STYLES[p % len(STYLES)]
        coords = " ".join(f"{x(i):.1f},{y(t[p]):.1f}" for i, (_, t) in enumerate(points) if p < len(t))
        dashed = f' stroke-dasharray="{dash}"' if dash else ""
        parts.append(f'<polyline data-player="{_e(name)}" points="{coords}" fill="none" stroke="{colour}" '
                     f'stroke-width="2.5"{dashed}/>')
        ends.append((y(points[-1][1][p]), name, colour))
    last = -1e9
    for ey, name, colour in sorted(ends):
        ey = max(ey, last + 16)  # names at the end of their lines, not on top of each other
        last = ey
        parts.append(f'<text x="{PAD_LEFT + w + 6}" y="{ey + 4:.1f}" fill="{colour}" font-weight="bold">'
                     f'{_e(name[:9])}</text>')
    parts.append("</g></svg>")
    return "".join(parts)


def _ticks(lo: float, hi: float) -> list[float]:
    span = hi - lo
    step = next(s for s in (1, 2, 5, 10, 20, 25, 50, 100, 200, 250, 500, 1000, 10**9) if span / s <= 6)
    first = int(lo // step) * step
    # the lowest score itself is the scale's first line (a chart of penalties starts at -72,
    # not at the round number above it); the round numbers follow, none crowding it
    return [lo] + [v for v in range(first, int(hi) + step, step) if lo + step / 2 <= v <= hi]


def archived_html(tables: TablesLike) -> str:
    """The archived tables (finished or not), newest change first: each to restore or delete."""
    items = []
    for table_id, *_rest in tables.store.listing(None, archived=True):
        s = tables.summary(table_id)
        players = ", ".join(f"<bdi>{_e(p['name'])}</bdi>" for p in s.get("players", []))
        what = f'{_e(s.get("title", s["game"]))} #{table_id}'
        state = "over" if s.get("over") else f'{s.get("moves", 0)} moves'
        items.append(f'<li data-test="archived-item" data-table="{table_id}" data-name="{what}">'
                     f'<a href="/t/{table_id}">{what}</a> <span class="muted">{players} · {state}</span> '
                     f'<button type="button" data-test="restore" data-table="{table_id}">Restore</button> '
                     f'<button type="button" data-test="delete" data-table="{table_id}">Delete</button></li>')
    if not items:
        return ""
    return (f'<section data-test="archived"><h2>Archived</h2><ul class="archived">{"".join(items)}</ul>'
            '<dialog data-test="delete-dialog"><form method="dialog"><p data-test="delete-what"></p>'
            '<button value="cancel" data-test="delete-cancel">Keep it</button> '
            '<button value="delete" class="danger" data-test="delete-confirm">Delete for good</button></form></dialog></section>')


def history_html(tables: TablesLike) -> str:
    games = finished_games(tables)
    stats = player_stats(games)
    rows = "".join(
        f'<tr data-test="stat" data-game="{_e(title)}" data-player="{_e(name)}"><td>{_e(title)}</td><td><bdi>{_e(name)}</bdi></td>'
        f'<td class="num">{s.games}</td><td class="num" data-test="wins">{s.wins}</td>'
        f'<td class="num" data-test="average">{_num(s.average)}</td></tr>'
        for (title, name), s in stats.items())
    entries = "".join(_entry(g) for g in games)
    body = (f'<section><h2>Players</h2><div class="wide"><table class="results" data-test="stats"><thead><tr><th>Game</th>'
            f'<th>Player</th><th class="num">Games</th><th class="num">Wins</th><th class="num">Average</th></tr>'
            f'</thead><tbody>{rows}</tbody></table></div></section>'
            f'<section><h2>Games</h2>{entries}</section>') if games else '<p data-test="empty">No finished game yet.</p>'
    body += archived_html(tables)
    return ('<!doctype html><html lang="en"><head><meta charset="utf-8">'
            '<meta name="viewport" content="width=device-width, initial-scale=1"><title>printkit: history</title>'
            '<link rel="stylesheet" href="/static/app.css"><link rel="icon" href="/static/favicon.svg" '
            'type="image/svg+xml"></head><body data-page="history">'
            '<header class="bar" data-test="header"><a class="home" href="/" data-test="home" '
            'aria-label="All tables">&#8962;</a><h1>Game-night history</h1></header>'
            f'{body}<div class="banner" data-test="banner" role="alert" hidden></div>'
            '<script type="module" src="/static/history.js"></script></body></html>')


def _entry(g: Finished) -> str:
    ranked = sorted(g.players, key=lambda p: -p[1])
    scores = ", ".join(f'<bdi>{_e(n)}</bdi> <span class="num">{t}</span>' for n, t in ranked)
    winners = ", ".join(f"<bdi>{_e(w)}</bdi>" for w in g.winners) or ("none (rules broken)" if not g.valid else "none")
    axis, points = g.series
    chart = chart_svg([n for n, _ in g.players], axis, points)
    broken = "" if g.valid else ' <span class="finished-mark" data-test="broken">rules broken</span>'
    return (f'<article class="game-entry" data-test="finished" data-table="{g.id}"><h3>'
            f'<a href="/t/{g.id}">{_e(g.title)} #{g.id}</a> <span class="muted">{_e(g.finished[:16].replace("T", " "))}'
            f' UTC</span>{broken}</h3><p data-test="scores">{scores}</p><p>Winner{"s" if len(g.winners) > 1 else ""}: '
            f'<strong data-test="winners">{winners}</strong></p>{chart}'
            f'<p><button type="button" data-test="archive" data-table="{g.id}">Archive</button></p></article>')
