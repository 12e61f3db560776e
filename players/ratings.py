"""The rating model: openskill's Weng-Lin Plackett-Luce, with its default settings.

Why openskill rather than Glicko-2: Glicko-2 rates one player against one
other, so a four-seat game would have to be cut into six made-up duels and a
team of partners would have no rating at all. Weng-Lin's Plackett-Luce model
rates one finishing order of 2-8 sides at once, with teams and shared places,
and the library is maintained and fast. Its defaults: mu 25, sigma 25/3,
beta 25/6, tau 25/300 (sigma never shrinks to nothing, so a rating can still
move after many games).

Everything here is arithmetic on floats, so the stored update and the
recompute (players.recompute) call the same function with the same numbers
and get the same bits back.
"""

from __future__ import annotations

from dataclasses import dataclass

from openskill.models import PlackettLuce

MODEL = PlackettLuce()
START_MU: float = MODEL.mu
START_SIGMA: float = MODEL.sigma


@dataclass(frozen=True)
class Entrant:
    """One rated seat going into an update: who, on which side, at which place (0 = first)."""

    key: int
    team: int
    place: int
    mu: float
    sigma: float


def update(entrants: list[Entrant]) -> dict[int, tuple[float, float]]:
    """New (mu, sigma) for each entrant's key after one game.

    Sides are ordered by team number; a side's place is its members' place
    (lower is better, equal places are a shared finish). Fewer than two sides
    rate nothing (an empty answer).
    """
    teams = sorted({e.team for e in entrants})
    if len(teams) < 2:
        return {}
    members = [[e for e in entrants if e.team == t] for t in teams]
    ratings = [[MODEL.create_rating([e.mu, e.sigma]) for e in side] for side in members]
    ranks = [min(e.place for e in side) for side in members]
    rated = MODEL.rate(ratings, ranks=ranks)
    return {
        e.key: (float(r.mu), float(r.sigma))
        for side, new_side in zip(members, rated, strict=True)
        for e, r in zip(side, new_side, strict=True)
    }
