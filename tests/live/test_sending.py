"""Messages sent from the site's threads reach a consumer of the real Redis pub/sub layer,
in one pipeline and without an event loop of their own (live.sending)."""

from __future__ import annotations

import asyncio
import uuid
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from typing import Any

import pytest
import redis
from channels.layers import get_channel_layer

from live import sending


@pytest.fixture
def pubsub_layer(settings: Any) -> Iterator[str]:
    """The production layer (channels-redis pub/sub) on the test Redis, a prefix of its own."""
    url = settings.LIVE_REDIS_URL or "redis://127.0.0.1:6379/0"
    try:
        redis.Redis.from_url(url, socket_connect_timeout=0.5).ping()
    except redis.RedisError:
        pytest.skip(f"needs Redis at {url}: the layer under test is Redis's pub/sub")
    prefix = f"rummy:test:{uuid.uuid4().hex[:8]}"
    settings.CHANNEL_LAYERS = {
        "default": {
            "BACKEND": "channels_redis.pubsub.RedisPubSubChannelLayer",
            "CONFIG": {"hosts": [url], "prefix": prefix},
        }
    }
    yield prefix


def _from_a_thread(out: sending.Outgoing) -> None:
    """As a request's or a worker's thread sends: no event loop, none started for it."""

    def no_loop(*args: Any, **kwargs: Any) -> Any:
        raise AssertionError("sending started an event loop")

    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(asyncio, "new_event_loop", no_loop)
        with ThreadPoolExecutor(max_workers=1) as pool:
            pool.submit(sending.send, out).result()


def test_a_consumer_of_the_real_layer_receives_what_a_thread_sends(pubsub_layer: str) -> None:
    board = {"type": "live.board", "version": 7, "stamp": 12, "html": "<p>ț</p>", "trigger": ""}
    news = {"type": "live.tables", "dealt": True, "turns": 2}

    async def scenario() -> list[dict[str, Any]]:
        layer = get_channel_layer()
        seat, spectator = await layer.new_channel(), await layer.new_channel()
        await layer.group_add("live.seat0", seat)
        await layer.group_add("live.watch", spectator)
        await asyncio.sleep(0.2)  # the subscriptions are in place
        await asyncio.to_thread(
            _from_a_thread,
            [("live.seat0", board), ("live.watch", news), ("live.nobody", news)],
        )
        got = [
            await asyncio.wait_for(layer.receive(seat), 5),
            await asyncio.wait_for(layer.receive(spectator), 5),
        ]
        await layer.flush()
        return got

    assert asyncio.run(scenario()) == [board, news]


def test_other_layers_are_sent_as_before(settings: Any) -> None:
    settings.CHANNEL_LAYERS = {"default": {"BACKEND": "channels.layers.InMemoryChannelLayer"}}
    message = {"type": "live.talk"}

    async def scenario() -> dict[str, Any]:
        layer = get_channel_layer()
        channel = await layer.new_channel()
        await layer.group_add("live.talkers", channel)
        await asyncio.to_thread(sending.send, [("live.talkers", message)])
        return await asyncio.wait_for(layer.receive(channel), 5)

    assert asyncio.run(scenario()) == message
