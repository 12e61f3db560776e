"""Saves follow the account: two devices, one game, one save slot per game and mode."""

from __future__ import annotations

import re

import pytest
from django.test import Client

from games.models import Game, GameStatus
from tests.accounts.conftest import (
    continue_links,
    draw,
    sign_in,
    sign_up,
    start_game,
    version_on_page,
)

pytestmark = pytest.mark.django_db


@pytest.fixture
def phone_and_laptop(django_user_model: type) -> tuple[Client, Client]:
    """Two devices signed in to the same account through the sign-in form."""
    django_user_model.objects.create_user(username="kim", password="tiles-and-runs-42")
    phone, laptop = Client(), Client()
    for device in (phone, laptop):
        assert sign_in(device, "kim").status_code == 302
    return phone, laptop


def test_a_game_started_signed_in_belongs_to_the_account(phone_and_laptop, run_commits) -> None:
    phone, _ = phone_and_laptop
    game = start_game(phone, run_commits)
    seat = game.seats.get(index=0)
    assert seat.user is not None and seat.user.username == "kim"


def test_two_devices_take_turns_in_one_game(phone_and_laptop, run_commits) -> None:
    phone, laptop = phone_and_laptop
    game = start_game(phone, run_commits)
    start = version_on_page(phone, game)

    for turn in range(4):  # phone, laptop, phone, laptop
        mover, other = (phone, laptop) if turn % 2 == 0 else (laptop, phone)
        assert continue_links(mover) == [str(game.id)]
        seen = version_on_page(mover, game)
        assert seen == start + 2 * turn  # the same turn the other device left it at
        assert draw(mover, game, run_commits, version=seen).status_code == 200
        assert version_on_page(other, game) == seen + 2  # our draw and the computer's

    game.refresh_from_db()
    assert game.version == start + 8 and game.status == GameStatus.ACTIVE
    assert (
        list(game.moves.filter(seat=0).values_list("action__type", flat=True))[-4:] == ["draw"] * 4
    )


def test_a_device_acting_on_an_old_page_is_refused_then_catches_up(
    phone_and_laptop, run_commits
) -> None:
    phone, laptop = phone_and_laptop
    game = start_game(phone, run_commits)
    phone_version = version_on_page(phone, game)
    assert draw(laptop, game, run_commits).status_code == 200
    tap = {"version": phone_version, "tile": 0, "to": "new"}  # a tile tapped on the old page
    stale = phone.post(f"/tile-rummy/g/{game.id}/move/", tap, HTTP_HX_REQUEST="true")
    assert stale.status_code == 409 and "moved on" in stale.content.decode()
    assert f'data-version="{phone_version + 2}"' in stale.content.decode()  # the current table
    # The very draw the laptop made is that draw (games/services/replayed.py): the table, once.
    same = draw(phone, game, run_commits, version=phone_version)
    assert same.status_code == 200 and "moved on" not in same.content.decode()
    assert game.moves.filter(seq__gt=phone_version, seat=0).count() == 1
    assert draw(phone, game, run_commits, version=phone_version + 2).status_code == 200


@pytest.mark.parametrize("last", ["phone", "laptop"])
def test_two_devices_saving_into_one_slot_newest_save_wins(
    phone_and_laptop, run_commits, last: str
) -> None:
    phone, laptop = phone_and_laptop
    on_phone = start_game(phone, run_commits)
    on_laptop = start_game(laptop, run_commits)  # a second Tile Rummy game: same slot
    draw(phone, on_phone, run_commits)
    draw(laptop, on_laptop, run_commits)
    if last == "phone":
        draw(phone, on_phone, run_commits)
    newest, older = (on_phone, on_laptop) if last == "phone" else (on_laptop, on_phone)

    for device in (phone, laptop):
        assert continue_links(device) == [str(newest.id)]
        history = device.get("/me/games/").content.decode()
        assert history.count('data-testid="history-item"') == 2
        item = history.split(f'data-game="{older.id}"')[1].split("</li>")[0]
        assert "Replaced by a newer save" in item and "Continue game" not in item
    older.refresh_from_db()
    assert older.status == GameStatus.ACTIVE  # not ended, not counted: just not offered


def test_save_and_exit_makes_a_game_the_newest_save(phone_and_laptop, run_commits) -> None:
    phone, laptop = phone_and_laptop
    first = start_game(phone, run_commits)
    second = start_game(laptop, run_commits)
    assert continue_links(phone) == [str(second.id)]
    version = version_on_page(phone, first)  # the phone still has the first game open
    response = phone.post(
        f"/tile-rummy/g/{first.id}/save-and-exit/", {"version": version}, follow=True
    )
    assert response.redirect_chain[-1][0] == "/"
    assert "Game saved." in response.content.decode()
    assert continue_links(laptop) == [str(first.id)]


def test_a_finished_newest_save_empties_the_slot(phone_and_laptop, run_commits) -> None:
    phone, laptop = phone_and_laptop
    older = start_game(phone, run_commits)
    newer = start_game(laptop, run_commits)
    version = version_on_page(laptop, newer)
    laptop.post(f"/tile-rummy/g/{newer.id}/abandon/", {"version": version})
    assert continue_links(phone) == []  # the older game stays in the history only
    assert f'data-game="{older.id}"' in phone.get("/me/games/").content.decode()


def test_different_players_have_separate_slots(run_commits) -> None:
    kim, lee = Client(), Client()
    sign_up(kim, "kim")
    sign_up(lee, "lee")
    kims, lees = start_game(kim, run_commits), start_game(lee, run_commits)
    assert continue_links(kim) == [str(kims.id)]
    assert continue_links(lee) == [str(lees.id)]


def test_home_shows_the_turn_and_level_of_the_save(phone_and_laptop, run_commits) -> None:
    phone, laptop = phone_and_laptop
    game = start_game(phone, run_commits, level="expert")
    html = laptop.get("/").content.decode()
    card = re.search(r'data-testid="continue">(.*?)</ul>', html, re.S)
    assert card and "Tile Rummy" in card.group(1) and "Expert" in card.group(1)
    assert f"move {Game.objects.get(id=game.id).version}" in card.group(1)
