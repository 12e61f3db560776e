"""What the API does with games, generic over the catalogue (no game is named here).

The same doors as the pages, so a program can do nothing a person's page
could not: a new game is read by the game's own ``SetupForm`` and seated by
its own setup view's seating rule, then dealt by ``services.create_game``;
a move goes through ``services.play`` with the version the program saw; and
what leaves the server is ``engine.view(state, seat)`` for the program's own
seat, never the state, the seed or another seat's move log.

A program acts only for *program seats* (``Seat.is_program``) owned by the
token's account. The API's own games seat the program so; an online room
(issue 16 item 3) that seats a program the same way gets these endpoints
with no change here. A person's ordinary seats stay out of reach of tokens,
so a program can never play a game its owner started on a page.
"""

from __future__ import annotations

import math
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import replace
from typing import Any
from uuid import UUID

from django.conf import settings
from django.contrib.auth.base_user import AbstractBaseUser
from django.forms import Form
from django.http import HttpRequest
from django.utils.translation import gettext as _

from api import legal
from api.errors import ApiError, no_such_game
from core import rate_limits
from core.callers import client_address
from core.rate_limits import count_use
from games import catalogue, services
from games.access import game_with_seats
from games.action_schema import clean_action
from games.engine.base import IllegalAction
from games.engine.registry import engine_for
from games.gameweb import SeatRule, web_for
from games.models import Game, GameStatus, Seat

MAX_LIST = 100
WAIT_POLL_SECONDS = 0.25


# --- finding the program's seat --------------------------------------------------------


def is_program_of(seat: Seat, user: AbstractBaseUser) -> bool:
    return seat.is_program and seat.user_id == user.pk and not seat.is_computer


def game_for_program(game_id: UUID, user: AbstractBaseUser) -> tuple[Game, Seat]:
    """The game and the token owner's program seat in it; 404 for anyone else's game."""
    game = game_with_seats(game_id)
    if game is None:
        raise no_such_game()
    for seat in game.seats.all():
        if is_program_of(seat, user):
            return game, seat
    raise no_such_game()


def program_games(user: AbstractBaseUser, status: str | None, limit: int) -> list[Seat]:
    """The account's program seats, newest game first (with their games, one query)."""
    seats = (
        Seat.objects.select_related("game")
        .prefetch_related("game__seats")
        .filter(user=user, is_program=True)
    )
    if status:
        seats = seats.filter(game__status=status)
    return list(seats.order_by("-game__updated")[: max(1, min(limit, MAX_LIST))])


# --- what a program may see ------------------------------------------------------------


def seat_view(game: Game, seat: Seat) -> tuple[Any, dict[str, Any]]:
    """The engine state (kept on the server) and what this seat may see of it."""
    engine = engine_for(game.kind)
    state = engine.from_json(game.state)
    return state, engine.view(state, seat.index)


def summary(game: Game, seat: Seat, state: Any | None = None) -> dict[str, Any]:
    """The public facts of a game plus whether the program is to act (no hidden state)."""
    engine = engine_for(game.kind)
    state = engine.from_json(game.state) if state is None else state
    active = game.status == GameStatus.ACTIVE
    return {
        "id": game.id,
        "kind": game.kind,
        "name": catalogue.kind_name(game.kind),
        "status": game.status,
        "version": game.version,
        "seat": seat.index,
        "my_turn": active and seat.index in engine.to_act(state),
        "config": game.config,
        "players": [_player(s) for s in game.seats.all()],
        "created": game.created,
        "updated": game.updated,
    }


def _player(seat: Seat) -> dict[str, Any]:
    who = "computer" if seat.is_computer else "program" if seat.is_program else "person"
    return {"index": seat.index, "name": seat.display_name, "plays": who}


def game_out(game: Game, seat: Seat) -> dict[str, Any]:
    """The summary plus the seat's own view: what every game endpoint answers with."""
    state, view = seat_view(game, seat)
    return {**summary(game, seat, state), "view": view}


def legal_actions(game: Game, seat: Seat) -> dict[str, Any]:
    """The action types with their schema, choices and whether each is legal now (none once
    ended), and how long a move that would close an open window is held back."""
    engine = engine_for(game.kind)
    state = engine.from_json(game.state)
    active = game.status == GameStatus.ACTIVE
    return {
        "id": game.id,
        "version": game.version,
        "seat": seat.index,
        "my_turn": active and seat.index in engine.to_act(state),
        "timeout_action": dict(engine.TIMEOUT_ACTION),
        "hold_seconds": _held_for(game, engine, state, seat.index) if active else 0.0,
        "actions": legal.describe(engine, state, seat.index) if active else [],
    }


