"""``{% stats_pictures %}``: the stats page's calendar and weekly charts (accounts.charts).

A tag rather than more view context so the pictures stay one include on the
page, with their numbers worked out in one place for the picture and its table.
"""

from __future__ import annotations

from typing import Any

from django import template

from accounts import charts

register = template.Library()


@register.inclusion_tag("accounts/_charts.html", takes_context=True)
def stats_pictures(context: template.Context) -> dict[str, Any]:
    """The caller's daily calendar and weekly results, drawn as SVG with a table each."""
    pictures = charts.pictures_for(context["request"])
    return {
        "calendar": pictures.calendar,
        "charts": pictures.charts,
        "g": charts.GEOMETRY,
        "weeks": charts.WEEKS,
    }
