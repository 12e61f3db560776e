"""What a draw saved is worth in Tile Rummy: the scale of what holding back could win.

Every strategy the expert could add beyond laying the most tiles trades
tiles now for draws saved later (a reserve laid instead of a draw) or for
draws the opponent is made to take (tiles held back so the table does not
help it). This measures the prize itself, with no strategy in the way: the
baseline (the placement optimum every turn) plays both seats of a deal's
first round, and in a second play of the same deal one seat's first
``draws`` draws after it has opened are taken back, the tile going to the
bottom of the pool, so that seat simply skips those draws and everything
else (the deal, the order of the other draws) stays as it was. The score
of that seat less the same seat's score on the unchanged deal, over both
seats, is what those draws were worth; an impossible "never draw once
opened" (``draws`` = 99) shows the scale of the whole prize (not a strict
bound: it changes who draws the tiles left in the pool).

Measured (``--tempo-rounds 500 --tempo-draws 1,3,99 --node-limit 2000``,
first seeds 20,000 and 20,500 side by side, 2,000 rounds each), points a
round for the seat that skips its draws (the two halves' means, then their
average with a 95% interval):

* one draw skipped: +0.74 and +0.76, +0.75 ± 2.2;
* three draws skipped: +3.39 and +0.61, +2.0 ± 2.5;
* never a draw once opened (about 19 a round): +14.30 and +14.95, +14.6 ± 2.5.

A draw is worth about three quarters of a point a round. The expert needs
about +0.8 points a round to win 55% of games to 200 (``tile_rummy_rounds``),
so a holding-back strategy would have to save about one draw every round,
net of what the tiles it holds cost when the opponent goes out first.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any

from games.engine import tile_rummy as tr

from .tile_rummy_rounds import interval
from .tile_rummy_strength import Player, baseline_player


def play_round(player: Player, seed: int, seat: int, draws: int) -> int:
    """Seat 0's round score less seat 1's in the first round of ``seed``, with
    ``seat``'s first ``draws`` draws after it opened taken back."""
    state = tr.new_game({"players": 2, "target": 200, "max_rounds": 100}, seed)
    left = draws
    while True:
        turn = state.turn
        action = player(tr.view(state, turn))
        opened = state.opened[turn]
        state, events = tr.apply(state, turn, action)
        if turn == seat and opened and left > 0 and events and events[0]["type"] == "drew":
            take_back(state, turn, events[0]["private"]["tile"])
            left -= 1
        for event in events:
            if event["type"] in ("round_over", "game_over"):
                return event["scores"][0] - event["scores"][1]


def take_back(state: tr.State, seat: int, tile: int) -> None:
    """Undo ``seat``'s draw of ``tile``: it goes to the bottom of the pool, so every
    draw after it is the one it would have been."""
    state.racks[seat].remove(tile)
    state.pool.insert(0, tile)


def worth(player: Player, seed: int, counts: list[int]) -> dict[int, tuple[int, int]]:
    """What skipping each count of draws gained seat 0 and seat 1 on ``seed``'s deal."""
    control = play_round(player, seed, 0, 0)
    return {
        draws: (
            play_round(player, seed, 0, draws) - control,
            control - play_round(player, seed, 1, draws),
        )
        for draws in counts
    }


def report(out: Callable[[str], Any], options: dict[str, Any]) -> None:
    """Print the points a round that skipping the first K draws after opening is worth."""
    seeds, first, node_limit = options["tempo_rounds"], options["first_seed"], options["node_limit"]
    counts = [int(k) for k in str(options.get("tempo_draws") or "1").split(",") if k.strip()]
    out(
        f"Tile Rummy tempo: first rounds of seeds {first}-{first + seeds - 1}, the baseline in "
        f"both seats, one seat's first K draws after opening skipped, search limit "
        f"{node_limit} steps"
    )
    started = time.perf_counter()
    player = baseline_player(node_limit)
    gains: dict[int, list[float]] = {draws: [] for draws in counts}
    for seed in range(first, first + seeds):
        for draws, pair in worth(player, seed, counts).items():
            gains[draws].extend(pair)
    out(f"{'draws skipped':<14} {'rounds':>6} {'pts/round':>10} {'±95%':>7}")
    for draws in counts:
        mean, half = interval(gains[draws])
        out(f"{draws:<14} {len(gains[draws]):>6} {mean:>+10.2f} {half:>7.2f}")
    out(f"{time.perf_counter() - started:.0f} s")
