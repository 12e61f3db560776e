"""Build the Tile Rummy puzzle bank: ``python -m research.puzzles.build --seed S --count N``.

Positions come from seeded games between the site's medium computers, every
turn once the seat to move may touch the table. A position is a puzzle only if
it is one a first idea misses (``examine``):

* the exact placement search (``best_play_for``, the search behind the hint
  and the review) finished: its optimum (most rack tiles, then points) is proven;
* the site's **medium** computer (``games.bots.tile_rummy.propose``, the level
  the tables use, which has no search budget of its own: its searches are bounded
  by construction) lays less than the optimum (tiles, then points), both as it plays
  calmly and as it plays when an opponent is about to go out;
* the **stated greedy** (``greedies.tile_rummy_greedy``: rack sets, then single
  tiles onto table sets, no table tile moved) lays less too;
* the independent integer program (``research.tile_rummy_ilp``, HiGHS) finds the
  same optimum.

Then ``dedupe`` refuses repeats (by faces; at most 3 from one game) and
``finish`` adds what the page needs: the answer that rebuilds the fewest table
sets, its themes, a hint, and a first rating from measured difficulty
(``difficulty``). Games are played two at a time (``--workers``) and taken in
seed order, so the same seed builds the same file whatever the workers do.
Everything is bounded by search steps, never the clock.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections import Counter
from contextlib import nullcontext
from multiprocessing import Pool
from pathlib import Path
from typing import Any

from games.bots.tile_rummy import _keep_order, choose_action, is_legal_play, propose
from games.bots.tile_rummy.best import PLACEMENT_NODES, BestPlay, best_play_for
from games.bots.tile_rummy.search import Budget
from games.engine import tile_rummy as tr
from games.engine.tile_rummy import TileRummyView, face_of, tile_value
from research.tile_rummy_ilp import TILE_WEIGHT, reference_optimum

from .dedupe import Deduper
from .difficulty import find_budget, tile_rummy_rating
from .greedies import tile_rummy_greedy
from .held import held_sets
from .hints import tile_rummy_hint
from .themes import themes_of, touched_sets

Table = list[list[int]]
Laid = tuple[int, int]
FIRST_ID = 3_001  # apart from the first bank's ids (1-2020, kept for old attempts) and the others'
FIRST_MOVE = 10  # no harvest before this many moves: tables are still thin
MAX_MOVES = 140
# Candidates kept from one game: the bank takes at most 3 a game (``dedupe``), the rest
# stand in for those a repeat rule refuses.
PER_GAME_CANDIDATES = 5
# A first look with this many steps a pass: where it finds nothing better than the medium
# computer's move the position is passed over without the exact search (the costly part).
# Of the first 100 puzzles kept without it, the anytime search found every optimum within
# 16,000 steps a pass (``measures.find``), so hardly a puzzle is lost.
QUICK_NODES = 32_000
SIM_LEVEL = "medium"
DEFAULT_OUT = Path(__file__).resolve().parents[2] / "puzzles" / "data" / "bank.json"


def laid_by(table: Table, rack: list[int], new_table: Table | None) -> Laid:
    """(tiles, value) a proposed table lays from the rack; (0, 0) if it is not legal."""
    if new_table is None or not is_legal_play(table, rack, True, new_table):
        return (0, 0)
    before = {t for s in table for t in s}
    placed = [t for s in new_table for t in s if t not in before]
    return (len(placed), sum(tile_value(t) for t in placed))


def puzzle_view(table: Table, rack: list[int], danger: bool) -> TileRummyView:
    """The seat's view a puzzle shows; ``danger``: an opponent is down to one tile."""
    view: Any = {
        "table": [tr.set_view(s) for s in table],
        "rack": [tr.tile_view(t) for t in rack],
        "may_touch_table": True,
        "seat": 0,
    }
    if danger:
        view["rack_counts"] = [len(rack), 1]
    return view


def level_laid(table: Table, rack: list[int], level: str) -> Laid:
    """The most a level lays here, calm or pressed (medium plays differently when pressed)."""
    views = (puzzle_view(table, rack, pressed) for pressed in (False, True))
    return max(laid_by(table, rack, propose(view, level)) for view in views)


