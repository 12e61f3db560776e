"""E-mail through a real SMTP server on 127.0.0.1 (aiosmtpd), sent from a thread after the move,
as the embedded default runs it; and the signed one-click unsubscribe."""

from __future__ import annotations

import threading
from typing import Any

import pytest
from aiosmtpd.controller import Controller
from django.core import mail
from django.core.signals import request_finished, request_started
from django.test import Client

from games import services
from games.engine.registry import engine_for
from notifications.models import NotificationSettings
from notifications.unsubscribe import token_for
from tests.notifications.nf_helpers import (
    Sink,
    acting,
    free_port,
    fresh,
    notice_owed_to_ben,
    pass_turn_to,
    plain_smtp,
    table_of_two,
)


def _notice_threads() -> set[int]:
    return {t.ident or 0 for t in threading.enumerate() if t.name == "turn-notice"}


@pytest.fixture
def smtp(env_smtp: Sink) -> Sink:
    return env_smtp


@pytest.mark.django_db(transaction=True)
def test_the_move_commits_and_a_thread_sends_the_email_through_smtp(
    smtp: Sink, settings: Any, django_capture_on_commit_callbacks: Any
) -> None:
    settings.NOTIFICATIONS_INLINE = False  # the embedded default: eager tasks, so a thread
    game, (ana, ben) = table_of_two()
    engine = engine_for(game.kind)
    threads_seen = 0
    while 1 not in acting(game):
        mover = min(acting(game))
        before = _notice_threads()
        request_started.send(sender=None)  # as a request would (the thread waits for its end)
        services.play(game.id, mover, engine.TIMEOUT_ACTION, game.version, automated=True)
        assert _notice_threads() <= before  # none started while the request goes on
        request_finished.send(sender=None)  # the response has gone: now the thread starts
        # Wait for it (the test database is one in-memory SQLite, which locks a table
        # while the next move writes it).
        for thread in threading.enumerate():
            if thread.name == "turn-notice":
                thread.join(10)
                threads_seen += 1
        game = fresh(game)
    assert threads_seen >= 1
    to_ben = [m for m in smtp.messages if m["To"] == ben.email]
    assert len(to_ben) == 1
    message = to_ben[0]
    assert message["Subject"] == "Your turn: Rumbaroo"
    assert message["List-Unsubscribe"].startswith("<https://rummy.test/unsubscribe/")
    assert message["List-Unsubscribe-Post"] == "List-Unsubscribe=One-Click"


@pytest.mark.django_db
def test_the_unsubscribe_link_needs_no_sign_in_and_turns_email_off(client: Client) -> None:
    from tests.notifications.nf_helpers import make_user

    user = make_user("fay")
    url = f"/unsubscribe/{token_for(user.pk)}/"
    page = client.get(url)  # a link scanner's GET changes nothing
    assert page.status_code == 200 and b"Unsubscribe</button>" in page.content
    assert not NotificationSettings.objects.filter(user=user).exists()
    done = client.post(url)  # the button (no CSRF token, no session)
    assert done.status_code == 200 and b"unsubscribed" in done.content
    prefs = NotificationSettings.objects.get(user=user)
    assert not prefs.email_correspondence and not prefs.email_live
    assert prefs.push_correspondence  # devices stay as they were


@pytest.mark.django_db
def test_a_mail_programs_one_click_post_unsubscribes(
    client: Client, django_capture_on_commit_callbacks: Any
) -> None:
    game, (ana, ben) = table_of_two()
    pass_turn_to(game, 1, django_capture_on_commit_callbacks)
    to_ben = [m for m in mail.outbox if ben.email in m.to]
    header = to_ben[0].extra_headers["List-Unsubscribe"][1:-1]
    path = header.removeprefix("https://rummy.test")
    response = client.post(path, data="List-Unsubscribe=One-Click",
                           content_type="application/x-www-form-urlencoded")
    assert response.status_code == 200
    assert not NotificationSettings.objects.get(user=ben).email_correspondence


@pytest.mark.django_db
def test_a_changed_token_unsubscribes_nobody(client: Client) -> None:
    from tests.notifications.nf_helpers import make_user

    user = make_user("gus")
    token = token_for(user.pk)
    response = client.post(f"/unsubscribe/{token[:-2]}xx/")
    assert response.status_code == 404
    assert not NotificationSettings.objects.filter(user=user).exists()


class Flaky(Sink):
    """Refuses the first ``failures`` messages with 451 (try again later), then takes them."""

    def __init__(self, failures: int) -> None:
        super().__init__()
        self.failures, self.attempts = failures, 0

    async def handle_DATA(self, server: Any, session: Any, envelope: Any) -> str:  # noqa: N802
        self.attempts += 1
        if self.attempts <= self.failures:
            return "451 Try again later"
        return await super().handle_DATA(server, session, envelope)


@pytest.mark.django_db
def test_the_email_task_retries_a_mail_server_that_says_later(
    settings: Any, django_capture_on_commit_callbacks: Any
) -> None:
    from notifications.models import TurnNotice
    from notifications.tasks import send_email

    notice = notice_owed_to_ben(settings, django_capture_on_commit_callbacks)
    flaky = Flaky(failures=2)
    controller = Controller(flaky, hostname="127.0.0.1", port=free_port())
    controller.start()
    try:
        settings.MAILERS = plain_smtp(controller.port)
        # Run in-process, Celery applies each retry at once (a worker waits the backoff).
        # (tests/conftest.py's autouse fixture puts the setting back afterwards)
        send_email.app.conf.task_eager_propagates = False
        result = send_email.apply(args=(notice.pk,))
    finally:
        controller.stop()
    assert result.successful() and result.result is True
    assert flaky.attempts == 3 and len(flaky.messages) == 1
    assert TurnNotice.objects.get(pk=notice.pk).email_sent is not None
    assert send_email.apply(args=(notice.pk,)).result is False  # sent once, never twice
