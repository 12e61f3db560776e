"""Shared set-up for the security tests: clean counters and a clock the throttle reads."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from django.core.cache import cache
from django.test import Client, RequestFactory

from accounts.device import COOKIE_NAME, read_device_key
from games.catalogue import GameEntry
from games.models import Game
from games.services import SeatSpec, create_game
from tests.accounts.conftest import PASSWORD, run_commits, sign_in, sign_up, start_game

__all__ = ["PASSWORD", "run_commits", "sign_in", "sign_up", "start_game"]


@pytest.fixture(autouse=True)
def _fresh_counters() -> Iterator[None]:
    """Throttles and rate limits live in the cache; every test starts from zero."""
    cache.clear()
    yield
    cache.clear()


class Clock:
    """Stands in for ``time.time`` (the module attribute, so everywhere) while a test runs:
    delays and cache expiries pass without sleeping."""

    def __init__(self) -> None:
        self.now = 1_800_000_000.0

    def __call__(self) -> float:
        return self.now

    def advance(self, seconds: float) -> None:
        self.now += seconds


@pytest.fixture
def clock(monkeypatch: pytest.MonkeyPatch) -> Clock:
    fake = Clock()
    monkeypatch.setattr("accounts.throttle.time.time", fake)
    return fake


def device_key_of(client: Client) -> str:
    """The guest key ``client``'s device cookie names after one more visit."""
    client.get("/")  # a missing, expired or forged cookie is replaced here
    factory = RequestFactory()
    factory.cookies[COOKIE_NAME] = client.cookies[COOKIE_NAME].value
    key = read_device_key(factory.get("/"))
    assert key
    return key


def deal(entry: GameEntry, device_key: str, seed: int = 7) -> Game:
    """A game of ``entry`` (its first short contract setup) with the guest in seat 0."""
    config = dict(entry.contract_configs[0]) if entry.contract_configs else {}
    players = int(config.get("players", 2))
    level = entry.levels[0].key
    seats = [SeatSpec("You", device_key=device_key)]
    seats += [SeatSpec(f"Computer {i}", computer_level=level) for i in range(1, players)]
    return create_game(entry.kind, config, seats, seed=seed)