def least_rearranged(table: Table, rack: list[int], best: BestPlay) -> Table:
    """An optimal arrangement that leaves as many original sets alone as it can.

    The search's own answer may rebuild the whole table; a puzzle's themes, hint
    and shown answer should name only the rearrangements the optimum needs. The
    integer program of ``held`` picks the most sets that can stay; the search then
    arranges the rest, and its answer is kept if it is exact and reaches the optimum.
    """
    score = TILE_WEIGHT * best.tiles + best.points
    keep = set(held_sets(table, rack, score))
    if not keep:
        return best.table
    rest = [s for i, s in enumerate(table) if i not in keep]
    found = best_play_for(rest, rack, True, Budget(PLACEMENT_NODES))
    if found is None or not found.exact or (found.tiles, found.points) != (best.tiles, best.points):
        return best.table
    return [*(s for i, s in enumerate(table) if i in keep), *found.table]


def examine(view: dict[str, Any], stats: Counter[str]) -> dict[str, Any] | None:
    """The candidate puzzle this position makes, or None (``stats`` counts why not)."""
    stats["positions"] += 1
    table = [[t["id"] for t in s["tiles"]] for s in view["table"]]
    rack = [t["id"] for t in view["rack"]]
    medium = laid_by(table, rack, propose(puzzle_view(table, rack, False), "medium"))
    quick = best_play_for(table, rack, True, Budget(QUICK_NODES))
    if quick is None or (quick.tiles, quick.points) <= medium:
        stats["medium_solves_quick"] += 1
        return None
    budget = Budget(PLACEMENT_NODES)
    best = best_play_for(table, rack, True, budget)
    if best is None or not best.exact:
        stats["not_exact"] += 1
        return None
    optimum = (best.tiles, best.points)
    medium = level_laid(table, rack, "medium")  # pressed too (it plays otherwise then)
    if medium >= optimum:
        stats["medium_solves"] += 1
        return None
    greedy, _ = tile_rummy_greedy(table, rack)
    if greedy >= optimum:
        stats["greedy_solves"] += 1
        return None
    solution = _keep_order(table, least_rearranged(table, rack, best))
    first = max(medium, greedy)
    return {
        "kind": "out" if best.tiles == len(rack) else "most",
        "table": table,
        "rack": rack,
        "tiles": best.tiles,
        "value": best.points,
        "solution": solution,
        "gain": [best.tiles - first[0], best.points - first[1]],
        "measures": {
            "medium": list(medium),
            "greedy": list(greedy),
            "easy": list(level_laid(table, rack, "easy")),
            "nodes": budget.total,
            "rebuilt": touched_sets(table, solution),
            "find": find_budget(table, rack, optimum),
        },
    }


def candidate_views(game_seed: int):
    """(move, view) of the seat to move each turn, from one seeded medium-bot game."""
    players = (2, 3, 4)[game_seed % 3]
    state = tr.new_game({"players": players, "meld_rule": "standard"}, game_seed)
    for move in range(MAX_MOVES):
        if state.phase != "play":
            return
        seat = state.turn
        view = tr.view(state, seat)
        due = move >= FIRST_MOVE and view["may_touch_table"]
        if due and view["table"] and len(view["rack"] or []) >= 3:
            yield move, view
        action = choose_action(view, SIM_LEVEL)
        assert action is not None, "the seat to move always acts"
        state, _ = tr.apply(state, seat, action)


def harvest(game_seed: int) -> tuple[int, list[dict[str, Any]], dict[str, int]]:
    """Every candidate of one game (a worker's job), with the counts of the refused."""
    stats: Counter[str] = Counter()
    found = []
    for move, view in candidate_views(game_seed):
        candidate = examine(view, stats)
        if candidate is not None:
            found.append({"source": f"{game_seed}:{move}", **candidate})
        if len(found) >= PER_GAME_CANDIDATES:
            break
    return game_seed, found, dict(stats)


def ilp_disagrees(candidate: dict[str, Any]) -> str | None:
    """ "ilp_disagrees" unless the integer program finds the candidate's optimum. Asked here,
    of the candidates the repeat rules let in, rather than of every one (it is the slow part)."""
    check = reference_optimum(candidate["table"], candidate["rack"])
    same = (check.tiles, check.value) == (candidate["tiles"], candidate["value"])
    return None if same else "ilp_disagrees"


def finish(candidate: dict[str, Any], number: int) -> dict[str, Any]:
    """A kept candidate as a shipped puzzle: its id, themes, hint and first rating."""
    table, rack, solution = candidate["table"], candidate["rack"], candidate["solution"]
    themes = themes_of(table, rack, solution)
    return {
        "id": FIRST_ID + number,
        **candidate,
        "themes": themes,
        "hint": tile_rummy_hint(table, rack, solution),
        "difficulty": tile_rummy_rating(candidate),
    }


