"""App config for the live process's websockets."""

from django.apps import AppConfig


class LiveConfig(AppConfig):
    """Online tables' websockets (live.consumers) and the boards published on each commit."""

    name = "live"

    def ready(self) -> None:
        """Give the platform's table news (games.live) the publisher: the platform never
        imports an app, so the app hands it the function at start."""
        from games import live
        from live import publish

        live.board_news.register(publish.publish)
