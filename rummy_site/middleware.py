"""Site-wide response policy: browser permissions, private game pages, and limits on new games.

Kept out of the views on purpose: every game's table gets the same headers and
the same creation limit by being listed in the catalogue, with no code of its own.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from django.conf import settings
from django.http import HttpRequest, HttpResponse, HttpResponseBase
from django.urls import ResolverMatch
from django.utils.cache import patch_cache_control

from core.new_games import refuse_new_game
from games import catalogue

# Pages that show one player's own things (a rack, saves, stats, settings): never cached
# anywhere. By where they live, so a page added there is covered the day it is added:
# all of /me/ and allauth's /accounts/ (addresses, password), and the own things kept
# under other sections: tokens, presets, rooms (members see the invite code), quick
# match, puzzle streaks and attempts, answers to challenges, the guided games' progress,
# tournaments (each page says where this person stands).
# tests/security/test_own_pages_private.py walks every URL pattern and fails on a
# sign-in-only page that none of these covers.
PRIVATE_ROUTES = (
    "me/",
    "accounts/",
    "api/tokens/",
    "presets/",
    "rooms/",
    "match/",
    "puzzles/streak/",
    "puzzles/attempt/",
    "puzzles/storm/",  # the caller's run, its clock and bests
    "puzzles/dashboard/",  # the caller's last 30 days
    "players/challenges/",
    "learn/",  # the guided first games: where this person is in each
    "tournaments/",  # an event's page shows whether you joined, paused or play now
)
PRIVATE_VIEWS = {"games:home", "leaderboards:name", "leaderboards:hide_names"}
PRIVATE_NAMESPACES = {"accounts"}
# POSTs that deal a new game, besides every catalogue game's ``setup``.
CREATING_VIEWS = {"leaderboards:daily_play", "leaderboards:daily_retry"}


def is_private(match: ResolverMatch | None) -> bool:
    """A table page or partial (it names a game), or one of the player's own pages."""
    if match is None:
        return False
    return (
        "game_id" in match.kwargs
        or (match.route or "").startswith(PRIVATE_ROUTES)
        or match.view_name in PRIVATE_VIEWS
        or bool(set(match.namespaces) & PRIVATE_NAMESPACES)
    )


def creates_a_game(request: HttpRequest) -> bool:
    """A POST to a catalogue game's setup page or to the daily challenge's buttons."""
    match = request.resolver_match
    if request.method != "POST" or match is None:
        return False
    kinds = {entry.url_name for entry in catalogue.CATALOGUE}
    return match.view_name in CREATING_VIEWS or (
        match.url_name == "setup" and match.namespace in kinds
    )


class BrowserPolicyMiddleware:
    """Permissions-Policy on every response; ``private, no-store`` on the player's own pages."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponseBase]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponseBase:
        response = self.get_response(request)
        response.headers.setdefault("Permissions-Policy", settings.PERMISSIONS_POLICY)
        if is_private(getattr(request, "resolver_match", None)):
            patch_cache_control(response, private=True, no_store=True)
        return response


class GameCreationLimitMiddleware:
    """Refuse (429) a new game past the limits per account or device and per address
    (``core.new_games``, which a preset's start counts on too)."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponseBase]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponseBase:
        return self.get_response(request)

    def process_view(
        self, request: HttpRequest, view: Callable[..., Any], args: Any, kwargs: Any
    ) -> HttpResponse | None:
        if not creates_a_game(request):
            return None
        return refuse_new_game(request)
