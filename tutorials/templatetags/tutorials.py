"""The guided first games on other pages: the setup page's offer, the link every game's
setup and How to play pages carry, and the stats page's "Guided games" line."""

from __future__ import annotations

from typing import Any

from django import template

from tutorials import progress
from tutorials.registry import find, offered

register = template.Library()


@register.inclusion_tag("tutorials/_offer.html", takes_context=True)
def tutorial_offer(context: Any, entry: Any) -> dict[str, Any]:
    """The offer on a person's first visits to a game's setup page ("New to …? Play a guided
    first game"), with a dismiss."""
    request = context.get("request")
    shown = request is not None and find(entry.kind) is not None
    shown = shown and progress.offer(request, entry.kind)
    token = context.get("csrf_token")
    return {"entry": entry, "shown": shown, "request": request, "csrf_token": token}


@register.inclusion_tag("tutorials/_link.html", takes_context=True)
def tutorial_link(context: Any, entry: Any, paragraph: bool = False) -> dict[str, Any]:
    """The way to the game's guided first game, always there; says when it is done (as a
    button in a paragraph of its own with ``paragraph``)."""
    request = context.get("request")
    row = progress.row_for(request, entry.kind) if request is not None else None
    return {
        "entry": entry,
        "shown": find(entry.kind) is not None,
        "done": progress.is_done(row),
        "playing": progress.resumable(row) is not None,
        "paragraph": paragraph,
    }


@register.inclusion_tag("tutorials/_stats.html", takes_context=True)
def tutorial_stats(context: Any) -> dict[str, Any]:
    """Each game's guided first game: done ✓, in progress, skipped, or not yet played."""
    request = context.get("request")
    mine = progress.rows(request) if request is not None else {}
    lines = []
    for entry, _tutorial in offered():
        row = mine.get(entry.kind)
        if progress.is_done(row):
            state = "done"
        elif progress.resumable(row) is not None:
            state = "playing"
        elif row is not None and row.status == "skipped":
            state = "skipped"
        else:
            state = "new"
        lines.append({"entry": entry, "state": state})
    return {"lines": lines}
