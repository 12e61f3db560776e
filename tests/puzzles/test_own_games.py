"""Puzzles from a player's own games: a hand-made finished round whose misplayed turn becomes
exactly one private puzzle for that player, found by the review's exact search; a turn missed
by one tile makes none; nobody else can list, draw or open it; the player can solve it."""

from __future__ import annotations

import copy
import re
from collections.abc import Callable
from datetime import date, timedelta
from typing import Any

import pytest
from django.contrib.auth import get_user_model
from django.test import Client
from django.urls import reverse
from django.utils import timezone

from games.engine import tile_rummy as tr
from games.models import Game
from puzzles import choosing, own, stats, storm, tile_rummy
from puzzles.merge import adopt_guest_solver
from puzzles.models import OWN_FIRST_ID, Attempt, Puzzle, Solver, StormRun
from reviews.models import Review, ReviewStatus
from tests.engine.helpers import build, names
from tests.engine.helpers import ids as tr_ids
from tests.reviews.conftest import act, play_table
from tests.web.conftest import start_game

from .conftest import confirm, lay_out

__all__ = ["start_game"]
pytestmark = pytest.mark.django_db

# Seat 0 (the client, opened) has R7 R8 R9 and B7 for the blue run on the table: 4 tiles.
# Turn 1 it draws (K13): 4 fewer than the best, a puzzle. Turn 2 it lays R7-R9 only: 1
# fewer than the best (B7 too), no puzzle. Seat 1 draws K5, then goes out with K2-K5.
ME = "R7 R8 R9 B7 K1 Y12"
COMPUTER = "K2 K3 K4"
TABLE = ("B4 B5 B6",)
POOL_TOP = "K13 K5"


@pytest.fixture
def tr_game(monkeypatch: pytest.MonkeyPatch, start_game: Callable[..., Game]) -> Game:
    state = build(racks=[ME, COMPUTER], table=TABLE, pool_top=POOL_TOP, opened=[True, True], turn=0)
    monkeypatch.setattr(tr, "new_game", lambda config, seed: copy.deepcopy(state))
    return start_game()


def play_tr_round(game: Game) -> Game:
    act(game, 0, {"type": "draw"})
    act(game, 1, {"type": "draw"})
    play_table(game, 0, "R7 R8 R9")
    game = play_table(game, 1, "K2 K3 K4 K5")
    game.refresh_from_db()
    return game


def reviewed(client: Client, game: Game, round_no: int = 1) -> None:
    """Open the round's review, which works it out (in-process here) and keeps it."""
    url = reverse("reviews:round", kwargs={"game_id": game.id, "round_no": round_no})
    assert client.get(url).status_code == 200
    assert Review.objects.get(game=game, seat_index=0).status == ReviewStatus.READY


def owner_of(game: Game) -> Solver:
    """The solver of seat 0's guest device (the test client's)."""
    return Solver.objects.get(user__isnull=True, device_key=game.seats.get(index=0).device_key)


@pytest.fixture
def own_puzzle(client: Client, tr_game: Game) -> Puzzle:
    game = play_tr_round(tr_game)
    reviewed(client, game)
    return Puzzle.every.get(owner__isnull=False)


