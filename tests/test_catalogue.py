"""The catalogue is the one place that knows which games exist.

Besides its own sanity (each kind once, one daily host, unique prefixes),
this checks the layout rule from the README: outside a game's own packages
(engine, bot, web, benchmark, templates, static files) and the catalogue,
no module or template names a game. A new game then touches nothing else.
"""

from __future__ import annotations

import re
from pathlib import Path

from games import catalogue

ROOT = Path(__file__).resolve().parent.parent
SCANNED = (
    *("games", "accounts", "leaderboards", "rummy_site", "templates", "static"),
    *("rooms", "reviews", "presets", "replays", "api"),
    *("players", "matchmaking", "notifications", "metrics", "puzzles", "core", "tutorials"),
    *("talk", "tournaments", "preferences", "live"),
)
SUFFIXES = {".py", ".html", ".css", ".js", ".txt"}


def test_each_game_is_listed_once_with_its_own_prefix() -> None:
    kinds = [e.kind for e in catalogue.CATALOGUE]
    prefixes = [e.url_prefix for e in catalogue.CATALOGUE]
    assert len(set(kinds)) == len(kinds) and len(set(prefixes)) == len(prefixes)
    assert sum(e.daily is not None for e in catalogue.CATALOGUE) == 1
    for entry in catalogue.CATALOGUE:
        assert entry.levels and entry.min_players <= entry.max_players
        assert len({level.key for level in entry.levels}) == len(entry.levels)


def test_unknown_kinds_are_tidied_not_fatal() -> None:
    assert catalogue.kind_name("old_game") == "Old Game"
    assert catalogue.find("old_game") is None
    assert catalogue.get(catalogue.CATALOGUE[0].kind) is catalogue.CATALOGUE[0]


def _owned_by_a_game(path: Path) -> bool:
    """A game's own files: its engine, bot, web, benchmark, review, templates and static files."""
    rel = path.relative_to(ROOT).as_posix()
    if rel == "games/catalogue.py" or "/migrations/" in rel:
        return True
    for entry in catalogue.CATALOGUE:
        stems = {entry.kind, *(m.rsplit(".", 1)[-1] for m in (entry.engine, entry.bot, entry.web))}
        for stem in stems:
            owned = (
                f"games/engine/{stem}",
                f"games/bots/{stem}",
                f"games/web/{stem}/",
                f"reviews/{stem}",
                f"templates/games/{stem}/",
                f"static/css/{stem}.css",
                f"static/js/{stem}.js",
                f"puzzles/{stem}.py",  # a game's puzzles: its board, draft and judge
                f"templates/puzzles/_{stem}_board.html",
                f"tutorials/{stem}.py",  # a game's guided first game: its deal and steps
            )
            if rel.startswith(owned):
                return True
    return False


def _names_pattern() -> re.Pattern[str]:
    """A game's display name in any case; its kind, URL prefix and package names as code
    writes them (lower case), so "Romanian", the site's language, is not the game."""
    names: set[str] = set()
    codes: set[str] = set()
    for entry in catalogue.CATALOGUE:
        names.add(entry.name)
        codes |= {entry.kind, entry.url_prefix}
        codes |= {m.rsplit(".", 1)[-1] for m in (entry.engine, entry.bot, entry.web)}

    def either(words: set[str]) -> str:
        return "|".join(sorted((re.escape(w) for w in words), key=len, reverse=True))

    return re.compile(rf"(?<![A-Za-z])((?i:{either(names)})|{either(codes)})(?![A-Za-z])")


def test_no_module_outside_a_games_own_package_names_a_game() -> None:
    pattern = _names_pattern()
    offenders = []
    for top in SCANNED:
        for path in sorted((ROOT / top).rglob("*")):
            if path.suffix not in SUFFIXES or _owned_by_a_game(path):
                continue
            for number, line in enumerate(path.read_text().splitlines(), 1):
                if match := pattern.search(line):
                    offenders.append(f"{path.relative_to(ROOT)}:{number}: {match.group(0)}")
    assert not offenders, "\n".join(offenders)
