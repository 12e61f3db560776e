""" "Download my data": one JSON attachment with every kind of the person's data, and
nothing of another person's hidden tiles.

Every model field pointing at an account must be exported or deliberately left out
(``privacy.personal_data.FIELDS``): adding a model with a ForeignKey to the user
fails ``test_every_field_pointing_at_an_account_is_decided`` until it has a line.
"""

from __future__ import annotations

import json
from typing import Any

import pytest
from django.db import models

from accounts.models import SavedGame
from games import services
from games.models import Move
from leaderboards.naming import rename
from leaderboards.players import get_player
from players.models import Block, Challenge, RatingChange
from presets.models import Preset
from privacy import personal_data
from replays.models import ShareLink
from tests.accounts.privacy_helpers import account, client_for, draws, fill, rack_ids, table

pytestmark = pytest.mark.django_db


def _export(user: Any) -> dict[str, Any]:
    response = client_for(user).get("/me/data/")
    assert response.status_code == 200
    return json.loads(response.content)


def test_every_field_pointing_at_an_account_is_decided() -> None:
    found = {personal_data.label(m, f) for m, f in personal_data.account_fields()}
    assert found - set(personal_data.FIELDS) == set(), "new fields: add them to FIELDS"
    assert set(personal_data.FIELDS) - found == set(), "FIELDS names fields that are gone"
    for name, holding in personal_data.FIELDS.items():
        assert holding.export or holding.why, f"{name}: say why it is not exported"
        assert holding.on_close in {personal_data.DELETE, personal_data.DETACH, personal_data.KEEP}


def test_a_new_model_pointing_at_an_account_fails_the_check(monkeypatch) -> None:
    """The walk really finds a new ForeignKey to the user (this model is never migrated)."""

    class Souvenir(models.Model):
        owner = models.ForeignKey("auth.User", on_delete=models.CASCADE)

        class Meta:
            app_label = "privacy"

    try:
        labels = {personal_data.label(m, f) for m, f in personal_data.account_fields()}
        assert "privacy.Souvenir.owner" in labels
        assert "privacy.Souvenir.owner" not in personal_data.FIELDS
    finally:
        from django.apps import apps

        del apps.all_models["privacy"]["souvenir"]
        apps.clear_cache()


def test_every_exported_section_is_in_the_file() -> None:
    user = account("ann")
    sections = {h.export for h in personal_data.FIELDS.values() if h.export}
    assert sections <= set(_export(user))


def test_the_download_is_a_private_json_attachment() -> None:
    user = account("ann")
    response = client_for(user).get("/me/data/")
    assert response.status_code == 200
    assert response["Content-Type"].startswith("application/json")
    assert response["Content-Disposition"].startswith('attachment; filename="rummy-data-ann-')
    cache = response["Cache-Control"]
    assert "private" in cache and "no-store" in cache
    assert json.loads(response.content)["account"]["username"] == "ann"


def test_signed_out_there_is_nothing_to_download(client) -> None:
    response = client.get("/me/data/")
    assert response.status_code == 302 and "/accounts/login/" in response.url


def test_the_export_holds_each_kind_of_data() -> None:
    ann, bob = account("ann", "ann@example.com"), account("bob")
    game = draws(table([ann, bob]), 4)
    services.abandon(game.id, seat=1)
    RatingChange.objects.create(
        user=ann, kind="tile_rummy", seq=1, game=game, seat_index=0, team=0, place=0,
        mu_before=25.0, sigma_before=8.3, mu=26.0, sigma=7.0,
    )  # fmt: skip
    link = ShareLink.objects.create(game=game, made_by_user=ann)
    fill(ann, bob)
    data = _export(ann)

    assert data["account"]["username"] == "ann"
    assert data["account"]["email_addresses"] == [
        {"email": "ann@example.com", "verified": True, "primary": True}
    ]
    assert data["account"]["date_joined"]
    assert data["names"] == {
        "public_name": "Ann Tiles",
        "public_name_suspended": False,
        "table_names": ["Annie"],
    }
    [exported] = data["games"]
    assert exported["id"] == str(game.id) and exported["status"] == "abandoned"
    assert [s["name"] for s in exported["seats"]] == ["You", "bob"]
    assert len(exported["moves"]) == game.version == Move.objects.filter(game=game).count()
    assert {s["game_id"] for s in data["saves"]} == {str(game.id)}
    assert SavedGame.objects.filter(seat__user=ann).count() == len(data["saves"])
    assert {r["outcome"] for r in data["results"]} >= {"won"}
    assert data["streaks"][0]["best"] == 3
    assert data["leaderboards"]["entries"][0]["wins"] == 2
    assert data["ratings"][0]["kind"] == "tile_rummy" and data["ratings"][0]["games"] == 1
    assert data["rating_history"][0]["mu"] == 26.0
    assert data["puzzles"]["rating"] == 1510.0 and data["puzzles"]["attempts"][0]["laid"] == 2
    assert data["presets"][0]["name"] == "Family night"
    assert data["settings"]["notifications"]["email_live"] is True
    assert data["settings"]["push_devices"][0]["service"] == "fcm.googleapis.com"
    assert data["settings"]["vacations"][0]["days"] == 3
    assert data["follows"] == {"following": ["Bob Runs"], "friends": ["Bob Runs"]}
    assert (
        data["challenges"][0]["direction"] == "received"
        and data["challenges"][0]["other"] == "Bob Runs"
    )
    assert data["quick_match"][0]["table_name"] == "Annie"
    assert data["rooms"]["hosted"][0]["name"] == "Ann's room"
    assert data["share_links"][0]["game_id"] == str(game.id)
    assert data["api_tokens"][0]["prefix"] == "rt_ab"
    assert data["reports_made"]["names"][0]["note"] == "odd"
    text = json.dumps(data)
    for secret in ("d" * 64, "secret-auth", "fcm/send/x", link.token):
        assert secret not in text  # keys are not information