def test_the_misplayed_turn_becomes_one_private_puzzle(client: Client, tr_game: Game) -> None:
    game = play_tr_round(tr_game)
    reviewed(client, game)
    turns = Review.objects.get(game=game, seat_index=0).data["turns"]
    assert [(len(t["laid"]), t["best"]["tiles"], t["opened"]) for t in turns] == [
        (0, 4, True),
        (3, 4, True),
    ]
    (puzzle,) = Puzzle.every.filter(owner__isnull=False)  # turn 2, missed by one: none
    assert puzzle.owner == owner_of(game)
    assert puzzle.id >= OWN_FIRST_ID and puzzle.game == "tile_rummy" and puzzle.kind == "most"
    # The position: seat 0's rack and the table at the start of turn 1, nothing else.
    assert sorted(names(puzzle.rack)) == sorted(ME.split())
    assert [sorted(names(s)) for s in puzzle.table] == [["B4", "B5", "B6"]]
    # The answer is the review's: R7-R9 and B7 on the blue run, 4 tiles worth 7+8+9+7.
    assert (puzzle.tiles, puzzle.value) == (4, 31)
    laid = sorted(names(t for s in puzzle.solution for t in s if t in puzzle.rack))
    assert laid == ["B7", "R7", "R8", "R9"]
    assert puzzle.origin["round"] == 1 and puzzle.origin["turn"] == 1
    assert puzzle.origin["laid"] == 0 and puzzle.origin["game"] == str(game.id)
    assert own.sound(puzzle)  # its answer passes the same judge a player's answer does


def test_its_themes_are_what_plainly_fits() -> None:
    table = [tr_ids("B4 B5 B6")]
    b7, run, joker = tr_ids("B7"), tr_ids("R7 R8 R9"), tr_ids("J")
    added = [[*table[0], *b7], run]
    assert tile_rummy._own_themes(table, added, {*b7, *run}, 6) == []
    split = [table[0][:1] + b7 + joker, table[0][1:] + run[:1]]  # B4 B7 J, B5 B6 R7: split
    assert tile_rummy._own_themes(table, split, {*b7, *joker, run[0]}, 3) == [
        "go-out",
        "jokers",
        "rearranging",
    ]


def test_the_same_turn_never_makes_two(client: Client, own_puzzle: Puzzle) -> None:
    review = Review.objects.get(seat_index=0)
    assert own.from_review(review.game, 0, 1, review.data) == []
    assert Puzzle.every.filter(owner__isnull=False).count() == 1


def test_only_misses_of_two_or_more_exact_tiles_count() -> None:
    best = {"tiles": 4, "exact": True}
    assert own.misplayed({"laid": [1, 2], "best": best})
    assert not own.misplayed({"laid": [1, 2, 3], "best": best})
    assert not own.misplayed({"laid": [], "best": {"tiles": 4, "exact": False}})
    assert not own.misplayed({"laid": [], "best": None})


def test_the_owner_finds_it_listed_and_solves_it(client: Client, own_puzzle: Puzzle) -> None:
    page = client.get(reverse("puzzles:own")).content.decode()
    assert page.count('data-testid="own-puzzle"') == 1
    assert f'data-puzzle="{own_puzzle.id}"' in page and "round 1, turn 1" in page
    assert 'data-testid="own-link"' in client.get(reverse("puzzles:index")).content.decode()
    dashboard = client.get(reverse("puzzles:dashboard")).content.decode()
    assert 'data-testid="dash-own-link"' in dashboard
    listed = client.get(reverse("puzzles:own"), HTTP_ACCEPT_LANGUAGE="ro")
    assert "Învață din greșelile tale" in listed.content.decode()
    answer = client.get(f"/puzzles/{own_puzzle.id}/")
    for response in (listed, answer):  # the caller's own: no cache may keep either
        assert {"private", "no-store"} <= set(response.headers["Cache-Control"].split(", "))
    shown = answer.content.decode()
    assert 'data-testid="own-origin"' in shown and "Only you can see this puzzle." in shown
    assert own_puzzle.themes == [] and 'data-testid="hint-button"' not in shown  # none fits
    lay_out(client, own_puzzle, own_puzzle.solution)
    assert confirm(client, own_puzzle).status_code == 200
    attempt = Attempt.objects.get(puzzle=own_puzzle)
    assert attempt.status == Attempt.SOLVED and (attempt.laid, attempt.laid_value) == (4, 31)
    # Practice: never rated, so the solver's rating and the puzzle's stay where they were.
    assert not attempt.rated and attempt.rating_after is None
    own_puzzle.owner.refresh_from_db()
    assert own_puzzle.owner.rating == 1500.0
    assert "solved" in client.get(reverse("puzzles:own")).content.decode()


