"""Puzzles, the people solving them, their attempts, streaks and the daily puzzle.

A puzzle holds only what a seat could see (the table and its own rack) plus
its answer: the optimum (tiles, then value) and one arrangement reaching it.
Every game with puzzles in the catalogue shares the model; what differs (the
board, the draft, the judge) is the game's own puzzle module (``Puzzle.adapter``).
The answer is read by the server when an attempt is judged and shown only
once the attempt is over.
"""

from __future__ import annotations

from typing import Any

from django.conf import settings
from django.db import models
from django.db.models import Q
from django.utils.translation import gettext_lazy

from games import catalogue

START_RATING = 1500.0
START_RD = 350.0
PUZZLE_RD = 250.0  # a puzzle's first rating is an estimate: less unsure than a new player's
START_VOL = 0.06
# Private puzzles (from a player's own games) are numbered from here, far above the bank's.
OWN_FIRST_ID = 100_000_000


# The games with puzzles, as the catalogue lists them (kind, name); the first is the default.
GAMES = tuple((entry.kind, entry.name) for entry in catalogue.with_puzzles())


class BankPuzzles(models.Manager):
    """The shared bank only: a puzzle made from someone's own game is theirs alone, so the
    default manager (every list, draw, count and theme page) never sees one. Reaching a
    private puzzle takes ``Puzzle.every`` and a check of its owner (``puzzles.own``).
    A retired puzzle (of an earlier bank) is left out too: it is never dealt again."""

    def get_queryset(self) -> models.QuerySet:
        return super().get_queryset().filter(owner__isnull=True, retired=False)


class Puzzle(models.Model):
    KINDS = (
        ("most", gettext_lazy("Lay the most tiles")),
        ("out", gettext_lazy("Go out this turn")),
        ("open", gettext_lazy("Open with the most tiles")),
    )

    id = models.PositiveIntegerField(primary_key=True)
    game = models.CharField(max_length=24, choices=GAMES, default=GAMES[0][0])
    kind = models.CharField(max_length=8, choices=KINDS)
    threshold = models.PositiveSmallIntegerField(null=True, blank=True)  # an opening puzzle's
    table = models.JSONField()  # [[tile ids], ...]
    rack = models.JSONField()  # [tile ids]
    tiles = models.PositiveSmallIntegerField()  # the optimum: rack tiles laid ...
    value = models.PositiveSmallIntegerField()  # ... then their value (a joker 30)
    solution = models.JSONField()  # one whole new table reaching the optimum
    themes = models.JSONField(default=list)
    # The nudge the Hint button gives, as data the game's puzzle module puts into words
    # ({"key": ..., values}); empty: the hint names the themes instead (own puzzles).
    hint = models.JSONField(default=dict, blank=True)
    # What the answer lays beyond the best first idea (the medium computer and the stated
    # greedies): [tiles, points]. Part of the answer: never shown while an attempt is open.
    gain = models.JSONField(null=True, blank=True)
    difficulty = models.PositiveIntegerField()
    source = models.CharField(max_length=32, blank=True)  # "game seed:move" in the generator
    rating = models.FloatField()
    rd = models.FloatField(default=PUZZLE_RD)
    vol = models.FloatField(default=START_VOL)
    plays = models.PositiveIntegerField(default=0)
    solves = models.PositiveIntegerField(default=0)
    # A private puzzle's solver (None: the shared bank's) and where it came from:
    # {"game", "round", "turn", "seq", "laid", "played"}; ``origin_key`` (game:seat:round:seq)
    # keeps one turn from becoming two puzzles.
    owner = models.ForeignKey(
        "Solver", null=True, blank=True, on_delete=models.CASCADE, related_name="own_puzzles"
    )
    origin = models.JSONField(null=True, blank=True)
    origin_key = models.CharField(max_length=80, null=True, blank=True, unique=True)
    made_at = models.DateTimeField(null=True, blank=True)
    # A puzzle of an earlier bank, no longer dealt (issue 40: the banks were rebuilt with new
    # ids). Its row stays so that the attempts on it, their history and a daily that showed
    # it still open; ``Puzzle.every`` and the solver's own history still reach it.
    retired = models.BooleanField(default=False)

    objects = BankPuzzles()
    every = models.Manager()  # the bank and everyone's private puzzles: check the owner

    class Meta:
        indexes = [models.Index(fields=["rating"])]
        base_manager_name = "every"

    def __str__(self) -> str:
        return f"Puzzle {self.id}"

    @property
    def adapter(self) -> Any:
        """The game's puzzle module (board, draft, judge), named by the catalogue."""
        spec = catalogue.get(self.game).puzzles
        assert spec is not None, f"{self.game} has no puzzles"
        return catalogue.load(spec.adapter)


