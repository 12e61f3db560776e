"""Tile Rummy's Reset turn and Confirm play, through the views and the service.

Reset throws the whole draft away (rack tiles home, table tiles back where
they were) and changes nothing else; Confirm sends the whole drafted table to
the engine as one move, exactly as drafted, and clears the draft.
"""

from __future__ import annotations

import html

import pytest
from django.test import Client

from games.engine import tile_rummy as tr
from games.models import Game
from tests.engine.helpers import build
from tests.web.conftest import put_state, snapshot

pytestmark = pytest.mark.django_db
HX = {"HTTP_HX_REQUEST": "true"}


def post(client: Client, game: Game, name: str, **data):
    data.setdefault("version", game.version)
    return client.post(f"/tile-rummy/g/{game.id}/{name}/", data, **HX)


def faces_to_ids(game: Game) -> dict[str, int]:
    """The client's rack and the table, face → id (each face appears once in these positions)."""
    state = tr.from_json(game.state)
    tiles = [*state.racks[0], *(t for s in state.table for t in s)]
    return {str(tr.face_of(t)): t for t in tiles}


def reworked_game(start_game) -> Game:
    """Seat 0 (the client) has opened; the table holds one run it may rework."""
    game = start_game()
    state = build(
        ["R8 B4 Y4 K1", "K2 K3 K5"], table=["R4 R5 R6 R7"], opened=[True, False], pool_top="Y9"
    )
    return put_state(game, state)


def draft_a_rework(client: Client, game: Game) -> dict[str, int]:
    """R8 onto the run, R4 off it into a new group with B4 and Y4."""
    ids = faces_to_ids(game)
    for face, to in (("R8", "0"), ("R4", "new"), ("B4", "1"), ("Y4", "1")):
        response = post(client, game, "move", tile=ids[face], to=to)
        assert response.status_code == 200, html.unescape(response.content.decode())
    return ids


def test_reset_turn_undoes_the_whole_draft_and_nothing_else(client, start_game) -> None:
    game = reworked_game(start_game)
    before = snapshot(game)
    ids = draft_a_rework(client, game)
    draft = game.seats.get(index=0).turn_draft
    assert draft["placed"] == [ids["R8"], ids["B4"], ids["Y4"]]
    assert draft["table"] == [
        [ids["R5"], ids["R6"], ids["R7"], ids["R8"]],
        [ids["R4"], ids["B4"], ids["Y4"]],
    ]
    drafted_page = html.unescape(client.get(f"/tile-rummy/g/{game.id}/").content.decode())
    assert " placed" in drafted_page
    response = post(client, game, "reset")
    assert response.status_code == 200
    assert snapshot(game) == before  # no draft, same state, version and moves
    page = html.unescape(client.get(f"/tile-rummy/g/{game.id}/").content.decode())
    assert " placed" not in page  # no tile is shown as placed this turn


def test_after_reset_confirm_has_nothing_to_play(client, start_game) -> None:
    game = reworked_game(start_game)
    draft_a_rework(client, game)
    post(client, game, "reset")
    before = snapshot(game)
    response = post(client, game, "confirm")
    assert response.status_code == 422
    assert "Place a tile from your rack first." in html.unescape(response.content.decode())
    assert snapshot(game) == before


def test_a_stale_reset_is_refused_and_keeps_the_draft(client, start_game) -> None:
    game = reworked_game(start_game)
    draft_a_rework(client, game)
    before = snapshot(game)
    response = post(client, game, "reset", version=game.version - 1)
    assert response.status_code == 409
    assert snapshot(game) == before and before[2][0] is not None


def test_confirm_play_submits_the_whole_draft_as_one_move(
    client, start_game, django_capture_on_commit_callbacks
) -> None:
    game = reworked_game(start_game)
    ids = draft_a_rework(client, game)
    drafted = game.seats.get(index=0).turn_draft["table"]
    version = game.version
    with django_capture_on_commit_callbacks(execute=True):
        response = post(client, game, "confirm")
    assert response.status_code == 200
    mine = game.moves.get(seq=version + 1)
    assert mine.seat == 0 and mine.action == {"type": "play", "table": drafted}
    shown = [[t["id"] for t in s["tiles"]] for s in mine.public_view["table"]]
    assert sorted(map(sorted, shown)) == sorted(map(sorted, drafted))  # the table as drafted
    game.refresh_from_db()
    assert tr.from_json(game.state).racks[0] == [ids["K1"]]
    assert game.seats.get(index=0).turn_draft is None
