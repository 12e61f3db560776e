"""The stats page: games played and won per game and level, win streaks; written by the server."""

from __future__ import annotations

import importlib
import re

import pytest
from django.apps import apps as django_apps
from django.test import Client

from accounts.models import GameRecord, Outcome
from accounts.saves import slot_key
from games import catalogue, describe
from games.engine import tile_rummy as tr
from games.models import Game, GameStatus
from games.signals import game_finished
from leaderboards import boards
from tests.accounts.conftest import HX, draw, sign_up, start_game, version_on_page
from tests.leaderboards.conftest import finish, play_daily

pytestmark = pytest.mark.django_db


def _tile(game: Game, face: str) -> int:
    game.refresh_from_db()
    rack = tr.from_json(game.state).racks[0]
    return next(t for t in rack if str(tr.face_of(t)) == face)


def _one_round_left(client: Client, run_commits, level: str, racks: list[str], leader: int) -> Game:
    """A game to 50 whose ``leader`` has opened and stands at 45: this round ends it."""
    seats = (0, 1)
    return start_game(
        client,
        run_commits,
        level=level,
        racks=racks,
        opened=[seat == leader for seat in seats],
        target=50,
        totals=[45 if seat == leader else 0 for seat in seats],
    )


def win(client: Client, run_commits, level: str = "easy") -> Game:
    """Play a game to the end by going out with a run (the target is low, so it is over)."""
    game = _one_round_left(client, run_commits, level, ["R10 R11 R12", "K1 K2 K5"], leader=0)
    for face, to in (("R10", "new"), ("R11", "0"), ("R12", "0")):
        data = {"version": game.version, "tile": _tile(game, face), "to": to}
        assert client.post(f"/tile-rummy/g/{game.id}/move/", data, **HX).status_code == 200
    assert (
        "You win!"
        in client.post(
            f"/tile-rummy/g/{game.id}/confirm/", {"version": game.version}, **HX
        ).content.decode()
    )
    return game


def lose(client: Client, run_commits, level: str = "easy") -> Game:
    """Draw, and let the computer go out with its run."""
    game = _one_round_left(client, run_commits, level, ["B3 Y5", "K11 K12 K13"], leader=1)
    draw(client, game, run_commits)
    game.refresh_from_db()
    assert game.status == GameStatus.FINISHED
    return game


def abandon(client: Client, run_commits, level: str = "easy") -> Game:
    game = start_game(client, run_commits, level=level)
    client.post(f"/tile-rummy/g/{game.id}/abandon/", {"version": version_on_page(client, game)})
    return game


def numbers(client: Client) -> dict[str, tuple[int, int]]:
    """Level → (played, won) as the stats page shows them, plus "total" and the streaks."""
    html = client.get("/me/stats/").content.decode()
    rows = re.findall(
        r'<tr data-testid="(level-\w+|total)">.*?data-testid="played">(\d+)<.*?'
        r'data-testid="won">(\d+)<',
        html,
        re.S,
    )
    found = {name.removeprefix("level-"): (int(p), int(w)) for name, p, w in rows}
    current = re.search(r'data-testid="streak-current">(\d+)<', html)
    best = re.search(r'data-testid="streak-best">(\d+)<', html)
    if current and best:
        found["streak"] = (int(current.group(1)), int(best.group(1)))
    return found


def test_a_finished_game_is_recorded_as_won_or_lost(run_commits) -> None:
    player = Client()
    won, lost = win(player, run_commits), lose(player, run_commits)
    records = {r.game_id: r.outcome for r in GameRecord.objects.all()}
    assert records == {won.id: Outcome.WON, lost.id: Outcome.LOST}


def test_the_stats_page_counts_games_per_level_and_streaks(run_commits) -> None:
    player = Client()
    sign_up(player, "kim")
    assert "no-stats" in player.get("/me/stats/").content.decode()
    win(player, run_commits)
    win(player, run_commits, level="expert")
    win(player, run_commits)  # best streak: 3
    lose(player, run_commits, level="expert")
    abandon(player, run_commits)
    win(player, run_commits, level="expert")  # current streak: 1
    start_game(player, run_commits)  # unfinished games are not counted

    assert numbers(player) == {
        "easy": (3, 2),
        "expert": (3, 2),
        "total": (6, 4),
        "streak": (1, 3),
    }


def test_stats_follow_the_account_to_another_device(run_commits) -> None:
    phone = Client()
    win(phone, run_commits)  # as a guest
    sign_up(phone, "kim")
    lose(phone, run_commits)
    laptop = Client()
    laptop.post("/accounts/login/", {"login": "kim", "password": "tiles-and-runs-42"})
    assert numbers(laptop) == {"easy": (2, 1), "total": (2, 1), "streak": (0, 1)}


def test_a_result_is_recorded_once_however_often_the_signal_fires(run_commits) -> None:
    player = Client()
    game = win(player, run_commits)
    game_finished.send(sender=Game, game=game, winners=[0])
    game_finished.send(sender=Game, game=game, winners=[1])
    assert GameRecord.objects.get().outcome == Outcome.WON
    assert numbers(player)["streak"] == (1, 1)


