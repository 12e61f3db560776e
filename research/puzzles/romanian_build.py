"""Build the Romanian opening puzzles: ``python -m research.puzzles.romanian_build``.

Options ``--seed S --count N`` (defaults 31 and 1000), ``--workers`` and ``--out``.

Positions come from seeded one-round games between medium computers
(``games.bots.romanian.choose_action``): the rack of a seat that has not
opened yet, after its draw. The question: open from the rack alone laying
the most tiles, then the most value. About one game in four is played with
the house threshold of 45 (game seed % 4 == 3), the rest with 50; each
puzzle stores its threshold. A rack is a puzzle only if (``examine``):

* the exact search (``games.bots.romanian.opening.search_opening``) finished
  within its step budget and found an opening;
* the site's **medium** computer's opening (``easy_opening``: the greedy
  packing the easy and medium levels both play, laid only when it reaches the
  threshold with a run) lays less (tiles, then value);
* the best of the **three stated greedies** (``greedies.romanian_greedies``:
  most tiles first, most points first, runs first) lays less too;
* the independent integer program (``research.romanian_opening_ilp``, HiGHS)
  finds the same (tiles, value), and the stored answer passes the engine's own
  ``judge_opening`` with exactly that.

``dedupe`` then refuses repeats (by faces; at most 3 a game). Games are played
``--workers`` at a time and taken in seed order, so the same seed builds the
same file. Ids start at ``FIRST_ID``, apart from the other banks'.
"""

from __future__ import annotations

import argparse
import sys
import time
from collections import Counter
from collections.abc import Iterator
from contextlib import nullcontext
from multiprocessing import Pool
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
from games.engine.romanian.tiles import face_of, is_joly
from research.romanian_opening_ilp import reference_opening

from .build import refresh, reporter, write
from .dedupe import Deduper
from .difficulty import romanian_find, romanian_rating
from .greedies import best_of, romanian_greedies
from .hints import romanian_hint
from .romanian_themes import themes_of

GAME = "romanian_tile_rummy"
FIRST_ID = 70_001  # apart from the first bank's ids (10001-10500), kept for old attempts
SEARCH_STEPS = 200_000
HOUSE_EVERY = 4  # one game seed in four is played with the house threshold
MAX_MOVES = 1_000
PER_GAME_CANDIDATES = 5
DEFAULT_OUT = Path(__file__).resolve().parents[2] / "puzzles" / "data" / "romanian_bank.json"


def threshold_for(game_seed: int) -> int:
    return 45 if game_seed % HOUSE_EVERY == HOUSE_EVERY - 1 else 50


def candidate_views(game_seed: int) -> Iterator[tuple[int, Any]]:
    """(move, view) for each turn a seat that has not opened has drawn and must play."""
    players = (2, 3, 4)[game_seed % 3]
    config = {"players": players, "rounds": 1, "threshold": threshold_for(game_seed)}
    state = ro.new_game(config, game_seed)
    for move in range(MAX_MOVES):
        if state.phase in ("round_over", "game_over"):
            return
        seat = min(ro.to_act(state))
        view = ro.view(state, seat)
        if view["phase"] == "play" and not view["opened"][seat] and len(view["rack"] or []) >= 4:
            yield move, view
        action = choose_action(view, "medium")
        assert action is not None, "a seat that is to act always acts"
        state, _ = ro.apply(state, seat, action)


def medium_laid(faces: Counter[str], threshold: int, keep: int) -> tuple[int, int]:
    """What the medium computer opens with here (tiles, value); (0, 0) if it would not."""
    found = easy_opening(faces, threshold, keep)
    return (found.tiles, found.value) if found else (0, 0)


