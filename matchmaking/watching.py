"""Watching a table without a seat: who may, what they see, and who is watching.

- **Who**: anyone (guest or signed in) may watch an online table whose room is
  listed; a private room's table only after opening the watch link made from
  its invite code (the grant is kept in the session), or by playing at it (its
  players are sent to their own seat). Daily challenge games
  are never watchable, and a game outside a room (a game against computers)
  is nobody's to watch.
- **What**: exactly the engine's spectator view, ``view(state, None)``, drawn by
  the game's own table through its replay adapter (the same frames a shared
  replay shows), and each move's stored public view: no rack, no draw order.
  A round's end and Game over show the seats' panel from that public view
  (``round_end``), without their buttons. Names follow Hide names on this
  device, and a block (either way) hides a name as well.
- **Live**: the page asks for the next version like a seat's board does, and
  its poll waits for the table's news (``games.live``) before answering 204.
- **Counted**: each spectator's page touches a ``Watcher`` row; the players'
  online bar shows how many were seen in the last ``SEEN_SECONDS``. The count is
  drawn into every board after every move, so it is kept in the cache for
  ``COUNT_FRESH_SECONDS`` (a spectator's touch clears it: an arrival shows at the
  next move, a departure at most that much later than ``SEEN_SECONDS``), not
  counted again by a query per move.
"""

from __future__ import annotations

import copy
import logging
import random
from datetime import timedelta
from typing import Any
from uuid import UUID

from django.conf import settings
from django.core.cache import cache
from django.db.models import Count, Min, Q
from django.http import Http404, HttpRequest
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import ngettext, pgettext

from core.memo import shared
from games import catalogue, live
from games.access import game_with_seats, stamp_of
from games.engine.registry import engine_for
from games.models import Game, GameStatus, Move, Seat
from games.online import placeholder_name
from games.table_flow import SPEEDS, socket_form_token
from leaderboards.blocks import names_kept_from
from leaderboards.privacy import names_hidden
from matchmaking import ratings
from matchmaking.models import Watcher, owner_key
from matchmaking.ratings import GUEST_RATING
from players.lookup import ratings_of
from replays.frames import SPECTATOR, adapter_for, flow_for
from replays.policy import daily_day
from rooms import services as rooms
from rooms.models import Room, RoomStatus
from rooms.people import Person, person

log = logging.getLogger(__name__)

SESSION_KEY = "watch_rooms"
SEEN_SECONDS = 45  # longer than a waiting poll (LIVE_WAIT_SECONDS) plus its next ask
LIST_SIZE = 30
COUNT_FRESH_SECONDS = 10  # a table's spectator count is read from the cache this long
NOBODY_FRESH_SECONDS = 60  # ...and "nobody watching" this long (an arrival forgets either)
COUNT_KEY = "watching:count:"
FORGET_CHANCE = 0.01  # one spectator poll in a hundred drops watcher rows a day old


# --- who may watch ---------------------------------------------------------------------


def _granted(request: HttpRequest, room: Room) -> bool:
    return room.pk in request.session.get(SESSION_KEY, [])


def grant(request: HttpRequest, code: str) -> Room:
    """The invite link's watch door: remember that this browser holds the room's code."""
    room = Room.objects.filter(code=code[:32]).exclude(status=RoomStatus.CLOSED).first()
    if room is None:
        raise Http404("No such room.")
    allowed = [pk for pk in request.session.get(SESSION_KEY, []) if pk != room.pk][-19:]
    request.session[SESSION_KEY] = [*allowed, room.pk]
    return room


def watchable_game(game: Game | None) -> bool:
    """An online table between people, and never a daily challenge."""
    return game is not None and game.online and daily_day(game) is None


def find(request: HttpRequest, game_id: Any) -> tuple[Game, Room]:
    """The game and its room if this request may watch it; 404 otherwise (nothing learnt)."""
    game = game_with_seats(game_id)
    room = rooms.room_for_game(game.id) if game is not None else None
    if game is None or room is None or not watchable_game(game):
        raise Http404("No such table.")
    listed = room.listed and room.status != RoomStatus.CLOSED
    # The table's own players may always open it (the watch page sends them to their seat).
    if not listed and not _granted(request, room) and not seated(request, game):
        raise Http404("No such table.")
    return game, room


def seated(request: HttpRequest, game: Game) -> bool:
    """The caller plays at this table (they go to their own seat instead)."""
    return rooms.game_seat(game, person(request)) is not None


def watch_url(room: Room, who: Person) -> str:
    """Where a Watch link for the room's table goes: by game when listed, else by invite."""
    if room.listed:
        return reverse("matchmaking:watch", args=[room.game_id])
    return reverse("matchmaking:watch_invite", args=[room.code])


# --- what a spectator sees -------------------------------------------------------------


def _spectator_seat(game: Game) -> Seat:
    return Seat(game=game, index=SPECTATOR, display_name="")


def _move(game: Game, engine: Any, state: Any, step: int) -> Move:
    """Move ``step`` (its stored public view); the deal is an unsaved stand-in, as in replays."""
    if step > 0:
        found = Move.objects.filter(game=game, seq=step).first()
        if found is not None:
            return found
    return Move(
        game=game, seq=0, seat=0, action={"type": "deal"}, public_view=engine.view(state, None)
    )


