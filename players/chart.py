"""A rating's history as a small server-drawn SVG line (no script, no charting library).

The numbers and coordinates are worked out here and drawn by
``templates/players/_rating_chart.svg``; the same values fill the summary a
screen reader hears, so the picture and the words agree.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from django.utils.translation import gettext as _
from django.utils.translation import ngettext

WIDTH, HEIGHT = 320, 120
LEFT, RIGHT, TOP, BOTTOM = 40, 8, 10, 20
MAX_POINTS = 100  # the latest games; older ones are summarised by the first point shown


@dataclass
class Chart:
    slug: str
    summary: str
    points: list[tuple[float, float]] = field(default_factory=list)
    low: int = 0
    high: int = 0
    width: int = WIDTH
    height: int = HEIGHT
    left: int = LEFT
    top: int = TOP
    bottom: int = HEIGHT - BOTTOM

    @property
    def path(self) -> str:
        """The SVG path through every point ("" with fewer than two)."""
        if len(self.points) < 2:
            return ""
        head, *rest = self.points
        return f"M{head[0]:.1f},{head[1]:.1f} " + " ".join(f"L{x:.1f},{y:.1f}" for x, y in rest)


def chart_for(slug: str, name: str, values: list[float]) -> Chart:
    """The chart of ``values``: the starting rating, then one per rated game, oldest first."""
    values = values[-MAX_POINTS:]
    if not values:
        return Chart(slug, _("%(name)s: no rated games yet.") % {"name": name})
    low, high = min(values), max(values)
    span = max(high - low, 1.0)
    inner_w, inner_h = WIDTH - LEFT - RIGHT, HEIGHT - TOP - BOTTOM
    step = inner_w / max(len(values) - 1, 1)
    points = [(LEFT + i * step, TOP + (high - v) / span * inner_h) for i, v in enumerate(values)]
    games = len(values) - 1
    summary = ngettext(
        "%(name)s rating over the last %(games)s rated game: from %(first)s to %(last)s, "
        "lowest %(low)s, highest %(high)s.",
        "%(name)s rating over the last %(games)s rated games: from %(first)s to %(last)s, "
        "lowest %(low)s, highest %(high)s.",
        games,
    ) % {
        "name": name,
        "games": games,
        "first": round(values[0]),
        "last": round(values[-1]),
        "low": round(low),
        "high": round(high),
    }
    return Chart(slug, summary, points, round(low), round(high))
