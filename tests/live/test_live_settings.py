"""When the live process is on: with a Redis CACHE_URL (the pub/sub channel layer on it),
off without Redis or with LIVE_WEBSOCKETS=0, refused when forced on without Redis.

The settings are read in a fresh interpreter outside pytest, as a deployment reads them
(under pytest they always use the in-memory layer)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
SHOW = (
    "import json, rummy_site.settings as s; "
    "print(json.dumps([s.LIVE_WEBSOCKETS, s.CHANNEL_LAYERS['default']['BACKEND'],"
    " s.CHANNEL_LAYERS['default'].get('CONFIG', {}).get('hosts')]))"
)


def _settings(**env: str) -> subprocess.CompletedProcess[str]:
    clean = {k: v for k, v in os.environ.items() if not k.startswith(("RUMMY_", "LIVE_"))}
    for name in ("DATABASE_URL", "CACHE_URL", "CELERY_BROKER_URL", "DEBUG", "SECRET_KEY"):
        clean.pop(name, None)
    return subprocess.run(
        [sys.executable, "-c", SHOW],
        cwd=ROOT,
        env={**clean, **env},
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )


def _shown(**env: str) -> list:
    done = _settings(**env)
    assert done.returncode == 0, done.stderr[-2000:]
    return json.loads(done.stdout.strip().splitlines()[-1])


@pytest.mark.parametrize(
    ("env", "expected"),
    [
        ({}, [False, "channels.layers.InMemoryChannelLayer", None]),
        (
            {"CACHE_URL": "redis://cache.example:6379/1"},
            [
                True,
                "channels_redis.pubsub.RedisPubSubChannelLayer",
                ["redis://cache.example:6379/1"],
            ],
        ),
        (
            {"CACHE_URL": "redis://cache.example:6379/1", "LIVE_WEBSOCKETS": "0"},
            [
                False,
                "channels_redis.pubsub.RedisPubSubChannelLayer",
                ["redis://cache.example:6379/1"],
            ],
        ),
    ],
    ids=["embedded", "redis", "redis-but-off"],
)
def test_websockets_follow_the_cache_redis(env: dict[str, str], expected: list) -> None:
    assert _shown(**env) == expected


def test_websockets_forced_on_without_redis_are_refused_at_start() -> None:
    done = _settings(LIVE_WEBSOCKETS="1")
    assert done.returncode != 0 and "LIVE_WEBSOCKETS=1 needs a Redis CACHE_URL" in done.stderr
