"""Finding 9 (last part): ``manage.py check --deploy`` is clean with the documented
production environment (docs/operations.md, "Production stack"), set from the environment alone."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]

# The production environment as docs/operations.md documents it (values are placeholders).
PRODUCTION_ENV = {
    "DATABASE_URL": "postgres://rummy:pw@db.example:5432/rummy",
    "CELERY_BROKER_URL": "redis://cache.example:6379/0",
    "CACHE_URL": "redis://cache.example:6379/1",
    "SECRET_KEY": "a-long-random-production-key-0123456789-abcdefghij-KLMNOP-qrstuv",
    "ALLOWED_HOSTS": "rummy.example",
    "CSRF_TRUSTED_ORIGINS": "https://rummy.example",
    "SECURE_SSL_REDIRECT": "1",
    "SECURE_PROXY_SSL_HEADER": "1",
    "SECURE_HSTS_SECONDS": "31536000",
    "SECURE_HSTS_INCLUDE_SUBDOMAINS": "1",
    "SECURE_HSTS_PRELOAD": "1",
    "TRUSTED_PROXY_COUNT": "1",
    "EMAIL_HOST": "smtp.example",
    "DEFAULT_FROM_EMAIL": "rummy@rummy.example",
}


def run_check(env: dict[str, str]) -> subprocess.CompletedProcess[str]:
    """Run the real command in a fresh process (settings are read once per process)."""
    clean = {"PATH": os.environ.get("PATH", ""), "HOME": os.environ.get("HOME", "/tmp"), **env}
    command = [sys.executable, "manage.py", "check", "--deploy", "--fail-level", "WARNING"]
    return subprocess.run(command, cwd=ROOT, env=clean, capture_output=True, text=True, timeout=120)


def test_check_deploy_is_clean_in_the_documented_production_environment() -> None:
    result = run_check(PRODUCTION_ENV)
    assert result.returncode == 0, result.stdout + result.stderr
    assert "no issues" in result.stdout


def test_check_deploy_still_warns_when_hsts_is_left_out() -> None:
    env = {k: v for k, v in PRODUCTION_ENV.items() if not k.startswith("SECURE_HSTS")}
    result = run_check(env)
    assert result.returncode != 0 and "security.W004" in result.stdout + result.stderr


def test_check_deploy_warns_when_limits_would_be_counted_per_worker() -> None:
    env = {k: v for k, v in PRODUCTION_ENV.items() if k != "CACHE_URL"}
    result = run_check(env)
    assert result.returncode != 0 and "accounts.W001" in result.stdout + result.stderr


def test_the_documented_production_block_names_exactly_these_variables() -> None:
    """The block in docs/operations.md is what an operator copies: same names as tested here."""
    page = (ROOT / "docs" / "operations.md").read_text()
    block = page.split("`manage.py check --deploy` passes cleanly", 1)[1].split("```sh\n", 1)[1]
    documented = set(re.findall(r"\b([A-Z][A-Z_]+)=", block.split("```", 1)[0]))
    assert documented == set(PRODUCTION_ENV)
