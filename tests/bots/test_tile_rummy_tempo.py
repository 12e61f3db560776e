"""The tempo benchmark: a draw taken back leaves every other tile where it was."""

from __future__ import annotations

from collections import Counter

from bench.benchmarks import tile_rummy_tempo as tempo
from bench.benchmarks.tile_rummy_strength import baseline_player
from games.engine import tile_rummy as tr


def test_a_draw_taken_back_goes_under_the_pool_and_keeps_every_tile() -> None:
    state = tr.new_game({"players": 2, "target": 200, "max_rounds": 100}, 4)
    seat, before = state.turn, list(state.pool)
    rack = list(state.racks[seat])
    state, events = tr.apply(state, seat, {"type": "draw"})
    tile = events[0]["private"]["tile"]
    tempo.take_back(state, seat, tile)
    assert state.racks[seat] == rack
    assert state.pool == [tile, *before[:-1]]  # the next draw is the one after it
    assert Counter(tr.all_ids(state)) == Counter(range(tr.TILE_COUNT))


def test_no_draw_skipped_is_the_unchanged_deal_and_a_skip_changes_it() -> None:
    player = baseline_player(300)
    control = tempo.play_round(player, 11, 0, 0)
    assert tempo.worth(player, 11, [0]) == {0: (0, 0)}
    skipped = [
        tempo.play_round(player, seed, 0, 3) - tempo.play_round(player, seed, 0, 0)
        for seed in (11, 12, 13)
    ]
    assert control == tempo.play_round(player, 11, 0, 0)  # seeded: the same round again
    assert any(skipped)  # three draws skipped change at least one of three rounds
