"""A replay shows what the live table showed: the same frame at every step, for every game.

The live table draws others' moves one at a time through ``board/?at=N``; the
replay draws step N from a rebuilt state with the same presenters. They must
agree on everything but the viewer's rack (the live frame shows today's rack,
the replay the rack at that step, checked against a straight replay of the log).
"""

from __future__ import annotations

from typing import Any

import pytest
from django.urls import reverse

from games.engine.registry import engine_for
from games.models import Move
from replays.frames import adapter_for
from replays.timeline import timeline_for

from .conftest import HTMX, READY, states

pytestmark = pytest.mark.django_db

# What differs on purpose: the rack (today's vs then's), and the live table's polling and timing.
HELD = {"rack", "hand", "pouch"}
TIMING = {"next_at", "seen", "online", "speed", "speeds", "delay_ms", "sort", "error"}


def _comparable(context: Any, keys: set[str]) -> dict[str, Any]:
    """``keys`` of a context (a dict, or a test response's ContextList), racks left out."""
    out = {k: context[k] for k in keys - HELD - TIMING}
    out["view"] = {k: v for k, v in context["view"].items() if k not in HELD | {"me"}}
    return out


@pytest.mark.parametrize("entry", READY)
def test_replay_equals_the_live_frames_at_every_step(client, finished, entry) -> None:
    game = finished(entry)
    engine, adapter = engine_for(game.kind), adapter_for(game.kind)
    reference = states(game)
    timeline = timeline_for(game)
    assert timeline is not None and timeline.last == game.version
    starts = {r.start for r in timeline.rounds}
    moves = {m.seq: m for m in Move.objects.filter(game=game)}
    url = reverse("replays:game", kwargs={"game_id": game.id})
    board_url = reverse(f"{entry.url_name}:board", kwargs={"game_id": game.id})
    for step in range(game.version + 1):
        replay = client.get(url, {"step": step}, **HTMX)
        assert replay.status_code == 200, step
        board = replay.context["board"]
        mine = [p["id"] for p in adapter.held(engine.view(reference[step], 0))]
        assert sorted(p["id"] for p in _held(board)) == sorted(mine), step
        if step == 0:
            continue
        assert board["view"]["phase"] == moves[step].public_view["phase"]
        if step < game.version:
            live = client.get(board_url, {"at": step}, **HTMX)
            assert live.status_code == 200 and live.context["frame"], step
            keys = set(board)
            expected, got = _comparable(live.context, keys), _comparable(board, keys)
            if step in starts:  # a round's first step is captioned as its deal
                expected.pop("frame"), got.pop("frame")
            assert got == expected, step


def _held(board: dict[str, Any]) -> list[dict[str, Any]]:
    return [*(board.get("rack") or []), *(board.get("hand") or []), *(board.get("pouch") or [])]


@pytest.mark.parametrize("entry", READY)
def test_every_step_public_view_matches_the_stored_log(finished, entry) -> None:
    """The rebuilt state at each step is the one the log recorded (its spectator view)."""
    from replays.timeline import state_at

    game = finished(entry)
    engine = engine_for(game.kind)
    timeline = timeline_for(game)
    assert timeline is not None
    for move in Move.objects.filter(game=game).order_by("seq"):
        assert engine.view(state_at(game, timeline, move.seq), None) == move.public_view, move.seq
