"""App config for preferences."""

from django.apps import AppConfig


class PreferencesConfig(AppConfig):
    """Settings a person chooses once and finds again on every device they sign in on."""

    default_auto_field = "django.db.models.BigAutoField"
    name = "preferences"

    def ready(self) -> None:
        """Connect the sign-in receiver that carries a guest's language into the account."""
        from preferences import signals  # noqa: F401
