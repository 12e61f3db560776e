"""Refuse control characters where no request of this site can mean one, before any view.

PostgreSQL cannot store NUL in text, so a NUL that reached a query (a player's
name in the path, a room code in a JSON body) ended in a 500; other control
characters mean nothing in a name, a code or a URL and only confuse what shows
them. One middleware refuses them for every page and endpoint, so no view has
to remember:

* in the path: any control character (Unicode category Cc: U+0000–U+001F and
  U+007F–U+009F) → 404, since no page has such an address;
* in the query string (names and values): any control character → 400;
* in form fields (names, values, uploaded file names) and in any other body
  (read as UTF-8 text and, when it parses, as JSON: every key and string):
  any control character except tab, line feed and carriage return, which
  text may hold (a browser sends a textarea's line breaks as CR LF), → 400;
  in JSON also a lone surrogate (``"\\ud800"``), which no UTF-8 text can carry.

API paths (``/api/v1/``) and JSON requests get the API's error body
(``{"detail", "code": "control_character"}``, ``api.errors``); pages get a
plain page. It sits before the session middleware, so a refused request
touches neither the database nor the session.
"""

from __future__ import annotations

import json
import unicodedata
from collections.abc import Callable, Iterable, Iterator
from typing import Any

from django.http import HttpRequest, HttpResponse, HttpResponseBase, JsonResponse
from django.http.multipartparser import MultiPartParserError
from django.template.loader import render_to_string
from django.utils import translation
from django.utils.translation import gettext_lazy

API_PREFIX = "/api/v1/"
CODE = "control_character"
TEXT_SPACE = frozenset("\t\n\r")
FORM_TYPES = ("application/x-www-form-urlencoded", "multipart/form-data")
BODY_METHODS = frozenset({"POST", "PUT", "PATCH", "DELETE"})
PAGE = "input_refused.html"


def is_control(char: str) -> bool:
    return unicodedata.category(char) == "Cc"


def in_text(char: str) -> bool:
    """A character no text field may hold: a control other than tab/LF/CR, or a surrogate."""
    return (is_control(char) and char not in TEXT_SPACE) or unicodedata.category(char) == "Cs"


def first_bad(texts: Iterable[str], bad: Callable[[str], bool]) -> str | None:
    """The first character of ``texts`` that ``bad`` refuses, if any."""
    for text in texts:
        if text.isprintable():  # the common case, in C: no control or surrogate at all
            continue
        for char in text:
            if bad(char):
                return char
    return None


def query_texts(request: HttpRequest) -> Iterator[str]:
    for name, values in request.GET.lists():
        yield name
        yield from values


def form_texts(request: HttpRequest) -> Iterator[str]:
    for name, values in request.POST.lists():
        yield name
        yield from values
    for name, files in request.FILES.lists():
        yield name
        yield from (upload.name or "" for upload in files)


def json_texts(value: Any) -> Iterator[str]:
    """Every key and string in a parsed JSON value, without recursion (nesting is unbounded)."""
    stack = [value]
    while stack:
        item = stack.pop()
        if isinstance(item, str):
            yield item
        elif isinstance(item, dict):
            yield from item.keys()
            stack.extend(item.values())
        elif isinstance(item, list):
            stack.extend(item)


def body_texts(body: bytes) -> Iterator[str]:
    """A non-form body as text (what it holds raw), then its JSON strings (what it escapes)."""
    try:
        text = body.decode("utf-8")
    except UnicodeDecodeError:
        return  # not text: no view of this site reads it, and none stores it
    yield text
    if "\\u" not in text:
        return  # nothing escaped: the raw text above was all there is
    try:
        yield from json_texts(json.loads(text))
    except (ValueError, RecursionError):
        return  # not JSON: the view refuses it as it always did


def _body_problem(request: HttpRequest) -> str | None:
    if request.method not in BODY_METHODS:
        return None
    body = request.body  # read first, so a view may still read it after the form is parsed
    if request.content_type in FORM_TYPES:
        try:
            return first_bad(form_texts(request), in_text)
        except MultiPartParserError:
            return None  # unreadable: the view's own reading refuses it
    return first_bad(body_texts(body), in_text)


def describe(char: str) -> str:
    """The character by its code point and, for NUL, by its usual name."""
    name = " (NUL)" if char == "\x00" else ""
    return f"U+{ord(char):04X}{name}"


# What a person reads, one whole sentence per place (word order differs between languages).
DETAILS = {
    "address": gettext_lazy(
        "The address contains a control character, %(char)s, which it cannot hold. "
        "Remove it and try again."
    ),
    "query string": gettext_lazy(
        "The query string contains a control character, %(char)s, which it cannot hold. "
        "Remove it and try again."
    ),
    "request body": gettext_lazy(
        "The request body contains a control character, %(char)s, which it cannot hold. "
        "Remove it and try again."
    ),
}


def refusal(request: HttpRequest, status: int, char: str, where: str) -> HttpResponse:
    # Before the session and the language middleware: the language is the device's
    # (its cookie, else Accept-Language), not whatever this thread served last.
    with translation.override(translation.get_language_from_request(request)):
        detail = str(DETAILS[where]) % {"char": describe(char)}
        wants_json = request.path_info.startswith(API_PREFIX) or "json" in request.content_type
        if wants_json:
            return JsonResponse({"detail": detail, "code": CODE}, status=status)
        page = render_to_string(PAGE, {"detail": detail, "status": status})
    return HttpResponse(page, status=status)


class ControlCharacterMiddleware:
    """404 for a control character in the path, 400 in the query, a form field or a body."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponseBase]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponseBase:
        return self.refused(request) or self.get_response(request)

    @staticmethod
    def refused(request: HttpRequest) -> HttpResponse | None:
        if char := first_bad([request.path_info], is_control):
            return refusal(request, 404, char, "address")
        if char := first_bad(query_texts(request), is_control):
            return refusal(request, 400, char, "query string")
        if char := _body_problem(request):
            return refusal(request, 400, char, "request body")
        return None
