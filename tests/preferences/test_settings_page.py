"""The settings page (issue 42, item 4): saved per account (following it to a second device)
and per device for a guest (a cookie), validated (a forged value is refused with a clear
error and nothing is saved), and applied by the server (classes and data attributes on
<html>, the tables' default speed, the mute button's state)."""

from __future__ import annotations

import html
import re
from typing import Any

import pytest
from django.contrib.auth import get_user_model
from django.test import Client

from games.models import Game
from preferences.feel import COOKIE, Feel, decode, encode
from preferences.models import Preferences
from tests.helpers import signed_in

pytestmark = pytest.mark.django_db

CHOSEN = {
    "tile_size": "large",
    "theme": "dark",
    "sound": "on",
    "motion": "reduced",
    "computer_speed": "slow",
    "confirm_draw": "on",
    "left_handed": "on",
}
DEFAULTS = {"tile_size": "medium", "theme": "system", "motion": "full", "computer_speed": ""}


def html_tag(response: Any) -> str:
    match = re.search(r"<html[^>]*>", response.content.decode())
    assert match, "no <html> tag"
    return match.group(0)


def looks(response: Any) -> dict[str, str]:
    """The <html> tag's classes and data attributes, as the browser's first paint reads them."""
    tag = html_tag(response)
    attrs = dict(re.findall(r'([a-z-]+)="([^"]*)"', tag))
    return {
        "class": attrs.get("class", ""),
        "sound": attrs.get("data-sound", ""),
        "motion": attrs.get("data-motion", ""),
        "confirm": attrs.get("data-confirm-draw", ""),
    }


def deal(client: Client, capture: Any) -> Game:
    with capture(execute=True):
        response = client.post(
            "/tile-rummy/new/", {"level": "easy", "opponents": 1, "meld_rule": "standard"}
        )
    assert response.status_code == 302, response.content[:500]
    return Game.objects.get(id=response.url.rstrip("/").split("/")[-1])


def table_url(game: Game) -> str:
    return f"/tile-rummy/g/{game.id}/"


def test_a_new_visitor_gets_the_defaults_with_sound_off() -> None:
    seen = looks(Client().get("/"))
    assert seen == {
        "class": "theme-system tiles-medium motion-full",
        "sound": "off",
        "motion": "full",
        "confirm": "off",
    }


def test_a_guests_settings_are_kept_in_a_cookie_on_this_device_only() -> None:
    guest = Client()
    response = guest.post("/settings/", {**CHOSEN, "next": "/privacy/"})
    assert response.status_code == 302 and response["Location"] == "/privacy/"
    assert decode(guest.cookies[COOKIE].value) == Feel(
        tile_size="large", theme="dark", sound=True, motion="reduced", computer_speed="slow",
        confirm_draw=True, left_handed=True,
    )  # fmt: skip
    seen = looks(guest.get("/privacy/"))
    assert seen["class"] == "theme-dark tiles-large motion-reduced left-handed"
    assert (seen["sound"], seen["motion"], seen["confirm"]) == ("on", "reduced", "on")
    assert looks(Client().get("/"))["class"] == "theme-system tiles-medium motion-full"
    assert not Preferences.objects.exists()


def test_an_accounts_settings_follow_it_to_a_second_device() -> None:
    user = get_user_model().objects.create_user("ana", password="pw-123456789")
    laptop, phone = signed_in(user, "/"), signed_in(user, "/")
    assert laptop.post("/settings/", CHOSEN).status_code == 302
    row = Preferences.objects.get(user=user)
    assert (row.tile_size, row.theme, row.sound, row.motion) == ("large", "dark", True, "reduced")
    assert (row.computer_speed, row.confirm_draw, row.left_handed) == ("slow", True, True)
    assert COOKIE not in laptop.cookies  # the account keeps them, not this device
    assert looks(phone.get("/"))["class"] == "theme-dark tiles-large motion-reduced left-handed"

    phone.post("/settings/", {**DEFAULTS, "theme": "light"})  # unticked boxes: off
    seen = looks(laptop.get("/"))
    assert seen["class"] == "theme-light tiles-medium motion-full"
    assert (seen["sound"], seen["confirm"]) == ("off", "off")


@pytest.mark.parametrize(
    ("field", "forged"),
    [
        ("tile_size", "huge"),
        ("theme", "neon"),
        ("motion", "wild"),
        ("computer_speed", "warp"),
        ("sound", "banana"),
        ("left_handed", "maybe"),
    ],
)
def test_a_forged_value_is_refused_clearly_and_nothing_is_saved(field: str, forged: str) -> None:
    user = get_user_model().objects.create_user("bea", password="pw-123456789")
    for client in (Client(), signed_in(user)):
        response = client.post("/settings/", {**CHOSEN, field: forged})
        assert response.status_code == 400
        page = html.unescape(response.content.decode())
        assert "Nothing was saved" in page and 'role="alert"' in page
        error = re.search(r'data-testid="settings-error">(.*?)</div>', page, re.S)
        assert error, page[:3000]
        assert forged in error.group(1) or "Choose on or off." in error.group(1), error.group(1)
        assert COOKIE not in client.cookies
        assert looks(client.get("/"))["class"] == "theme-system tiles-medium motion-full"
    assert not Preferences.objects.exists()


def test_an_edited_cookie_is_read_field_by_field_and_never_trusted() -> None:
    chosen = Feel("large", "dark", True, "none", "fast", False, True)
    assert decode("large.dark.1.none.fast.0.1") == chosen
    # Each field the site does not know falls back to its default; the rest still count.
    fallen = Feel("medium", "dark", False, "none", "", False, True)
    assert decode("huge.dark.yes.none.warp.0.1") == fallen
    assert decode('"><script>') == Feel() and decode("") == Feel() and decode(None) == Feel()
    guest = Client()
    guest.cookies[COOKIE] = 'x" onload="alert(1).dark.1.full.game.0.0'
    assert "onload" not in html_tag(guest.get("/"))
    assert decode(encode(Feel("small", "light", True, "none", "", True, False))) == Feel(
        "small", "light", True, "none", "", True, False
    )


