"""Build the Rumasta first-meld puzzles: ``python -m research.puzzles.rumasta_build``.

Options ``--seed S --count N`` (defaults 31 and 600) and ``--out``.

Positions (``rumasta_position``): seeded games of medium computers, 2 to 6 players
alone or in teams, to 5,000; a seat that drew (option C) and whose side has not
melded: its hand and its side's minimum (50, 90 or 120). The question: lay the
side's first meld from the hand, the most cards, then the most points, keeping
three cards. A hand is a puzzle only if (``examine``):

* the **medium** computer (its own turn played on the real position until it
  discards) lays less (cards, then points);
* the stated **greedy** (``rumasta_greedy``) lays less too;
* the exact search (``rumasta_search``), looking only for better than both,
  finishes within its step budget and finds better;
* the engine's own check accepts the answer on the real position and on the
  bare hand (``rumasta_position.judge``) with exactly that (cards, points), and the
  integer program (``rumasta_check.reference``) finds the same optimum.

No two hands equal by faces; at most one puzzle from a seat in one round and three
from one game. In a game the positions are taken a minimum at a time (120, 90,
then 50, in turn) so the bank holds every minimum. Games are taken in seed order,
so the same seed builds the same file. Ids start at ``FIRST_ID``. One core.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections import Counter
from itertools import zip_longest
from pathlib import Path
from typing import Any

from .rumasta_check import DEFAULT_OUT, GAME, PER_GAME, faces_key, reference
from .rumasta_greedy import greedy
from .rumasta_position import Position, first_meld, judge, medium_choice, positions
from .rumasta_search import Hand, Search, melds_of, solve
from .rumasta_themes import GAME_THEME, flags_of, hint_of, needs, rating, themes_of

FIRST_ID = 20_001
SEARCH_STEPS = 300_000
FIND_STEPS = 300_000  # the unbounded search's budget when measuring ``find``
PER_GAME_EXAMINED = 12


def examine(position: Position, stats: Counter[str]) -> dict[str, Any] | None:
    """The puzzle this position makes, or None (``stats`` counts why not)."""
    stats["positions"] += 1
    hand, minimum = sorted(position.hand), position.minimum
    greedy_cards, greedy_points, _ = greedy(hand, minimum)
    medium = medium_choice(position)
    floor = max((greedy_cards, greedy_points), medium)
    best = solve(hand, minimum, SEARCH_STEPS, floor)
    if not best.complete:
        stats["not_exact"] += 1
        return None
    if not best.cores:
        stats["medium_or_greedy_solves" if floor > (0, 0) else "no_first_meld"] += 1
        return None
    answer = melds_of(hand, best)
    optimum = (best.cards, best.points)
    on_table = first_meld(position.state, position.seat, answer)
    if on_table != optimum or judge(hand, minimum, answer) != optimum:
        raise AssertionError(f"the answer does not lay what the search says: {hand} {answer}")
    if reference(hand, minimum) != optimum:
        stats["ilp_disagreements"] += 1
        return None
    needed = needs(hand, minimum, optimum)
    flags = flags_of(answer, (greedy_cards, greedy_points), optimum, needed)
    themes = themes_of(flags)
    main = next(t for t in themes if t != GAME_THEME)
    search = Search(Hand.of(hand), minimum, FIND_STEPS)
    full = search.run()
    features = {
        "gain": [best.cards - floor[0], best.points - floor[1]],
        "greedy_fails": greedy_cards == 0,
        "melds": len(answer),
        "cards": best.cards,
        "needs": needed,
        "flags": flags,
        "cores": len(search.cores),
        "slack": best.points - minimum,
    }
    return {
        "game": GAME,
        "kind": "open",
        "threshold": minimum,
        "table": [],
        "rack": hand,
        "tiles": best.cards,
        "value": best.points,
        "solution": answer,
        "gain": features["gain"],
        "measures": {
            "medium": list(medium),
            "greedy": [greedy_cards, greedy_points],
            "cores": len(search.cores),
            "find": full.found_at if full.complete else FIND_STEPS,
            "steps": full.steps,
            "flags": sorted(flags),
        },
        "themes": themes,
        "hint": hint_of(hand, answer, minimum, main),
        "difficulty": rating(features),
    }


def _ordered(found: list[Position]) -> list[Position]:
    """A game's positions a minimum at a time (120, 90, 50, in turn), each in play order."""
    by_minimum = [[p for p in found if p.minimum == m] for m in (120, 90, 50)]
    return [p for row in zip_longest(*by_minimum) for p in row if p is not None]


