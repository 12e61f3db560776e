"""The world the Romanian pages are read in (tests/i18n/test_every_page_in_romanian.py and
its neighbours): a signed-in reader, Ana, with a running and a finished game of each game,
a friend with a player page, a room waiting and a room playing, a shared replay, puzzles, a
streak, a token... made through the site's own pages and services; and a guest.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from allauth.account.models import EmailAddress
from django.contrib.auth import get_user_model
from django.core.cache import cache
from django.db import transaction
from django.test import Client
from django.urls import reverse
from django.utils import timezone

from api.models import READ, AccessToken
from games import catalogue, services
from games.bots.registry import choose_for
from games.engine.registry import engine_for
from games.models import Game, GameStatus, Seat
from games.signals import game_finished
from leaderboards.models import Player
from players.models import Challenge, Follow
from presets.models import Preset
from presets.rules import setup_form_class
from puzzles import bank
from puzzles.models import Attempt, Puzzle, StormRun, Streak
from replays.models import ShareLink
from rooms import services as rooms
from rooms.models import Room
from rooms.people import Person
from talk.models import Message as TalkMessage
from tests.api.conftest import token_for as api_token_for
from tests.matchmaking.conftest import play_moves
from tests.players.conftest import named
from tests.replays.conftest import play_to_the_end
from tests.rooms.conftest import SHORT_OPTIONS
from tournaments import services as tournaments
from tournaments.models import Format, Tournament
from tournaments.options import options_for

EN = {"HTTP_ACCEPT_LANGUAGE": "en"}
RO = {"HTTP_ACCEPT_LANGUAGE": "ro"}
PASSWORD = "tiles-and-runs-42"
ENTRIES = list(catalogue.ready())
KINDS = [entry.kind for entry in ENTRIES]


@dataclass
class World:
    ana: Any
    bobby: Any
    reader: Client  # Ana, signed in
    guest: Client
    running: dict[str, Game] = field(default_factory=dict)
    finished: dict[str, Game] = field(default_factory=dict)
    waiting_room: Room | None = None
    live_room: Room | None = None
    rated: Game | None = None  # Ana and Bobby's finished game at a listed table
    daily: Game | None = None  # Ana's attempt at today's daily challenge
    between_rounds: dict[str, Game] = field(default_factory=dict)  # Round complete showing
    share_token: str = ""
    puzzles: dict[str, Puzzle] = field(default_factory=dict)
    attempt: Attempt | None = None
    streak: Streak | None = None
    storm_run: StormRun | None = None  # a finished Storm run (its result page)
    preset: Preset | None = None
    challenge: Challenge | None = None
    token_id: int = 0
    report_ref: str = ""
    tournament: Tournament | None = None  # a running Arena: Ana and Bobby at a table

    @property
    def live_game(self) -> Game:
        assert self.live_room is not None and self.live_room.game is not None
        return self.live_room.game


def setup_data(entry: catalogue.GameEntry) -> dict[str, Any]:
    """The setup page's form as it first shows (its defaults)."""
    form = setup_form_class(entry)()
    return {name: form[name].value() for name in form.fields if form[name].value() is not None}


def _play_a_little(game: Game, moves: int, capture: Callable[..., Any]) -> Game:
    """Ana's moves chosen by the game's computer player, the computers answering, until
    ``moves`` were made and it is Ana's turn again (or the game ended)."""
    engine, bot = engine_for(game.kind), choose_for(game.kind)
    level = catalogue.get(game.kind).levels[0].key
    for _ in range(moves):
        game.refresh_from_db()
        state = engine.from_json(game.state)
        if game.status != GameStatus.ACTIVE or 0 not in engine.to_act(state):
            break
        action = bot(engine.view(state, 0), level) or engine.TIMEOUT_ACTION
        with capture(execute=True):
            services.play(game.id, 0, action, game.version)
    game.refresh_from_db()
    return game


