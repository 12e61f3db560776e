"""Signing in on a device that solved puzzles as a guest: its solver joins the account's.

Attempts, streaks, Storm runs and the puzzles from the guest's own games move over (a
running one ends where it stands); the best streaks are the better of the two.
The rating kept is the one with more rated tries behind it (the surer number).
Running it twice is harmless: the second time the device has no guest solver.
"""

from __future__ import annotations

from django.db import transaction
from django.utils import timezone

from . import storm
from .models import Attempt, Puzzle, Solver, StormRun, Streak


def adopt_guest_solver(user_id: int, device_key: str) -> None:
    with transaction.atomic():
        guest = (
            Solver.objects.select_for_update()
            .filter(user__isnull=True, device_key=device_key)
            .first()
        )
        if guest is None:
            return
        mine = Solver.objects.select_for_update().filter(user_id=user_id).first()
        if mine is None:
            guest.user_id, guest.device_key = user_id, ""
            guest.save(update_fields=["user", "device_key"])
            return
        rated = Attempt.objects.filter(rated=True, scored=True)
        if rated.filter(solver=guest).count() > rated.filter(solver=mine).count():
            mine.rating, mine.rd, mine.vol = guest.rating, guest.rd, guest.vol
        mine.best_streak = max(mine.best_streak, guest.best_streak)
        mine.best_daily_streak = max(mine.best_daily_streak, guest.best_daily_streak)
        if guest.daily_last and (not mine.daily_last or guest.daily_last > mine.daily_last):
            mine.daily_streak, mine.daily_last = guest.daily_streak, guest.daily_last
        mine.save()
        Streak.objects.filter(solver=guest, ended_at=None).update(ended_at=timezone.now())
        Streak.objects.filter(solver=guest).update(solver=mine)
        _storm_runs(guest, mine)
        Attempt.objects.filter(solver=guest).update(solver=mine)
        Puzzle.every.filter(owner=guest).update(owner=mine)  # else deleted with the guest
        guest.delete()


def _storm_runs(guest: Solver, mine: Solver) -> None:
    """The guest's runs join the account's; one still running ends where it stands (an
    account has one live run at most, and the account may be running its own)."""
    for run in StormRun.objects.filter(solver=guest, ended_at=None):
        storm.abandon(run)
    StormRun.objects.filter(solver=guest).update(solver=mine)
