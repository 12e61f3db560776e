"""Solving a puzzle: the only code that changes an attempt, a solver's rating or a streak.

A tap moves a tile inside the attempt's draft and Confirm asks the game's own
rules, both through the puzzle's game module (``Puzzle.adapter``: a table to
rearrange, an opening to lay): an invalid answer is refused with its reason and
counts for nothing. A valid one is judged by the optimum alone (tiles laid,
then their value), so any arrangement reaching it is a solve. A hint makes
the attempt a miss at once (its rating change is applied then, so walking
away afterwards changes nothing). Each change runs in one transaction with
the attempt row locked, and a finished attempt cannot be changed again.
Hints, giving up, retries, the rating, streaks and the daily are one code for
every game.
"""

from __future__ import annotations

from datetime import date, timedelta
from typing import Any

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from leaderboards.periods import utc_today

from . import choosing, rating
from .errors import PuzzleError
from .models import Attempt, Puzzle, Solver, Streak

__all__ = ["PuzzleError"]  # the views catch it from here


# --- starting attempts ------------------------------------------------------------------


def latest(solver: Solver, puzzle: Puzzle) -> Attempt | None:
    """The solver's latest attempt at ``puzzle`` on its own page. A Storm run's attempts
    are left out: only ``puzzles.storm`` judges them, against its clock."""
    mine = Attempt.objects.filter(solver=solver, puzzle=puzzle, storm=None)
    return mine.order_by("-id").first()


def attempt_for(solver: Solver, puzzle: Puzzle) -> Attempt:
    """The solver's latest attempt at ``puzzle``; the first one is made on sight, rated
    unless the puzzle was met in a Storm run (its answer may have been seen since) or is
    one of the solver's own (``puzzles.own``: a position met in its game)."""
    found = latest(solver, puzzle)
    if found is not None:
        return found
    met = Attempt.objects.filter(solver=solver, puzzle=puzzle).exists()
    private = puzzle.owner_id is not None  # from the solver's own game: practice, never rated
    return Attempt.objects.create(
        solver=solver,
        puzzle=puzzle,
        rated=not (met or private),
        daily=None if private else _daily(puzzle),
    )


def _daily(puzzle: Puzzle) -> date | None:
    today = utc_today()
    return today if choosing.daily_puzzle(today).id == puzzle.id else None


def daily_attempt(solver: Solver, puzzle: Puzzle, day: date) -> Attempt:
    """The solver's try at ``day``'s daily. A puzzle met before still gets its daily try
    (unrated then, since the answer may have been seen), so the calendar streak can go on."""
    with transaction.atomic():
        Solver.objects.select_for_update().get(pk=solver.pk)
        found = latest(solver, puzzle)
        if found is None:
            met = Attempt.objects.filter(solver=solver, puzzle=puzzle).exists()  # in a Storm
            return Attempt.objects.create(solver=solver, puzzle=puzzle, rated=not met, daily=day)
        if found.daily == day:
            return found
        if not found.over and found.streak_id is None:
            found.daily = day
            found.save(update_fields=["daily"])
            return found
        return Attempt.objects.create(solver=solver, puzzle=puzzle, rated=False, daily=day)


def retry(solver: Solver, puzzle: Puzzle) -> Attempt:
    """Another, unrated try after the last one ended (a streak's miss stays a miss)."""
    with transaction.atomic():
        Solver.objects.select_for_update().get(pk=solver.pk)
        found = latest(solver, puzzle)
        if found is not None and not found.over:
            return found
        return Attempt.objects.create(solver=solver, puzzle=puzzle, rated=False)


def open_rated(solver: Solver) -> Attempt | None:
    """A rated first try still open outside a streak: "next puzzle" returns to it (no skipping)."""
    return (
        Attempt.objects.filter(solver=solver, status=Attempt.OPEN, rated=True, streak=None)
        .order_by("id")
        .first()
    )


# --- the draft ----------------------------------------------------------------------------


