"""The API's request limit, counted per token in clock-aligned windows and told to programs.

Why aligned windows: a program can only pace itself if it knows when the
count restarts, so every answer carries the IETF draft headers
(draft-ietf-httpapi-ratelimit-headers, structured-field form)::

    RateLimit-Policy: "requests";q=600;w=60     the quota and its window (seconds)
    RateLimit: "requests";r=599;t=42            requests left, seconds until the restart

and a refusal (429) adds ``Retry-After`` (seconds). The same numbers are
stated in the OpenAPI document and on the guide page, read from the setting
``API_REQUEST_LIMIT`` (requests, window seconds). Counted by
``core.rate_limits`` (atomic, so a burst of parallel requests counts
every one).
"""

from __future__ import annotations

from dataclasses import dataclass

from django.conf import settings
from django.http import HttpRequest, HttpResponse

from core.rate_limits import count_in_window

POLICY = "requests"
QUOTA_ATTRIBUTE = "api_quota"


@dataclass(frozen=True)
class Quota:
    """Where one token stands in the current window."""

    limit: int
    window: int
    remaining: int
    reset: int  # seconds until the window restarts

    @property
    def exceeded(self) -> bool:
        return self.remaining < 0

    def headers(self) -> dict[str, str]:
        left = max(0, self.remaining)
        headers = {
            "RateLimit-Policy": f'"{POLICY}";q={self.limit};w={self.window}',
            "RateLimit": f'"{POLICY}";r={left};t={self.reset}',
        }
        if self.exceeded:
            headers["Retry-After"] = str(self.reset)
        return headers


def request_limit() -> tuple[int, int]:
    """(requests, window seconds) a token may make: the setting, 600 a minute by default."""
    limit, window = getattr(settings, "API_REQUEST_LIMIT", (600, 60))
    return int(limit), int(window)


def count_request(token_pk: int, request: HttpRequest) -> Quota:
    """Count one request of the token in the current window; remember it for the headers."""
    limit, window = request_limit()
    count, reset = count_in_window(f"api-requests:{token_pk}", window)
    quota = Quota(limit, window, limit - count, reset)
    setattr(request, QUOTA_ATTRIBUTE, quota)
    return quota


def add_headers(request: HttpRequest, response: HttpResponse) -> None:
    """The token's standing on every answer that counted a request."""
    quota: Quota | None = getattr(request, QUOTA_ATTRIBUTE, None)
    if quota is not None:
        for name, value in quota.headers().items():
            response[name] = value


def _header(description: str, example: str) -> dict[str, object]:
    return {"description": description, "schema": {"type": "string"}, "example": example}


def document(schema: dict) -> dict:
    """Every operation's answers name the limit headers; a 429 names ``Retry-After`` too."""
    limit, window = request_limit()
    headers = {
        "RateLimit-Policy": _header(
            f"The token's quota: {limit} requests every {window} s.",
            f'"{POLICY}";q={limit};w={window}',
        ),
        "RateLimit": _header(
            "Requests left in this window (r) and seconds until it restarts (t).",
            f'"{POLICY}";r={limit - 1};t={window}',
        ),
    }
    retry = _header("Seconds to wait before trying again.", "30")
    for path in schema.get("paths", {}).values():
        for operation in path.values():
            if not operation.get("security"):
                continue  # public operations count nothing
            for status, answer in operation.get("responses", {}).items():
                extra = {**headers, "Retry-After": retry} if str(status) == "429" else headers
                answer.setdefault("headers", {}).update(extra)
    return schema