def games(seed: int, workers: int, journal: Path | None = None):
    """Each game's harvest in seed order (``seed * 100_000 + 0, 1, …``).

    ``journal``: a file of harvests already made (one JSON line a game), read first
    and added to as games finish, so an interrupted build goes on where it stopped.
    """
    known: dict[int, tuple] = {}
    if journal is not None and journal.exists():
        for line in journal.read_text().splitlines():
            if line.endswith("]"):  # a line cut short by a stop is done again
                result = tuple(json.loads(line))
                known[result[0]] = result
    done: list[tuple[Any, ...]] = []
    while seed * 100_000 + len(done) in known:
        done.append(known[seed * 100_000 + len(done)])
    yield from done
    log = journal.open("a") if journal is not None else None
    seeds = (seed * 100_000 + n for n in range(len(done), 100_000))
    with Pool(workers) if workers > 1 else nullcontext() as pool:
        played = pool.imap(harvest, seeds, chunksize=2) if pool else map(harvest, seeds)
        for result in played:
            if log is not None:
                log.write(json.dumps(result, separators=(",", ":")) + "\n")
                log.flush()
            yield result


def build(
    seed: int,
    count: int,
    workers: int = 1,
    progress=None,
    stats: Counter[str] | None = None,
    journal: Path | None = None,
) -> list[dict[str, Any]]:
    """``count`` puzzles, the first admitted from games in seed order."""
    stats = stats if stats is not None else Counter()
    deduper = Deduper(face_of)
    bank: list[dict[str, Any]] = []
    for played, (_, found, refused) in enumerate(games(seed, workers, journal), 1):
        stats.update(refused)
        stats["games"] = played
        for candidate in found:
            stats["candidates"] += 1
            why = deduper.why_not(candidate) or ilp_disagrees(candidate)
            if why:
                stats[why] += 1
                continue
            deduper.admit(candidate)
            bank.append(finish(candidate, len(bank)))
            if len(bank) >= count:
                break
        if progress:
            progress(bank, stats)
        if len(bank) >= count:
            break
    return bank


def write(bank: list[dict[str, Any]], meta: dict[str, Any] | int, path: Path) -> None:
    """One puzzle a line: small, and a diff shows what changed. ``meta``: what the file
    says of its build (a bare number is its seed, as the first builders wrote)."""
    path.parent.mkdir(parents=True, exist_ok=True)
    lines = [json.dumps(p, separators=(",", ":")) for p in bank]
    about = {"seed": meta} if isinstance(meta, int) else meta
    head = json.dumps({**about, "count": len(bank)})
    path.write_text('{"meta":' + head + ',"puzzles":[\n' + ",\n".join(lines) + "\n]}\n")


def refresh(path: Path, finish) -> int:
    """Work out the themes, hints and first ratings of a built file again (when their rules
    change), keeping its puzzles, ids and order: no game is replayed. How many puzzles."""
    data = json.loads(path.read_text())
    derived = ("id", "themes", "hint", "difficulty")
    bank = [
        finish({k: v for k, v in p.items() if k not in derived}, n)
        for n, p in enumerate(data["puzzles"])
    ]
    write(bank, {k: v for k, v in data["meta"].items() if k != "count"}, path)
    return len(bank)


def reporter(count: int, started: float, every: int = 100):
    """A progress printer: a line each ``every`` puzzles (and at the end)."""
    shown = [0]

    def progress(bank: list[dict[str, Any]], stats: Counter[str]) -> None:
        n = len(bank)
        if n // every > shown[0] // every or n >= count:
            shown[0] = n
            spent = time.perf_counter() - started
            print(f"{n}/{count} puzzles, {spent:.0f} s: {json.dumps(dict(stats))}", flush=True)

    return progress


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seed", type=int, default=31)
    parser.add_argument("--count", type=int, default=3000)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--out", type=Path, default=DEFAULT_OUT)
    parser.add_argument(
        "--refresh", action="store_true", help="only work out themes, hints and ratings again"
    )
    args = parser.parse_args(argv)
    if args.refresh:
        print(f"refreshed {refresh(args.out, finish)} puzzles in {args.out}")
        return
    started = time.perf_counter()
    stats: Counter[str] = Counter()
    journal = args.out.with_suffix(f".seed{args.seed}.journal")
    progress = reporter(args.count, started)
    bank = build(args.seed, args.count, args.workers, progress, stats, journal)
    spent = time.perf_counter() - started
    write(bank, {"seed": args.seed, "stats": dict(stats), "seconds": round(spent)}, args.out)
    journal.unlink()
    print(f"wrote {len(bank)} puzzles to {args.out} in {spent:.0f} s", file=sys.stderr)


if __name__ == "__main__":
    main()
