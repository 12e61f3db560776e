"""Every model field that points at an account, and what the export and a closing do with it.

One line per field, so nothing personal is forgotten by either: the tests walk
``django.apps`` for every foreign key to ``AUTH_USER_MODEL`` and fail when one
has no line here (or a line names a field that is gone).

- ``export``: the section of the download that holds these rows; "" when they
  are deliberately left out, and ``why`` then says why;
- ``on_close``: DELETE (the rows go), DETACH (the rows stay for others, no
  longer linked to the account) or KEEP (the rows stay, linked to the
  anonymised account row, which is then kept instead of deleted).
"""

from __future__ import annotations

from dataclasses import dataclass

from django.apps import apps
from django.conf import settings
from django.db import models

DELETE, DETACH, KEEP = "delete", "detach", "keep"


@dataclass(frozen=True)
class Holding:
    export: str
    on_close: str
    why: str = ""


FIELDS: dict[str, Holding] = {
    "admin.LogEntry.user": Holding("", DELETE, "staff actions in the admin site, not play"),
    "auth.User_groups.user": Holding("", DELETE, "staff permissions; players have none"),
    "auth.User_user_permissions.user": Holding("", DELETE, "staff permissions; players have none"),
    "account.EmailAddress.user": Holding("account", DELETE),
    # Seats stay in other players' games, renamed "Deleted player" (privacy.closing).
    "games.Seat.user": Holding("games", DETACH),
    "accounts.GameRecord.user": Holding("results", DELETE),
    "accounts.Streak.user": Holding("streaks", DELETE),
    "leaderboards.Player.user": Holding("leaderboards", DELETE),
    "leaderboards.NameReport.reporter_user": Holding("reports_made", DETACH),
    "api.AccessToken.user": Holding("api_tokens", DELETE),
    "presets.Preset.user": Holding("presets", DELETE),
    "rooms.Room.host_user": Holding("rooms", DETACH),
    "rooms.RoomSeat.user": Holding("rooms", DETACH),
    "rooms.Suspension.user": Holding("moderation", DELETE),
    # A report names what was shown at a table; staff may still need it (it is not linked).
    "rooms.SeatReport.reported_user": Holding("moderation", DETACH),
    "rooms.SeatReport.reporter_user": Holding("reports_made", DETACH),
    "replays.ShareLink.made_by_user": Holding("share_links", DETACH),
    "players.Follow.follower": Holding("follows", DELETE),
    "players.Follow.followed": Holding("follows", DELETE),
    "players.Block.blocker": Holding("blocks", DELETE),
    "players.Block.blocked": Holding("", DELETE, "who blocked you is never told, here or anywhere"),
    "players.Challenge.sender": Holding("challenges", DELETE),
    "players.Challenge.recipient": Holding("challenges", DELETE),
    "players.Rating.user": Holding("ratings", DELETE),
    # Other players' ratings were computed from these numbers (players.recompute replays
    # every game with all its rated seats), so they stay with the anonymised row.
    "players.RatingChange.user": Holding("rating_history", KEEP),
    "notifications.NotificationSettings.user": Holding("settings", DELETE),
    "notifications.PushSubscription.user": Holding("settings", DELETE),
    "notifications.TurnNotice.user": Holding("notices", DELETE),
    "notifications.Vacation.user": Holding("settings", DELETE),
    "matchmaking.QueueEntry.user": Holding("quick_match", DELETE),
    "puzzles.Solver.user": Holding("puzzles", DELETE),
    "preferences.Preferences.user": Holding("settings", DELETE),
    # Table talk: what the person wrote goes with the account; a report of it stays for
    # staff, unlinked, with the words as they were reported.
    "talk.Message.author_user": Holding("table_talk", DELETE),
    "talk.Report.reported_user": Holding("moderation", DETACH),
    "talk.Report.reporter_user": Holding("reports_made", DETACH),
    "talk.Mute.muter_user": Holding("settings", DELETE),
    "talk.Mute.muted_user": Holding("", DELETE, "who muted you is never told"),
    "talk.Timeout.user": Holding("moderation", DELETE),
    # How far the person is in each game's guided first game.
    "tutorials.Progress.user": Holding("tutorials", DELETE),
    # Tournaments: a made one stays for its players; the standings others finished in were
    # scored with this person's games (tournaments.standings recomputes them), so an entry
    # stays with the anonymised row, shown as a placeholder.
    "tournaments.Tournament.creator": Holding("tournaments", DETACH),
    "tournaments.Entry.user": Holding("tournaments", KEEP),
    "tournaments.StartNotice.user": Holding("tournaments", DELETE),
}


def account_fields() -> list[tuple[type[models.Model], str]]:
    """(model, field name) for every concrete relation to the account model, in every app."""
    user_model = apps.get_model(settings.AUTH_USER_MODEL)
    found = []
    for model in apps.get_models(include_auto_created=True):
        for field in model._meta.get_fields(include_hidden=True):
            if field.concrete and field.is_relation and field.related_model is user_model:
                found.append((model, field.name))
    return found


def label(model: type[models.Model], field: str) -> str:
    return f"{model._meta.label}.{field}"


def holding(model: type[models.Model], field: str) -> Holding:
    """The line for this field; a KeyError names a field nobody has decided about."""
    return FIELDS[label(model, field)]
