"""The home page: "Continue game" for the player's unfinished saves, today's daily
challenge (leaderboards.attempts), then the four games.

Kept apart from games/views.py (the game screens) so the landing page does not
depend on the engines; which saves to offer is accounts' rule (accounts.saves).
"""

from __future__ import annotations

from dataclasses import dataclass

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render

from accounts.describe import kind_name, level_of, table_url
from accounts.saves import continue_offers
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


# Literal URLs until the Tile Rummy views exist (then: {% url 'games:…' %}).
GAME_CARDS: tuple[GameCard, ...] = (
    GameCard(
        name="Tile Rummy",
        blurb=(
            "Lay down runs and groups of numbered tiles, rework what is already on the "
            "table, and race to empty your rack first."
        ),
        players="You against 1–3 computer players",
        play_url="/tile-rummy/new/",
        how_to_url="/tile-rummy/how-to-play/",
    ),
    GameCard(
        name="Rumbaroo",
        blurb=(
            "A bouncy, outback-flavoured tile game full of action tiles and surprises, "
            "with a daily challenge and party tables."
        ),
        players="2–4 players, party games up to 8",
        play_url="/rumbaroo/new/",
        how_to_url="/rumbaroo/how-to-play/",
    ),
    GameCard(
        name="Romanian Tile Rummy",
        blurb=(
            "A favourite family table game from Romania, with its own twists on melds and scoring."
        ),
        players="2–4 players",
    ),
    GameCard(
        name="Rumasta",
        blurb="A card rummy for a lively table: play on your own or team up with a partner.",
        players="2–6 players, alone or in teams",
    ),
)


def home(request: HttpRequest) -> HttpResponse:
    """Render the landing page: the newest unfinished save per slot, then every game."""
    offers = [
        {
            "entry": e,
            "name": _offer_name(e.game.kind, e.game.config),
            "level": level_of(e.game.seats.all()),
            "url": table_url(e.game),
        }
        for e in continue_offers(request)
    ]
    context = {"games": GAME_CARDS, "offers": offers, "daily": daily_status(request)}
    return render(request, "home.html", context)


def _offer_name(kind: str, config: dict[str, object]) -> str:
    """A daily attempt says which day's challenge it is, so it isn't mistaken for a free game."""
    day = daily_day(config)
    name = kind_name(kind)
    return f"{name} daily challenge ({day:%d %b} UTC)" if day else name
