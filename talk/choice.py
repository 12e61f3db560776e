"""Whether a person reads others' written messages: per account, or per device for a guest.

An account reads them unless it turned them off (saved with the account, so it
follows it to a phone); a guest's device reads only the quick phrases until
someone on it turns messages on (a cookie), so a child playing as a guest meets
no stranger's words by default.
"""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse

from preferences.models import Preferences

COOKIE = "talk_text"
COOKIE_DAYS = 365


def shows_text(request: HttpRequest) -> bool:
    user = request.user
    if user.is_authenticated:
        off = Preferences.objects.filter(user_id=user.pk).values_list("talk_text_off", flat=True)
        return not any(off)
    return request.COOKIES.get(COOKIE) == "on"


def choose(request: HttpRequest, response: HttpResponse, show: bool) -> None:
    user = request.user
    if user.is_authenticated:
        Preferences.objects.update_or_create(user_id=user.pk, defaults={"talk_text_off": not show})
        return
    response.set_cookie(
        COOKIE,
        "on" if show else "off",
        max_age=COOKIE_DAYS * 86400,
        secure=request.is_secure(),
        httponly=True,
        samesite="Lax",
    )