def test_a_table_page_is_drawn_with_the_settings_on_html(
    django_capture_on_commit_callbacks: Any,
) -> None:
    guest = Client()
    game = deal(guest, django_capture_on_commit_callbacks)
    before = guest.get(table_url(game))
    assert 'data-sound="off"' in html_tag(before)
    page = before.content.decode()
    assert 'data-testid="sound-toggle"' in page and 'aria-pressed="false"' in page
    assert f'href="/settings/?next=/tile-rummy/g/{game.id}/"' in page
    assert "draw-confirm" not in page  # the dialog only with "Ask before drawing" on
    assert "js/confirm_draw.js" not in page and "js/motion.js" in page

    guest.post("/settings/", {**CHOSEN, "next": table_url(game)})
    after = guest.get(table_url(game))
    seen = looks(after)
    assert seen["class"] == "theme-dark tiles-large motion-reduced left-handed"
    assert (seen["sound"], seen["motion"], seen["confirm"]) == ("on", "reduced", "on")
    page = after.content.decode()
    assert 'aria-pressed="true"' in page and 'id="draw-confirm"' in page
    assert "css/feel.css" in page and "js/sound.js" in page and "js/motion.js" in page
    assert "js/confirm_draw.js" in page
    guest.post("/settings/", {**CHOSEN, "motion": "none"})
    assert "js/motion.js" not in guest.get(table_url(game)).content.decode()  # nothing moves


def test_the_settings_speed_is_every_tables_default_and_the_tables_control_still_works(
    django_capture_on_commit_callbacks: Any,
) -> None:
    guest = Client()
    game = deal(guest, django_capture_on_commit_callbacks)
    board = f"{table_url(game)}board/"

    def delay() -> str:
        found = re.search(r'data-delay="(\d+)"', guest.get(board).content.decode())
        assert found
        return found.group(1)

    assert delay() == "800"  # the game's own: Normal
    guest.post("/settings/", {**DEFAULTS, "computer_speed": "slow"})
    assert delay() == "1500"
    guest.post(f"{table_url(game)}speed/", {"speed": "fast"})  # the table's own control
    assert delay() == "350"
    guest.post("/settings/", {**DEFAULTS, "computer_speed": "normal"})  # a new choice: everywhere
    assert delay() == "800"
    guest.post(f"{table_url(game)}speed/", {"speed": "fast"})
    guest.post("/settings/", {**DEFAULTS, "computer_speed": "normal", "theme": "dark"})
    assert delay() == "350"  # the speed unchanged: the table's own choice stays


def test_the_mute_button_works_without_javascript_and_with_it() -> None:
    user = get_user_model().objects.create_user("cem", password="pw-123456789")
    guest, member, other_device = Client(), signed_in(user), signed_in(user)

    response = guest.post("/settings/sound/", {"sound": "on", "next": "/privacy/"})
    assert response.status_code == 302 and response["Location"] == "/privacy/"
    assert looks(guest.get("/"))["sound"] == "on"
    response = guest.post("/settings/sound/", {"sound": "off"}, HTTP_X_REQUESTED_WITH="fetch")
    assert response.status_code == 204
    assert looks(guest.get("/"))["sound"] == "off"

    member.post("/settings/", {**DEFAULTS, "theme": "dark"})
    member.post("/settings/sound/", {"sound": "on"}, HTTP_X_REQUESTED_WITH="fetch")
    seen = looks(other_device.get("/"))
    assert seen["sound"] == "on" and "theme-dark" in seen["class"]  # nothing else changed

    for forged in ("loud", ""):
        refused = member.post("/settings/sound/", {"sound": forged}, HTTP_X_REQUESTED_WITH="fetch")
        assert refused.status_code == 400
        assert "Sound is either on or off." in html.unescape(refused.content.decode())
    assert Preferences.objects.get(user=user).sound is True
    assert Client().get("/settings/sound/").status_code == 405


def test_an_outside_next_is_never_followed() -> None:
    guest = Client()
    response = guest.post("/settings/", {**DEFAULTS, "next": "https://evil.example/"})
    assert response["Location"] == "/settings/"
    response = guest.post("/settings/sound/", {"sound": "on", "next": "//evil.example/"})
    assert response["Location"] == "/settings/"


def test_signing_in_keeps_the_settings_a_guest_chose_on_this_device() -> None:
    user = get_user_model().objects.create_user("dan", password="pw-123456789")
    device = Client()
    device.post("/settings/", {**DEFAULTS, "tile_size": "small", "sound": "on"})
    device.post("/accounts/login/", {"login": "dan", "password": "pw-123456789"})
    row = Preferences.objects.get(user=user)
    assert (row.tile_size, row.sound) == ("small", True)
    assert "tiles-small" in looks(signed_in(user).get("/"))["class"]


def test_the_settings_page_is_reachable_from_every_pages_footer() -> None:
    page = Client().get("/privacy/").content.decode()
    assert 'href="/settings/"' in page
    settings_page = Client().get("/settings/")
    assert settings_page.status_code == 200
    body = settings_page.content.decode()
    for name in ("tile_size", "theme", "motion", "computer_speed"):
        assert f'name="{name}"' in body
    for name in ("sound", "confirm_draw", "left_handed"):
        assert f'type="checkbox" name="{name}"' in body
