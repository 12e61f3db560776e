"""Build the Romanian opening puzzles: ``python -m research.puzzles.romanian_build``.

Options ``--seed S --count N`` (defaults 31 and 500) and ``--out``.

Positions come from seeded one-round games between medium computers
(``games.bots.romanian.choose_action``): the rack of a seat that has not
opened yet, after its draw (15 tiles, usually). The question: open from the
rack alone laying the most tiles, then the most value. About one game in
four is played with the house threshold of 45 (game seed % 4 == 3), the rest
with 50; each puzzle stores its threshold. A position is kept only if:

* the exact search (``games.bots.romanian.opening.most_tiles_opening``)
  finished within its step budget;
* its optimum lays at least ``MIN_GAIN`` tiles more than the easy level's
  opening (0 when the easy level cannot open);
* the independent integer program (``research.romanian_opening_ilp``,
  HiGHS) finds the same (tiles, value), and the stored answer passes the
  engine's own ``judge_opening`` with exactly that;
* no earlier puzzle has the same rack (by faces), and no earlier puzzle
  came from the same seat of the same game (consecutive turns of one seat
  give near-identical racks).

Everything depends on the seed alone (step budgets, never the clock), so
the same seed builds the same file. Ids start at ``FIRST_ID``, apart from
the Tile Rummy bank's. One core; a few minutes for 500.
"""

from __future__ import annotations

import argparse
import json
import math
import sys
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

from games.bots.romanian import choose_action
from games.bots.romanian.opening import (
    easy_opening,
    opening_candidates,
    opening_melds,
    rack_faces,
    search_opening,
)
from games.engine import romanian as ro
from games.engine.romanian.opening import judge_opening
from research.romanian_opening_ilp import reference_opening

from .build import write
from .romanian_themes import themes_of

GAME = "romanian_tile_rummy"
MIN_GAIN = 2
FIRST_ID = 10_001
SEARCH_STEPS = 200_000
HOUSE_EVERY = 4  # one game seed in four is played with the house threshold
MAX_MOVES = 1_000
DEFAULT_OUT = Path(__file__).resolve().parents[2] / "puzzles" / "data" / "romanian_bank.json"


def threshold_for(game_seed: int) -> int:
    return 45 if game_seed % HOUSE_EVERY == HOUSE_EVERY - 1 else 50


def candidate_views(game_seed: int) -> Iterator[tuple[int, dict[str, Any]]]:
    """(move, view) for each turn a seat that has not opened has drawn and must play."""
    players = (2, 3, 4)[game_seed % 3]
    config = {"players": players, "rounds": 1, "threshold": threshold_for(game_seed)}
    state = ro.new_game(config, game_seed)
    for move in range(MAX_MOVES):
        if state.phase in ("round_over", "game_over"):
            return
        seat = min(ro.to_act(state))
        view = ro.view(state, seat)
        if view["phase"] == "play" and not view["opened"][seat] and len(view["rack"]) >= 4:
            yield move, view
        state, _ = ro.apply(state, seat, choose_action(view, "medium"))


def difficulty(
    gain: int, solution: list[list[int]], themes: list[str], slack: int, options: int, steps: int
) -> int:
    """A first guess at the puzzle's rating; the players' results correct it (Glicko-2).

    Weights chosen by hand (as the Tile Rummy bank's) from what hides an
    opening: 800, plus 55 a tile beyond the easy level's answer (its greedy
    "longest runs first" misses them; up to 12), 90 a combination beyond two
    to fit together, 150 for a joly to place, 120 for a 1 worth more than
    five, 60 for a long run, 120 when the answer only just reaches the
    threshold (within 5; 60 within 15: little room for a wrong combination),
    4 for each combination the rack offers (distractions; up to 60) and 25
    for each doubling of the exact search's steps. Clamped to 900-2300; on
    seed 31 the 500 puzzles spread from about 1000 to 2200 (median 1500).
    """
    score = 800 + 55 * min(gain - MIN_GAIN, 12) + 90 * max(len(solution) - 2, 0)
    score += 150 * ("jolys" in themes) + 120 * ("ones" in themes) + 60 * ("long-runs" in themes)
    score += 120 * (slack <= 5) + 60 * (5 < slack <= 15)
    score += 4 * min(options, 60) + 25 * round(math.log2(max(steps, 1)))
    return max(900, min(score, 2300))


