"""Settings: the embedded defaults with nothing set, the production switches, the env helpers."""

from __future__ import annotations

import importlib.util
from types import ModuleType

import pytest
from django.core.exceptions import ImproperlyConfigured

from rummy_site import settings as live_settings
from rummy_site.settings import env_bool, env_int, env_list, env_str

CONFIG_VARS = (
    "DATABASE_URL",
    "CELERY_BROKER_URL",
    "CACHE_URL",
    "SECRET_KEY",
    "DEBUG",
    "ALLOWED_HOSTS",
    "EMAIL_HOST",
    "SECURE_COOKIES",
)


def load_settings(monkeypatch: pytest.MonkeyPatch, **env: str) -> ModuleType:
    """Execute a fresh copy of the settings module under exactly ``env``.

    The real django.conf.settings is untouched; this only evaluates the file.
    """
    for name in CONFIG_VARS:
        monkeypatch.delenv(name, raising=False)
    for name, value in env.items():
        monkeypatch.setenv(name, value)
    spec = importlib.util.spec_from_file_location("settings_probe", live_settings.__file__)
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_nothing_set_gives_embedded_stack(monkeypatch: pytest.MonkeyPatch) -> None:
    s = load_settings(monkeypatch)
    assert s.DEBUG is True
    assert s.DATABASES["default"]["ENGINE"] == "django.db.backends.sqlite3"
    assert str(s.DATABASES["default"]["NAME"]).endswith("db.sqlite3")
    assert s.CELERY_TASK_ALWAYS_EAGER is True
    assert s.CELERY_TASK_EAGER_PROPAGATES is True
    assert s.CELERY_BROKER_URL == "memory://"
    assert s.CACHES["default"]["BACKEND"].endswith("LocMemCache")
    assert "localhost" in s.ALLOWED_HOSTS
    assert s.MAILERS["default"]["BACKEND"].endswith("console.EmailBackend")
    assert not hasattr(s, "EMAIL_BACKEND")  # deprecated in Django 6.1 in favour of MAILERS
    assert s.STORAGES["staticfiles"]["BACKEND"].endswith("StaticFilesStorage")


def test_production_stack_from_env(monkeypatch: pytest.MonkeyPatch) -> None:
    s = load_settings(
        monkeypatch,
        DATABASE_URL="postgres://rummy:pw@db.example:5432/rummy",
        CELERY_BROKER_URL="redis://cache.example:6379/0",
        CACHE_URL="redis://cache.example:6379/1",
        SECRET_KEY="x" * 50,
        ALLOWED_HOSTS="rummy.example, www.rummy.example",
    )
    assert s.DEBUG is False  # a configured database means a deployment
    db = s.DATABASES["default"]
    assert db["ENGINE"] == "django.db.backends.postgresql"
    assert (db["HOST"], db["NAME"]) == ("db.example", "rummy")
    assert s.CELERY_TASK_ALWAYS_EAGER is False
    assert s.CELERY_BROKER_URL == "redis://cache.example:6379/0"
    assert s.CACHES["default"]["BACKEND"] == "core.redis_cache.SharedClientRedisCache"
    assert s.ALLOWED_HOSTS == ["rummy.example", "www.rummy.example"]


def test_a_deployment_pools_its_database_connections(monkeypatch: pytest.MonkeyPatch) -> None:
    """A pool per process, not a connection per thread (online tables wait in threads)."""
    s = load_settings(
        monkeypatch,
        DATABASE_URL="postgres://rummy:pw@db.example:5432/rummy",
        SECRET_KEY="x" * 50,
        DB_POOL_SIZE="12",
    )
    db = s.DATABASES["default"]
    assert db["CONN_MAX_AGE"] == 0
    assert db["OPTIONS"]["pool"]["max_size"] == 12 and db["OPTIONS"]["pool"]["check"]
    # Django's backend, but its pool replaces dead connections without a pause (db_pool).
    assert db["ENGINE"] == "rummy_site.postgresql"


def test_celery_schedule_and_reliability(monkeypatch: pytest.MonkeyPatch) -> None:
    s = load_settings(monkeypatch)
    assert s.CELERY_TASK_ACKS_LATE is True
    assert s.CELERY_TIMEZONE == "UTC"
    sweep = s.CELERY_BEAT_SCHEDULE["sweep-computer-turns"]
    assert sweep["task"] == "games.tasks.sweep_computer_turns"
    # A lost computer turn waits at most about 10 s: sweep period + how stale a turn must be.
    from games.tasks import STALL_AFTER

    assert sweep["schedule"] + STALL_AFTER.total_seconds() <= 10
    # A killed worker's unacknowledged task comes back within 30 s, not kombu's hour
    # (tests/test_celery_settings.py says why no live worker's task is handed out twice).
    assert s.CELERY_BROKER_TRANSPORT_OPTIONS["visibility_timeout"] <= 30
    assert s.CELERY_TASK_PUBLISH_RETRY_POLICY["max_retries"] <= 1  # fail fast, the sweep retries


