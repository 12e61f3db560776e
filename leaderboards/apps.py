"""App config for leaderboards."""

from django.apps import AppConfig


class LeaderboardsConfig(AppConfig):
    """Daily challenge, streaks and leaderboards."""

    default_auto_field = "django.db.models.BigAutoField"
    name = "leaderboards"
