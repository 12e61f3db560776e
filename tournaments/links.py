"""A tournament table's Game over leads back to the tournament (rooms.events asks here)."""

from __future__ import annotations

from django.http import HttpRequest
from django.urls import reverse
from django.utils.translation import gettext

from games.models import Game
from rooms.events import EventLink
from tournaments.models import Table


def game_over_link(game: Game, request: HttpRequest) -> EventLink | None:
    table = Table.objects.filter(game_id=game.pk).values_list("tournament_id", flat=True).first()
    if table is None:
        return None
    return EventLink(
        gettext("Back to the tournament"),
        reverse("tournaments:detail", args=[table]),
        reverse("tournaments:follow", args=[game.pk]),
    )
