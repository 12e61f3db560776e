"""Two people playing Tile Rummy at the same moment on the embedded SQLite default.

Run as a script (``tests/games/test_sqlite_concurrency.py`` does) with ``SQLITE_PATH``
naming a fresh database file and no ``DATABASE_URL``, so it exercises the settings'
own SQLite branch even when the suite itself runs on PostgreSQL. Each player deals a
game and draws over and over through the real views (the computer answers inside the
same request); both start together. Prints one JSON line: every status code seen and
any exception raised, which the test reads.
"""

from __future__ import annotations

import json
import os
import sys
import threading
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
DRAWS = 12


def play(barrier: threading.Barrier, out: dict[str, Any]) -> None:
    """One player: deal a game, then draw ``DRAWS`` times, recording every answer."""
    from django.db import connection
    from django.test import Client

    from games.models import Game

    client = Client(raise_request_exception=False)
    try:
        barrier.wait()
        response = client.post(
            "/tile-rummy/new/", {"level": "easy", "opponents": 1, "meld_rule": "standard"}
        )
        out["codes"].append(response.status_code)
        game_id = response.url.rstrip("/").split("/")[-1]
        for _ in range(DRAWS):
            version = Game.objects.get(id=game_id).version
            response = client.post(f"/tile-rummy/g/{game_id}/draw/", {"version": version})
            out["codes"].append(response.status_code)
    except Exception as exc:  # reported to the test, which fails on it
        out["errors"].append(repr(exc))
    finally:
        connection.close()


def main() -> None:
    sys.path.insert(0, str(ROOT))
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "rummy_site.settings")
    import django
    from django.core.management import call_command

    django.setup()
    call_command("migrate", verbosity=0)
    from django.db import connection

    connection.close()
    out: dict[str, Any] = {"codes": [], "errors": []}
    barrier = threading.Barrier(2)
    players = [threading.Thread(target=play, args=(barrier, out)) for _ in range(2)]
    for p in players:
        p.start()
    for p in players:
        p.join()
    print(json.dumps(out))


if __name__ == "__main__":
    main()
