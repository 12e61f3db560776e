"""Variants of the Tile Rummy expert, measured round by round against the expert itself.

Each idea for play beyond the turn that did not make it into the expert is
kept here as a player, so its figures in the expert's docstring can be
reproduced (``--variant-rounds N --variants reserve5,tiles30``). Every seed's
first round is played by the baseline against itself (the control), by the
expert in each seat against the baseline, and by each variant in each seat
against the baseline: the same deals throughout, so a variant's score less
the expert's counts only the rounds where it chose differently.

Variants:

* ``reserve5`` / ``reserve9`` / ``reserve13``: a *safe reserve of one*. When
  it lays two tiles or more, far from danger, it keeps back its cheapest
  natural tile worth at most 5 (9, 13) if that tile still fits the table it
  leaves and the other copy of its face is in sight (on the table or its own
  rack), so the opponent cannot take its place: a later turn lays it
  instead of drawing.
* ``blind``: the expert before it counted what it has seen, keeping every
  pair on its rack even when both copies of every tile that would complete
  it are in sight.
* ``tiles30`` / ``tiles20`` / ``tiles14``: points traded for tiles outside
  danger: a tile laid weighs 30 (20, 14) plus its face, so two high tiles
  may go down instead of three low ones; a joker counts as minus two and a
  half tiles, as in the expert.
"""

from __future__ import annotations

import time
from collections import Counter
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any

from games.bots.tile_rummy import expert as expert_module
from games.bots.tile_rummy import is_legal_play
from games.bots.tile_rummy.best import read_view
from games.bots.tile_rummy.expert import face_key, in_danger, seen_faces, situation_of
from games.bots.tile_rummy.search import PLACEMENT_WEIGHTS, Budget, Weights, anytime_arrangement
from games.engine.tile_rummy import face_of, tile_value

from .tile_rummy_rounds import interval, play_round
from .tile_rummy_strength import Player, baseline_player, level_player

Action = dict[str, Any]


def reserve_player(node_limit: int, cap: int) -> Player:
    """The expert, keeping back one cheap tile that will still fit and cannot be taken."""
    expert = level_player("expert", node_limit)

    def play(view: dict[str, Any]) -> Action:
        action = expert(view)
        table, rack, touch = read_view(view)
        if action["type"] != "play" or not touch or in_danger(situation_of(view)):
            return action
        on_rack = set(rack)
        placed = [t for s in action["table"] for t in s if t in on_rack]
        if len(placed) == len(rack) or len(placed) < 2:
            return action
        held = _reserve(table, rack, placed, cap, node_limit)
        return {"type": "play", "table": held} if held is not None else action

    return play


def _reserve(
    table: list[list[int]], rack: list[int], placed: list[int], cap: int, node_limit: int
) -> list[list[int]] | None:
    """The table with all of ``placed`` but one safe cheap tile, or None."""
    seen = Counter(seen_faces(rack, table))
    cheap = sorted(
        (
            t
            for t in placed
            if not face_of(t).wild and tile_value(t) <= cap and seen[face_key(t)] > 1
        ),
        key=lambda t: (tile_value(t), t),
    )
    for tile in cheap:
        rest = [t for t in placed if t != tile]
        laid = anytime_arrangement(table, rest, face_of, PLACEMENT_WEIGHTS, Budget(node_limit))
        if len(laid.placed) != len(rest):
            continue
        later = anytime_arrangement(
            laid.sets, [tile], face_of, PLACEMENT_WEIGHTS, Budget(node_limit)
        )
        if later.placed and is_legal_play(table, rack, True, laid.sets):
            return laid.sets
    return None


def _twin_seen(tile: int, seen: Counter[tuple[str, int]]) -> bool:
    """Are both copies of the tile's face in sight, so no opponent can hold the other?"""
    return seen[face_key(tile)] > 1


