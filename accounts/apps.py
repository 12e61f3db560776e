"""App config for accounts."""

from django.apps import AppConfig


class AccountsConfig(AppConfig):
    """Guest identity, saves, stats and streaks (allauth does the sign-in itself)."""

    default_auto_field = "django.db.models.BigAutoField"
    name = "accounts"

    def ready(self) -> None:
        """Connect the receivers that keep saves, results and streaks up to date."""
        from accounts import checks, signals  # noqa: F401
