"""Names: tidied, limited, impersonation-proof, escaped, hideable, reportable, suspendable."""

from __future__ import annotations

import re

import pytest
from django.test import Client

from leaderboards import names, results
from leaderboards.models import BlockedName, LeaderboardEntry, NameReport, Player
from tests.leaderboards.conftest import frozen, utc

NOW = utc(2026, 11, 25, 12)


def test_a_name_is_tidied() -> None:
    assert names.clean("  Kim   the\tGreat ") == "Kim the Great"
    assert names.clean("Ｋｉｍ９") == "Kim9"  # full-width letters fold (NFKC)
    assert names.clean("Zoë O'Neil") == "Zoë O'Neil"


@pytest.mark.parametrize(
    "raw",
    [
        "ab",  # too short
        "a" * 21,  # too long
        "   x  ",  # too short once trimmed
        "<script>alert(1)</script>",  # markup characters
        "kim@home",
        "tab\u200bhidden",  # a zero-width space
        "1234",  # no letter
        "Admin",
        "xXadminXx",
        "JOEY",
        "J0ey 2",
        "Wallaby",
        "B1g-Red",
        "big  red",
        "Computer 3",
        "Player 1234",  # looks like a placeholder
        "\u0410dmin",  # Cyrillic А
    ],
)
def test_names_that_are_refused(raw: str) -> None:
    with pytest.raises(names.InvalidName):
        names.clean(raw)


def test_look_alike_names_share_a_key() -> None:
    key = names.name_key("Kim Lee")
    for other in ("kim lee", "KIM-LEE", "K1m_Lee", "Kím Lee", "Кim Lее", "kimlee"):
        assert names.name_key(other) == key, other
    assert names.name_key("Kim Lea") != key
    assert names.name_key("rnike") == names.name_key("mike")


@pytest.mark.django_db
def test_a_name_is_unique_up_to_look_alikes() -> None:
    phone, laptop = Client(), Client()
    assert phone.post("/leaderboards/name/", {"name": "  Kim   Lee "}).status_code == 302
    assert Player.objects.get().name == "Kim Lee"
    response = laptop.post("/leaderboards/name/", {"name": "K1M-lee"})
    assert response.status_code == 400 and "is taken" in response.content.decode()
    assert phone.post("/leaderboards/name/", {"name": "kim lee"}).status_code == 302  # my own
    assert phone.post("/leaderboards/name/", {"name": "Kim Two"}).status_code == 302  # changeable
    assert laptop.post("/leaderboards/name/", {"name": "Kim Lee"}).status_code == 302  # freed
    assert sorted(Player.objects.values_list("name", flat=True)) == ["Kim Lee", "Kim Two"]
    phone.post("/leaderboards/name/", {"clear": "1", "name": ""})
    assert sorted(Player.objects.values_list("name", flat=True)) == ["", "Kim Lee"]


def named(name: str, wins: int = 1) -> Player:
    """A player with a name stored as-is (as if from before the checks) and some wins."""
    player = Player.objects.create(device_key=f"dev-{name}", name=name, name_key=name.lower())
    for _ in range(wins):
        results.bump(player, "rumbaroo", "joey", NOW.date(), won=True, points=1, at=NOW)
    return player


@pytest.mark.django_db
def test_a_name_with_markup_shows_as_text(client: Client) -> None:
    named("<script>alert(1)</script>")
    named("O'Brien & <b>Co</b>")
    with frozen(NOW):
        html = client.get("/leaderboards/?board=wins&period=all").content.decode()
    assert "<script>alert(1)</script>" not in html and "<b>Co</b>" not in html
    assert "&lt;script&gt;alert(1)&lt;/script&gt;" in html
    assert "O&#x27;Brien &amp; &lt;b&gt;Co&lt;/b&gt;" in html