def test_blocks_are_listed_and_who_blocked_you_is_not() -> None:
    ann, bob, cy = account("ann"), account("bob"), account("cy")
    rename(get_player(bob.pk, "", create=True), "Bob Runs")
    rename(get_player(cy.pk, "", create=True), "Cy Sets")
    Block.objects.create(blocker=ann, blocked=bob)
    Block.objects.create(blocker=cy, blocked=ann)
    Challenge.objects.create(sender=cy, recipient=ann, kind="tile_rummy", status="withdrawn")
    data = _export(ann)
    assert data["blocks"] == ["Bob Runs"]
    assert "Cy Sets" not in json.dumps(data)  # her block is hers; her old challenge is unnamed
    assert data["challenges"][0]["other"] == "a blocked player"


def test_a_move_log_is_what_the_replay_says_plus_your_own_actions_only() -> None:
    ann, bob = account("ann"), account("bob")
    game = draws(table([ann, bob]), 6)
    bob_rack = rack_ids(game, 1)
    services.abandon(game.id, seat=0)
    [exported] = _export(ann)["games"]
    assert "seed" not in exported and "state" not in exported
    assert exported["your_seats"] == [0]
    replay = client_for(ann).get(f"/replay/g/{game.id}/?step=1").content.decode()
    for move, row in zip(
        exported["moves"], Move.objects.filter(game=game).order_by("seq"), strict=True
    ):
        assert move["seq"] == row.seq and move["says"] and move["says"] in replay
        if row.seat == 0:
            assert move["action"] == row.action
        else:
            assert set(move) == {"seq", "seat", "at", "says"}  # never another seat's action

    def ints(value: Any) -> set[int]:
        if isinstance(value, dict):
            return set().union(*(ints(v) for v in value.values())) if value else set()
        if isinstance(value, list):
            return set().union(*(ints(v) for v in value)) if value else set()
        return {value} if isinstance(value, int) and not isinstance(value, bool) else set()

    assert not ints([m.get("action") for m in exported["moves"]]) & bob_rack
    assert not any(
        key in json.dumps(exported) for key in ('"rack"', '"turn_draft"', '"public_view"')
    )


def test_unfinished_games_are_saves_without_their_moves() -> None:
    ann, bob = account("ann"), account("bob")
    game = draws(table([ann, bob]), 2)
    data = _export(ann)
    assert data["games"] == []
    assert [s["game_id"] for s in data["saves"]] == [str(game.id)]
    assert "moves" not in data["saves"][0]


def test_another_persons_export_holds_nothing_of_yours() -> None:
    ann, bob = account("ann"), account("bob")
    Preset.objects.create(user=ann, kind="tile_rummy", name="Mine", name_key="mine")
    data = _export(bob)
    assert data["account"]["username"] == "bob" and data["presets"] == []


def test_this_browsers_computer_speed_is_in_the_settings() -> None:
    ann = account("ann")
    client = client_for(ann)
    game = table([ann], online=False, computers=1)
    assert client.post(f"/tile-rummy/g/{game.id}/speed/", {"speed": "slow"}).status_code in {
        200,
        204,
        302,
    }
    data = json.loads(client.get("/me/data/").content)
    assert data["settings"]["this_browser"]["computer_speed"]["Tile Rummy"] == "slow"
