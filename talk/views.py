"""Table talk's URLs. Thin: find the speaker (talk.panel), call talk.services, render.

Every view answers a stranger 404 (a table they may not watch doesn't exist for
them). Without JavaScript each form posts and comes back to the page; with htmx
the composer or the message's controls are swapped in place, and new lines
arrive through ``lines``, a poll that waits for the table's talk news like a
seat's board waits for moves (``games.live``), on its own key so talk never
redraws a board.

Each view is a table's wrapper around a ``*_in`` function that takes the speaker,
so a tournament's talk (tournaments.talk_views, which finds its own speaker) runs
exactly the same code.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any
from uuid import UUID

from django.conf import settings
from django.contrib import messages
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_GET, require_POST

from games import live
from talk import choice, panel, services
from talk.services import Speaker, TalkRefused

PANEL = "talk/_panel.html"


def _after(raw: str | None) -> int:
    try:
        return max(0, int(raw or 0))
    except ValueError:
        return 0


@never_cache
@require_GET
def lines(request: HttpRequest, game_id: UUID) -> HttpResponse:
    return lines_in(request, panel.speaker(request, game_id))


def lines_in(request: HttpRequest, spoken: Speaker) -> HttpResponse:
    """New lines after ``after``; with ``wait=1`` it waits for the place's talk news."""
    after = _after(request.GET.get("after"))
    shows = choice.shows_text(request)

    def news() -> bool:
        return services.readable(spoken, shows).filter(id__gt=after).exists()

    if not news():
        waits = request.GET.get("wait") == "1"
        if not waits or not live.wait_for_change(spoken.key, news, settings.LIVE_WAIT_SECONDS):
            return HttpResponse(status=204)
    found = services.recent(spoken, shows, after=after)
    context = {
        "talk_lines": panel.lines(request, spoken, found),
        "talk_url": panel.talk_url(spoken),
    }
    return render(request, f"{PANEL}#lines", context)


def _answer(
    request: HttpRequest, spoken: Speaker, act: Callable[[], Any], done: str = ""
) -> HttpResponse:
    """Run ``act``; htmx gets the composer back with the outcome, a form a redirect."""
    status, code = done, 200
    try:
        act()
    except TalkRefused as refused:
        status, code = refused.message, refused.status
        if not request.htmx:
            messages.error(request, refused.message)
    else:
        if done and not request.htmx:
            messages.success(request, done)
    if not request.htmx:
        return redirect(f"{panel.page_url(spoken)}#talk")
    context = panel.context(request, spoken, status)
    context["talk_refused"] = code != 200
    if code != 200:  # the words come back to be mended, not lost
        context["talk_typed"] = str(request.POST.get("text", ""))[:200]
    return render(request, f"{PANEL}#composer", context, status=code)


@require_POST
def say(request: HttpRequest, game_id: UUID) -> HttpResponse:
    return say_in(request, panel.speaker(request, game_id))


def say_in(request: HttpRequest, spoken: Speaker) -> HttpResponse:
    """A quick phrase (``phrase``) or a message (``text``)."""
    phrase = request.POST.get("phrase")
    if phrase is not None:
        return _answer(request, spoken, lambda: services.say_phrase(spoken, phrase))
    return _answer(request, spoken, lambda: services.say_text(spoken, request.POST.get("text")))


@require_POST
def report(request: HttpRequest, game_id: UUID, message_id: int) -> HttpResponse:
    return report_in(request, panel.speaker(request, game_id), message_id)


def report_in(request: HttpRequest, spoken: Speaker, message_id: int) -> HttpResponse:
    done = _("Reported. A moderator will read it with the messages around it.")
    return _answer(request, spoken, lambda: services.report(spoken, message_id), done)


@require_POST
def mute(request: HttpRequest, game_id: UUID, message_id: int) -> HttpResponse:
    return mute_in(request, panel.speaker(request, game_id), message_id)


def mute_in(request: HttpRequest, spoken: Speaker, message_id: int) -> HttpResponse:
    if spoken.event is not None:
        done = _("Muted: you won't read that person in this tournament's talk.")
    else:
        done = _("Muted: you won't read that person at this table.")
    return _answer(request, spoken, lambda: services.mute(spoken, message_id), done)


@require_POST
def unmute(request: HttpRequest, game_id: UUID) -> HttpResponse:
    return unmute_in(request, panel.speaker(request, game_id))


def unmute_in(request: HttpRequest, spoken: Speaker) -> HttpResponse:
    if spoken.event is not None:
        done = _("Everyone in this tournament's talk is unmuted.")
    else:
        done = _("Everyone at this table is unmuted.")
    return _answer(request, spoken, lambda: services.unmute_all(spoken), done)


@require_POST
def block(request: HttpRequest, game_id: UUID, message_id: int) -> HttpResponse:
    return block_in(request, panel.speaker(request, game_id), message_id)


def block_in(request: HttpRequest, spoken: Speaker, message_id: int) -> HttpResponse:
    done = _("Blocked: you won't read or meet that player again.")
    return _answer(request, spoken, lambda: services.block_writer(spoken, message_id), done)


@require_POST
def text_choice(request: HttpRequest, game_id: UUID) -> HttpResponse:
    return text_choice_in(request, panel.speaker(request, game_id))


def text_choice_in(request: HttpRequest, spoken: Speaker) -> HttpResponse:
    """Show or hide others' written messages (quick phrases always show)."""
    show = request.POST.get("show") == "on"
    response = redirect(f"{panel.page_url(spoken)}#talk")
    choice.choose(request, response, show)
    return response
