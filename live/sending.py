"""Messages to the live process's groups, sent from the site's own (sync) threads.

Why not ``async_to_sync(layer.group_send)``: from a request's or a worker's thread,
which runs no event loop, asgiref runs each call on a new event loop, and channels-redis
keeps one Redis connection per loop, so every commit paid for a loop, a thread and a
Redis connection of its own (measured: the Celery workers' CPU a computer's move rose
from 0.010 s with polls to 0.027 s with websockets, most of it there). With the Redis
pub/sub layer a group message is one ``PUBLISH`` of the layer's own serialisation to the
group's channel, so the messages of a commit go out in one pipeline of a synchronous
client kept by the process. The channel's name is the layer's (``<prefix>__group__<group>``,
channels-redis's ``RedisPubSubLoopLayer._get_group_channel_name``):
``tests/live/test_sending.py`` checks that a consumer of the real layer receives them.
Any other layer (the in-memory one of the embedded default and the tests, or several
Redis hosts, which the layer shards by a hash of its own) is sent as before.
"""

from __future__ import annotations

import threading
from typing import Any

import redis
from asgiref.sync import async_to_sync
from channels.layers import get_channel_layer
from channels_redis.pubsub import RedisPubSubChannelLayer  # type: ignore[import-untyped]
from django.conf import settings

Outgoing = list[tuple[str, dict[str, Any]]]  # (group, message)


def send(out: Outgoing) -> None:
    """Send each message to its group: one Redis round trip for all of them."""
    if not out:
        return
    layer = get_channel_layer()
    if layer is None:
        return
    target = _pubsub_target(layer)
    if target is None:
        async_to_sync(_send_async)(out)
        return
    client, prefix = target
    pipe = client.pipeline(transaction=False)
    for group, message in out:
        pipe.publish(f"{prefix}__group__{group}", layer.serialize(message))
    pipe.execute()


def _pubsub_target(layer: Any) -> tuple[redis.Redis, str] | None:
    """The Redis client and channel prefix of a one-host pub/sub layer, else None."""
    if not isinstance(layer, RedisPubSubChannelLayer):
        return None
    layers: Any = settings.CHANNEL_LAYERS
    config = layers["default"].get("CONFIG", {})
    hosts = config.get("hosts") or []
    if len(hosts) != 1 or not isinstance(hosts[0], str):
        return None
    return _client(hosts[0]), str(config.get("prefix", "asgi"))


async def _send_async(out: Outgoing) -> None:
    layer = get_channel_layer()
    for group, message in out:
        await layer.group_send(group, message)


_clients: dict[str, redis.Redis] = {}
_lock = threading.Lock()


def _client(url: str) -> redis.Redis:
    """One client per process and host (redis-py pools its connections, thread-safe)."""
    with _lock:
        if url not in _clients:
            _clients[url] = redis.Redis.from_url(url, socket_connect_timeout=1, socket_timeout=2)
        return _clients[url]
