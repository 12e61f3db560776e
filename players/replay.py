"""The replay of a rated game at a listed table, opened from a player page by anyone.

A listed table was open to the whole lobby, so its finished game may be
replayed by anyone, as a spectator sees it (no seat of their own): every
rack face up once the game is over, as replays.policy allows. The page
itself is the replays app's (``replays.views._replay``), reused rather than
copied; players.profile decides which games qualify.

Names: "Hide names on this device" hides every person's; a player the viewer
blocked, or who blocked the viewer, is always shown as the seat's placeholder
(leaderboards.blocks.names_kept_from), as rooms and the boards do.
"""

from __future__ import annotations

from typing import Any

from django.http import Http404, HttpRequest, HttpResponse
from django.utils.cache import patch_cache_control

from games.access import game_with_seats
from games.online import placeholder_name
from leaderboards.blocks import names_kept_from
from replays import policy
from replays.frames import Viewer
from replays.views import _replay


def listed_replay(request: HttpRequest, game_id: Any, base: str, hide_names: bool) -> HttpResponse:
    game = game_with_seats(game_id)
    if game is None:
        raise Http404("No such game.")
    kept_apart = names_kept_from(request)
    for seat in game.seats.all():
        if not seat.is_computer and (hide_names or seat.user_id in kept_apart):
            seat.display_name = placeholder_name(seat.index)
    viewer = Viewer(None, policy.reveals_all(game), own_only=policy.daily_still_secret(game))
    response = _replay(request, game, viewer, base, opens_at_end=False)
    patch_cache_control(response, private=True)
    return response
