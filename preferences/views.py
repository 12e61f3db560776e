"""The settings page (/settings/) and the tables' mute button (/settings/sound/).

Both are plain forms, so they work without JavaScript; static/js/sound.js sends the mute
button's form itself (and the answer is then 204, no page) so the table stays as it is.
"""

from __future__ import annotations

from dataclasses import asdict
from typing import Any

from django.contrib import messages
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.http import url_has_allowed_host_and_scheme
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods, require_POST

from games import catalogue
from games.gameweb import web_for
from preferences.feel import Feel, feel_of, save_feel, with_sound
from preferences.forms import SettingsForm

PAGE = "preferences/settings.html"
# What static/js/sound.js sends with the mute button's form: answered 204, no redirect.
FETCHED = "fetch"


def _next(request: HttpRequest) -> str:
    """Where to go back to (the table the settings were opened from), if it is this site's."""
    target = request.POST.get("next") or request.GET.get("next") or ""
    safe = url_has_allowed_host_and_scheme(
        target, allowed_hosts={request.get_host()}, require_https=request.is_secure()
    )
    return target if safe and target.startswith("/") else ""


def _page(
    request: HttpRequest, form: SettingsForm, status: int = 200, **extra: Any
) -> HttpResponse:
    context = {"form": form, "next": _next(request), **extra}
    return render(request, PAGE, context, status=status)


def _forget_table_speeds(request: HttpRequest) -> None:
    """A new computer speed applies at every table at once: the speed a table's own control
    chose for this visit (kept in the session, per game) gives way to it."""
    for entry in catalogue.ready():
        request.session.pop(web_for(entry.kind).flow.speed_key, None)


@require_http_methods(["GET", "POST"])
def settings_page(request: HttpRequest) -> HttpResponse:
    """Show the choices; save them (the account's, or this device's for a guest)."""
    before = feel_of(request)
    if request.method != "POST":
        return _page(request, SettingsForm(initial=asdict(before)))
    form = SettingsForm(request.POST)
    if not form.is_valid():
        return _page(request, form, status=400)
    chosen = Feel(**form.cleaned_data)
    response = redirect(_next(request) or reverse("preferences:settings"))
    save_feel(request, response, chosen)
    if chosen.computer_speed != before.computer_speed:
        _forget_table_speeds(request)
    messages.success(request, _("Settings saved."))
    return response


@require_POST
def sound(request: HttpRequest) -> HttpResponse:
    """The table's mute button: sound on or off, nothing else changed."""
    choice = request.POST.get("sound", "")
    before = feel_of(request)
    if choice not in ("on", "off"):
        form = SettingsForm(initial=asdict(before))
        return _page(request, form, status=400, refused=_("Sound is either on or off."))
    if request.headers.get("X-Requested-With") == FETCHED:
        response = HttpResponse(status=204)
    else:
        response = redirect(_next(request) or reverse("preferences:settings"))
    save_feel(request, response, with_sound(before, choice == "on"))
    return response
