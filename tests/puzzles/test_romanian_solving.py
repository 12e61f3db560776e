"""Romanian opening puzzles through their page: any best opening counts, the rules refuse the rest.

The puzzles here are made by hand (not read from the generator's file), and
their optimum is worked out twice: written down from the reasoning beside each
rack, and found again by a brute force over every set of combinations.
"""

from __future__ import annotations

import json
import re
from contextlib import suppress
from io import StringIO
from itertools import combinations
from pathlib import Path
from typing import Any

import pytest
from django.core.management import call_command
from django.test import Client

from games import catalogue
from games.engine.base import IllegalAction
from games.engine.romanian.opening import judge_opening
from games.engine.romanian.tiles import COLOURS, JOLYS, reading_of
from leaderboards.periods import utc_today
from puzzles import bank
from puzzles.models import Attempt, DailyPuzzle, Puzzle, Solver, Streak
from puzzles.themes import THEMES

from .conftest import latest

ROMANIAN = "romanian_tile_rummy"

pytestmark = pytest.mark.django_db


def tid(colour: str, number: int, copy: int = 0) -> int:
    """A Romanian tile id: colours in blocks of 26, two copies of each number."""
    return COLOURS.index(colour) * 26 + (number - 1) * 2 + copy


def reds(*numbers: int) -> list[int]:
    return [tid("R", n) for n in numbers]


TENS = [tid("R", 10), tid("B", 10), tid("Y", 10)]
# Rack A: red 3-8 (a run worth 30), three 10s (a set worth 30) and six tiles that join
# nothing (no 5, 7, 1, 2, 12 or 13 has a partner of its number or its colour's neighbours).
# Best: all nine (red 3-8 and the 10s, 60 points), keeping the six others.
JUNK = [tid("K", 2), tid("B", 5), tid("Y", 7), tid("K", 12), tid("B", 1), tid("Y", 13)]
RACK_A = reds(3, 4, 5, 6, 7, 8) + TENS + JUNK
SOLUTION_A = [reds(3, 4, 5, 6, 7, 8), TENS]
SPLIT_A = [reds(3, 4, 5), reds(6, 7, 8), TENS]  # the same nine tiles in three combinations
SMALLER_A = [reds(4, 5, 6, 7, 8), TENS]  # 8 tiles, 25 + 30 = 55: valid, not the most
# Rack C: red 10-13 and the black, blue and yellow 10. All seven make an opening (red 10-13
# and a set of 10s, or a set of four 10s and red 11-13), but one tile must stay to discard:
# the best keeps one back and lays six tiles worth 60 (say red 10-12 and the other 10s).
RACK_C = reds(10, 11, 12, 13) + [tid("B", 10), tid("Y", 10), tid("K", 10)]
SOLUTION_C = [reds(10, 11, 12), [tid("B", 10), tid("Y", 10), tid("K", 10)]]
WHOLE_C = [reds(10, 11, 12, 13), [tid("B", 10), tid("Y", 10), tid("K", 10)]]


def best_opening(rack: list[int], threshold: int) -> tuple[int, int]:
    """The most (tiles, value) any allowed opening from ``rack`` reaches, by trying them all."""
    combos = [
        list(c)
        for size in range(3, len(rack) + 1)
        for c in combinations(rack, size)
        if reading_of(list(c)) is not None
    ]
    best = (0, 0)

    def grow(start: int, used: set[int], chosen: list[list[int]]) -> None:
        nonlocal best
        if chosen:
            with suppress(IllegalAction):
                best = max(best, judge_opening(rack, chosen, threshold))
        for i in range(start, len(combos)):
            if used.isdisjoint(combos[i]):
                grow(i + 1, used | set(combos[i]), [*chosen, combos[i]])

    grow(0, set(), [])
    return best


def make_puzzle(pk: int, rack: list[int], solution: list[list[int]], best: tuple[int, int]):
    return Puzzle.objects.create(
        id=pk,
        game=ROMANIAN,
        kind="open",
        threshold=50,
        table=[],
        rack=rack,
        tiles=best[0],
        value=best[1],
        solution=solution,
        themes=["opening", "long-runs"],
        difficulty=1500,
        rating=1500.0,
        source="test",
    )


@pytest.fixture
def puzzle_a(db: Any) -> Puzzle:
    return make_puzzle(90001, RACK_A, SOLUTION_A, (9, 60))


@pytest.fixture
def puzzle_c(db: Any) -> Puzzle:
    return make_puzzle(90003, RACK_C, SOLUTION_C, (6, 60))


@pytest.fixture
def guest(db: Any) -> Client:
    client = Client()
    client.get("/")  # the device cookie
    return client


def move(client: Client, puzzle: Puzzle, tile: int, to: str) -> Any:
    return client.post(
        f"/puzzles/{puzzle.id}/move/", {"tile": tile, "to": to}, HTTP_HX_REQUEST="true"
    )


