"""Who may see and act on a game: the seat is found from the request, never from the POST."""

from __future__ import annotations

from uuid import UUID

from django.db.models import Q, QuerySet
from django.http import Http404, HttpRequest

from games.models import Game, Seat


def owns_seat(request: HttpRequest, seat: Seat) -> bool:
    """A signed-in owner by account; a guest seat by the signed device cookie."""
    if seat.is_computer:
        return False
    user = request.user
    if seat.user_id is not None:
        return bool(user.is_authenticated and user.pk == seat.user_id)
    key = getattr(request, "device_key", "")
    return bool(key) and seat.device_key == key


def owned_seats(request: HttpRequest) -> QuerySet[Seat]:
    """Every seat the caller owns, by the same rule as ``owns_seat``.

    Signed in, that is the account's seats (plus, in principle, the device's
    unclaimed guest seats; sign-in moves those into the account anyway).
    """
    key = getattr(request, "device_key", "")
    mine = Q(user__isnull=True, device_key=key, computer_level="") if key else Q(pk__in=[])
    user = request.user
    if user.is_authenticated:
        mine |= Q(user_id=user.pk)
    return Seat.objects.filter(mine)


def get_game_for_player(request: HttpRequest, game_id: UUID) -> tuple[Game, Seat]:
    """404 for anyone without a seat, so a stranger can't even learn the game exists."""
    game = Game.objects.filter(id=game_id).first()
    if game is None:
        raise Http404("No such game.")
    for seat in game.seats.all():
        if owns_seat(request, seat):
            return game, seat
    raise Http404("No such game.")