def hide_names(request: HttpRequest, game: Game) -> None:
    """Hide names on this device, and a blocked player's name (either way), as a placeholder."""
    hidden, apart = names_hidden(request), names_kept_from(request)
    for seat in game.seats.all():
        if not seat.is_computer and (hidden or seat.user_id in apart):
            seat.display_name = placeholder_name(seat.index)


def board(request: HttpRequest, game: Game, at: int | None) -> dict[str, Any]:
    """The spectator's board at move ``at`` (the latest when None or not reached yet).

    Returns the rendered board and when to ask next: step by step at Fast speed
    while catching up, then "anything after the latest?" while the game is on.
    """
    engine, adapter, flow = engine_for(game.kind), adapter_for(game.kind), flow_for(game.kind)
    state = engine.from_json(game.state)
    step = game.version if at is None or at > game.version else max(0, at)
    hide_names(request, game)
    view = engine.view(state, None)
    spectator, move = _spectator_seat(game), _move(game, engine, state, step)
    context = adapter.frame(game, spectator, view, move)
    context.update(
        speed="fast",
        speeds=list(SPEEDS),
        delay_ms=SPEEDS["fast"],
        next_at=None,  # the watch page asks, not the board (the board's poll is for seats)
        seen=None,
        online=None,
        board_url=flow.url("board", game),
        leave_urls=flow.leave_urls(game),
        error=None,
        # A spectator's picture never offers a seat's Leave / Game over controls.
        game=_as_watched(game),
        round=round_end(game, adapter, spectator, move.public_view),
        watching=True,  # the round templates leave out Next round and the room's buttons
        **socket_form_token(request),
    )
    active = game.status == GameStatus.ACTIVE
    # Named apart from the board's own keys (``next_at``, ``seen``…), which mean the seat's poll.
    return {
        "board_html": render_to_string(flow.board_template, context, request=request),
        "stylesheets": adapter.STYLESHEETS,
        "watch_step": step,
        "watch_next": step + 1 if active or step < game.version else None,
        "watch_catching_up": step < game.version,
        "watch_delay_ms": SPEEDS["fast"],
        "watch_seen": stamp_of(game.updated),
        "watch_active": active,
        "game": game,
    }


def page_context(request: HttpRequest, game: Game, room: Room, at: int | None) -> dict[str, Any]:
    """The watch page's context (its ``#live`` part is what the poll and the websocket send)."""
    context = board(request, game, at)
    context.update(
        room=room,
        talk_for=game,  # the spectators' talk panel (talk_tags)
        game_name=catalogue.kind_name(game.kind),
        watching=count(game.id),
        poll_url=reverse("matchmaking:watch_poll", args=[game.id]),
        room_url=reverse("rooms:room", args=[room.public_id]) if room.listed else "",
        # The live process's websocket (live/), which pauses the poll while it is open.
        live_url=live.socket_path(game.id) if context["watch_active"] else None,
    )
    return context


def round_end(game: Game, adapter: Any, spectator: Seat, public: Any) -> dict[str, Any] | None:
    """Round complete / Game over as the seats' tables draw it, from the step's public view.

    Public by the engine's own rule: a round's end lays the hands open in
    ``view(state, None)``, which is what each move stores. ``verdict`` names the
    winners for someone who is on no side.
    """
    panel: dict[str, Any] | None = adapter.round_panel(game, spectator, public)
    if panel is not None and panel.get("game_over"):
        names = {s.index: s.display_name for s in game.seats.all()}
        winners = [names[i] for i in public.get("winners") or [] if i in names]
        joiner = pgettext("joining the winners names", "and")
        together = f" {joiner} ".join(winners)
        verdict = ngettext("%(names)s wins the game.", "%(names)s win the game.", len(winners))
        panel["verdict"] = verdict % {"names": together} if winners else ""
    return panel


def _as_watched(game: Game) -> Game:
    """A copy the board draws from: not "active", so no seat's leave bar is drawn."""
    shown = copy.copy(game)
    shown.status = "watched"
    return shown


# --- who is watching -------------------------------------------------------------------


def viewer_key(request: HttpRequest) -> str:
    who = person(request)
    if who.known:
        return owner_key(who.user_id, who.device_key)
    return f"s:{request.session.session_key or ''}"


def touch(request: HttpRequest, game: Game) -> None:
    """This spectator is here now (one upsert); now and then, rows of long ago are dropped."""
    touch_as(viewer_key(request), game)


def touch_as(viewer: str, game: Game) -> None:
    """:func:`touch` for the spectator ``viewer_key`` names (a websocket's beat)."""
    now = timezone.now()
    Watcher.objects.bulk_create(
        [Watcher(game=game, viewer=viewer[:80], last_seen=now)],
        update_conflicts=True,
        unique_fields=["game", "viewer"],
        update_fields=["last_seen"],
    )
    _forget_count(game.id)
    if random.random() < FORGET_CHANCE:  # noqa: S311 - not security: spreads a cleanup
        Watcher.objects.filter(last_seen__lt=now - timedelta(days=1)).delete()


