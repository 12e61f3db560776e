"""Whose presets are whose, and the changes a player may make to their own.

A preset belongs to an account, or to a guest's device (its signed key), just
as a seat does; a signed-in player sees the account's presets on every device.
Another player's preset is never found (a 404, not "forbidden"), so an id
tells nobody whether it exists.
"""

from __future__ import annotations

from dataclasses import dataclass

from django.db import IntegrityError, transaction
from django.db.models import Q, QuerySet
from django.http import HttpRequest
from django.shortcuts import get_object_or_404
from django.utils.translation import gettext, ngettext

from games import catalogue
from presets.models import Preset
from presets.rules import MAX_PER_GAME, FieldValue, PresetError, clean_name


@dataclass(frozen=True)
class Owner:
    """An account, or a guest's device when ``user_id`` is None."""

    user_id: int | None
    device_key: str

    @classmethod
    def of(cls, request: HttpRequest) -> Owner:
        if request.user.is_authenticated:
            return cls(int(request.user.pk), "")
        return cls(None, getattr(request, "device_key", "") or "")

    def q(self) -> Q:
        if self.user_id is not None:
            return Q(user_id=self.user_id)
        if not self.device_key:
            return Q(pk__in=[])
        return Q(user__isnull=True, device_key=self.device_key)

    def presets(self) -> QuerySet[Preset]:
        return Preset.objects.filter(self.q())


def owned(request: HttpRequest) -> QuerySet[Preset]:
    """The caller's presets: the account's, or this device's as a guest."""
    return Owner.of(request).presets()


def get_owned(request: HttpRequest, pk: int, kind: str | None = None) -> Preset:
    """The caller's preset ``pk`` (of ``kind`` when given); anyone else's is a 404."""
    found = owned(request)
    if kind is not None:
        found = found.filter(kind=kind)
    return get_object_or_404(found, pk=pk)


def save(
    owner: Owner, entry: catalogue.GameEntry, raw_name: object, data: dict[str, FieldValue]
) -> tuple[Preset, bool]:
    """Keep ``data`` under the typed name; the same name again replaces that preset's rules.

    ``data`` must already have passed the game's setup form (``rules.bound_form``).
    Returns the preset and whether it is new.
    """
    name, key = clean_name(raw_name)
    try:
        with transaction.atomic():
            mine = owner.presets().select_for_update().filter(kind=entry.kind)
            existing = mine.filter(name_key=key).first()
            if existing is not None:
                existing.name, existing.data = name, data
                existing.save(update_fields=["name", "data", "updated"])
                return existing, False
            if mine.count() >= MAX_PER_GAME:
                raise PresetError(
                    ngettext(
                        "You can keep %(limit)s set of rules per game; "
                        "delete it first or save over it by its name.",
                        "You can keep %(limit)s sets of rules per game; "
                        "delete one first or save over one by its name.",
                        MAX_PER_GAME,
                    )
                    % {"limit": MAX_PER_GAME}
                )
            preset = Preset.objects.create(
                user_id=owner.user_id,
                device_key="" if owner.user_id else owner.device_key,
                kind=entry.kind,
                name=name,
                name_key=key,
                data=data,
            )
            return preset, True
    except IntegrityError as exc:  # the same name saved twice at once
        raise PresetError(gettext("Those rules were just saved elsewhere; try again.")) from exc


def rename(preset: Preset, raw_name: object) -> str:
    """Give ``preset`` the typed name, unless another of the owner's presets has it."""
    name, key = clean_name(raw_name)
    owner = Owner(preset.user_id, preset.device_key)
    clash = owner.presets().filter(kind=preset.kind, name_key=key).exclude(pk=preset.pk)
    if clash.exists():
        raise PresetError(gettext("You already have rules with that name for this game."))
    preset.name, preset.name_key = name, key
    try:
        with transaction.atomic():
            preset.save(update_fields=["name", "name_key", "updated"])
    except IntegrityError as exc:
        raise PresetError(
            gettext("You already have rules with that name for this game.")
        ) from exc
    return name
