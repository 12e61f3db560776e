from django.apps import AppConfig


class PuzzlesConfig(AppConfig):
    default_auto_field = "django.db.models.BigAutoField"
    name = "puzzles"
    verbose_name = "Puzzles"

    def ready(self) -> None:
        """Connect the receivers that move a guest's puzzles into the account on sign-in."""
        from puzzles import signals  # noqa: F401
