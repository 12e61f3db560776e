"""SMTP settings as docs/operations.md gives them: TLS chosen by port, failures logged, counted.

A plain SMTP server (aiosmtpd on 127.0.0.1, no STARTTLS) must get the "your turn"
e-mail with only EMAIL_HOST and EMAIL_PORT set; a refused send is logged at
WARNING with the notice's id, each retry too, and counted in the metrics.
"""

from __future__ import annotations

import logging
from typing import Any

import pytest
from aiosmtpd.controller import Controller
from django.core.exceptions import ImproperlyConfigured

from core.metrics import NOTIFICATION_FAILURES
from notifications.models import TurnNotice
from notifications.tasks import send_email
from rummy_site.settings import smtp_mailers
from tests.notifications.nf_helpers import (
    Sink,
    free_port,
    notice_owed_to_ben,
    pass_turn_to,
    plain_smtp,
    table_of_two,
)
from tests.notifications.test_email_delivery import Flaky

EMAIL_VARIABLES = ("EMAIL_HOST", "EMAIL_PORT", "EMAIL_HOST_USER", "EMAIL_HOST_PASSWORD",
                   "EMAIL_USE_TLS", "EMAIL_USE_SSL")


@pytest.fixture
def environ(monkeypatch: pytest.MonkeyPatch) -> pytest.MonkeyPatch:
    for name in EMAIL_VARIABLES:
        monkeypatch.delenv(name, raising=False)
    return monkeypatch


def _security(environ: pytest.MonkeyPatch, **variables: str) -> tuple[bool, bool]:
    environ.setenv("EMAIL_HOST", "smtp.example")
    for name, value in variables.items():
        environ.setenv(name, value)
    options = smtp_mailers()["default"]["OPTIONS"]
    return options["use_tls"], options["use_ssl"]


@pytest.mark.parametrize(
    ("variables", "expected"),
    [
        ({}, (True, False)),  # no port: 587, STARTTLS
        ({"EMAIL_PORT": "587"}, (True, False)),
        ({"EMAIL_PORT": "465"}, (False, True)),
        ({"EMAIL_PORT": "25"}, (False, False)),
        ({"EMAIL_PORT": "2525"}, (False, False)),
        ({"EMAIL_PORT": "25", "EMAIL_USE_TLS": "1"}, (True, False)),
        ({"EMAIL_PORT": "587", "EMAIL_USE_TLS": "0"}, (False, False)),
        ({"EMAIL_PORT": "2465", "EMAIL_USE_SSL": "yes"}, (False, True)),
        ({"EMAIL_PORT": "465", "EMAIL_USE_SSL": "no"}, (False, False)),
        ({"EMAIL_PORT": "465", "EMAIL_USE_TLS": "1"}, (True, False)),  # STARTTLS asked for
        ({"EMAIL_PORT": "587", "EMAIL_USE_SSL": "1"}, (False, True)),
    ],
)
def test_tls_follows_the_port_unless_a_variable_says(
    environ: pytest.MonkeyPatch, variables: dict[str, str], expected: tuple[bool, bool]
) -> None:
    assert _security(environ, **variables) == expected


def test_both_tls_and_ssl_is_refused_at_start(environ: pytest.MonkeyPatch) -> None:
    with pytest.raises(ImproperlyConfigured, match="EMAIL_USE_TLS"):
        _security(environ, EMAIL_USE_TLS="1", EMAIL_USE_SSL="1")


def test_without_email_host_mail_goes_to_the_console(environ: pytest.MonkeyPatch) -> None:
    backend = smtp_mailers()["default"]["BACKEND"]
    assert backend == "django.core.mail.backends.console.EmailBackend"


@pytest.mark.django_db
def test_a_plain_smtp_server_gets_the_turn_email_with_only_host_and_port_set(
    env_smtp: Sink, settings: Any, django_capture_on_commit_callbacks: Any
) -> None:
    assert settings.MAILERS["default"]["OPTIONS"]["use_tls"] is False  # a port not 587 or 465
    game, (ana, ben) = table_of_two()
    game = pass_turn_to(game, 1, django_capture_on_commit_callbacks)
    to_ben = [m for m in env_smtp.messages if m["To"] == ben.email]
    assert len(to_ben) == 1 and to_ben[0]["Subject"] == "Your turn: Rumbaroo"
    assert TurnNotice.objects.get(game=game, seat_index=1).email_sent is not None


def _failures() -> float:
    return NOTIFICATION_FAILURES.labels("email")._value.get()


@pytest.mark.django_db
def test_every_failed_try_is_logged_with_the_notice_id_and_counted(
    settings: Any, caplog: pytest.LogCaptureFixture, django_capture_on_commit_callbacks: Any
) -> None:
    notice = notice_owed_to_ben(settings, django_capture_on_commit_callbacks)
    flaky = Flaky(failures=2)
    controller = Controller(flaky, hostname="127.0.0.1", port=free_port())
    controller.start()
    before = _failures()
    try:
        settings.MAILERS = plain_smtp(controller.port)
        send_email.app.conf.task_eager_propagates = False  # put back by tests/conftest.py
        with caplog.at_level(logging.WARNING, logger="notifications.tasks"):
            result = send_email.apply(args=(notice.pk,))
    finally:
        controller.stop()
    assert result.successful() and len(flaky.messages) == 1
    warnings = [r for r in caplog.records if r.levelno == logging.WARNING]
    assert len(warnings) == 2  # one for each refused try, each naming the notice
    assert all(f"notice {notice.pk}" in r.getMessage() for r in warnings)
    assert "try 1 of 7" in warnings[0].getMessage() and "retrying" in warnings[0].getMessage()
    assert _failures() == before + 2


@pytest.mark.django_db
def test_the_last_failed_try_says_it_gave_up(
    settings: Any, caplog: pytest.LogCaptureFixture, django_capture_on_commit_callbacks: Any
) -> None:
    notice = notice_owed_to_ben(settings, django_capture_on_commit_callbacks)
    # Nothing listens there: the connection is refused, every try.
    settings.MAILERS = plain_smtp(free_port(), timeout=2)
    before = _failures()
    send_email.app.conf.task_eager_propagates = False
    with caplog.at_level(logging.WARNING, logger="notifications.tasks"):
        result = send_email.apply(args=(notice.pk,))
    assert result.failed()
    warnings = [r.getMessage() for r in caplog.records if r.levelno == logging.WARNING]
    assert len(warnings) == 7 and all(f"notice {notice.pk}" in w for w in warnings)
    assert "gave up" in warnings[-1]
    assert _failures() == before + 7
    assert TurnNotice.objects.get(pk=notice.pk).email_sent is None


@pytest.mark.django_db
def test_a_failed_send_without_a_worker_is_logged_with_the_notice_id_and_counted(
    settings: Any, caplog: pytest.LogCaptureFixture, django_capture_on_commit_callbacks: Any
) -> None:
    settings.MAILERS = plain_smtp(free_port(), timeout=2)
    game, (ana, ben) = table_of_two()
    before = _failures()
    with caplog.at_level(logging.WARNING, logger="notifications.tasks"):
        game = pass_turn_to(game, 1, django_capture_on_commit_callbacks)
    notice = TurnNotice.objects.get(game=game, seat_index=1)
    warnings = [r.getMessage() for r in caplog.records if r.levelno == logging.WARNING]
    assert any(f"notice {notice.pk}" in w and "e-mail" in w for w in warnings)
    assert _failures() >= before + 1
