"""The 503 a lost database answers is written in the reader's language too."""

from __future__ import annotations

from django.db import OperationalError
from django.http import HttpResponse
from django.test import RequestFactory
from django.utils import translation

from rummy_site.resilience import DatabaseUnavailableMiddleware


def _answer(language: str) -> HttpResponse:
    middleware = DatabaseUnavailableMiddleware(lambda request: HttpResponse())
    with translation.override(language):
        answer = middleware.process_exception(RequestFactory().get("/"), OperationalError("gone"))
    assert answer is not None and answer.status_code == 503 and answer["Retry-After"]
    return answer


def test_the_try_again_answer_is_in_english_and_in_romanian() -> None:
    assert b"lost its database for a moment" in _answer("en").content
    assert "Nu s-a salvat nimic; încearcă din nou." in _answer("ro").content.decode()
