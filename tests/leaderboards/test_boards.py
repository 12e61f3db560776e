"""Leaderboard pages: order, ties, periods, difficulties, pagination, own row, query count."""

from __future__ import annotations

import re
from datetime import date

import pytest
from django.test import Client

from leaderboards import results
from leaderboards.models import LeaderboardEntry, Player
from tests.leaderboards.conftest import finish, frozen, utc

pytestmark = pytest.mark.django_db
MONDAY = date(2026, 11, 23)  # ISO week 48
NOW = utc(2026, 11, 25, 12)  # Wednesday of that week


def player(name: str = "", **fields: object) -> Player:
    from leaderboards.names import name_key

    key = name_key(name) if name else ""
    return Player.objects.create(device_key=f"device-{key}", name=name, name_key=key, **fields)


def win(
    p: Player, day: date, kind: str = "rumbaroo", level: str = "joey", points: int = 10
) -> None:
    results.bump(p, kind, level, day, won=True, points=points, at=NOW)


def lose(p: Player, day: date, kind: str = "rumbaroo", level: str = "joey") -> None:
    results.bump(p, kind, level, day, won=False, points=0, at=NOW)


def board_rows(client: Client, query: str = "") -> list[tuple[str, str, str]]:
    html = client.get("/leaderboards/?" + query).content.decode()
    found = re.findall(
        r'data-testid="rank">(\d+)</td>\s*<td class="name" data-testid="name">([^<]*)'
        r"(?:<span[^>]*>you</span>)?"
        r'</td>\s*<td class="num" data-testid="value">(\d+)<',
        html,
    )
    return [(rank, name.strip(), value) for rank, name, value in found]


def test_order_and_ties_share_a_rank(client: Client) -> None:
    ana, bo, cy, di = (player(n) for n in ("Ana", "Bo Bo", "Cyan", "Dina"))
    for p, wins in ((ana, 1), (bo, 3), (cy, 3), (di, 5)):
        for _ in range(wins):
            win(p, MONDAY)
    with frozen(NOW):
        rows = board_rows(client, "game=rumbaroo&board=wins&period=week")
    # 5, 3, 3, 1 → ranks 1, 2, 2, 4; a tie lists the longer-standing player first
    assert rows == [("1", "Dina", "5"), ("2", "Bo Bo", "3"), ("2", "Cyan", "3"), ("4", "Ana", "1")]


def test_periods_today_this_week_and_all_time(client: Client) -> None:
    ana, bo = player("Ana"), player("Bo Bo")
    win(ana, date(2026, 11, 16))  # last week
    win(ana, date(2026, 11, 16))
    win(bo, MONDAY)  # this week, not today
    win(ana, date(2026, 11, 25))  # today
    with frozen(NOW):
        assert board_rows(client, "board=wins&period=today") == [("1", "Ana", "1")]
        assert board_rows(client, "board=wins&period=week") == [
            ("1", "Ana", "1"),
            ("1", "Bo Bo", "1"),
        ]
        assert board_rows(client, "board=wins&period=all") == [
            ("1", "Ana", "3"),
            ("2", "Bo Bo", "1"),
        ]
    # the ISO week turns over on Monday 00:00 UTC
    with frozen(utc(2026, 11, 29, 23, 59, 59)):
        assert len(board_rows(client, "board=wins&period=week")) == 2
    with frozen(utc(2026, 11, 30, 0, 0, 0)):
        assert board_rows(client, "board=wins&period=week") == []
        assert board_rows(client, "board=wins&period=today") == []


def test_points_streaks_and_difficulties(client: Client) -> None:
    ana, bo = player("Ana"), player("Bo Bo")
    win(ana, MONDAY, points=40)
    win(ana, MONDAY, points=5)
    lose(ana, MONDAY)
    win(ana, MONDAY, points=5, level="big_red")
    win(bo, MONDAY, points=60, level="wallaby")
    with frozen(NOW):
        assert board_rows(client, "board=points&period=week") == [
            ("1", "Bo Bo", "60"),
            ("2", "Ana", "50"),
        ]
        assert board_rows(client, "board=points&period=week&difficulty=joey") == [
            ("1", "Ana", "45")
        ]
        # a loss ends the run: Ana's best is the 2 before it
        assert board_rows(client, "board=streak&period=week&difficulty=joey") == [("1", "Ana", "2")]
        assert board_rows(client, "board=streak&period=week") == [
            ("1", "Ana", "2"),
            ("2", "Bo Bo", "1"),
        ]
        assert board_rows(client, "game=tile_rummy&board=wins&period=week") == []


