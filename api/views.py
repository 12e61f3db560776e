"""The API's pages for people: the token page (linked from the account page) and the docs.

The token page is an ordinary signed-in page (session and CSRF as everywhere
else); it is the only place tokens are made or revoked, and it shows a new
token exactly once, in the response that made it. Nothing here is cached.
"""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.html import format_html_join
from django.utils.translation import gettext as _
from django.utils.translation import ngettext
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from api import game_schemas, games, limits, tokens
from api.forms import NewTokenForm
from api.models import AccessToken
from api.signals import TOKENS_AFTER_PASSWORD_CHANGE
from games import catalogue

TOKENS = "api/tokens.html"


@never_cache
@login_required
@require_http_methods(["GET", "POST"])
def token_page(request: HttpRequest) -> HttpResponse:
    """List the account's tokens; POST makes one and shows it this once."""
    form = NewTokenForm(request.POST or None)
    new_token = None
    status = 200
    if request.method == "POST":
        if form.is_valid():
            try:
                _row, new_token = tokens.issue(
                    request.user, form.cleaned_data["name"], form.cleaned_data["scopes"]
                )
                form = NewTokenForm()
            except tokens.TokenLimit as exc:
                form.add_error(None, str(exc))
        if form.errors:
            status = 400
    account_tokens = AccessToken.objects.filter(user=request.user)
    context = {
        "form": form,
        "new_token": new_token,
        "tokens": account_tokens,
        "after_password_change": bool(request.session.get(TOKENS_AFTER_PASSWORD_CHANGE)),
    }
    return render(request, TOKENS, context, status=status)


@never_cache
@login_required
@require_POST
def revoke(request: HttpRequest, token_id: int) -> HttpResponse:
    """Delete one of the account's tokens; programs using it are refused from now on."""
    if not tokens.revoke(request.user, token_id):
        raise Http404("No such token.")
    messages.success(request, _("Token revoked. Programs using it can no longer sign in."))
    return redirect("api:tokens")


@never_cache
@login_required
@require_POST
def revoke_all(request: HttpRequest) -> HttpResponse:
    """Delete every token of the account (offered after a password change); programs stop."""
    count = tokens.revoke_all(request.user)
    request.session.pop(TOKENS_AFTER_PASSWORD_CHANGE, None)
    if count:
        revoked = ngettext(
            "%(count)s token revoked. Programs using them can no longer sign in.",
            "%(count)s tokens revoked. Programs using them can no longer sign in.",
            count,
        )
        messages.success(request, revoked % {"count": count})
    else:
        messages.info(request, _("There were no tokens to revoke."))
    return redirect("api:tokens")


@require_GET
def docs(request: HttpRequest) -> HttpResponse:
    """A short guide to the API, with the games a program may start (from the catalogue)
    and the limits as the server applies them (read from the same settings)."""
    limit, window = limits.request_limit()
    kinds = list(catalogue.ready())
    example = game_schemas.example(kinds[0])
    context = {
        "kinds": kinds,
        "example": example,
        # The component names as one piece of the guide's sentence (its word order is the
        # translation's): "<code>A</code>, <code>B</code>".
        "example_actions": format_html_join(
            ", ", "<code>{}</code>", ((n,) for n in example["actions"])
        ),
        "request_limit": limit,
        "request_window": window,
        "wait_max": int(games.wait_limit()),
        "waits_per_account": games.waits_per_account(),
    }
    return render(request, "api/docs.html", context)
