"""The notifications app: it listens to games' signals; games never imports it."""

from django.apps import AppConfig


class NotificationsConfig(AppConfig):
    default_auto_field = "django.db.models.BigAutoField"
    name = "notifications"
    verbose_name = "Notifications"

    def ready(self) -> None:
        from games import pace
        from notifications import checks, receivers, vacation  # noqa: F401 - connects them

        pace.register_away_lookup(vacation.away_until)  # the clock asks who is on vacation
