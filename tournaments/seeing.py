"""Who may see an event: the one check its page, its poll and its talk share.

Its own module so the talk views (``tournaments.talk_views``) and the pages
(``tournaments.views``, which render the talk panel) both use it without importing
each other.
"""

from __future__ import annotations

from django.http import Http404, HttpRequest
from django.shortcuts import get_object_or_404

from tournaments import services
from tournaments.models import Tournament

SESSION_CODES = "tournament_codes"


def user_id(request: HttpRequest) -> int | None:
    return int(request.user.pk) if request.user.is_authenticated else None


def codes(request: HttpRequest) -> list[str]:
    return [str(c) for c in request.session.get(SESSION_CODES, [])]


def visible(request: HttpRequest, pk: int) -> Tournament:
    """The event if this reader may see it (404 otherwise: it doesn't exist for them)."""
    tournament = get_object_or_404(Tournament, pk=pk)
    code = str(request.GET.get("code", ""))[:40].strip().lower()
    if code and code == tournament.entry_code:
        request.session[SESSION_CODES] = [*codes(request), code][-20:]
    if not services.may_see(tournament, user_id(request), codes(request)):
        raise Http404("No such tournament.")
    return tournament