def _running_game(reader: Client, entry: catalogue.GameEntry, capture: Callable[..., Any]) -> Game:
    """Dealt from the setup page by Ana, a few moves played."""
    with capture(execute=True):
        response = reader.post(reverse(f"{entry.url_name}:setup"), setup_data(entry))
    assert response.status_code == 302, response.content.decode()[:2000]
    game = Game.objects.get(id=response.url.rstrip("/").split("/")[-1])
    return _play_a_little(game, 3, capture)


def _finished_game(ana: Any, entry: catalogue.GameEntry, capture: Callable[..., Any]) -> Game:
    """Computers play a short game to its end; then seat 0 is Ana's and her stats count it."""
    game = play_to_the_end(entry, dict(entry.contract_configs[0]), capture)
    Seat.objects.filter(game=game, index=0).update(computer_level="", user=ana, display_name="Ana")
    game = Game.objects.get(id=game.id)
    with transaction.atomic():
        game_finished.send(sender=Game, game=game, winners=list(game.state.get("winners", [])))
    return game


# Long enough that the first round's end is not the game's.
LONGER = {
    "tile_rummy": {"players": 2, "target": 200, "max_rounds": 3},
    "rumbaroo": {"difficulty": "joey", "players": 2, "target": 500, "max_rounds": 3},
    "romanian_tile_rummy": {"players": 2, "rounds": 2},
    "rumasta": {"players": 2, "target": 5000, "max_rounds": 3},
}


def between_rounds(ana: Any, entry: catalogue.GameEntry, capture: Callable[..., Any]) -> Game:
    """Computers play the first round of a longer game; at its end seat 0 becomes Ana's."""
    level = entry.levels[0].key
    config = LONGER.get(entry.kind, dict(entry.contract_configs[0]))
    players = int(config.get("players", entry.min_players))
    seats = [services.SeatSpec(f"Computer {i}", computer_level=level) for i in range(players)]
    with transaction.atomic(), capture(execute=False):
        game = services.create_game(entry.kind, dict(config), seats, seed=20261206)
        for _ in range(5000):
            game.refresh_from_db()
            state = game.state
            if state.get("phase") == "round_over" or state.get("round_scores"):
                break
            assert game.status == GameStatus.ACTIVE, "the game ended with its first round"
            assert services.run_computer_turn(game.id, game.version)
    Seat.objects.filter(game=game, index=0).update(computer_level="", user=ana, display_name="Ana")
    return Game.objects.get(id=game.id)


def _room_options(kind: str) -> dict[str, Any]:
    return {key.removeprefix("opt-"): value for key, value in SHORT_OPTIONS[kind].items()}