class Solver(models.Model):
    """Someone solving puzzles: an account, or a guest's device (one of the two)."""

    user = models.OneToOneField(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.CASCADE
    )
    device_key = models.CharField(max_length=64, blank=True)
    rating = models.FloatField(default=START_RATING)
    rd = models.FloatField(default=START_RD)
    vol = models.FloatField(default=START_VOL)
    best_streak = models.PositiveIntegerField(default=0)
    daily_streak = models.PositiveIntegerField(default=0)
    best_daily_streak = models.PositiveIntegerField(default=0)
    daily_last = models.DateField(null=True, blank=True)  # the last daily solved

    class Meta:
        constraints = [
            models.UniqueConstraint(
                fields=["device_key"],
                condition=Q(user__isnull=True),
                name="puzzles_one_solver_per_device",
            )
        ]

    def __str__(self) -> str:
        return f"Solver {self.pk}"


class Streak(models.Model):
    """Puzzles solved in a row; one miss (or giving up) ends it."""

    solver = models.ForeignKey(Solver, on_delete=models.CASCADE, related_name="streaks")
    started_at = models.DateTimeField(auto_now_add=True)
    ended_at = models.DateTimeField(null=True, blank=True)
    length = models.PositiveIntegerField(default=0)
    current = models.ForeignKey(
        "Attempt", null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )

    class Meta:
        constraints = [
            models.UniqueConstraint(
                fields=["solver"],
                condition=Q(ended_at__isnull=True),
                name="puzzles_one_live_streak",
            )
        ]


class Attempt(models.Model):
    OPEN, SOLVED, MISSED = "open", "solved", "missed"
    STATUSES = ((OPEN, "open"), (SOLVED, "solved"), (MISSED, "missed"))

    solver = models.ForeignKey(Solver, on_delete=models.CASCADE, related_name="attempts")
    puzzle = models.ForeignKey(Puzzle, on_delete=models.CASCADE, related_name="attempts")
    streak = models.ForeignKey(
        Streak, null=True, blank=True, on_delete=models.CASCADE, related_name="attempts"
    )
    # A Storm run's puzzle: judged and scored by ``puzzles.storm`` alone, never rated.
    storm = models.ForeignKey(
        "StormRun", null=True, blank=True, on_delete=models.CASCADE, related_name="attempts"
    )
    status = models.CharField(max_length=8, choices=STATUSES, default=OPEN)
    rated = models.BooleanField(default=False)  # the first try of a puzzle, outside a streak
    scored = models.BooleanField(default=False)  # its rating change is applied (at most once)
    hinted = models.BooleanField(default=False)
    # the game's own draft (a table game's {"table", "placed"}; an opening's {"melds", ...})
    draft = models.JSONField(null=True, blank=True)
    answer = models.JSONField(null=True, blank=True)  # the table or opening confirmed
    laid = models.PositiveSmallIntegerField(null=True, blank=True)
    laid_value = models.PositiveSmallIntegerField(null=True, blank=True)
    rating_before = models.FloatField(null=True, blank=True)
    rating_after = models.FloatField(null=True, blank=True)
    daily = models.DateField(null=True, blank=True)  # the UTC day whose daily this counts for
    created_at = models.DateTimeField(auto_now_add=True)
    finished_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        indexes = [models.Index(fields=["solver", "puzzle"])]

    @property
    def over(self) -> bool:
        return self.status != self.OPEN


class DailyPuzzle(models.Model):
    date = models.DateField(primary_key=True)
    puzzle = models.ForeignKey(Puzzle, on_delete=models.PROTECT, related_name="+")


class StormRun(models.Model):
    """A Storm run: puzzles against a clock kept here, never in the browser.

    ``ends_at`` is the deadline, moved by the run's own rules (``puzzles.storm``):
    later by a combo's time bonus, earlier by a miss. ``dealt`` numbers the puzzle in
    play, so an answer meant for another puzzle (or replayed) is told apart from the
    current one. ``last`` keeps what the previous answer earned, for the page to say.
    """

    solver = models.ForeignKey(Solver, on_delete=models.CASCADE, related_name="storm_runs")
    day = models.DateField()  # the UTC day it started on: the daily best's day
    started_at = models.DateTimeField()
    ends_at = models.DateTimeField()
    ended_at = models.DateTimeField(null=True, blank=True)
    current = models.ForeignKey(
        Attempt, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    dealt = models.PositiveSmallIntegerField(default=0)  # puzzles dealt so far
    score = models.PositiveIntegerField(default=0)
    solved = models.PositiveSmallIntegerField(default=0)
    missed = models.PositiveSmallIntegerField(default=0)
    combo = models.PositiveSmallIntegerField(default=0)
    best_combo = models.PositiveSmallIntegerField(default=0)
    last = models.JSONField(null=True, blank=True)

    class Meta:
        indexes = [models.Index(fields=["solver", "day"], name="puzzles_storm_solver_day")]
        constraints = [
            models.UniqueConstraint(
                fields=["solver"],
                condition=Q(ended_at__isnull=True),
                name="puzzles_one_live_storm",
            )
        ]

    def __str__(self) -> str:
        return f"Storm run {self.pk}"
