"""``{% my_turn_link %}``: the header's "My turn" link with the number of tables waiting.

With websockets on (``settings.LIVE_WEBSOCKETS``) the link also names the person's own
socket (``data-live-me``, served by live.routing) and the count it shows
(``data-turns``), and loads static/js/live_more.js, which opens that socket and puts
in the link the live process sends after each change at one of the person's tables
(drawn by :func:`link_html`, as here). Off, the link is exactly the page's own, drawn
once per page as before.
"""

from __future__ import annotations

from typing import Any

from django import template
from django.conf import settings
from django.templatetags.static import static
from django.urls import reverse
from django.utils.html import format_html
from django.utils.safestring import SafeString
from django.utils.translation import gettext, ngettext

from notifications.my_turn import count_for

register = template.Library()

PERSON_SOCKET = "/live/me/"  # live.routing serves the person's own socket here


def person_socket() -> str:
    """Where a page opens the person's own websocket, or "" when websockets are off."""
    return PERSON_SOCKET if settings.LIVE_WEBSOCKETS else ""


@register.simple_tag(takes_context=True)
def my_turn_link(context: dict[str, Any]) -> str:
    request = context.get("request")
    user = getattr(request, "user", None)
    if user is None or not user.is_authenticated:
        return ""
    socket = person_socket()
    link = link_html(count_for(user.pk), socket)
    if not socket:
        return link
    # base.html stays as it is: the header's link brings the script that keeps it live.
    scripts = format_html(
        '<script src="{}" defer></script><script src="{}" defer></script>',
        static("js/live_socket.js"),
        static("js/live_more.js"),
    )
    return format_html("{}{}", link, scripts)


def link_html(count: int, socket: str = "") -> SafeString:
    """The link for ``count`` tables waiting, in the active language; ``socket`` (the
    person's socket path) marks it as one the live process keeps up to date."""
    url = reverse("notifications:my_turn")
    live = (
        format_html(' data-my-turn data-live-me="{}" data-turns="{}"', socket, count)
        if socket
        else SafeString("")
    )
    if not count:
        return format_html('<a href="{}"{}>{}</a>', url, live, gettext("My turn"))
    # After the count, for screen readers: "3" + " tables waiting for you".
    waiting = ngettext("table waiting for you", "tables waiting for you", count)
    # On a narrow phone only the count shows (the words stay for screen readers).
    return format_html(
        '<a class="nav-turn" href="{}"{}><span class="turn-words">{} </span>'
        '<span class="turn-count">{}<span class="visually-hidden"> {}</span>'
        "</span></a>",
        url, live, gettext("My turn"), count, waiting,
    )  # fmt: skip
