"""Using a preset is posting the game's own setup form again: same view, same checks.

A preset start does not build a game itself. It hands the stored fields to the
game's ``setup`` view as that page's POST, so the game's form, its seats and
``services.create_game`` judge it exactly as they judge the setup page, and a
rule added to a setup form later applies to presets with no change here. The
new-game limit is counted as for the setup page (the request is, from then on,
that page's POST); so ``presets:start`` must not also be listed among the
middleware's creating views, or a start would count twice.
"""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse
from django.urls import ResolverMatch, resolve, reverse

from core.new_games import refuse_new_game
from games import catalogue
from presets.rules import FieldValue, as_post


def setup_match(entry: catalogue.GameEntry) -> ResolverMatch:
    """The game's setup page, resolved as if the browser had asked for it."""
    return resolve(reverse(f"{entry.url_name}:setup"))


def replay_setup(
    request: HttpRequest,
    entry: catalogue.GameEntry,
    data: dict[str, FieldValue],
    *,
    start: bool,
) -> HttpResponse:
    """Answer as the game's setup page would to ``data`` posted from it.

    ``start`` False redraws the page with ``data`` filled in (and any errors) and
    never deals: a refused "save these rules" keeps the player's picks on screen.
    """
    match = setup_match(entry)
    request.resolver_match = match
    request.POST = as_post(data)  # type: ignore[assignment]
    if start:
        refused = refuse_new_game(request)
        if refused is not None:
            return refused
    else:
        request.method = "GET"  # the setup view deals only on POST
    response: HttpResponse = match.func(request, *match.args, **match.kwargs)
    return response
