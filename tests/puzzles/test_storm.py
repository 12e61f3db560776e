"""Puzzle Storm: the clock and the score are the server's; late, stale and foreign answers
are refused; no puzzle comes twice in a run; the bests."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from typing import Any

import pytest
import time_machine
from django.test import Client

from puzzles import storm
from puzzles.models import Attempt, Puzzle, Solver, StormRun

from .conftest import lay_out
from .test_solving import easy_puzzle

pytestmark = pytest.mark.django_db
NOON = datetime(2026, 12, 7, 12, 0, tzinfo=UTC)


def live(client: Client) -> StormRun:
    return StormRun.objects.get(ended_at=None)


def base(run: StormRun, seq: int | None = None) -> str:
    return f"/puzzles/storm/{run.pk}/{run.dealt if seq is None else seq}"


def solve_current(client: Client, run: StormRun) -> Any:
    """Lay the stored answer of the puzzle in play through the run's own URLs, then answer."""
    puzzle = run.current.puzzle
    lay_out(client, puzzle, puzzle.solution, base(run))
    return client.post(f"{base(run)}/answer/", HTTP_HX_REQUEST="true")


def pass_current(client: Client, run: StormRun) -> Any:
    return client.post(f"{base(run)}/pass/", HTTP_HX_REQUEST="true")


def start(client: Client) -> StormRun:
    response = client.post("/puzzles/storm/start/")
    assert response.status_code == 302 and response["Location"] == "/puzzles/storm/"
    return live(client)


def test_the_combo_pays_points_from_3_and_time_at_every_third() -> None:
    assert [storm.points_for(c) for c in (1, 2, 3, 4, 10)] == [1, 1, 2, 2, 2]
    bonus = {c: storm.time_bonus(c) for c in range(1, 16) if storm.time_bonus(c)}
    assert bonus == {3: 10, 6: 15, 9: 20, 12: 20, 15: 20}


def test_the_start_page_states_the_rules_and_why_there_is_no_leaderboard(guest: Client) -> None:
    html = guest.get("/puzzles/storm/").content.decode()
    assert "You have 3 minutes" in html
    assert "costs 10 seconds and the combo" in html
    assert "10 seconds at 3 in a row, 15 at 6, then 20 at 9" in html
    assert "more than 2 seconds after the time is up" in html
    assert "no public Storm leaderboard" in html and "could not be trusted" in html


def test_a_run_is_timed_and_scored_on_the_server(guest: Client, puzzles: Any) -> None:
    with time_machine.travel(NOON, tick=False) as clock:
        run = start(guest)
        assert (run.started_at, run.ends_at, run.dealt) == (NOON, NOON + timedelta(minutes=3), 1)
        page = guest.get("/puzzles/storm/").content.decode()
        assert 'data-seconds-left="180.0"' in page and ">3:00<" in page
        expected = [(1, 1, 0), (2, 2, 0), (4, 3, 10), (6, 4, 0)]  # score, combo, seconds added
        for score, combo, added in expected:
            clock.shift(timedelta(seconds=5))
            assert solve_current(guest, run).status_code == 200
            run.refresh_from_db()
            assert (run.score, run.combo, run.solved) == (score, combo, combo)
            assert run.last["seconds"] == added
        assert run.ends_at == NOON + timedelta(minutes=3, seconds=10)
        # A pass costs 10 seconds and the combo; the next puzzle is dealt at once.
        clock.shift(timedelta(seconds=5))
        pass_current(guest, run)
        run.refresh_from_db()
        assert (run.score, run.combo, run.missed, run.dealt) == (6, 0, 1, 6)
        assert run.ends_at == NOON + timedelta(minutes=3)
        page = guest.get("/puzzles/storm/").content.decode()
        assert 'data-seconds-left="155.0"' in page  # 180 + 10 - 10 - 25 s played
        assert "Passed: 10 seconds off the clock" in page


def test_a_valid_answer_short_of_the_best_is_a_miss(
    guest: Client, puzzles: Any, monkeypatch: Any
) -> None:
    """The easy level's play on a puzzle lays less than the best: -10 s, combo gone."""
    puzzle, move = easy_puzzle(puzzles)
    dealt = iter([puzzle, *puzzles[-5:]])
    monkeypatch.setattr(storm, "pick", lambda run, k: next(dealt))
    with time_machine.travel(NOON, tick=False):
        run = start(guest)
        lay_out(guest, puzzle, move, base(run))
        html = guest.post(f"{base(run)}/answer/", HTTP_HX_REQUEST="true").content.decode()
        run.refresh_from_db()
    assert (run.score, run.missed, run.combo) == (0, 1, 0)
    assert run.ends_at == NOON + timedelta(minutes=2, seconds=50)
    assert Attempt.objects.get(storm=run, puzzle=puzzle).status == Attempt.MISSED
    assert "Not the most: 10 seconds off the clock" in html


