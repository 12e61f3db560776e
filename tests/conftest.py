"""Shared pytest set-up: test-mode settings, fast hashing, and Debian's Chromium.

Browser tests (marker ``browser``) use the system Chromium at /usr/bin/chromium
through pytest-playwright; we never run ``playwright install``. Without that
binary they are skipped, unless RUMMY_REQUIRE_BROWSER=1 (CI), where a missing
browser must fail the run instead of silently passing.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit, urlunsplit

import pytest
from django.conf import settings as django_settings
from django.utils import translation

from tests.db_flush import flush_by_delete

# live_server + Playwright's sync API run Django ORM calls from inside an event loop.
os.environ.setdefault("DJANGO_ALLOW_ASYNC_UNSAFE", "true")
os.environ["RUMMY_TESTING"] = "1"

CHROMIUM = Path("/usr/bin/chromium")


# Tiers (scripts/test): fast = not slow and not browser, slow = slow and not browser,
# browser = browser. Whole folders, files and the real-worker tests are slow by name,
# which survives a move; other slow tests carry @pytest.mark.slow themselves.
SLOW_FOLDERS = ("benchmarks", "cluster")
SLOW_FILES = (
    "test_schemathesis.py",
    "test_generated_client.py",
    "test_bots_load_independent.py",  # beside busy processes, in other processes
    "test_tile_rummy_load_independent.py",
    "test_no_refused_computer_moves.py",  # every bot level plays whole games
)
SLOW_MARKERS = ("real_worker",)
# Each 5-40 s on a busy machine (pytest --durations=40, issue 35): whole games through the
# API, long playouts and property runs, bot-strength matches, two tables at once on SQLite.
SLOW_TESTS = (
    "test_the_reference_bot_plays_a_whole_game_with_no_refusal",
    "test_the_reference_bot_plays_a_whole_game_in_a_friends_room",
    "test_the_example_client_plays_a_whole_game",
    "test_bot_playouts_keep_every_invariant",
    "test_random_playouts_conserve_every_tile",
    "test_random_playouts_keep_every_invariant_and_replay",
    "test_random_games_conserve_replay_and_end",
    "test_junk_and_timeouts_never_break_the_engine",
    "test_expert_beats_easy_clearly",
    "test_medium_beats_easy",
    "test_search_matches_the_integer_program_on_seeded_racks",
    "test_no_draw_skipped_is_the_unchanged_deal_and_a_skip_changes_it",
    "test_two_games_played_at_once_on_sqlite_never_error",
    # Each 6-27 s of CPU over its cases (per-test CPU time, issue 35): a finished game's
    # replay read at every step, fuzzing (schemathesis, hypothesis), every game's playouts.
    "test_replay_equals_the_live_frames_at_every_step",
    "test_your_own_rack_only_until_the_game_is_over",
    "test_a_share_link_shows_no_hidden_tiles_of_an_unfinished_game",
    "test_no_request_gets_a_server_error",
    "test_no_request_to_a_game_endpoint_answers_5xx_or_changes_a_game_illegally",
    "test_the_legal_answer_stays_small",
)


def _slow_by_name(item: pytest.Item) -> bool:
    """Whether the test's folder, file or marker puts it in the slow tier."""
    tests = Path(__file__).parent
    folders = item.path.relative_to(tests).parts[:-1] if item.path.is_relative_to(tests) else ()
    return (
        any(folder in SLOW_FOLDERS for folder in folders)
        or item.path.name in SLOW_FILES
        or getattr(item, "originalname", item.name) in SLOW_TESTS
        or any(item.get_closest_marker(marker) for marker in SLOW_MARKERS)
    )


# The slow tier runs on two workers (scripts/test: --dist loadfile), each test file on one,
# except the tests marked ``services`` here, which scripts/test runs after them one after
# another: real Celery workers on the run's one broker (each would take the other's tasks),
# the cluster's nodes, ports, PgBouncer and Redis databases, and the broker faults.
SERIAL_FOLDERS = ("cluster",)
SERIAL_FILES = ("test_faults.py", "test_celery_worker.py", "test_online_worker.py")
SERIAL_MARKERS = ("real_worker",)


