"""Notifications on (they are off for the rest of the suite), sent in the commit hook.

A seat whose page had just polled is asked about again later: in the embedded
default a timer thread does that (``in_process.later``). Here the second looks
are collected in ``deferred`` instead, so a test runs them when it has moved the
clock on, and no timer fires after its test has ended.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from aiosmtpd.controller import Controller
from django.core.cache import cache

from games import presence
from notifications import in_process
from rummy_site.settings import smtp_mailers
from tests.notifications.nf_helpers import Sink, free_port


class Deferred(list):
    """The second looks asked for: (wait, game id, version, seat)."""

    def run(self) -> None:
        """Take each second look now (as its timer would), in the order asked."""
        due, self[:] = list(self), []
        for _wait, game_id, version, seat in due:
            in_process.tell_once(game_id, version, (seat,))


@pytest.fixture(autouse=True)
def deferred(settings: Any, monkeypatch: pytest.MonkeyPatch) -> Deferred:
    settings.NOTIFICATIONS_SEND = True
    settings.NOTIFICATIONS_INLINE = True
    settings.SITE_URL = "https://rummy.test"
    presence.forget_throttle()
    cache.clear()
    asked = Deferred()
    monkeypatch.setattr(in_process, "later", lambda *args: asked.append(args))
    return asked


@pytest.fixture
def env_smtp(settings: Any, monkeypatch: pytest.MonkeyPatch) -> Iterator[Sink]:
    """A plain SMTP server on 127.0.0.1 (aiosmtpd, no STARTTLS), with the mail settings that
    settings.py builds from EMAIL_HOST and EMAIL_PORT alone, as docs/operations.md says."""
    for name in ("EMAIL_HOST_USER", "EMAIL_HOST_PASSWORD", "EMAIL_USE_TLS", "EMAIL_USE_SSL"):
        monkeypatch.delenv(name, raising=False)
    sink = Sink()
    controller = Controller(sink, hostname="127.0.0.1", port=free_port())
    controller.start()
    monkeypatch.setenv("EMAIL_HOST", "127.0.0.1")
    monkeypatch.setenv("EMAIL_PORT", str(controller.port))
    settings.MAILERS = smtp_mailers()
    yield sink
    controller.stop()
