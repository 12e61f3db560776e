"""The stats page's pictures: the daily calendar marks exactly the cleared UTC days, and each
weekly chart draws the very numbers its table reads out."""

from __future__ import annotations

import re
from datetime import UTC, date, datetime, time, timedelta

import pytest
from django.contrib.auth import get_user_model
from django.test import Client

from accounts import charts
from accounts.charts import ResultRow, monday, weekly_charts, year_calendar
from games import catalogue
from leaderboards.models import DailyClear, Player, Result
from leaderboards.periods import utc_today
from tests.accounts.conftest import sign_up

DAY = timedelta(days=1)
ENTRY = catalogue.CATALOGUE[0]
OTHER = catalogue.CATALOGUE[1]


def at(day: date, hour: int = 12) -> datetime:
    return datetime.combine(day, time(hour), tzinfo=UTC)


# --- the calendar, as numbers ------------------------------------------------------------


def test_the_calendar_is_a_year_of_days_up_to_today() -> None:
    today = date(2026, 11, 30)
    calendar = year_calendar([], today)
    days = [cell.day for cell in calendar.days]
    assert days[0] == today - 364 * DAY and days[-1] == today and len(days) == 365
    assert len({(cell.x, cell.y) for cell in calendar.days}) == 365  # no two squares overlap
    assert [cell.day for cell in calendar.days if cell.today] == [today]
    for cell in calendar.days:  # Monday on top, every square inside the picture
        assert cell.x >= 0 and cell.x + charts.CELL <= calendar.width
        assert cell.y + charts.CELL <= calendar.height


def test_the_calendar_marks_exactly_the_cleared_days() -> None:
    today = date(2026, 3, 1)
    inside = {today, today - DAY, date(2025, 12, 31), today - 364 * DAY}
    outside = {today - 365 * DAY, today + DAY}
    calendar = year_calendar(inside | outside, today)
    assert set(calendar.cleared) == inside and calendar.count == 4
    marked = {cell.day for cell in calendar.days if cell.cleared}
    assert marked == inside
    for cell in calendar.days:  # a cleared day is a bigger square than the others
        assert cell.size == (charts.CELL if cell.cleared else charts.CELL - 4)
    rows = {row.month: row.days for row in calendar.rows}
    assert rows[date(2025, 12, 1)] == (31,) and rows[date(2026, 3, 1)] == (1,)
    assert sum(len(days) for days in rows.values()) == 4


def test_a_day_in_the_same_week_column_sits_one_row_lower() -> None:
    calendar = year_calendar([], date(2026, 11, 29))  # a Sunday
    by_day = {cell.day: cell for cell in calendar.days}
    monday_cell, sunday = by_day[date(2026, 11, 23)], by_day[date(2026, 11, 29)]
    assert monday_cell.x == sunday.x and sunday.y - monday_cell.y == 6 * charts.PITCH


# --- weekly charts, as numbers ---------------------------------------------------------------


def test_weekly_results_count_wins_losses_and_the_average_of_finished_games() -> None:
    today = date(2026, 11, 26)  # a Thursday
    this_week, last_week = monday(today), monday(today) - 7 * DAY
    rows = [
        ResultRow(ENTRY.kind, "easy", True, False, 120, at(this_week)),
        ResultRow(ENTRY.kind, "easy", False, False, 40, at(this_week + DAY)),
        ResultRow(ENTRY.kind, "easy", False, True, 0, at(this_week + 2 * DAY)),  # abandoned
        ResultRow(ENTRY.kind, "easy", True, False, 90, at(last_week + 6 * DAY, 23)),
        ResultRow(ENTRY.kind, "expert", True, False, 10, at(this_week)),
        ResultRow(ENTRY.kind, "easy", True, False, 10, at(this_week - 12 * 7 * DAY)),  # too old
    ]
    easy, expert = weekly_charts(rows, today)
    assert (easy.level, expert.level) == ("easy", "expert")
    assert [w.start for w in easy.weeks][-2:] == [last_week, this_week] and len(easy.weeks) == 12
    now, before = easy.weeks[-1], easy.weeks[-2]
    assert (now.wins, now.losses, now.average) == (1, 2, 80)  # (120 + 40) / 2 finished games
    assert (before.wins, before.losses, before.average) == (1, 0, 90)
    assert sum(w.played for w in easy.weeks) == 4
    assert easy.weeks[0].average is None and easy.line.count("M") == 1


