"""Prometheus metrics for the site run as a cluster (app nodes, Celery workers).

``registry`` declares every metric; ``middleware`` times requests by view;
``signals`` counts moves and timeouts as they commit; ``views`` serves
``/metrics/`` (token or loopback only); ``worker`` serves a Celery worker's own.
Multi-process servers (gunicorn's workers, Celery's pool) need
``PROMETHEUS_MULTIPROC_DIR``: each process writes its values to files there and a
scrape adds them up (prometheus-client's multiprocess mode).
"""
