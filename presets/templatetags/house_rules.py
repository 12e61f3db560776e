"""Template tags that put house rules on pages whose views don't know about them.

``{% preset_controls %}`` goes inside a game's setup form (after its own button,
so Enter in a field still deals): the player's presets for that game and
"Save these rules as…". ``{% home_presets %}`` lists one-tap starts on home.
Both read whose presets to show from the request, and which game from the URL
namespace the page was resolved in, so no game names itself here.
"""

from __future__ import annotations

from typing import Any

from django import template
from django.http import Http404
from django.urls import reverse

from presets import store
from presets.picker import PARAM, picked_id
from presets.rules import MAX_NAME, MAX_PER_GAME, playable
from presets.views import NAME_FIELD, startable

register = template.Library()


def _picked(request: Any) -> int | None:
    """The picked preset's id; a malformed one was already refused by the view (404)."""
    try:
        return picked_id(request)
    except Http404:
        return None


@register.inclusion_tag("presets/_controls.html", takes_context=True)
def preset_controls(context: template.Context) -> dict[str, Any]:
    """The picker and the save control for the game whose setup page this is."""
    request = context.get("request")
    match = getattr(request, "resolver_match", None)
    entry = playable(match.namespace) if match is not None else None
    if request is None or entry is None:
        return {"entry": None}
    presets = list(store.owned(request).filter(kind=entry.kind))
    picked = next((p for p in presets if p.pk == _picked(request)), None)
    setup = reverse(f"{entry.url_name}:setup")
    return {
        "entry": entry,
        "presets": [(p, f"{setup}?{PARAM}={p.pk}", p is picked) for p in presets],
        "picked": picked,
        "save_url": reverse("presets:save", args=[entry.kind]),
        "name_field": NAME_FIELD,
        "max_name": MAX_NAME,
        "full": len(presets) >= MAX_PER_GAME,
        "max_per_game": MAX_PER_GAME,
    }


@register.inclusion_tag("presets/_home.html", takes_context=True)
def home_presets(context: template.Context) -> dict[str, Any]:
    """One-tap starts for the player's house rules that can be used now."""
    request = context.get("request")
    if request is None:
        return {"rows": []}
    return {"rows": startable(request), "csrf_token": context.get("csrf_token")}
