"""The interactive API docs are served CSP-clean: local script files only, nothing inline.

django-ninja renders Swagger UI from its own static files while ``ninja`` is in
INSTALLED_APPS, and from a CDN with an inline script otherwise, which the
site's policy blocks; the browser check is tests/api/test_docs_browser.py.
"""

from __future__ import annotations

import re

import pytest
from django.test import Client

pytestmark = pytest.mark.django_db

SCRIPT = re.compile(r"<script\b([^>]*)>(.*?)</script>", re.DOTALL | re.IGNORECASE)


def test_the_docs_page_runs_only_local_script_files(client: Client) -> None:
    response = client.get("/api/v1/docs")
    assert response.status_code == 200
    policy = response["Content-Security-Policy"]
    script_src = re.search(r"script-src ([^;]*)", policy)
    assert script_src and "'unsafe-inline'" not in script_src.group(1)
    html = response.content.decode()
    scripts = SCRIPT.findall(html)
    sources = [re.search(r'src="([^"]+)"', attrs) for attrs, _ in scripts]
    assert [s.group(1) for s in sources if s] == [
        "/static/ninja/swagger-ui-bundle.js",
        "/static/ninja/swagger-ui-init.js",
    ]
    for attrs, body in scripts:
        # The only inline element is data (Swagger UI's settings), which no browser runs.
        assert "src=" in attrs or ('type="application/json"' in attrs and "<" not in body)
    links = re.findall(r'(?:src|href)="([^"]+)"', html)
    assert links and all(link.startswith("/static/") for link in links), links  # no CDN
