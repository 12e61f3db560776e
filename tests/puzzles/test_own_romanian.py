"""Romanian Tile Rummy puzzles from a player's own game: a turn before opening where the
player laid nothing though the review's exact search found an 8-tile opening becomes a
private opening puzzle; a later opening one tile short of the best makes none."""

from __future__ import annotations

import pytest
from django.test import Client
from django.urls import reverse

from games.models import Game
from puzzles import own, romanian
from puzzles.models import Attempt, Puzzle
from reviews.models import Review, ReviewStatus
from tests.engine.romanian.ro_helpers import names
from tests.reviews.romanian_deal import ME, act, computer_goes_out, computer_passes, deal, ids

from .conftest import confirm, lay_opening

pytestmark = pytest.mark.django_db


def my_turns(game: Game) -> None:
    """Turn 1: draw K2, lay nothing, discard Y1. Turn 2: draw B8, open with R10-R13 and
    B5-B8 (8 tiles) when R9-R13 and B5-B8 (9) was the most."""
    act(game, 0, {"type": "draw"})
    act(game, 0, {"type": "discard", "tile": ids(game, 0, "Y1")[0]})
    computer_passes(game)
    act(game, 0, {"type": "draw"})
    melds = [ids(game, 0, "R10 R11 R12 R13"), ids(game, 0, "B5 B6 B7 B8")]
    act(game, 0, {"type": "meld", "melds": melds})
    act(game, 0, {"type": "discard", "tile": ids(game, 0, "K13")[0]})
    computer_goes_out(game)


@pytest.fixture
def ro_puzzle(monkeypatch: pytest.MonkeyPatch, client: Client, django_capture_on_commit_callbacks):
    game = deal(monkeypatch, client, django_capture_on_commit_callbacks)
    my_turns(game)
    url = reverse("reviews:round", kwargs={"game_id": game.id, "round_no": 1})
    assert client.get(url).status_code == 200
    review = Review.objects.get(game=game, seat_index=0)
    assert review.status == ReviewStatus.READY
    first, second = review.data["turns"]
    assert (len(first["laid"]), first["best"]["tiles"], first["opened"]) == (0, 8, False)
    assert (len(second["laid"]), second["best"]["tiles"], second["opened"]) == (8, 9, False)
    return Puzzle.every.get(owner__isnull=False)  # one only: the second turn missed by one


def test_the_turn_becomes_an_opening_puzzle(ro_puzzle: Puzzle) -> None:
    assert ro_puzzle.game == "romanian_tile_rummy" and ro_puzzle.kind == "open"
    assert ro_puzzle.threshold == 50 and ro_puzzle.table == []
    assert sorted(names(ro_puzzle.rack)) == sorted([*ME.split(), "K2"])  # drawn K2: 15 tiles
    assert (ro_puzzle.tiles, ro_puzzle.value) == (8, 60)
    opening = sorted(sorted(names(m)) for m in ro_puzzle.solution)
    assert opening == [["B5", "B6", "B7"], ["R10", "R11", "R12", "R13", "R9"]]
    assert own.sound(ro_puzzle)
    assert ro_puzzle not in Puzzle.objects.all()


def test_its_owner_solves_it_and_a_stranger_gets_404(client: Client, ro_puzzle: Puzzle) -> None:
    stranger = Client()
    stranger.get("/")
    assert stranger.get(f"/puzzles/{ro_puzzle.id}/").status_code == 404
    assert client.get(f"/puzzles/{ro_puzzle.id}/").status_code == 200
    lay_opening(client, ro_puzzle, ro_puzzle.solution)
    assert confirm(client, ro_puzzle).status_code == 200
    attempt = Attempt.objects.get(puzzle=ro_puzzle)
    assert attempt.status == Attempt.SOLVED and not attempt.rated
    assert (attempt.laid, attempt.laid_value) == (8, 60)


def test_a_turn_that_took_from_the_row_is_left_out() -> None:
    turn = {"opened": False, "action": "take", "rack": [1, 2], "threshold": 50}
    turn["best"] = {"tiles": 6, "points": 60, "exact": True, "placed": [], "table": []}
    assert own.misplayed({**turn, "laid": []})
    assert romanian.own_position(turn) is None
    assert romanian.own_position({**turn, "action": "draw"}) is not None
