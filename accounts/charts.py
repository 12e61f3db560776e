"""The stats page's pictures: a year of daily-challenge days, and results week by week.

Drawn on the server as SVG from templates (``accounts/_calendar.svg``,
``accounts/_weekly.svg``), so the page needs no script and no charting library;
this module works out every number and coordinate, and the same objects fill
the text table behind each picture, so what a screen reader hears and what the
picture shows can't disagree.

- **Calendar**: the last 365 UTC days up to today, one square per day in
  columns of ISO weeks (Monday on top), like a contribution calendar. It is cut
  into two bands of half a year, stacked, so the squares stay big enough to see
  on a 360 px phone. A cleared day is a full, filled square; any other day a
  small hollow one: they differ in shape, not only in colour.
- **Weekly results**: per game and level, the last twelve ISO weeks (UTC):
  wins (filled bars) and losses (outlined bars, stacked on the wins; an
  abandoned game is a loss) and, below, the average final points of the games
  played to the end that week (a line with dots; no dot for a week without one).

Both read the leaderboards' own rows (``DailyClear``, ``Result``), which the
server writes when a game ends and which join the account on sign-in.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable
from dataclasses import dataclass, field
from datetime import UTC, date, datetime, time, timedelta

from django.http import HttpRequest
from django.utils.dates import WEEKDAYS_ABBR
from django.utils.formats import date_format
from django.utils.translation import gettext as _
from django.utils.translation import ngettext, pgettext

from games import catalogue
from games.describe import level_label, level_sort_key
from leaderboards.models import DailyClear, Result
from leaderboards.periods import utc_date, utc_today
from leaderboards.players import player_for_request

ONE_DAY = timedelta(days=1)
YEAR_DAYS = 365
WEEKS = 12

# Calendar geometry (SVG user units; the picture scales to the page's width).
PITCH = 13  # one day's square and its gap
CELL = 11
LEFT = 30  # room for the weekday labels
MONTH_ROW = 16  # room for the month labels above each band
BAND_GAP = 10
HOLLOW_INSET = 2
WEEKDAY_ROWS = (0, 2, 4, 6)  # Monday, Wednesday, Friday, Sunday: labelled in the language read

# Weekly chart geometry.
CHART_W = 320
AXIS = 30  # left margin for the scale
RIGHT = 14  # room for the last week's date to end inside the picture
BARS_TOP, BARS_H = 8, 90
POINTS_TOP, POINTS_H = 128, 50
LABELS_Y = 196
CHART_H = 204
# What the weekly chart's template draws its frame with (the same numbers as above).
GEOMETRY = {
    "width": CHART_W,
    "height": CHART_H,
    "axis": AXIS,
    "bars_top": BARS_TOP,
    "bars_bottom": BARS_TOP + BARS_H,
    "points_top": POINTS_TOP,
    "points_bottom": POINTS_TOP + POINTS_H,
    "labels_y": LABELS_Y,
}


def monday(day: date) -> date:
    return day - timedelta(days=day.weekday())


# The dates' patterns are the translator's: a month's name, its order and its case
# differ between languages ("30 November 2026" in English).
def long_date(day: date) -> str:
    return date_format(day, pgettext("date format: day, month, year", "j F Y"))


def short_date(day: date) -> str:
    return date_format(day, pgettext("date format: day and short month", "j M"))


# --- the calendar ----------------------------------------------------------------------


@dataclass(frozen=True)
class CalendarDay:
    day: date
    cleared: bool
    today: bool
    x: int
    y: int

    @property
    def size(self) -> int:
        """A cleared day fills its square; any other day is a smaller square inside it."""
        return CELL if self.cleared else CELL - 2 * HOLLOW_INSET

    @property
    def left(self) -> int:
        return self.x if self.cleared else self.x + HOLLOW_INSET

    @property
    def top(self) -> int:
        return self.y if self.cleared else self.y + HOLLOW_INSET

    @property
    def label(self) -> str:
        shown = date_format(
            self.day, pgettext("date format: short weekday, day, short month, year", "D j M Y")
        )
        if self.cleared:
            return _("%(day)s: cleared") % {"day": shown}
        return _("%(day)s: not cleared") % {"day": shown}


@dataclass(frozen=True)
class Label:
    x: int
    y: int
    text: str


@dataclass(frozen=True)
class MonthRow:
    """One line of the calendar's table: a month and the days cleared in it."""

    month: date
    days: tuple[int, ...]

    @property
    def name(self) -> str:
        return date_format(self.month, "YEAR_MONTH_FORMAT")


@dataclass(frozen=True)
class Calendar:
    first: date
    last: date
    days: tuple[CalendarDay, ...]
    months: tuple[Label, ...]
    weekdays: tuple[Label, ...]
    rows: tuple[MonthRow, ...]
    width: int
    height: int

    @property
    def cleared(self) -> tuple[date, ...]:
        return tuple(d.day for d in self.days if d.cleared)

    @property
    def count(self) -> int:
        return len(self.cleared)

    @property
    def summary(self) -> str:
        return ngettext(
            "Daily challenge: %(count)s day cleared between %(first)s and %(last)s (UTC).",
            "Daily challenge: %(count)s days cleared between %(first)s and %(last)s (UTC).",
            self.count,
        ) % {"count": self.count, "first": long_date(self.first), "last": long_date(self.last)}


