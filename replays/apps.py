from django.apps import AppConfig


class ReplaysConfig(AppConfig):
    """Replays of finished games and rounds, and their share links."""

    default_auto_field = "django.db.models.BigAutoField"
    name = "replays"
