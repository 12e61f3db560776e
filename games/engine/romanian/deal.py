"""The deal, in the one fixed order RULINGS.md describes, reproducible from the seed.

Fifteen face-down stacks of seven and a spare. The spare is turned: a joly
is shuffled back (from the seed) and another spare turned. Counting from
stack 1 (nearest the dealer) to the spare's number, the spare replaces that
stack's top tile, which goes on top of the next stack (now eight tiles).
Dealing takes the eight-tile stack and the stacks after it in order
(wrapping past 15), two at a time to each player counterclockwise from the
dealer's right. The wall is then drawn from the next undealt stack onward,
top tile first, so the spare itself (on top of the counted stack, always
the last undealt one) is the seventh tile from the end of the wall.
"""

from __future__ import annotations

import random

from ..base import derived_rng
from .state import State, next_seat
from .tiles import TILE_COUNT, face_of, sort_tiles

STACKS = 15
STACK_SIZE = 7


def first_dealer(seed: int, players: int) -> int:
    return random.Random(seed).randrange(players)


def shuffled_box(rng: random.Random) -> tuple[list[int], int]:
    """The mixed tiles with a spare that is not a joly, and how many jolys were turned first."""
    tiles = list(range(TILE_COUNT))
    rng.shuffle(tiles)
    jolys = 0
    while face_of(tiles[-1]).wild:
        jolys += 1
        rng.shuffle(tiles)
    return tiles, jolys


def build_stacks(tiles: list[int]) -> tuple[list[list[int]], int, int]:
    """Stacks (top tile first), the spare and the 1-based stack it was counted to."""
    stacks = [tiles[i * STACK_SIZE : (i + 1) * STACK_SIZE] for i in range(STACKS)]
    spare = tiles[STACKS * STACK_SIZE]
    count = face_of(spare).number or 1
    counted = stacks[count - 1]
    removed = counted[0]
    counted[0] = spare
    stacks[count % STACKS].insert(0, removed)
    return stacks, spare, count


def deal(state: State) -> None:
    """Deal the current round into ``state`` (already a copy); the doubla prompt comes first."""
    n = state.config.players
    tiles, jolys = shuffled_box(derived_rng(state.seed, "deal", state.round_no))
    stacks, spare, count = build_stacks(tiles)
    order = [(count + k) % STACKS for k in range(STACKS)]  # the 8-tile stack first
    state.racks = [[] for _ in range(n)]
    seat = next_seat(state, state.dealer)
    state.first_player = seat
    for i in range(n):
        state.racks[seat] = sort_tiles(stacks[order[2 * i]] + stacks[order[2 * i + 1]])
        seat = next_seat(state, seat)
    state.wall = [t for index in order[2 * n :] for t in stacks[index]]
    state.spare, state.spare_stack, state.joly_spares = spare, count, jolys
    reset_round(state)


def reset_round(state: State) -> None:
    n = state.config.players
    state.turn = state.first_player
    state.phase = "doubla"
    state.discards, state.discarded_by, state.first_discard = [], [], None
    state.melds = [[] for _ in range(n)]
    state.laid_by = [-1] * TILE_COUNT
    state.opened = [False] * n
    state.opened_this_turn = False
    state.drawn = None
    state.took_discard = False
    state.announced = [False] * n
    state.doubla_pairs = [None] * n
    state.doubla_heights = [None] * n
    state.doubla_answered = [False] * n
    state.swap_with = [None] * n
    state.swap_answered = [False] * n
    state.swaps = []
    state.takes = []
    state.turns = 0
    state.round_scores = None
    state.breakdown = None
    state.round_winner = None
    state.all_at_once = False
    state.end_reason = None
