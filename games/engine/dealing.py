"""Round one and each next round, for the games whose deal passes to the left.

Two games deal alike: round one's dealer is drawn from the game's seed and the deal
shuffles with the same generator; each next round (asked for only once a round is
over) passes the deal to the next seat and shuffles with a generator of its own,
derived from the seed and the round number, so a move log replays every shuffle.
Each game's ``deal(state, rng)`` lays out the tiles; this module only says when
and with which generator.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Protocol

from .base import derived_rng, require_round_over


class _Setup(Protocol):
    @property
    def players(self) -> int: ...


class Dealt(Protocol):
    """A state this module deals: its seed, round, dealer and phase, and its setup."""

    seed: int
    round_no: int
    dealer: int
    phase: str

    @property
    def config(self) -> _Setup: ...


def first_deal[S: Dealt](state: S, deal: Callable[[S, random.Random], None]) -> S:
    """Round one of a new ``state``: the dealer drawn from the seed, then the deal."""
    rng = random.Random(state.seed)
    state.dealer = rng.randrange(state.config.players)
    deal(state, rng)
    return state


def next_deal[S: Dealt](state: S, deal: Callable[[S, random.Random], None]) -> None:
    """The next round, once this one is over: the next seat deals, shuffled afresh."""
    require_round_over(state.phase)
    state.round_no += 1
    state.dealer = (state.dealer + 1) % state.config.players
    deal(state, derived_rng(state.seed, "round", state.round_no))
