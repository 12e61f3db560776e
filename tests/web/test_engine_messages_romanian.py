"""A refused move is explained in the reader's language (issue 36 item 3).

The engines are pure Python: they mark each message with ``gettext_noop`` and give its
values by name, so the English stays what it was (``IllegalAction.message``) and the site
says it in Romanian where it shows it: the table page's refusal, the API's ``detail``
(its ``code`` stays the same English word), the setup page's refusal.
"""

from __future__ import annotations

import html
import json
from typing import Any

import pytest
from django.contrib.auth import get_user_model
from django.test import Client
from django.utils import translation

from api import tokens
from api.models import PLAY, READ
from games import services
from games.engine import romanian, rumasta, rumbaroo
from games.engine import tile_rummy as tr
from games.engine.base import IllegalAction, Message
from games.models import Game
from tests.engine.helpers import build
from tests.helpers import put_state

pytestmark = pytest.mark.django_db
RO = {"HTTP_ACCEPT_LANGUAGE": "ro"}
HX = {"HTTP_HX_REQUEST": "true"}
TOO_LOW_EN = "Your opening sets are worth 9; you need at least 30."
TOO_LOW_RO = "Formațiile tale de etalare valorează 9; îți trebuie cel puțin 30."


def tile_id(state: tr.State, seat: int, face: str) -> int:
    return next(t for t in state.racks[seat] if str(tr.face_of(t)) == face)


def low_opening(game: Game, seat: int) -> tuple[Game, list[int]]:
    """The game at a position where ``seat`` is to play and holds red 2-3-4 (worth 9)."""
    racks = ["K1 K2 K5", "K7 K8 K11"]
    racks[seat] = "R2 R3 R4 B9"
    state = build(racks=racks, pool_top="Y9", turn=seat)
    put_state(game, state, tr)
    return game, [tile_id(state, seat, face) for face in ("R2", "R3", "R4")]


def test_the_table_page_refuses_a_low_opening_in_romanian(client: Client, start_game) -> None:
    game, tiles = low_opening(start_game(), 0)
    version = game.version
    for tile, to in zip(tiles, ("new", "0", "0"), strict=True):
        moved = client.post(
            f"/tile-rummy/g/{game.id}/move/", {"version": version, "tile": tile, "to": to}, **HX
        )
        assert moved.status_code == 200
    refused = client.post(f"/tile-rummy/g/{game.id}/confirm/", {"version": version}, **HX, **RO)
    page = html.unescape(refused.content.decode())
    assert refused.status_code == 422
    assert TOO_LOW_RO in page and TOO_LOW_EN not in page
    english = client.post(f"/tile-rummy/g/{game.id}/confirm/", {"version": version}, **HX)
    assert english.status_code == 422 and TOO_LOW_EN in html.unescape(english.content.decode())
    assert Game.objects.get(id=game.id).version == version  # refused: nothing changed


def _api(client: Client, method: str, path: str, token: str, body: Any = None, **extra: Any):
    data = "" if body is None else json.dumps(body)
    return client.generic(
        method,
        f"/api/v1{path}",
        data,
        content_type="application/json",
        HTTP_AUTHORIZATION=f"Bearer {token}",
        **extra,
    )


def test_the_api_detail_is_romanian_and_its_code_stays_english(client: Client) -> None:
    user = get_user_model().objects.create_user("robo", password="tiles-and-runs-42")
    token = tokens.issue(user, "test", [READ, PLAY])[1]
    made = _api(client, "POST", "/games", token, {"kind": "tile_rummy", "options": {}})
    assert made.status_code == 201, made.content
    game = Game.objects.get(id=made.json()["id"])
    seat = game.seats.get(user=user, is_program=True).index
    game, tiles = low_opening(game, seat)
    body = {"version": game.version, "action": {"type": "play", "table": [tiles]}}
    path = f"/games/{game.id}/actions"
    romanian_answer = _api(client, "POST", path, token, body, **RO)
    english_answer = _api(client, "POST", path, token, body)
    assert romanian_answer.status_code == english_answer.status_code == 422
    assert romanian_answer.json()["code"] == english_answer.json()["code"] == "opening_too_low"
    assert romanian_answer.json()["detail"] == TOO_LOW_RO
    assert english_answer.json()["detail"] == TOO_LOW_EN
    checked = _api(client, "POST", f"/games/{game.id}/check", token, body, **RO).json()
    assert (checked["accepted"], checked["code"], checked["detail"]) == (
        False,
        "opening_too_low",
        TOO_LOW_RO,
    )


def test_a_refusal_keeps_its_english_its_template_and_its_values() -> None:
    state = build(racks=["R2 R3 R4 B9", "K1 K2 K5"], pool_top="Y9")
    tiles = [tile_id(state, 0, face) for face in ("R2", "R3", "R4")]
    with pytest.raises(IllegalAction) as refused:
        tr.apply(state, 0, {"type": "play", "table": [tiles]})
    exc = refused.value
    assert exc.code == "opening_too_low" and exc.message == TOO_LOW_EN == str(exc)
    assert exc.template == "Your opening sets are worth %(value)s; you need at least %(minimum)s."
    assert dict(exc.params) == {"value": 9, "minimum": 30}
    with translation.override("ro"):
        assert exc.shown_message == TOO_LOW_RO
    with translation.override("en"):
        assert exc.shown_message == TOO_LOW_EN


def test_a_reason_inside_a_message_is_translated_too() -> None:
    """A table's problems (each with its own reason) are joined and each one translated."""
    state = build(racks=["R2 R3 B9 Y9", "K1 K2 K5"], pool_top="Y9")
    tiles = [tile_id(state, 0, face) for face in ("R2", "R3")]
    with pytest.raises(IllegalAction) as refused:
        tr.apply(state, 0, {"type": "play", "table": [tiles]})
    assert refused.value.message == "Set 1: a set needs at least 3 tiles"
    assert isinstance(refused.value.params["part0"], Message)
    with translation.override("ro"):
        assert (
            refused.value.shown_message == "Formația 1: o formație are nevoie de cel puțin 3 piese"
        )


def test_a_bad_setup_is_refused_in_romanian() -> None:
    with translation.override("ro"), pytest.raises(services.ServiceError) as refused:
        services.create_game("tile_rummy", {"players": 9}, [])
    assert refused.value.code == "bad_config"
    assert refused.value.message == "Tile Rummy se joacă în 2, 3 sau 4 jucători"


@pytest.mark.parametrize(
    ("engine", "config", "english", "romanian"),
    [
        (rumbaroo, {"players": 12}, "Rumbaroo is for 2 to 8", "Rumbaroo se joacă"),
        (romanian, {"players": 9}, "Romanian Tile Rummy is for 2 to 4", "Remi pe tablă se joacă"),
        (rumasta, {"players": 9}, "Rumasta is for 2 to 6", "Rumasta se joacă"),
    ],
)
def test_every_engine_refuses_a_setup_in_both_languages(
    engine: Any, config: dict[str, Any], english: str, romanian: str
) -> None:
    with pytest.raises(IllegalAction) as refused:
        engine.new_game(config, 1)
    assert refused.value.message.startswith(english)
    with translation.override("ro"):
        assert refused.value.shown_message.startswith(romanian)
