"""Every page in Romanian, no English sentence left (issue 36 item 6).

The pages are found from the URL resolver (as tests/security/test_own_pages_private.py
walks them), so a page added later is read the day it is added: each pattern is opened with
the objects it needs, from a world made here (a signed-in reader, Ana, with a running and a
finished game of each game, a friend with a player page, a room waiting and a room playing,
a shared replay, puzzles, a streak, a token...), by Ana and by a guest, once asking for
English and once for Romanian. A pattern that answers only POST is an action, not a page:
its refusals are read in the forms test. A pattern with a path parameter the world has no
object for fails the walk, so nobody forgets to give a new page its object.

What counts as English left: tests/i18n/english_left.py. A failure lists each page with the
English sentences it still shows: a to-do list. The switch itself (a guest's cookie, an
account's choice on a second device) is tests/preferences/test_language_choice.py's.
"""

from __future__ import annotations

import gettext as gnu_gettext
import re
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import allauth
import pytest
from allauth.account.models import EmailAddress
from django.contrib.auth import get_user_model
from django.core import mail
from django.core.cache import cache
from django.db import transaction
from django.template.loader import render_to_string
from django.test import Client
from django.urls import NoReverseMatch, reverse
from django.utils import timezone, translation

from api.models import READ, AccessToken
from games import catalogue, services
from games.bots.registry import choose_for
from games.engine.registry import engine_for
from games.models import Game, GameStatus, Seat
from games.signals import game_finished
from leaderboards.models import Player
from notifications.models import TurnNotice
from notifications.unsubscribe import token_for
from players.models import Challenge, Follow
from presets.models import Preset
from presets.rules import setup_form_class
from puzzles import bank
from puzzles.models import Attempt, Puzzle, StormRun, Streak
from puzzles.themes import THEMES
from replays.models import ShareLink
from rooms import services as rooms
from rooms.models import Room, RoomSeat
from rooms.people import Person
from talk.models import Message as TalkMessage
from tests.api.conftest import token_for as api_token_for
from tests.i18n.english_left import Judge, TheirRomanian, pieces, text_pieces
from tests.matchmaking.conftest import play_moves
from tests.players.conftest import named
from tests.replays.conftest import play_to_the_end
from tests.rooms.conftest import SHORT_OPTIONS
from tests.security.test_own_pages_private import Pattern, every_pattern
from tournaments import services as tournaments
from tournaments.models import Format, Tournament
from tournaments.options import options_for

pytestmark = pytest.mark.django_db

EN = {"HTTP_ACCEPT_LANGUAGE": "en"}
RO = {"HTTP_ACCEPT_LANGUAGE": "ro"}
PASSWORD = "tiles-and-runs-42"
# Not pages a person reads: the admin (operators, in Django's own words), the programs' API
# (JSON; tests/api/test_romanian.py reads its refusals), the probes and the metrics.
NOT_READ = ("admin/", "api/v1/", "health/", "metrics/")
# What programs read even when a person's browser asks: JSON and scripts. The manifest and
# the service worker follow the reader too, read by tests/notifications/test_romanian.py.
NOT_HTML = (
    "application/json",
    "application/manifest+json",
    "text/javascript",
    "application/javascript",
)
ENTRIES = list(catalogue.ready())
KINDS = [entry.kind for entry in ENTRIES]


@pytest.fixture(autouse=True)
def _clean() -> Iterator[None]:
    """Rate-limit counters start at zero, live polls answer at once, English afterwards."""
    cache.clear()
    yield
    cache.clear()
    translation.activate("en")


@pytest.fixture(autouse=True)
def _no_waiting_polls(settings: Any) -> None:
    settings.LIVE_WAIT_SECONDS = 0


# --- the world the pages need -------------------------------------------------------------


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


def _setup_data(entry: catalogue.GameEntry) -> dict[str, Any]:
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
        response = reader.post(reverse(f"{entry.url_name}:setup"), _setup_data(entry))
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


def _between_rounds(ana: Any, entry: catalogue.GameEntry, capture: Callable[..., Any]) -> Game:
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


