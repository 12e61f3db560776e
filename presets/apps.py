"""App config for presets."""

from django.apps import AppConfig


class PresetsConfig(AppConfig):
    """Named setups ("house rules") a player keeps per game, owned like saves."""

    default_auto_field = "django.db.models.BigAutoField"
    name = "presets"
    verbose_name = "House rules"
