"""Offensive words in a message are masked, not refused.

The same word list the names use (badwords-py, with the names' exceptions), in
English and Romanian since the site speaks both. Masking rather than refusing:
the writer sees at once what was caught and the rest of a friendly message
still arrives, while a refusal invites respelling until something slips past.
A name is different (it stays on every page), so names are refused.
"""

from __future__ import annotations

import unicodedata
from functools import cache

from badwords import Options, ProfanityFilter

from leaderboards.names import OFFENSIVE_EXCEPTIONS

LANGUAGES = ("en", "ro")
_OPTIONS = Options(split_on_punctuation=True, collapse_repeats=True, leetspeak=True)


@cache
def _filter() -> ProfanityFilter:
    words = ProfanityFilter()
    words.init(list(LANGUAGES))
    words.add_whitelist(list(OFFENSIVE_EXCEPTIONS))
    return words


def tidy(raw: str) -> str:
    """One line of plain text: control and format characters dropped, spaces squeezed."""
    kept = (
        " " if ch.isspace() else ch
        for ch in unicodedata.normalize("NFC", raw)
        if ch.isspace() or unicodedata.category(ch)[0] != "C"
    )
    return " ".join("".join(kept).split())


def masked(text: str) -> str:
    """``text`` with each listed offensive word replaced by asterisks of its length."""
    return _filter().censor(text, options=_OPTIONS)
