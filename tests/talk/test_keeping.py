"""Talk is kept 30 days (correspondence: 30 days after the game), deleted by the beat; replays
never show it."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.conf import settings
from django.utils import timezone

from games.models import Game, GameStatus
from talk import services
from talk.models import Message
from talk.tasks import delete_old_talk

from .conftest import say, table

pytestmark = pytest.mark.django_db


def _aged(text: str, game: Game, days: int, correspondence: bool = False) -> Message:
    line = Message.objects.create(
        game=game, channel="players", seat_index=0, text=text, correspondence=correspondence
    )
    Message.objects.filter(pk=line.pk).update(created=timezone.now() - timedelta(days=days))
    return line


def _left() -> set[str]:
    return set(Message.objects.values_list("text", flat=True))


def test_live_talk_is_deleted_after_30_days_by_the_beat_task() -> None:
    t = table()
    _aged("31 days", t.game, 31)
    _aged("29 days", t.game, 29)
    assert delete_old_talk() == 1
    assert _left() == {"29 days"}
    assert delete_old_talk() == 0  # idempotent: a second beat finds nothing


def test_correspondence_talk_lasts_the_games_life_then_30_days() -> None:
    t = table()
    _aged("old but the game goes on", t.game, 200, correspondence=True)
    assert services.delete_old() == 0
    Game.objects.filter(pk=t.game.pk).update(
        status=GameStatus.FINISHED, updated=timezone.now() - timedelta(days=29)
    )
    assert services.delete_old() == 0
    Game.objects.filter(pk=t.game.pk).update(updated=timezone.now() - timedelta(days=31))
    assert services.delete_old() == 1


def test_a_correspondence_tables_messages_are_marked_so() -> None:
    from rooms.people import Person
    from tests.matchmaking.conftest import live_room

    from .conftest import account

    host, host_user = account("corr-a")
    _other, other_user = account("corr-b")
    _room, game = live_room(
        Person(host_user.pk, ""),
        [Person(other_user.pk, "")],
        options={"difficulty": "joey", "target": 50, "pace": "3d"},
    )
    host.post(f"/talk/{game.id}/say/", {"phrase": "hello"})
    assert Message.objects.get().correspondence


def test_the_beat_runs_the_deletion_daily() -> None:
    entry = settings.CELERY_BEAT_SCHEDULE["delete-old-table-talk"]
    assert entry["task"] == "talk.tasks.delete_old_talk"
    assert delete_old_talk.name == entry["task"]


def test_a_replay_never_shows_the_talk() -> None:
    t = table()
    say(t.host, t, text="secret plan for the replay")
    Game.objects.filter(pk=t.game.pk).update(status=GameStatus.FINISHED)
    page = t.host.get(f"/replay/g/{t.game.id}/")
    assert page.status_code == 200
    html = page.content.decode()
    assert "secret plan" not in html and 'id="talk"' not in html


def test_closing_an_account_deletes_its_talk_and_the_export_holds_it() -> None:
    from privacy import data_export
    from privacy.closing import close_account
    from talk.models import Report

    t = table()
    say(t.other, t, text="words of pat")
    line = Message.objects.get()
    t.host.post(t.url(f"{line.pk}/report/"), HTTP_HX_REQUEST="true")
    export = data_export.build(t.other_user)
    assert [row["text"] for row in export["table_talk"]] == ["words of pat"]
    assert export["moderation"]["reports_of_your_table_talk"][0]["said"] == "words of pat"
    close_account(t.other_user)
    assert not Message.objects.exists()
    report = Report.objects.get()  # staff keep the report, unlinked, as it was read
    assert report.reported_user is None and report.said == "words of pat"
