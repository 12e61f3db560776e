"""Each person's controls and the staff's: mute, block, report with context, timeout, suspend."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.contrib.admin.sites import site
from django.core.cache import cache
from django.test import Client, RequestFactory
from django.utils import timezone

from games.models import Seat
from leaderboards.models import Player
from players import social
from rooms.people import Person
from talk import admin as talk_admin
from talk import services
from talk.models import Message, Report, Timeout

from .conftest import HTMX, Table, account, read, say, table

pytestmark = pytest.mark.django_db


def _lines(client: Client, t: Table) -> list[str]:
    html = read(client, t)
    return [
        m.text or m.phrase for m in Message.objects.order_by("id") if f'data-id="{m.pk}"' in html
    ]


def _write(t: Table, who: Client, text: str) -> Message:
    cache.clear()  # a fresh rate-limit window for each line
    assert say(who, t, text=text).status_code == 200
    return Message.objects.latest("id")


def test_mute_hides_one_person_for_me_only_and_unmute_restores() -> None:
    t = table()
    line = _write(t, t.other, "hi from pat")
    assert t.host.post(t.url(f"{line.pk}/mute/"), **HTMX).status_code == 200
    _write(t, t.other, "still here")
    assert _lines(t.host, t) == []
    assert _lines(t.other, t) == ["hi from pat", "still here"]  # the writer still reads theirs
    t.host.post(t.url("unmute/"), **HTMX)
    assert _lines(t.host, t) == ["hi from pat", "still here"]


def test_no_message_between_a_blocked_pair_either_way() -> None:
    t = table()
    _write(t, t.host, "from kim")
    _write(t, t.other, "from pat")
    social.block(t.host_user.pk, Player.objects.get_or_create(user=t.other_user)[0])
    assert _lines(t.host, t) == ["from kim"]
    assert _lines(t.other, t) == ["from pat"]


def test_block_from_the_message() -> None:
    t = table()
    line = _write(t, t.other, "rude words")
    answer = t.host.post(t.url(f"{line.pk}/block/"), **HTMX)
    assert "Blocked" in answer.content.decode()
    assert _lines(t.host, t) == []


def test_a_report_reaches_the_queue_with_the_ten_around_it() -> None:
    t = table()
    written = [_write(t, t.host if n % 2 else t.other, f"line {n}") for n in range(13)]
    target = written[6]  # written by pat
    answer = t.host.post(t.url(f"{target.pk}/report/"), **HTMX)
    assert answer.status_code == 200 and "Reported" in answer.content.decode()
    report = Report.objects.get()
    assert report.said == "line 6" and report.reported_user == t.other_user
    assert [row["said"] for row in report.context] == [f"line {n}" for n in range(1, 12)]
    assert [row["reported"] for row in report.context].index(True) == 5
    assert {row["name"] for row in report.context} == {"Host Kim", "Guest Pat A"}
    # the admin queue shows the conversation
    shown = talk_admin.ReportAdmin(Report, site).conversation(report)
    assert "line 1" in shown and "line 11" in shown and "(reported)" in shown


def test_your_own_message_or_one_you_cannot_read_is_not_reportable() -> None:
    t = table()
    mine = _write(t, t.host, "mine")
    assert t.host.post(t.url(f"{mine.pk}/report/"), **HTMX).status_code == 400
    assert t.host.post(t.url("999999/report/"), **HTMX).status_code == 404
    assert not Report.objects.exists()


def _admin_action(name: str, reports: list[Report]) -> None:
    model_admin = talk_admin.ReportAdmin(Report, site)
    request = RequestFactory().post("/admin/")
    request.user = account("staff")[1]
    request._messages = type("M", (), {"add": lambda *a, **k: None})()  # message_user's sink
    actions = {a.__name__: a for a in model_admin.actions}
    actions[name](model_admin, request, Report.objects.filter(pk__in=[r.pk for r in reports]))


def test_a_timeout_silences_its_writer_for_15_minutes_and_says_why() -> None:
    t = table()
    line = _write(t, t.other, "something rude")
    t.host.post(t.url(f"{line.pk}/report/"), **HTMX)
    _admin_action("time_out_15", list(Report.objects.all()))
    timeout = Timeout.objects.get()
    left = timeout.until - timezone.now()
    assert timedelta(minutes=14) < left <= timedelta(minutes=15)
    assert Report.objects.get().reviewed
    refused = say(t.other, t, phrase="hello")
    assert refused.status_code == 403
    text = refused.content.decode()
    assert "A moderator silenced you until" in text and "broke the table" in text
    page = t.other.get(f"/rumbaroo/g/{t.game.id}/").content.decode()
    assert 'data-testid="talk-silenced"' in page and 'data-testid="talk-phrases"' not in page
    assert say(t.host, t, phrase="hello").status_code == 200  # only the writer is silenced
    Timeout.objects.update(until=timezone.now() - timedelta(seconds=1))
    assert say(t.other, t, phrase="thanks").status_code == 200


def test_24_hours_and_the_romanian_notice() -> None:
    t = table()
    line = _write(t, t.other, "rude")
    t.host.post(t.url(f"{line.pk}/report/"), **HTMX)
    _admin_action("time_out_1440", list(Report.objects.all()))
    assert Timeout.objects.get().until - timezone.now() > timedelta(hours=23, minutes=59)
    t.other.post("/i18n/setlang/", {"language": "ro"})
    text = say(t.other, t, phrase="hello").content.decode()
    assert "Un moderator ți-a luat cuvântul până la" in text and "încălca regulile" in text


def test_suspending_a_writer_hands_their_seat_to_the_house() -> None:
    t = table()
    line = _write(t, t.other, "rude")
    t.host.post(t.url(f"{line.pk}/report/"), **HTMX)
    _admin_action("suspend_writer", list(Report.objects.all()))
    seat = Seat.objects.get(game=t.game, user=t.other_user)
    assert seat.house_reason == "suspended"
    assert say(t.other, t, phrase="hello").status_code in (403, 404)


def test_the_person_behind_a_guest_message_is_found_by_device() -> None:
    """A guest writer (phrases only) can be timed out by device too."""
    t = table()
    services.time_out(
        [
            Report(
                reported_user=None, reported_device="dev-1", context=[], said="x", game_id=t.game.id
            )
        ],
        15,
        "reported",
    )
    assert services.timed_out(Person(None, "dev-1")) is not None
    assert services.timed_out(Person(None, "dev-2")) is None
