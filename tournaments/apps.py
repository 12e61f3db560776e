"""App config for tournaments."""

from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class TournamentsConfig(AppConfig):
    """Arena and Swiss events of every game: scheduled by the beat or made by players."""

    name = "tournaments"
    verbose_name = _("Tournaments")
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self) -> None:
        """Listen for finished tournament games, and give the rooms' Game over the way back
        to the tournament (rooms never import this app)."""
        from rooms import events
        from tournaments import signals  # noqa: F401 - the receivers
        from tournaments.links import game_over_link

        events.register(game_over_link)
