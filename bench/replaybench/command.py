"""``python -m bench.replaybench``: server time of replay steps and round jumps on a long game.

Plays a seeded full-length game of one catalogue game (``--game``, default the
first) with its easiest computers until it ends with at least ``--moves`` moves
(500 by default; another seed is tried if a game is shorter), stores it with its
move log, then asks the replay pages for it in-process (Django's test client:
the whole request, middleware and rendering included, without a network):

- the first request, which replays the whole log and caches the timeline;
- every step, as a player (their own replay) and as a share link's viewer;
- a jump to every round.

Prints p50 and max milliseconds (CPU time of this process, which SQLite runs in,
and wall time) and SQL statements per request. Everything
it writes is rolled back at the end, and its cache entries are left to expire.
"""

from __future__ import annotations

import statistics
import time
from collections.abc import Callable
from typing import Any

from django.conf import settings
from django.core.management.base import BaseCommand, CommandError, CommandParser
from django.db import connection, transaction
from django.test import Client, RequestFactory
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from accounts.device import COOKIE_NAME, read_device_key
from games import catalogue
from games.engine.registry import engine_for
from games.models import Game, GameStatus, Move, Seat
from replays.models import ShareLink
from replays.timeline import timeline_for

HTMX = {"HTTP_HX_REQUEST": "true"}
LENGTH_KEYS = ("target", "max_rounds", "rounds")  # set long, so a game reaches --moves


class Command(BaseCommand):
    help = "Time replay steps and round jumps (server side) on a stored game of 500+ moves."
    requires_system_checks: list[str] = []

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("--game", default="", help="the game kind (default: the first)")
        parser.add_argument("--moves", type=int, default=500, help="at least this many moves")
        parser.add_argument("--seed", type=int, default=1, help="the first seed tried")

    def handle(self, *args: Any, **options: Any) -> None:
        entry = catalogue.find(options["game"]) if options["game"] else catalogue.CATALOGUE[0]
        if entry is None:
            raise CommandError(f"No game {options['game']!r}.")
        if "testserver" not in settings.ALLOWED_HOSTS:
            settings.ALLOWED_HOSTS = [*settings.ALLOWED_HOSTS, "testserver"]
        with transaction.atomic():
            self._run(entry, options["moves"], options["seed"])
            transaction.set_rollback(True)

    def _run(self, entry: catalogue.GameEntry, moves: int, seed: int) -> None:
        started = time.perf_counter()
        game = store_long_game(entry, moves, seed)
        made = time.perf_counter() - started
        self.stdout.write(
            f"{entry.name}: {game.version} moves, {len(game.seats.all())} players, "
            f"{game.get_status_display().lower()} (played and stored in {made:.1f} s)"
        )
        player = Client()
        give_seat_to(player, game)
        own = reverse("replays:game", kwargs={"game_id": game.id})
        link = ShareLink.objects.create(game=game)
        shared = reverse("replays:shared", kwargs={"token": link.token})
        wall, cpu, _ = timed(lambda: player.get(own, {"step": 0}, **HTMX))
        self.stdout.write(
            f"first request (replays the whole log, caches it): CPU {cpu:.1f} ms, "
            f"wall {wall:.1f} ms"
        )
        timeline = timeline_for(game)
        assert timeline is not None
        steps = range(timeline.last + 1)
        self._report(
            "step, own replay", [lambda s=s: player.get(own, {"step": s}, **HTMX) for s in steps]
        )
        viewer = Client()
        self._report(
            "step, share link", [lambda s=s: viewer.get(shared, {"step": s}, **HTMX) for s in steps]
        )
        jumps = [lambda r=r: player.get(own, {"round": r.number}, **HTMX) for r in timeline.rounds]
        self._report(f"round jump ({len(timeline.rounds)} rounds)", jumps)

    def _report(self, label: str, requests: list[Callable[[], Any]]) -> None:
        walls, cpus, queries = [], [], []
        for request in requests:
            wall, cpu, count = timed(request)
            walls.append(wall)
            cpus.append(cpu)
            queries.append(count)
        self.stdout.write(
            f"{label}: n={len(walls)}; CPU p50 {statistics.median(cpus):.1f} ms, "
            f"p95 {_p95(cpus):.1f} ms, max {max(cpus):.1f} ms; "
            f"wall p50 {statistics.median(walls):.1f} ms, max {max(walls):.1f} ms; "
            f"SQL p50 {statistics.median(queries):g}, max {max(queries)}"
        )