def test_an_answer_breaking_the_rules_is_sent_back_and_costs_nothing(
    guest: Client, puzzles: Any, monkeypatch: Any
) -> None:
    puzzle = puzzles[0]
    monkeypatch.setattr(storm, "pick", lambda run, k: puzzle)
    with time_machine.travel(NOON, tick=False):
        run = start(guest)
        step = {"tile": puzzle.rack[0], "to": "new"}  # one tile alone: not a set
        guest.post(f"{base(run)}/move/", step, HTTP_HX_REQUEST="true")
        response = guest.post(f"{base(run)}/answer/", HTTP_HX_REQUEST="true")
    assert response.status_code == 400 and "Not a valid table" in response.content.decode()
    run.refresh_from_db()
    assert (run.score, run.missed, run.combo, run.dealt) == (0, 0, 0, 1)
    assert run.ends_at == NOON + timedelta(minutes=3)
    assert Attempt.objects.get(storm=run).status == Attempt.OPEN


def test_an_answer_after_the_end_and_its_grace_is_refused(guest: Client, puzzles: Any) -> None:
    with time_machine.travel(NOON, tick=False) as clock:
        run = start(guest)
        clock.shift(timedelta(seconds=20))
        solve_current(guest, run)
        run.refresh_from_db()
        assert run.score == 1
        puzzle = run.current.puzzle
        lay_out(guest, puzzle, puzzle.solution, base(run))
        clock.move_to(run.ends_at + timedelta(seconds=2, milliseconds=1))  # past the grace
        response = guest.post(f"{base(run)}/answer/", HTTP_HX_REQUEST="true")
    assert response.status_code == 200 and response["HX-Redirect"] == f"/puzzles/storm/{run.pk}/"
    run.refresh_from_db()
    assert (run.score, run.solved, run.ended_at) == (1, 1, run.ends_at)
    late = Attempt.objects.get(pk=run.current_id)
    assert late.status == Attempt.MISSED and late.answer is None
    result = guest.get(f"/puzzles/storm/{run.pk}/").content.decode()
    assert "too late and counts for nothing" in result
    assert "the time ran out" in result


def test_an_answer_inside_the_grace_counts_but_adds_no_time(guest: Client, puzzles: Any) -> None:
    with time_machine.travel(NOON, tick=False) as clock:
        run = start(guest)
        for _ in range(2):
            solve_current(guest, run)
            run.refresh_from_db()
        puzzle = run.current.puzzle
        lay_out(guest, puzzle, puzzle.solution, base(run))
        clock.move_to(run.ends_at + timedelta(seconds=1))  # the third in a row, in the grace
        solve_current(guest, run)
    run.refresh_from_db()
    assert (run.score, run.combo, run.last["seconds"]) == (4, 3, 0)
    assert run.ended_at == NOON + timedelta(minutes=3, seconds=1)
    assert run.dealt == 3  # no puzzle after the clock ran out


def test_a_forged_answer_is_refused(guest: Client, puzzles: Any) -> None:
    """An answer for an earlier puzzle of the run (replayed), or for someone else's run."""
    with time_machine.travel(NOON, tick=False):
        run = start(guest)
        first = run.dealt
        solve_current(guest, run)
        run.refresh_from_db()
        again = guest.post(f"{base(run, first)}/answer/", HTTP_HX_REQUEST="true")
        assert again.status_code == 400
        assert "no longer in play" in again.content.decode()
        moved = guest.post(f"{base(run, first)}/pass/", HTTP_HX_REQUEST="true")
        assert moved.status_code == 400
        run.refresh_from_db()
        assert (run.score, run.missed, run.dealt) == (1, 0, 2)
        other = Client()
        other.get("/")
        assert other.post(f"{base(run)}/answer/").status_code == 404
        assert other.post(f"{base(run)}/pass/").status_code == 404
        run.refresh_from_db()
        assert (run.missed, run.dealt) == (0, 2)


def test_no_puzzle_comes_twice_in_a_run_and_they_get_harder(guest: Client, puzzles: Any) -> None:
    with time_machine.travel(NOON, tick=False):
        run = start(guest)
        for _ in range(16):  # 16 passes cost 160 s: the 17th puzzle is the last
            pass_current(guest, run)
            run.refresh_from_db()
    in_run = Attempt.objects.filter(storm=run).order_by("id")
    dealt = list(in_run.values_list("puzzle_id", "puzzle__rating"))
    assert len(dealt) == 17 and len({p for p, _r in dealt}) == 17
    assert run.ended_at is None and run.ends_at == NOON + timedelta(seconds=20)
    first, last = [r for _p, r in dealt[:5]], [r for _p, r in dealt[-5:]]
    assert sum(last) / 5 > sum(first) / 5 + 400  # aimed 50 higher each: 600 apart on average