def from_game(game_seed: int, seen: set[str], stats: Counter[str]) -> list[dict[str, Any]]:
    """Up to ``PER_GAME`` puzzles from one game (new hands by faces, a seat once a round)."""
    kept: list[dict[str, Any]] = []
    used: set[tuple[int, int]] = set()
    for position in _ordered(list(positions(game_seed)))[:PER_GAME_EXAMINED]:
        where = (position.state.round_no, position.seat)
        if where in used or faces_key(position.hand) in seen:
            stats["repeats"] += 1
            continue
        puzzle = examine(position, stats)
        if puzzle is None:
            continue
        used.add(where)
        seen.add(faces_key(puzzle["rack"]))
        kept.append({**puzzle, "source": f"{game_seed}:{position.move}"})
        if len(kept) == PER_GAME:
            break
    return kept


def build(seed: int, count: int, stats: Counter[str], started: float) -> list[dict[str, Any]]:
    """``count`` puzzles from games seeded ``seed * 100_000 + 0, 1, 2…``, in order."""
    bank: list[dict[str, Any]] = []
    seen: set[str] = set()
    game = 0
    while len(bank) < count:
        for puzzle in from_game(seed * 100_000 + game, seen, stats):
            if len(bank) < count:
                bank.append({"id": FIRST_ID + len(bank), **puzzle})
        game += 1
        if game % 10 == 0:
            spent = time.perf_counter() - started
            print(f"{len(bank)}/{count} puzzles from {game} games in {spent:.0f} s", flush=True)
    stats["games"] = game
    return bank


def summary(bank: list[dict[str, Any]]) -> dict[str, Any]:
    themes = Counter(t for p in bank for t in p["themes"])
    ratings = sorted(p["difficulty"] for p in bank) or [0]
    return {
        "themes": {t: f"{n} ({100 * n / len(bank):.0f}%)" for t, n in sorted(themes.items())},
        "minimums": dict(sorted(Counter(p["threshold"] for p in bank).items())),
        "hints": dict(Counter(p["hint"]["key"] for p in bank)),
        "card_gain": dict(sorted(Counter(p["gain"][0] for p in bank).items())),
        "difficulty": [ratings[0], ratings[len(ratings) // 2], ratings[-1]],
    }


def write(bank: list[dict[str, Any]], meta: dict[str, Any], path: Path) -> None:
    """One puzzle a line: small, and a diff shows what changed."""
    path.parent.mkdir(parents=True, exist_ok=True)
    lines = [json.dumps(p, separators=(",", ":")) for p in bank]
    head = json.dumps(meta, separators=(",", ":"))
    path.write_text('{"meta":' + head + ',"puzzles":[\n' + ",\n".join(lines) + "\n]}\n")


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seed", type=int, default=31)
    parser.add_argument("--count", type=int, default=600)
    parser.add_argument("--out", type=Path, default=DEFAULT_OUT)
    args = parser.parse_args(argv)
    started = time.perf_counter()
    stats: Counter[str] = Counter()
    bank = build(args.seed, args.count, stats, started)
    write(bank, {"seed": args.seed, "count": len(bank), "game": GAME}, args.out)
    spent = time.perf_counter() - started
    print(json.dumps({"stats": stats, **summary(bank)}))
    print(f"wrote {len(bank)} puzzles to {args.out} in {spent:.0f} s", file=sys.stderr)


if __name__ == "__main__":
    main()
