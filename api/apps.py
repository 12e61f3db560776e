"""App config for the programs' API."""

from django.apps import AppConfig


class ApiConfig(AppConfig):
    """Personal access tokens and the JSON API (mounted under /api/)."""

    default_auto_field = "django.db.models.BigAutoField"
    name = "api"

    def ready(self) -> None:
        """Connect the password signals: tokens and a changed or reset password (api.signals)."""
        from api import signals  # noqa: F401
