"""Reading a leaderboard page: one indexed query for the rows, a few counts for ranks.

A board is a game kind × difficulty ("" = all) × metric × period. Rows come
from the maintained ``LeaderboardEntry`` aggregates, ordered by the metric
(best first) and then by the player's id, so a tie lists the longer-standing
player first. Ties share a rank ("1, 2, 2, 4"). A suspended name is filtered
out here, at query time, so a suspension empties every board of it at once.
No query runs per row: names come with the rows (``select_related``).
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date

from django.core.paginator import Page, Paginator
from django.db.models import Q, QuerySet
from django.utils.translation import gettext_lazy as _

from games import catalogue
from leaderboards.models import LeaderboardEntry, Player
from leaderboards.periods import ALL_TIME, day_key, week_key
from leaderboards.streaks import DAILY_BOARD

PER_PAGE = 25

# kind → (name, ((level, label), ...)) for every game people can play, daily host first.
# Games between people are ranked under this "difficulty", apart from games against computers.
ONLINE_BOARD = "online"
CORRESPONDENCE_BOARD = "correspondence"  # online tables at days a move, apart from live ones
# The last two "difficulties" of each are the boards of online games between people.
KINDS: dict[str, tuple[str, tuple[tuple[str, str], ...]]] = {
    e.kind: (
        _(e.name),  # lazily, in the reader's language (the catalogue marks its words)
        (
            *((level.key, _(level.label)) for level in e.levels),
            (ONLINE_BOARD, _("Online tables")),
            (CORRESPONDENCE_BOARD, _("Correspondence tables")),
        ),
    )
    for e in sorted(catalogue.ready(), key=lambda e: e.daily is None)
}
# metric → (entry field, label, kinds it exists for; None = every kind)
METRICS: dict[str, tuple[str, str, frozenset[str] | None]] = {
    "wins": ("wins", _("Wins"), None),
    "points": ("points", _("Points"), None),
    "streak": ("best_win_run", _("Best win streak"), None),
    "daily": ("daily_streak", _("Daily challenge streak"), frozenset({DAILY_BOARD[0]})),
}
PERIODS = {"today": _("Today"), "week": _("This week"), "all": _("All time")}


@dataclass(frozen=True)
class Board:
    """Which board a page shows; ``parse`` falls back to defaults for anything unknown."""

    kind: str = DAILY_BOARD[0]
    metric: str = "wins"
    period: str = "week"
    difficulty: str = ""

    @classmethod
    def parse(cls, params: dict[str, str]) -> Board:
        kind = params.get("game", "")
        kind = kind if kind in KINDS else cls.kind
        metric = params.get("board", "")
        allowed = METRICS.get(metric, ("", "", frozenset()))[2]
        metric = metric if metric in METRICS and (allowed is None or kind in allowed) else "wins"
        period = params.get("period", "")
        period = period if period in PERIODS else cls.period
        difficulty = params.get("difficulty", "")
        if metric == "daily" or difficulty not in dict(KINDS[kind][1]):
            difficulty = ""
        return cls(kind, metric, period, difficulty)

    @property
    def field(self) -> str:
        return METRICS[self.metric][0]

    @property
    def note(self) -> str:
        """Which games this board leaves out (a game's shorter setups), or ""."""
        entry = catalogue.find(self.stored_as()[0])
        return entry.shown_board_note if entry is not None else ""

    def period_key(self, today: date) -> str:
        if self.period == "today":
            return day_key(today)
        return week_key(today) if self.period == "week" else ALL_TIME

    def stored_as(self) -> tuple[str, str]:
        """(kind, difficulty) of the rows: the calendar streak has its own."""
        return DAILY_BOARD if self.metric == "daily" else (self.kind, self.difficulty)

    def params(self, **change: str) -> dict[str, str]:
        values = {
            "game": self.kind,
            "board": self.metric,
            "period": self.period,
            "difficulty": self.difficulty,
        }
        values.update(change)
        return {k: v for k, v in values.items() if v}


@dataclass
class Row:
    rank: int
    player: Player
    value: int
    played: int
    is_me: bool = False


@dataclass
class BoardPage:
    board: Board
    rows: list[Row]
    page: Page
    me: Row | None = None
    my_page: int | None = None
    total: int = 0


def entries(board: Board, today: date) -> QuerySet[LeaderboardEntry]:
    """The board's visible rows, best first; suspended names and zeros left out."""
    kind, difficulty = board.stored_as()
    return (
        LeaderboardEntry.objects.filter(
            kind=kind,
            difficulty=difficulty,
            period_key=board.period_key(today),
            player__name_suspended=False,
            **{f"{board.field}__gt": 0},
        )
        .select_related("player")
        .order_by(f"-{board.field}", "player_id")
    )


def read(board: Board, today: date, page_number: object, viewer: Player | None) -> BoardPage:
    """One page of the board, with ranks and the viewer's own row and page."""
    rows = entries(board, today)
    paginator = Paginator(rows, PER_PAGE)
    page = paginator.get_page(page_number)
    result: list[Row] = []
    for offset, entry in enumerate(page.object_list):
        value = getattr(entry, board.field)
        if result and result[-1].value == value:
            rank = result[-1].rank
        elif not result:
            rank = rows.filter(**{f"{board.field}__gt": value}).count() + 1
        else:
            rank = page.start_index() + offset
        is_me = viewer is not None and entry.player_id == viewer.pk
        result.append(Row(rank, entry.player, value, entry.played, is_me))
    out = BoardPage(board, result, page, total=paginator.count)
    if viewer is not None:
        out.me, out.my_page = _find_me(rows, board, viewer, result, page.number)
    return out


def _find_me(
    rows: QuerySet[LeaderboardEntry], board: Board, viewer: Player, shown: list[Row], number: int
) -> tuple[Row | None, int | None]:
    """The viewer's row and the page it is on (no query when it is on the page shown)."""
    row = next((r for r in shown if r.is_me), None)
    if row is not None:
        return row, number
    entry = rows.filter(player=viewer).first()
    if entry is None:
        return None, None
    row = Row(0, viewer, getattr(entry, board.field), entry.played, True)
    above = rows.filter(**{f"{board.field}__gt": row.value}).count()
    tied_ahead = rows.filter(Q(**{board.field: row.value}) & Q(player_id__lt=viewer.pk)).count()
    row.rank = above + 1
    return row, (above + tied_ahead) // PER_PAGE + 1
