"""App config for players."""

from django.apps import AppConfig


class PlayersConfig(AppConfig):
    """Ratings between people, friends and blocks, challenges and the /@/<name>/ pages."""

    default_auto_field = "django.db.models.BigAutoField"
    name = "players"

    def ready(self) -> None:
        """Connect the receiver that rates finished games between people."""
        from players import signals  # noqa: F401