@pytest.mark.django_db
def test_hide_names_on_this_device(client: Client) -> None:
    other = named("Sunny Day", wins=2)
    client.post("/leaderboards/name/", {"name": "Me Here"})
    me = Player.objects.get(name="Me Here")
    results.bump(me, "rumbaroo", "joey", NOW.date(), won=True, points=1, at=NOW)
    url = "/leaderboards/?board=wins&period=all"
    with frozen(NOW):
        assert "Sunny Day" in client.get(url).content.decode()
        response = client.post("/leaderboards/hide-names/", {"hide": "1", "next": url})
        assert response.status_code == 302 and response.url == url
        html = client.get(url).content.decode()
        assert "Sunny Day" not in html and f"Player #{other.pk}" in html
        assert "Me Here" in html  # my own name is mine to see
        assert "/leaderboards/report/" not in html  # a hidden name can't be reported
        assert "Sunny Day" in Client().get(url).content.decode()  # another device still sees it
        client.post("/leaderboards/hide-names/", {"hide": "0", "next": "https://evil.example/"})
        assert "Sunny Day" in client.get(url).content.decode()


@pytest.mark.django_db
def test_report_review_and_suspend_removes_the_name_everywhere(
    client: Client, admin_client: Client
) -> None:
    rude = named("Rude Name", wins=3)
    named("Fine Name", wins=1)
    url = "/leaderboards/?board=wins&period=all"
    with frozen(NOW):
        html = client.get(url).content.decode()
        assert f'href="/leaderboards/report/{rude.report_ref}/"' in html
        page = client.get(f"/leaderboards/report/{rude.report_ref}/").content.decode()
        assert "Rude Name" in page
        report_url = f"/leaderboards/report/{rude.report_ref}/"
        client.post(report_url, {"reason": "offensive", "note": "rude"})
        client.post(report_url, {"reason": "offensive"})  # no duplicate
    report = NameReport.objects.get()
    assert (report.name, report.reason, report.reviewed) == ("Rude Name", "offensive", False)
    assert report.reporter_device and report.reporter_user is None

    listing = admin_client.get("/admin/leaderboards/namereport/").content.decode()
    assert "Rude Name" in listing
    response = admin_client.post(
        "/admin/leaderboards/namereport/",
        {"action": "suspend_reported", "_selected_action": [report.pk]},
    )
    assert response.status_code == 302
    rude.refresh_from_db()
    assert rude.name_suspended and NameReport.objects.get().reviewed
    with frozen(NOW):
        for period in ("today", "week", "all"):
            html = client.get(f"/leaderboards/?board=wins&period={period}").content.decode()
            assert "Rude Name" not in html and "Fine Name" in html
    assert LeaderboardEntry.objects.filter(player=rude).exists()  # hidden, not deleted
    assert BlockedName.objects.filter(name="Rude Name").exists()
    taken = Client().post("/leaderboards/name/", {"name": "rude  name"})
    assert taken.status_code == 400 and "can" in taken.content.decode()


@pytest.mark.django_db
def test_the_player_admin_can_suspend_a_name_too(client: Client, admin_client: Client) -> None:
    rude = named("Rude Two", wins=1)
    admin_client.post(
        "/admin/leaderboards/player/", {"action": "suspend_players", "_selected_action": [rude.pk]}
    )
    with frozen(NOW):
        html = client.get("/leaderboards/?board=wins&period=all").content.decode()
    assert "Rude Two" not in html
    assert re.search(r'data-testid="empty-board"', html)


@pytest.mark.django_db
def test_a_guest_name_follows_the_device_into_a_new_account() -> None:
    from tests.accounts.conftest import sign_up

    phone = Client()
    phone.post("/leaderboards/name/", {"name": "Guest Star"})
    sign_up(phone, "star")
    player = Player.objects.get()
    assert player.user is not None and player.name == "Guest Star"
    assert "Guest Star" in phone.get("/leaderboards/name/").content.decode()


@pytest.mark.django_db
def test_a_refused_name_leaves_nothing_behind(client: Client) -> None:
    response = client.post("/leaderboards/name/", {"name": "Computer 3"})
    assert response.status_code == 400 and "belongs to the site" in response.content.decode()
    assert not Player.objects.exists()


# --- computers' seat names and invisible characters (issue 25, item 28) ---------------