def _held_for(game: Game, engine: Any, state: Any, seat: int) -> float:
    """Seconds before a turn move (not an answer to an open window) would be accepted."""
    if seat not in engine.to_act(state):
        return 0.0
    return round(services.hold_left(game, seat, {"type": "*"}), 2)


def check_action(game: Game, seat: Seat, action: dict[str, Any], version: int) -> dict[str, Any]:
    """A dry run: would ``action`` be accepted now? Nothing is written, nothing is queued.

    Refused like a move for a stale version (409) or an ended game (403); otherwise the
    answer is the engine's, read exactly as ``services.play`` reads the move, with the
    same reason code and message a refused move gets. The engine judges a move only by
    the seat's own tiles and the public table, so the answer reveals nothing hidden.
    """
    if game.version != version:
        stale = _("The game moved on: read it again and decide again.")
        raise services.StaleVersion(stale, "stale")
    if game.status != GameStatus.ACTIVE:
        raise services.NotAllowed(_("This game has ended."), "game_ended")
    engine = engine_for(game.kind)
    answer: dict[str, Any] = {"accepted": True, "code": None, "detail": None, "version": version}
    try:
        cleaned = clean_action(engine, action)
        engine.apply(engine.from_json(game.state), seat.index, cleaned)
    except IllegalAction as exc:
        answer.update(accepted=False, code=exc.code, detail=exc.shown_message)
        return answer
    held = services.hold_left(game, seat.index, cleaned)
    if held > 0:
        detail = _("Wait a moment: the others have %(seconds).1f s more to answer.") % {
            "seconds": held
        }
        answer.update(accepted=False, code="held", detail=detail)
    return answer


# --- starting a game ---------------------------------------------------------------------


def kinds() -> list[dict[str, Any]]:
    """The games a program may start, with the options their setup pages offer.

    Names and labels are in the active language (the request's; the OpenAPI document is
    written in English), the kinds, keys and option names are the codes programs send.
    """
    return [
        {
            "kind": entry.kind,
            "name": entry.shown_name,
            "players": entry.shown_players,
            "levels": [{"key": lv.key, "label": lv.shown_label} for lv in entry.levels],
            "options": [_option(name, f) for name, f in _setup_form(entry).base_fields.items()],
        }
        for entry in catalogue.ready()
    ]


def _option(name: str, field: Any) -> dict[str, Any]:
    """One setup field as data: its choices (when it has some), default and bounds."""
    choices = getattr(field, "choices", None)
    return {
        "name": name,
        "label": str(field.label or name),
        "default": _initial(field),
        "choices": [{"value": v, "label": str(label)} for v, label in choices] if choices else None,
        "min": getattr(field, "min_value", None),
        "max": getattr(field, "max_value", None),
        "help": str(field.help_text or ""),
    }


def _initial(field: Any) -> Any:
    """A field's default as the page shows it (Django allows a callable)."""
    return field.initial() if callable(field.initial) else field.initial


def _setup_form(entry: catalogue.GameEntry) -> type[Form]:
    return web_for(entry.kind).setup_form


def create(request: HttpRequest, kind: str, options: dict[str, Any]) -> Game:
    """Deal a game against computers, read and seated exactly as the game's setup page does.

    Missing options take the page's defaults; an unknown kind, an unknown or bad
    option, or too many new games are refused with nothing created.
    """
    entry = catalogue.find(kind)
    if entry is None or not entry.ready:
        names = ", ".join(e.kind for e in catalogue.ready())
        message = _("Unknown game kind %(kind)s; choose one of: %(names)s.") % {
            "kind": repr(kind),
            "names": names,
        }
        raise ApiError(400, message, "bad_kind")
    _check_creation_limits(request)
    form_class = _setup_form(entry)
    unknown = sorted(set(options) - set(form_class.base_fields))
    if unknown:
        known = ", ".join(form_class.base_fields)
        message = _("Unknown option %(unknown)s; the options are: %(known)s.") % {
            "unknown": ", ".join(map(repr, unknown)),
            "known": known,
        }
        errors = {name: [_("Unknown option.")] for name in unknown}
        raise ApiError(400, message, "bad_options", errors=errors)
    _check_types(form_class, options)
    fields = form_class.base_fields.items()
    defaults = {n: _initial(f) for n, f in fields if _initial(f) is not None}
    form = form_class(data={**defaults, **options})
    if not form.is_valid():
        raise ApiError(400, _form_message(form), "bad_options", errors=_form_errors(form))
    seats = [_as_program(spec, request.user) for spec in _seating(entry)(request, form)]
    return services.create_game(entry.kind, form.engine_config(), seats)