def year_calendar(cleared: Iterable[date], today: date, bands: int = 2) -> Calendar:
    """The 365 UTC days up to ``today`` laid out in week columns, cut into ``bands`` bands."""
    first = today - (YEAR_DAYS - 1) * ONE_DAY
    start = monday(first)
    weeks = (today - start).days // 7 + 1
    per_band = -(-weeks // bands)
    band_h = MONTH_ROW + 7 * PITCH
    marked = set(cleared)
    days: list[CalendarDay] = []
    months: list[tuple[bool, Label]] = []
    for offset in range((today - first).days + 1):
        day = first + offset * ONE_DAY
        week = (day - start).days // 7
        band, column = divmod(week, per_band)
        top = band * (band_h + BAND_GAP)
        x, y = LEFT + column * PITCH, top + MONTH_ROW + day.weekday() * PITCH
        days.append(CalendarDay(day, day in marked, day == today, x, y))
        band_start = column == 0 and (offset == 0 or day.weekday() == 0)
        if day.day == 1 or band_start:
            month = date_format(day, pgettext("date format: short month", "M"))
            months.append((day.day == 1, Label(x, top + MONTH_ROW - 5, month)))
    weekdays = tuple(
        Label(
            0, b * (band_h + BAND_GAP) + MONTH_ROW + row * PITCH + CELL - 1, str(WEEKDAYS_ABBR[row])
        )
        for b in range(bands)
        for row in WEEKDAY_ROWS
    )
    return Calendar(
        first=first,
        last=today,
        days=tuple(days),
        months=_spaced(months),
        weekdays=weekdays,
        rows=_month_rows(first, today, marked),
        width=LEFT + per_band * PITCH,
        height=bands * band_h + (bands - 1) * BAND_GAP,
    )


def _spaced(labels: list[tuple[bool, Label]]) -> tuple[Label, ...]:
    """Month labels without overlaps: where a month starts just after a band does, the
    band's own label (the month it opens in) gives way to the new month's."""
    kept: list[Label] = []
    for month_start, label in labels:
        if kept and kept[-1].y == label.y and label.x - kept[-1].x < 3 * PITCH:
            if not month_start:
                continue
            kept.pop()
        kept.append(label)
    return tuple(kept)


def _month_rows(first: date, last: date, marked: set[date]) -> tuple[MonthRow, ...]:
    rows: dict[date, list[int]] = {}
    day = first
    while day <= last:
        rows.setdefault(day.replace(day=1), [])
        if day in marked:
            rows[day.replace(day=1)].append(day.day)
        day += ONE_DAY
    return tuple(MonthRow(month, tuple(days)) for month, days in rows.items())


# --- results week by week -----------------------------------------------------------------


@dataclass
class Week:
    start: date
    wins: int = 0
    losses: int = 0
    finished: int = 0  # games played to the end (the average's denominator)
    points: int = 0

    @property
    def played(self) -> int:
        return self.wins + self.losses

    @property
    def average(self) -> int | None:
        """Average final points of the games played to the end, rounded; None without one."""
        return round(self.points / self.finished) if self.finished else None

    @property
    def label(self) -> str:
        return short_date(self.start)

    @property
    def long_label(self) -> str:
        return _("Week of %(day)s") % {"day": long_date(self.start)}

    # What each mark of the weekly chart says when pointed at (its SVG <title>).
    @property
    def won_title(self) -> str:
        return _("%(week)s: %(count)s won") % {"week": self.long_label, "count": self.wins}

    @property
    def lost_title(self) -> str:
        return _("%(week)s: %(count)s lost") % {"week": self.long_label, "count": self.losses}

    @property
    def average_title(self) -> str:
        average = self.average or 0
        return ngettext(
            "%(week)s: %(count)s point on average",
            "%(week)s: %(count)s points on average",
            average,
        ) % {"week": self.long_label, "count": average}


@dataclass(frozen=True)
class Bar:
    week: Week
    x: float
    width: float
    wins_y: float
    wins_h: float
    losses_y: float
    losses_h: float


@dataclass
class WeeklyChart:
    """One game at one level: twelve weeks of wins, losses and average points."""

    kind: str
    level: str
    weeks: list[Week] = field(default_factory=list)

    @property
    def game(self) -> str:
        return catalogue.kind_name(self.kind)

    @property
    def level_label(self) -> str:
        return level_label(self.kind, self.level)

    @property
    def slug(self) -> str:
        return f"{self.kind}-{self.level}"

    @property
    def max_played(self) -> int:
        return max([1, *(w.played for w in self.weeks)])

    @property
    def max_average(self) -> int:
        return max([1, *(w.average or 0 for w in self.weeks)])

    @property
    def slot(self) -> float:
        return (CHART_W - AXIS - RIGHT) / len(self.weeks)

    @property
    def bars(self) -> list[Bar]:
        scale = BARS_H / self.max_played
        bottom = BARS_TOP + BARS_H
        bars = []
        for i, week in enumerate(self.weeks):
            wins_h, losses_h = week.wins * scale, week.losses * scale
            bars.append(
                Bar(
                    week=week,
                    x=AXIS + i * self.slot + self.slot * 0.2,
                    width=self.slot * 0.6,
                    wins_y=bottom - wins_h,
                    wins_h=wins_h,
                    losses_y=bottom - wins_h - losses_h,
                    losses_h=losses_h,
                )
            )
        return bars

    @property
    def dots(self) -> list[tuple[Week, float, float]]:
        """(week, x, y) of each week's average points; weeks without one have no dot."""
        scale = POINTS_H / self.max_average
        bottom = POINTS_TOP + POINTS_H
        return [
            (w, AXIS + (i + 0.5) * self.slot, bottom - w.average * scale)
            for i, w in enumerate(self.weeks)
            if w.average is not None
        ]

    @property
    def line(self) -> str:
        """The points line as an SVG path, broken across weeks without an average."""
        index = {w.start: i for i, w in enumerate(self.weeks)}
        parts, previous = [], None
        for week, x, y in self.dots:
            joined = previous is not None and index[week.start] == previous + 1
            parts.append(f"{'L' if joined else 'M'}{x:.1f} {y:.1f}")
            previous = index[week.start]
        return " ".join(parts)

    @property
    def week_labels(self) -> list[tuple[float, str]]:
        """Every third week's date under the bars (all twelve would crowd a phone)."""
        return [
            (AXIS + (i + 0.5) * self.slot, w.label)
            for i, w in enumerate(self.weeks)
            if (len(self.weeks) - 1 - i) % 3 == 0
        ]

    @property
    def summary(self) -> str:
        wins = sum(w.wins for w in self.weeks)
        losses = sum(w.losses for w in self.weeks)
        weeks = len(self.weeks)
        return ngettext(
            "%(game)s, %(level)s: %(wins)s won and %(losses)s lost in the last %(weeks)s week.",
            "%(game)s, %(level)s: %(wins)s won and %(losses)s lost in the last %(weeks)s weeks.",
            weeks,
        ) % {
            "game": self.game,
            "level": self.level_label,
            "wins": wins,
            "losses": losses,
            "weeks": weeks,
        }


@dataclass(frozen=True)
class ResultRow:
    """What the weekly chart needs of one result."""

    kind: str
    level: str
    won: bool
    abandoned: bool
    points: int
    finished_at: datetime


def weekly_charts(
    results: Iterable[ResultRow], today: date, weeks: int = WEEKS
) -> list[WeeklyChart]:
    """A chart per game and level played in the last ``weeks`` ISO weeks, in catalogue order."""
    first = monday(today) - (weeks - 1) * 7 * ONE_DAY
    starts = [first + i * 7 * ONE_DAY for i in range(weeks)]
    grouped: dict[tuple[str, str], dict[date, Week]] = defaultdict(dict)
    for row in results:
        start = monday(utc_date(row.finished_at))
        if not first <= start <= starts[-1]:
            continue
        week = grouped[(row.kind, row.level)].setdefault(start, Week(start))
        if row.won:
            week.wins += 1
        else:
            week.losses += 1
        if not row.abandoned:
            week.finished += 1
            week.points += row.points
    charts = [
        WeeklyChart(kind, level, [found.get(s) or Week(s) for s in starts])
        for (kind, level), found in grouped.items()
    ]
    order = {entry.kind: i for i, entry in enumerate(catalogue.CATALOGUE)}
    charts.sort(key=lambda c: (order.get(c.kind, len(order)), level_sort_key(c.level)))
    return charts


# --- for the stats page -----------------------------------------------------------------


@dataclass(frozen=True)
class Pictures:
    calendar: Calendar
    charts: list[WeeklyChart]


def pictures_for(request: HttpRequest) -> Pictures:
    """The caller's calendar and weekly charts (an account's, or this device's as a guest)."""
    today = utc_today()
    player = player_for_request(request)
    if player is None:
        return Pictures(year_calendar([], today), [])
    since = today - YEAR_DAYS * ONE_DAY
    cleared = DailyClear.objects.filter(player=player, date__gt=since).values_list(
        "date", flat=True
    )
    first_week = monday(today) - (WEEKS - 1) * 7 * ONE_DAY
    rows = (
        ResultRow(r.kind, r.difficulty, r.won, r.abandoned, r.points, r.finished_at)
        for r in Result.objects.filter(
            player=player, finished_at__gte=datetime.combine(first_week, time(), tzinfo=UTC)
        )
    )
    return Pictures(year_calendar(cleared, today), weekly_charts(rows, today))
