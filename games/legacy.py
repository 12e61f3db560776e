"""Links from before every game had its own URL prefix keep working.

The first game's tables used to live at ``/g/<id>/`` (and their boards and
actions below that). Those links now answer 301 with the game's new home,
found from the game's kind, so bookmarks and shared links still open it.
Only a player of the game is redirected; anyone else gets the same 404 as
at the new address, so an old link tells a stranger nothing.
"""

from __future__ import annotations

from uuid import UUID

from django.http import HttpRequest, HttpResponse, HttpResponsePermanentRedirect
from django.views.decorators.http import require_GET

from games.access import get_game_for_player
from games.table_flow import table_url


@require_GET
def old_table(request: HttpRequest, game_id: UUID, rest: str = "") -> HttpResponse:
    game, _ = get_game_for_player(request, game_id)
    target = table_url(game) + rest
    query = request.META.get("QUERY_STRING", "")
    return HttpResponsePermanentRedirect(f"{target}?{query}" if query else target)