def _needs_the_services(item: pytest.Item) -> bool:
    """Whether the test starts services that must not run beside another such test."""
    tests = Path(__file__).parent
    path = item.path.relative_to(tests) if item.path.is_relative_to(tests) else item.path
    return (
        any(folder in SERIAL_FOLDERS for folder in path.parts[:-1])
        or item.path.name in SERIAL_FILES
        or any(item.get_closest_marker(marker) for marker in SERIAL_MARKERS)
    )


def pytest_itemcollected(item: pytest.Item) -> None:
    """Mark the slow tier's folders and files slow, and its service tests ``services``.

    These were once xdist groups (``--dist loadgroup``), but xdist 3.8 names a test's group
    by rewriting ``item._nodeid``, which pytest 9.2's node ids no longer read: no test had
    a group, and the two beat failover tests ran side by side on one Redis lock (seen
    2026-12-07). A marker cannot be lost that way: scripts/test selects by it."""
    if _slow_by_name(item):
        item.add_marker(pytest.mark.slow)
    if item.get_closest_marker("slow") and _needs_the_services(item):
        item.add_marker(pytest.mark.services)


@pytest.hookimpl(tryfirst=True)
def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """Skip browser tests when Chromium is missing, unless the run requires them."""
    if CHROMIUM.exists() or os.environ.get("RUMMY_REQUIRE_BROWSER") == "1":
        return  # present, or required: a missing browser will fail loudly at launch
    skip = pytest.mark.skip(
        reason=f"{CHROMIUM} not found: apt-get install -y chromium "
        "(set RUMMY_REQUIRE_BROWSER=1 to make this a failure)"
    )
    for item in items:
        if item.get_closest_marker("browser"):  # the marker, not a keyword such as a param id
            item.add_marker(skip)


def _own_redis_cache_per_worker() -> None:
    """Under pytest-xdist (``-n``), each worker keeps its Redis cache in a database of its own.

    Tests start and end with ``cache.clear()``, which on Redis empties the whole database
    (FLUSHDB): in a shared one, one worker's clear would wipe another's rate-limit counts
    mid-test. Worker N takes the configured database plus N (CI's cache is db 1, so its two
    workers take 1 and 2), below the ones tests/cluster (8, 9) and the killed-worker test
    (14) keep for themselves. Live updates stay on the one Redis: pub/sub ignores databases
    and each channel names its game. pytest-django gives each worker its own test database
    the same way (test_<name>_gw0, ...), on SQLite and PostgreSQL alike.
    """
    from django.conf import settings
    from django.test import override_settings

    worker = os.environ.get("PYTEST_XDIST_WORKER", "")  # gw0, gw1, ... set before settings load
    cache = settings.CACHES["default"]
    if not worker or cache["BACKEND"] != "core.redis_cache.SharedClientRedisCache":
        return
    url = urlsplit(cache["LOCATION"])
    db = int(url.path.strip("/") or 0) + int(worker.removeprefix("gw"))
    if db >= 8:
        raise pytest.UsageError(f"{worker} would share Redis db {db} with tests/cluster: fewer -n")
    location = urlunsplit(url._replace(path=f"/{db}"))
    # Through override_settings, so Django's cache handler forgets any connection it made.
    override_settings(CACHES={"default": {**cache, "LOCATION": location}}).enable()


