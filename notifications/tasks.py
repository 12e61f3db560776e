"""Celery tasks that tell players it is their turn: decide once, then deliver per channel.

Each delivery is its own task, so a mail server that is down is retried
(with backoff) without pushing again to the devices that already took the
message. They are queued after the move commits (``receivers``); a move never
waits on them. Without a broker, :func:`tell_once` does the same work in a
thread, one try each.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from smtplib import SMTPException
from uuid import UUID

from celery import shared_task

from notifications import emails, push, turns
from notifications.models import PushSubscription, TurnNotice

log = logging.getLogger(__name__)

RETRY = {
    "retry_backoff": 30,  # about 30 s, 60 s, 120 s … (with jitter), at most an hour apart
    "retry_backoff_max": 3600,
    "max_retries": 6,
    "acks_late": True,
}


@shared_task(**RETRY, autoretry_for=(OSError,))
def tell_turn(game_id: str, version: int) -> int:
    """Decide who to tell after the move that made ``version``; queue each delivery."""
    queued = 0
    for decision in turns.decide(game_id, version):
        for name, args in deliveries(decision):
            TASKS[name].delay(*args)
            queued += 1
    return queued


def deliver_email(notice_id: int) -> bool:
    notice = _notice(notice_id)
    return notice is not None and emails.send_turn_email(notice)


def deliver_push(notice_id: int, subscription_id: int) -> bool:
    notice = _notice(notice_id)
    subscription = PushSubscription.objects.filter(pk=subscription_id).first()
    if notice is None or subscription is None:
        return False
    return push.send_turn_push(notice, subscription)


@shared_task(**RETRY, autoretry_for=(SMTPException, OSError))
def send_email(notice_id: int) -> bool:
    return deliver_email(notice_id)


@shared_task(**RETRY, autoretry_for=(push.PushFailed,))
def send_push(notice_id: int, subscription_id: int) -> bool:
    return deliver_push(notice_id, subscription_id)


TASKS = {"email": send_email, "push": send_push}
DELIVER: dict[str, Callable[..., bool]] = {"email": deliver_email, "push": deliver_push}


def deliveries(decision: turns.Decision) -> list[tuple[str, tuple[int, ...]]]:
    """One (channel, arguments) per channel and device the notice goes to."""
    notice = decision.notice
    jobs: list[tuple[str, tuple[int, ...]]] = []
    if "email" in decision.channels and notice.user.email:
        jobs.append(("email", (notice.pk,)))
    if "push" in decision.channels and push.enabled():
        devices = PushSubscription.objects.filter(user_id=notice.user_id)
        jobs += [("push", (notice.pk, pk)) for pk in devices.values_list("pk", flat=True)]
    return jobs


def tell_once(game_id: UUID | str, version: int) -> None:
    """The embedded default (no broker): decide and deliver here, one try each."""
    for decision in turns.decide(game_id, version):
        for name, args in deliveries(decision):
            try:
                DELIVER[name](*args)
            except Exception:  # noqa: BLE001 - one try by design; the move is long committed
                log.warning("a turn %s for %s could not be delivered", name, game_id, exc_info=True)


def _notice(notice_id: int) -> TurnNotice | None:
    return TurnNotice.objects.select_related("game", "user").filter(pk=notice_id).first()
