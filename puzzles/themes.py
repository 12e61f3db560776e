"""The themes a puzzle can have (named by the generator), with their names and a line each.

The first six are Tile Rummy's; the last four are Romanian Tile Rummy's opening
puzzles ("opening" is on every one of them, so its page is "Romanian openings").
"""

from __future__ import annotations

THEMES: dict[str, tuple[str, str]] = {
    "go-out": ("Going out", "Every tile of your rack can go down this turn: find how."),
    "jokers": ("Jokers", "A joker on your rack or on the table is the key."),
    "rearranging": ("Rearranging the table", "Take sets apart to make room for your tiles."),
    "groups-to-runs": ("Groups into runs", "Tiles from a group of one number join runs."),
    "runs-to-groups": ("Runs into groups", "Tiles from a run join groups of one number."),
    "splitting-a-run": ("Splitting a run", "Cut a long run in two so your tiles fit between."),
    "opening": (
        "Romanian openings",
        "Romanian Tile Rummy: reach the opening threshold from your rack with as many tiles "
        "as you can.",
    ),
    "jolys": (
        "Jolys in openings",
        "Romanian Tile Rummy: which gap a joly (the wild tile) should fill.",
    ),
    "ones": (
        "Ones in openings",
        "Romanian Tile Rummy: a 1 counts far more in a set of ones than in a run.",
    ),
    "long-runs": (
        "Long runs in openings",
        "Romanian Tile Rummy: one long run, or shorter runs and sets?",
    ),
}


def theme_name(slug: str) -> str:
    return THEMES.get(slug, (slug.replace("-", " ").capitalize(), ""))[0]
