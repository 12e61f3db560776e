"""App config for the games."""

from django.apps import AppConfig


class GamesConfig(AppConfig):
    """The games app (engines, bots, models, services, views, tasks)."""

    default_auto_field = "django.db.models.BigAutoField"
    name = "games"
