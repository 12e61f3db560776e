"""Rumbaroo's strength benchmarks: the baseline that plays the review's best every turn,
the match tally (who went out), and the search skipped where no meld may follow."""

from __future__ import annotations

import json

import pytest

from bench.benchmarks import rumbaroo_strength as strength
from games.bots.rumbaroo import best
from games.bots.rumbaroo.placement import Steps
from games.engine import rumbaroo as rb
from tests.engine.rumbaroo.rb_helpers import build, tile

MANY = "G1 G3 G5 G7 G9 G11 Y2"


def view(state, seat: int = 0) -> dict:
    return json.loads(json.dumps(rb.view(state, seat)))


def test_the_baseline_plays_the_first_move_of_the_best_line() -> None:
    # The line: R1 R2 R3 laid first (its free action skips the opponent), then G4 goes out.
    s = build(["R1 R2 R3 G4", MANY], pile="G12")
    action = strength.baseline_player()(view(s))
    assert action["type"] == "meld" and action["free"] == {"target": 1, "kind": "skip"}
    assert action.get("call") is True
    after, _ = rb.apply(s, 0, action)
    assert after.turn == 0
    assert strength.baseline_player()(view(after)) == {
        "type": "discard",
        "tile": tile(after, "G4"),
    }


def test_the_baseline_fills_in_a_wild_colour_and_plays_a_drawn_tile_that_fits() -> None:
    s = build(["J B1 B7 G3", MANY], pile="R9")
    action = strength.baseline_player()(view(s))
    assert action["tile"] == tile(s, "J") and action["colour"] == "B"  # the colour held most
    rb.apply(s, 0, action)
    s = build(["B1 B7 G3", MANY], pile="R9", pool_top="R2")
    s, _ = rb.apply(s, 0, {"type": "draw"})
    assert strength.baseline_player()(view(s)) == {"type": "discard", "tile": tile(s, "R2")}


@pytest.mark.parametrize("difficulty", ["joey", "big_red"])
def test_a_match_alternates_seats_and_counts_who_went_out(difficulty: str) -> None:
    tally = strength.match(
        strength.level_player("big_red"),
        strength.baseline_player(),
        difficulty,
        games=2,
        first_seed=7,
    )
    assert tally.games == 2 and 0 <= tally.wins <= 2
    assert tally.rounds >= 2 and sum(tally.out) + tally.other_end == tally.rounds
    by_rounds = strength.match(
        strength.level_player("joey"), strength.level_player("wallaby"), difficulty, rounds=3
    )
    assert by_rounds.rounds >= 3 and sum(by_rounds.out) + by_rounds.other_end == by_rounds.rounds


def test_no_meld_is_searched_after_a_discard_at_four_players(monkeypatch) -> None:
    """At four players no move follows a discard in the same line, so the meld search
    for the tiles a discard leaves is skipped: the whole hand's is the only one."""
    searched: list[tuple[int, ...]] = []
    original = best._Melds._search

    def counting(self, tiles, floor=None):
        searched.append(tiles)
        return original(self, tiles, floor)

    monkeypatch.setattr(best._Melds, "_search", counting)
    hands = ["R1 R2 R3 R4 B9", MANY, "Y3 Y4 Y5", "B2 B3 B4"]
    s = build(hands, pile="R7")
    found = best.best_play(view(s), Steps(None))
    assert found.exact and found.left == 1 and found.moves[0]["type"] == "meld"
    assert len(searched) == 1
    searched.clear()
    two = build(["R1 R2 R3 R4 B9", MANY], pile="R7")  # two players: a meld laid first
    best.best_play(view(two), Steps(None))  # skips the opponent, so a discard may follow
    assert len(searched) > 1


def test_the_budget_check_prints_a_row_per_density() -> None:
    from bench.benchmarks import rumbaroo_budget

    lines: list[str] = []
    rumbaroo_budget.report(lines.append, {"rumbaroo_budget_positions": 6})
    rows = {line.split()[0]: line.split() for line in lines[2:]}
    assert rows["all"][1] == "6" and rows["all"][2] == "0"  # six turns, no tile lost
    assert sum(int(r[1]) for name, r in rows.items() if name != "all") == 6
