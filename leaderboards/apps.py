"""App config for leaderboards."""

from django.apps import AppConfig


class LeaderboardsConfig(AppConfig):
    """Daily challenge, calendar streaks, leaderboards and reports of names."""

    default_auto_field = "django.db.models.BigAutoField"
    name = "leaderboards"

    def ready(self) -> None:
        """Connect the receivers that count ended games and merge guests on sign-in."""
        from leaderboards import signals  # noqa: F401
