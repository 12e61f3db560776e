"""App config for accounts."""

from django.apps import AppConfig


class AccountsConfig(AppConfig):
    """Guest identity and account features (allauth does the sign-in itself)."""

    default_auto_field = "django.db.models.BigAutoField"
    name = "accounts"
