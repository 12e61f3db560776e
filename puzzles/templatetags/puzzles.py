"""``{% puzzle_stats %}``: the caller's puzzle numbers, for the stats page (one include)."""

from __future__ import annotations

from typing import Any

from django import template

from puzzles.solvers import solver_for
from puzzles.stats import summary

register = template.Library()


@register.inclusion_tag("puzzles/_stats.html", takes_context=True)
def puzzle_stats(context: Any) -> dict[str, Any]:
    request = context.get("request")
    solver = solver_for(request, create=False) if request is not None else None
    return {"puzzles": summary(solver)}
