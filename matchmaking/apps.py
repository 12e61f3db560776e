"""App config for matchmaking."""

from django.apps import AppConfig


class MatchmakingConfig(AppConfig):
    """Quick match (a waiting queue paired by rating) and watching online tables."""

    default_auto_field = "django.db.models.BigAutoField"
    name = "matchmaking"
