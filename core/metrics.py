"""Every metric the site exposes, declared once (names are the Prometheus contract).

In multiprocess mode (``PROMETHEUS_MULTIPROC_DIR`` set before this is imported)
prometheus-client keeps each process's values in files and a scrape sums them;
the live-waiters gauge adds up only the processes that are alive (``livesum``).
Declared below the platform, since the platform counts (``games.live``) as well as
the apps (``notifications``); the metrics app serves them.
"""

from __future__ import annotations

from prometheus_client import Counter, Gauge, Histogram

# Seconds, from a cheap poll answer (about 2 ms) to a waiting poll (up to 20 s).
LATENCY_BUCKETS = (0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0, 10.0, 30.0)

REQUEST_SECONDS = Histogram(
    "rummy_request_seconds",
    "Time to answer a request, by view (URL name) and method.",
    ["view", "method"],
    buckets=LATENCY_BUCKETS,
)
RESPONSES = Counter(
    "rummy_responses_total",
    "Responses by view and status class (2xx, 3xx, 4xx, 5xx).",
    ["view", "status"],
)
MOVES = Counter(
    "rummy_moves_total",
    "Moves committed, by game kind (people, computers and timeouts alike).",
    ["kind"],
)
TIMEOUTS = Counter(
    "rummy_clock_timeouts_total",
    "Turns played by the clock running out, by game kind.",
    ["kind"],
)
SWEEPS = Counter(
    "rummy_sweeps_total",
    "Beat's sweeps run by a worker (online_tables: lost clocks; computer_turns: lost turns).",
    ["sweep"],
)
SWEPT = Counter(
    "rummy_swept_total",
    "What the sweeps found to do: clocks applied and pauses closed, or computer turns queued.",
    ["sweep"],
)
NOTIFICATION_FAILURES = Counter(
    "rummy_notification_failures_total",
    "Tries to deliver a \"your turn\" notice that failed, by channel (email, push).",
    ["channel"],
)
LIVE_WAITERS = Gauge(
    "rummy_live_waiters",
    "Online tables' polls waiting for news right now (games.live).",
    multiprocess_mode="livesum",
)