@pytest.fixture
def world(django_capture_on_commit_callbacks: Callable[..., Any]) -> World:
    capture = django_capture_on_commit_callbacks
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
        reverse("presets:save", args=[entry.kind]), {**_setup_data(entry), "preset_name": "Quick"}
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


def _game_variants(world: World, pattern: Pattern) -> list[tuple[str, dict[str, Any]]]:
    space = pattern.view_name.split(":")[0]
    by_url_name = {entry.url_name: entry.kind for entry in ENTRIES}
    if space in by_url_name:
        kind = by_url_name[space]
        found = [
            (f"{kind} running", {"game_id": world.running[kind].id}),
            (f"{kind} finished", {"game_id": world.finished[kind].id}),
        ]
        if kind in world.between_rounds:
            found.append((f"{kind} round complete", {"game_id": world.between_rounds[kind].id}))
        if world.daily is not None and world.daily.kind == kind:
            found.append((f"{kind} daily challenge", {"game_id": world.daily.id}))
        return found
    if pattern.view_name == "players:replay":
        assert world.rated is not None
        return [("rated, listed", {"game_id": world.rated.id})]
    if space in ("replays", "reviews"):
        return [(f"{kind} finished", {"game_id": game.id}) for kind, game in world.finished.items()]
    if space in ("rooms", "matchmaking", "talk", "tournaments"):
        return [("online table", {"game_id": world.live_game.id})]
    if pattern.view_name.startswith("games:old_table"):
        return [("old address", {"game_id": world.running[KINDS[0]].id})]
    raise LookupError(f"{pattern.view_name}: which game?")


def _value(world: World, pattern: Pattern, name: str) -> list[tuple[str, Any]]:
    """The values a path parameter takes for this pattern: (label, value) pairs."""
    space = pattern.view_name.split(":")[0]
    assert world.waiting_room and world.live_room and world.streak and world.attempt
    values: dict[str, list[tuple[str, Any]]] = {
        "kind": [(kind, kind) for kind in KINDS],
        "public_id": [
            ("waiting room", world.waiting_room.public_id),
            ("playing room", world.live_room.public_id),
        ],
        "code": [("invite", world.waiting_room.code)],
        "name": [("Bobby", "Bobby")] if pattern.view_name != "players:replay" else [("Ana", "Ana")],
        "action": [("follow", "follow")],
        "round_no": [("round 1", 1)],
        "message_id": [("a line", 1)],
        "attempt_id": [("given up", world.attempt.pk)],
        "streak_id": [("streak", world.streak.pk)],
        "run_id": [("storm run", world.storm_run.pk if world.storm_run else 0)],
        "seq": [("its first puzzle", 1)],
        "theme": [(slug, slug) for slug in list(THEMES)[:2]],
        "ref": [("Bobby", world.report_ref)],
        "token_id": [("token", world.token_id)],
        "challenge_id": [("from Bobby", world.challenge.pk if world.challenge else 0)],
        "key": [("a wrong key", "wrong-key")],
        "uidb36": [("a wrong link", "zz")],
        "rest": [("old page", "abandon/")],
        "token": (
            [("shared", world.share_token)]
            if space == "replays"
            else [("Ana's", token_for(world.ana.pk))]
        ),
        "pk": (
            [("running Arena", world.tournament.pk if world.tournament else 0)]
            if space == "tournaments"
            else [(game, p.pk) for game, p in world.puzzles.items()]
            if space == "puzzles"
            else [("Quick", world.preset.pk if world.preset else 0)]
            if space == "presets"
            else [("a device", 1)]
        ),
    }
    if name not in values:
        raise LookupError(f"{pattern.route} ({pattern.view_name}): no object for <{name}>")
    return values[name]