def test_a_shorter_answer_is_a_miss(client: Client, own_puzzle: Puzzle) -> None:
    assert client.get(f"/puzzles/{own_puzzle.id}/").status_code == 200
    r789 = [t for t in own_puzzle.rack if names([t])[0] in ("R7", "R8", "R9")]
    lay_out(client, own_puzzle, [sorted(r789)])
    confirm(client, own_puzzle)
    attempt = Attempt.objects.get(puzzle=own_puzzle)
    assert attempt.status == Attempt.MISSED and attempt.laid == 3


def other_people() -> list[Client]:
    guest = Client()
    guest.get("/")  # a device cookie of its own
    user = get_user_model().objects.create_user("someone", "someone@example.com", "pw-12345-x")
    account = Client()
    account.force_login(user)
    return [guest, account]


def test_nobody_else_can_open_it(own_puzzle: Puzzle) -> None:
    for other in other_people():
        base = f"/puzzles/{own_puzzle.id}"
        assert other.get(f"{base}/").status_code == 404
        tile = own_puzzle.rack[0]
        assert other.post(f"{base}/move/", {"tile": tile, "to": "new"}).status_code == 404
        for action in ("confirm", "hint", "answer", "retry"):
            assert other.post(f"{base}/{action}/").status_code == 404
        listed = other.get(reverse("puzzles:own")).content.decode()
        assert 'data-testid="own-empty"' in listed and str(own_puzzle.id) not in listed
    assert not Attempt.objects.filter(puzzle=own_puzzle).exists()


def test_it_is_never_drawn_counted_or_dealt_for_anyone(
    client: Client, own_puzzle: Puzzle, puzzles: list[Puzzle]
) -> None:
    assert own_puzzle not in Puzzle.objects.all()
    assert Puzzle.objects.count() == len(puzzles)
    assert sum(g["count"] for g in stats.game_counts()) == len(puzzles)
    # Every draw (rated, themes, streaks, the daily, Storm) draws from the bank alone:
    # with the bank emptied, nothing at all is left to draw, though the private one is there.
    Puzzle.objects.all().delete()
    someone = Solver.objects.create(device_key="someone-else")
    now = timezone.now()
    for solver in (someone, own_puzzle.owner):
        assert choosing.next_rated(solver) is None
        assert choosing.next_rated(solver, "rearranging") is None
        assert choosing.streak_puzzle(solver, 1, 0) is None
        run = StormRun.objects.create(
            solver=solver, day=now.date(), started_at=now, ends_at=now + timedelta(minutes=3)
        )
        assert storm.pick(run, 0) is None
    with pytest.raises(IndexError):
        choosing.daily_puzzle(date(2026, 12, 8))
    index = client.get(reverse("puzzles:index")).content.decode()
    assert re.search(r"(?s)Find the most tiles you can lay.*?0 puzzles", index)


def test_a_guest_signing_in_keeps_them(own_puzzle: Puzzle) -> None:
    user = get_user_model().objects.create_user("me", "me@example.com", "pw-12345-x")
    Solver.objects.create(user=user)  # the account solved puzzles before: the two merge
    adopt_guest_solver(user.pk, own_puzzle.owner.device_key)
    own_puzzle.refresh_from_db()
    assert own_puzzle.owner.user_id == user.pk
    account = Client()
    account.force_login(user)
    assert account.get(f"/puzzles/{own_puzzle.id}/").status_code == 200


def test_a_computer_seat_gets_none(client: Client, tr_game: Game) -> None:
    game = play_tr_round(tr_game)
    data: dict[str, Any] = {"turns": [{"seq": 1, "number": 1, "laid": [], "best": None}]}
    assert own.seat_owner(game, 1) is None
    assert own.from_review(game, 1, 1, data) == []
