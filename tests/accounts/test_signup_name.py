"""Sign-up asks for a public name: a new account has its player page at once (issue 34, item 10).

The name is checked by the board names' own checks (length, word list, look-alikes of a
name someone holds, the computers' names); an empty field means the device's guest name,
else the username. "Your page" is linked from the header and Stats, and one's own page
says "This is you" with a link to rename.
"""

from __future__ import annotations

import pytest
from django.contrib.auth import get_user_model
from django.test import Client

from leaderboards.models import BlockedName, Player
from tests.accounts.conftest import PASSWORD, sign_up
from tests.players.conftest import accounts, named, signed_in

pytestmark = pytest.mark.django_db


def _post(client: Client, username: str, name: str) -> str:
    """A sign-up that is refused: the form again (200), nobody made."""
    response = client.post(
        "/accounts/signup/",
        {"username": username, "public_name": name, "password1": PASSWORD, "password2": PASSWORD},
    )
    assert response.status_code == 200
    assert not get_user_model().objects.filter(username=username).exists()
    return response.content.decode()


def test_the_sign_up_form_asks_for_a_public_name() -> None:
    page = Client().get("/accounts/signup/").content.decode()
    assert 'name="public_name"' in page and '<label for="id_public_name">' in page
    assert page.index('name="username"') < page.index('name="public_name"')
    assert "js/signup_name.js" in page  # the prefill from the username as it is typed


def test_a_new_account_has_its_player_page_at_once() -> None:
    client = Client()
    sign_up(client, "kim_t", name="Kim Tiles")
    assert Player.objects.get(user__username="kim_t").name == "Kim Tiles"
    page = Client().get("/@/Kim Tiles/")
    assert page.status_code == 200 and "Kim Tiles" in page.content.decode()


def test_an_empty_public_name_is_the_username() -> None:
    sign_up(Client(), "margaret")
    assert Player.objects.get(user__username="margaret").name == "margaret"
    assert Client().get("/@/margaret/").status_code == 200


@pytest.mark.parametrize(
    ("name", "reason"),
    [
        ("Jo", "3 to 20 characters"),
        ("A name far too long for a board", "3 to 20 characters"),
        ("Marta", "computer players"),
        ("Admin 2", "belongs to the site"),
        ("shithead", "isn&#x27;t allowed"),
        ("B1g-Taker", "is taken"),  # a look-alike of a name another player holds
        ("Banned Name", "can&#x27;t be used"),  # a name a person suspended
    ],
)
def test_a_public_name_goes_through_the_board_names_checks(name: str, reason: str) -> None:
    (other,) = accounts("other")
    named(other, "Big Taker")
    BlockedName.objects.create(name_key="bannedname", name="Banned Name")
    page = _post(Client(), "newcomer", name)
    assert reason in page
    assert 'id="id_public_name_error"' in page or "errorlist" in page


def test_a_username_that_cannot_be_a_name_asks_for_one() -> None:
    page = _post(Client(), "cy", "")
    assert "Your username can&#x27;t be your public name" in page
    sign_up(Client(), "cy", name="Cyan")
    assert Player.objects.get(user__username="cy").name == "Cyan"


def test_a_guests_name_on_this_device_is_offered_and_kept() -> None:
    phone = Client()
    phone.post("/leaderboards/name/", {"name": "Guest Star"})
    form = phone.get("/accounts/signup/").content.decode()
    assert 'value="Guest Star"' in form  # prefilled: the name this device plays under
    sign_up(phone, "star", name="Guest Star")  # not "taken": it is this person's own
    player = Player.objects.get()
    assert player.user is not None and player.name == "Guest Star"
    assert Client().get("/@/Guest Star/").status_code == 200


def test_a_changed_name_replaces_the_guests_on_sign_up() -> None:
    phone = Client()
    phone.post("/leaderboards/name/", {"name": "Guest Star"})
    sign_up(phone, "star", name="Star Player")
    (player,) = Player.objects.all()  # the guest's row joined the account: one player
    assert player.user is not None and player.name == "Star Player"


def test_the_header_and_stats_link_your_page_and_it_says_this_is_you() -> None:
    client = Client()
    sign_up(client, "kim_t", name="Kim Tiles")
    home = client.get("/").content.decode()
    assert 'href="/@/Kim%20Tiles/" data-testid="your-page"' in home
    stats = client.get("/me/stats/").content.decode()
    assert 'href="/@/Kim%20Tiles/" data-testid="stats-your-page"' in stats
    own = client.get("/@/Kim Tiles/").content.decode()
    assert 'data-testid="this-is-you"' in own and 'href="/leaderboards/name/"' in own
    assert 'data-testid="follow"' not in own
    (other,) = accounts("other")
    assert 'data-testid="this-is-you"' not in signed_in(other).get("/@/Kim Tiles/").content.decode()


def test_an_account_without_a_name_is_sent_to_pick_one() -> None:
    (old,) = accounts("old_timer")  # made before sign-up asked (or its name was cleared)
    client = signed_in(old)
    assert 'href="/leaderboards/name/" data-testid="your-page"' in client.get("/").content.decode()
    page = client.get("/leaderboards/name/").content.decode()
    assert "You have no player page yet" in page
    assert 'data-testid="your-page"' not in Client().get("/").content.decode()  # guests: none
