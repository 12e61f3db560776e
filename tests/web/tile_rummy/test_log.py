"""Tile Rummy's "What happened" lines, the highlight and the spoken chips, from public views."""

from __future__ import annotations

from typing import Any

import pytest

from games.engine import tile_rummy as tr
from games.web.tile_rummy import presenters
from games.web.tile_rummy.log import Teller, round_ending
from tests.engine.helpers import build

NAMES = ["You", "Ada"]


def public(**kwargs: Any) -> dict[str, Any]:
    return tr.view(build(**kwargs), None)


def after(state: tr.State, seat: int, action: dict[str, Any]) -> dict[str, Any]:
    """The public view once ``seat`` has made ``action``."""
    return tr.view(tr.apply(state, seat, action)[0], None)


def position(racks: list[str], table: list[str], turn: int = 1) -> tuple[tr.State, dict[str, Any]]:
    state = build(racks=racks, table=table, opened=[True, True], turn=turn)
    return state, tr.view(state, None)


def ids_of(state: tr.State, seat: int, faces: str) -> list[int]:
    wanted = faces.split()
    return [t for f in wanted for t in state.racks[seat] if str(tr.face_of(t)) == f][: len(wanted)]


def test_a_new_run_and_a_tile_added_to_a_group() -> None:
    state, before = position(["R1", "R5 R6 R7 K9 B2"], ["R9 B9 Y9"])
    table = [*state.table, ids_of(state, 1, "R5 R6 R7")]
    table[0] = [*table[0], *ids_of(state, 1, "K9")]
    line = Teller(NAMES).line(
        {"type": "play"}, 1, before, after(state, 1, {"type": "play", "table": table})
    )
    assert line == "Ada laid red 5, 6, 7 and added black 9 to a group."


def test_tiles_added_around_a_moved_table_tile_and_the_rearrangement() -> None:
    state, before = position(["R1", "K3 B3 Y3 R2"], ["R3 R4 R5 R6"])
    three, *rest = state.table[0]  # the red 3 leaves its run for a group of 3s
    table = [rest, [*ids_of(state, 1, "K3 B3 Y3"), three]]
    line = Teller(NAMES).line(
        {"type": "play"}, 1, before, after(state, 1, {"type": "play", "table": table})
    )
    assert line == "Ada added blue 3, yellow 3 and black 3 to a group and rearranged the table."


def test_draws_and_passes_never_name_the_tile() -> None:
    state, before = position(["R1 R2", "K9"], [], turn=1)
    drawn = after(state, 1, {"type": "draw"})
    assert Teller(NAMES).line({"type": "draw"}, 1, before, drawn) == "Ada drew a tile."
    empty = dict(drawn, pool_count=0)
    assert (
        Teller(NAMES).line({"type": "draw"}, 0, empty, empty) == "You passed (the pool is empty)."
    )


def test_every_timeout_says_what_the_clock_did_for_the_seat() -> None:
    timeout = {"type": "timeout"}
    state, before = position(["R1 R2", "K9"], [], turn=1)
    drawn = after(state, 1, timeout)
    assert Teller(NAMES).line(timeout, 1, before, drawn) == "Ada ran out of time and drew a tile."
    dry = build(racks=["R1 R2", "K9"], opened=[True, True], turn=1, leftover_to=0)
    passed = Teller(NAMES).line(timeout, 1, tr.view(dry, None), after(dry, 1, timeout))
    assert passed == "Ada ran out of time and passed (the pool is empty)."
    ready = build(["R7", "B3"], table=["R4 R5 R6"], opened=[True, False])
    went_out = {"type": "play", "table": [[*ready.table[0], *ids_of(ready, 0, "R7")]]}
    over = tr.apply(ready, 0, went_out)[0]  # round 1 is scored; the next is not dealt yet
    dealt = Teller(NAMES).line(timeout, 1, tr.view(over, None), after(over, 1, timeout))
    assert dealt == "Ada ran out of time, so round 2 was dealt."


@pytest.mark.parametrize(
    ("racks", "why"),
    [
        ([[], [{"id": 1}]], "Ada went out and won the round."),
        ([[{"id": 2}], [{"id": 1}]], "The pool ran dry and every player passed in turn"),
    ],
)
def test_the_round_says_why_it_ended(racks: list[Any], why: str) -> None:
    view = {"final_racks": racks, "phase": "round_over", "totals": [0, 0], "target": 200}
    assert round_ending(view, ["Ada", "Bo"]).startswith(why)
    over = round_ending({**view, "phase": "game_over", "totals": [210, 0]}, ["Ada", "Bo"])
    assert over.endswith("A total reached 200, so the game is over.")


def test_tiles_and_chips_are_read_once_in_words() -> None:
    tile = presenters.tile_context(
        {"id": 3, "colour": "K", "number": 2, "joker": False}, fresh=True
    )
    assert tile["label"] == "black 2, just laid" and tile["shape"] == "◆"
    view = public(racks=["R1 R2", "K9"], opened=[True, False])

    class Seat:
        def __init__(self, index: int, name: str) -> None:
            self.index, self.display_name, self.computer_level = index, name, None

    chips = presenters.players_context(view, [Seat(0, "x"), Seat(1, "Ada")], 0)
    assert chips[0]["name"] == "Me"  # the rules' name for your own seat
    assert chips[0]["spoken"] == "Me (you), 2 tiles, 0 points, opened, to play"
    assert chips[1]["spoken"] == "Ada, 1 tile, 0 points"


def test_the_rack_comes_sorted_with_keys_for_either_order() -> None:
    rack = [
        {"id": 80, "colour": "K", "number": 1, "joker": False},
        {"id": 10, "colour": "R", "number": 6, "joker": False},
        {"id": 104, "colour": None, "number": None, "joker": True},
        {"id": 30, "colour": "B", "number": 3, "joker": False},
    ]
    shown = presenters.rack_context(rack, set())
    assert [t["id"] for t in shown] == [10, 30, 80, 104]  # colour, then number, joker last
    by_number = sorted(shown, key=lambda t: t["by_number"])
    assert [t["id"] for t in by_number] == [80, 30, 10, 104]
