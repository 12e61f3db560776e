"""What a scrape returns: the processes' metrics plus the queues' lengths, read now."""

from __future__ import annotations

import os
from collections.abc import Iterator

from django.conf import settings
from prometheus_client import REGISTRY, CollectorRegistry
from prometheus_client.core import GaugeMetricFamily
from prometheus_client.metrics_core import Metric
from prometheus_client.multiprocess import MultiProcessCollector

# Celery's queues (settings.CELERY_TASK_ROUTES): computer turns and clocks, and reviews.
QUEUES = ("celery", "reviews")


class QueueCollector:
    """Messages waiting in each Celery queue, asked of the broker at scrape time.

    Read at scrape time rather than counted, so every node reports the same,
    true number (the broker is shared); aggregate it with max(), not sum().
    """

    def collect(self) -> Iterator[Metric]:
        url = settings.CELERY_BROKER_URL
        if not url.startswith(("redis://", "rediss://", "unix://")):
            return  # eager tasks (no broker): there is no queue
        up = GaugeMetricFamily("rummy_broker_up", "1 when the broker answered this scrape.")
        waiting = GaugeMetricFamily(
            "rummy_queue_length", "Tasks waiting in a Celery queue.", labels=["queue"]
        )
        try:
            import redis

            client = redis.Redis.from_url(url, socket_timeout=1, socket_connect_timeout=1)
            with client.pipeline(transaction=False) as pipe:
                for queue in QUEUES:
                    pipe.llen(queue)
                lengths = pipe.execute()
            client.close()
        except Exception:  # noqa: BLE001 - a broker that is down is a value, not an error page
            up.add_metric([], 0)
            yield up
            return
        up.add_metric([], 1)
        for queue, length in zip(QUEUES, lengths, strict=True):
            waiting.add_metric([queue], length)
        yield up
        yield waiting


def scrape_registry() -> CollectorRegistry:
    """A registry for one exposition: every process's files (multiprocess mode), else ours."""
    registry = CollectorRegistry(auto_describe=False)
    path = os.environ.get("PROMETHEUS_MULTIPROC_DIR")
    if path:
        MultiProcessCollector(registry, path=path)
    else:
        registry.register(REGISTRY)
    registry.register(QueueCollector())
    return registry