def variants(world: World, pattern: Pattern) -> list[tuple[str, str]]:
    """Each (label, URL) a pattern is opened at."""
    combos: list[tuple[str, dict[str, Any]]] = [("", {})]
    names = list(pattern.kwargs)
    if "game_id" in names:
        combos = _game_variants(world, pattern)
        names.remove("game_id")
    for name in names:
        combos = [
            (" ".join(filter(None, (label, sub))), {**kwargs, name: value})
            for label, kwargs in combos
            for sub, value in _value(world, pattern, name)
        ]
    urls = []
    for label, kwargs in combos:
        try:
            urls.append((label, reverse(pattern.view_name, kwargs=kwargs)))
        except NoReverseMatch:
            urls.append(
                (label, reverse(pattern.view_name, kwargs={k: str(v) for k, v in kwargs.items()}))
            )
    return urls


# --- reading a page twice -----------------------------------------------------------------


def judge_for_world() -> Judge:
    """Everyone's names as the pages show them: seats, accounts, board names, rooms."""
    names: set[str] = set()
    names |= set(Seat.objects.values_list("display_name", flat=True))
    names |= set(get_user_model().objects.values_list("username", flat=True))
    names |= set(Player.objects.exclude(name="").values_list("name", flat=True))
    names |= set(Room.objects.values_list("name", flat=True))
    names |= set(RoomSeat.objects.exclude(table_name="").values_list("table_name", flat=True))
    names |= set(Preset.objects.values_list("name", flat=True))
    names |= set(Tournament.objects.exclude(name="").values_list("name", flat=True))
    for entry in ENTRIES:
        names |= set(entry.computer_names)
    return Judge(names)


@dataclass
class Reading:
    where: str  # who, the pattern's route and the object: the to-do list's line
    path: str  # where the page ended up (after redirects)
    status: int
    english: list[str]
    romanian: list[str]
    html_lang: str


def _html_lang(html: str) -> str:
    found = re.search(r"<html[^>]*\blang=\"([^\"]+)\"", html)
    return found.group(1) if found else ""


def read_twice(
    client: Client, url: str, where: str, method: str = "get", data: Any = None, **extra: Any
) -> Reading | None:
    """The page for an English and for a Romanian reader; None if it is not a page."""
    send = getattr(client, method)
    english = send(url, data or {}, follow=True, **EN, **extra)
    if english.status_code == 405 or not _is_html(english):
        return None
    romanian = send(url, data or {}, follow=True, **RO, **extra)
    final = romanian.redirect_chain[-1][0] if romanian.redirect_chain else url
    html = romanian.content.decode()
    return Reading(
        where=where,
        path=final,
        status=romanian.status_code,
        english=pieces(english.content.decode()),
        romanian=pieces(html),
        html_lang=_html_lang(html),
    )


def _is_html(response: Any) -> bool:
    kind = response.headers.get("Content-Type", "")
    return kind.startswith("text/html") and not kind.startswith(NOT_HTML)


def to_do(judge: Judge, readings: list[Reading]) -> list[str]:
    """Each page that still shows English, with its sentences; and any server error."""
    lines: list[str] = []
    seen: set[tuple[str, ...]] = set()
    for reading in readings:
        if reading.status >= 500:
            lines.append(f"{reading.where} -> {reading.path}: server error {reading.status}")
            continue
        left = judge.english_left(reading.english, reading.romanian)
        if reading.html_lang not in ("ro", "") and reading.romanian:
            left.insert(0, f'<html lang="{reading.html_lang}">')
        key = (reading.path, *left)
        if left and key not in seen:
            seen.add(key)
            sentences = "\n      ".join(f"{s!r}" for s in left)
            lines.append(
                f"{reading.where} -> {reading.path} [{reading.status}]:\n      {sentences}"
            )
    return lines


