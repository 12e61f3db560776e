"""The settings page's form: every choice checked against the site's own list.

A value the page never offers (a forged POST, an edited cookie's worth of words) is refused
with the field's error and nothing is saved; a checkbox says on or nothing, never "banana".
"""

from __future__ import annotations

from typing import Any

from django import forms
from django.core.exceptions import ValidationError
from django.utils.translation import gettext_lazy as _
from django.utils.translation import pgettext_lazy

from preferences.feel import COMPUTER_SPEEDS, MOTIONS, THEMES, TILE_SIZES

# What a checkbox may send: a browser sends "on" when it is ticked and nothing when not.
ON = ("on", "true", "1")
OFF = ("", "off", "false", "0")


class OnOffInput(forms.CheckboxInput):
    """A checkbox that hands the field what was sent (Django's turns any word into True)."""

    def value_from_datadict(self, data: Any, files: Any, name: str) -> Any:
        return data.get(name)


class OnOffField(forms.BooleanField):
    """A checkbox that refuses anything but on or off (Django's BooleanField takes any word)."""

    widget = OnOffInput

    def to_python(self, value: Any) -> bool:
        if value in (None, False, True):
            return bool(value)
        word = str(value).strip().lower()
        if word in ON:
            return True
        if word in OFF:
            return False
        raise ValidationError(_("Choose on or off."), code="invalid")

    def validate(self, value: Any) -> None:
        """Unticked is a choice too (off), never "this field is required"."""


def _radio(
    choices: list[tuple[str, Any]], label: Any, help_text: Any = "", required: bool = True
) -> forms.ChoiceField:
    return forms.ChoiceField(
        choices=choices,
        label=label,
        help_text=help_text,
        widget=forms.RadioSelect,
        required=required,
    )


TILE_SIZE_LABELS = {
    "small": pgettext_lazy("tile size", "Small"),
    "medium": pgettext_lazy("tile size", "Medium"),
    "large": pgettext_lazy("tile size", "Large"),
}
THEME_LABELS = {
    "system": _("As this device is set"),
    "light": pgettext_lazy("colour theme", "Light"),
    "dark": pgettext_lazy("colour theme", "Dark"),
}
MOTION_LABELS = {
    "full": _("Full: tiles and cards travel where they go"),
    "reduced": _("Reduced: short fades only"),
    "none": _("None: nothing moves"),
}
SPEED_LABELS = {
    "": _("Each game's own (Normal; Fast at some games and at online tables)"),
    "fast": _("Fast (0.35 s a move)"),
    "normal": _("Normal (0.8 s a move)"),
    "slow": _("Slow (1.5 s a move)"),
}


class SettingsForm(forms.Form):
    tile_size = _radio(
        [(v, TILE_SIZE_LABELS[v]) for v in TILE_SIZES],
        _("Tile size"),
        _("Small and Medium fit a rack of 15 tiles on a phone in two rows."),
    )
    theme = _radio([(v, THEME_LABELS[v]) for v in THEMES], _("Colours"))
    sound = OnOffField(
        label=_("Sound at the tables"),
        help_text=_(
            "Short sounds for your turn, a tile laid, a draw, a refused move, a call "
            "and the end of a game. Each table also has its own mute button."
        ),
    )
    motion = _radio(
        [(v, MOTION_LABELS[v]) for v in MOTIONS],
        _("Motion"),
        _("If your device asks for reduced motion, nothing moves whatever you pick here."),
    )
    computer_speed = _radio(
        [(v, SPEED_LABELS[v]) for v in COMPUTER_SPEEDS],
        _("Computer speed"),
        _(
            "How long each of the others' moves stays on screen. A table's own speed control "
            "still changes it for this visit."
        ),
        required=False,  # "" is a choice: each game's own
    )
    confirm_draw = OnOffField(
        label=_("Ask before drawing"),
        help_text=_("A Draw button asks you to confirm first: a slip of the finger costs nothing."),
    )
    left_handed = OnOffField(
        label=_("Left-handed rack"),
        help_text=_("The rack's buttons on the left, its tiles lined up on the right."),
    )
