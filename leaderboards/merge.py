"""Signing in on a device that played as a guest: its player joins the account's.

Same moment and same spirit as accounts.merge (which moves seats, records and
win streaks); this moves what leaderboards keeps, in one transaction:

- cleared days: the union of both (a day cleared on either counts once), and
  the calendar streak is recomputed from that union, so a guest's streak on
  a phone and the account's on a laptop join up into one run of days;
- board rows: counts and points add up, the best run is the better of the
  two, the current win run is the one that moved most recently;
- the name: the account keeps its own; an account without one takes the
  guest's (a suspended guest name stays suspended);
- reports about the guest's name follow it.

Running it twice is harmless: the second time the device has no guest player.
"""

from __future__ import annotations

from django.db import transaction

from leaderboards import streaks
from leaderboards.models import DailyClear, LeaderboardEntry, NameReport, Player, Result


def adopt_guest_player(user_id: int, device_key: str) -> None:
    """Move the device's guest player into the account's (see the module docstring)."""
    with transaction.atomic():
        guest = (
            Player.objects.select_for_update()
            .filter(user__isnull=True, device_key=device_key)
            .first()
        )
        if guest is None:
            return
        mine = Player.objects.select_for_update().filter(user_id=user_id).first()
        if mine is None:
            guest.user_id, guest.device_key = user_id, ""
            guest.save(update_fields=["user", "device_key"])
            return
        _join(guest, mine)


def _join(guest: Player, mine: Player) -> None:
    cleared = set(mine.clears.values_list("date", flat=True))
    DailyClear.objects.filter(player=guest).exclude(date__in=cleared).update(player=mine)
    Result.objects.filter(player=guest).update(player=mine)
    NameReport.objects.filter(player=guest).update(player=mine)
    _join_entries(guest, mine)
    if not mine.name and guest.name:
        name, key, suspended = guest.name, guest.name_key, guest.name_suspended
        guest.name, guest.name_key = "", ""
        guest.save(update_fields=["name", "name_key"])  # free the unique key first
        mine.name, mine.name_key, mine.name_suspended = name, key, suspended
        mine.save(update_fields=["name", "name_key", "name_suspended"])
    mine.daily_best = max(mine.daily_best, guest.daily_best)
    guest.delete()
    streaks.refresh(mine)


def _join_entries(guest: Player, mine: Player) -> None:
    """Add the guest's board rows into the account's, row by matching board."""

    def board(e: LeaderboardEntry) -> tuple[str, str, str]:
        return e.kind, e.difficulty, e.period_key

    ours = {board(e): e for e in LeaderboardEntry.objects.filter(player=mine)}
    moved, changed = [], []
    for theirs in LeaderboardEntry.objects.filter(player=guest):
        target = ours.get(board(theirs))
        if target is None:
            theirs.player = mine
            moved.append(theirs)
            continue
        target.played += theirs.played
        target.wins += theirs.wins
        target.points += theirs.points
        target.best_win_run = max(target.best_win_run, theirs.best_win_run)
        target.daily_streak = max(target.daily_streak, theirs.daily_streak)
        if theirs.updated > target.updated:
            target.win_run = theirs.win_run
        changed.append(target)
    fields = ["played", "wins", "points", "best_win_run", "daily_streak", "win_run"]
    LeaderboardEntry.objects.bulk_update(changed, fields)
    LeaderboardEntry.objects.bulk_update(moved, ["player"])