def walk(world: World) -> list[Reading]:
    readings: list[Reading] = []
    done: set[tuple[str, str]] = set()
    patterns = [p for p in every_pattern() if not p.route.startswith(NOT_READ)]
    for pattern in sorted(patterns, key=lambda p: p.route):
        for label, url in variants(world, pattern):
            for who, client in (("Ana", world.reader), ("guest", world.guest)):
                if (who, url) in done:
                    continue
                done.add((who, url))
                cache.clear()  # no page is refused for the walk's own pace
                where = f"{who}: /{pattern.route}" + (f" [{label}]" if label else "")
                reading = read_twice(client, url, where)
                if reading is not None:
                    readings.append(reading)
    # Pages no pattern names: a missing page, and one refused before the site looks at it.
    for who, client in (("Ana", world.reader), ("guest", world.guest)):
        for url, where in (
            ("/no-such-page/", "a missing page"),
            (f"/tile-rummy/g/{'0' * 8}-0000-0000-0000-{'0' * 12}/", "a missing game"),
            ("/a\x01b/", "an address with a control character"),
        ):
            reading = read_twice(client, url, f"{who}: {where}")
            if reading is not None:
                readings.append(reading)
    return readings


@pytest.mark.slow  # 10-15 s: some 270 pages, each read twice
def test_every_page_reads_in_romanian(
    world: World, django_capture_on_commit_callbacks: Callable[..., Any]
) -> None:
    for entry in ENTRIES:  # the tables between two rounds too
        world.between_rounds[entry.kind] = _between_rounds(
            world.ana, entry, django_capture_on_commit_callbacks
        )
    readings = walk(world)
    assert len({r.path for r in readings}) > 100, "the walk found too few pages"
    judge = judge_for_world()
    failures = to_do(judge, readings)
    failures += allauth_words_left(readings)
    assert not failures, (
        f"{len(failures)} pages still show English (or allauth's Romanian without "
        "diacritics) to a Romanian reader:\n  " + "\n  ".join(failures)
    )


# --- allauth's own Romanian ---------------------------------------------------------------

ALLAUTH_MO = Path(allauth.__file__).parent / "locale" / "ro" / "LC_MESSAGES" / "django.mo"
OUR_MO = Path(__file__).resolve().parents[2] / "locale" / "ro" / "LC_MESSAGES" / "django.mo"


def _catalogue(path: Path) -> dict[Any, str]:
    with path.open("rb") as mo:
        return dict(gnu_gettext.GNUTranslations(mo)._catalog)  # type: ignore[attr-defined]


def their_romanian() -> TheirRomanian:
    """allauth's Romanian (no diacritics) for what our own catalogue does not translate."""
    return TheirRomanian(_catalogue(ALLAUTH_MO), _catalogue(OUR_MO))


def allauth_words_left(readings: list[Reading]) -> list[str]:
    """Every allauth message our pages show a Romanian reader must be in our own catalogue
    (accounts/allauth_messages.py, locale/ro/LC_MESSAGES/django.po), which wins over allauth's."""
    theirs = their_romanian()
    lines = []
    seen: set[str] = set()
    for reading in readings:
        found = theirs.found(reading.romanian)
        if found and reading.path not in seen:
            seen.add(reading.path)
            words = "\n      ".join(repr(msgid) for msgid in found)
            lines.append(
                f"{reading.where} -> {reading.path}: allauth's Romanian for:\n      {words}"
            )
    return lines


def test_the_rule_finds_english_sentences_and_lets_names_numbers_and_tiles_be() -> None:
    judge = Judge(["Ada (easy)", "Friday Tiles"])
    english = ["Draw a tile", "Ada (easy)", "R10", "12 points", "Tile Rummy", "Joker", "Your turn."]
    romanian = [
        "Draw a tile",
        "Ada (easy)",
        "R10",
        "12 points",
        "Tile Rummy",
        "Joker",
        "E rândul tău.",
    ]
    # "12 points" is English too: numbers go, a sentence's words stay.
    assert judge.english_left(english, romanian) == ["Draw a tile"]
    assert not judge.is_sentence("Rumbaroo · Big Red · Croc Snap")
    assert not judge.is_sentence("Friday Tiles: 3 v 3, 1500")
    assert judge.is_sentence("Romanian Tile Rummy")  # in Romanian it is Remi pe tablă
    assert judge.is_sentence("Expert level computer")  # "Expert" goes, two words stay
    assert pieces(
        '<p>Play <b>now</b>.</p><img alt="A red tile"><script>x = "Hi there"</script>'
    ) == [
        "Play",
        "now",
        ".",
        "A red tile",
    ]


