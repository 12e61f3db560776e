"""Build the puzzle bank from seeded games: ``python -m research.puzzles.build --seed S --count N``.

Positions come from seeded games between medium computers (as the benchmark's
``mid_game_views``), harvested every few turns once the seat to move may touch
the table. For each candidate the exact placement search (``best_play_for``,
the search behind the hint and the review) gives the optimum; the easy level's
move is what a beginner would play. A position is kept only if:

* the search finished (its answer is exact) and the optimum lays at least
  ``MIN_GAIN`` tiles more than the easy level's move;
* the optimal arrangement has a clear theme (``themes.CLEAR``);
* the independent integer program (``research.tile_rummy_ilp``, HiGHS) finds
  the same optimum: the same number of tiles, then the same value.

Each kept puzzle stores the position (table and rack only), the optimum and
one arrangement reaching it, its themes and a difficulty estimate (an initial
puzzle rating). Everything depends on the seed alone (search steps, not the
clock, bound every search), so the same seed builds the same bank. One core.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from pathlib import Path
from typing import Any

from games.bots.tile_rummy import _keep_order, choose_action, is_legal_play, propose
from games.bots.tile_rummy.best import PLACEMENT_NODES, BestPlay, best_play_for
from games.bots.tile_rummy.search import Budget
from games.engine import tile_rummy as tr
from research.tile_rummy_ilp import reference_optimum

from .themes import CLEAR, themes_of, touched_sets

MIN_GAIN = 2
Table = list[list[int]]
FIRST_MOVE = 10  # no harvest before this many moves: tables are still thin
EVERY = 1  # harvest one turn in EVERY (1: each turn; games are the slow part)
MAX_MOVES = 140
# Steps for each "without this set" search of least_rearranged: a set whose search does
# not finish within them is simply not held back (the answer stays optimal either way).
FREEZE_NODES = 30_000
# The level whose seeded games the positions come from (easy games were tried: faster,
# but nearly every puzzle they gave was a go-out, so the themes were not varied).
SIM_LEVEL = "medium"
DEFAULT_OUT = Path(__file__).resolve().parents[2] / "puzzles" / "data" / "bank.json"


def easy_tiles(view: dict[str, Any]) -> int:
    """How many rack tiles the easy level lays here (0 if it would draw)."""
    table = [[t["id"] for t in s["tiles"]] for s in view["table"]]
    rack = [t["id"] for t in view["rack"]]
    move = propose(view, "easy")
    if move is None or not is_legal_play(table, rack, True, move):
        return 0
    before = {t for s in table for t in s}
    return sum(1 for s in move for t in s if t not in before)


def least_rearranged(table: Table, rack: list[int], best: BestPlay) -> Table:
    """An optimal arrangement that leaves as many original sets alone as it can.

    The search's own answer may rebuild the whole table; a puzzle's themes and
    its shown answer should name only the rearrangements the optimum needs.
    Greedily, each original set is held back from the search if the optimum
    (tiles, then value) is still reached without it.
    """
    held: Table = []
    rest = list(table)  # the same list objects: each trial leaves one of them out
    answer = best.table
    for old in table:
        trial = [s for s in rest if s is not old]
        found = best_play_for(trial, rack, True, Budget(FREEZE_NODES))
        if found and found.exact and (found.tiles, found.points) == (best.tiles, best.points):
            held.append(old)
            rest = trial
            answer = [*held, *found.table]
    return answer


def difficulty(gain: int, touched: int, themes: list[str], tiles: int, rack: int) -> int:
    """A first guess at the puzzle's rating; the players' results correct it (Glicko-2)."""
    score = 1000 + 120 * (gain - MIN_GAIN) + 110 * min(touched, 6) + 12 * tiles + 4 * rack
    score += 150 * ("jokers" in themes) + 100 * ("splitting-a-run" in themes)
    score += 100 * ("groups-to-runs" in themes) + 100 * ("runs-to-groups" in themes)
    return min(score, 2600)


def examine(view: dict[str, Any]) -> dict[str, Any] | None:
    """The puzzle this position makes, or None (with the reason in ``examine.why``)."""
    table = [[t["id"] for t in s["tiles"]] for s in view["table"]]
    rack = [t["id"] for t in view["rack"]]
    best = best_play_for(table, rack, True, Budget(PLACEMENT_NODES))
    if best is None or not best.exact:
        return None
    easy = easy_tiles(view)
    if best.tiles - easy < MIN_GAIN:
        return None
    if not any(t in CLEAR for t in themes_of(table, rack, best.table)):
        return None  # not even the search's own (most rearranged) answer has a theme
    solution = _keep_order(table, least_rearranged(table, rack, best))
    themes = themes_of(table, rack, solution)
    if not any(t in CLEAR for t in themes):
        return None
    check = reference_optimum(table, rack)
    if (check.tiles, check.value) != (best.tiles, best.points):
        examine.mismatches += 1  # type: ignore[attr-defined]
        return None
    touched = touched_sets(table, solution)
    return {
        "kind": "out" if best.tiles == len(rack) else "most",
        "table": table,
        "rack": rack,
        "tiles": best.tiles,
        "value": best.points,
        "solution": solution,
        "easy": easy,
        "themes": themes,
        "difficulty": difficulty(best.tiles - easy, touched, themes, best.tiles, len(rack)),
    }


examine.mismatches = 0  # type: ignore[attr-defined]


def candidate_views(game_seed: int):
    """Views of the seat to move, every ``EVERY`` turns, from one seeded medium-bot game."""
    rng = random.Random(game_seed)
    players = (2, 3, 4)[game_seed % 3]
    state = tr.new_game({"players": players, "meld_rule": "standard"}, game_seed)
    offset = rng.randrange(EVERY)
    for move in range(MAX_MOVES):
        if state.phase != "play":
            return
        seat = state.turn
        view = tr.view(state, seat)
        due = move >= FIRST_MOVE and move % EVERY == offset and view["may_touch_table"]
        if due and view["table"] and len(view["rack"]) >= 3:
            yield move, view
        state, _ = tr.apply(state, seat, choose_action(view, SIM_LEVEL))


def _key(puzzle: dict[str, Any]) -> str:
    return json.dumps([sorted(map(sorted, puzzle["table"])), sorted(puzzle["rack"])])


def build(
    seed: int, count: int, progress=None, done: list[dict[str, Any]] | None = None
) -> list[dict[str, Any]]:
    """``count`` puzzles from games seeded ``seed * 100_000 + 0, 1, 2…``, in order.

    ``done``: puzzles an interrupted run of the same seed already found (its
    journal); the build goes on from the last one's game, and the result is the
    same as a run that was never interrupted.
    """
    bank: list[dict[str, Any]] = list(done or [])
    seen = {_key(p) for p in bank}
    game = int(bank[-1]["source"].split(":")[0]) - seed * 100_000 if bank else 0
    while len(bank) < count:
        game_seed = seed * 100_000 + game
        for move, view in candidate_views(game_seed):
            if any(p["source"] == f"{game_seed}:{move}" for p in bank[-40:]):
                continue  # found before the interruption
            puzzle = examine(view)
            if puzzle is None or _key(puzzle) in seen:
                continue
            seen.add(_key(puzzle))
            puzzle = {"id": len(bank) + 1, "source": f"{game_seed}:{move}", **puzzle}
            bank.append(puzzle)
            if progress:
                progress(bank, game)
            if len(bank) >= count:
                break
        game += 1
    return bank


def write(bank: list[dict[str, Any]], seed: int, path: Path) -> None:
    """One puzzle a line: small, and a diff shows what changed."""
    path.parent.mkdir(parents=True, exist_ok=True)
    lines = [json.dumps(p, separators=(",", ":")) for p in bank]
    head = json.dumps({"seed": seed, "count": len(bank), "min_gain": MIN_GAIN})
    path.write_text('{"meta":' + head + ',"puzzles":[\n' + ",\n".join(lines) + "\n]}\n")


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seed", type=int, default=31)
    parser.add_argument("--count", type=int, default=2000)
    parser.add_argument("--out", type=Path, default=DEFAULT_OUT)
    args = parser.parse_args(argv)
    started = time.perf_counter()

    journal = args.out.with_suffix(f".seed{args.seed}.journal")
    done = (
        [json.loads(line) for line in journal.read_text().splitlines()] if journal.exists() else []
    )
    log = journal.open("a")

    def progress(bank: list[dict[str, Any]], games: int) -> None:
        log.write(json.dumps(bank[-1], separators=(",", ":")) + "\n")
        log.flush()
        n = len(bank)
        if n % 25 == 0 or n == args.count:
            spent = time.perf_counter() - started
            print(
                f"{n}/{args.count} puzzles from {games + 1} games in {spent:.0f} s "
                f"({spent / n:.2f} s a puzzle; ILP disagreements {examine.mismatches})",
                flush=True,
            )

    bank = build(args.seed, args.count, progress, done)
    write(bank, args.seed, args.out)
    log.close()
    journal.unlink()
    spent = time.perf_counter() - started
    print(f"wrote {len(bank)} puzzles to {args.out} in {spent:.0f} s", file=sys.stderr)


if __name__ == "__main__":
    main()