def test_the_points_line_breaks_over_a_week_without_games() -> None:
    today = date(2026, 11, 26)
    weeks = [monday(today) - k * 7 * DAY for k in (0, 2, 3)]
    rows = [ResultRow(ENTRY.kind, "easy", True, False, 50, at(w)) for w in weeks]
    (chart,) = weekly_charts(rows, today)
    assert chart.line.count("M") == 2 and chart.line.count("L") == 1


# --- on the page -------------------------------------------------------------------------------


@pytest.fixture
def player_client(db) -> tuple[Client, Player]:
    client = Client()
    sign_up(client, "charts")
    user = get_user_model().objects.get(username="charts")
    return client, Player.objects.get_or_create(user=user)[0]  # sign-up names it


def _result(player: Player, kind: str, level: str, won: bool, points: int, day: date, **kw) -> None:
    Result.objects.create(
        game=None,
        seat_index=0,
        player=player,
        kind=kind,
        difficulty=level,
        won=won,
        points=points,
        finished_at=at(day),
        **kw,
    )


def test_the_stats_page_calendar_marks_exactly_the_cleared_days(player_client) -> None:
    client, player = player_client
    today = utc_today()
    cleared = {today, today - DAY, today - 40 * DAY, today - 364 * DAY}
    for day in cleared | {today - 365 * DAY, today - 500 * DAY}:
        DailyClear.objects.create(player=player, date=day, cleared_at=at(day))

    html = client.get("/me/stats/").content.decode()

    squares = re.findall(r'data-day="([\d-]+)" data-cleared="([01])"', html)
    assert len(squares) == 365
    assert {date.fromisoformat(d) for d, c in squares if c == "1"} == cleared
    table = dict(re.findall(r'<tr data-month="([\d-]+)">.*?data-testid="days">([^<]*)<', html))
    listed = {
        date.fromisoformat(f"{month}-{int(n):02d}")
        for month, days in table.items()
        if days != "none"
        for n in days.split(", ")
    }
    assert listed == cleared
    assert "4 days cleared" in html


def test_each_weekly_chart_draws_the_numbers_its_table_reads(player_client) -> None:
    client, player = player_client
    this_week = monday(utc_today())
    for k, (won, points) in enumerate([(True, 100), (False, 30), (True, 70), (False, 0)]):
        _result(player, ENTRY.kind, "medium", won, points, this_week - (k % 3) * 7 * DAY)
    _result(player, ENTRY.kind, "medium", False, 0, this_week, abandoned=True)
    _result(player, OTHER.kind, OTHER.levels[0].key, True, 55, this_week - 5 * 7 * DAY)

    html = client.get("/me/stats/").content.decode()

    slugs = re.findall(r'data-testid="weekly-svg-([\w-]+)"', html)
    assert slugs == [f"{ENTRY.kind}-medium", f"{OTHER.kind}-{OTHER.levels[0].key}"]
    for slug in slugs:
        svg = re.search(rf'data-testid="weekly-svg-{slug}".*?</svg>', html, re.S).group(0)
        table = re.search(rf'data-testid="weekly-table-{slug}".*?</table>', html, re.S).group(0)
        rows = re.findall(
            r'<tr data-week="([\d-]+)">.*?"wins">(\d+)<.*?"losses">(\d+)<.*?"average">([^<]+)<',
            table,
        )
        assert len(rows) == charts.WEEKS
        drawn_wins = dict(re.findall(r'data-week="([\d-]+)" data-wins="(\d+)"', svg))
        drawn_losses = dict(re.findall(r'data-week="([\d-]+)" data-losses="(\d+)"', svg))
        drawn_avg = dict(re.findall(r'data-week="([\d-]+)" data-average="(\d+)"', svg))
        for week, wins, losses, average in rows:
            assert drawn_wins.get(week, "0") == wins
            assert drawn_losses.get(week, "0") == losses
            assert drawn_avg.get(week, "no finished games") == average
        _bar_heights_match(svg)
    medium = re.search(rf'data-testid="weekly-table-{ENTRY.kind}-medium".*?</table>', html, re.S)
    this = re.search(rf'<tr data-week="{this_week:%Y-%m-%d}">.*?</tr>', medium.group(0)).group(0)
    assert '"wins">1<' in this and '"losses">2<' in this and '"average">50<' in this


