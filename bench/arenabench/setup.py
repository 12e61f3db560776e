"""The Arena's people and the event (in the relaunched command, on the bench's database).

Each person is an account with a public (board) name, signed in the way the site signs
in: a session in the session store holding the account's id, backend and password hash
(what ``login`` writes), sent back as the ``sessionid`` cookie, plus a signed device
cookie (``bench.loadbench.setup.guest``). The accounts have no usable password: nobody
can sign in to them but the benchmark.
"""

from __future__ import annotations

import importlib
from datetime import datetime

from django.conf import settings
from django.contrib.auth import BACKEND_SESSION_KEY, HASH_SESSION_KEY, SESSION_KEY, get_user_model

from accounts.device import COOKIE_NAME as DEVICE_COOKIE
from bench.loadbench.setup import guest
from leaderboards.naming import rename
from leaderboards.players import get_player
from tournaments.models import Access, Format, Tournament
from tournaments.options import GRACE_SECONDS, options_for

BACKEND = "django.contrib.auth.backends.ModelBackend"
FIRST = ("Ada", "Bo", "Cy", "Di", "Ed", "Fay", "Gus", "Hal", "Ivy", "Jo", "Kit", "Lu")


def board_name(i: int) -> str:
    """A public name the tables accept: letters, a space and a number."""
    return f"{FIRST[i % len(FIRST)]} Arena {i:03d}"


def people(count: int) -> list[tuple[int, str]]:
    """``count`` signed-in accounts with board names: (user id, the cookies to send)."""
    users = get_user_model()
    made = []
    for i in range(count):
        user = users(username=f"arena_bench_{i:03d}")
        user.set_unusable_password()
        made.append(user)
    users.objects.bulk_create(made)
    store = importlib.import_module(settings.SESSION_ENGINE).SessionStore
    out = []
    for i, user in enumerate(users.objects.filter(username__startswith="arena_bench_").order_by(
        "username"
    )):  # fmt: skip
        rename(get_player(user.pk, "", create=True), board_name(i))
        session = store()
        session[SESSION_KEY] = str(user.pk)
        session[BACKEND_SESSION_KEY] = BACKEND
        session[HASH_SESSION_KEY] = user.get_session_auth_hash()
        session.create()
        cookies = (
            f"{settings.SESSION_COOKIE_NAME}={session.session_key}; {DEVICE_COOKIE}={guest()[1]}"
        )
        out.append((user.pk, cookies))
    return out


def arena(kind: str, starts_at: datetime, minutes: int) -> Tournament:
    """A open, rated Arena of tables of 2 with the game's tournament options.

    Made directly, as the beat makes its scheduled events (a player's own Arena lasts 30,
    60 or 90 minutes; this one lasts the benchmark's ``minutes``), with the site's grace.
    """
    return Tournament.objects.create(
        kind=kind,
        format=Format.ARENA,
        name="Bench Arena",
        starts_at=starts_at,
        duration_minutes=minutes,
        seats=2,
        rated=True,
        access=Access.OPEN,
        options=options_for(kind),
        grace_seconds=GRACE_SECONDS,
    )
