"""How big the API's legal-move answer (GET games/{id}/legal) gets: bytes per answer.

Pure functions over seeded playouts of each game's short contract
configurations (no database, no server): at every step the seat to act gets
the ``actions`` part of the answer as ``api.legal.describe`` builds it, plus
the answer's small envelope, serialised as the API sends it (compact JSON).
The playout then sends one of the listed moves at random, expanding a
``slots`` family (two-card discards) into one concrete move.

Run it (prints max, median and mean bytes, and the largest count of
moves it stands for, per game)::

    .venv/bin/python -m bench.benchmarks.legal_sizes [--games 6] [--steps 400]

The site never imports this module.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
from typing import Any

from api import legal
from games import catalogue
from games.engine import choices

ENVELOPE = {
    "id": "00000000-0000-0000-0000-000000000000",
    "version": 0,
    "seat": 0,
    "my_turn": True,
    "timeout_action": {"type": "timeout"},
    "hold_seconds": 0.0,
}


def answer_bytes(engine: Any, state: Any, seat: int) -> tuple[int, int]:
    """The answer's size in bytes and how many concrete moves it stands for (families too)."""
    actions = legal.describe(engine, state, seat)
    body = json.dumps({**ENVELOPE, "actions": actions}, separators=(",", ":"), default=str)
    told = sum(len(a["choices"]) for a in actions)
    told += sum(len(list(choices.expand(a["type"], a["slots"]))) for a in actions if a["slots"])
    return len(body.encode()), told


def one_move(rng: random.Random, listing: dict[str, dict[str, Any]]) -> dict[str, Any] | None:
    """A random complete move from the listing: a listed choice or one drawn from a family."""
    moves: list[dict[str, Any]] = []
    for kind, item in listing.items():
        moves += item["choices"]
        family = item.get("slots")
        if family:
            moves.append(choices.draw(kind, family, rng))
    return rng.choice(moves) if moves else None


def playout_sizes(entry: catalogue.GameEntry, seed: int, steps: int) -> list[tuple[int, int]]:
    """(bytes, choices) of every answer along one seeded playout of each contract config."""
    engine = catalogue.load(entry.engine)
    lister = legal.lister(engine)
    found: list[tuple[int, int]] = []
    for config in entry.contract_configs:
        rng = random.Random(seed)
        state = engine.new_game(dict(config), seed)
        for _ in range(steps):
            outcome = engine.result(state)
            if outcome is not None and outcome.game_over:
                break
            seat = rng.choice(sorted(engine.to_act(state)))
            found.append(answer_bytes(engine, state, seat))
            listing = lister(state, seat) if lister else {}
            action = one_move(rng, listing) or dict(engine.TIMEOUT_ACTION)
            state, _ = engine.apply(state, seat, action)
    return found


def report(games: int, steps: int) -> list[str]:
    """One line per game: answers measured, max / median / mean bytes, most choices listed."""
    lines = []
    for entry in catalogue.ready():
        sizes = [s for seed in range(games) for s in playout_sizes(entry, 100 + seed, steps)]
        size = [b for b, _ in sizes]
        lines.append(
            f"{entry.kind:22} answers={len(size):5} max={max(size):7} B "
            f"median={statistics.median(size):7.0f} B mean={statistics.fmean(size):7.0f} B "
            f"moves_told={max(c for _, c in sizes)}"
        )
    return lines


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description="Sizes of the legal-move answer.")
    parser.add_argument("--games", type=int, default=6, help="seeded playouts per config")
    parser.add_argument("--steps", type=int, default=400, help="most moves per playout")
    args = parser.parse_args(argv)
    for line in report(args.games, args.steps):
        print(line)


if __name__ == "__main__":
    main()