def test_secret_key_required_without_debug(monkeypatch: pytest.MonkeyPatch) -> None:
    with pytest.raises(ImproperlyConfigured, match="SECRET_KEY"):
        load_settings(monkeypatch, DATABASE_URL="postgres://rummy@127.0.0.1/rummy")


def test_smtp_when_email_host_set(monkeypatch: pytest.MonkeyPatch) -> None:
    s = load_settings(monkeypatch, EMAIL_HOST="smtp.example", EMAIL_PORT="2525")
    mailer = s.MAILERS["default"]
    assert mailer["BACKEND"] == "django.core.mail.backends.smtp.EmailBackend"
    options = mailer["OPTIONS"]
    # Port 2525 is no submission port: plain SMTP unless EMAIL_USE_TLS says (issue 34 item 7).
    assert (options["host"], options["port"], options["use_tls"]) == ("smtp.example", 2525, False)


@pytest.mark.parametrize(
    ("raw", "expected"),
    [
        ("1", True),
        ("true", True),
        ("Yes", True),
        (" on ", True),
        ("0", False),
        ("off", False),
        ("", False),
    ],
)
def test_env_bool(monkeypatch: pytest.MonkeyPatch, raw: str, expected: bool) -> None:
    monkeypatch.setenv("RUMMY_X", raw)
    assert env_bool("RUMMY_X", default=not expected) is expected


def test_env_bool_default_and_typo(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("RUMMY_X", raising=False)
    assert env_bool("RUMMY_X", default=True) is True
    monkeypatch.setenv("RUMMY_X", "ture")
    with pytest.raises(ImproperlyConfigured):
        env_bool("RUMMY_X")


def test_env_list_and_str_and_int(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("RUMMY_X", raising=False)
    assert env_list("RUMMY_X", ["a"]) == ["a"]
    assert env_str("RUMMY_X", "dflt") == "dflt"
    assert env_int("RUMMY_X", 7) == 7
    monkeypatch.setenv("RUMMY_X", " a, b ,,c ")
    assert env_list("RUMMY_X") == ["a", "b", "c"]
    assert env_str("RUMMY_X") == "a, b ,,c"
    monkeypatch.setenv("RUMMY_X", "")
    assert env_list("RUMMY_X", ["a"]) == []
    monkeypatch.setenv("RUMMY_X", "12")
    assert env_int("RUMMY_X", 7) == 12
    monkeypatch.setenv("RUMMY_X", "twelve")
    with pytest.raises(ImproperlyConfigured):
        env_int("RUMMY_X", 7)


def test_a_sqlite_database_url_is_the_embedded_database_without_a_pool(
    monkeypatch: pytest.MonkeyPatch, tmp_path
) -> None:
    """Issue 25 item 24: ``sqlite:///…`` used to crash with "unexpected keyword 'pool'"."""
    path = tmp_path / "site.sqlite3"
    s = load_settings(
        monkeypatch, DATABASE_URL=f"sqlite:///{path}", SECRET_KEY="x" * 50, DB_POOL_SIZE="12"
    )
    db = s.DATABASES["default"]
    assert db["ENGINE"] == "django.db.backends.sqlite3"
    assert str(db["NAME"]) == str(path)
    assert "pool" not in db["OPTIONS"]
    assert db["OPTIONS"]["transaction_mode"] == "IMMEDIATE"  # the embedded default's options


def test_a_database_url_of_another_kind_is_refused_by_name(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    with pytest.raises(ImproperlyConfigured, match="'mysql'"):
        load_settings(monkeypatch, DATABASE_URL="mysql://u:p@h/db", SECRET_KEY="x" * 50)


def test_the_site_starts_on_a_sqlite_database_url(tmp_path) -> None:
    """Migrate and answer a page in a fresh process, as ``scripts/run`` would."""
    import os
    import subprocess
    import sys

    env = {k: v for k, v in os.environ.items() if k not in CONFIG_VARS and k != "RUMMY_TESTING"}
    env |= {"DATABASE_URL": f"sqlite:///{tmp_path / 'db.sqlite3'}", "DEBUG": "1"}
    probe = (
        "import django; django.setup();"
        "from django.core.management import call_command; call_command('migrate', verbosity=0);"
        "from django.test import Client; r = Client().get('/'); print(r.status_code)"
    )
    done = subprocess.run(
        [sys.executable, "-c", probe],
        env={**env, "DJANGO_SETTINGS_MODULE": "rummy_site.settings"},
        cwd=live_settings.BASE_DIR,
        capture_output=True,
        text=True,
        timeout=240,
    )
    assert done.returncode == 0, done.stderr[-2000:]
    assert done.stdout.strip().splitlines()[-1] == "200"
