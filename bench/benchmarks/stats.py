"""Statistics every game's benchmark reports with, in one neutral place.

A benchmark of one game must not import another game's benchmark to borrow an
interval: the figures of all four are compared side by side, so they come from
the same two functions.
"""

from __future__ import annotations

import math


def wilson(wins: float, games: int, z: float = 1.96) -> tuple[float, float]:
    """The 95% Wilson score interval of a win rate (a shared win may count half).

    Wilson rather than the normal approximation: it stays inside [0, 1] and is
    honest at the small counts and lopsided rates the level-against-level runs give.
    """
    if games == 0:
        return (0.0, 1.0)
    p = wins / games
    centre = (p + z * z / (2 * games)) / (1 + z * z / games)
    half = z * math.sqrt(p * (1 - p) / games + z * z / (4 * games * games)) / (1 + z * z / games)
    return (max(0.0, centre - half), min(1.0, centre + half))


def mean_interval(values: list[float]) -> tuple[float, float]:
    """The mean and the half-width of its 95% interval (paired differences, points a round)."""
    n = len(values)
    if n < 2:
        return (values[0] if values else 0.0, math.inf)
    mean = sum(values) / n
    spread = math.sqrt(sum((x - mean) ** 2 for x in values) / (n - 1))
    return mean, 1.96 * spread / math.sqrt(n)
