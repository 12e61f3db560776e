"""In Chromium: two strangers press Play someone now and land at one table; a third watches live."""

from __future__ import annotations

import re
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import pytest
from django.core.signals import request_finished, request_started
from django.urls import reverse
from playwright.sync_api import expect

from games.engine.registry import engine_for
from games.models import Game

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def _press(page: Any, base: str, name: str) -> None:
    page.goto(base + "/rumbaroo/new/")
    panel = page.get_by_test_id("quick-match")
    panel.get_by_label("Your name at the table").fill(name)
    panel.get_by_role("button", name="Joey, 2 players").click()


def test_two_browsers_meet_at_one_table_and_a_third_watches(live_server: Any, browser: Any) -> None:
    contexts = [browser.new_context(viewport={"width": 390, "height": 800}) for _ in range(3)]
    kim, pat, fan = (c.new_page() for c in contexts)
    try:
        _press(kim, live_server.url, "Kim Tiles")
        expect(kim).to_have_url(re.compile(r"/match/wait/$"))
        expect(kim.get_by_test_id("wait-status")).to_contain_text("Waiting for an opponent")
        _press(pat, live_server.url, "Pat Tiles")
        expect(pat).to_have_url(re.compile(r"/rumbaroo/g/[0-9a-f-]+/$"))
        table = pat.url
        expect(kim).to_have_url(table, timeout=10_000)  # the waiting page follows within seconds
        for page in (kim, pat):
            expect(page.get_by_test_id("clock")).to_be_visible()
        game = Game.objects.get(pk=table.rstrip("/").rsplit("/", 1)[-1])

        fan.goto(live_server.url + "/rooms/")
        fan.get_by_test_id("watch-list").get_by_test_id("watch-link").first.click()
        expect(fan.get_by_test_id("watch-board")).to_be_visible()
        expect(fan.get_by_test_id("hand")).to_be_hidden()  # a spectator holds nothing
        expect(kim.get_by_test_id("watchers")).to_have_count(1)

        engine = engine_for(game.kind)
        actor = min(engine.to_act(engine.from_json(Game.objects.get(pk=game.pk).state)))
        mover = kim if game.seats.get(index=actor).display_name == "Kim Tiles" else pat
        version = Game.objects.get(pk=game.pk).version
        mover.get_by_role("button", name=re.compile("Draw a tile|Pass")).click()
        expect(fan.locator(f'#watch-live[data-step="{version + 1}"]')).to_have_count(
            1, timeout=10_000
        )
    finally:
        for context in contexts:
            context.close()


@contextmanager
def _answered(path: str) -> Iterator[threading.Event]:
    """An event the live server sets once it has answered a request for ``path`` (the view's
    writes are committed by then: Django signals the end of a request as its response closes,
    in the thread that served it)."""
    answered, serving = threading.Event(), threading.local()

    def started(environ: dict[str, Any], **kwargs: Any) -> None:
        serving.path = environ.get("PATH_INFO")

    def finished(**kwargs: Any) -> None:
        if getattr(serving, "path", None) == path:
            answered.set()

    request_started.connect(started)
    request_finished.connect(finished)
    try:
        yield answered
    finally:
        request_started.disconnect(started)
        request_finished.disconnect(finished)


def test_closing_the_waiting_page_leaves_the_queue_at_once(live_server: Any, browser: Any) -> None:
    from matchmaking.models import EntryStatus, QueueEntry

    context = browser.new_context(viewport={"width": 360, "height": 740})
    page = context.new_page()
    try:
        _press(page, live_server.url, "Kim Tiles")
        expect(page.get_by_test_id("wait-status")).to_be_visible()
        assert QueueEntry.objects.get().status == EntryStatus.WAITING
        # A visible status can precede the deferred script: close only once it listens.
        expect(page.locator("[data-leave-url][data-leave-armed]")).to_have_count(1)
        with _answered(reverse("matchmaking:leave")) as left:
            page.close(run_before_unload=True)
            # The goodbye (a beacon) arrives well before the 6 s a silent page takes; a busy
            # test machine may take a few seconds to serve it, and nothing else marks it "left".
            assert left.wait(timeout=20), "the closing page's goodbye never reached the server"
        row = QueueEntry.objects.get()
        assert (row.status, row.note) == (EntryStatus.IDLE, "left")
    finally:
        context.close()