def _check_types(form_class: type[Form], options: dict[str, Any]) -> None:
    """Each option has the JSON type and value the schema publishes for it (``_option``).

    The form alone would read a few mistyped values leniently (an empty object as
    "use the default"); the published schema says they are not options, so neither
    does the API: what the schema refuses is refused here with the same 400.
    """
    errors: dict[str, list[str]] = {}
    for name, value in options.items():
        option = _option(name, form_class.base_fields[name])
        if option["choices"]:
            allowed = [c["value"] for c in option["choices"]]
            fits = type(value) in {type(a) for a in allowed} and value in allowed
            wanted = _("Expected one of %(values)s.") % {"values": ", ".join(map(repr, allowed))}
        else:
            number = type(value) is int
            low, high = option["min"], option["max"]
            fits = number and (low is None or value >= low) and (high is None or value <= high)
            wanted = _("Expected a whole number from %(low)s to %(high)s.") % {
                "low": low,
                "high": high,
            }
        if not fits:
            errors[name] = [wanted]
    if errors:
        parts = "; ".join(f"{name}: {' '.join(msgs)}" for name, msgs in errors.items())
        raise ApiError(400, _not_accepted(parts), "bad_options", errors=errors)


def _not_accepted(parts: str) -> str:
    """The one sentence every refused set of options starts with, then each field's problem."""
    return _("The game options were not accepted. %(problems)s") % {"problems": parts}


def _seating(entry: catalogue.GameEntry) -> SeatRule:
    """The game's own seating rule from its setup view: the person, then its computers."""
    return web_for(entry.kind).seats


def _as_program(spec: services.SeatSpec, user: Any) -> services.SeatSpec:
    """The person's seat becomes the account's program seat; computers stay as they are."""
    if spec.computer_level:
        return spec
    name = user.get_username()[:40]
    return replace(spec, display_name=name, user_id=user.pk, device_key="", is_program=True)


def _form_message(form: Form) -> str:
    parts = [f"{field}: {' '.join(errors)}" for field, errors in form.errors.items()]
    return _not_accepted("; ".join(parts))


def _form_errors(form: Form) -> dict[str, list[str]]:
    return {field: [str(e) for e in errors] for field, errors in form.errors.items()}


def _check_creation_limits(request: HttpRequest) -> None:
    """The pages' new-game limits, on the same counters (per account and per address)."""
    limits = settings.GAME_CREATION_LIMITS
    owner_ok = count_use(f"new-games:user:{request.user.pk}", *limits["owner"])
    address_ok = count_use(f"new-games:ip:{client_address(request)}", *limits["address"])
    if not (owner_ok and address_ok):
        window = max(limits["owner"][1], limits["address"][1])
        raise ApiError(
            429, _("Too many new games for now; try again later."), "too_many_games", window
        )


# --- waiting for the next change ---------------------------------------------------------


def wait_for_change(game: Game, seen: int, timeout: float, user: Any) -> bool:
    """Block until the game is past version ``seen`` or has ended; False on timeout.

    A bounded long-poll: one short query every ``WAIT_POLL_SECONDS``, at most
    ``API_WAIT_MAX_SECONDS``, and at most ``API_WAITS_PER_ACCOUNT`` at once per
    account (each holds a server thread). Like the table's poll it plays computer
    turns that fell due in a timed window, so a program is never left waiting on one.
    """
    with wait_slot(user):
        deadline = time.monotonic() + max(0.0, min(timeout, wait_limit()))
        while True:
            rows = Game.objects.filter(pk=game.pk)
            version, status, awaiting = rows.values_list(
                "version", "status", "awaiting_computer"
            ).get()
            if version != seen or status != GameStatus.ACTIVE:
                return True
            if awaiting and services.run_due_computer_turns(game.pk):
                continue
            if time.monotonic() >= deadline:
                return False
            time.sleep(WAIT_POLL_SECONDS)


@contextmanager
def wait_slot(user: Any) -> Iterator[None]:
    """One of the account's few concurrent waits, or 429 when all are taken.

    Counted in the shared cache; the key expires soon after the longest wait,
    so a worker killed mid-wait cannot leave a slot taken for good.
    """
    key = f"api-waits:{user.pk}"
    timeout = int(wait_limit()) + 30
    taken = rate_limits.hold(key, timeout)
    try:
        most = waits_per_account()
        if taken > most:
            raise ApiError(
                429,
                _("Too many waits at once for this account (at most %(most)s).") % {"most": most},
                "too_many_waits",
                retry_after=max(1, math.ceil(wait_limit())),
            )
        yield
    finally:
        rate_limits.release(key, timeout)


def waits_per_account() -> int:
    """How many waits one account may hold open at once (a setting, 4 by default)."""
    return int(getattr(settings, "API_WAITS_PER_ACCOUNT", 4))


def wait_limit() -> float:
    """The longest a wait may hold a server thread (a setting, so tests can shorten it)."""
    return float(getattr(settings, "API_WAIT_MAX_SECONDS", 30))