@contextmanager
def _keeping(weights: Callable[[Any], Weights]) -> Iterator[None]:
    original = expert_module.keeping_weights
    expert_module.keeping_weights = weights
    try:
        yield
    finally:
        expert_module.keeping_weights = original


def trading_weights(per_tile: int) -> Weights:
    """A tile laid weighs ``per_tile`` plus its face; a joker minus two and a half tiles."""
    return Weights(lambda c, n: per_tile + n, lambda n: 0, -(per_tile * 5) // 2)


def trading_player(node_limit: int, per_tile: int) -> Player:
    """The expert with ``trading_weights`` in place of its own outside danger."""
    expert = level_player("expert", node_limit)
    weights = trading_weights(per_tile)

    def play(view: dict[str, Any]) -> Action:
        with _keeping(lambda rack, table=None: weights):
            return expert(view)

    return play


def blind_player(node_limit: int) -> Player:
    """The expert not counting what it has seen: every pair on its rack waits for a third."""
    expert = level_player("expert", node_limit)
    original = expert_module.keeping_weights

    def play(view: dict[str, Any]) -> Action:
        with _keeping(lambda rack, table=None: original(rack)):
            return expert(view)

    return play


VARIANTS: dict[str, Callable[[int], Player]] = {
    "blind": blind_player,
    "reserve5": lambda n: reserve_player(n, 5),
    "reserve9": lambda n: reserve_player(n, 9),
    "reserve13": lambda n: reserve_player(n, 13),
    "tiles30": lambda n: trading_player(n, 30),
    "tiles20": lambda n: trading_player(n, 20),
    "tiles14": lambda n: trading_player(n, 14),
}


def chosen(names: str) -> list[str]:
    wanted = [n.strip() for n in names.split(",") if n.strip()] or list(VARIANTS)
    unknown = [n for n in wanted if n not in VARIANTS]
    if unknown:
        raise ValueError(f"unknown variants {unknown}; choose from {', '.join(VARIANTS)}")
    return wanted


def differences(
    players: dict[str, Player], baseline: Player, seed: int
) -> dict[str, tuple[int, int]]:
    """Each player's round score less the baseline's in the same seat, seat 0 then seat 1."""
    control, _ = play_round((baseline, baseline), seed)
    out = {}
    for name, player in players.items():
        first, _ = play_round((player, baseline), seed)
        second, _ = play_round((baseline, player), seed)
        out[name] = (first - control, control - second)
    return out


def report(out: Callable[[str], Any], options: dict[str, Any]) -> None:
    """Print each variant's points a round over the baseline and over the expert."""
    node_limit, seeds, first = (
        options["node_limit"],
        options["variant_rounds"],
        options["first_seed"],
    )
    names = chosen(options.get("variants") or "")
    players = {"expert": level_player("expert", node_limit)}
    players.update({name: VARIANTS[name](node_limit) for name in names})
    out(
        f"Tile Rummy variants: first rounds of seeds {first}-{first + seeds - 1}, each player "
        f"in both seats against the baseline, search limit {node_limit} steps, no clock"
    )
    started = time.perf_counter()
    gained: dict[str, list[float]] = {name: [] for name in players}
    baseline = baseline_player(node_limit)
    for seed in range(first, first + seeds):
        for name, pair in differences(players, baseline, seed).items():
            gained[name].extend(pair)
    out(f"{'player':<12} {'rounds':>6} {'v baseline':>16} {'v expert':>16} {'differ':>8}")
    for name, values in gained.items():
        mean, half = interval(values)
        versus = [a - b for a, b in zip(values, gained["expert"], strict=True)]
        v_mean, v_half = interval(versus) if name != "expert" else (0.0, 0.0)
        differ = sum(1 for d in versus if d)
        out(
            f"{name:<12} {len(values):>6} {mean:>+8.2f} ±{half:<6.2f} "
            f"{v_mean:>+8.2f} ±{v_half:<6.2f} {differ:>8}"
        )
    out(f"{time.perf_counter() - started:.0f} s")
