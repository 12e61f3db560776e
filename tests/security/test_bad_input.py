"""Findings 4 and 5: what a client adds to a move is never stored, and no input answers 5xx."""

from __future__ import annotations

import pytest
from django.test import Client, override_settings

from games import services
from games.models import Game, Move
from tests.games.conftest import snapshot
from tests.security.conftest import run_commits, start_game
from tests.web.rumbaroo.conftest import crafted, held, post, start_rb

pytestmark = pytest.mark.django_db
__all__ = ["crafted", "run_commits", "start_rb"]  # fixtures


def test_finding_4_a_huge_ignored_field_is_refused_and_nothing_is_stored(
    client: Client, crafted
) -> None:
    game = crafted(["R7 B3", "G1 G2"], pile="R5")
    before = snapshot(game)
    action = {"type": "discard", "tile": held(game, "R7"), "colour": "x" * 2_000_000}
    with pytest.raises(services.IllegalMove):
        services.play(game.id, 0, action, game.version)
    assert snapshot(game) == before


def test_finding_4_a_big_request_body_is_refused_before_any_view_runs(
    client: Client, crafted
) -> None:
    game = crafted(["R7 B3", "G1 G2"], pile="R5")
    before = snapshot(game)
    response = post(client, game, "discard", tile=held(game, "R7"), colour="x" * 2_000_000)
    assert response.status_code == 400
    assert snapshot(game) == before


def test_finding_4_unknown_keys_are_dropped_from_a_legal_move(crafted) -> None:
    game = crafted(["R7 B3", "G1 G2"], pile="R5")
    tile = held(game, "R7")
    action = {"type": "discard", "tile": str(tile), "junk": "y" * 50, "colour": "G"}
    services.play(game.id, 0, action, game.version)
    stored = Move.objects.filter(game=game).order_by("-seq").values_list("action", flat=True)
    assert {"type": "discard", "tile": tile, "colour": "G"} in list(stored)
    assert all("junk" not in a for a in stored)


@override_settings(GAME_CREATION_LIMITS={"owner": (3, 3600), "address": (100, 3600)})
def test_finding_4_a_device_cannot_start_games_without_limit(client: Client) -> None:
    form = {"difficulty": "joey", "players": 2, "target": 50}
    statuses = [client.post("/rumbaroo/new/", form).status_code for _ in range(4)]
    assert statuses == [302, 302, 302, 429]
    assert Game.objects.count() == 3
    other = Client()  # another device is not held back by this one
    assert (
        other.post(
            "/tile-rummy/new/", {"level": "easy", "opponents": 1, "meld_rule": "standard"}
        ).status_code
        == 302
    )


@override_settings(GAME_CREATION_LIMITS={"owner": (100, 3600), "address": (2, 3600)})
def test_finding_4_dropping_the_cookie_does_not_escape_the_limit() -> None:
    form = {"difficulty": "joey", "players": 2, "target": 50}
    statuses = [Client().post("/rumbaroo/new/", form).status_code for _ in range(3)]
    assert statuses == [302, 302, 429]


def test_finding_5_a_nul_in_an_ignored_field_is_refused_cleanly(client: Client, crafted) -> None:
    game = crafted(["R7 B3", "G1 G2"], pile="R5")
    before = snapshot(game)
    response = post(client, game, "discard", tile=held(game, "R7"), colour="R\x00")
    assert response.status_code == 400  # before the view: rummy_site.input_guard
    assert "control character" in response.content.decode()
    assert snapshot(game) == before


@pytest.mark.parametrize("target", ["²", "9" * 5000, "٣", "-1", " 1", "1e3"])
def test_finding_5_odd_draft_targets_are_refused_not_500(client: Client, crafted, target) -> None:
    game = crafted(["R7 B3 R8 R9", "G1 G2"], pile="R5")
    before = snapshot(game)
    response = post(client, game, "move", tile=held(game, "R7"), to=target)
    assert response.status_code == 400
    assert snapshot(game) == before
    response = post(client, game, "move", tile=held(game, "R7"), to=f"swap:{target}")
    assert response.status_code == 400


@pytest.mark.parametrize("target", ["²", "9" * 5000, "-1"])
def test_finding_5_odd_tile_rummy_targets_are_refused_not_500(
    client: Client, run_commits, target
) -> None:
    game = start_game(client, run_commits)
    tile = game.state["racks"][0][0]
    before = snapshot(game)
    data = {"version": game.version, "tile": tile, "to": target}
    response = client.post(f"/tile-rummy/g/{game.id}/move/", data, HTTP_HX_REQUEST="true")
    assert response.status_code == 400
    assert snapshot(game) == before


def test_finding_5_a_table_url_given_a_game_of_another_kind_is_404_and_applies_nothing(
    client: Client, start_rb
) -> None:
    game = start_rb()
    before = snapshot(game)
    for name in ("draw", "next-round", "reset", "confirm", "move", "save-and-exit", "board"):
        data = {"version": game.version, "tile": 0, "to": "new"}
        url = f"/tile-rummy/g/{game.id}/{name}/"
        response = client.get(url) if name == "board" else client.post(url, data)
        assert response.status_code == 404, name
    assert snapshot(game) == before
