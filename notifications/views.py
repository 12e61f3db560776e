"""The player's notification settings, their devices' push subscriptions, and unsubscribing.

The unsubscribe page needs no sign-in: the signed token in its URL names the
account. A GET only shows a button (mail scanners follow links); the POST,
from that button or from a mail program's one-click (RFC 8058), turns e-mail off.
"""

from __future__ import annotations

import json
from datetime import UTC

from django.conf import settings
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils import formats
from django.utils.translation import gettext as _
from django.views.decorators.csrf import csrf_exempt
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from notifications import push, turns, vacation
from notifications.devices import browser_name, shown_name
from notifications.endpoints import canonical_endpoint
from notifications.forms import SettingsForm
from notifications.models import NotificationSettings, PushSubscription
from notifications.my_turn import waiting_for
from notifications.unsubscribe import user_id_from

MAX_DEVICES = 20  # a player's browsers; the oldest goes when one more is added


@login_required
@require_http_methods(["GET", "POST"])
def settings_page(request: HttpRequest) -> HttpResponse:
    prefs = turns.settings_for(request.user.pk)
    has_email = bool(request.user.email)
    form = SettingsForm(request.POST or None, instance=prefs, has_email=has_email)
    if request.method == "POST" and form.is_valid():
        form.save()
        messages.success(request, _("Notification settings saved."))
        return redirect("notifications:settings")
    devices = PushSubscription.objects.filter(user=request.user).order_by("-created", "-pk")
    context = {
        "form": form,
        "devices": [(device, shown_name(device.browser)) for device in devices],
        "vapid_public_key": push.enabled() and _public_key(),
        "has_email": has_email,
    }
    return render(request, "notifications/settings.html", context)


@login_required
@require_POST
def remove_device(request: HttpRequest, pk: int) -> HttpResponse:
    """Stop notifying one of the player's devices (the list's Remove button)."""
    device = get_object_or_404(PushSubscription, pk=pk, user=request.user)
    device.delete()
    name = shown_name(device.browser) if device.browser else _("That device")
    messages.success(request, _("%(device)s won't be notified any more.") % {"device": name})
    return redirect("notifications:settings")


def _public_key() -> str:
    return settings.VAPID_PUBLIC_KEY


@login_required
@require_POST
def subscribe(request: HttpRequest) -> JsonResponse:
    """Store this browser's push subscription (its PushSubscription.toJSON())."""
    try:
        data = json.loads(request.body or b"{}")
        endpoint = str(data["endpoint"])
        keys = data["keys"]
        p256dh, auth = str(keys["p256dh"]), str(keys["auth"])
    except (ValueError, KeyError, TypeError):
        return JsonResponse({"error": _("That is not a push subscription.")}, status=400)
    if len(endpoint) > 1000 or not (0 < len(p256dh) <= 200 and 0 < len(auth) <= 100):
        return JsonResponse({"error": _("That is not a push subscription.")}, status=400)
    endpoint = canonical_endpoint(endpoint)  # the rebuilt URL is what is stored and sent to
    if endpoint is None:
        refused = _("That push service is not one we can send to.")
        return JsonResponse({"error": refused}, status=400)
    browser = browser_name(request.headers.get("User-Agent", ""))
    PushSubscription.objects.update_or_create(
        endpoint=endpoint,
        defaults={"user": request.user, "p256dh": p256dh, "auth": auth, "browser": browser},
    )
    mine = PushSubscription.objects.filter(user=request.user).order_by("-created")
    stale = list(mine.values_list("pk", flat=True)[MAX_DEVICES:])
    if stale:
        PushSubscription.objects.filter(pk__in=stale).delete()
    return JsonResponse({"ok": True, "devices": mine.count()})


@login_required
@require_POST
def unsubscribe_device(request: HttpRequest) -> JsonResponse:
    """Forget this browser (the player turned notifications off on it)."""
    try:
        endpoint = str(json.loads(request.body or b"{}")["endpoint"])
    except (ValueError, KeyError, TypeError):
        return JsonResponse({"error": _("Which device?")}, status=400)
    stored = {endpoint, canonical_endpoint(endpoint) or endpoint}  # as the browser knows it
    PushSubscription.objects.filter(user=request.user, endpoint__in=stored).delete()
    return JsonResponse({"ok": True})


@login_required
@require_GET
def my_turn(request: HttpRequest) -> HttpResponse:
    """The tables waiting for the player's move, oldest deadline first."""
    return render(request, "notifications/my_turn.html", {"waiting": waiting_for(request.user.pk)})


@login_required
@require_http_methods(["GET", "POST"])
def vacation_page(request: HttpRequest) -> HttpResponse:
    """Start a vacation: the player's correspondence clocks stand still for that many days."""
    user_id = request.user.pk
    error = ""
    if request.method == "POST":
        try:
            days = int(request.POST.get("days", ""))
        except ValueError:
            error = _("Choose how many days.")
        else:
            try:
                away = vacation.start(user_id, days)
            except vacation.VacationRefused as exc:
                error = exc.message
            else:
                until = formats.date_format(away.ends.astimezone(UTC), "DATETIME_FORMAT")
                messages.success(
                    request,
                    _("Enjoy your break: your clocks wait until %(until)s UTC.") % {"until": until},
                )
                return redirect("notifications:vacation")
    left = vacation.days_left(user_id)
    context = {
        "current": vacation.current(user_id),
        "days_left": left,
        "choices": range(1, left + 1),
        "error": error,
        "per_year": vacation.DAYS_A_YEAR,
    }
    return render(request, "notifications/vacation.html", context, status=400 if error else 200)


@csrf_exempt  # the signed token is the proof; mail programs POST without a CSRF token
@require_http_methods(["GET", "POST"])
def unsubscribe(request: HttpRequest, token: str) -> HttpResponse:
    user_id = user_id_from(token)
    if user_id is None:
        return render(request, "notifications/unsubscribe.html", {"bad_link": True}, status=404)
    done = False
    if request.method == "POST":
        prefs, _created = NotificationSettings.objects.get_or_create(user_id=user_id)
        prefs.email_correspondence = prefs.email_live = False
        prefs.save(update_fields=["email_correspondence", "email_live"])
        done = True
    return render(request, "notifications/unsubscribe.html", {"done": done, "token": token})
