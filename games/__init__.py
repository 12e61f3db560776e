"""The games: pure rules engines, persistence, services, htmx views, Celery tasks."""
