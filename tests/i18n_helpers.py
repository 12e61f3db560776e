"""What the Romanian page tests of the games and the apps share (issue 36).

Each area has a test that reads its pages as a Romanian reader would; they ask for
Romanian the same way (the browser's Accept-Language, as a first visit does), read
a page the same way (tests/api/visible_text.py: its text and what a screen reader
says) and check the English sentences are gone the same way, so it is written once.
"""

from __future__ import annotations

from typing import Any

from django.test import Client

from tests.api.visible_text import visible_text

RO = {"HTTP_ACCEPT_LANGUAGE": "ro"}


def romanian(user: Any = None, first_page: str | None = None) -> Client:
    """A client whose browser asks for Romanian, signed in as ``user`` if one is given;
    ``first_page`` is visited once, for what a first visit sets (the device cookie)."""
    client = Client(**RO)
    if user is not None:
        client.force_login(user)
    if first_page is not None:
        client.get(first_page)
    return client


def read(response: Any) -> str:
    """What a person reads on the page answered: its text and its spoken labels."""
    return visible_text(response.content.decode())


def none_of(text: str, *english: str) -> None:
    """None of these English sentences is left in ``text`` (naming the first one found)."""
    for sentence in english:
        assert sentence not in text, sentence


def all_of(text: str, *words: str) -> None:
    """Every one of these words is in ``text`` (naming the first one missing)."""
    for said in words:
        assert said in text, said
