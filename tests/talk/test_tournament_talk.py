"""Talk in a tournament: its entrants write, everyone who may see the event reads.

The same rules as a table's talk (talk.services), reached through the event's own
URLs (tournaments.talk_views), which decide who reads and who writes.
"""

from __future__ import annotations

import threading
import time
from datetime import timedelta
from typing import Any

import pytest
from django.db import connection
from django.test import Client
from django.utils import timezone
from django.utils.html import escape

from players import social
from talk import services
from talk.models import Channel, Message, Report
from talk.tasks import delete_old_talk
from tests.tournaments.conftest import arena, player, signed_in
from tournaments.models import Access, Entry, Status, Tournament

from .conftest import HTMX, visitor

pytestmark = pytest.mark.django_db


def entrant(tournament: Tournament, name: str, *, withdrawn: bool = False) -> tuple[Client, Any]:
    """A named account old enough to write, entered in the event."""
    user = player(name)
    user.date_joined = timezone.now() - timedelta(days=30)
    user.save(update_fields=["date_joined"])
    Entry.objects.create(tournament=tournament, user=user, withdrawn=withdrawn)
    return signed_in(user), user


def url(t: Tournament, tail: str = "") -> str:
    return f"/tournaments/{t.pk}/talk/{tail}"


def say(client: Client, t: Tournament, **data: str) -> Any:
    return client.post(url(t, "say/"), data, **HTMX)


def read(client: Client, t: Tournament, after: int = 0) -> str:
    answer = client.get(url(t), {"after": after})
    assert answer.status_code in (200, 204), answer.status_code
    return answer.content.decode() if answer.status_code == 200 else ""


def test_an_entrant_writes_and_another_reads_it_on_the_page() -> None:
    t = arena()
    kim, _ = entrant(t, "Kim Hops")
    pat, _ = entrant(t, "Pat Hops")
    assert say(kim, t, text="good luck all, nice run!").status_code == 200
    assert say(kim, t, phrase="hello").status_code == 200
    message = Message.objects.get(text__startswith="good luck")
    assert message.tournament_id == t.pk and message.game_id is None
    assert message.channel == Channel.TOURNAMENT and message.author_name == "Kim Hops"
    lines = read(pat, t)
    assert "good luck all, nice run!" in lines and "Kim Hops" in lines
    page = pat.get(f"/tournaments/{t.pk}/").content.decode()
    assert 'data-testid="tournament-talk"' in page and "Tournament talk" in page
    assert "good luck all, nice run!" in page and 'data-testid="talk-text"' in page
    assert f'data-talk-url="/tournaments/{t.pk}/talk/"' in page


def test_a_line_wakes_a_waiting_reader(settings: Any, transactional_db: Any) -> None:
    """The event's talk poll waits on its own key and answers as soon as a line is said."""
    settings.LIVE_WAIT_SECONDS = 5
    t = arena()
    kim, _ = entrant(t, "Kim Hops")
    pat, _ = entrant(t, "Pat Hops")
    assert services.tournament_live_key(t.pk) == f"tournament-{t.pk}:talk"
    got: dict[str, Any] = {}

    def wait() -> None:
        started = time.monotonic()
        got["answer"] = pat.get(url(t), {"after": 0, "wait": "1"})
        got["seconds"] = time.monotonic() - started
        connection.close()

    reader = threading.Thread(target=wait)
    reader.start()
    time.sleep(0.5)
    assert say(kim, t, text="nice run!").status_code == 200
    reader.join(10)
    assert got["answer"].status_code == 200
    assert "nice run!" in got["answer"].content.decode()
    assert got["seconds"] < 4


def test_a_non_entrant_reads_an_open_event_but_cannot_write() -> None:
    t = arena()
    kim, _ = entrant(t, "Kim Hops")
    say(kim, t, text="welcome")
    say(kim, t, phrase="good_luck")
    sam = signed_in(player("Sam Hops"))
    left, _ = entrant(t, "Lee Hops", withdrawn=True)
    guest = visitor()  # reads the phrases only, until someone on the device shows messages
    assert "Good luck!" in guest.get(f"/tournaments/{t.pk}/").content.decode()
    for outsider in (sam, left, guest):
        if outsider is not guest:
            assert "welcome" in outsider.get(f"/tournaments/{t.pk}/").content.decode()
        assert say(outsider, t, phrase="hello").status_code == 403
        assert say(outsider, t, text="let me in").status_code == 403
    page = sam.get(f"/tournaments/{t.pk}/").content.decode()
    assert 'data-testid="talk-text"' not in page and "phrase-hello" not in page
    assert "Only the tournament&#x27;s players write here" in page
    assert Message.objects.count() == 2


