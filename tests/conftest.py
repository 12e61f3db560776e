"""Shared pytest set-up: test-mode settings, fast hashing, and Debian's Chromium.

Browser tests (marker ``browser``) use the system Chromium at /usr/bin/chromium
through pytest-playwright; we never run ``playwright install``. Without that
binary they are skipped, unless RUMMY_REQUIRE_BROWSER=1 (CI), where a missing
browser must fail the run instead of silently passing.
"""

from __future__ import annotations

import os
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

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
)


def _slow_by_name(item: pytest.Item) -> bool:
    """Whether the test's folder, file or marker puts it in the slow tier."""
    tests = Path(__file__).parent
    folders = item.path.relative_to(tests).parts[:-1] if item.path.is_relative_to(tests) else ()
    return (
        any(folder in SLOW_FOLDERS for folder in folders)
        or item.path.name in SLOW_FILES
        or getattr(item, "originalname", item.name) in SLOW_TESTS
        or any(marker in item.keywords for marker in SLOW_MARKERS)
    )


@pytest.hookimpl(tryfirst=True)  # before -m deselects by marker
def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """Mark the slow tier's folders and files slow; skip browser tests when Chromium is
    missing, unless the run requires them."""
    for item in items:
        if _slow_by_name(item):
            item.add_marker(pytest.mark.slow)
    if CHROMIUM.exists() or os.environ.get("RUMMY_REQUIRE_BROWSER") == "1":
        return  # present, or required: a missing browser will fail loudly at launch
    skip = pytest.mark.skip(
        reason=f"{CHROMIUM} not found: apt-get install -y chromium "
        "(set RUMMY_REQUIRE_BROWSER=1 to make this a failure)"
    )
    for item in items:
        if "browser" in item.keywords:
            item.add_marker(skip)


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
