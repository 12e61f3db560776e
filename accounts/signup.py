"""The sign-up form: an account starts with a public name, so its player page exists at once.

A player page (``/@/<name>/``) is found by the player's public name, the one
the boards show. Sign-up asks for it beside the username: prefilled (with the
name this device already plays under as a guest, else the username as it is
typed, by ``static/js/signup_name.js``), changeable, and checked exactly as the
name page checks a board name (``leaderboards.naming.available``: the name
rules, the word list, suspended names, look-alikes of another player's name).
Left empty, it is the guest name or the username; a username that can't be a
public name (too short, a ``@`` in it, someone else's) is refused with the
reason, so the person types one.

The device's named guest player joins the account on sign-up
(``leaderboards.merge``): its own name is not "taken" from the person signing
up, and that player row is named, not a second one.
"""

from __future__ import annotations

from typing import Any

from allauth.account.forms import SignupForm
from allauth.core import context
from django import forms
from django.contrib.auth.base_user import AbstractBaseUser
from django.db import transaction
from django.http import HttpRequest
from django.utils.functional import lazy
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from leaderboards import naming
from leaderboards.merge import adopt_guest_player
from leaderboards.models import Player
from leaderboards.names import MAX_LENGTH, MIN_LENGTH, InvalidName
from leaderboards.players import get_player


def _name_help() -> str:
    """The public name's rules, in the language of the page that shows the form."""
    return gettext(
        "Shown on your player page and the leaderboards: %(min)s–%(max)s letters, "
        "digits, spaces and - _ . ' (you can change it later). Empty: your username."
    ) % {"min": MIN_LENGTH, "max": MAX_LENGTH}


NAME_HELP = lazy(_name_help, str)()


def _guest(request: HttpRequest | None) -> Player | None:
    """The guest player of the device signing up (it joins the new account), if any."""
    device_key = getattr(request, "device_key", "") if request is not None else ""
    return get_player(None, device_key) if device_key else None


class PublicNameSignupForm(SignupForm):
    """allauth's sign-up form with the public name (see the module docstring)."""

    public_name = forms.CharField(
        max_length=60,  # tidied (spaces collapsed) before its length is checked
        required=False,
        label=_("Public name"),
        help_text=NAME_HELP,
        widget=forms.TextInput(attrs={"autocomplete": "nickname"}),
    )
    field_order = ["username", "public_name", "email", "password1", "password2"]

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.guest = _guest(getattr(context, "request", None))
        if self.guest is not None and self.guest.name and not self.guest.name_suspended:
            self.fields["public_name"].initial = self.guest.name

    def clean(self) -> dict[str, Any]:
        cleaned: dict[str, Any] = super().clean()
        typed = cleaned.get("public_name", "")
        raw = typed or self._fallback(cleaned.get("username", ""))
        if not raw:
            return cleaned
        mine = [self.guest.pk] if self.guest is not None else []
        try:
            cleaned["public_name"] = naming.available(raw, mine=mine)
        except InvalidName as exc:
            reason = (
                str(exc)
                if typed
                else gettext("Your username can't be your public name: %(reason)s")
                % {"reason": exc}
            )
            self.add_error("public_name", reason)
        return cleaned

    def _fallback(self, username: str) -> str:
        """An empty name field: the device's guest name, else the username."""
        guest = self.guest
        if guest is not None and guest.name and not guest.name_suspended:
            return guest.name
        return username

    def signup(self, request: HttpRequest, user: AbstractBaseUser) -> None:
        """Give the new account its public name (allauth calls this as the account is saved)."""
        name = self.cleaned_data.get("public_name", "")
        if not name:
            return
        device_key = getattr(request, "device_key", "")
        if device_key:
            adopt_guest_player(int(user.pk), device_key)  # again on the signal: harmless
        player = get_player(int(user.pk), "", create=True)
        assert player is not None
        try:
            with transaction.atomic():
                naming.rename(player, name)
        except InvalidName:
            # Taken in the moment since the form was checked: the account is made without
            # it, and the name page (linked as "Your page") asks for another.
            return