def build_world(capture: Callable[..., Any]) -> World:
    """The world the pages need, made afresh for a test (``capture`` is pytest-django's
    ``django_capture_on_commit_callbacks``)."""
    users = get_user_model().objects
    ana = users.create_user("ana", email="ana@example.com", password=PASSWORD)
    bobby = users.create_user("bobby", email="bobby@example.com", password=PASSWORD)
    EmailAddress.objects.create(user=ana, email=ana.email, verified=True, primary=True)
    named(ana, "Ana")
    named(bobby, "Bobby")
    Follow.objects.create(follower=ana, followed=bobby)
    Follow.objects.create(follower=bobby, followed=ana)
    reader = Client()
    reader.force_login(ana)
    reader.get("/")
    guest = Client()
    guest.get("/")
    world = World(ana=ana, bobby=bobby, reader=reader, guest=guest)
    world.challenge = Challenge.objects.create(sender=bobby, recipient=ana, kind="tile_rummy")

    for entry in ENTRIES:
        world.running[entry.kind] = _running_game(reader, entry, capture)
        world.finished[entry.kind] = _finished_game(ana, entry, capture)
    cache.clear()  # the deals counted against the new-game limit
    with capture(execute=True):
        daily = reader.post(reverse("leaderboards:daily_play"))
    assert daily.status_code == 302, daily.content.decode()[:2000]
    world.daily = Game.objects.get(id=daily.url.rstrip("/").split("/")[-1])
    # The guest waits for a quick match (its wait page, and home and the game's page say so).
    joined = guest.post("/match/rumbaroo/join/", {"table_name": "Kim Tiles", "preset": "joey-2"})
    assert joined.status_code == 302, joined.content.decode()[:2000]

    # A private room waiting for players, a listed one playing (Ana and Bobby), and a listed
    # one whose rated game they played to its end (its replay is on their player pages).
    host, friend = Person(ana.pk, ""), Person(bobby.pk, "")
    rated = rooms.create_room(
        host, "rumbaroo", "Sunday Hops", "Ana", 2, True, _room_options("rumbaroo")
    )
    rooms.join(rated.pk, friend, "Bobby", code=rated.code)
    world.rated = play_moves(rooms.deal(rated.pk, host, rematch=False), 3000)
    assert world.rated.status == GameStatus.FINISHED
    world.waiting_room = rooms.create_room(
        host, "rumbaroo", "Friday Tiles", "Ana", 3, False, _room_options("rumbaroo")
    )
    live = rooms.create_room(
        host, "tile_rummy", "Open Night", "Ana", 2, True, _room_options("tile_rummy")
    )
    rooms.join(live.pk, friend, "Bobby", code=live.code)
    rooms.deal(live.pk, host, rematch=False)
    live.refresh_from_db()
    world.live_room = live
    # Bobby wished Ana luck: the table talk panel and its poll show a line (talk.models).
    TalkMessage.objects.create(game=live.game, channel="players", seat_index=1, phrase="good_luck")

    share = reader.post(reverse("replays:share", kwargs={"game_id": world.finished[KINDS[0]].id}))
    assert share.status_code in (200, 302), share.status_code
    world.share_token = ShareLink.objects.get(game=world.finished[KINDS[0]]).token

    if not Puzzle.objects.exists():
        bank.load_all(Puzzle)
    for puzzle in Puzzle.objects.order_by("id"):
        world.puzzles.setdefault(puzzle.game, puzzle)
    first = next(iter(world.puzzles.values()))
    reader.get(reverse("puzzles:puzzle", kwargs={"pk": first.pk}))
    reader.post(reverse("puzzles:give_up", kwargs={"pk": first.pk}), HTTP_HX_REQUEST="true")
    world.attempt = Attempt.objects.filter(puzzle=first).order_by("-id").first()
    reader.post(reverse("puzzles:streak_new"))
    world.streak = Streak.objects.order_by("-id").first()
    # Storm: a run ended (a second one started over it), the second still on the clock.
    reader.post(reverse("puzzles:storm_start"))
    reader.post(reverse("puzzles:storm_start"))
    world.storm_run = StormRun.objects.exclude(ended_at=None).order_by("-id").first()

    entry = ENTRIES[0]
    saved = reader.post(
        reverse("presets:save", args=[entry.kind]), {**setup_data(entry), "preset_name": "Quick"}
    )
    assert saved.status_code == 302, saved.content.decode()[:1500]
    world.preset = Preset.objects.order_by("-id").first()
    api_token_for(ana, READ)
    world.token_id = AccessToken.objects.filter(user=ana).order_by("-id").first().pk
    world.report_ref = Player.objects.get(name="Bobby").report_ref
    # A running Arena with Ana and Bobby seated at its table (its page, poll and Game over).
    world.tournament = Tournament.objects.create(
        kind="rumbaroo", format=Format.ARENA, name="Ana Cup", starts_at=timezone.now(),
        duration_minutes=30, seats=2, options=options_for("rumbaroo"),
    )  # fmt: skip
    for account in (ana, bobby):
        tournaments.join(world.tournament.pk, account.pk)
    cache.clear()
    return world


# --- which objects a pattern is opened with -----------------------------------------------
