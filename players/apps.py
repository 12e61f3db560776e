"""App config for players."""

from django.apps import AppConfig


class PlayersConfig(AppConfig):
    """Ratings between people, friends and blocks, challenges and the /@/<name>/ pages."""

    default_auto_field = "django.db.models.BigAutoField"
    name = "players"

    def ready(self) -> None:
        """Connect the receiver that rates finished games between people, and give online
        tables the name screen and the boards and rooms the blocks (the platform and those
        apps never import this one)."""
        from games import online_table
        from leaderboards import blocks
        from players import lookup, signals  # noqa: F401 - signals: the receiver

        online_table.name_screen.register(lookup.name_screen)
        blocks.register(lookup.blocked_ids)
