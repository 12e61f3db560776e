"""The privacy page, "Download my data" and "Close my account".

Thin: the export is ``data_export.build``, the closing ``closing.close_account``,
the confirmation ``confirm``. Own pages are ``private, no-store`` (never_cache);
the forms are ordinary POSTs under Django's CSRF check.
"""

from __future__ import annotations

import json
from typing import Any

from django.conf import settings
from django.contrib import messages
from django.contrib.auth import logout
from django.contrib.auth.decorators import login_required
from django.core.serializers.json import DjangoJSONEncoder
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from privacy import closing, confirm, data_export
from privacy.forms import CloseByCodeForm, CloseByPasswordForm
from privacy.reserved import HOLD_DAYS

WRONG_PASSWORD = gettext_lazy("That password is not right, so nothing was closed.")
WRONG_CODE = gettext_lazy(
    "That code is not right (or has run out), so nothing was closed. Ask for a new one."
)
TOO_MANY = gettext_lazy("Too many tries. Please wait a minute; nothing was closed.")


@require_GET
def privacy_page(request: HttpRequest) -> HttpResponse:
    """What the site keeps, why and for how long (the same for everyone: cacheable)."""
    context = {"guest_idle_days": settings.GUEST_IDLE_DAYS, "hold_days": HOLD_DAYS}
    return render(request, "privacy/privacy.html", context)


@never_cache
@login_required
@require_GET
def download(request: HttpRequest) -> HttpResponse:
    """The signed-in person's data as one JSON file, saved by the browser (an attachment)."""
    body = json.dumps(data_export.build(request.user, request), cls=DjangoJSONEncoder, indent=1)
    response = HttpResponse(body, content_type="application/json; charset=utf-8")
    name = data_export.filename(request.user)
    response["Content-Disposition"] = f'attachment; filename="{name}"'
    return response


@never_cache
@login_required
@require_http_methods(["GET", "POST"])
def close(request: HttpRequest) -> HttpResponse:
    """What closing does, and the confirmation; a wrong password or code changes nothing."""
    user = request.user
    by_code = confirm.by_code(user)
    form_class = CloseByCodeForm if by_code else CloseByPasswordForm
    form = form_class(request.POST if request.method == "POST" else None)  # empty: "required"
    if request.method == "POST" and form.is_valid():
        error = _refusal(request, user, form.cleaned_data, by_code)
        if error is None:
            closing.close_account(user)
            logout(request)
            messages.success(request, _("Your account is closed. Thank you for playing."))
            return redirect("privacy:closed")
        form.add_error(None, error)
    context = {
        "form": form,
        "by_code": by_code,
        "code_address": confirm.code_address(user) if by_code else None,
        "hold_days": HOLD_DAYS,
    }
    return render(request, "privacy/close.html", context, status=400 if form.errors else 200)


def _refusal(request: HttpRequest, user: Any, data: dict[str, str], by_code: bool) -> str | None:
    if confirm.too_many_tries(request):
        return TOO_MANY
    if by_code:
        return None if confirm.code_ok(request, user, data["code"]) else WRONG_CODE
    return None if confirm.password_ok(user, data["password"]) else WRONG_PASSWORD


@never_cache
@login_required
@require_POST
def send_code(request: HttpRequest) -> HttpResponse:
    """E-mail a closing code (accounts without a password); say where it went."""
    if not confirm.by_code(request.user):
        return redirect("privacy:close")
    address = confirm.send_code(request, request.user)
    if address is None:
        messages.error(request, _("Your account has no verified e-mail address to send a code to."))
    else:
        sent = ngettext(
            "We sent a code to %(address)s. It works for %(minutes)s minute.",
            "We sent a code to %(address)s. It works for %(minutes)s minutes.",
            confirm.CODE_MINUTES,
        ) % {"address": address, "minutes": confirm.CODE_MINUTES}
        messages.success(request, sent)
    return redirect("privacy:close")


@require_GET
def closed(request: HttpRequest) -> HttpResponse:
    """Where a closed account lands: what is gone, and that the name is held for a while."""
    return render(request, "privacy/closed.html", {"hold_days": HOLD_DAYS})
