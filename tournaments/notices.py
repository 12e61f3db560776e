""" "Your tournament starts": told once to each joined player, five minutes before.

Through the site's own notifications (notifications/): an e-mail with the signed one-click
unsubscribe, and Web Push to each device the player allowed, both in the player's saved
language. A channel goes when the player has it on for any pace of play (a one-click
unsubscribe turns e-mail off for all). Nothing secret is in it: the event's name, its
game, its start and its page's address.

Once: a ``StartNotice`` row, unique per event and player, is written before anything is
sent, so two beat ticks (or a beat and a page) never tell a player twice. Players who joined
inside the five minutes are not told (they are there). One try per channel: a failure is
logged (a start notice is worth nothing after the start, so it is not retried).
"""

from __future__ import annotations

import json
import logging
from datetime import UTC, datetime, timedelta

from django.conf import settings
from django.db.models import F
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils import formats, timezone, translation
from django.utils.translation import gettext

from core.metrics import NOTIFICATION_FAILURES
from games import catalogue
from notifications import push
from notifications.emails import TurnEmail, unsubscribe_url
from notifications.endpoints import canonical_endpoint
from notifications.models import PushSubscription
from notifications.turns import settings_for
from preferences.language import language_of
from tournaments.describe import shown_name
from tournaments.models import Entry, StartNotice, Tournament

log = logging.getLogger(__name__)

NOTICE_MINUTES = 5
TTL_SECONDS = 10 * 60  # worth nothing once the event is under way


def due(tournament: Tournament, now: datetime) -> bool:
    start = tournament.starts_at
    return start - timedelta(minutes=NOTICE_MINUTES) <= now < start


def tell_due(tournament: Tournament, now: datetime, deliver: bool = True) -> int:
    """Write (and, with ``deliver``, send) each notice due; returns how many were new."""
    if not due(tournament, now):
        return 0
    window = tournament.starts_at - timedelta(minutes=NOTICE_MINUTES)
    told = set(StartNotice.objects.filter(tournament=tournament).values_list("user_id", flat=True))
    new = 0
    for entry in Entry.objects.filter(tournament=tournament, withdrawn=False, joined__lte=window):
        if entry.user_id in told:
            continue
        notice, created = StartNotice.objects.get_or_create(
            tournament=tournament, user_id=entry.user_id
        )
        if not created:
            continue
        new += 1
        if deliver and settings.NOTIFICATIONS_SEND:
            send(notice)
    return new


def send(notice: StartNotice) -> None:
    """Every channel the player has on, one try each."""
    notice = StartNotice.objects.select_related("tournament", "user").get(pk=notice.pk)
    prefs = settings_for(notice.user_id)
    if notice.user.email and (prefs.email_live or prefs.email_correspondence):
        try:
            send_email(notice)
        except Exception as exc:  # noqa: BLE001 - one try by design
            _failed("email", notice, exc)
    if push.enabled() and (prefs.push_live or prefs.push_correspondence):
        for device in PushSubscription.objects.filter(user_id=notice.user_id):
            try:
                send_push(notice, device)
            except Exception as exc:  # noqa: BLE001 - one try by design
                _failed("push", notice, exc)


def _failed(channel: str, notice: StartNotice, exc: Exception) -> None:
    NOTIFICATION_FAILURES.labels(channel).inc()
    log.warning("tournament start %s for notice %s failed: %r", channel, notice.pk, exc)


def page_url(tournament: Tournament) -> str:
    return settings.SITE_URL + reverse("tournaments:detail", args=[tournament.pk])


def message(tournament: Tournament) -> tuple[str, str]:
    """The title and body, in the active language."""
    name = shown_name(tournament)
    when = formats.time_format(tournament.starts_at.astimezone(UTC), "TIME_FORMAT")
    title = gettext("Your tournament starts in 5 minutes: %(name)s") % {"name": name}
    body = gettext("%(name)s (%(game)s) starts at %(time)s UTC. Be on its page to be paired.") % {
        "name": name,
        "game": catalogue.kind_name(tournament.kind),
        "time": when,
    }
    return title, body


def send_email(notice: StartNotice) -> bool:
    if notice.email_sent is not None:
        return False
    unsubscribe = unsubscribe_url(notice.user_id)
    with translation.override(language_of(notice.user)):
        title, body = message(notice.tournament)
        text = render_to_string(
            "tournaments/start_email.txt",
            {
                "body": body,
                "url": page_url(notice.tournament),
                "unsubscribe_url": unsubscribe,
                "settings_url": settings.SITE_URL + reverse("notifications:settings"),
            },
        )
    TurnEmail(
        subject=title,
        body=text,
        to=[notice.user.email],
        headers={
            "List-Unsubscribe": f"<{unsubscribe}>",
            "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
            "Auto-Submitted": "auto-generated",
        },
    ).send()
    StartNotice.objects.filter(pk=notice.pk).update(email_sent=timezone.now())
    return True


def send_push(notice: StartNotice, device: PushSubscription) -> bool:
    endpoint = canonical_endpoint(device.endpoint)
    if endpoint is None:
        device.delete()
        return False
    with translation.override(language_of(notice.user)):
        title, body = message(notice.tournament)
    path = reverse("tournaments:detail", args=[notice.tournament_id])
    data = {"title": title, "body": body, "url": path, "tag": f"tournament-{notice.tournament_id}"}
    info = {**device.as_info(), "endpoint": endpoint}
    try:
        push.deliver(
            info, json.dumps(data), "high", f"tournament{notice.tournament_id}", TTL_SECONDS
        )
    except push.Refused as exc:
        if exc.status in push.GONE:
            device.delete()
            return False
        raise
    StartNotice.objects.filter(pk=notice.pk).update(push_sent=F("push_sent") + 1)
    return True
