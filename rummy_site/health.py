"""Health endpoints for a load balancer or a monitor, and the load benchmark's yardstick.

- ``/health/`` checks the database, the cache and the broker, each with a short
  timeout, and answers 200 with a line per check, or 503 naming what failed.
- ``/health/ready/`` checks only that this process reaches its database, within half a
  second (``rummy_site.db_probe``): the balancer's check, every second from each
  balancer. A node that cannot reach PostgreSQL or its PgBouncer leaves the balancer
  within 3 s instead of answering 503 after the pool's 10 s; a node whose broker or
  cache is away stays in, since it still serves (docs/decisions/2026-12-06-node-health.md).
- ``/health/live/`` does nothing at all: it shows the process answers, and is the
  "bare view" the load benchmark compares every table endpoint with (it runs
  through the same middleware).

A few lines rather than a library: three checks, no models, no settings.
"""

from __future__ import annotations

import logging
import time
import uuid
from collections.abc import Callable

from django.core.cache import cache
from django.db import connection
from django.http import HttpRequest, HttpResponse
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_GET

from rummy_site.celery import app
from rummy_site.db_probe import PROBE

log = logging.getLogger(__name__)
BROKER_TIMEOUT_SECONDS = 2
# The whole readiness check, connecting included. HAProxy (deploy/haproxy.cfg) fails a
# check after ``inter`` (1 s) and takes a node out after 2 failures, the second 0.5 s
# after the first: 1 + 0.5 + 2 × 0.5 s is within the 3 s a node may keep serving errors.
READY_SECONDS = 0.5


def check_database() -> None:
    with connection.cursor() as cursor:
        cursor.execute("SELECT 1")
        if cursor.fetchone() != (1,):
            raise RuntimeError("SELECT 1 did not answer 1")


def check_cache() -> None:
    key, value = f"health:{uuid.uuid4().hex}", "ok"
    cache.set(key, value, timeout=10)
    if cache.get(key) != value:
        raise RuntimeError("the cache did not keep a value")
    cache.delete(key)


def check_broker() -> None:
    if app.conf.task_always_eager:
        return  # no broker: tasks run in-process
    with app.connection_for_write() as conn:
        conn.ensure_connection(max_retries=1, timeout=BROKER_TIMEOUT_SECONDS)


CHECKS: dict[str, Callable[[], None]] = {
    "database": check_database,
    "cache": check_cache,
    "broker": check_broker,
}


@never_cache
@require_GET
def health(request: HttpRequest) -> HttpResponse:
    """200 when every check passes, else 503; one ``name ok|failed (ms)`` line each."""
    lines, healthy = [], True
    for name, check in CHECKS.items():
        started = time.perf_counter()
        try:
            check()
            state = "ok"
        except Exception as exc:  # noqa: BLE001 - any failure is "unhealthy"
            log.warning("health check %s failed: %s", name, exc)
            state, healthy = "failed", False
        lines.append(f"{name} {state} ({(time.perf_counter() - started) * 1000:.1f} ms)")
    body = "\n".join(lines) + "\n"
    return HttpResponse(body, status=200 if healthy else 503, content_type="text/plain")


@never_cache
@require_GET
def ready(request: HttpRequest) -> HttpResponse:
    """200 when this process reaches its database within READY_SECONDS, else 503 (fast)."""
    started = time.perf_counter()
    try:
        PROBE.check(READY_SECONDS)
        state, status = "ok", 200
    except Exception:  # noqa: BLE001 - any failure means "do not send people here"
        state, status = "failed", 503  # logged by the probe when it changes, not every second
    body = f"database {state} ({(time.perf_counter() - started) * 1000:.1f} ms)\n"
    return HttpResponse(body, status=status, content_type="text/plain")


@never_cache
@require_GET
def live(request: HttpRequest) -> HttpResponse:
    """The process answers (no database, no cache): liveness, and the benchmark's bare view."""
    return HttpResponse("ok\n", content_type="text/plain")
