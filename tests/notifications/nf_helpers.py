"""Helpers for the notification tests: two signed-in players at an online table."""

from __future__ import annotations

import email
import socket
from datetime import timedelta
from email.message import Message
from typing import Any

from django.contrib.auth import get_user_model
from django.utils import timezone

from games import catalogue, services
from games.bots.registry import choose_for
from games.engine.registry import engine_for
from games.models import Game, GameStatus

KIND = "rumbaroo"
CONFIG = {"difficulty": "joey", "players": 3, "target": 50}


def make_user(name: str, email: str = "") -> Any:
    return get_user_model().objects.create_user(name, email=email or f"{name}@example.com")


def fresh(game: Game) -> Game:
    return Game.objects.get(id=game.id)


def acting(game: Game) -> set[int]:
    engine = engine_for(game.kind)
    return engine.to_act(engine.from_json(fresh(game).state))


def table_of_two(pace: str = "3d", seed: int = 7) -> tuple[Game, list[Any]]:
    """Two signed-in people and a computer at an online (room) table of this pace."""
    users = [make_user("ana"), make_user("ben")]
    seats = [services.SeatSpec(u.username.title(), user_id=u.pk) for u in users]
    seats.append(services.SeatSpec("Joey", computer_level="joey"))
    config = {**CONFIG, "pace": pace}
    game = services.create_game(KIND, config, seats, seed=seed, online=True)
    return fresh(game), users


def board_poll(client: Any, game: Game, user: Any) -> None:
    """The player's table page polls the board (so the page is open, as far as anyone knows)."""
    from games.table_flow import table_url

    client.force_login(user)
    response = client.get(table_url(game) + f"board/?at={game.version + 1}")
    assert response.status_code in (200, 204)


def pass_turn_to(game: Game, seat: int, capture: Any, limit: int = 60) -> Game:
    """Play the engine's timeout action for whoever else acts until ``seat`` must act.

    Moves are committed (on-commit hooks run), as a real request's would be.
    """
    engine = engine_for(game.kind)
    for _ in range(limit):
        game = fresh(game)
        now = acting(game)
        if seat in now:
            return game
        mover = min(now)
        with capture(execute=True):
            services.play(game.id, mover, engine.TIMEOUT_ACTION, game.version, automated=True)
    raise AssertionError("the turn never came to that seat")


def people_to_act(game: Game) -> list[int]:
    acting = engine_for(game.kind).to_act(services.load_state(game))
    return sorted(s.index for s in game.seats.all() if s.index in acting and not s.automated)


def try_moves(game: Game, capture: Any) -> bool:
    """One person moves (their computer's choice); False when every person is held back."""
    engine = engine_for(game.kind)
    choose = choose_for(game.kind)
    level = catalogue.get(game.kind).levels[0].key
    for seat in people_to_act(game):
        view = engine.view(services.load_state(game), seat)
        action = choose(view, level) or engine.TIMEOUT_ACTION
        try:
            with capture(execute=True):
                services.play(game.id, seat, action, game.version)
        except services.TooSoon:
            continue  # a quick answer still open for the others: it waits for them
        except services.IllegalMove:
            with capture(execute=True):
                services.play(game.id, seat, engine.TIMEOUT_ACTION, game.version)
        return True
    return False


def play_to_the_end(game: Game, capture: Any, clock: Any, cap: int = 4000) -> Game:
    """Play a correspondence game out under a frozen clock (time-machine's ``clock``).

    People play their computer's choice, hours pass between moves, and the
    first time a person must act nobody does: the move's days pass and the
    clock plays the timeout. Computers move when their reaction time is up.
    """
    lapsed, decision_deadline = False, None
    for _ in range(cap):
        game = fresh(game)
        if game.status != GameStatus.ACTIVE:
            break
        with capture(execute=True):
            services.run_due_computer_turns(game.id)
            services.resume_computer_turns(game.id)
        game = fresh(game)
        if game.status != GameStatus.ACTIVE or not people_to_act(game):
            clock.shift(timedelta(seconds=30))  # a computer's reaction time passes
            continue
        left = game.deadline - timezone.now()
        if game.deadline != decision_deadline:  # a new question, with a clock of its own
            assert left > timedelta(hours=1)  # days, not seconds: never a live clock here
            decision_deadline = game.deadline
        if not lapsed or not try_moves(game, capture):
            # Nobody moves: the move's days pass and the clock plays the timeout.
            clock.move_to(game.deadline + timedelta(seconds=1))
            with capture(execute=True):
                assert services.apply_due_timeouts(game.id) >= 1
            lapsed = True
        # Hours pass before the next step; a turn's later steps keep its deadline, so
        # never past it (half of what is left at the most).
        clock.shift(min(timedelta(hours=5), max(left / 2, timedelta(0))))
    return fresh(game)


class Sink:
    """An aiosmtpd handler keeping every message it is given."""

    def __init__(self) -> None:
        self.messages: list[Message] = []

    async def handle_DATA(self, server: Any, session: Any, envelope: Any) -> str:  # noqa: N802
        self.messages.append(email.message_from_bytes(envelope.content))
        return "250 OK"


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def plain_smtp(port: int, timeout: float = 5) -> dict[str, Any]:
    """MAILERS for a plain SMTP server (no STARTTLS) on 127.0.0.1 at this port."""
    options = {"host": "127.0.0.1", "port": port, "use_tls": False, "timeout": timeout}
    return {"default": {"BACKEND": "django.core.mail.backends.smtp.EmailBackend",
                        "OPTIONS": options}}


def notice_owed_to_ben(settings: Any, capture: Any) -> Any:
    """A notice written for Ben's turn but not yet delivered (sending is off meanwhile)."""
    from notifications.models import TurnNotice

    game, (ana, ben) = table_of_two()
    settings.NOTIFICATIONS_SEND = False
    game = pass_turn_to(game, 1, capture)
    return TurnNotice.objects.create(game=game, seat_index=1, version=game.version, user=ben)