def _locked(attempt_id: int, solver: Solver) -> Attempt:
    attempt = Attempt.objects.select_for_update().select_related("puzzle").get(pk=attempt_id)
    if attempt.solver_id != solver.pk:
        raise PuzzleError(_("That isn't your attempt."))
    return attempt


def move(attempt: Attempt, solver: Solver, tile: int | None, target: str) -> Attempt:
    if tile is None:
        raise PuzzleError(_("Pick a tile first, then where it goes."))
    with transaction.atomic():
        attempt = _locked(attempt.pk, solver)
        if attempt.over:
            raise PuzzleError(_("This attempt is over."))
        attempt.draft = _moved(attempt, tile, target)
        attempt.save(update_fields=["draft"])
    return attempt


def _moved(attempt: Attempt, tile: int, target: str) -> dict[str, Any]:
    """The draft after the move, by the puzzle's game's own draft rules."""
    return attempt.puzzle.adapter.move(attempt.draft, attempt.puzzle, tile, target)


def reset(attempt: Attempt, solver: Solver) -> Attempt:
    with transaction.atomic():
        attempt = _locked(attempt.pk, solver)
        if not attempt.over:
            attempt.draft = None
            attempt.save(update_fields=["draft"])
    return attempt


# --- ending an attempt --------------------------------------------------------------------


def confirm(attempt: Attempt, solver: Solver) -> Attempt:
    """Judge the draft: refused (with the reason) if invalid, else solved or missed."""
    with transaction.atomic():
        attempt = _locked(attempt.pk, solver)
        if attempt.over:
            raise PuzzleError(_("This attempt is already over."))
        puzzle = attempt.puzzle
        table, laid, value = _judged(attempt)
        reached = (laid, value) == (puzzle.tiles, puzzle.value)
        attempt.answer, attempt.laid, attempt.laid_value = table, laid, value
        _finish(attempt, solver, solved=reached and not attempt.hinted)
    return attempt


def _judged(attempt: Attempt) -> tuple[list[list[int]], int, int]:
    """(the table or opening laid, tiles laid, their value), or PuzzleError with the reason."""
    return attempt.puzzle.adapter.judge(attempt.puzzle, attempt.draft)


def hint(attempt: Attempt, solver: Solver) -> Attempt:
    """Mark the attempt hinted: whatever follows, it is a miss (scored now)."""
    with transaction.atomic():
        attempt = _locked(attempt.pk, solver)
        if attempt.over or attempt.hinted:
            return attempt
        attempt.hinted = True
        _score(attempt, solver, solved=False)
        attempt.save()
        if attempt.streak_id:  # a streak allows no help: the streak ends here
            _finish(attempt, solver, solved=False)
    return attempt


def give_up(attempt: Attempt, solver: Solver) -> Attempt:
    """Show the answer: the attempt ends as a miss."""
    with transaction.atomic():
        attempt = _locked(attempt.pk, solver)
        if not attempt.over:
            _finish(attempt, solver, solved=False)
    return attempt


def _finish(attempt: Attempt, solver: Solver, solved: bool) -> None:
    attempt.status = Attempt.SOLVED if solved else Attempt.MISSED
    attempt.finished_at = timezone.now()
    _score(attempt, solver, solved)
    attempt.save()
    if attempt.streak_id:
        _streak_result(attempt, solved)
    if attempt.daily:
        _daily_result(attempt, solved)


