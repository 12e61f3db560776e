"""The themes a puzzle can have (named by the generator), with their names and a line each."""

from __future__ import annotations

THEMES: dict[str, tuple[str, str]] = {
    "go-out": ("Going out", "Every tile of your rack can go down this turn: find how."),
    "jokers": ("Jokers", "A joker on your rack or on the table is the key."),
    "rearranging": ("Rearranging the table", "Take sets apart to make room for your tiles."),
    "groups-to-runs": ("Groups into runs", "Tiles from a group of one number join runs."),
    "runs-to-groups": ("Runs into groups", "Tiles from a run join groups of one number."),
    "splitting-a-run": ("Splitting a run", "Cut a long run in two so your tiles fit between."),
}


def theme_name(slug: str) -> str:
    return THEMES.get(slug, (slug.replace("-", " ").capitalize(), ""))[0]