def test_the_browser_cannot_post_a_score(run_commits) -> None:
    player = Client()
    game = start_game(player, run_commits)
    for path in ("/me/stats/", "/me/games/"):
        assert player.post(path, {"won": 99, "game": str(game.id)}).status_code == 405
    assert not GameRecord.objects.exists()


def test_the_history_page_shows_outcomes(run_commits) -> None:
    player = Client()
    won, gone, open_game = (
        win(player, run_commits),
        abandon(player, run_commits),
        start_game(player, run_commits),
    )
    html = player.get("/me/games/").content.decode()

    def item(game: Game) -> str:
        return html.split(f'data-game="{game.id}"')[1].split("</li>")[0]

    assert "Won" in item(won) and "Abandoned" in item(gone)
    assert f'href="/tile-rummy/g/{open_game.id}/">Continue game' in item(open_game)


def test_the_slot_key_is_kind_and_mode() -> None:
    assert slot_key("tile_rummy", {"players": 4, "meld_rule": "shared"}) == "tile_rummy:vs-computer"


def test_a_daily_attempt_has_one_level_label_on_the_stats_page_and_its_chart(run_commits) -> None:
    """The daily is played in Rumbaroo's Joey box against a medium computer: it is "Joey"
    in the stats table, in its weekly chart, in the history and on the boards alike."""
    player = Client()
    sign_up(player, "kim")
    game = finish(play_daily(player, run_commits))
    record = GameRecord.objects.get(game=game)
    expected = catalogue.get(game.kind).level_label(game.config["difficulty"])
    assert expected == "Joey" and record.level == game.config["difficulty"]
    html = player.get("/me/stats/").content.decode()
    table = re.search(r'<tr data-testid="level-[\w-]+"><th scope="row">([^<]+)</th>', html)
    assert table and table.group(1) == expected, table
    charts = re.findall(r'<h3 class="chart-title">Rumbaroo · ([^<]+)</h3>', html)
    assert charts == [expected]
    assert "Medium" not in html.split('data-testid="stats"')[1]


def test_the_stats_table_names_a_level_as_the_catalogue_does(run_commits) -> None:
    """A level key with an underscore is shown by its name ("Big Red"), never "Big_red"."""
    player = Client()
    sign_up(player, "kim")
    game = finish(play_daily(player, run_commits))
    GameRecord.objects.filter(game=game).update(level="big_red")
    html = player.get("/me/stats/").content.decode()
    assert '<tr data-testid="level-big_red"><th scope="row">Big Red</th>' in html


def test_the_migration_moves_old_daily_records_to_the_games_level(run_commits) -> None:
    """Records written before the fix kept the computers' level ("medium"); the data
    migration gives them the game's one level, so old and new attempts share one line."""
    migration = importlib.import_module("accounts.migrations.0003_records_count_at_the_setup_level")
    player = Client()
    game = finish(play_daily(player, run_commits))
    GameRecord.objects.filter(game=game).update(level="medium")
    migration.relevel(django_apps, None)
    assert GameRecord.objects.get(game=game).level == game.config["difficulty"] == "joey"


def test_a_table_between_people_counts_as_online_tables_as_on_the_boards(run_commits) -> None:
    player = Client()
    game = finish(play_daily(player, run_commits))
    Game.objects.filter(pk=game.pk).update(online=True)
    game.refresh_from_db()
    assert describe.game_level(game) == describe.ONLINE == boards.ONLINE_BOARD
    label = dict(boards.KINDS[game.kind][1])[boards.ONLINE_BOARD]
    assert describe.level_label(game.kind, describe.ONLINE) == label
    GameRecord.objects.filter(game=game).update(level="people")
    importlib.import_module("accounts.migrations.0003_records_count_at_the_setup_level").relevel(
        django_apps, None
    )
    assert GameRecord.objects.get(game=game).level == describe.ONLINE
    html = player.get("/me/stats/").content.decode()
    assert f'<tr data-testid="level-online"><th scope="row">{label}</th>' in html


def test_a_correspondence_table_counts_apart_from_live_tables(run_commits) -> None:
    """Issue 27 item 5: stats and boards keep days-a-move games apart from live ones."""
    player = Client()
    game = finish(play_daily(player, run_commits))
    Game.objects.filter(pk=game.pk).update(online=True, config={**game.config, "pace": "3d"})
    game.refresh_from_db()
    assert describe.game_level(game) == describe.CORRESPONDENCE == boards.CORRESPONDENCE_BOARD
    label = dict(boards.KINDS[game.kind][1])[boards.CORRESPONDENCE_BOARD]
    assert describe.level_label(game.kind, describe.CORRESPONDENCE) == label
    assert label == "Correspondence tables" != describe.level_label(game.kind, describe.ONLINE)