@shared  # one read for every drawing of a move's publish (core.memo)
def count(game_id: Any) -> int:
    """Spectators seen in the last ``SEEN_SECONDS``: from the cache while it is fresh (a
    board is drawn for every audience after every move; the count changes far less)."""
    key = _count_key(game_id)
    try:
        found = cache.get(key)
    except Exception:  # noqa: BLE001 - the cache is down: the database still counts
        log.warning("could not read a spectator count from the cache", exc_info=True)
        return _counted_for(game_id)[0]
    if isinstance(found, int):
        return found
    value, fresh = _counted_for(game_id)
    try:
        cache.set(key, value, fresh)
    except Exception:  # noqa: BLE001 - counted again at the next move
        log.warning("could not keep a spectator count in the cache", exc_info=True)
    return value


def _counted_for(game_id: Any) -> tuple[int, int]:
    """The count, and for how many seconds it stays true unless someone arrives (an arrival
    forgets it): until the longest-seen spectator's ``SEEN_SECONDS`` run out, and for
    nobody, ``NOBODY_FRESH_SECONDS`` (most tables: one count a minute, not every move). An
    arrival between the count and its keeping is shown at the latest that much later."""
    now = timezone.now()
    since = now - timedelta(seconds=SEEN_SECONDS)
    seen = Watcher.objects.filter(game_id=game_id, last_seen__gte=since)
    found = seen.aggregate(count=Count("pk"), oldest=Min("last_seen"))
    if not found["count"]:
        return 0, NOBODY_FRESH_SECONDS
    left = (found["oldest"] - since).total_seconds()
    return int(found["count"]), max(1, min(COUNT_FRESH_SECONDS, int(left)))


def _forget_count(game_id: Any) -> None:
    """A spectator arrived or is still here: the next board counts again."""
    try:
        cache.delete(_count_key(game_id))
    except Exception:  # noqa: BLE001 - the count is then at most COUNT_FRESH_SECONDS old
        log.warning("could not clear a spectator count in the cache", exc_info=True)


def _count_key(game_id: Any) -> str:
    return f"{COUNT_KEY}{UUID(str(game_id)).hex}"


# --- the Watch list --------------------------------------------------------------------


def live_tables(request: HttpRequest) -> list[dict[str, Any]]:
    """Listed tables being played now, strongest first (the best rating at the table)."""
    rooms_now = list(
        Room.objects.filter(
            listed=True,
            status=RoomStatus.PLAYING,
            game__status=GameStatus.ACTIVE,
            game__online=True,
        )
        .select_related("game")
        .prefetch_related("game__seats")
        .order_by("-updated")[:200]
    )
    rated = _ratings(rooms_now)
    hidden = names_hidden(request)
    apart = names_kept_from(request)
    rows = []
    for room in rooms_now:
        game = room.game
        if not watchable_game(game):
            continue
        people = [s for s in game.seats.all() if not s.is_computer]
        pace = ratings.pace_of(game.config)
        scores = [rated.get((game.kind, pace, s.user_id), GUEST_RATING) for s in people]
        rows.append(
            {
                "room": room,
                "game_name": catalogue.kind_name(game.kind),
                "players": [
                    {
                        "name": placeholder_name(s.index)
                        if hidden or s.user_id in apart
                        else s.display_name,
                        "rating": round(score),
                    }
                    for s, score in zip(people, scores, strict=True)
                ],
                "top": max(scores, default=GUEST_RATING),
                "url": reverse("matchmaking:watch", args=[game.id]),
                "watching": 0,
                "game_id": game.id,
            }
        )
    rows.sort(key=lambda r: (-r["top"], str(r["room"].public_id)))
    rows = rows[:LIST_SIZE]
    counts = _counts([r["game_id"] for r in rows])
    for row in rows:
        row["watching"] = counts.get(row["game_id"], 0)
    return rows


def _ratings(found: list[Room]) -> dict[tuple[str, str, int | None], float]:
    """Every seated account's rating at its table's game and pace, one query per both."""
    by_kind: dict[tuple[str, str], set[int]] = {}
    for room in found:
        for seat in room.game.seats.all():
            if seat.user_id is not None:
                key = (room.game.kind, ratings.pace_of(room.game.config))
                by_kind.setdefault(key, set()).add(seat.user_id)
    out: dict[tuple[str, str, int | None], float] = {}
    for (kind, pace), users in by_kind.items():
        for user_id, value in ratings_of(sorted(users), kind, pace).items():
            out[(kind, pace, user_id)] = value
    return out


def _counts(game_ids: list[Any]) -> dict[Any, int]:
    if not game_ids:
        return {}
    since = timezone.now() - timedelta(seconds=SEEN_SECONDS)
    rows = Watcher.objects.filter(Q(game_id__in=game_ids), last_seen__gte=since).values_list(
        "game_id", flat=True
    )
    out: dict[Any, int] = {}
    for game_id in rows:
        out[game_id] = out.get(game_id, 0) + 1
    return out


def wait_seconds() -> float:
    return float(settings.LIVE_WAIT_SECONDS)
