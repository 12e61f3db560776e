"""Chromium's own verdict on the installable app, and the service worker at work.

``Page.getInstallabilityErrors`` (DevTools protocol) lists what stops the
browser offering "Install app"; it must list nothing. A persistent profile is
used because Chromium refuses installation in incognito, which is what a
fresh Playwright context is. The service worker's push handler is driven with
the protocol's ``ServiceWorker.deliverPushMessage``, as a push service would.
"""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import TimeoutError as PlaywrightTimeoutError

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
        "--disable-component-update", "--disable-sync", "--no-first-run", "--disable-quic"]


@pytest.fixture
def app_page(playwright: Any, tmp_path: Path) -> Any:
    context = playwright.chromium.launch_persistent_context(
        str(tmp_path / "profile"), executable_path="/usr/bin/chromium", args=ARGS,
        viewport={"width": 360, "height": 740},
    )
    context.grant_permissions(["notifications"])
    page = context.pages[0] if context.pages else context.new_page()
    yield page
    context.close()


def _ready_worker(page: Any) -> str:
    """Wait until the service worker controls the page; its scope."""
    return page.evaluate(
        "async () => { const r = await navigator.serviceWorker.ready; return r.scope; }"
    )


def test_chromium_reports_no_installability_errors(live_server: Any, app_page: Any) -> None:
    app_page.goto(live_server.url + "/")
    assert _ready_worker(app_page) == live_server.url + "/"
    cdp = app_page.context.new_cdp_session(app_page)
    errors = cdp.send("Page.getInstallabilityErrors")["installabilityErrors"]
    assert errors == []
    manifest = cdp.send("Page.getAppManifest")
    assert manifest["errors"] == []
    assert manifest["url"].endswith("/manifest.webmanifest")


def test_offline_the_app_shows_its_offline_page_not_a_game(live_server: Any, app_page: Any) -> None:
    app_page.goto(live_server.url + "/")
    _ready_worker(app_page)
    app_page.reload()  # now controlled by the worker
    app_page.context.set_offline(True)
    app_page.goto(live_server.url + "/rumbaroo/")
    assert app_page.get_by_role("heading", name="You're offline").is_visible()
    app_page.context.set_offline(False)
    app_page.goto(live_server.url + "/")
    assert not app_page.get_by_role("heading", name="You're offline").count()


# The first notification the worker shows, as [title, body, tag, url], or null. A predicate
# for page.wait_for_function, which must answer at once: each poll starts the (async) look
# and answers with what the last one found.
SHOWN = """() => {
  navigator.serviceWorker.ready.then((r) => r.getNotifications()).then((n) => {
    window.shownNote = n.length ? [n[0].title, n[0].body, n[0].tag, n[0].data.url] : null;
  });
  return window.shownNote || null;
}"""


def test_a_push_shows_a_notification_that_opens_the_table(live_server: Any, app_page: Any) -> None:
    scope = live_server.url + "/"
    cdp = app_page.context.new_cdp_session(app_page)
    found: dict[str, str] = {}
    cdp.on("ServiceWorker.workerRegistrationUpdated",
           lambda e: found.update({r["scopeURL"]: r["registrationId"] for r in e["registrations"]}))
    cdp.send("ServiceWorker.enable")  # before the page registers its worker: the event comes
    app_page.goto(scope)  # as the registration is made, long before the worker is ready
    _ready_worker(app_page)
    deadline = time.monotonic() + 10
    while scope not in found:  # DevTools' events are handled between calls: one round trip
        assert time.monotonic() < deadline, f"DevTools never reported {scope}'s worker: {found}"
        cdp.send("ServiceWorker.enable")  # (already on: answers at once) lets them in
    payload = ('{"title": "Your turn: Rumasta", "body": "It\'s your turn.",'
               ' "url": "/rumasta/g/00000000-0000-0000-0000-000000000001/", "tag": "turn-1"}')
    shown = None
    for _ in range(3):  # a busy machine may take a while to wake the worker: push again
        cdp.send("ServiceWorker.deliverPushMessage",
                 {"origin": live_server.url, "registrationId": found[scope], "data": payload})
        try:
            shown = app_page.wait_for_function(SHOWN, polling=100, timeout=5_000).json_value()
            break
        except PlaywrightTimeoutError:
            continue
    assert shown == ["Your turn: Rumasta", "It's your turn.", "turn-1",
                     "/rumasta/g/00000000-0000-0000-0000-000000000001/"]