def examine(rack: list[int], threshold: int, stats: Counter[str]) -> dict[str, Any] | None:
    """The candidate puzzle this rack makes, or None (``stats`` counts why not)."""
    stats["positions"] += 1
    faces = rack_faces(rack)
    keep = len(rack) - 1
    best, steps = search_opening(faces, threshold, keep, SEARCH_STEPS)
    if not best.complete or not best.combos:
        stats["not_exact" if not best.complete else "no_opening"] += 1
        return None
    optimum = (best.tiles, best.value)
    medium = medium_laid(faces, threshold, keep)
    if medium >= optimum:
        stats["medium_solves"] += 1
        return None
    greedy = romanian_greedies(faces, threshold, keep)
    first = max(best_of(greedy), medium)
    if best_of(greedy) >= optimum:
        stats["greedy_solves"] += 1
        return None
    solution = opening_melds(rack, best)
    if judge_opening(rack, solution, threshold) != optimum:
        raise AssertionError(f"the stored answer does not lay what the search says: {rack}")
    if reference_opening(faces, threshold, keep) != optimum:
        stats["ilp_disagrees"] += 1
        return None
    return {
        "game": GAME,
        "kind": "open",
        "threshold": threshold,
        "table": [],
        "rack": rack,
        "tiles": best.tiles,
        "value": best.value,
        "solution": solution,
        "gain": [best.tiles - first[0], best.value - first[1]],
        "measures": {
            "medium": list(medium),
            "greedies": {name: list(laid) for name, laid in greedy.items()},
            "steps": steps,
            "options": len(opening_candidates(faces)),
            "jolys": sum(is_joly(t) for m in solution for t in m),
            "slack": best.value - threshold,
            "find": romanian_find(faces, threshold, keep, optimum),
        },
    }


def harvest(game_seed: int) -> tuple[int, list[dict[str, Any]], dict[str, int]]:
    """Every candidate of one game (a worker's job), with the counts of the refused."""
    stats: Counter[str] = Counter()
    found: list[dict[str, Any]] = []
    for move, view in candidate_views(game_seed):
        rack = ro.sort_tiles([t["id"] for t in view["rack"]])
        candidate = examine(rack, view["options"]["threshold"], stats)
        if candidate is not None:
            found.append({**candidate, "source": f"{game_seed}:{move}"})
        if len(found) >= PER_GAME_CANDIDATES:
            break
    return game_seed, found, dict(stats)


def finish(candidate: dict[str, Any], number: int) -> dict[str, Any]:
    """A kept candidate as a shipped puzzle: its id, themes, hint and first rating."""
    return {
        "id": FIRST_ID + number,
        **candidate,
        "themes": themes_of(candidate["solution"], candidate["threshold"]),
        "hint": romanian_hint(candidate["solution"]),
        "difficulty": romanian_rating(candidate),
    }


def build(
    seed: int,
    count: int,
    workers: int = 1,
    progress=None,
    stats: Counter[str] | None = None,
) -> list[dict[str, Any]]:
    """``count`` puzzles, the first admitted from games seeded ``seed * 100_000 + 0, 1…``."""
    stats = stats if stats is not None else Counter()
    deduper = Deduper(face_of)
    bank: list[dict[str, Any]] = []
    seeds = (seed * 100_000 + n for n in range(100_000))
    with Pool(workers) if workers > 1 else nullcontext() as pool:
        games = pool.imap(harvest, seeds, chunksize=4) if pool else map(harvest, seeds)
        for played, (_, found, refused) in enumerate(games, 1):
            stats.update(refused)
            stats["games"] = played
            for candidate in found:
                stats["candidates"] += 1
                why = deduper.admit(candidate)
                if why:
                    stats[why] += 1
                    continue
                bank.append(finish(candidate, len(bank)))
                if len(bank) >= count:
                    break
            if progress:
                progress(bank, stats)
            if len(bank) >= count:
                break
    return bank


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seed", type=int, default=31)
    parser.add_argument("--count", type=int, default=1000)
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
    bank = build(args.seed, args.count, args.workers, reporter(args.count, started), stats)
    spent = time.perf_counter() - started
    write(bank, {"seed": args.seed, "stats": dict(stats), "seconds": round(spent)}, args.out)
    print(f"wrote {len(bank)} puzzles to {args.out} in {spent:.0f} s", file=sys.stderr)


if __name__ == "__main__":
    main()