def test_a_private_events_talk_is_404_to_strangers() -> None:
    t = arena(access=Access.FRIENDS)
    kim, _ = entrant(t, "Kim Hops")
    say(kim, t, text="just us")
    stranger = signed_in(player("Sam Hops"))
    for client in (stranger, visitor()):
        assert client.get(url(t)).status_code == 404
        assert say(client, t, phrase="hello").status_code == 404
        message = Message.objects.get()
        assert client.post(url(t, f"{message.pk}/report/"), **HTMX).status_code == 404
    assert Report.objects.count() == 0


def test_a_guest_never_writes_even_by_a_forged_post() -> None:
    t = arena()
    guest = visitor()
    assert say(guest, t, text="hi from a guest").status_code == 403
    assert not Message.objects.exists()


def test_nothing_passes_between_a_blocked_pair_either_way() -> None:
    t = arena()
    kim, kim_user = entrant(t, "Kim Hops")
    pat, pat_user = entrant(t, "Pat Hops")
    from leaderboards.players import get_player

    social.block(kim_user.pk, get_player(pat_user.pk, "", create=True))
    say(kim, t, text="from kim")
    say(pat, t, text="from pat")
    assert "from kim" not in read(pat, t)
    assert "from pat" not in read(kim, t)


def test_the_rate_limit_and_the_length() -> None:
    t = arena()
    kim, _ = entrant(t, "Kim Hops")
    for n in range(5):
        assert say(kim, t, text=f"line {n}").status_code == 200
    refused = say(kim, t, text="one too many")
    assert refused.status_code == 429 and "wait 10 seconds" in refused.content.decode()
    assert say(kim, t, text="x" * 141).status_code in (400, 429)
    assert Message.objects.count() == 5


def test_offensive_words_are_masked() -> None:
    t = arena()
    kim, _ = entrant(t, "Kim Hops")
    say(kim, t, text="you shit, nice run")
    assert Message.objects.get().text == "you ****, nice run"


def test_a_report_reaches_the_queue_with_the_ten_around_it() -> None:
    t = arena()
    kim, _ = entrant(t, "Kim Hops")
    pat, pat_user = entrant(t, "Pat Hops")
    for n in range(7):
        Message.objects.create(
            tournament=t, channel=Channel.TOURNAMENT, author_user=pat_user, text=f"m{n}"
        )
    bad = Message.objects.get(text="m3")
    assert kim.post(url(t, f"{bad.pk}/report/"), **HTMX).status_code == 200
    report = Report.objects.get()
    assert report.tournament_id == t.pk and report.game_id is None
    assert report.said == "m3" and report.reported_user_id == pat_user.pk
    assert [row["said"] for row in report.context] == [f"m{n}" for n in range(7)]
    assert [row["reported"] for row in report.context].count(True) == 1
    # The staff's timeout silences the writer here too.
    services.time_out([report], 15, "reported")
    silenced = say(pat, t, text="still here")
    assert silenced.status_code == 403 and "A moderator silenced you" in silenced.content.decode()


def test_mute_works_in_the_event_only() -> None:
    t = arena()
    kim, _ = entrant(t, "Kim Hops")
    pat, _ = entrant(t, "Pat Hops")
    say(pat, t, text="chatty")
    message = Message.objects.get()
    assert kim.post(url(t, f"{message.pk}/mute/"), **HTMX).status_code == 200
    assert "chatty" not in read(kim, t)
    assert kim.post(url(t, "unmute/"), **HTMX).status_code == 200
    assert "chatty" in read(kim, t)


def test_the_talk_is_deleted_30_days_after_the_event_finished() -> None:
    t = arena()
    kim, _ = entrant(t, "Kim Hops")
    say(kim, t, text="old words")
    Message.objects.update(created=timezone.now() - timedelta(days=90))
    assert delete_old_talk() == 0  # the event is still on: its talk is kept
    Tournament.objects.filter(pk=t.pk).update(
        status=Status.FINISHED, finished_at=timezone.now() - timedelta(days=29)
    )
    assert delete_old_talk() == 0
    Tournament.objects.filter(pk=t.pk).update(finished_at=timezone.now() - timedelta(days=31))
    assert delete_old_talk() == 1
    assert delete_old_talk() == 0


@pytest.mark.parametrize(
    "payload",
    ["<script>alert(1)</script>", '<img src=x onerror="alert(1)">', "http://evil.example/x"],
)
def test_a_message_is_text_only(payload: str) -> None:
    t = arena()
    kim, _ = entrant(t, "Kim Hops")
    pat, _ = entrant(t, "Pat Hops")
    assert say(kim, t, text=payload).status_code == 200
    for html in (read(pat, t), pat.get(f"/tournaments/{t.pk}/").content.decode()):
        assert escape(payload) in html
        for live in ("<script>alert", "<img src=x"):
            assert live not in html
        assert 'href="http://evil.example' not in html


def test_exactly_one_place_per_message() -> None:
    from django.db import IntegrityError, transaction

    t = arena()
    with pytest.raises(IntegrityError), transaction.atomic():
        Message.objects.create(channel=Channel.TOURNAMENT, text="nowhere")
    assert Message.objects.filter(tournament=t).count() == 0