def examine(view: dict[str, Any], stats: dict[str, int]) -> dict[str, Any] | None:
    """The puzzle this rack makes, or None (``stats`` counts why not)."""
    rack = ro.sort_tiles([t["id"] for t in view["rack"]])
    threshold = view["options"]["threshold"]
    faces = rack_faces(rack)
    keep = len(rack) - 1
    best, steps = search_opening(faces, threshold, keep, SEARCH_STEPS)
    stats["max_steps"] = max(stats.get("max_steps", 0), steps)
    if not best.complete:
        stats["incomplete"] += 1
        return None
    if not best.combos:
        stats["no_opening"] += 1
        return None
    easy = easy_opening(faces, threshold, keep)
    easy_tiles = easy.tiles if easy else 0
    if best.tiles - easy_tiles < MIN_GAIN:
        stats["small_gain"] += 1
        return None
    solution = opening_melds(rack, best)
    if judge_opening(rack, solution, threshold) != (best.tiles, best.value):
        raise AssertionError(f"the stored answer does not lay what the search says: {rack}")
    if reference_opening(faces, threshold, keep) != (best.tiles, best.value):
        stats["ilp_disagreements"] += 1
        return None
    themes = themes_of(solution)
    options = len(opening_candidates(faces))
    return {
        "game": GAME,
        "kind": "open",
        "threshold": threshold,
        "table": [],
        "rack": rack,
        "tiles": best.tiles,
        "value": best.value,
        "solution": solution,
        "easy": easy_tiles,
        "themes": themes,
        "difficulty": difficulty(
            best.tiles - easy_tiles, solution, themes, best.value - threshold, options, steps
        ),
    }


def _key(rack: list[int]) -> str:
    return " ".join(sorted(str(ro.face_of(t)) for t in rack))


def build(
    seed: int,
    count: int,
    progress: Callable[[list[dict[str, Any]], int], None] | None = None,
    stats: dict[str, int] | None = None,
) -> list[dict[str, Any]]:
    """``count`` puzzles from games seeded ``seed * 100_000 + 0, 1, 2…``, in order."""
    stats = stats if stats is not None else {}
    for name in ("positions", "incomplete", "no_opening", "small_gain", "ilp_disagreements"):
        stats.setdefault(name, 0)
    bank: list[dict[str, Any]] = []
    seen: set[str] = set()
    game = 0
    while len(bank) < count:
        game_seed = seed * 100_000 + game
        used_seats: set[int] = set()
        for move, view in candidate_views(game_seed):
            if view["seat"] in used_seats:
                continue
            stats["positions"] += 1
            puzzle = examine(view, stats)
            if puzzle is None or _key(puzzle["rack"]) in seen:
                continue
            seen.add(_key(puzzle["rack"]))
            used_seats.add(view["seat"])
            bank.append({"id": FIRST_ID + len(bank), **puzzle, "source": f"{game_seed}:{move}"})
            if progress:
                progress(bank, game)
            if len(bank) >= count:
                break
        game += 1
    stats["games"] = game
    return bank


def summary(bank: list[dict[str, Any]]) -> dict[str, Any]:
    themes: dict[str, int] = {}
    thresholds: dict[int, int] = {}
    for p in bank:
        for t in p["themes"]:
            themes[t] = themes.get(t, 0) + 1
        thresholds[p["threshold"]] = thresholds.get(p["threshold"], 0) + 1
    ratings = sorted(p["difficulty"] for p in bank) or [0]
    return {
        "themes": dict(sorted(themes.items())),
        "thresholds": dict(sorted(thresholds.items())),
        "difficulty": [ratings[0], ratings[len(ratings) // 2], ratings[-1]],
        "easy_cannot_open": sum(p["easy"] == 0 for p in bank),
    }


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seed", type=int, default=31)
    parser.add_argument("--count", type=int, default=500)
    parser.add_argument("--out", type=Path, default=DEFAULT_OUT)
    args = parser.parse_args(argv)
    started = time.perf_counter()
    stats: dict[str, int] = {}

    def progress(bank: list[dict[str, Any]], games: int) -> None:
        n = len(bank)
        if n % 50 == 0 or n == args.count:
            spent = time.perf_counter() - started
            print(
                f"{n}/{args.count} puzzles from {games + 1} games, {stats['positions']} "
                f"positions in {spent:.0f} s (ILP disagreements {stats['ilp_disagreements']})",
                flush=True,
            )

    bank = build(args.seed, args.count, progress, stats)
    write(bank, args.seed, args.out)
    spent = time.perf_counter() - started
    print(json.dumps({"stats": stats, **summary(bank)}))
    print(f"wrote {len(bank)} puzzles to {args.out} in {spent:.0f} s", file=sys.stderr)


if __name__ == "__main__":
    main()
