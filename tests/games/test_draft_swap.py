"""A tap's compare-and-set write (games/drafts.py): fast when nothing moved, exact when it did."""

from __future__ import annotations

from datetime import timedelta
from typing import Any

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.utils import timezone

from games import services
from games.access import game_with_seats
from games.engine import tile_rummy as tr
from games.models import Game, Seat
from games.web.tile_rummy import drafts as tile_drafts
from tests.engine.helpers import build
from tests.games.conftest import put_state

pytestmark = pytest.mark.django_db(transaction=True)


def _game() -> Game:
    me = services.SeatSpec("You", device_key="k" * 32)
    bot = services.SeatSpec("Bot", computer_level="easy")
    game = services.create_game("tile_rummy", {"players": 2}, [me, bot], seed=5)
    return put_state(game, build(racks=["R10 R11 R12 B3 Y3", "K1 K2 K5"], pool_top="Y9 Y8"))


def _tile(game: Game, face: str) -> int:
    return next(t for t in tr.from_json(game.state).racks[0] if str(tr.face_of(t)) == face)


def _tap(tile: int) -> Any:
    return lambda draft, view: tile_drafts.move_tile(draft, view, tile, "new")


def _swap(sql: str) -> bool:
    """The compare-and-set write (unquoted, unlike the ORM's; may be logged as QUERY = '…')."""
    return "UPDATE games_seat SET turn_draft" in sql


def _locked_read(sql: list[str]) -> bool:
    """The locked path's read of the seat with its game (SQLite has no FOR UPDATE to show)."""
    locks = connection.features.has_select_for_update
    return any(q.startswith("SELECT") and (not locks or "FOR UPDATE" in q) for q in sql)


def _draft(game: Game) -> dict[str, Any] | None:
    return Seat.objects.get(game=game, index=0).turn_draft


def test_a_tap_on_the_game_as_read_is_one_update_and_no_lock() -> None:
    game = _game()
    loaded = game_with_seats(game.id)
    r10 = _tile(game, "R10")
    with CaptureQueriesContext(connection) as ctx:
        new = services.update_draft(game.id, 0, game.version, _tap(r10), loaded=loaded)
    sql = [q["sql"] for q in ctx.captured_queries]
    assert len(sql) == 1 and _swap(sql[0]), sql
    assert new is not None and new["placed"] == [r10] and _draft(game) == new


def test_two_devices_tapping_at_once_keep_both_tiles() -> None:
    """The second tap read the draft before the first was written: it is done again, locked."""
    game = _game()
    first_read, second_read = game_with_seats(game.id), game_with_seats(game.id)
    r10, b3 = _tile(game, "R10"), _tile(game, "B3")
    services.update_draft(game.id, 0, game.version, _tap(r10), loaded=first_read)
    with CaptureQueriesContext(connection) as ctx:
        new = services.update_draft(game.id, 0, game.version, _tap(b3), loaded=second_read)
    sql = [q["sql"] for q in ctx.captured_queries]
    assert _swap(sql[0]) and _locked_read(sql[1:]), sql  # refused, then retried
    assert new is not None and sorted(new["placed"]) == sorted([r10, b3])
    assert _draft(game) == new


def test_a_move_landing_between_read_and_write_refuses_the_tap_and_writes_nothing() -> None:
    game = _game()
    loaded = game_with_seats(game.id)
    Game.objects.filter(id=game.id).update(version=game.version + 1)
    with pytest.raises(services.StaleVersion):
        services.update_draft(game.id, 0, game.version, _tap(_tile(game, "R10")), loaded=loaded)
    assert _draft(game) is None


def test_a_pause_landing_between_read_and_write_refuses_the_tap() -> None:
    game = _game()
    loaded = game_with_seats(game.id)
    Game.objects.filter(id=game.id).update(paused_until=timezone.now() + timedelta(hours=1))
    with pytest.raises(services.Paused):
        services.update_draft(game.id, 0, game.version, _tap(_tile(game, "R10")), loaded=loaded)
    assert _draft(game) is None


def test_an_online_table_taps_under_the_lock_so_the_clock_can_move() -> None:
    game = _game()
    Game.objects.filter(id=game.id).update(online=True)
    loaded = game_with_seats(game.id)
    with CaptureQueriesContext(connection) as ctx:
        new = services.update_draft(
            game.id, 0, game.version, _tap(_tile(game, "R10")), loaded=loaded
        )
    sql = [q["sql"] for q in ctx.captured_queries]
    assert not any(_swap(q) for q in sql) and _locked_read(sql), sql
    assert _draft(game) == new


def test_a_refused_tap_writes_nothing() -> None:
    game = _game()
    loaded = game_with_seats(game.id)
    with pytest.raises(tile_drafts.DraftError):  # the view turns it into the reason shown
        services.update_draft(
            game.id,
            0,
            game.version,
            lambda d, v: tile_drafts.move_tile(d, v, 9999, "new"),
            loaded=loaded,
        )
    assert _draft(game) is None