def test_a_finished_game_reaches_the_board_through_the_server(client: Client, run_commits) -> None:
    with frozen(NOW), run_commits():
        response = client.post(
            "/rumbaroo/new/", {"difficulty": "wallaby", "players": 2, "target": 50}
        )
    from games.models import Game

    game = Game.objects.get(id=response.url.rstrip("/").split("/")[-1])
    with frozen(NOW):
        finish(game)
        rows = board_rows(client, "board=points&period=today&difficulty=wallaby")
    assert len(rows) == 1 and rows[0][2] == "53"  # G1 + G2 left (3) + the +10... over 40
    entry = LeaderboardEntry.objects.get(difficulty="wallaby", period_key="all")
    assert (entry.played, entry.wins, entry.win_run) == (1, 1, 1)


def test_many_rows_paginate_and_my_row_is_highlighted(
    client: Client, django_assert_max_num_queries
) -> None:
    assert client.post("/leaderboards/name/", {"name": "Name0010"}).status_code == 302
    me = Player.objects.get()  # this device's player, made by picking a name
    others = Player.objects.bulk_create(
        [Player(device_key=f"dev{i:04d}", name=f"Name{i:04d}") for i in range(300) if i != 10]
    )
    players = others[:10] + [me] + others[10:]
    entries = [
        LeaderboardEntry(
            player=p, kind="rumbaroo", difficulty="", period_key="all", wins=1 + i % 50
        )
        for i, p in enumerate(players)
    ]
    LeaderboardEntry.objects.bulk_create(entries)
    # me: 11 wins, far down the board
    with frozen(NOW), django_assert_max_num_queries(8):
        html = client.get("/leaderboards/?board=wins&period=all").content.decode()
    assert html.count('data-testid="row"') == 25 and "Page 1 of 12" in html
    assert 'data-testid="my-rank">You: #' in html and "show my row" in html
    link = re.search(r'href="([^"]*page=(\d+))">show my row', html)
    assert link
    with frozen(NOW), django_assert_max_num_queries(8):
        page = client.get(link.group(1).replace("&amp;", "&")).content.decode()
    assert 'class="is-me" aria-current="true" data-testid="my-row"' in page
    mine = page.split('data-testid="my-row"', 1)[1]
    assert "Name0010" in mine.split("</tr>", 1)[0]


def test_a_repeated_signal_counts_a_game_once(client: Client, run_commits) -> None:
    from games.models import Game
    from games.signals import game_finished

    with frozen(NOW), run_commits():
        response = client.post("/rumbaroo/new/", {"difficulty": "joey", "players": 2, "target": 50})
    game = Game.objects.get(id=response.url.rstrip("/").split("/")[-1])
    with frozen(NOW):
        finish(game)
        game_finished.send(sender=Game, game=game, winners=[0])
    entry = LeaderboardEntry.objects.get(difficulty="", period_key="all")
    assert (entry.played, entry.wins) == (1, 1)


def test_signing_in_adds_a_guests_board_rows_to_the_account(run_commits) -> None:
    from tests.accounts.conftest import sign_in, sign_up

    laptop, phone = Client(), Client()
    sign_up(laptop, "kim")
    laptop.post("/leaderboards/name/", {"name": "Kim Lee"})
    phone.post("/leaderboards/name/", {"name": "Phone Kim"})
    account = Player.objects.get(user__isnull=False)
    guest = Player.objects.get(user__isnull=True)
    win(account, MONDAY, points=10)
    lose(account, MONDAY)
    win(guest, MONDAY, points=5)
    win(guest, MONDAY, points=5)
    sign_in(phone, "kim")
    entry = LeaderboardEntry.objects.get(difficulty="", period_key="all")
    assert entry.player_id == account.pk
    assert (entry.played, entry.wins, entry.points, entry.best_win_run) == (4, 3, 20, 2)
    assert Player.objects.get().name == "Kim Lee"  # the account keeps its own name
    with frozen(NOW):
        assert board_rows(phone, "board=wins&period=week") == [("1", "Kim Lee", "3")]
