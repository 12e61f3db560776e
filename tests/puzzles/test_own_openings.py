"""Tile Rummy turns before the seat's opening, from its own game: opening puzzles (new sets
from the rack alone, 30 or more, the table's sets untouched), judged by the engine's rule.

The round is the reviews' crafted one (tests/reviews/conftest.py): seat 0 draws with a
whole-rack opening in hand (R10-R12 and B1-B3, 6 tiles), then opens with the run alone
(3 of 6), then lays the group (the best): two puzzles, none for the third turn."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from django.test import Client
from django.urls import reverse

from games.models import Game
from puzzles import own, tile_rummy
from puzzles.errors import PuzzleError
from puzzles.models import Attempt, Puzzle
from tests.engine.helpers import ids, names
from tests.reviews.conftest import crafted, dealt, play_round
from tests.web.conftest import start_game

from .conftest import confirm, lay_out

__all__ = ["crafted", "dealt", "start_game"]
pytestmark = pytest.mark.django_db


@pytest.fixture
def openings(client: Client, dealt: Callable[..., Game]) -> list[Puzzle]:
    game = play_round(dealt())
    url = reverse("reviews:round", kwargs={"game_id": game.id, "round_no": 1})
    assert client.get(url).status_code == 200
    return list(Puzzle.every.filter(owner__isnull=False).order_by("origin_key"))


def test_two_opening_turns_become_puzzles(openings: list[Puzzle]) -> None:
    first, second = sorted(openings, key=lambda p: p.origin["turn"])
    assert [first.origin["turn"], second.origin["turn"]] == [1, 2]
    assert [first.origin["laid"], second.origin["laid"]] == [0, 3]
    for puzzle in (first, second):
        assert puzzle.kind == "open" and puzzle.threshold == 30 and puzzle.table == []
        assert (puzzle.tiles, puzzle.value) == (6, 39)
        assert own.sound(puzzle)
    assert sorted(names(first.rack)) == sorted(["R10", "R11", "R12", "B1", "B2", "B3"])
    assert "K5" in names(second.rack) and len(second.rack) == 7  # the drawn K5, left unused
    assert first.themes == ["go-out"] and second.themes == []


def test_the_owner_solves_one_and_a_short_opening_is_refused(
    client: Client, openings: list[Puzzle]
) -> None:
    puzzle = openings[0]
    page = client.get(f"/puzzles/{puzzle.id}/").content.decode()
    assert "You have not opened yet" in page and "opening at least 30 points" in page
    b123 = [t for t in puzzle.rack if names([t])[0] in ("B1", "B2", "B3")]
    lay_out(client, puzzle, [b123])
    refused = confirm(client, puzzle)
    assert refused.status_code == 400
    assert "worth 6; you need at least 30" in refused.content.decode()
    assert Attempt.objects.get(puzzle=puzzle).status == Attempt.OPEN  # nothing counted
    client.post(f"/puzzles/{puzzle.id}/reset/")
    lay_out(client, puzzle, puzzle.solution)
    assert confirm(client, puzzle).status_code == 200
    assert Attempt.objects.get(puzzle=puzzle).status == Attempt.SOLVED


def opening_puzzle(table: list[list[int]], rack: list[int]) -> Puzzle:
    return Puzzle(game="tile_rummy", kind="open", threshold=30, table=table, rack=rack)


def test_an_opening_may_not_touch_the_table() -> None:
    table = [ids("K4 K5 K6")]
    rack = ids("K7 R10 R11 R12")
    puzzle = opening_puzzle(table, rack)
    onto = [[*table[0], rack[0]], rack[1:]]  # K7 onto the table's run: not before opening
    with pytest.raises(PuzzleError, match="only lay new sets from your own rack"):
        tile_rummy.judge(puzzle, {"table": onto})
    fine = [table[0], rack[1:]]
    assert tile_rummy.judge(puzzle, {"table": fine})[1:] == (3, 33)
    with pytest.raises(PuzzleError, match="Open with 30 points"):
        tile_rummy.move(None, puzzle, table[0][0], "new")  # the draft refuses it too


def test_a_joker_on_the_rack_before_opening_makes_none() -> None:
    rack = ids("R10 R11 J B1 B2 B3")
    best = {"tiles": 6, "points": 63, "exact": True, "placed": rack, "table": [rack]}
    turn = {"opened": False, "rack": rack, "table_before": [], "laid": [], "best": best}
    assert tile_rummy.own_position(turn) is None
    plain = ids("R10 R11 R12 B1 B2 B3")
    turn = {**turn, "rack": plain, "best": {**best, "placed": plain, "table": [plain]}}
    assert tile_rummy.own_position(turn)["kind"] == "open"
