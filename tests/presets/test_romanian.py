"""House rules in Romanian: the list, naming a set, the setup page's controls, refusals."""

from __future__ import annotations

import pytest
from django.urls import reverse

from tests.i18n_helpers import romanian
from tests.presets.conftest import ENTRIES, picked_options, save_preset, setup_url

pytestmark = pytest.mark.django_db


def test_naming_and_saving_a_set_of_rules_in_romanian() -> None:
    entry, player = ENTRIES[0], romanian()
    data = picked_options(entry)
    asked = player.post(reverse("presets:save", args=[entry.kind]), data).content.decode()
    assert "Dă un nume acestor reguli de Tile Rummy" in asked
    assert "2–30 de caractere" in asked and ">Salvează regulile</button>" in asked
    assert "Name these" not in asked and "Save rules" not in asked
    preset = save_preset(player, entry, "Family night", data)
    page = player.get(f"{setup_url(entry)}?preset={preset.pk}").content.decode()
    assert "Ți-am salvat regulile „Family night”." in page
    assert "Actualizează „Family night”" in page and "Salvează regulile ca…" in page
    assert "Saved your house rules" not in page and "Update “Family night”" not in page


def test_the_list_of_house_rules_and_a_refused_name_in_romanian() -> None:
    entry, player = ENTRIES[0], romanian()
    preset = save_preset(player, entry, "Family night", picked_options(entry))
    page = player.get("/presets/").content.decode()
    assert "<title>Regulile tale · Rummy</title>" in page
    assert "Păstrate pe acest dispozitiv." in page and ">Redenumește</button>" in page
    assert "Kept on this device." not in page
    refused = player.post(reverse("presets:rename", args=[preset.pk]), {"name": "x"})
    assert refused.status_code == 400
    text = refused.content.decode()
    assert "„Family night” nu a fost redenumit." in text
    assert "Numele regulilor tale are între 2 și 30 de caractere." in text
    assert "was not renamed" not in text
    done = player.post(reverse("presets:delete", args=[preset.pk]), follow=True).content.decode()
    assert "Ți-am șters regulile „Family night”." in done
    assert "Nu ai încă reguli salvate." in done
