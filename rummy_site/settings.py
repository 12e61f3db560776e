"""Settings for rummy_site: one module, configured from the environment.

With nothing set you get the embedded stack, good for a laptop or a quick demo:
SQLite file, Celery tasks run eagerly in-process, local-memory cache, DEBUG on
(bound to localhost hosts only). Setting ``DATABASE_URL`` (PostgreSQL, psycopg 3),
``CELERY_BROKER_URL`` (Redis) and ``CACHE_URL`` switches to the production stack.

DEBUG defaults to *on only when no DATABASE_URL is set*: a configured database
means a real deployment, and a deployment must never show debug pages by
accident. Either way ``DEBUG=1``/``DEBUG=0`` overrides it.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

import dj_database_url
from celery.schedules import crontab
from django.core.exceptions import ImproperlyConfigured
from django.utils.csp import CSP

BASE_DIR = Path(__file__).resolve().parent.parent

_TRUE = {"1", "true", "yes", "on"}
_FALSE = {"0", "false", "no", "off", ""}


def env_str(name: str, default: str = "") -> str:
    """Return the variable, stripped; ``default`` when unset."""
    return os.environ.get(name, default).strip()


def env_bool(name: str, default: bool = False) -> bool:
    """Parse a yes/no variable; a typo raises instead of silently meaning "off"."""
    raw = os.environ.get(name)
    if raw is None:
        return default
    value = raw.strip().lower()
    if value in _TRUE:
        return True
    if value in _FALSE:
        return False
    raise ImproperlyConfigured(f"{name}={raw!r} is not a boolean (use 1/0, true/false, yes/no)")


def env_int(name: str, default: int) -> int:
    """Parse an integer variable; garbage raises rather than falling back quietly."""
    raw = os.environ.get(name, "").strip()
    if not raw:
        return default
    try:
        return int(raw)
    except ValueError as exc:
        raise ImproperlyConfigured(f"{name}={raw!r} is not an integer") from exc


def env_list(name: str, default: list[str] | None = None) -> list[str]:
    """Parse a comma-separated variable into a list, dropping blanks."""
    raw = os.environ.get(name)
    if raw is None:
        return list(default or [])
    return [item.strip() for item in raw.split(",") if item.strip()]


# Tests set RUMMY_TESTING in tests/conftest.py; "pytest" in sys.modules covers
# settings being imported before that conftest runs.
TESTING = env_bool("RUMMY_TESTING") or "pytest" in sys.modules

DATABASE_URL = env_str("DATABASE_URL")
DEBUG = env_bool("DEBUG", default=not DATABASE_URL)

SECRET_KEY = env_str("SECRET_KEY")
if not SECRET_KEY:
    if not DEBUG:
        raise ImproperlyConfigured("SECRET_KEY must be set when DEBUG is off")
    SECRET_KEY = "django-insecure-dev-only-rummy-site-key-never-use-in-production"

ALLOWED_HOSTS = env_list(
    "ALLOWED_HOSTS",
    default=["localhost", "127.0.0.1", "[::1]", "testserver"] if DEBUG else [],
)
CSRF_TRUSTED_ORIGINS = env_list("CSRF_TRUSTED_ORIGINS")
# How many reverse proxies in front of the site append to X-Forwarded-For. The
# client's address (for sign-in and game-creation limits) is the entry that many
# from the right; 0 trusts no header and uses the connection's address. Set it
# to exactly the number of proxies you run, or clients could choose their address.
TRUSTED_PROXY_COUNT = env_int("TRUSTED_PROXY_COUNT", 0)
ALLAUTH_TRUSTED_PROXY_COUNT = TRUSTED_PROXY_COUNT

INSTALLED_APPS = [
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "django.contrib.staticfiles",
    "django_htmx",
    "allauth",
    "allauth.account",
    "games",
    "accounts",
    "leaderboards",
    # The programs' JSON API (api/) and django-ninja, whose Swagger page it serves locally.
    "ninja",
    "api",
    "reviews",
    "presets",
    "rooms",
    "replays",
    "players",
    # "Your turn" e-mail and Web Push, the installable app (manifest, service worker).
    "notifications",
    # Quick match (a queue paired by rating) and watching online tables.
    "matchmaking",
    # Prometheus metrics for a cluster of app nodes and workers (/metrics/, METRICS_TOKEN).
    "metrics",
    # Puzzles: a bank built by the exact solver, a puzzle rating, streak and daily (issue 31).
    "puzzles",
    # A guided first game per game, played at its own table (issue 42).
    "tutorials",
    # Your data: download it, close the account, the privacy page; closed names held 30 days.
    "privacy",
    # What a person chooses for themselves (the language first), kept with the account.
    "preferences",
    # Table talk: quick phrases for everyone, short messages for known accounts (issue 39).
    "talk",
    # Arena and Swiss tournaments of every game, scheduled and made by players (issue 38).
    "tournaments",
    # The live process's websockets for online tables (Django Channels; issue 37, docs/live.md).
    "live",
]

MIDDLEWARE = [
    # Request latency by view for Prometheus (metrics/); first, so it times everything below.
    "metrics.middleware.RequestMetricsMiddleware",
    "django.middleware.security.SecurityMiddleware",
    # Content-Security-Policy from SECURE_CSP (Django's own); see the Security section.
    "django.middleware.csp.ContentSecurityPolicyMiddleware",
    # WhiteNoise serves /static/ before anything else runs (no cookies on assets).
    "whitenoise.middleware.WhiteNoiseMiddleware",
    # A control character in a path (404), a query, a form field or a JSON body (400), before
    # sessions or any view: PostgreSQL cannot hold NUL; see SECURITY.md "Limits".
    "rummy_site.input_guard.ControlCharacterMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    "django_htmx.middleware.HtmxMiddleware",
    "allauth.account.middleware.AccountMiddleware",
    # The page's language: the account's saved choice, else Django's order (the language
    # cookie, then Accept-Language); after authentication, which it reads.
    "preferences.language.AccountLanguageMiddleware",
    # request.feel: the person's settings (tile size, theme, sound...), read when first asked.
    "preferences.feel.FeelMiddleware",
    "accounts.middleware.DeviceMiddleware",
    # Permissions-Policy on every page; private, no-store on game pages and partials.
    "rummy_site.middleware.BrowserPolicyMiddleware",
    # Starting games is limited per account/device and per address (429 past the limit).
    "rummy_site.middleware.GameCreationLimitMiddleware",
    # Making and joining rooms, reports and name changes: per account/device and address.
    "rooms.limits.ActionLimitMiddleware",
    # A database connection lost in a view answers 503 "try again" (nothing half-written).
    "rummy_site.resilience.DatabaseUnavailableMiddleware",
]

ROOT_URLCONF = "rummy_site.urls"
WSGI_APPLICATION = "rummy_site.wsgi.application"

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [BASE_DIR / "templates"],
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.request",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
                # {{ csp_nonce }} for the rare script that cannot be a static file.
                "django.template.context_processors.csp",
                # LANGUAGE_CODE, LANGUAGE_BIDI and LANGUAGES for <html lang dir> and the switch.
                "django.template.context_processors.i18n",
                # {{ feel }}: the person's settings, written on <html> (templates/base.html).
                "preferences.feel.context",
            ],
        },
    },
]

# --- Database -----------------------------------------------------------------
# Off under pytest: tests run a Celery worker in a thread of the test process, and a
# pooled connection handed between those threads can hang the next test (seen here).
DB_POOL_SIZE = env_int("DB_POOL_SIZE", 0 if TESTING else 12)


def sqlite_database(name: str | Path) -> dict:
    """The SQLite settings, for the embedded default and for a ``sqlite:///`` DATABASE_URL.

    The embedded default must survive two people playing at once: WAL lets reads go on
    during a write, IMMEDIATE takes the write lock when a transaction starts (so a locked
    database waits instead of failing on the lock upgrade), and the timeout is that wait.
    SQLite has no connection pool, so ``DB_POOL_SIZE`` does not apply to it.
    """
    return {
        "ENGINE": "django.db.backends.sqlite3",
        "NAME": name,
        "OPTIONS": {
            "init_command": "PRAGMA journal_mode=WAL; PRAGMA synchronous=NORMAL;",
            "transaction_mode": "IMMEDIATE",
            "timeout": 20,
        },
    }


POOLED_ENGINE = "rummy_site.postgresql"


def url_database(url: str, pool_size: int) -> dict:
    """The database a DATABASE_URL names: PostgreSQL (pooled unless 0) or a SQLite file.

    Anything else is refused here, with the URL's scheme named, rather than failing later
    inside a driver with an error about an unexpected keyword.
    """
    parsed = dj_database_url.parse(url)
    engine = parsed.get("ENGINE", "")
    if engine == "django.db.backends.sqlite3":
        return sqlite_database(parsed["NAME"])
    if engine not in {"django.db.backends.postgresql", "django.db.backends.postgresql_psycopg2"}:
        scheme = url.split(":", 1)[0]
        raise ImproperlyConfigured(
            f"DATABASE_URL must be postgres://… or sqlite:///…, got a {scheme!r} URL"
        )
    if pool_size <= 0:
        return dj_database_url.parse(url, conn_max_age=60, conn_health_checks=True)
    # postgres:// maps to django.db.backends.postgresql, which uses psycopg 3. A pool per
    # process, not a connection per thread: online tables keep hundreds of requests
    # waiting in threads (games.live), and PostgreSQL allows 100 connections. Each
    # connection is checked as it is handed out, so a restarted server costs no request
    # (rummy_site/db_pool.py: by a look at its socket, a round trip only when that finds news),
    # and the backend's pool replaces the broken ones without pausing after each
    # (rummy_site/postgresql/: Django's backend, with that pool).
    from rummy_site.db_pool import check_connection

    parsed["ENGINE"] = POOLED_ENGINE
    parsed.setdefault("OPTIONS", {})["pool"] = {
        "min_size": 2,
        "max_size": pool_size,
        "timeout": 10,
        "check": check_connection,
    }
    return parsed


if DATABASE_URL:
    DATABASES = {"default": url_database(DATABASE_URL, DB_POOL_SIZE)}
else:
    DATABASES = {"default": sqlite_database(env_str("SQLITE_PATH") or BASE_DIR / "db.sqlite3")}

# Behind a transaction pooler (DATABASE_POOLER=pgbouncer; deploy/pgbouncer.ini) each
# transaction may run on another server connection, and PgBouncer 1.18 does not carry
# protocol-level prepared statements across them: psycopg's automatic preparing
# (prepare_threshold), the hot path's prepared cursors (core.db) and server-side
# cursors (.iterator()) are all turned off. DB_PREPARED_STATEMENTS=0/1 overrides.
DATABASE_POOLER = env_str("DATABASE_POOLER").lower()
if DATABASE_POOLER not in {"", "pgbouncer"}:
    raise ImproperlyConfigured(f"DATABASE_POOLER must be '' or pgbouncer: {DATABASE_POOLER!r}")
DB_PREPARED_STATEMENTS = env_bool("DB_PREPARED_STATEMENTS", default=not DATABASE_POOLER)
if DATABASE_URL and DATABASES["default"]["ENGINE"] != "django.db.backends.sqlite3":
    if not DB_PREPARED_STATEMENTS:
        DATABASES["default"].setdefault("OPTIONS", {})["prepare_threshold"] = None
    if DATABASE_POOLER:
        DATABASES["default"]["DISABLE_SERVER_SIDE_CURSORS"] = True

DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

# --- Cache --------------------------------------------------------------------
CACHE_URL = env_str("CACHE_URL")
if CACHE_URL.startswith(("redis://", "rediss://", "unix://")):
    CACHES = {
        "default": {
            # Django's Redis cache, reusing one client per pool (core/redis_cache.py).
            "BACKEND": "core.redis_cache.SharedClientRedisCache",
            "LOCATION": CACHE_URL,
        }
    }
elif CACHE_URL:
    raise ImproperlyConfigured(f"CACHE_URL must be a redis:// URL, got {CACHE_URL!r}")
else:
    CACHES = {"default": {"BACKEND": "django.core.cache.backends.locmem.LocMemCache"}}

# Online tables: a seat's poll waits for news of its table on Redis pub/sub (games.live),
# at most LIVE_WAIT_SECONDS, and at most LIVE_MAX_WAITERS requests per process wait at
# once (the rest answer at once and ask again a second later, as without Redis).
LIVE_REDIS_URL = CACHE_URL if CACHE_URL.startswith(("redis://", "rediss://", "unix://")) else ""
LIVE_WAIT_SECONDS = env_int("LIVE_WAIT_SECONDS", 2 if TESTING else 20)  # short under pytest
# Waiting takes a server thread, so leave 8 of gunicorn's threads per process for the rest.
# Table talk's free text: an account this many days old with this many finished games
# (talk.rules); guests and newer accounts send the quick phrases only.
TALK_MIN_ACCOUNT_DAYS = env_int("TALK_MIN_ACCOUNT_DAYS", 3)
TALK_MIN_FINISHED_GAMES = env_int("TALK_MIN_FINISHED_GAMES", 5)
LIVE_MAX_WAITERS = env_int("LIVE_MAX_WAITERS", max(0, env_int("GUNICORN_THREADS", 128) - 8))

# --- Live process (websockets: live/, docs/live.md) ------------------------------------
# Online tables' seats and spectators get each move over a websocket served by an ASGI
# process (rummy_site.asgi on uvicorn), fed through the channel layer on the same Redis as
# the polls' news (CACHE_URL). On by default when that Redis is configured; LIVE_WEBSOCKETS=0
# keeps only the long poll. Without Redis (the embedded default) there is no live process
# and the pages poll. The tests use the in-memory layer (one process) and turn it on.
ASGI_APPLICATION = "rummy_site.asgi.application"
LIVE_CHANNELS_URL = "" if TESTING else LIVE_REDIS_URL
LIVE_WEBSOCKETS = env_bool("LIVE_WEBSOCKETS", default=bool(LIVE_CHANNELS_URL))
if LIVE_WEBSOCKETS and not LIVE_CHANNELS_URL and not TESTING:
    raise ImproperlyConfigured("LIVE_WEBSOCKETS=1 needs a Redis CACHE_URL (the channel layer)")
if LIVE_CHANNELS_URL:
    # Pub/sub: a move is one PUBLISH per audience, whatever the number of its watchers.
    CHANNEL_LAYERS = {
        "default": {
            "BACKEND": "channels_redis.pubsub.RedisPubSubChannelLayer",
            "CONFIG": {"hosts": [LIVE_CHANNELS_URL], "prefix": "rummy:ws"},
        }
    }
else:
    CHANNEL_LAYERS = {"default": {"BACKEND": "channels.layers.InMemoryChannelLayer"}}
# How long an audience (a seat's, or the spectators' in one language) is rendered for after
# its last connection said it was there; each open connection says so every few minutes.
LIVE_AUDIENCE_SECONDS = env_int("LIVE_AUDIENCE_SECONDS", 900)

# /metrics/ (Prometheus): answered to a request bearing this token ("Authorization: Bearer
# …") or coming from the machine itself; 404 to anyone else. README "Cluster".
METRICS_TOKEN = env_str("METRICS_TOKEN")

# --- Celery -------------------------------------------------------------------
CELERY_BROKER_URL = env_str("CELERY_BROKER_URL")
if CELERY_BROKER_URL:
    CELERY_TASK_ALWAYS_EAGER = False
else:
    # Embedded default: no broker, so tasks run in-process, and their errors surface.
    CELERY_BROKER_URL = "memory://"
    CELERY_TASK_ALWAYS_EAGER = True
    CELERY_TASK_EAGER_PROPAGATES = True
if CELERY_BROKER_URL.startswith(("redis://", "rediss://")):
    # One active beat in the cluster, any number standing by (celery-redbeat). The active
    # one renews a Redis lock of LOCK_TIMEOUT s every tick (ticks are at most MAX_LOOP s
    # apart); a standby asks for the lock every MAX_LOOP s, so it sends within 20 + 5 s of
    # the active one dying. A beat that finds its lock taken (frozen past the timeout)
    # exits instead of sending beside the new one. The entries' last runs are kept in
    # Redis too: the new beat neither repeats nor skips one. Decision 2026-12-06.
    # redbeat reads its own settings by their bare names (REDBEAT_…), not as CELERY_….
    CELERY_BEAT_SCHEDULER = "redbeat.RedBeatScheduler"
    REDBEAT_REDIS_URL = CELERY_BROKER_URL
    REDBEAT_REDIS_OPTIONS = {"socket_connect_timeout": 2, "socket_timeout": 5}
    REDBEAT_LOCK_TIMEOUT = 20
    CELERY_BEAT_MAX_LOOP_INTERVAL = 5
# Tasks are idempotent (they check the game version), so redelivery after a
# worker crash is safe and better than losing a computer turn.
CELERY_TASK_ACKS_LATE = True
# Post-game reviews search for seconds a turn: they have a queue and a worker of their
# own, so a computer's turn or a clock never waits behind one (README, Production stack).
CELERY_TASK_ROUTES = {"reviews.tasks.*": {"queue": "reviews"}}
CELERY_TASK_IGNORE_RESULT = True
CELERY_TIMEZONE = "UTC"
# A worker killed mid-task leaves its messages unacknowledged; Redis hands each out again
# once it is 20 s old, at a live worker's next look (every 5 s): within 25 s, not kombu's
# hour (or the 5 minutes before). Safe because no message stays out that long on a live
# worker: game tasks take a second and are idempotent (the game's version, the stored
# deadline), so one handed out twice changes nothing; a countdown past TASK_HOP_SECONDS
# travels in hops (rummy_site.celery); reviews, which run for many seconds, are
# acknowledged as they start (reviews.tasks; one lost with its worker is queued again by
# the next look at it). A worker dying while it looks holds the lookers' mutex 5 s, not
# kombu's 300. Decision 2026-12-06 (beat and redelivery).
CELERY_BROKER_TRANSPORT_OPTIONS = {
    "visibility_timeout": 20,
    "unacked_restore_interval": 5,
    "unacked_restore_throttle": 1,
    "unacked_mutex_expire": 5,
}
TASK_HOP_SECONDS = 10
# With the broker down a publish must fail fast (the move is already committed and the
# sweep re-queues it), not hold the player's request through kombu's retries.
CELERY_TASK_PUBLISH_RETRY_POLICY = {
    "max_retries": 1,
    "interval_start": 0,
    "interval_step": 0.2,
    "interval_max": 0.2,
}
CELERY_BROKER_CONNECTION_TIMEOUT = 2
CELERY_WORKER_PREFETCH_MULTIPLIER = 1
# Celery's Django fixup closes the database connection around every task unless told to
# reuse it; a computer turn then paid for a new PostgreSQL connection each time. Reuse it
# (Django still drops it after CONN_MAX_AGE or when it is unusable).
CELERY_DB_REUSE_MAX = 1000
# A lost computer turn (a failed publish, a task lost with a worker) waits at most
# about SWEEP_SECONDS + games.tasks.STALL_AFTER before the sweep queues it again.
SWEEP_SECONDS = 5.0
CELERY_BEAT_SCHEDULE = {
    # A lost task must never freeze a game: the sweep restarts stuck computer turns.
    "sweep-computer-turns": {
        "task": "games.tasks.sweep_computer_turns",
        "schedule": SWEEP_SECONDS,
        "options": {"expires": SWEEP_SECONDS},
    },
    # Online tables: a clock whose countdown task was lost, and pauses past 7 days.
    "sweep-online-tables": {
        "task": "games.tasks.sweep_online_tables",
        "schedule": SWEEP_SECONDS,
        "options": {"expires": SWEEP_SECONDS},
    },
    # Quick match's correspondence waits need no open page: pair them every minute.
    "pair-correspondence-waits": {
        "task": "matchmaking.tasks.pair_correspondence_waits",
        "schedule": 60.0,
        "options": {"expires": 60},
    },
    # The daily challenge's board at 00:00 UTC. Idempotent: if beat is late or
    # down, the day's first request derives the same seed (leaderboards.daily).
    "make-daily-challenge": {
        "task": "leaderboards.tasks.make_daily_challenge",
        "schedule": crontab(minute=0, hour=0),
    },
    # Guests' unfinished games nobody touched for GUEST_GAME_CLEANUP_DAYS are deleted.
    "clean-up-abandoned-guest-games": {
        "task": "games.tasks.clean_up_abandoned_guest_games",
        "schedule": crontab(minute=30, hour=3),
    },
    # Table talk is kept 30 days (correspondence: 30 days after the game), then deleted.
    "delete-old-table-talk": {
        "task": "talk.tasks.delete_old_talk",
        "schedule": crontab(minute=45, hour=3),
    },
    # Tournaments (tournaments/schedule.py, in UTC): the timetable's events, made ahead and
    # idempotently; then every event due is run: starts, notices, pairing, rounds, the end.
    "create-scheduled-tournaments": {
        "task": "tournaments.tasks.create_scheduled",
        "schedule": crontab(minute="*/10"),
    },
    "run-tournaments": {
        "task": "tournaments.tasks.run_tournaments",
        "schedule": SWEEP_SECONDS,
        "options": {"expires": SWEEP_SECONDS},
    },
}
# A guest device unused this long no longer opens its games (accounts.device), so
# its unfinished games that long untouched are cleaned up (games.tasks).
GUEST_IDLE_DAYS = env_int("GUEST_IDLE_DAYS", 180)
if GUEST_IDLE_DAYS < 30:
    raise ImproperlyConfigured("GUEST_IDLE_DAYS must be at least 30 (a saved game must last)")
GUEST_GAME_CLEANUP_DAYS = GUEST_IDLE_DAYS
# Keys the daily challenge's seed (an HMAC of the date); unset: SECRET_KEY does.
DAILY_SECRET = env_str("DAILY_SECRET")

# --- Auth (django-allauth: username + password, e-mail optional) --------------
AUTHENTICATION_BACKENDS = [
    "django.contrib.auth.backends.ModelBackend",
    "allauth.account.auth_backends.AuthenticationBackend",
]
ACCOUNT_LOGIN_METHODS = {"username"}
ACCOUNT_SIGNUP_FIELDS = ["username*", "email", "password1*", "password2*"]
ACCOUNT_EMAIL_VERIFICATION = "none"
# Our adapter replaces allauth's failed-sign-in lock with growing delays that a
# browser which signed in before skips (accounts.throttle, accounts.adapter).
ACCOUNT_ADAPTER = "accounts.adapter.AccountAdapter"
# The owner's way past those delays: a one-time code e-mailed to a *verified*
# address (accounts.forms), tied to the browser that asked for it, so a stranger
# can neither use nor block it. allauth limits requests and guesses per code.
ACCOUNT_LOGIN_BY_CODE_ENABLED = True
ACCOUNT_FORMS = {
    "request_login_code": "accounts.forms.VerifiedLoginCodeForm",
    # Sign-up asks for the public name too, so a new account has its player page at once.
    "signup": "accounts.signup.PublicNameSignupForm",
}
LOGIN_REDIRECT_URL = "/"
# Sign-in throttle (accounts.throttle): after FREE wrong passwords per name (or per
# address) each further one waits twice as long as the last, from BASE up to CAP
# seconds; counts are forgotten after RESET seconds without a failure.
SIGNIN_THROTTLE = {
    "name_free": 5,
    "address_free": 20,
    "base_seconds": 15,
    "cap_seconds": 15 * 60,
    "reset_seconds": 24 * 60 * 60,
}
# Starting games (rummy_site.middleware): per account or guest device, and per address.
GAME_CREATION_LIMITS = {"owner": (30, 60 * 60), "address": (300, 60 * 60)}
if TESTING:
    # The suite deals hundreds of games from one address; tests/security sets real limits.
    GAME_CREATION_LIMITS = {"owner": (10**6, 60), "address": (10**6, 60)}
ACCOUNT_LOGOUT_REDIRECT_URL = "/"
# allauth keeps these counters in the cache (shared through Redis in production).
# Wrong passwords are not counted here ("login_failed" is off): accounts.throttle
# slows them down per address and per name instead of locking anyone out.
ACCOUNT_RATE_LIMITS = {
    "login": "30/m/ip",
    "login_failed": False,
    "signup": "20/m/ip",
    "change_password": "5/m/user",
    "reset_password": "20/m/ip,5/m/key",
    "reset_password_from_key": "20/m/ip",
    # Sign-in codes: allauth's "3/m" per e-mail address would let anyone who knows
    # the address keep its owner from getting a code; accounts.forms counts per
    # address *and* client instead (request_login_code_here).
    "request_login_code": "20/m/ip",
    "request_login_code_here": "3/m/key",
}

AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.UserAttributeSimilarityValidator"},
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator"},
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
    {"NAME": "django.contrib.auth.password_validation.NumericPasswordValidator"},
]

# --- E-mail -------------------------------------------------------------------
# Django 6.1 replaces EMAIL_BACKEND/EMAIL_HOST/... with MAILERS (the old names warn).
# Without EMAIL_HOST, mail (e.g. password resets) is printed to the console.
SMTP_STARTTLS_PORT, SMTP_SSL_PORT = 587, 465


def smtp_security(port: int) -> tuple[bool, bool]:
    """(STARTTLS, implicit TLS) for this port unless EMAIL_USE_TLS/EMAIL_USE_SSL say.

    Why by port: a plain server (port 25, a local relay, a test sink) does not
    offer STARTTLS, and always asking for it made every send fail. 587 is
    submission with STARTTLS, 465 is submission over TLS, anything else is plain.
    """
    tls_set, ssl_set = "EMAIL_USE_TLS" in os.environ, "EMAIL_USE_SSL" in os.environ
    use_ssl = env_bool("EMAIL_USE_SSL", default=port == SMTP_SSL_PORT and not tls_set)
    use_tls = env_bool("EMAIL_USE_TLS", default=port == SMTP_STARTTLS_PORT and not ssl_set)
    if use_tls and use_ssl:
        raise ImproperlyConfigured("EMAIL_USE_TLS and EMAIL_USE_SSL cannot both be on")
    return use_tls, use_ssl


def smtp_mailers() -> dict:
    """MAILERS from the environment: SMTP when EMAIL_HOST is set, else the console."""
    host = env_str("EMAIL_HOST")
    if not host:
        return {"default": {"BACKEND": "django.core.mail.backends.console.EmailBackend"}}
    port = env_int("EMAIL_PORT", SMTP_STARTTLS_PORT)
    use_tls, use_ssl = smtp_security(port)
    options = {
        "host": host,
        "port": port,
        "username": env_str("EMAIL_HOST_USER"),
        "password": env_str("EMAIL_HOST_PASSWORD"),
        "use_tls": use_tls,
        "use_ssl": use_ssl,
        "timeout": 30,  # a mail server that hangs must not hold a worker forever
    }
    return {"default": {"BACKEND": "django.core.mail.backends.smtp.EmailBackend",
                        "OPTIONS": options}}


MAILERS = smtp_mailers()
DEFAULT_FROM_EMAIL = env_str("DEFAULT_FROM_EMAIL", "rummy@localhost")

# --- Notifications (notifications/) -------------------------------------------
# The site's public address, for links in "your turn" e-mails and pushes (no request there).
SITE_URL = env_str("SITE_URL", "http://localhost:8000").rstrip("/")
# Web Push: the VAPID key pair (private: base64url raw 32 bytes or DER; public: base64url
# uncompressed point, the browsers' applicationServerKey). Unset: e-mail only.
VAPID_PRIVATE_KEY = env_str("VAPID_PRIVATE_KEY")
VAPID_PUBLIC_KEY = env_str("VAPID_PUBLIC_KEY")
VAPID_SUBJECT = env_str("VAPID_SUBJECT", f"mailto:{DEFAULT_FROM_EMAIL}")
# Off under the test suite (tests/notifications turns it on), so other tests start no threads.
NOTIFICATIONS_SEND = env_bool("NOTIFICATIONS_SEND", default=not TESTING)

# --- Internationalisation -----------------------------------------------------
# The site's languages. A third is one line here and one locale/<code>/LC_MESSAGES/django.po
# (docs/translating.md). No URL prefix: a link opens in the reader's own language.
LANGUAGE_CODE = "en"
LANGUAGES = [("en", "English"), ("ro", "Română")]
LOCALE_PATHS = [BASE_DIR / "locale"]
# Dates and numbers per language (rummy_site/formats/): English day-month-year, 24 hours.
FORMAT_MODULE_PATH = ["rummy_site.formats"]
TIME_ZONE = "UTC"
USE_I18N = True
USE_TZ = True

# --- Static files -------------------------------------------------------------
STATIC_URL = "/static/"
STATICFILES_DIRS = [BASE_DIR / "static"]
STATIC_ROOT = BASE_DIR / "staticfiles"
# The manifest storage needs `collectstatic` first, so dev and tests use the plain one.
_STATIC_BACKEND = (
    "whitenoise.storage.CompressedManifestStaticFilesStorage"
    if not DEBUG and not TESTING
    else "django.contrib.staticfiles.storage.StaticFilesStorage"
)
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {"BACKEND": _STATIC_BACKEND},
}
# pytest-django forces DEBUG off, which would stop WhiteNoise finding uncollected
# files; tests serve straight from the finders like `runserver` does.
WHITENOISE_USE_FINDERS = DEBUG or TESTING

# --- Security (production) ----------------------------------------------------
# Secure cookies follow DEBUG; tests (plain-http live server) keep them off.
SECURE_COOKIES = env_bool("SECURE_COOKIES", default=not DEBUG and not TESTING)
SESSION_COOKIE_SECURE = SECURE_COOKIES
CSRF_COOKIE_SECURE = SECURE_COOKIES
# Links in e-mails (password resets) use https whenever the site is served over
# https, even behind a proxy that talks plain http to gunicorn.
ACCOUNT_DEFAULT_HTTP_PROTOCOL = "https" if env_bool("HTTPS", default=not DEBUG) else "http"
SECURE_SSL_REDIRECT = env_bool("SECURE_SSL_REDIRECT", default=False)
SECURE_HSTS_SECONDS = env_int("SECURE_HSTS_SECONDS", 0)
SECURE_HSTS_INCLUDE_SUBDOMAINS = env_bool("SECURE_HSTS_INCLUDE_SUBDOMAINS", default=False)
SECURE_HSTS_PRELOAD = env_bool("SECURE_HSTS_PRELOAD", default=False)
SECURE_CONTENT_TYPE_NOSNIFF = True
SECURE_REFERRER_POLICY = "same-origin"
X_FRAME_OPTIONS = "DENY"
if env_bool("SECURE_PROXY_SSL_HEADER", default=False):
    # Only behind a proxy that sets this header itself (otherwise clients could spoof it).
    SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")
# No request body needs more than a few kilobytes (a whole meld table is < 2 KB).
DATA_UPLOAD_MAX_MEMORY_SIZE = 64 * 1024
# Only our own files: no inline scripts or styles, nothing from elsewhere. htmx's
# injected indicator style is off (htmx-config in base.html; site.css styles it).
SECURE_CSP = {
    "default-src": [CSP.SELF],
    "script-src": [CSP.SELF, CSP.NONCE],
    "style-src": [CSP.SELF],
    "img-src": [CSP.SELF, "data:"],
    "font-src": [CSP.SELF],
    "connect-src": [CSP.SELF],
    "object-src": [CSP.NONE],
    "base-uri": [CSP.NONE],
    "form-action": [CSP.SELF],
    "frame-ancestors": [CSP.NONE],
}
# Powerful browser features the site never uses, off for it and anything it embeds.
PERMISSIONS_POLICY = (
    "accelerometer=(), camera=(), geolocation=(), gyroscope=(), magnetometer=(), "
    "microphone=(), payment=(), usb=(), browsing-topics=()"
)

# --- Logging ------------------------------------------------------------------
# One key=value line per record, with the game a move is about on every line of that
# move (games.log_context), so `grep game=<id>` follows one game through web and worker.
LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "filters": {"game_id": {"()": "games.log_context.GameIdFilter"}},
    "formatters": {
        "kv": {
            "format": "ts={asctime} level={levelname} logger={name} game={game_id} "
            "pid={process} msg={message}",
            "style": "{",
        }
    },
    "handlers": {
        "console": {"class": "logging.StreamHandler", "formatter": "kv", "filters": ["game_id"]}
    },
    "root": {"handlers": ["console"], "level": env_str("LOG_LEVEL", "INFO")},
}
