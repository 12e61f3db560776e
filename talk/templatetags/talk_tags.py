"""``{% load talk_tags %}{% talk_panel game %}``: the talk panel on a table or watch page.

A template tag, so the platform's table page can show it without importing
this app (the table only names it, as it names the watchers' count).
"""

from __future__ import annotations

from typing import Any

from django import template
from django.http import Http404
from django.template.loader import render_to_string

from talk import panel

register = template.Library()


@register.simple_tag(takes_context=True)
def talk_panel(context: dict[str, Any], game: Any) -> str:
    request = context.get("request")
    if request is None or game is None or not getattr(game, "online", False):
        return ""
    try:
        spoken = panel.speaker(request, game.id)
    except Http404:
        return ""
    return render_to_string("talk/_panel.html", panel.context(request, spoken), request=request)
