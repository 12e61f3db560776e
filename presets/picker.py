"""Picking a preset on a game's setup page: ``?preset=<id>`` fills the form with it.

The one hook a game's setup view needs::

    form = SetupForm(request.POST or None, initial=initial_for(request, GAME.kind))

Only the initial values change: the player still sees every option and presses
the page's own button, so nothing is dealt that the page would not deal.
"""

from __future__ import annotations

from typing import Any

from django.contrib import messages
from django.http import Http404, HttpRequest

from presets import store
from presets.rules import PresetError, bound_form, playable

PARAM = "preset"


def picked_id(request: HttpRequest) -> int | None:
    """The preset id the query string asks for; a malformed one is a 404 like a stranger's."""
    raw = request.GET.get(PARAM, "")
    if not raw:
        return None
    if not (raw.isascii() and raw.isdigit() and len(raw) <= 18):
        raise Http404("No such house rules.")
    return int(raw)


def initial_for(request: HttpRequest, kind: str) -> dict[str, Any]:
    """The picked preset's fields as the form's initial values ({} when none is picked).

    Another player's preset (or one of another game) is a 404; one that no longer
    passes the game's form is not used, and the page says why.
    """
    if request.method != "GET":
        return {}
    pk, entry = picked_id(request), playable(kind)
    if pk is None or entry is None:
        return {}
    preset = store.get_owned(request, pk, kind)
    try:
        bound_form(entry, preset.data)
    except PresetError as exc:
        messages.error(request, exc.message)
        return {}
    return dict(preset.data)
