"""House-rules pages: save from a setup page, start with one tap, rename, delete.

Thin on purpose: whose a preset is lives in presets.store, what it may hold in
presets.rules, and starting one is the game's own setup view answering the
stored fields (presets.replay). Every refusal says why and changes nothing.
"""

from __future__ import annotations

from dataclasses import dataclass

from django.contrib import messages
from django.forms import Form
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_GET, require_POST

from games import catalogue
from presets import store
from presets.models import Preset
from presets.picker import PARAM
from presets.replay import replay_setup
from presets.rules import (
    MAX_NAME,
    MAX_RAW_NAME,
    MIN_NAME,
    FieldValue,
    PresetError,
    bound_form,
    capture,
    describe,
    playable,
    setup_form_class,
    summary,
)

NAME_FIELD = "preset_name"


@dataclass(frozen=True)
class Row:
    """One preset on the list: what it sets, and whether it can start now."""

    preset: Preset
    game: str
    summary: str
    setup_url: str

    @property
    def usable(self) -> bool:
        return bool(self.summary)


def _entry_or_404(kind: str) -> catalogue.GameEntry:
    entry = playable(kind)
    if entry is None:
        raise Http404("No such game.")
    return entry


def setup_url(entry: catalogue.GameEntry, preset: Preset | None = None) -> str:
    url = reverse(f"{entry.url_name}:setup")
    return f"{url}?{PARAM}={preset.pk}" if preset else url


def _row(preset: Preset) -> Row:
    entry = playable(preset.kind)
    if entry is None:
        return Row(preset, catalogue.kind_name(preset.kind), "", "")
    return Row(preset, entry.shown_name, summary(entry, preset.data), setup_url(entry, preset))


def _in_order(request: HttpRequest) -> list[Preset]:
    """The caller's presets, game by game in the catalogue's order, then by name."""
    order = {entry.kind: i for i, entry in enumerate(catalogue.CATALOGUE)}
    return sorted(store.owned(request), key=lambda p: (order.get(p.kind, len(order)), p.name_key))


def rows_for(request: HttpRequest) -> list[Row]:
    """Every preset with what it sets (each checked by its game's form, as on use)."""
    return [_row(p) for p in _in_order(request)]


def startable(request: HttpRequest) -> list[tuple[Preset, str]]:
    """(preset, game name) for games that can be started now, without loading any game's code.

    For home, which stays free of the games' modules; a preset that no longer fits
    its game is refused with the reason when started, like any other.
    """
    found = ((p, playable(p.kind)) for p in _in_order(request))
    return [(preset, entry.shown_name) for preset, entry in found if entry is not None]


@never_cache
@require_GET
def index(request: HttpRequest) -> HttpResponse:
    """Every saved set of house rules, with Start, Change, Rename and Delete."""
    return _index(request)


def _index(request: HttpRequest, status: int = 200) -> HttpResponse:
    context = {"rows": rows_for(request), "max_name": MAX_NAME}
    return render(request, "presets/index.html", context, status=status)


@require_POST
def save(request: HttpRequest, kind: str) -> HttpResponse:
    """The setup page's "Save these rules as…": checked by the game's form, then named.

    The setup page's button posts its fields here without a name, and the player
    names them on a page of their own (whose only button saves, so Enter saves);
    "Update <name>" posts the name along and saves at once.
    """
    entry = _entry_or_404(kind)
    data = capture(setup_form_class(entry)(data=request.POST))
    try:
        form = bound_form(entry, data)
    except PresetError as exc:
        messages.error(request, _("Nothing was saved. %(reason)s") % {"reason": exc.message})
        response = replay_setup(request, entry, data, start=False)
        response.status_code = 400
        return response
    if NAME_FIELD not in request.POST:
        return _name_page(request, entry, form, data)
    typed = request.POST.get(NAME_FIELD, "")
    try:
        preset, created = store.save(store.Owner.of(request), entry, typed, data)
    except PresetError as exc:
        return _name_page(request, entry, form, data, typed=typed, error=exc.message)
    if created:
        done = _("Saved your house rules “%(name)s”.") % {"name": preset.name}
    else:
        done = _("Updated your house rules “%(name)s”.") % {"name": preset.name}
    messages.success(request, done)
    return redirect(setup_url(entry, preset))


def _name_page(
    request: HttpRequest,
    entry: catalogue.GameEntry,
    form: Form,
    data: dict[str, FieldValue],
    *,
    typed: str = "",
    error: str = "",
) -> HttpResponse:
    """Ask for a name, carrying the checked fields along (they are checked again on save)."""
    hidden = [
        (name, item)
        for name, value in data.items()
        for item in (value if isinstance(value, list) else [value])
    ]
    context = {
        "entry": entry,
        "options": describe(form),
        "hidden": hidden,
        "name_field": NAME_FIELD,
        "typed": typed[:MAX_RAW_NAME],
        "error": error,
        "min_name": MIN_NAME,
        "max_name": MAX_NAME,
        "back_url": setup_url(entry),
    }
    return render(request, "presets/name.html", context, status=400 if error else 200)


@require_POST
def start(request: HttpRequest, pk: int) -> HttpResponse:
    """One tap: the preset's fields go to the game's setup view as its own POST."""
    preset = store.get_owned(request, pk)
    entry = playable(preset.kind)
    if entry is None:
        messages.error(request, _("That game can't be started at the moment."))
        return redirect("presets:index")
    try:
        bound_form(entry, preset.data)
    except PresetError as exc:
        messages.error(request, _("No game was started. %(reason)s") % {"reason": exc.message})
        return redirect(setup_url(entry))
    return replay_setup(request, entry, preset.data, start=True)


@require_POST
def rename(request: HttpRequest, pk: int) -> HttpResponse:
    preset = store.get_owned(request, pk)
    old = preset.name
    try:
        new = store.rename(preset, request.POST.get("name", ""))
    except PresetError as exc:
        refusal = _("“%(old)s” was not renamed. %(reason)s")
        messages.error(request, refusal % {"old": old, "reason": exc.message})
        return _index(request, status=400)
    messages.success(request, _("Renamed “%(old)s” to “%(new)s”.") % {"old": old, "new": new})
    return redirect("presets:index")


@require_POST
def delete(request: HttpRequest, pk: int) -> HttpResponse:
    preset = store.get_owned(request, pk)
    preset.delete()
    messages.success(request, _("Deleted your house rules “%(name)s”.") % {"name": preset.name})
    return redirect("presets:index")