def test_our_romanian_wins_over_allauths() -> None:
    """LOCALE_PATHS come first: allauth's "Conecteaza-te" gives way to ours."""
    with translation.override("ro"):
        assert translation.gettext("Sign In") == "Conectează-te"
        assert translation.gettext("Forgot your password?") == "Ai uitat parola?"
    page = pieces(Client().get("/accounts/login/", **RO).content.decode())
    assert "Conectează-te" in page and "Conecteaza-te" not in page
    theirs = TheirRomanian({"Sign In": "Conecteaza-te"}, {})
    assert theirs.found(page + ["Conecteaza-te"]) == ["Sign In"]


# --- forms' errors ------------------------------------------------------------------------


STALE_MOVES = ("draw", "discard", "take", "move", "confirm", "meld", "call")


def test_forms_errors_read_in_romanian(world: World) -> None:
    """Each form sent wrong comes back with its errors in the reader's language."""
    ana, guest = world.reader, world.guest
    entry = ENTRIES[0]
    game = world.running[KINDS[0]]
    signup = {
        "username": "x@",
        "public_name": "",
        "email": "not-an-address",
        "password1": "short",
        "password2": "other",
    }
    posts = [
        (guest, "sign-up, every field wrong", "/accounts/signup/", signup),
        (
            guest,
            "sign-up, a name taken",
            "/accounts/signup/",
            {
                **signup,
                "username": "ana",
                "email": "",
                "password1": PASSWORD,
                "password2": PASSWORD,
            },
        ),
        (
            guest,
            "sign-in, a wrong password",
            "/accounts/login/",
            {"login": "ana", "password": "nope"},
        ),
        (guest, "sign-in, nothing", "/accounts/login/", {}),
        (guest, "a password reset for nobody", "/accounts/password/reset/", {"email": "x"}),
        (guest, "a sign-in code for a wrong address", "/accounts/login/code/", {"email": "x"}),
        (
            ana,
            "password change, a wrong old one",
            "/accounts/password/change/",
            {"oldpassword": "nope", "password1": "a", "password2": "b"},
        ),
        (ana, "an e-mail address, wrong", "/accounts/email/", {"action_add": "", "email": "x"}),
        (ana, "the board name, too short", "/leaderboards/name/", {"name": "x"}),
        (ana, "closing, a wrong password", "/me/close/", {"password": "nope"}),
        (ana, "a vacation, no days", "/me/vacation/", {"days": "x"}),
        (ana, "a token, no scope", "/api/tokens/", {"name": " ", "scopes": []}),
        (
            ana,
            "a room, no name",
            f"/rooms/new/{entry.kind}/",
            {"name": "", "table_name": "", "seats": 99},
        ),
        (
            guest,
            "joining a room, a wrong code",
            f"/rooms/r/{world.waiting_room.public_id}/join/",
            {"table_name": "", "code": "wrong"},
        ),
        (
            ana,
            "a setup, a wrong choice",
            reverse(f"{entry.url_name}:setup"),
            {key: "zzz" for key in _setup_data(entry)},
        ),
        (
            ana,
            "house rules, no name",
            reverse("presets:save", args=[entry.kind]),
            {**_setup_data(entry), "preset_name": " "},
        ),
        (
            ana,
            "a report, no reason",
            reverse("leaderboards:report", args=[world.report_ref]),
            {"reason": "", "note": ""},
        ),
        (ana, "a challenge to a stranger", "/@/Bobby/challenge/", {"kind": "nope"}),
        (
            ana,
            "a draft with no tile",
            reverse(f"{entry.url_name}:confirm", args=[game.id]),
            {"version": game.version},
        ),
    ]
    # Each game's moves from a page the game has moved on from (refused, nothing changes),
    # as htmx sends them.
    for each in ENTRIES:
        running = world.running[each.kind]
        for action in STALE_MOVES:
            try:
                url = reverse(f"{each.url_name}:{action}", args=[running.id])
            except NoReverseMatch:
                continue
            posts.append((ana, f"{each.kind}: {action} on a stale page", url, {"version": 0}))
    # A puzzle's hint and an empty answer, each game's (a guest's attempt).
    for game_kind, puzzle in world.puzzles.items():
        for action in ("hint", "confirm"):
            url = reverse(f"puzzles:{action}", kwargs={"pk": puzzle.pk})
            posts.append((guest, f"{game_kind} puzzle: {action}, as htmx", url, {}))
    readings = []
    for client, where, url, data in posts:
        cache.clear()
        htmx = "stale page" in where or "as htmx" in where
        extra = {"HTTP_HX_REQUEST": "true"} if htmx else {}
        reading = read_twice(client, url, where, "post", data, **extra)
        assert reading is not None, where
        readings.append(reading)
    failures = to_do(judge_for_world(), readings) + allauth_words_left(readings)
    assert not failures, "Forms' errors still in English:\n  " + "\n  ".join(failures)


