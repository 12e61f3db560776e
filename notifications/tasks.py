"""Celery tasks that tell players it is their turn: decide once, then deliver per channel.

Each delivery is its own task, so a mail server that is down is retried
(with backoff) without pushing again to the devices that already took the
message. They are queued after the move commits (``receivers``); a move never
waits on them. Without a broker, ``notifications.in_process`` does the same work
in a thread, one try each.
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from smtplib import SMTPException

from celery import Task, shared_task

from core.metrics import NOTIFICATION_FAILURES
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
    return carry_out(game_id, version, turns.decide(game_id, version))


@shared_task(**RETRY, autoretry_for=(OSError,))
def tell_seat_later(game_id: str, version: int, seat: int) -> int:
    """The second look at one seat whose table page had polled: tell it now if still due."""
    return carry_out(game_id, version, turns.decide(game_id, version, seats=(seat,)))


def carry_out(game_id: str, version: int, plan: turns.Plan) -> int:
    """Queue each delivery, and a countdown task for each seat to ask about again."""
    queued = 0
    for decision in plan.tell:
        for name, args in deliveries(decision):
            TASKS[name].delay(*args)
            queued += 1
    for later in plan.later:  # seconds (past 10 s a countdown travels in hops: rummy_site.celery)
        tell_seat_later.apply_async((game_id, version, later.seat_index), countdown=later.wait)
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


MAIL_ERRORS = (SMTPException, OSError)


@shared_task(bind=True, **RETRY, autoretry_for=MAIL_ERRORS)
def send_email(self: Task, notice_id: int) -> bool:
    with reported(self, "e-mail", notice_id, MAIL_ERRORS):
        return deliver_email(notice_id)


@shared_task(bind=True, **RETRY, autoretry_for=(push.PushFailed,))
def send_push(self: Task, notice_id: int, subscription_id: int) -> bool:
    with reported(self, "push", notice_id, (push.PushFailed,)):
        return deliver_push(notice_id, subscription_id)


@contextmanager
def reported(task: Task, channel: str, notice_id: int, errors: tuple[type, ...]) -> Iterator[None]:
    """Log a failed try at WARNING with the notice's id, count it, and let Celery retry it.

    Why: a mail server that refuses every send (no STARTTLS, a wrong password)
    used to fail without a line in the worker's log; now each try says which
    notice, which try of how many, and whether it will be tried again.
    """
    try:
        yield
    except errors as exc:
        tries, done = task.request.retries + 1, task.max_retries + 1
        then = "gave up" if tries >= done else "retrying"
        failed(channel, notice_id, f"try {tries} of {done}, {then}: {exc!r}")
        raise


def failed(channel: str, notice_id: int, what: str) -> None:
    """One failed delivery: a WARNING naming the notice, and the metrics' counter."""
    NOTIFICATION_FAILURES.labels("email" if channel == "e-mail" else channel).inc()
    log.warning("turn %s for notice %s failed (%s)", channel, notice_id, what)


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


def _notice(notice_id: int) -> TurnNotice | None:
    return TurnNotice.objects.select_related("game", "user").filter(pk=notice_id).first()