# The computers' seat names in any case, width or look-alike spelling, maybe numbered.
COMPUTER_LOOKALIKES = ["Ada", "MARTA", "Ｍａｒｔａ", "m4rta 2", "Uma", "Sol", "Elena", "Ioana"]
# A variation selector, a zero-width joiner, a Hangul filler, a tag character, a
# combining grapheme joiner, a direction isolate: each shows nothing.
INVISIBLE = [
    "Sam\ufe0f",
    "Sa\u200dm",
    "Sam\u3164",
    "Sam\U000e0041",
    "Sa\u034fm",
    "\u2066Sam",
]


@pytest.mark.parametrize("raw", COMPUTER_LOOKALIKES)
def test_a_computers_seat_name_is_refused_with_its_own_reason(raw: str) -> None:
    with pytest.raises(names.InvalidName, match="computer players' names"):
        names.clean(raw)


@pytest.mark.parametrize("raw", INVISIBLE)
def test_an_invisible_character_is_refused_with_its_own_reason(raw: str) -> None:
    with pytest.raises(names.InvalidName, match="invisible character"):
        names.clean(raw)


def test_every_computer_seat_name_in_the_catalogue_is_refused() -> None:
    from games import catalogue

    seat_names = [n for entry in catalogue.CATALOGUE for n in entry.computer_names]
    assert "Ada" in seat_names and "Marta" in seat_names
    for seat_name in seat_names:
        assert names.is_computer_name(seat_name.swapcase()), seat_name


def test_names_that_merely_start_like_a_computers_pass() -> None:
    for fine in ("Adam", "Solveig", "Umar", "Sam", "Martina"):
        assert names.clean(fine) == fine


@pytest.mark.django_db
@pytest.mark.parametrize("raw", ["Marta", "Sam\ufe0f"])
def test_the_leaderboard_name_form_refuses_computer_and_invisible_names(
    client: Client, raw: str
) -> None:
    response = client.post("/leaderboards/name/", {"name": raw})
    page = response.content.decode()
    assert response.status_code == 400
    assert "computer players&#x27; names" in page or "invisible character" in page
    assert not Player.objects.filter(name__startswith=raw[:3]).exists()


@pytest.mark.django_db
@pytest.mark.parametrize("raw", ["Ada", "Sam\ufe0f"])
def test_the_room_form_refuses_computer_and_invisible_names(raw: str) -> None:
    from rooms.models import Room
    from tests.rooms.conftest import RUMBAROO, visitor

    for field, other in (("name", "table_name"), ("table_name", "name")):
        form = {field: raw, other: "Friday Kim", "seats": 2, "visibility": "private"}
        response = visitor().post("/rooms/new/rumbaroo/", {**form, **RUMBAROO})
        page = response.content.decode()
        assert response.status_code == 400, field
        assert "computer players&#x27; names" in page or "invisible character" in page
    assert not Room.objects.exists()


@pytest.mark.django_db
@pytest.mark.parametrize("raw", ["Cleo", "Sam\ufe0f"])
def test_a_table_name_is_refused_on_joining_and_renaming(raw: str) -> None:
    from tests.rooms.conftest import join, make_room, room_url, seats, visitor

    host = visitor()
    room = make_room(host, seats=2)
    assert join(visitor(), room, raw).status_code == 400
    assert seats(room)[1] == ("empty", "", "")
    response = host.post(room_url(room, "name"), {"table_name": raw})
    assert response.status_code == 400
    assert seats(room)[0][1] == "Host Kim"


@pytest.mark.django_db
@pytest.mark.parametrize("raw", ["Bruno", "RAFA"])
def test_an_account_may_not_take_a_computers_name(client: Client, raw: str) -> None:
    """A program's seat is shown under its account's username."""
    from django.contrib.auth import get_user_model

    response = client.post(
        "/accounts/signup/",
        {"username": raw, "password1": "a-Long-pass-4321", "password2": "a-Long-pass-4321"},
    )
    assert response.status_code == 200
    assert "computer players&#x27; names" in response.content.decode()
    assert not get_user_model().objects.exists()
