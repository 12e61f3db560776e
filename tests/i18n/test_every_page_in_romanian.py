"""Every page in Romanian, no English sentence left (issue 36 item 6).

The pages are found from the URL resolver (as tests/security/test_own_pages_private.py
walks them), so a page added later is read the day it is added: each pattern is opened with
the objects it needs, from the world of tests/i18n/romanian_world.py (a signed-in reader,
Ana, with a running and a finished game of each game, a friend with a player page, a room
waiting and a room playing, a shared replay, puzzles, a streak, a token...), by Ana and by a
guest, once asking for English and once for Romanian. A pattern that answers only POST is
an action, not a page: its refusals are read in test_romanian_forms_and_mails.py. A pattern
with a path parameter the world has no object for fails the walk, so nobody forgets to give
a new page its object.

What counts as English left: tests/i18n/english_left.py. A failure lists each page with the
English sentences it still shows: a to-do list. The switch itself (a guest's cookie, an
account's choice on a second device) is tests/preferences/test_language_choice.py's.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from django.core.cache import cache
from django.urls import NoReverseMatch, reverse

from notifications.unsubscribe import token_for
from puzzles.themes import THEMES
from tests.i18n.romanian_reading import (
    Reading,
    allauth_words_left,
    judge_for_world,
    read_twice,
    to_do,
)
from tests.i18n.romanian_world import ENTRIES, KINDS, World, between_rounds
from tests.security.test_own_pages_private import Pattern, every_pattern

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("fresh_pages")]

# Not pages a person reads: the admin (operators, in Django's own words), the programs' API
# (JSON; tests/api/test_romanian.py reads its refusals), the probes and the metrics.
NOT_READ = ("admin/", "api/v1/", "health/", "metrics/")


# --- which objects a pattern is opened with -----------------------------------------------


def _game_variants(world: World, pattern: Pattern) -> list[tuple[str, dict[str, Any]]]:
    space = pattern.view_name.split(":")[0]
    by_url_name = {entry.url_name: entry.kind for entry in ENTRIES}
    if space in by_url_name:
        kind = by_url_name[space]
        found = [
            (f"{kind} running", {"game_id": world.running[kind].id}),
            (f"{kind} finished", {"game_id": world.finished[kind].id}),
        ]
        if kind in world.between_rounds:
            found.append((f"{kind} round complete", {"game_id": world.between_rounds[kind].id}))
        if world.daily is not None and world.daily.kind == kind:
            found.append((f"{kind} daily challenge", {"game_id": world.daily.id}))
        return found
    if pattern.view_name == "players:replay":
        assert world.rated is not None
        return [("rated, listed", {"game_id": world.rated.id})]
    if space in ("replays", "reviews"):
        return [(f"{kind} finished", {"game_id": game.id}) for kind, game in world.finished.items()]
    if space in ("rooms", "matchmaking", "talk", "tournaments"):
        return [("online table", {"game_id": world.live_game.id})]
    if pattern.view_name.startswith("games:old_table"):
        return [("old address", {"game_id": world.running[KINDS[0]].id})]
    raise LookupError(f"{pattern.view_name}: which game?")


def _value(world: World, pattern: Pattern, name: str) -> list[tuple[str, Any]]:
    """The values a path parameter takes for this pattern: (label, value) pairs."""
    space = pattern.view_name.split(":")[0]
    assert world.waiting_room and world.live_room and world.streak and world.attempt
    values: dict[str, list[tuple[str, Any]]] = {
        "kind": [(kind, kind) for kind in KINDS],
        "public_id": [
            ("waiting room", world.waiting_room.public_id),
            ("playing room", world.live_room.public_id),
        ],
        "code": [("invite", world.waiting_room.code)],
        "name": [("Bobby", "Bobby")] if pattern.view_name != "players:replay" else [("Ana", "Ana")],
        "action": [("follow", "follow")],
        "round_no": [("round 1", 1)],
        "message_id": [("a line", 1)],
        "attempt_id": [("given up", world.attempt.pk)],
        "streak_id": [("streak", world.streak.pk)],
        "run_id": [("storm run", world.storm_run.pk if world.storm_run else 0)],
        "seq": [("its first puzzle", 1)],
        "theme": [(slug, slug) for slug in list(THEMES)[:2]],
        "ref": [("Bobby", world.report_ref)],
        "token_id": [("token", world.token_id)],
        "challenge_id": [("from Bobby", world.challenge.pk if world.challenge else 0)],
        "key": [("a wrong key", "wrong-key")],
        "uidb36": [("a wrong link", "zz")],
        "rest": [("old page", "abandon/")],
        "token": (
            [("shared", world.share_token)]
            if space == "replays"
            else [("Ana's", token_for(world.ana.pk))]
        ),
        "pk": (
            [("running Arena", world.tournament.pk if world.tournament else 0)]
            if space == "tournaments"
            else [(game, p.pk) for game, p in world.puzzles.items()]
            if space == "puzzles"
            else [("Quick", world.preset.pk if world.preset else 0)]
            if space == "presets"
            else [("a device", 1)]
        ),
    }
    if name not in values:
        raise LookupError(f"{pattern.route} ({pattern.view_name}): no object for <{name}>")
    return values[name]


def variants(world: World, pattern: Pattern) -> list[tuple[str, str]]:
    """Each (label, URL) a pattern is opened at."""
    combos: list[tuple[str, dict[str, Any]]] = [("", {})]
    names = list(pattern.kwargs)
    if "game_id" in names:
        combos = _game_variants(world, pattern)
        names.remove("game_id")
    for name in names:
        combos = [
            (" ".join(filter(None, (label, sub))), {**kwargs, name: value})
            for label, kwargs in combos
            for sub, value in _value(world, pattern, name)
        ]
    urls = []
    for label, kwargs in combos:
        try:
            urls.append((label, reverse(pattern.view_name, kwargs=kwargs)))
        except NoReverseMatch:
            urls.append(
                (label, reverse(pattern.view_name, kwargs={k: str(v) for k, v in kwargs.items()}))
            )
    return urls


# --- reading a page twice -----------------------------------------------------------------


def walk(world: World) -> list[Reading]:
    readings: list[Reading] = []
    done: set[tuple[str, str]] = set()
    patterns = [p for p in every_pattern() if not p.route.startswith(NOT_READ)]
    for pattern in sorted(patterns, key=lambda p: p.route):
        for label, url in variants(world, pattern):
            for who, client in (("Ana", world.reader), ("guest", world.guest)):
                if (who, url) in done:
                    continue
                done.add((who, url))
                cache.clear()  # no page is refused for the walk's own pace
                where = f"{who}: /{pattern.route}" + (f" [{label}]" if label else "")
                reading = read_twice(client, url, where)
                if reading is not None:
                    readings.append(reading)
    # Pages no pattern names: a missing page, and one refused before the site looks at it.
    for who, client in (("Ana", world.reader), ("guest", world.guest)):
        for url, where in (
            ("/no-such-page/", "a missing page"),
            (f"/tile-rummy/g/{'0' * 8}-0000-0000-0000-{'0' * 12}/", "a missing game"),
            ("/a\x01b/", "an address with a control character"),
        ):
            reading = read_twice(client, url, f"{who}: {where}")
            if reading is not None:
                readings.append(reading)
    return readings


@pytest.mark.slow  # 10-15 s: some 270 pages, each read twice
def test_every_page_reads_in_romanian(
    world: World, django_capture_on_commit_callbacks: Callable[..., Any]
) -> None:
    for entry in ENTRIES:  # the tables between two rounds too
        world.between_rounds[entry.kind] = between_rounds(
            world.ana, entry, django_capture_on_commit_callbacks
        )
    readings = walk(world)
    assert len({r.path for r in readings}) > 100, "the walk found too few pages"
    judge = judge_for_world()
    failures = to_do(judge, readings)
    failures += allauth_words_left(readings)
    assert not failures, (
        f"{len(failures)} pages still show English (or allauth's Romanian without "
        "diacritics) to a Romanian reader:\n  " + "\n  ".join(failures)
    )


# --- allauth's own Romanian ---------------------------------------------------------------
