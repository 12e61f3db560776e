"""A tournament's talk: the talk app's panel and views, with this app deciding who.

Talk sits below tournaments and never imports it, so the rules of *who* live here:
everyone who may see the event reads its talk (a private event is 404 to strangers,
as its page is); only its entrants who have not withdrawn say anything, quick phrases
for all of them and written messages under the tables' own rules (account age,
finished games, "written messages off", limits, masking, blocks, mutes, reports,
timeouts: ``talk.services``). Each view finds the speaker and hands it to the talk
app's ``*_in`` view, so a table's talk and an event's run the same code.
"""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse
from django.template.loader import render_to_string
from django.urls import reverse
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_GET, require_POST

from rooms.people import person
from talk import panel
from talk import views as talk
from talk.services import Event, Speaker
from tournaments import seeing, services
from tournaments.models import Tournament


def speaker(request: HttpRequest, tournament: Tournament) -> Speaker:
    """The reader of a tournament the request may see (the caller checked that)."""
    user = request.user if request.user.is_authenticated else None
    entry = services.entry_of(tournament, int(user.pk) if user is not None else None)
    event = Event(
        id=tournament.pk,
        page_url=reverse("tournaments:detail", args=[tournament.pk]),
        talk_url=reverse("tournaments:talk", args=[tournament.pk]),
        entered=entry is not None and not entry.withdrawn,
    )
    return Speaker(game=None, person=person(request), seat=None, user=user, event=event)


def panel_html(request: HttpRequest, tournament: Tournament) -> str:
    """The talk panel for the event's page."""
    spoken = speaker(request, tournament)
    return render_to_string("talk/_panel.html", panel.context(request, spoken), request=request)


def _spoken(request: HttpRequest, pk: int) -> Speaker:
    return speaker(request, seeing.visible(request, pk))


@never_cache
@require_GET
def lines(request: HttpRequest, pk: int) -> HttpResponse:
    return talk.lines_in(request, _spoken(request, pk))


@require_POST
def say(request: HttpRequest, pk: int) -> HttpResponse:
    return talk.say_in(request, _spoken(request, pk))


@require_POST
def report(request: HttpRequest, pk: int, message_id: int) -> HttpResponse:
    return talk.report_in(request, _spoken(request, pk), message_id)


@require_POST
def mute(request: HttpRequest, pk: int, message_id: int) -> HttpResponse:
    return talk.mute_in(request, _spoken(request, pk), message_id)


@require_POST
def unmute(request: HttpRequest, pk: int) -> HttpResponse:
    return talk.unmute_in(request, _spoken(request, pk))


@require_POST
def block(request: HttpRequest, pk: int, message_id: int) -> HttpResponse:
    return talk.block_in(request, _spoken(request, pk), message_id)


@require_POST
def text_choice(request: HttpRequest, pk: int) -> HttpResponse:
    return talk.text_choice_in(request, _spoken(request, pk))
