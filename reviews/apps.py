"""App config for reviews."""

from django.apps import AppConfig


class ReviewsConfig(AppConfig):
    """Reviews of a player's own turns, computed off the request and kept with the game."""

    default_auto_field = "django.db.models.BigAutoField"
    name = "reviews"

    def ready(self) -> None:
        """Connect the receiver that prepares reviews as rounds end (with a real worker), and
        give the store its queue, the Celery task (imported here, as Django wants: models
        are ready now; the task imports the store, never the other way round), and give the
        replay the reviews of a player's own turns it shows beside each step."""
        from replays import turn_reviews
        from reviews import signals, store, tasks  # noqa: F401 - signals: the receiver

        store.register_queue(tasks.CELERY_QUEUE)
        turn_reviews.register(store.REPLAY_REVIEWS)