# --- pages and e-mails that are no URL's ---------------------------------------------------


def _both(render: Callable[[], str]) -> tuple[str, str]:
    with translation.override("en"):
        english = render()
    with translation.override("ro"):
        romanian = render()
    return english, romanian


def test_stand_alone_templates_and_e_mails_read_in_romanian(world: World) -> None:
    judge = judge_for_world()
    failures: list[str] = []
    pages = {
        "accounts/429.html": {},
        "notifications/offline.html": {},
        "input_refused.html": {"status": 404, "detail": ""},
    }
    from django.test import RequestFactory

    request = RequestFactory().get("/")
    request.user = world.ana
    for template, context in pages.items():
        english, romanian = _both(
            lambda template=template, context=context: render_to_string(
                template, context, request=request
            )
        )
        left = judge.english_left(pieces(english), pieces(romanian))
        if left:
            failures.append(f"{template}: {left}")

    texts: dict[str, Callable[[], str]] = {
        "privacy/email/close_code_subject.txt": lambda: render_to_string(
            "privacy/email/close_code_subject.txt", {}
        ),
        "privacy/email/close_code_message.txt": lambda: render_to_string(
            "privacy/email/close_code_message.txt", {"code": "123456", "minutes": 15}
        ),
    }
    from notifications.emails import _settings_url, unsubscribe_url
    from notifications.message import turn_message

    for kind, game in world.running.items():
        notice = TurnNotice.objects.create(
            game=game, seat_index=0, version=game.version, user=world.ana
        )

        def turn_email(notice: TurnNotice = notice) -> str:
            message = turn_message(notice)
            body = render_to_string(
                "notifications/turn_email.txt",
                {
                    "message": message,
                    "unsubscribe_url": unsubscribe_url(notice.user_id),
                    "settings_url": _settings_url(),
                },
            )
            return f"{message.title}\n{body}"

        texts[f"the 'your turn' e-mail ({kind})"] = turn_email
    for name, render in texts.items():
        english, romanian = _both(render)
        left = judge.english_left(text_pieces(english), text_pieces(romanian))
        if left:
            failures.append(f"{name}: {left}")

    # allauth's e-mails, sent through their pages: a reset link, a sign-in code.
    for where, url, data in (
        ("the password reset e-mail", "/accounts/password/reset/", {"email": "ana@example.com"}),
        ("the sign-in code e-mail", "/accounts/login/code/", {"email": "ana@example.com"}),
    ):
        sent = []
        for language in (EN, RO):
            cache.clear()
            mail.outbox.clear()
            Client().post(url, data, **language)
            assert mail.outbox, where
            message = mail.outbox[-1]
            sent.append(text_pieces(f"{message.subject}\n{message.body}"))
        left = judge.english_left(*sent)
        if left:
            failures.append(f"{where}: {left}")
        borrowed = their_romanian().found(sent[1])
        if borrowed:
            failures.append(f"{where}: allauth's Romanian for {borrowed}")
    assert not failures, "Still English:\n  " + "\n  ".join(failures)
