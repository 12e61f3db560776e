"""Does the Rumasta search's step limit cost the Hint and the review anything?

Issue 41, item 5. The positions are every turn start and every play step of seeded
bot games (2 players, and 4 as 2 v 2; the levels rotate over the seats), the Hint's
and the review's own question (``best_turn`` / ``best_melds`` on the seat's view).
Each runs at the Hint's limit (``HINT_NODES`` per opening without a better play, under
the absolute cap of ``CAP_FACTOR`` times that); a search that stopped there runs again
at the review's (``REVIEW_NODES``) and at a reference limit far above both
(``--rumasta-budget-reference``, default 1,000,000 nodes per opening in all: the
search has no true "unlimited", a few positions would fill the memory). A search
that was not stopped is the reference search itself (the same order, the same
bound), so only stopped ones can lose points.

Printed, by the seat's hand size (sparse: up to 11 cards, 12-17, 18 and more):
positions, those stopped at the limit (and of them, at the absolute cap), points and
cards lost to the limit against the reference (positions, points in all), reference
searches that did not finish either, and the Hint's CPU p99 and max per decision. Steps are exact
(deterministic); CPU is this thread's time, noisy on a shared machine.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass, field
from functools import partial
from typing import Any

from games.bots.rumasta import choose_action
from games.bots.rumasta.best import (
    CAP_FACTOR,
    HINT_NODES,
    REVIEW_NODES,
    BestTurn,
    Budget,
    best_melds,
    best_turn,
)
from games.engine import rumasta as rm
from games.engine.rumasta import RumastaSeatView, is_seated

from .rumasta_strength import level_player, next_seat

FIRST_SEED = 61_000
REFERENCE_NODES = 1_000_000
LEVELS = ("expert", "medium", "easy")
BANDS = ((0, 11, "sparse (<=11 cards)"), (12, 17, "12-17 cards"), (18, 999, "18+ cards"))


def positions(games: int, first_seed: int = FIRST_SEED) -> list[RumastaSeatView]:
    """The seat's view at each turn start and play step of ``games`` seeded games per
    table size (2 players, 4 as 2 v 2)."""
    out: list[RumastaSeatView] = []
    for players, teams in ((2, "none"), (4, "2v2")):
        for g in range(games):
            levels = [LEVELS[(g + s) % 3] for s in range(players)]
            seats = tuple(level_player(level) for level in levels)
            config = {"players": players, "teams": teams, "target": 5000}
            state = rm.new_game(config, first_seed + g)
            while state.phase != "game_over":
                seat = next_seat(state, seats)
                view = rm.view(state, seat)
                mine = state.phase == "turn" and seat == state.turn and state.step != "pick"
                if mine and is_seated(view):
                    out.append(view)
                action = choose_action(view, levels[seat]) or rm.TIMEOUT_ACTION
                state, _ = rm.apply(state, seat, action)
    return out


def search(
    view: RumastaSeatView, nodes: int, cap: int | None = None
) -> tuple[BestTurn, Budget, float]:
    """The Hint's question at ``nodes`` per opening without improving (``cap`` in all),
    with the CPU it took."""
    budget = Budget(nodes, node_cap=cap)
    started = time.thread_time()
    best = best_turn(view, budget) if view["step"] == "choose" else best_melds(view, budget)
    return best, budget, time.thread_time() - started


@dataclass
class Band:
    positions: int = 0
    stopped: int = 0
    capped: int = 0  # stopped at the absolute cap, still improving
    lost: dict[str, list[int]] = field(default_factory=lambda: {"hint": [], "review": []})
    cards_lost: dict[str, int] = field(default_factory=lambda: {"hint": 0, "review": 0})
    unfinished: int = 0  # reference searches stopped too
    more_cpu: int = 0  # stopped searches that spent more CPU than the reference
    cpu: list[float] = field(default_factory=list)
    nodes: int = 0  # the most nodes one Hint decision visited (all its openings)


def measure(
    views: list[RumastaSeatView],
    reference: int,
    progress: Callable[[int], Any],
    absolute: bool = False,
) -> Band:
    """Fill one band with ``views`` (see the module's docstring); ``absolute`` measures
    the limits as they were before they counted nodes without improving (the cap is the
    limit itself), for comparison."""
    band = Band()
    for count, view in enumerate(views, 1):
        hint, budget, cpu = search(view, HINT_NODES, HINT_NODES if absolute else None)
        band.positions += 1
        band.cpu.append(cpu)
        band.nodes = max(band.nodes, budget.total)
        if budget.aborted:
            band.stopped += 1
            band.capped += budget.capped
            best, ref_budget, ref_cpu = search(view, reference, reference)
            band.unfinished += ref_budget.aborted
            band.more_cpu += cpu > ref_cpu
            review = search(view, REVIEW_NODES, REVIEW_NODES if absolute else None)[0]
            for name, found in (("hint", hint), ("review", review)):
                if best.points > found.points:
                    band.lost[name].append(best.points - found.points)
                band.cards_lost[name] += max(0, best.cards - found.cards)
        progress(count)
    return band


def p99_max(seconds: list[float]) -> str:
    if not seconds:
        return "-"
    ordered = sorted(seconds)
    p99 = ordered[min(len(ordered) - 1, round(0.99 * (len(ordered) - 1)))]
    return f"{p99 * 1000:.0f}/{ordered[-1] * 1000:.0f} ms"


def row(name: str, band: Band) -> str:
    lost = "  ".join(
        f"{who} {len(band.lost[who])} pos {sum(band.lost[who])} pts {band.cards_lost[who]} cards"
        for who in ("hint", "review")
    )
    return (
        f"{name:<20} {band.positions:>6} {band.stopped:>7} {band.capped:>6} {band.unfinished:>5} "
        f"{band.more_cpu:>5}  {p99_max(band.cpu):>14} {band.nodes:>9}  lost: {lost}"
    )


HEADER = (
    f"{'hand size':<20} {'pos':>6} {'stopped':>7} {'capped':>6} {'unfin':>5} {'>cpu':>5}  "
    f"{'p99/max':>14} {'max nodes':>9}"
)


def add_arguments(parser: Any) -> None:
    parser.add_argument(
        "--rumasta-budget-games",
        type=int,
        default=0,
        help="Rumasta: seeded games per table size whose positions check the step limit",
    )
    parser.add_argument(
        "--rumasta-budget-reference",
        type=int,
        default=REFERENCE_NODES,
        help="Rumasta: the reference search's nodes per opening (far above the limits)",
    )
    parser.add_argument(
        "--rumasta-budget-absolute",
        action="store_true",
        help="Rumasta: measure the old absolute limits (no nodes-without-improving rule)",
    )


def report(out: Callable[[str], Any], options: dict[str, Any]) -> None:
    """Print, by hand size, what the step limits lose against the reference search."""
    games = options.get("rumasta_budget_games") or 0
    if not games:
        return
    reference = options.get("rumasta_budget_reference") or REFERENCE_NODES
    absolute = bool(options.get("rumasta_budget_absolute"))
    views = positions(games)
    out(
        f"Rumasta step limits: {len(views)} positions from {games} seeded games per table "
        f"size; hint {HINT_NODES}, review {REVIEW_NODES} nodes per opening without a better "
        f"play (cap {CAP_FACTOR}x{'; ABSOLUTE: the cap is the limit' if absolute else ''}), "
        f"reference {reference} nodes per opening in all"
    )
    out(HEADER)
    total = Band()
    for low, high, name in BANDS:
        chosen = [v for v in views if low <= len(v["hand"]) <= high]
        band = measure(chosen, reference, partial(_progress, out, name), absolute)
        out(row(name, band))
        _add(total, band)
    out(row("all", total))


def _progress(out: Callable[[str], Any], name: str, done: int) -> None:
    if done % 1000 == 0:
        out(f"  {name}: {done} positions")


def _add(total: Band, band: Band) -> None:
    total.positions += band.positions
    total.stopped += band.stopped
    total.capped += band.capped
    total.unfinished += band.unfinished
    total.more_cpu += band.more_cpu
    total.cpu += band.cpu
    total.nodes = max(total.nodes, band.nodes)
    for who in ("hint", "review"):
        total.lost[who] += band.lost[who]
        total.cards_lost[who] += band.cards_lost[who]
