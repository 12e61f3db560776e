"""App config for the programs' API."""

from django.apps import AppConfig


class ApiConfig(AppConfig):
    """Personal access tokens and the JSON API (mounted under /api/)."""

    default_auto_field = "django.db.models.BigAutoField"
    name = "api"