def _bar_heights_match(svg: str) -> None:
    """Every bar's height is its count on the chart's own scale (the top line is the maximum)."""
    top = int(re.search(r'<text class="chart-label" x="0" y="\d+">(\d+)</text>', svg).group(1))
    scale = (charts.GEOMETRY["bars_bottom"] - charts.GEOMETRY["bars_top"]) / top
    bars = re.findall(r'height="([\d.]+)" data-week="[\d-]+" data-(?:wins|losses)="(\d+)"', svg)
    assert bars
    for height, count in bars:
        assert abs(float(height) - int(count) * scale) < 0.06


def test_a_player_with_nothing_yet_sees_an_empty_year(db) -> None:
    html = Client().get("/me/stats/").content.decode()
    assert len(re.findall(r'data-cleared="0"', html)) == 365
    assert 'data-testid="no-weekly"' in html


# --- in a browser -------------------------------------------------------------------------------


@pytest.mark.browser
@pytest.mark.django_db(transaction=True)
def test_the_stats_page_fits_a_360px_phone(live_server, page) -> None:
    from axe_playwright_python.sync_playwright import Axe

    user = get_user_model().objects.create_user("phone", password="tiles-and-runs-42")
    player = Player.objects.create(user=user)
    today = utc_today()
    for k in range(0, 300, 4):
        DailyClear.objects.create(player=player, date=today - k * DAY, cleared_at=at(today))
    for k in range(24):
        level = ("easy", "medium", "expert")[k % 3]
        _result(player, ENTRY.kind, level, k % 2 == 0, 30 + 5 * k, today - k * 3 * DAY)
    _result(player, OTHER.kind, OTHER.levels[-1].key, True, 75, today)

    page.set_viewport_size({"width": 360, "height": 740})
    page.goto(live_server.url + "/accounts/login/")
    page.fill("input[name=login]", "phone")
    page.fill("input[name=password]", "tiles-and-runs-42")
    page.get_by_role("button", name="Sign In").click()
    page.wait_for_load_state()
    page.goto(live_server.url + "/me/stats/")

    calendar = page.get_by_role("img", name=re.compile(r"Daily challenge: 75 days cleared"))
    assert calendar.is_visible()
    box = calendar.bounding_box()
    assert box and box["width"] <= 360 and box["width"] / 31 > 7  # squares stay visible
    assert page.locator("svg.weekly-svg").count() == 4
    wide = page.evaluate(
        "[...document.querySelectorAll('body *')]"
        ".filter(e => e.getBoundingClientRect().right > 361).map(e => e.tagName)"
    )
    assert page.evaluate("document.documentElement.scrollWidth") <= 360, wide[:8]
    table = page.get_by_role("table", name=re.compile(r"Daily challenge days cleared"))
    assert table.count() == 1  # out of sight, but there for screen readers
    found = Axe().run(page).response["violations"]
    assert not found, [(v["id"], [n["target"] for n in v["nodes"]][:3]) for v in found]
