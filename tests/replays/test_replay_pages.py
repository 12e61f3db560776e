"""The replay pages: controls, rounds, bad input, share links, the daily rules, links to them."""

from __future__ import annotations

import re
from datetime import timedelta
from unittest import mock

import pytest
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from games import catalogue
from games.models import Game, GameStatus
from leaderboards.periods import utc_today
from replays.models import ShareLink
from replays.timeline import timeline_for

from .conftest import HTMX, READY

pytestmark = pytest.mark.django_db
FIRST = READY[:1]


def _url(game: Game) -> str:
    return reverse("replays:game", kwargs={"game_id": game.id})


@pytest.mark.parametrize("entry", READY)
def test_the_page_has_controls_a_move_list_and_the_games_own_board(client, finished, entry) -> None:
    game = finished(entry)
    page = client.get(_url(game))
    assert page.status_code == 200
    html = page.content.decode()
    for marker in (
        'id="replay-prev"',
        'id="replay-next"',
        'id="replay-play"',
        'id="replay-speed"',
        'data-testid="move-list"',
        'id="board"',
        "replays/replay.js",
    ):
        assert marker in html, marker
    assert page.context["at_step"] == game.version  # opens at the end
    assert all(page.context["moves"])  # a line in words for every move of the round
    assert f'?step={game.version}" aria-current="step"' in html
    assert "<script>" not in html  # no inline script (the CSP allows none)


@pytest.mark.parametrize("entry", FIRST)
def test_steps_and_round_jumps_and_bad_input(client, finished, entry) -> None:
    game = finished(entry)
    timeline = timeline_for(game)
    assert timeline is not None
    first = timeline.rounds[0]
    jump = client.get(_url(game), {"round": first.number}, **HTMX)
    assert jump.status_code == 200 and jump.context["at_step"] == first.start
    assert "Round 1 is dealt." in jump.content.decode()
    for bad, status in (
        ({"step": "abc"}, 400),
        ({"step": "-3"}, 400),
        ({"step": str(game.version + 1)}, 400),
        ({"round": "99"}, 400),
    ):
        response = client.get(_url(game), bad)
        assert response.status_code == status, bad
        assert response.context["replay_error"].startswith("There is no"), bad
    assert Game.objects.get(pk=game.pk).version == game.version


