"""What a guided first game is made of: a deal, steps, and the computers' scripted answers.

A tutorial is data. Its deal is a real start of the game, built by the game's own engine
(``new_game`` for a seed, then its pieces laid out where the lesson needs them, each one
still in exactly one place); its steps are the person's moves, one engine move each:

- ``line``: the line of guidance the table shows (and reads out) while the step waits;
- ``expects``: whether a move is the one the step teaches, judged on the move and the
  state before it (the engine then judges the move as it judges any move);
- ``wrong``: what is said of any other move, which the table refuses and undoes;
  ``hints``: particular wrong moves with an explanation of their own, asked first;
- ``answers``: the computers' moves that follow it, fixed by the script, not by a bot;
- ``example`` and ``mistake``: the step's move and a typical wrong one, which the tests
  play through the engine (the script must be walkable from its deal to its end).

The game moves only by the script, so its version says where it is: step 1 is played at
version 0, its answers take the next versions, then step 2, and so on (:meth:`Tutorial.at`).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

Action = dict[str, Any]
# (the move, the state before it, the mover's seat) -> True when it is the step's move
Judge = Callable[[Action, Any, int], bool]


@dataclass(frozen=True)
class Answer:
    """A computer's move fixed by the script: ``make(state)`` builds it from the state it is
    played in (the tiles' ids are the deal's, the table the person's own arrangement)."""

    seat: int
    make: Callable[[Any], Action]

    def action(self, state: Any) -> Action:
        return self.make(state)


@dataclass(frozen=True)
class Step:
    title: Any  # a few words for the outline ("A set"), lazily translated
    line: Any  # the guidance while the step waits
    expects: Judge
    wrong: Any  # why another move is refused
    hints: tuple[tuple[Judge, Any], ...] = ()
    answers: tuple[Answer, ...] = ()
    # The step's move and a typical wrong one, built on the state before it: the tests walk
    # the script with them (the page builds the move from the person's taps).
    example: Callable[[Any], Action] | None = None
    mistake: Callable[[Any], Action] | None = None

    def refusal(self, action: Action, state: Any, seat: int) -> str | None:
        """None for the step's move; else the explanation, in the reader's language."""
        if self.expects(action, state, seat):
            return None
        for judge, words in self.hints:
            if judge(action, state, seat):
                return str(words)
        return str(self.wrong)


@dataclass(frozen=True)
class Place:
    """Where a game at some version stands in its script."""

    step: int  # the step being played or answered (0-based); len(steps) at the end
    answer: Answer | None = None  # the computer's move due now, if it is one


@dataclass(frozen=True)
class Tutorial:
    kind: str
    config: dict[str, Any]
    computers: tuple[tuple[str, str], ...]  # (seat name, level) of each computer, seats 1…
    deal: Callable[[], Any]  # the start, as the engine's state
    steps: tuple[Step, ...]
    intro: Any  # what the guided game teaches, in a sentence
    finale: Any  # the line once it is done
    minutes: int = 2
    seed: int = 20261206

    @property
    def end(self) -> int:
        """The version the game reaches once every step and answer is played."""
        return len(self.steps) + sum(len(step.answers) for step in self.steps)

    def at(self, version: int) -> Place:
        """Where the game stands at ``version``: a step waiting, a computer's answer due, or
        the end (``step == len(steps)``)."""
        start = 0
        for index, step in enumerate(self.steps):
            if version == start:
                return Place(index)
            answered = version - start - 1
            if answered < len(step.answers):
                return Place(index, step.answers[answered])
            start += 1 + len(step.answers)
        return Place(len(self.steps))


# --- judging moves -------------------------------------------------------------------------


def same_table(expected: Sequence[Sequence[str]], faces: Callable[[int], str]) -> Judge:
    """A move whose whole new table (``action["table"]``) is ``expected``: the same sets,
    each read as its tiles' faces, in any order (a joker's face is "J")."""
    want = _shape(expected)

    def judge(action: Action, state: Any, seat: int) -> bool:
        table = action.get("table")
        if not isinstance(table, list) or not all(isinstance(s, list) for s in table):
            return False
        return _shape([[faces(t) for t in s] for s in table if s]) == want

    return judge


def _shape(table: Sequence[Sequence[str]]) -> list[tuple[str, ...]]:
    return sorted(tuple(sorted(tiles)) for tiles in table)


def of_type(kind: str) -> Judge:
    """Any move of that type (a draw, a discard…)."""
    return lambda action, state, seat: action.get("type") == kind


def both(*judges: Judge) -> Judge:
    return lambda action, state, seat: all(j(action, state, seat) for j in judges)


# --- building the deal ----------------------------------------------------------------------


class Tiles:
    """A game's pieces by face, to lay a deal out: :meth:`take` hands out an id showing a
    face (each id once), and :meth:`rest` what is left, in id order."""

    def __init__(self, ids: Sequence[int], face: Callable[[int], str]) -> None:
        self._free: dict[str, list[int]] = {}
        self._order = list(ids)
        for tile in ids:
            self._free.setdefault(face(tile), []).append(tile)
        self._taken: set[int] = set()

    def take(self, *faces: str) -> list[int]:
        out = []
        for face in faces:
            free = self._free.get(face)
            if not free:
                raise ValueError(f"no {face} left to deal")
            tile = free.pop(0)
            self._taken.add(tile)
            out.append(tile)
        return out

    def rest(self) -> list[int]:
        left = [t for t in self._order if t not in self._taken]
        self._taken.update(left)
        for free in self._free.values():
            free.clear()
        return left
