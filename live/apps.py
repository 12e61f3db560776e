"""App config for the live process's websockets."""

from django.apps import AppConfig


class LiveConfig(AppConfig):
    """The live process's websockets (live.consumers) and what each commit publishes to them."""

    name = "live"

    def ready(self) -> None:
        """Give the platform's table news (games.live) the publisher and talk its notices:
        neither imports this app, so the app hands them the functions at start. A table
        just dealt is its people's news too (live.people)."""
        from games import live
        from live import people, publish, talk_feed, viewer
        from talk import services as talk

        live.board_news.register(publish.after_commit)
        live.boards_drawn.register(publish.drawn_now)
        live.audience_of.register(viewer.answer_group)
        talk.talk_news.register(talk_feed.announce)
        people.connect_signals()
