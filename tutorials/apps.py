"""App config for the guided first games."""

from django.apps import AppConfig


class TutorialsConfig(AppConfig):
    """A short scripted first deal per game, played at the game's own table."""

    default_auto_field = "django.db.models.BigAutoField"
    name = "tutorials"
    verbose_name = "Guided first games"

    def ready(self) -> None:
        """Give the platform the script it asks a guided game's moves of (the services call
        an interface, this app implements it: the import runs one way), and connect the
        receiver that brings a guest's progress into the account on sign-in."""
        from games import services
        from tutorials import script, signals  # noqa: F401 - signals: the receivers

        services.register_script(script.SCRIPT)