def _score(attempt: Attempt, solver: Solver, solved: bool) -> None:
    """Apply the rating change once, to the solver and the puzzle, for a rated try."""
    if attempt.scored:
        return
    attempt.scored = True
    puzzle = Puzzle.every.select_for_update().get(pk=attempt.puzzle_id)  # a private one too
    if attempt.rated or attempt.streak_id:  # a retry after seeing the answer proves little
        puzzle.plays += 1
        puzzle.solves += int(solved)
    me = Solver.objects.select_for_update().get(pk=solver.pk)
    if attempt.rated:
        mine, its = rating.play(
            rating.Rating(me.rating, me.rd, me.vol),
            rating.Rating(puzzle.rating, puzzle.rd, puzzle.vol),
            solved,
        )
        attempt.rating_before, attempt.rating_after = me.rating, mine.rating
        me.rating, me.rd, me.vol = mine.rating, mine.rd, mine.vol
        puzzle.rating, puzzle.rd, puzzle.vol = its.rating, its.rd, its.vol
        me.save(update_fields=["rating", "rd", "vol"])
    puzzle.save(update_fields=["plays", "solves", "rating", "rd", "vol"])


def _daily_result(attempt: Attempt, solved: bool) -> None:
    """The daily calendar streak: days in a row the daily puzzle was solved."""
    solver = Solver.objects.select_for_update().get(pk=attempt.solver_id)
    day = attempt.daily
    assert day is not None
    if solved:
        if solver.daily_last == day:
            return
        kept = solver.daily_last == day - timedelta(days=1)
        solver.daily_streak = solver.daily_streak + 1 if kept else 1
        solver.daily_last = day
        solver.best_daily_streak = max(solver.best_daily_streak, solver.daily_streak)
    elif solver.daily_last != day:
        solver.daily_streak = 0
    solver.save(update_fields=["daily_streak", "daily_last", "best_daily_streak"])


# --- streaks ------------------------------------------------------------------------------


def live_streak(solver: Solver) -> Streak | None:
    return Streak.objects.filter(solver=solver, ended_at=None).select_related("current").first()


def new_streak(solver: Solver) -> Streak:
    """Start a streak. One still running ends first, its unsolved puzzle counted as a miss:
    starting again can never skip a puzzle that has been shown (or keep a run alive)."""
    with transaction.atomic():
        Solver.objects.select_for_update().get(pk=solver.pk)
        running = Streak.objects.select_for_update().filter(solver=solver, ended_at=None).first()
        if running is not None:
            current = running.current
            if current is not None and not current.over:
                give_up(current, solver)  # ends the streak as well
            running.refresh_from_db()
            if running.ended_at is None:
                _end_streak(running)
        streak = Streak.objects.create(solver=solver)
        _deal_streak_puzzle(streak, solver)
    return streak


def next_streak_puzzle(solver: Solver) -> Streak:
    """After a solve, the streak's next puzzle (asking twice deals it once)."""
    with transaction.atomic():
        Solver.objects.select_for_update().get(pk=solver.pk)
        streak = Streak.objects.select_for_update().filter(solver=solver, ended_at=None).first()
        if streak is None:
            raise PuzzleError(_("You have no streak running: start a new one."))
        current = streak.current
        if current is not None and not current.over:
            return streak  # still to solve: the same puzzle, however often the page is loaded
        _deal_streak_puzzle(streak, solver)
    return streak


def _deal_streak_puzzle(streak: Streak, solver: Solver) -> None:
    puzzle = choosing.streak_puzzle(solver, streak.pk, streak.length)
    if puzzle is None:
        raise PuzzleError(_("There are no puzzles to play."))
    streak.current = Attempt.objects.create(solver=solver, puzzle=puzzle, streak=streak)
    streak.save(update_fields=["current"])


def _streak_result(attempt: Attempt, solved: bool) -> None:
    streak = Streak.objects.select_for_update().get(pk=attempt.streak_id)
    if streak.ended_at is not None:
        return
    if solved:
        streak.length += 1
        streak.save(update_fields=["length"])
        solver = Solver.objects.select_for_update().get(pk=streak.solver_id)
        if streak.length > solver.best_streak:
            solver.best_streak = streak.length
            solver.save(update_fields=["best_streak"])
    else:
        _end_streak(streak)


def _end_streak(streak: Streak) -> None:
    streak.ended_at = timezone.now()
    streak.save(update_fields=["ended_at"])


def today() -> date:
    return utc_today()
