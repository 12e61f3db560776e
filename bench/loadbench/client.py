"""A small keep-alive HTTP client acting as one browser (device cookie, CSRF, htmx)."""

from __future__ import annotations

import http.client
import re
import secrets
import time
from dataclasses import dataclass, field
from urllib.parse import urlencode

CSRF = secrets.token_urlsafe(24)[:32].replace("-", "a").replace("_", "b")


@dataclass
class Result:
    status: int
    body: str
    seconds: float
    location: str = ""


@dataclass
class Browser:
    """One player's browser: a signed device cookie and a CSRF cookie, one connection."""

    port: int
    device_cookie: str
    conn: http.client.HTTPConnection | None = None
    extra_cookies: dict[str, str] = field(default_factory=dict)

    def _headers(self, htmx: bool) -> dict[str, str]:
        cookies = {"rummy_device": self.device_cookie, "csrftoken": CSRF, **self.extra_cookies}
        headers = {"Cookie": "; ".join(f"{k}={v}" for k, v in cookies.items())}
        if htmx:
            headers["HX-Request"] = "true"
        return headers

    def request(
        self, method: str, path: str, data: dict | None = None, htmx: bool = True
    ) -> Result:
        headers = self._headers(htmx)
        body = None
        if method == "POST":
            body = urlencode(data or {})
            headers["Content-Type"] = "application/x-www-form-urlencoded"
            headers["X-CSRFToken"] = CSRF
        started = time.perf_counter()
        for attempt in (1, 2):  # a keep-alive connection the server closed: reconnect once
            try:
                if self.conn is None:
                    self.conn = http.client.HTTPConnection("127.0.0.1", self.port, timeout=60)
                self.conn.request(method, path, body=body, headers=headers)
                response = self.conn.getresponse()
                text = response.read().decode("utf-8", "replace")
                break
            except (http.client.HTTPException, ConnectionError, OSError):
                self.close()
                if attempt == 2:
                    return Result(599, "", time.perf_counter() - started)
        if response.getheader("Connection", "").lower() == "close":
            self.close()
        location = response.getheader("Location", "") or ""
        return Result(response.status, text, time.perf_counter() - started, location)

    def close(self) -> None:
        if self.conn is not None:
            self.conn.close()
            self.conn = None


VERSION = re.compile(r'data-version="(\d+)"')
POLL = re.compile(
    r'hx-get="[^"]*/board/\?at=(\d+)"[^>]*\s+hx-trigger="(?:load delay:(\d+)ms|every 1s)"'
)


def page_version(html: str) -> int | None:
    found = VERSION.search(html)
    return int(found.group(1)) if found else None


def next_poll(html: str) -> tuple[int, float] | None:
    """The page's own poll: (the version it asks for, seconds until it asks)."""
    found = POLL.search(html)
    if not found:
        return None
    delay = int(found.group(2)) / 1000 if found.group(2) else 1.0
    return int(found.group(1)), delay
