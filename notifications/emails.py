"""The "your turn" e-mail through Django's mail, with a signed one-click unsubscribe.

Headers follow RFC 8058: ``List-Unsubscribe`` names the signed link and
``List-Unsubscribe-Post`` lets a mail program unsubscribe with one POST, no
sign-in. The same link in the body opens a page with one button. The subject
and body are written in the recipient's saved language (``language_of``).
"""

from __future__ import annotations

import email.policy

from django.conf import settings
from django.core.mail import EmailMessage
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils import timezone, translation

from notifications.message import turn_message
from notifications.models import TurnNotice
from notifications.unsubscribe import token_for
from preferences.language import language_of


class TurnEmail(EmailMessage):
    """An e-mail whose long header lines are kept whole (up to RFC 5322's 998 characters).

    Why: at the SMTP policy's 78 characters Python folds a header with no space
    in it (a long unsubscribe URL) into RFC 2047 encoded words, which mail
    programs do not read as a URL, so the one-click header would not work.
    """

    def message(self, *, policy: email.policy.Policy = email.policy.default):  # noqa: ANN201
        return super().message(policy=policy.clone(max_line_length=998))


def unsubscribe_url(user_id: int) -> str:
    path = reverse("notifications:unsubscribe", kwargs={"token": token_for(user_id)})
    return settings.SITE_URL + path


def send_turn_email(notice: TurnNotice) -> bool:
    """Send the notice by e-mail once; False when there is nothing to send (no address, sent).

    A failure to reach the mail server raises (the task retries it).
    """
    if notice.email_sent is not None or not notice.user.email:
        return False
    unsubscribe = unsubscribe_url(notice.user_id)
    with translation.override(language_of(notice.user)):  # the recipient's language
        message = turn_message(notice)
        body = render_to_string(
            "notifications/turn_email.txt",
            {"message": message, "unsubscribe_url": unsubscribe, "settings_url": _settings_url()},
        )
    TurnEmail(
        subject=message.title,
        body=body,
        to=[notice.user.email],
        headers={
            "List-Unsubscribe": f"<{unsubscribe}>",
            "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
            "Auto-Submitted": "auto-generated",
        },
    ).send()
    TurnNotice.objects.filter(pk=notice.pk).update(email_sent=timezone.now())
    return True


def _settings_url() -> str:
    return settings.SITE_URL + reverse("notifications:settings")
