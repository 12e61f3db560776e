"""A rating's history as a small server-drawn SVG line (no script, no charting library).

The numbers and coordinates are worked out here and drawn by
``templates/players/_rating_chart.svg``; the same values fill the summary a
screen reader hears, so the picture and the words agree.
"""

from __future__ import annotations

from dataclasses import dataclass, field

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
        return Chart(slug, f"{name}: no rated games yet.")
    low, high = min(values), max(values)
    span = max(high - low, 1.0)
    inner_w, inner_h = WIDTH - LEFT - RIGHT, HEIGHT - TOP - BOTTOM
    step = inner_w / max(len(values) - 1, 1)
    points = [(LEFT + i * step, TOP + (high - v) / span * inner_h) for i, v in enumerate(values)]
    summary = (
        f"{name} rating over the last {len(values) - 1} rated games: from {round(values[0])} "
        f"to {round(values[-1])}, lowest {round(low)}, highest {round(high)}."
    )
    return Chart(slug, summary, points, round(low), round(high))
