"""App config for the games."""

from django.apps import AppConfig
from django.utils.translation import gettext, pgettext


class GamesConfig(AppConfig):
    """The games app (engines, bots, models, services, views, tasks)."""

    default_auto_field = "django.db.models.BigAutoField"
    name = "games"

    def ready(self) -> None:
        """Give the services their task queue: the Celery tasks (which import the services,
        never the other way round). Imported here, as Django wants: models are ready now.
        And give the pure catalogue the site's gettext, so what it shows a person (a game's
        name, blurb, level labels) is in that person's language."""
        from games import catalogue, services, tasks

        catalogue.register_translator(gettext, pgettext)
        services.register_queue(tasks.CELERY_QUEUE)
