"""A Celery worker's own metrics page, on an internal address (``METRICS_PORT``).

Moves a computer makes, timeouts and sweeps happen in the workers, which serve
no HTTP; the worker's main process serves its pool's metrics (multiprocess mode,
the worker's own ``PROMETHEUS_MULTIPROC_DIR``) on ``METRICS_ADDR`` (127.0.0.1)
and ``METRICS_PORT``. Unset port: nothing is served. A pool process that exits
has its live gauges removed.
"""

from __future__ import annotations

import logging
import os
from typing import Any

from celery.signals import worker_init, worker_process_shutdown
from prometheus_client import multiprocess, start_http_server

from metrics.collect import scrape_registry

log = logging.getLogger(__name__)


def connect() -> None:
    worker_init.connect(serve, dispatch_uid="metrics.serve", weak=False)
    worker_process_shutdown.connect(forget, dispatch_uid="metrics.forget", weak=False)


def serve(**kwargs: Any) -> None:
    """Start the worker's metrics server (a daemon thread) when a port is configured."""
    port = os.environ.get("METRICS_PORT", "").strip()
    if not port:
        return
    addr = os.environ.get("METRICS_ADDR", "127.0.0.1")
    start_http_server(int(port), addr=addr, registry=scrape_registry())
    log.info("worker metrics on http://%s:%s/metrics", addr, port)


def forget(pid: int | None = None, **kwargs: Any) -> None:
    if os.environ.get("PROMETHEUS_MULTIPROC_DIR"):
        multiprocess.mark_process_dead(pid or os.getpid())