def _p95(values: list[float]) -> float:
    return sorted(values)[int(len(values) * 0.95)] if len(values) > 1 else values[0]


def timed(request: Callable[[], Any]) -> tuple[float, float, int]:
    """One request's wall and CPU time in ms, and its SQL statements; it must answer 200.

    CPU time is this process's own (SQLite runs in it too), so it stays meaningful on a
    machine busy with other work, where wall time mostly measures the wait for a core.
    """
    connection.queries_log.clear()
    with CaptureQueriesContext(connection) as captured:
        wall, cpu = time.perf_counter(), time.process_time()
        response = request()
        cpu_ms = (time.process_time() - cpu) * 1000
        wall_ms = (time.perf_counter() - wall) * 1000
    if response.status_code != 200:
        raise CommandError(f"the replay answered {response.status_code}")
    return wall_ms, cpu_ms, len(captured)


def store_long_game(entry: catalogue.GameEntry, moves: int, seed: int) -> Game:
    """A finished game of at least ``moves`` moves, played by the easiest bots, with its log."""
    engine, bot = engine_for(entry.kind), catalogue.load(entry.bot).choose_action
    config = long_config(entry, engine)
    level = entry.levels[0].key
    for attempt in range(seed, seed + 20):
        log, state = play(engine, bot, config, attempt, level, moves)
        if len(log) >= moves:
            return save(entry, engine, config, attempt, log, state, level)
    raise CommandError(f"no game of {moves}+ moves in 20 seeds; try --moves lower")


def long_config(entry: catalogue.GameEntry, engine: Any) -> dict[str, Any]:
    """The first contract setup at 4 players, made as long as the engine allows.

    Each length setting a contract setup names (a target, a round count) gets the
    largest of a few values that ``new_game`` accepts; the game is cut at
    ``--moves`` anyway.
    """
    config = {**entry.contract_configs[0], "players": min(4, entry.max_players)}
    named = {k for c in entry.contract_configs for k in c if k in LENGTH_KEYS}
    for key in sorted(named):
        for value in (10000, 5000, 1000, 500, 300, 200, 100, 50, 20, 10, 5):
            try:
                engine.new_game({**config, key: value}, 1)
            except Exception:  # an engine refuses a setting in its own way
                continue
            config[key] = value
            break
    return config


def play(
    engine: Any, bot: Any, config: dict[str, Any], seed: int, level: str, moves: int
) -> tuple[list, Any]:
    """Bots play to the end or ``moves`` moves; the log keeps each move's public view."""
    state = engine.new_game(config, seed)
    log: list[tuple[int, dict[str, Any], dict[str, Any]]] = []
    for _ in range(moves):
        outcome = engine.result(state)
        if outcome is not None and outcome.game_over:
            break
        seat = min(engine.to_act(state))
        action = bot(engine.view(state, seat), level) or engine.TIMEOUT_ACTION
        state, _ = engine.apply(state, seat, action)
        log.append((seat, action, engine.view(state, None)))
    return log, state


def save(
    entry: catalogue.GameEntry,
    engine: Any,
    config: dict[str, Any],
    seed: int,
    log: list,
    state: Any,
    level: str,
) -> Game:
    game = Game.objects.create(
        kind=entry.kind,
        config=config,
        seed=seed,
        state=engine.to_json(state),
        version=len(log),
        status=GameStatus.FINISHED,
    )
    players = engine.view(state, None).get("players") or config["players"]
    Seat.objects.bulk_create(
        Seat(game=game, index=i, computer_level=level, display_name=f"Computer {i}")
        for i in range(players)
    )
    Move.objects.bulk_create(
        Move(game=game, seq=i, seat=seat, action=action, public_view=public)
        for i, (seat, action, public) in enumerate(log, start=1)
    )
    return Game.objects.get(pk=game.pk)


def _status(engine: Any, state: Any) -> str:
    """Finished if the bots got to the end; else it ends here, as an abandoned game would."""
    outcome = engine.result(state)
    return GameStatus.FINISHED if outcome and outcome.game_over else GameStatus.ABANDONED


def give_seat_to(client: Client, game: Game) -> None:
    """Seat 0 becomes this client's device (a guest's seat), as if they had played it."""
    client.get("/")
    request = RequestFactory().get("/")
    request.COOKIES[COOKIE_NAME] = client.cookies[COOKIE_NAME].value
    key = read_device_key(request)
    Seat.objects.filter(game=game, index=0).update(computer_level="", device_key=key or "")
