"""App config for rooms: tables between people, made from any game in the catalogue."""

from django.apps import AppConfig


class RoomsConfig(AppConfig):
    """Rooms, their seats, table-name reports and the limits on making and joining them."""

    default_auto_field = "django.db.models.BigAutoField"
    name = "rooms"

    def ready(self) -> None:
        """A guest who signs in keeps their rooms (the device key is about to change)."""
        from rooms import signals  # noqa: F401
