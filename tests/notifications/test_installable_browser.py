"""Chromium's own verdict on the installable app, and the service worker at work.

``Page.getInstallabilityErrors`` (DevTools protocol) lists what stops the
browser offering "Install app"; it must list nothing. A persistent profile is
used because Chromium refuses installation in incognito, which is what a
fresh Playwright context is. The service worker's push handler is driven with
the protocol's ``ServiceWorker.deliverPushMessage``, as a push service would.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

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


def test_a_push_shows_a_notification_that_opens_the_table(live_server: Any, app_page: Any) -> None:
    app_page.goto(live_server.url + "/")
    _ready_worker(app_page)
    cdp = app_page.context.new_cdp_session(app_page)
    found: dict[str, str] = {}
    cdp.on("ServiceWorker.workerRegistrationUpdated",
           lambda e: found.update({r["scopeURL"]: r["registrationId"] for r in e["registrations"]}))
    cdp.send("ServiceWorker.enable")
    app_page.wait_for_timeout(300)
    registration = found[live_server.url + "/"]
    payload = ('{"title": "Your turn: Rumasta", "body": "It\'s your turn.",'
               ' "url": "/rumasta/g/00000000-0000-0000-0000-000000000001/", "tag": "turn-1"}')
    shown = None
    for _ in range(3):  # a busy machine may take a while to wake the worker
        cdp.send("ServiceWorker.deliverPushMessage",
                 {"origin": live_server.url, "registrationId": registration, "data": payload})
        for _ in range(40):
            shown = app_page.evaluate(
                """async () => {
                  const r = await navigator.serviceWorker.ready;
                  const n = await r.getNotifications();
                  return n.length ? [n[0].title, n[0].body, n[0].tag, n[0].data.url] : null;
                }"""
            )
            if shown:
                break
            app_page.wait_for_timeout(100)
        if shown:
            break
    assert shown == ["Your turn: Rumasta", "It's your turn.", "turn-1",
                     "/rumasta/g/00000000-0000-0000-0000-000000000001/"]


