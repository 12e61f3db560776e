"""The interactive API docs work under the site's strict Content-Security-Policy.

Swagger UI is served from the site's own static files (django-ninja ships it):
no CDN, no inline script, and the browser reports no policy violation while the
page renders the API's operations.
"""

from __future__ import annotations

from typing import Any

import pytest
from playwright.sync_api import expect

from tests.browser_checks import csp_violations, watch_csp

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_the_interactive_docs_render_the_operations_with_no_violation(
    live_server: Any, page: Any
) -> None:
    watch_csp(page)
    console: list[str] = []
    page.on("console", lambda message: console.append(message.text))
    outside: list[str] = []
    page.on(
        "request",
        lambda request: (
            outside.append(request.url) if not request.url.startswith(live_server.url) else None
        ),
    )
    page.set_viewport_size({"width": 360, "height": 800})
    page.goto(live_server.url + "/api/v1/docs")
    operations = page.locator(".opblock-summary-path")
    expect(operations.first).to_be_visible()
    paths = operations.all_inner_texts()
    assert any("/games/{game_id}/legal" in p.replace("\u200b", "") for p in paths), paths
    assert csp_violations(page) == []
    assert not [m for m in console if "Content Security Policy" in m], console
    assert outside == []