def lay(client: Client, puzzle: Puzzle, melds: list[list[int]]) -> None:
    """Build ``melds`` as taps would: a tile into "+ New combination", the rest after it."""
    for index, meld in enumerate(melds):
        for k, tile in enumerate(meld):
            response = move(client, puzzle, tile, "new" if k == 0 else f"n:{index}")
            assert response.status_code == 200, response.content.decode()[:400]


def confirm(client: Client, puzzle: Puzzle) -> Any:
    return client.post(f"/puzzles/{puzzle.id}/confirm/", HTTP_HX_REQUEST="true")


def test_the_hand_made_racks_have_the_optimum_written_down() -> None:
    assert best_opening(RACK_A, 50) == (9, 60)
    assert judge_opening(RACK_A, SOLUTION_A, 50) == judge_opening(RACK_A, SPLIT_A, 50) == (9, 60)
    assert best_opening(RACK_C, 50) == (6, 60)
    assert judge_opening(RACK_C, SOLUTION_C, 50) == (6, 60)
    assert not set(RACK_A + RACK_C) & set(JOLYS)


def test_a_best_opening_other_than_the_stored_one_solves_it_and_is_rated(
    guest: Client, puzzle_a: Puzzle
) -> None:
    page = guest.get(f"/puzzles/{puzzle_a.id}/").content.decode()
    assert "Romanian Tile Rummy" in page and "/romanian/" in page  # names the game, its rules
    lay(guest, puzzle_a, SPLIT_A)
    html = confirm(guest, puzzle_a).content.decode()
    attempt = latest(puzzle_a)
    assert attempt.status == Attempt.SOLVED and attempt.rated and attempt.scored
    assert attempt.answer == SPLIT_A and (attempt.laid, attempt.laid_value) == (9, 60)
    assert "Solved!" in html and "differs from ours and counts" in html
    solver = Solver.objects.get()
    assert solver.rating > 1500 and attempt.rating_before == 1500
    puzzle_a.refresh_from_db()
    assert puzzle_a.rating < 1500 and (puzzle_a.plays, puzzle_a.solves) == (1, 1)


def test_a_smaller_valid_opening_is_a_miss_with_the_best_beside_it(
    guest: Client, puzzle_a: Puzzle
) -> None:
    guest.get(f"/puzzles/{puzzle_a.id}/")
    lay(guest, puzzle_a, SMALLER_A)
    html = confirm(guest, puzzle_a).content.decode()
    first = latest(puzzle_a)
    assert first.status == Attempt.MISSED and (first.laid, first.laid_value) == (8, 55)
    assert Solver.objects.get().rating < 1500
    assert "You laid 8 tiles worth 55." in html and "The most possible: 9 tiles worth 60." in html
    best = html.split('data-testid="best"', 1)[1].split("</figure>", 1)[0]
    yours = html.split('data-testid="yours"', 1)[1].split("</figure>", 1)[0]
    assert "one best opening" in best and "Your table" in yours
    assert sorted(int(t) for t in _tiles_in(best)) == sorted(SOLUTION_A[0] + SOLUTION_A[1])
    assert sorted(int(t) for t in _tiles_in(yours)) == sorted(SMALLER_A[0] + SMALLER_A[1])
    rack = html.split("Your rack</figcaption>", 1)[1].split("</figure>", 1)[0]
    assert sorted(int(t) for t in _tiles_in(rack)) == sorted(RACK_A)
    # Another try is unrated, and the best opening then solves it.
    guest.post(f"/puzzles/{puzzle_a.id}/retry/")
    second = latest(puzzle_a)
    assert second.pk != first.pk and not second.rated
    lay(guest, puzzle_a, SOLUTION_A)
    confirm(guest, puzzle_a)
    second.refresh_from_db()
    assert second.status == Attempt.SOLVED and second.rating_before is None


def _tiles_in(html: str) -> list[str]:
    return re.findall(r'data-tile="(\d+)"', html)


@pytest.mark.parametrize(
    ("which", "melds", "reason"),
    [
        ("a", [reds(3, 4, 5), TENS], "at least 50 points; this one is worth 45"),
        ("a", [TENS], "must include at least one run"),
        ("c", WHOLE_C, "keep one tile to discard"),
        ("a", [reds(3, 4), TENS], "Combination 1 is not a combination"),
        ("a", [], "Lay at least one tile"),
    ],
)
def test_an_opening_the_rules_refuse_changes_nothing(
    guest: Client,
    puzzle_a: Puzzle,
    puzzle_c: Puzzle,
    which: str,
    melds: list[list[int]],
    reason: str,
) -> None:
    puzzle = puzzle_a if which == "a" else puzzle_c
    guest.get(f"/puzzles/{puzzle.id}/")
    lay(guest, puzzle, melds)
    before = latest(puzzle).draft
    response = confirm(guest, puzzle)
    html = response.content.decode()
    assert response.status_code == 400
    assert "Not a valid opening" in html and reason in html and "Nothing counted" in html
    attempt = latest(puzzle)
    assert attempt.status == Attempt.OPEN and not attempt.scored and attempt.answer is None
    assert attempt.draft == before  # the combinations stay as they were, to fix
    assert Solver.objects.get().rating == 1500
    puzzle.refresh_from_db()
    assert puzzle.plays == 0 and puzzle.rating == 1500


