"""App config for the games."""

from django.apps import AppConfig


class GamesConfig(AppConfig):
    """The games app (engines, bots, models, services, views, tasks)."""

    default_auto_field = "django.db.models.BigAutoField"
    name = "games"

    def ready(self) -> None:
        """Give the services their task queue: the Celery tasks (which import the services,
        never the other way round). Imported here, as Django wants: models are ready now."""
        from games import services, tasks

        services.register_queue(tasks.CELERY_QUEUE)
