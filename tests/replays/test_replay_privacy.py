"""Hidden information in replays, checked with the engines' own ``hidden_from``.

While a game is on, a player's replay of its finished rounds shows their own
rack and nothing else hidden; once it is over every rack is face up. A share
link's viewer is a spectator: an unfinished game's link shows nothing hidden,
and a game nobody shared (or whose link was revoked) is a 404.
"""

from __future__ import annotations

from datetime import timedelta
from typing import Any
from unittest import mock

import pytest
from django.test import Client
from django.urls import reverse
from django.utils import timezone

from games.engine.registry import engine_for
from games.models import Game, GameStatus
from leaderboards.periods import utc_today
from replays.frames import adapter_for
from replays.models import ShareLink

from .conftest import HTMX, READY, html_tile_ids, ids_in, states

pytestmark = pytest.mark.django_db


def _shown(response: Any, fields: tuple[str, ...]) -> set[int]:
    """Every piece id the replay's context and markup carry."""
    board, racks = response.context["board"], response.context["racks"]
    plain = {k: v for k, v in board.items() if k not in ("game", "seat")}
    return ids_in(plain, fields) | ids_in(racks, fields) | html_tile_ids(response.content.decode())


def _still_playing(game: Game) -> None:
    """Make the game unfinished again: its replay may show only what a player could see."""
    Game.objects.filter(pk=game.pk).update(status=GameStatus.ACTIVE)
    game.refresh_from_db()


@pytest.mark.parametrize("entry", READY)
def test_your_own_rack_only_until_the_game_is_over(client, finished, entry) -> None:
    game = finished(entry)
    engine, adapter = engine_for(game.kind), adapter_for(game.kind)
    reference = states(game)
    url = reverse("replays:game", kwargs={"game_id": game.id})
    _still_playing(game)
    for step, state in enumerate(reference):
        response = client.get(url, {"step": step}, **HTMX)
        assert response.status_code == 200, step
        leaked = _shown(response, engine.VIEW_ID_FIELDS) & engine.hidden_from(state, 0)
        assert not leaked, (step, sorted(leaked))
        mine = {p["id"] for p in adapter.held(engine.view(state, 0))}
        assert mine <= _shown(response, engine.VIEW_ID_FIELDS), step
    Game.objects.filter(pk=game.pk).update(status=GameStatus.FINISHED)
    mid_round = next(s for s, st in enumerate(reference) if engine.hidden_from(st, 0) - set())
    response = client.get(url, {"step": mid_round}, **HTMX)
    racks = response.context["racks"]
    assert len(racks) == len(game.seats.all()) - 1  # every other rack, face up
    others = {
        p["id"]
        for seat in range(1, len(racks) + 1)
        for p in adapter.held(engine.view(reference[mid_round], seat))
    }
    assert others <= _shown(response, engine.VIEW_ID_FIELDS)
    assert "every rack is shown" in response.content.decode() or response.context["viewer"].reveal


@pytest.mark.parametrize("entry", READY)
def test_a_share_link_shows_no_hidden_tiles_of_an_unfinished_game(finished, entry) -> None:
    game = finished(entry)
    engine = engine_for(game.kind)
    reference = states(game)
    _still_playing(game)
    link = ShareLink.objects.create(game=game)
    url = reverse("replays:shared", kwargs={"token": link.token})
    stranger = Client()
    for step, state in enumerate(reference):
        response = stranger.get(url, {"step": step}, **HTMX)
        assert response.status_code == 200, step
        leaked = _shown(response, engine.VIEW_ID_FIELDS) & engine.hidden_from(state, None)
        assert not leaked, (step, sorted(leaked))
    page = stranger.get(url)
    assert page.status_code == 200 and "no-store" in page.headers["Cache-Control"]


@pytest.mark.parametrize("entry", READY[:1])
def test_a_private_or_revoked_replay_is_a_404(client, finished, entry) -> None:
    game = finished(entry)
    stranger = Client()
    assert stranger.get(reverse("replays:game", kwargs={"game_id": game.id})).status_code == 404
    made_up = reverse("replays:shared", kwargs={"token": "not-a-real-token"})
    assert stranger.get(made_up).status_code == 404
    link = ShareLink.objects.create(game=game)
    url = reverse("replays:shared", kwargs={"token": link.token})
    assert stranger.get(url).status_code == 200
    ShareLink.objects.filter(pk=link.pk).update(revoked=timezone.now())
    assert stranger.get(url).status_code == 404
    # A stranger can neither share nor stop sharing someone else's game.
    for name in ("replays:share", "replays:unshare"):
        assert stranger.post(reverse(name, kwargs={"game_id": game.id})).status_code == 404


@pytest.mark.parametrize("entry", READY)
def test_a_finished_games_share_link_reveals_every_rack(client, finished, entry) -> None:
    game = finished(entry)
    engine, adapter = engine_for(game.kind), adapter_for(game.kind)
    reference = states(game)
    client.post(reverse("replays:share", kwargs={"game_id": game.id}))
    link = ShareLink.objects.get(game=game, revoked__isnull=True)
    mid_round = next(s for s, st in enumerate(reference) if engine.hidden_from(st, None))
    response = Client().get(
        reverse("replays:shared", kwargs={"token": link.token}), {"step": mid_round}
    )
    everyone = {
        p["id"]
        for seat in range(len(game.seats.all()))
        for p in adapter.held(engine.view(reference[mid_round], seat))
    }
    assert everyone <= _shown(response, engine.VIEW_ID_FIELDS)


@pytest.mark.parametrize("entry", READY[:1])
def test_a_shared_replay_of_a_table_between_people_names_nobody(client, finished, entry) -> None:
    game = finished(entry)
    Game.objects.filter(pk=game.pk).update(online=True)
    link = ShareLink.objects.create(game=game)
    url = reverse("replays:shared", kwargs={"token": link.token})
    html = Client().get(url, {"step": 1}).content.decode()
    assert "Pat" not in html and "Player 1" in html
    own = client.get(reverse("replays:game", kwargs={"game_id": game.id}), {"step": 1})
    assert own.status_code == 200 and "Player 1" not in own.content.decode()


def test_a_daily_replay_shows_only_your_own_rack_until_its_day_is_over(client, daily_game) -> None:
    """Even at the last step, where the round's end lays every hand open, the other hands'
    tiles are not in the page while the day's board can still be played."""
    game = daily_game
    engine, adapter = engine_for(game.kind), adapter_for(game.kind)
    reference = states(game)
    url = reverse("replays:game", kwargs={"game_id": game.id})
    others = range(1, len(game.seats.all()))
    for step in sorted({0, 1, len(reference) // 2, len(reference) - 1}):
        state = reference[step]
        response = client.get(url, {"step": step})
        assert response.status_code == 200, step
        theirs = {p["id"] for s in others for p in adapter.held(engine.view(state, s))}
        mine = {p["id"] for p in adapter.held(engine.view(state, 0))}
        shown = _shown(response, engine.VIEW_ID_FIELDS)
        assert theirs and not theirs & shown, (step, sorted(theirs & shown))
        assert mine <= shown, step
        assert not response.context["racks"]
        assert 'data-testid="open-racks"' not in response.content.decode()
    last = client.get(url).content.decode()
    assert "only your own rack" in last
    tomorrow = utc_today() + timedelta(days=1)
    with mock.patch("replays.policy.utc_today", return_value=tomorrow):
        later = client.get(url, {"step": len(reference) - 1})
    theirs = {p["id"] for s in others for p in adapter.held(engine.view(reference[-1], s))}
    assert theirs <= _shown(later, engine.VIEW_ID_FIELDS)
