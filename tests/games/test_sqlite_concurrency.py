"""The embedded default (SQLite) survives two people playing at the same moment.

The play happens in a child process on a fresh SQLite file (see two_players_sqlite.py),
with DATABASE_URL removed, so this checks the settings' SQLite branch whichever
database the suite itself runs on (CI uses PostgreSQL).
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

SCRIPT = Path(__file__).with_name("two_players_sqlite.py")


def test_two_games_played_at_once_on_sqlite_never_error(tmp_path: Path) -> None:
    env = {k: v for k, v in os.environ.items() if k not in ("DATABASE_URL", "CACHE_URL")}
    env.pop("CELERY_BROKER_URL", None)  # computer turns run in-process, in the request
    env.update(SQLITE_PATH=str(tmp_path / "rummy.sqlite3"), DEBUG="1", RUMMY_TESTING="1")
    run = subprocess.run(
        [sys.executable, str(SCRIPT)], env=env, capture_output=True, text=True, timeout=300
    )
    assert run.returncode == 0, run.stderr[-3000:]
    out = json.loads(run.stdout.strip().splitlines()[-1])
    assert out["errors"] == [], out["errors"]
    assert len(out["codes"]) == 2 * 13
    assert set(out["codes"]) <= {200, 302}, out["codes"]
