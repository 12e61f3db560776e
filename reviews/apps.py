"""App config for reviews."""

from django.apps import AppConfig


class ReviewsConfig(AppConfig):
    """Reviews of a player's own turns, computed off the request and kept with the game."""

    default_auto_field = "django.db.models.BigAutoField"
    name = "reviews"

    def ready(self) -> None:
        """Connect the receiver that prepares reviews as rounds end (with a real worker)."""
        from reviews import signals  # noqa: F401