@pytest.mark.parametrize("entry", FIRST)
def test_a_step_costs_a_few_sql_statements(client, finished, entry) -> None:
    game = finished(entry)
    client.get(_url(game), {"step": 1}, **HTMX)  # builds and caches the timeline
    for step in (1, game.version // 2, game.version):
        with CaptureQueriesContext(connection) as queries:
            response = client.get(_url(game), {"step": step}, **HTMX)
        assert response.status_code == 200
        # game+seats, the moves since the saved position, the step's move, recent moves
        # (the live frame's log) and the round's move lines are cached: at most 5.
        assert len(queries) <= 5, [q["sql"] for q in queries]


@pytest.mark.parametrize("entry", FIRST)
def test_share_and_stop_sharing(client, finished, entry) -> None:
    game = finished(entry)
    share = reverse("replays:share", kwargs={"game_id": game.id})
    assert client.post(share).status_code == 302
    assert client.post(share).status_code == 302  # a second press keeps the one link
    link = ShareLink.objects.get(game=game, revoked__isnull=True)
    page = client.get(_url(game)).content.decode()
    assert link.token in page and "Stop sharing" in page
    shared = reverse("replays:shared", kwargs={"token": link.token})
    assert Client().get(shared).status_code == 200
    client.post(reverse("replays:unshare", kwargs={"game_id": game.id}))
    assert Client().get(shared).status_code == 404
    client.post(share)  # sharing again makes a new token: the old one stays dead
    assert Client().get(shared).status_code == 404
    assert ShareLink.objects.filter(game=game, revoked__isnull=True).count() == 1


@pytest.mark.parametrize("entry", FIRST)
def test_an_unfinished_game_cannot_be_shared(client, finished, entry) -> None:
    game = finished(entry)
    Game.objects.filter(pk=game.pk).update(status=GameStatus.ACTIVE)
    response = client.post(reverse("replays:share", kwargs={"game_id": game.id}), follow=True)
    assert "once the game is over" in response.content.decode()
    assert not ShareLink.objects.filter(game=game).exists()


@pytest.mark.parametrize("entry", READY)
def test_game_over_and_my_games_link_to_the_replay(client, finished, entry) -> None:
    game = finished(entry)
    table = client.get(reverse(f"{entry.url_name}:table", kwargs={"game_id": game.id}))
    assert table.status_code == 200
    assert _url(game) in table.content.decode()
    history = client.get(reverse("accounts:history")).content.decode()
    assert _url(game) in history


# --- the daily challenge ----------------------------------------------------------------


def test_a_daily_reveals_nothing_and_cannot_be_shared_until_its_day_is_over(
    client, daily_game
) -> None:
    page = client.get(_url(daily_game), {"step": 0})
    assert page.status_code == 200
    assert not page.context["viewer"].reveal and not page.context["racks"]
    assert "00:00 UTC" in page.context["share"]["refusal"]
    client.post(reverse("replays:share", kwargs={"game_id": daily_game.id}))
    assert not ShareLink.objects.filter(game=daily_game).exists()
    tomorrow = utc_today() + timedelta(days=1)
    with mock.patch("replays.policy.utc_today", return_value=tomorrow):
        later = client.get(_url(daily_game), {"step": 0})
        assert later.context["viewer"].reveal and later.context["racks"]
        client.post(reverse("replays:share", kwargs={"game_id": daily_game.id}))
    assert ShareLink.objects.filter(game=daily_game, revoked__isnull=True).exists()


def test_the_dailys_game_over_offers_a_spoiler_free_share_text(client, daily_game) -> None:
    entry = catalogue.daily_game()
    table = client.get(reverse(f"{entry.url_name}:table", kwargs={"game_id": daily_game.id}))
    html = table.content.decode()
    assert 'data-testid="daily-share"' in html and 'data-copy="daily-share-text"' in html
    day = utc_today()
    assert f"{day:%d %B %Y}" in html and "turn" in html and "Calendar streak" in html
    assert ("not cleared" in html) or ("cleared in" in html)
    assert _url(daily_game) in html


# --- a shared replay, as a stranger sees it ------------------------------------------------


@pytest.mark.parametrize("entry", FIRST)
def test_a_shared_replay_opens_at_the_deal_and_the_players_own_at_the_end(
    client, finished, entry
) -> None:
    game = finished(entry)
    link = ShareLink.objects.create(game=game)
    shared = Client().get(reverse("replays:shared", kwargs={"token": link.token}))
    assert shared.status_code == 200
    assert shared.context["at_step"] == 0  # a stranger watches it unfold, not the ending first
    assert '?step=0" aria-current="step"' in shared.content.decode()
    assert client.get(_url(game)).context["at_step"] == game.version


@pytest.mark.parametrize("entry", READY)
def test_a_shared_replay_never_calls_the_sharer_you(client, finished, entry) -> None:
    """A game against computers stores its person's seat as "You" (the table's word for the
    player); whoever follows the share link is someone else."""
    game = finished(entry)
    game.seats.filter(index=0).update(display_name="You")
    link = ShareLink.objects.create(game=game)
    url = reverse("replays:shared", kwargs={"token": link.token})
    stranger = Client()
    for step in sorted({0, 1, game.version // 2, game.version}):
        page = stranger.get(url, {"step": step})
        main = page.content.decode().split('<main id="main"', 1)[1]
        text = re.sub(r"<[^>]+>", " ", main)
        assert not re.search(r"\bYou\b", text), (step, re.findall(r".{0,40}\bYou\b.{0,40}", text))
        assert not any(re.search(r"\bYou\b", line) for line in page.context["moves"]), step
    assert "Player 1" in text
    own = client.get(_url(game), {"step": game.version})
    assert own.status_code == 200 and "Player 1" not in own.content.decode()
