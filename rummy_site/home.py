"""The home page: "Continue game" for the player's unfinished saves, today's daily
challenge (leaderboards.attempts), then a card per catalogue game.

The site's page, not a game's: it gathers accounts' saves and leaderboards' daily
challenge, so it lives with the site (rummy_site) and the games app imports neither
for it. Kept apart from the games' own pages (games/web/) so the landing page does
not load an engine; which saves to offer is accounts' rule (accounts.saves). Its URL
keeps the name it always had, ``games:home`` (rummy_site/urls.py).
"""

from __future__ import annotations

from dataclasses import dataclass

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.urls import reverse
from django.utils.formats import date_format
from django.utils.translation import gettext as _
from django.utils.translation import pgettext

from accounts.saves import continue_offers
from games import catalogue
from games.describe import game_level, kind_name, level_label, table_url
from leaderboards.daily import daily_day
from leaderboards.today import status as daily_status


@dataclass(frozen=True)
class GameCard:
    """One card on the home page; ``play_url`` None means "coming soon"."""

    name: str
    blurb: str
    players: str
    play_url: str | None = None
    how_to_url: str | None = None


def game_cards() -> list[GameCard]:
    """A card per catalogue game, in its order; a game not built yet is "coming soon"."""
    return [_card(entry) for entry in catalogue.CATALOGUE]


def _card(entry: catalogue.GameEntry) -> GameCard:
    card = GameCard(entry.shown_name, entry.shown_blurb, entry.shown_players)
    if not entry.ready:
        return card
    setup, how_to = (reverse(f"{entry.url_name}:{n}") for n in ("setup", "how_to_play"))
    return GameCard(
        entry.shown_name, entry.shown_blurb, entry.shown_players, play_url=setup, how_to_url=how_to
    )


def home(request: HttpRequest) -> HttpResponse:
    """Render the landing page: the newest unfinished save per slot, then every game."""
    offers = [
        {
            "entry": e,
            "name": _offer_name(e.game.kind, e.game.config),
            "level": level_label(e.game.kind, game_level(e.game)),
            "url": table_url(e.game),
        }
        for e in continue_offers(request)
    ]
    context = {"games": game_cards(), "offers": offers, "daily": daily_status(request)}
    return render(request, "home.html", context)


def _offer_name(kind: str, config: dict[str, object]) -> str:
    """A daily attempt says which day's challenge it is, so it isn't mistaken for a free game."""
    day = daily_day(config)
    name = kind_name(kind)
    if not day:
        return name
    # The date's pattern is the translator's ("30 Nov" in English).
    shown = date_format(day, pgettext("date format: zero-padded day and short month", "d M"))
    return _("%(game)s daily challenge (%(day)s UTC)") % {"game": name, "day": shown}
