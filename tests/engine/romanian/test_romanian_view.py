"""What each seat sees (only its own rack; no wall order, no seed) and seat order."""

from __future__ import annotations

from games.engine import romanian as ro
from tests.engine.romanian.ro_helpers import ids, play, table

KEYS = {
    "kind", "seat", "players", "options", "phase", "turn", "to_act", "round_no", "rounds",
    "dealer", "first_player", "move_no", "turns", "rack", "rack_counts", "melds", "opened",
    "opened_this_turn", "discards", "first_discard", "takes", "wall_count", "spare",
    "joly_spares", "announced", "doubla", "drawn", "took_discard", "may_take", "totals",
    "round_scores", "round_history", "round_winner", "all_at_once", "end_reason", "winners",
    "breakdown",
}  # fmt: skip


def test_a_seat_sees_its_own_sorted_rack_and_only_counts_of_others() -> None:
    state = ro.new_game({"players": 3}, 4)
    seen = ro.view(state, 0)
    assert set(seen) == KEYS
    mine = [t["id"] for t in seen["rack"]]
    assert mine == ro.sort_tiles(state.racks[0])
    assert seen["rack_counts"] == [len(r) for r in state.racks]
    others = {t for r in state.racks[1:] for t in r}
    assert not others & {t["id"] for t in seen["rack"]}
    assert "wall" not in seen and "seed" not in seen
    assert seen["wall_count"] == len(state.wall)
    assert seen["spare"] == {"face": str(ro.face_of(state.spare)), "stack": state.spare_stack}


def test_a_spectator_sees_only_public_things() -> None:
    state = ro.new_game({}, 4)
    seen = ro.view(state, None)
    assert seen["rack"] is None and seen["drawn"] is None
    assert seen["doubla"]["my_pair"] is None


def test_the_drawn_tile_is_news_only_to_its_drawer() -> None:
    state = play(table({0: "B2 B3 B9"}, wall="Y5"), 0, {"type": "draw"})
    assert ro.view(state, 0)["drawn"] == state.drawn
    assert ro.view(state, 1)["drawn"] is None


def test_melds_show_each_jolys_reading_and_who_laid_each_tile() -> None:
    state = table({0: "B2"}, melds={1: ["R12 R13 J", "Y7 B7 J"]})
    runs, sets = ro.view(state, 0)["melds"][1]
    joly = next(t for t in runs["tiles"] if t["joly"])
    assert runs["kind"] == "run" and joly["stands_for"] in ("R1", "R11")
    assert [t["face"] for t in runs["tiles"]][1:] == ["R12", "R13"] or joly["stands_for"] == "R1"
    joly = next(t for t in sets["tiles"] if t["joly"])
    assert sets["kind"] == "group" and joly["stands_for"] in ("R7", "K7")
    assert all(t["laid_by"] == 1 for t in runs["tiles"])


def test_play_passes_counterclockwise_in_seat_order() -> None:
    state = table({0: "B2 B3", 1: "Y2 Y3", 2: "K2 K3"}, players=3, turn=2, phase="play")
    state = play(state, 2, {"type": "discard", "tile": ids(state, 2, "K2")[0]})
    assert state.turn == 0
    state = play(state, 0, {"type": "draw"})
    state = play(state, 0, {"type": "discard", "tile": ids(state, 0, "B2")[0]})
    assert state.turn == 1


def test_at_round_end_everyone_sees_every_rack_and_the_breakdown() -> None:
    state = table({0: "B2 B3 B4", 1: "Y13 J"}, melds={0: ["K10 K11 K12"]}, wall="Y9")
    state = play(state, 0, {"type": "draw"})
    state = play(state, 0, {"type": "meld", "melds": [ids(state, 0, "B2 B3 B4")]})
    state = play(state, 0, {"type": "discard", "tile": ids(state, 0, "Y9")[0]})
    for seat in (0, 1, None):
        seen = ro.view(state, seat)
        rows = seen["breakdown"]
        assert [r["seat"] for r in rows] == [0, 1]
        assert [t["face"] for t in rows[1]["rack_tiles"]] == ["Y13", "J"]
        assert rows[1]["penalty"] == 200 and rows[1]["score"] == -200
        assert rows[0]["out_bonus"] == 100 and rows[0]["melded"] == 45
    assert ro.view(state, 1)["round_scores"] == [145, -200]
