"""Finding 7: a strict Content-Security-Policy, a Permissions-Policy, and game pages that
no cache keeps (``private, no-store``), on every page and partial of every ready game."""

from __future__ import annotations

import re

import pytest
from django.test import Client

from games import catalogue
from tests.security.conftest import deal, device_key_of, run_commits, start_game

pytestmark = pytest.mark.django_db
__all__ = ["run_commits"]

INLINE_SCRIPT = re.compile(r"<script(?![^>]*\bsrc=)[^>]*>", re.I)
STYLE_ATTRIBUTE = re.compile(r"<[^>]+\sstyle\s*=", re.I)
INLINE_STYLE = re.compile(r"<style\b", re.I)
HANDLER_ATTRIBUTE = re.compile(r"<[^>]+\son[a-z]+\s*=", re.I)


def csp(response) -> dict[str, list[str]]:
    policy = response.headers["Content-Security-Policy"]
    return {d.split()[0]: d.split()[1:] for d in policy.split(";") if d.strip()}


def assert_private(response) -> None:
    cache_control = {v.strip() for v in response.headers.get("Cache-Control", "").split(",")}
    assert {"private", "no-store"} <= cache_control, response.headers.get("Cache-Control")


def test_finding_7_every_page_has_a_strict_policy(client: Client) -> None:
    pages = ["/", "/accounts/login/", "/leaderboards/", "/me/stats/"]
    pages += [f"/{entry.url_prefix}/new/" for entry in catalogue.ready()]
    for url in pages:
        response = client.get(url)
        assert response.status_code == 200, url
        policy = csp(response)
        assert policy["default-src"] == ["'self'"]
        assert "'unsafe-inline'" not in policy["script-src"] + policy["style-src"]
        assert "'unsafe-eval'" not in policy["script-src"]
        assert policy["style-src"] == ["'self'"] and policy["object-src"] == ["'none'"]
        assert policy["frame-ancestors"] == ["'none'"]
        assert "camera=()" in response.headers["Permissions-Policy"]
        html = response.content.decode()
        for pattern in (INLINE_SCRIPT, STYLE_ATTRIBUTE, INLINE_STYLE, HANDLER_ATTRIBUTE):
            assert not pattern.search(html), (url, pattern.pattern)


def test_finding_7_htmx_injects_no_style_and_its_indicator_is_in_the_css(client: Client) -> None:
    html = client.get("/").content.decode()
    assert html.count('name="htmx-config"') == 1 and '"includeIndicatorStyles":false' in html
    css = client.get("/static/css/site.css")
    assert b".htmx-indicator" in b"".join(css.streaming_content)


def test_finding_7_table_pages_partials_and_moves_are_private_no_store(
    client: Client, run_commits
) -> None:
    game = start_game(client, run_commits)
    base = f"/tile-rummy/g/{game.id}/"
    table = client.get(base)
    for response in (
        table,
        client.get(f"{base}board/", HTTP_HX_REQUEST="true"),
        client.get(f"{base}board/?at={game.version}", HTTP_HX_REQUEST="true"),
        client.post(f"{base}draw/", {"version": game.version}, HTTP_HX_REQUEST="true"),
        client.get("/"),
        client.get("/me/games/"),
    ):
        assert response.status_code in (200, 204), response.status_code
        assert_private(response)


def test_finding_7_every_ready_games_table_is_private(client: Client) -> None:
    key = device_key_of(client)
    for entry in catalogue.ready():
        game = deal(entry, key)
        response = client.get(f"/{entry.url_prefix}/g/{game.id}/")
        assert response.status_code == 200, entry.kind
        assert_private(response)
        assert "Content-Security-Policy" in response.headers
