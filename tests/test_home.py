"""The home page: four games, offline htmx, the shared layout."""

from __future__ import annotations

import re

import pytest
from django.test import Client

from games import catalogue

GAMES = ("Tile Rummy", "Rumbaroo", "Romanian Tile Rummy", "Rumasta")

pytestmark = pytest.mark.django_db


def test_home_lists_the_four_games(client: Client) -> None:
    response = client.get("/")
    assert response.status_code == 200
    html = response.content.decode()
    for name in GAMES:
        assert f"<h2>{name}</h2>" in html
    assert 'href="/tile-rummy/new/"' in html
    assert 'href="/tile-rummy/how-to-play/"' in html
    assert 'href="/rumbaroo/new/"' in html and 'href="/rumbaroo/how-to-play/"' in html
    assert 'href="/romanian/new/"' in html and 'href="/romanian/how-to-play/"' in html
    assert html.count("Coming soon") == sum(not e.ready for e in catalogue.CATALOGUE)


def test_htmx_is_served_locally_not_from_a_cdn(client: Client) -> None:
    html = client.get("/").content.decode()
    scripts = re.findall(r'<script[^>]*src="([^"]+)"', html)
    assert scripts, "no <script src> on the page"
    assert any(src.startswith("/static/") and "htmx" in src for src in scripts)
    assert all(src.startswith("/static/") for src in scripts), scripts
    htmx_src = next(src for src in scripts if "htmx" in src)
    asset = client.get(htmx_src)
    assert asset.status_code == 200
    assert b"htmx" in b"".join(asset.streaming_content)  # type: ignore[attr-defined]


def test_htmx_posts_carry_the_csrf_token(client: Client) -> None:
    html = client.get("/").content.decode()
    assert re.search(r"<body hx-headers='\{\"X-CSRFToken\": \"[^\"]+\"\}'>", html)


def test_signed_out_nav_and_leaderboards_page(client: Client) -> None:
    html = client.get("/").content.decode()
    assert 'href="/accounts/login/"' in html and 'href="/accounts/signup/"' in html
    response = client.get("/leaderboards/")
    assert response.status_code == 200
    assert "<h1>Leaderboards</h1>" in response.content.decode()


def test_account_pages_use_the_site_layout(client: Client) -> None:
    html = client.get("/accounts/login/").content.decode()
    assert 'class="site-header"' in html and 'id="messages"' in html
    assert 'name="login"' in html


def test_signed_in_nav_shows_username_and_post_sign_out(
    client: Client, django_user_model: type
) -> None:
    user = django_user_model.objects.create_user(username="kim", password="tiles-and-runs-42")
    client.force_login(user)
    html = client.get("/").content.decode()
    assert "kim" in html
    assert re.search(r'<form method="post" action="/accounts/logout/"', html)
