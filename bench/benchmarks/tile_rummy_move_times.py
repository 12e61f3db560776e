"""How long a Tile Rummy computer move takes at its fixed step limit, idle or busy.

``--move-times N``: every level plays the seat to move in the same N seeded
mid-game positions (``tile_rummy.mid_game_views``) exactly as on the site
(its own step limit, the CPU-time safety net armed). Printed per level: the
search steps a move spent (median / p99 / max, all of the expert's searches
together), how often the expert's exact search finished, and the move time
median / p95 / p99 / max in wall time *and* in CPU time (``time.process_time``):
on a machine shared with other work the wall figures are inflated, the CPU
ones much less, so both are shown. ``--node-limit S`` tries another expert
limit. The target (issue 30): the expert's p99 under 250 ms on an idle machine.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any

from games.bots.tile_rummy import EXPERT_NODES, LEVELS, SAFETY_CAP_S, choose_action

from .tile_rummy_exact import percentiles_ms


def measure(views: list[dict[str, Any]], level: str, node_limit: int | None) -> dict[str, Any]:
    """Wall and CPU seconds, steps and how each move ended, for one level over ``views``."""
    wall: list[float] = []
    cpu: list[float] = []
    nodes: list[int] = []
    finished = capped = plays = 0
    for view in views:
        report: dict[str, Any] = {}
        w0, c0 = time.perf_counter(), time.process_time()
        action = choose_action(view, level, SAFETY_CAP_S, node_limit=node_limit, report=report)
        cpu.append(time.process_time() - c0)
        wall.append(time.perf_counter() - w0)
        nodes.append(int(report.get("nodes", 0)))
        finished += bool(report.get("finished", True))
        capped += bool(report.get("timed_out"))
        plays += bool(action and action["type"] == "play")
    return {
        "wall": wall,
        "cpu": cpu,
        "nodes": nodes,
        "finished": finished,
        "capped": capped,
        "plays": plays,
    }


def _nodes(counts: list[int]) -> str:
    """Median, p99 and most steps; "-" for a level that counts none (easy, medium:
    their searches are bounded by their beams, with no step budget)."""
    if not any(counts):
        return f"{'-':>8} {'-':>8} {'-':>8}"
    ordered = sorted(counts)
    p99 = ordered[min(len(ordered) - 1, int(0.99 * len(ordered)))]
    return f"{ordered[len(ordered) // 2]:>8} {p99:>8} {ordered[-1]:>8}"


def report(out: Callable[[str], Any], options: dict[str, Any]) -> None:
    from .tile_rummy import mid_game_views  # the speed table's positions

    count = options["move_times"]
    node_limit = options.get("node_limit") or None
    views = mid_game_views(count)
    out(
        f"Tile Rummy move times: {len(views)} seeded mid-game positions; expert "
        f"{node_limit or EXPERT_NODES} steps a search, safety net {SAFETY_CAP_S:.1f} s CPU"
    )
    out("(wall time is inflated on a shared machine; CPU time is what the move itself cost)")
    out(
        f"{'level':<7} {'steps med':>9} {'p99':>8} {'max':>8} "
        f"{'wall med':>9} {'p95':>8} {'p99':>8} {'max':>8} "
        f"{'cpu med':>9} {'p95':>8} {'p99':>8} {'max':>8}  exact  capped  plays"
    )
    for level in LEVELS:
        m = measure(views, level, node_limit)
        out(
            f"{level:<7} {_nodes(m['nodes']):>27} {percentiles_ms(m['wall'])} "
            f"{percentiles_ms(m['cpu'])}  {m['finished']:>5}  {m['capped']:>6}  "
            f"{m['plays']:>5}/{len(views)}"
        )