@pytest.mark.parametrize(
    ("tile", "to", "reason"),
    [
        (999, "new", "not on your rack"),
        (tid("R", 9), "new", "not on your rack"),  # a real tile, just not this rack's
        (JOLYS[0], "new", "not on your rack"),
        (tid("R", 3), "m:0:0", "a combination, a new one, or back on your rack"),
        (tid("R", 3), "n:7", "no such new combination"),
        (tid("R", 3), "n:²", "no such new combination"),
    ],
)
def test_a_forged_move_is_refused(
    guest: Client, puzzle_a: Puzzle, tile: int, to: str, reason: str
) -> None:
    guest.get(f"/puzzles/{puzzle_a.id}/")
    response = move(guest, puzzle_a, tile, to)
    assert response.status_code == 400 and reason in response.content.decode()
    assert latest(puzzle_a).draft is None and latest(puzzle_a).status == Attempt.OPEN


def test_the_open_page_shows_the_rack_and_rules_but_never_the_answer(
    guest: Client, puzzle_a: Puzzle
) -> None:
    html = guest.get(f"/puzzles/{puzzle_a.id}/").content.decode()
    rack = html.split('data-testid="rack"', 1)[1].split("</fieldset>", 1)[0]
    assert sorted(int(t) for t in _tiles_in(rack)) == sorted(RACK_A)
    assert "opening at least 50 points" in html and "keeping one tile to discard" in html
    assert "Opening: 0 of 50 points" in html and "+ New combination" in html
    _assert_no_answer(html)
    lay(guest, puzzle_a, [reds(3, 4, 5, 6)])
    html = guest.get(f"/puzzles/{puzzle_a.id}/").content.decode()
    assert "Opening: 20 of 50 points" in html and "a run ✓" in html
    _assert_no_answer(html)
    hinted = guest.post(f"/puzzles/{puzzle_a.id}/hint/", HTTP_HX_REQUEST="true").content.decode()
    assert "Hint" in hinted and "Romanian openings" in hinted
    _assert_no_answer(hinted)
    refused = confirm(guest, puzzle_a)
    assert refused.status_code == 400
    _assert_no_answer(refused.content.decode())


def _assert_no_answer(html: str) -> None:
    """Nothing only the answer knows: the optimum's numbers, the best opening, the result."""
    assert "9 tiles" not in html and "worth 60" not in html
    assert "best opening" not in html.lower() and 'data-testid="best"' not in html
    assert 'data-testid="result"' not in html


def test_a_hint_makes_the_opening_a_miss_even_if_best(guest: Client, puzzle_a: Puzzle) -> None:
    guest.get(f"/puzzles/{puzzle_a.id}/")
    guest.post(f"/puzzles/{puzzle_a.id}/hint/", HTTP_HX_REQUEST="true")
    rating = Solver.objects.get().rating
    assert rating < 1500
    lay(guest, puzzle_a, SOLUTION_A)
    confirm(guest, puzzle_a)
    assert latest(puzzle_a).status == Attempt.MISSED
    assert Solver.objects.get().rating == rating


def test_return_to_rack_and_reset_undo_the_draft(guest: Client, puzzle_a: Puzzle) -> None:
    guest.get(f"/puzzles/{puzzle_a.id}/")
    lay(guest, puzzle_a, [reds(3, 4, 5)])
    move(guest, puzzle_a, tid("R", 4), "rack")
    assert latest(puzzle_a).draft["melds"] == [reds(3, 5)]
    html = guest.get(f"/puzzles/{puzzle_a.id}/").content.decode()
    assert "not a combination yet" in html and "Return to rack" in html
    guest.post(f"/puzzles/{puzzle_a.id}/reset/", HTTP_HX_REQUEST="true")
    assert latest(puzzle_a).draft is None


