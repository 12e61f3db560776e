"""A game's replay timeline: its rounds and saved positions, rebuilt from the seed and the log.

Step 0 is the deal; step N is the table right after move N. Building replays
the whole log once from ``engine.new_game(config, seed)``, checks it lands on
the stored snapshot (as the contract tests do: a log that does not replay is
never shown as if it did), and keeps the state at the start of every round and
every :data:`CHECKPOINT_EVERY` steps. The result is cached per game and version,
so a step (or a jump to any round) replays at most ``CHECKPOINT_EVERY - 1``
moves from the nearest saved position instead of the whole game.
"""

from __future__ import annotations

import bisect
from collections.abc import Iterable
from dataclasses import dataclass, field
from types import ModuleType
from typing import Any

from django.core.cache import cache

from games.engine.registry import engine_for
from games.models import Game, GameStatus, Move

CHECKPOINT_EVERY = 16
CACHE_SECONDS = 7 * 24 * 3600
CACHE_FORMAT = 1  # bump when Timeline changes shape, so old cache entries are ignored


class BrokenLog(Exception):
    """The move log does not replay to the stored snapshot: nothing is shown from it."""


@dataclass(frozen=True)
class RoundSpan:
    """One round's steps: ``start`` shows its deal (0 for the first), ``end`` its last step."""

    number: int
    start: int
    end: int
    finished: bool


@dataclass(frozen=True)
class Timeline:
    """What may be replayed (steps 0..``last``), by round, with saved positions."""

    last: int
    rounds: tuple[RoundSpan, ...]
    checkpoints: dict[int, Any] = field(repr=False)

    def round_of(self, step: int) -> RoundSpan:
        starts = [r.start for r in self.rounds]
        return self.rounds[max(0, bisect.bisect_right(starts, step) - 1)]

    def round_number(self, number: int) -> RoundSpan | None:
        return next((r for r in self.rounds if r.number == number), None)

    def checkpoint_before(self, step: int) -> tuple[int, Any]:
        """The latest saved position at or before ``step``: (its step, its state JSON)."""
        best = max(s for s in self.checkpoints if s <= step)
        return best, self.checkpoints[best]


def is_over(game: Game) -> bool:
    """Finished or abandoned: the whole log may be replayed, not only finished rounds."""
    return game.status != GameStatus.ACTIVE


def timeline_for(game: Game) -> Timeline | None:
    """The game's timeline (cached per game, version and status); None: no finished round yet."""
    key = f"replays:timeline:{CACHE_FORMAT}:{game.id}:{game.version}:{is_over(game)}"
    found = cache.get(key)
    if found is None:
        moves = Move.objects.filter(game=game).order_by("seq").values_list("seq", "seat", "action")
        found = build(game, moves.iterator())
        cache.set(key, found, CACHE_SECONDS)
    return found if isinstance(found, Timeline) else None


def build(game: Game, moves: Iterable[tuple[int, int, dict[str, Any]]]) -> Timeline | bool:
    """Replay the log; ``False`` (cacheable) when no round has finished in an unfinished game."""
    engine = engine_for(game.kind)
    state = engine.new_game(game.config, game.seed)
    walker = _Walker(engine, state)
    seq = 0
    for seq, seat, action in moves:
        state, _events = engine.apply(state, seat, action)
        walker.step(seq, state)
    if seq != game.version or engine.to_json(state) != game.state:
        raise BrokenLog(f"the log of {game.id} does not replay to its snapshot")
    return walker.timeline(over=is_over(game), last=seq)


class _Walker:
    """Watches the states go by: where rounds start and end, and what to save."""

    def __init__(self, engine: ModuleType, state: Any) -> None:
        self.engine = engine
        self.checkpoints: dict[int, Any] = {0: engine.to_json(state)}
        self.spans: list[list[int]] = [[0, -1]]  # [start, first scored step] per round
        self.scored = engine.result(state) is not None

    def step(self, seq: int, state: Any) -> None:
        scored = self.engine.result(state) is not None
        if scored and not self.scored:
            self.spans[-1][1] = seq
        elif self.scored and not scored:
            self.spans.append([seq, -1])
            self.checkpoints[seq] = self.engine.to_json(state)
        if seq % CHECKPOINT_EVERY == 0:
            self.checkpoints[seq] = self.engine.to_json(state)
        self.scored = scored

    def timeline(self, over: bool, last: int) -> Timeline | bool:
        rounds = []
        for number, (start, scored_at) in enumerate(self.spans, start=1):
            following = self.spans[number][0] - 1 if number < len(self.spans) else last
            rounds.append(RoundSpan(number, start, following, scored_at >= 0))
        if not over:
            # A game still being played shows only its finished rounds, up to their scoring.
            rounds = [r for r in rounds if r.finished]
            if not rounds:
                return False
            rounds[-1] = RoundSpan(rounds[-1].number, rounds[-1].start, rounds[-1].end, True)
            last = rounds[-1].end
        return Timeline(last=last, rounds=tuple(rounds), checkpoints=self.checkpoints)


def state_at(game: Game, timeline: Timeline, step: int) -> Any:
    """The state right after move ``step``, replayed from the nearest saved position."""
    engine = engine_for(game.kind)
    start, data = timeline.checkpoint_before(step)
    state = engine.from_json(data)
    if step > start:
        rows = Move.objects.filter(game=game, seq__gt=start, seq__lte=step).order_by("seq")
        for seat, action in rows.values_list("seat", "action"):
            state, _events = engine.apply(state, seat, action)
    return state