def _scan_static_files_once() -> None:
    """WhiteNoise lists and stats every static file once per test client, not once per run.

    Under test it serves from the finders (WHITENOISE_USE_FINDERS), and every Django test
    client builds the middleware afresh: that scan (60 ms, ~150 files) was a third of a
    small view test's time. The files do not change during a run, so the first scan with
    given settings serves every later middleware built with the same ones.
    """
    from django.conf import settings
    from whitenoise.middleware import WhiteNoiseMiddleware

    scan = WhiteNoiseMiddleware.add_files_from_finders
    scanned: dict[str, dict[str, Any]] = {}

    def add_files_from_finders(self: WhiteNoiseMiddleware) -> None:
        names = ("STATICFILES_DIRS", "STATICFILES_FINDERS", "INSTALLED_APPS", "STORAGES")
        names += tuple(name for name in dir(settings) if name.startswith("WHITENOISE_"))
        key = repr(
            (
                self.static_prefix,
                self.max_age,
                self.allow_all_origins,
                self.charset,
                self.index_file,
                [(name, getattr(settings, name, None)) for name in names],
            )
        )
        if key not in scanned:
            before = dict(self.files)
            scan(self)
            scanned[key] = {url: f for url, f in self.files.items() if before.get(url) is not f}
        self.files.update(scanned[key])

    WhiteNoiseMiddleware.add_files_from_finders = add_files_from_finders  # type: ignore[method-assign]


def pytest_configure(config: pytest.Config) -> None:
    _own_redis_cache_per_worker()
    _scan_static_files_once()
    flush_by_delete()


@pytest.fixture(autouse=True)
def _site_language() -> Iterator[None]:
    """Each test starts in the site's own language: Django's LocaleMiddleware activates a
    request's language on its thread and never resets it, so a test that asked for a page in
    Romanian would leave the next test on that thread (an xdist worker's) reading Romanian."""
    translation.activate(django_settings.LANGUAGE_CODE)
    yield
    translation.deactivate()


@pytest.fixture(autouse=True)
def _fast_password_hasher(settings: Any) -> None:
    """The default hasher is slow on purpose; tests do not need that."""
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]


@pytest.fixture(autouse=True)
def _computer_turns_in_process(request: pytest.FixtureRequest) -> Any:
    """Run Celery tasks in-process, even when CI points the broker at Redis.

    Tests then see computer turns land deterministically; the one test marked
    ``real_worker`` sends them through the real broker to a real worker instead.
    """
    from rummy_site.celery import app

    eager = "real_worker" not in request.keywords
    saved = app.conf.task_always_eager, app.conf.task_eager_propagates
    app.conf.task_always_eager = app.conf.task_eager_propagates = eager
    yield
    app.conf.task_always_eager, app.conf.task_eager_propagates = saved


@dataclass
class HeldComputerTurns:
    """The computer turns asked for while held; ``release()`` plays them and lets later ones run."""

    held: list[tuple[str, int]]
    undo: Callable[[], None]

    def release(self) -> int:
        """Stop holding, then play each held turn once (each one's move queues the next)."""
        from games import services

        self.undo()
        asked, self.held[:] = list(dict.fromkeys(self.held)), []
        return sum(services.run_computer_turn(game_id, version) for game_id, version in asked)


@pytest.fixture
def held_computer_turns() -> Any:
    """Computer turns wait until the test calls ``release()``: in the live server, a page's
    poll or an eager task finds the turn held (nothing played) instead of the test waiting
    for a computer's move to land or not. Both doors a turn is played by are held."""
    from games import services
    from games.services import computers

    held: list[tuple[str, int]] = []

    def hold(game_id: Any, version: int) -> bool:
        held.append((str(game_id), version))
        return False

    patch = pytest.MonkeyPatch()
    patch.setattr(services, "run_computer_turn", hold)
    patch.setattr(computers, "run_computer_turn", hold)
    yield HeldComputerTurns(held, patch.undo)
    patch.undo()


@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args: dict[str, Any]) -> dict[str, Any]:
    """Launch Debian's Chromium instead of a Playwright-downloaded browser."""
    return {
        **browser_type_launch_args,
        "executable_path": str(CHROMIUM),
        "args": [
            "--headless",
            "--no-sandbox",
            "--disable-gpu",
            "--disable-background-networking",
            "--disable-component-update",
            "--disable-sync",
            "--no-first-run",
            "--disable-quic",
        ],
    }