def test_index_themes_and_stats_cover_romanian_openings(
    guest: Client, puzzle_a: Puzzle, puzzle_c: Puzzle
) -> None:
    index = guest.get("/puzzles/").content.decode()
    tile_rummy = Puzzle.objects.filter(game="tile_rummy").count()
    assert f"Tile Rummy (lay the most tiles, go out): {tile_rummy:,} puzzle" in index
    romanian = Puzzle.objects.filter(game=ROMANIAN).count()
    assert (
        f'href="/puzzles/themes/opening/">Romanian Tile Rummy openings</a>: {romanian:,} ' in index
    )
    theme = guest.get("/puzzles/themes/opening/").content.decode()
    assert "Romanian openings" in theme and f"{romanian} puzzles in this theme" in theme
    guest.get(f"/puzzles/{puzzle_a.id}/")
    lay(guest, puzzle_a, SPLIT_A)
    confirm(guest, puzzle_a)
    stats = guest.get("/me/stats/").content.decode()
    row = stats.split('data-testid="theme-opening"', 1)[1].split("</tr>", 1)[0]
    assert "Romanian openings" in row and "100%" in row
    assert 'data-testid="theme-long-runs"' in stats


def test_the_romanian_file_loads_beside_tile_rummys(db: Any, tmp_path: Path) -> None:
    row = {
        "id": 95001,
        "game": ROMANIAN,
        "kind": "open",
        "threshold": 45,
        "table": [],
        "rack": RACK_C,
        "tiles": 6,
        "value": 60,
        "solution": SOLUTION_C,
        "easy": 3,
        "themes": ["opening"],
        "difficulty": 1320,
        "source": "test",
    }
    path = tmp_path / "romanian.json"
    path.write_text(json.dumps({"puzzles": [row]}))
    assert bank.load(Puzzle, path, ROMANIAN) == 1
    loaded = Puzzle.objects.get(id=95001)
    assert (loaded.game, loaded.threshold, loaded.rating) == (ROMANIAN, 45, 1320.0)
    assert bank.load(Puzzle, tmp_path / "missing.json", ROMANIAN) == 0
    first = bank.read_bank(bank.bank_file("tile_rummy"))[0]
    assert "game" not in first  # Tile Rummy's file names no game: it is the file's game
    if not Puzzle.objects.filter(id=first["id"]).exists():
        bank.load_game(Puzzle, "tile_rummy")
    tile_rummy = Puzzle.objects.get(id=first["id"])
    assert (tile_rummy.game, tile_rummy.threshold) == ("tile_rummy", None)


def test_every_shipped_romanian_solution_is_an_allowed_opening_at_its_optimum() -> None:
    """The generator's file (when shipped) agrees with the judge the page uses."""
    rows = bank.read_bank(bank.bank_file(ROMANIAN))
    for row in rows:
        assert (row["game"], row["kind"], row["table"]) == (ROMANIAN, "open", [])
        found = judge_opening(row["rack"], row["solution"], row["threshold"])
        assert found == (row["tiles"], row["value"]), row["id"]
        assert set(row["themes"]) <= set(THEMES) and "opening" in row["themes"]


def test_the_stored_opening_laid_in_another_order_is_not_called_different(
    guest: Client, puzzle_a: Puzzle
) -> None:
    guest.get(f"/puzzles/{puzzle_a.id}/")
    lay(guest, puzzle_a, [list(reversed(TENS)), reds(8, 3, 5, 4, 7, 6)])
    html = confirm(guest, puzzle_a).content.decode()
    assert latest(puzzle_a).status == Attempt.SOLVED
    assert "Solved!" in html and "differs from ours" not in html


def test_a_romanian_daily_and_streak_count_as_tile_rummys_do(
    guest: Client, puzzle_a: Puzzle, puzzle_c: Puzzle
) -> None:
    Puzzle.objects.exclude(id__in=[puzzle_a.id, puzzle_c.id]).delete()
    DailyPuzzle.objects.create(date=utc_today(), puzzle=puzzle_a)
    assert guest.get("/puzzles/daily/")["Location"] == f"/puzzles/{puzzle_a.id}/"
    lay(guest, puzzle_a, SPLIT_A)
    share = confirm(guest, puzzle_a).content.decode()
    assert "Rummy daily puzzle" in share and "solved" in share
    assert Solver.objects.get().daily_streak == 1
    # The streak deals the other one (the only puzzle unseen); a solve makes the run 1.
    location = guest.post("/puzzles/streak/new/")["Location"]
    assert location == f"/puzzles/{puzzle_c.id}/"
    lay(guest, puzzle_c, SOLUTION_C)
    confirm(guest, puzzle_c)
    assert Streak.objects.get().length == 1 and Solver.objects.get().best_streak == 1


def test_load_puzzles_loads_both_files(db: Any) -> None:
    out = StringIO()
    call_command("load_puzzles", stdout=out)
    romanian = len(bank.read_bank(bank.bank_file(ROMANIAN)))
    every = sum(len(bank.read_bank(bank.bank_file(e.kind))) for e in catalogue.with_puzzles())
    assert out.getvalue().startswith(f"{every} puzzles in the bank files")
    assert Puzzle.objects.filter(game=ROMANIAN).count() == romanian
