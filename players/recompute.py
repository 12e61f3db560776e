"""Recomputing every rating from the history, in the order it was written.

Each ``RatingChange`` keeps what its update read: the game, the pace, the
seat's side and place. A rating is one account's at one kind and pace, so the
live and correspondence histories are two separate lines per player. Games
are replayed so that every player's games come in their
``seq`` order (a game waits until each of its players has reached it; two
games with no player in common commute, so any such order gives the same
numbers). Each replayed game starts from the ratings the replay has reached
and calls the same ``players.ratings.update`` as the live path did, so the
floats come out bit for bit the same unless something changed the history.
"""

from __future__ import annotations

import math
from collections import defaultdict
from dataclasses import dataclass, field

from django.db import transaction
from django.db.models import QuerySet

from players.models import Rating, RatingChange
from players.ratings import START_MU, START_SIGMA, Entrant, update


@dataclass
class Replay:
    """What a recompute found: the ratings it reached and the rows that disagreed."""

    # (user, kind, pace) -> (mu, sigma, games)
    ratings: dict[tuple[int, str, str], tuple[float, float, int]] = field(default_factory=dict)
    mismatches: list[str] = field(default_factory=list)
    games: int = 0


def replay(kind: str | None = None) -> Replay:
    """Replay the history (of one kind, or all) without writing anything."""
    rows = RatingChange.objects.all() if kind is None else RatingChange.objects.filter(kind=kind)
    by_game: dict[object, list[RatingChange]] = defaultdict(list)
    for row in rows.order_by("id"):
        by_game[row.game_id].append(row)
    result = Replay()
    for changes in _in_order(by_game):
        _replay_game(changes, result)
    return result


def _in_order(by_game: dict[object, list[RatingChange]]) -> list[list[RatingChange]]:
    """Games ordered so each player's seq runs 1, 2, 3…; a gap or a cycle is an error."""
    waiting: dict[tuple[tuple[int, str, str], int], object] = {}
    for game_id, changes in by_game.items():
        for c in changes:
            waiting[(_key(c), c.seq)] = game_id
    reached: dict[tuple[int, str, str], int] = defaultdict(int)
    done: set[object] = set()
    ordered: list[list[RatingChange]] = []
    ready = [g for g, cs in by_game.items() if all(c.seq == 1 for c in cs)]
    while ready:
        game_id = ready.pop()
        if game_id in done:
            continue
        changes = by_game[game_id]
        if any(reached[_key(c)] != c.seq - 1 for c in changes):
            continue  # another player's earlier game comes first; it will bring this back
        done.add(game_id)
        ordered.append(changes)
        for c in changes:
            reached[_key(c)] = c.seq
            following = waiting.get((_key(c), c.seq + 1))
            if following is not None:
                ready.append(following)
    if len(done) != len(by_game):
        raise ValueError("The rating history has a gap or a loop; it cannot be replayed.")
    return ordered


def _key(row: RatingChange | Rating) -> tuple[int, str, str]:
    """Which rating a row belongs to: the account's at this kind and pace."""
    return (row.user_id, row.kind, row.pace)


def _replay_game(changes: list[RatingChange], result: Replay) -> None:
    now = {_key(c): result.ratings.get(_key(c)) for c in changes}
    entrants = []
    for c in changes:
        mu, sigma, _ = now[_key(c)] or (START_MU, START_SIGMA, 0)
        if (mu, sigma) != (c.mu_before, c.sigma_before):
            result.mismatches.append(f"game {c.game_id} seat {c.seat_index}: start differs")
        entrants.append(Entrant(c.user_id, c.team, c.place, mu, sigma))
    new = update(entrants)
    for c in changes:
        mu, sigma = new.get(c.user_id, (math.nan, math.nan))  # a lone side: the row is wrong
        if (mu, sigma) != (c.mu, c.sigma):
            result.mismatches.append(f"game {c.game_id} seat {c.seat_index}: result differs")
        result.ratings[_key(c)] = (mu, sigma, c.seq)
    result.games += 1


def _ratings(kind: str | None) -> QuerySet[Rating]:
    return Rating.objects.all() if kind is None else Rating.objects.filter(kind=kind)


def compare(result: Replay, kind: str | None = None) -> list[str]:
    """Stored ratings that differ from the replay's (missing, extra or other numbers)."""
    stored = {
        _key(r): (r.mu, r.sigma, r.games)
        for r in _ratings(kind)
        if r.games or _key(r) in result.ratings
    }
    keys = set(stored) | set(result.ratings)
    return [
        f"user {key[0]} {key[1]} {key[2]}: stored {stored.get(key)}, "
        f"replayed {result.ratings.get(key)}"
        for key in sorted(keys)
        if stored.get(key) != result.ratings.get(key)
    ]


def write(result: Replay, kind: str | None = None) -> int:
    """Store the replayed ratings (rows locked in id order); returns how many rows were written."""
    with transaction.atomic():
        rows = list(_ratings(kind).select_for_update().order_by("id"))
        for row in rows:
            start = (START_MU, START_SIGMA, 0)
            mu, sigma, games = result.ratings.get(_key(row), start)
            row.mu, row.sigma, row.games = mu, sigma, games
        Rating.objects.bulk_update(rows, ["mu", "sigma", "games"])
    return len(rows)
