"""Which push endpoints the server may POST to, and the one spelling of each it uses.

Why so strict: the server connects to whatever address a browser registered, so
an address the check reads one way and the sender another is a way into the
site's own network. ``urlsplit`` ends the host at ``@`` after a backslash while
urllib3 (what requests, and so pywebpush, connects with) ends it at the
backslash: ``https://127.0.0.1\\@fcm.googleapis.com/`` looks like FCM to one
and is 127.0.0.1 to the other. So an endpoint must be plain printable ASCII
with no backslash, both parsers must read the same scheme, host, port and path,
and the URL is rebuilt from those parts (the path and query as urllib3 will
send them, e.g. ``%2b`` as ``%2B``): the rebuilt one is what is stored and sent,
never the text the browser gave. Real push services use https on port
443 at a DNS name under a known host (``PUSH_SERVICE_HOSTS``), with no
userinfo, no IP literal, no punycode label and no fragment.
"""

from __future__ import annotations

import ipaddress
import re
from urllib.parse import SplitResult, urlsplit

from django.conf import settings
from urllib3.exceptions import LocationParseError
from urllib3.util import Url, parse_url

# The push services of Chrome/Edge/Opera/Samsung (FCM), Firefox, Safari and Windows.
DEFAULT_PUSH_HOSTS = (
    "fcm.googleapis.com",
    "push.services.mozilla.com",
    "push.apple.com",
    "notify.windows.com",
)
# Printable ASCII but the backslash: no space, control character or non-ASCII letter.
PLAIN = re.compile(r"[!-\[\]-~]+")
LABEL = re.compile(r"[a-z0-9]([a-z0-9-]*[a-z0-9])?")


def canonical_endpoint(endpoint: str) -> str | None:
    """The endpoint rebuilt from its parts, or None if the server must not POST to it."""
    if not isinstance(endpoint, str) or not PLAIN.fullmatch(endpoint):
        return None
    try:
        split, parsed = urlsplit(endpoint), parse_url(endpoint)
        split_port = split.port
    except (ValueError, LocationParseError):
        return None
    if _local_test_service(split, parsed, split_port):
        return _rebuilt("http", f"127.0.0.1:{split_port}", parsed)
    host = _agreed_host(split, parsed, split_port)
    if host is None or not _push_host(host):
        return None
    return _rebuilt("https", host, parsed)


def _agreed_host(split: SplitResult, parsed: Url, port: int | None) -> str | None:
    """The lower-case host both parsers read, if the address is https with no extras."""
    host = (split.hostname or "").lower()
    if split.scheme != "https" or (parsed.scheme or "").lower() != "https":
        return None
    if "@" in split.netloc or parsed.auth is not None or split.username is not None:
        return None
    if split.fragment or parsed.fragment is not None:
        return None
    if (parsed.host or "").lower() != host or port not in (None, 443) or parsed.port != port:
        return None
    if split.netloc.lower() not in (host, f"{host}:443"):  # no ":", ":0443" or "[...]"
        return None
    if not split.path.startswith("/"):
        return None
    return host


def _push_host(host: str) -> bool:
    """A DNS name under a known push service's host: no IP literal, localhost, or IDN."""
    labels = host.split(".")
    if len(labels) < 2 or not all(LABEL.fullmatch(label) for label in labels):
        return False  # an empty label (a trailing dot), "_" or a bracketed IPv6 literal
    if any(label.startswith("xn--") for label in labels) or labels[-1].isdigit():
        return False  # punycode lookalikes; numeric forms such as 2130706433 or 0177.0.0.1
    if labels[-1] == "localhost" or _is_ip(host):
        return False
    allowed = getattr(settings, "PUSH_SERVICE_HOSTS", DEFAULT_PUSH_HOSTS)
    return any(host == h or host.endswith("." + h) for h in allowed)


def _is_ip(host: str) -> bool:
    try:
        ipaddress.ip_address(host)
    except ValueError:
        return False
    return True


def _local_test_service(split: SplitResult, parsed: Url, port: int | None) -> bool:
    """Tests (``PUSH_ALLOW_LOCAL_HTTP``) run a push service on http://127.0.0.1:<port>."""
    if not getattr(settings, "PUSH_ALLOW_LOCAL_HTTP", False):
        return False
    return (
        split.scheme == "http"
        and split.netloc == f"127.0.0.1:{port}"
        and parsed.host == "127.0.0.1"
        and parsed.port == port
        and parsed.auth is None
        and split.path.startswith("/")
    )


def _rebuilt(scheme: str, netloc: str, parsed: Url) -> str:
    query = f"?{parsed.query}" if parsed.query else ""
    return f"{scheme}://{netloc}{parsed.path}{query}"