def test_a_small_bank_deals_unseen_first_then_seen_ones_never_twice_then_ends(
    guest: Client, puzzles: Any
) -> None:
    keep = [p.id for p in puzzles[:6]]
    Puzzle.objects.exclude(id__in=keep).delete()
    for seen in keep[:4]:
        guest.get(f"/puzzles/{seen}/")  # met before: dealt only when nothing else is left
    with time_machine.travel(NOON, tick=False):
        run = start(guest)
        for _ in range(6):
            pass_current(guest, run)
            run.refresh_from_db()
    in_run = Attempt.objects.filter(storm=run).order_by("id")
    dealt = list(in_run.values_list("puzzle_id", flat=True))
    assert set(dealt[:2]) == set(keep[4:])
    assert sorted(dealt) == sorted(keep)  # each once
    assert run.ended_at == NOON and run.missed == 6


def test_the_puzzle_in_play_cannot_be_opened_on_its_own_page(guest: Client, puzzles: Any) -> None:
    with time_machine.travel(NOON, tick=False):
        run = start(guest)
        puzzle = run.current.puzzle
        response = guest.get(f"/puzzles/{puzzle.id}/")
        assert response.status_code == 302 and response["Location"] == "/puzzles/storm/"
        assert guest.post(f"/puzzles/{puzzle.id}/answer/").status_code == 302
        assert Attempt.objects.filter(puzzle=puzzle).count() == 1
        page = guest.get("/puzzles/storm/").content.decode()
    assert 'data-testid="best"' not in page and "best arrangement" not in page.lower()


def test_personal_and_daily_bests(guest: Client, puzzles: Any) -> None:
    with time_machine.travel(NOON - timedelta(days=1), tick=False) as clock:
        run = start(guest)
        for _ in range(3):
            solve_current(guest, run)
            run.refresh_from_db()
        clock.shift(timedelta(minutes=4))
        assert guest.get(f"/puzzles/storm/{run.pk}/").status_code == 200
        run.refresh_from_db()
        assert run.score == 4 and run.ended_at is not None
    with time_machine.travel(NOON, tick=False) as clock:
        today = start(guest)
        solve_current(guest, today)
        clock.shift(timedelta(minutes=4))
        result = guest.get(f"/puzzles/storm/{today.pk}/")
        assert result.context["records"] == storm.Records(best=4, today=1, runs=2)
        assert result.context["best_today"] and not result.context["new_best"]
        page = guest.get("/puzzles/storm/").content.decode()
    assert 'data-testid="storm-best">4<' in page and 'data-testid="storm-today">1<' in page


def test_storm_puzzles_leave_the_rating_and_the_stats_alone(guest: Client, puzzles: Any) -> None:
    with time_machine.travel(NOON, tick=False):
        run = start(guest)
        solve_current(guest, run)
        run.refresh_from_db()
        pass_current(guest, run)
    solver = Solver.objects.get()
    assert solver.rating == 1500
    assert guest.get("/me/stats/").context["puzzles"]["played"] == 0
    assert not Attempt.objects.filter(storm=run, rated=True).exists()


def test_a_passed_puzzle_is_reviewable_and_the_one_in_play_is_not(
    guest: Client, puzzles: Any
) -> None:
    with time_machine.travel(NOON, tick=False):
        run = start(guest)
        passed = run.current
        pass_current(guest, run)
        run.refresh_from_db()
        review = guest.get(f"/puzzles/attempt/{passed.pk}/")
        in_play = guest.get(f"/puzzles/attempt/{run.current_id}/")
    html = review.content.decode()
    assert review.status_code == 200 and 'data-testid="best"' in html
    assert f'href="/puzzles/storm/{run.pk}/"' in html  # back to the run, not "Try again"
    assert 'data-testid="retry"' not in html
    assert in_play.status_code == 302 and in_play["Location"] == "/puzzles/storm/"
    # Its own page later: a new try, unrated (its answer has been seen in the review).
    assert guest.get(f"/puzzles/{passed.puzzle_id}/").status_code == 200
    later = Attempt.objects.filter(puzzle_id=passed.puzzle_id, storm=None).get()
    assert not later.rated and later.status == Attempt.OPEN
