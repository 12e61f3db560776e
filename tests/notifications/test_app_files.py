"""The installable app's files: manifest, service worker, offline page, icons, base.html's links."""

from __future__ import annotations

import json
import struct
from pathlib import Path

import pytest
from django.conf import settings
from django.test import Client
from django.urls import reverse

pytestmark = pytest.mark.django_db

STATIC = Path(settings.BASE_DIR) / "static" / "app"


def test_the_manifest_is_served_as_a_manifest_with_what_stores_ask_for(client: Client) -> None:
    response = client.get("/manifest.webmanifest")
    assert response.status_code == 200
    assert response["Content-Type"] == "application/manifest+json"
    data = json.loads(response.content)
    assert data["name"] == "Rummy" and data["short_name"]
    assert data["display"] == "standalone"
    assert data["start_url"] == reverse("games:home")
    assert data["theme_color"].startswith("#")
    sizes = {(icon["sizes"], icon["purpose"]) for icon in data["icons"]}
    assert {("192x192", "any"), ("512x512", "any"), ("512x512", "maskable")} <= sizes


@pytest.mark.parametrize("name, size", [("icon-192.png", 192), ("icon-512.png", 512),
                                        ("icon-maskable-192.png", 192),
                                        ("icon-maskable-512.png", 512)])
def test_each_icon_is_a_png_of_its_stated_size(name: str, size: int) -> None:
    head = (STATIC / name).read_bytes()[:24]
    assert head[:8] == b"\x89PNG\r\n\x1a\n"
    assert struct.unpack(">II", head[16:24]) == (size, size)


def test_the_service_worker_is_javascript_at_the_root_scope(client: Client) -> None:
    response = client.get("/sw.js")
    assert response.status_code == 200
    assert response["Content-Type"].split(";")[0] == "text/javascript"
    assert response["Service-Worker-Allowed"] == "/"
    assert "no-cache" in response["Cache-Control"]
    body = response.content.decode()
    for handler in ("push", "notificationclick", "fetch", "install"):
        assert f'addEventListener("{handler}"' in body
    assert reverse("notifications:offline") in body
    assert "&quot;" not in body and "&#x27;" not in body  # not HTML-escaped


def test_the_offline_page_names_no_player_and_no_game(client: Client) -> None:
    from django.contrib.auth import get_user_model

    user = get_user_model().objects.create_user("carla")
    client.force_login(user)
    response = client.get("/offline/")
    assert response.status_code == 200
    page = response.content.decode()
    assert "offline" in page.lower()
    assert "carla" not in page and "csrf" not in page.lower()


def test_every_page_links_the_manifest_and_registers_the_service_worker(client: Client) -> None:
    page = client.get(reverse("games:home")).content.decode()
    assert '<link rel="manifest" href="/manifest.webmanifest">' in page
    assert 'data-sw="/sw.js"' in page
    assert '<meta name="theme-color"' in page
