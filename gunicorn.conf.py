"""gunicorn's production settings (``gunicorn -c gunicorn.conf.py rummy_site.wsgi``).

Sized for the machine it runs on: a table request spends a good part of its
time waiting on PostgreSQL and Redis, so each worker process runs a few threads
(gthread) and there are two processes per core; ``python -m bench.loadbench`` measured
this against 2 sync workers (README, "Production stack"). Every value can be
overridden from the environment without editing this file.
"""

from __future__ import annotations

import multiprocessing
import os

wsgi_app = "rummy_site.wsgi:application"
bind = os.environ.get("GUNICORN_BIND", "127.0.0.1:8000")
workers = int(os.environ.get("GUNICORN_WORKERS", multiprocessing.cpu_count() * 2))
worker_class = os.environ.get("GUNICORN_WORKER_CLASS", "gthread")
# Many threads, started as needed: a seat's poll at an online table waits for news in one
# (games.live); settings.LIVE_MAX_WAITERS leaves 8 a process for everything else, and the
# database pool (DB_POOL_SIZE) caps how many touch PostgreSQL at once.
threads = int(os.environ.get("GUNICORN_THREADS", 128))
# Browsers poll the board every second while computers play: keep their connection.
keepalive = int(os.environ.get("GUNICORN_KEEPALIVE", 5))
timeout = 30
graceful_timeout = 30
# Recycle a worker now and then, so a slow leak can never grow without bound.
max_requests = 5000
max_requests_jitter = 500
# Import Django once in the master; workers fork with it loaded (faster start, shared pages).
preload_app = True
accesslog = os.environ.get("GUNICORN_ACCESS_LOG") or None
errorlog = "-"


def child_exit(server: object, worker: object) -> None:
    """Prometheus multiprocess mode: a dead worker's live gauges stop counting (metrics/)."""
    if os.environ.get("PROMETHEUS_MULTIPROC_DIR"):
        from prometheus_client import multiprocess

        multiprocess.mark_process_dead(worker.pid)  # type: ignore[attr-defined]
