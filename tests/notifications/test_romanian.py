"""The notification pages in Romanian, and e-mails and pushes in the recipient's own language.

A page follows the reader (Accept-Language here); a "your turn" e-mail or push is
written while nobody of that account is asking, so it follows the language the
account saved (preferences.language.language_of), and English when it saved none.
"""

from __future__ import annotations

import json
from typing import Any

import pytest
from django.core import mail
from django.test import Client

from notifications import push
from notifications.models import PushSubscription, TurnNotice
from notifications.unsubscribe import token_for
from preferences.language import save_language
from rooms import services as rooms
from rooms.people import Person
from tests.i18n_helpers import romanian
from tests.notifications.nf_helpers import make_user, pass_turn_to, table_of_two

pytestmark = pytest.mark.django_db


def _mails_to(address: str) -> list[Any]:
    return [m for m in mail.outbox if address in m.to]


def test_the_settings_page_and_its_devices_speak_romanian() -> None:
    user = make_user("rada")
    PushSubscription.objects.create(
        user=user,
        endpoint="https://fcm.googleapis.com/fcm/send/r",
        p256dh="k",
        auth="a",
        browser="Firefox on Android",
    )
    page = romanian(user).get("/me/notifications/").content.decode()
    assert '<html lang="ro"' in page
    assert "<title>Notificări · Rummy</title>" in page
    assert "Trimite-mi e-mail la mesele prin corespondență" in page
    assert "Firefox pe Android" in page and "Dispozitivele tale" in page
    assert ">Elimină</button>" in page
    assert "Choose what you get" not in page and "Your devices" not in page
    assert "Notify my devices at live tables" not in page


def test_the_push_buttons_get_their_words_from_the_page(settings: Any) -> None:
    settings.VAPID_PUBLIC_KEY, settings.VAPID_PRIVATE_KEY = "BPublic", "private"
    page = romanian(make_user("sorin")).get("/me/notifications/").content.decode()
    assert 'data-text-on="Gata: acest dispozitiv va fi anunțat când e rândul tău."' in page
    assert "Nu am putut porni notificările aici: {reason}" in page
    english = Client()
    english.force_login(make_user("tom"))
    page = english.get("/me/notifications/").content.decode()
    assert "Couldn't turn notifications off here: {reason}" in page


def test_a_refused_vacation_and_a_started_one_are_worded_in_romanian() -> None:
    client = romanian(make_user("ioana"))
    refused = client.post("/me/vacation/", {"days": "30"})
    assert refused.status_code == 400
    page = refused.content.decode()
    assert "Mai ai 14 zile de vacanță anul acesta." in page
    assert "vacation days left" not in page
    started = client.post("/me/vacation/", {"days": "2"}, follow=True).content.decode()
    assert "Vacanță plăcută: ceasurile tale așteaptă până la" in started
    assert "Enjoy your break" not in started and "Ești în vacanță până la" in started


def test_my_turn_and_the_unsubscribe_pages_speak_romanian() -> None:
    user = make_user("mihai")
    client = romanian(user)
    turn = client.get("/me/turn/").content.decode()
    assert "Acum nu te așteaptă nicio masă." in turn and "Pleci undeva? Ia-ți vacanță" in turn
    assert "No table is waiting for you" not in turn
    url = f"/unsubscribe/{token_for(user.pk)}/"
    asked = client.get(url).content.decode()
    assert "Oprești e-mailurile „E rândul tău”?" in asked and ">Dezabonează-te</button>" in asked
    done = client.post(url).content.decode()
    assert "Te-ai dezabonat" in done and "You're unsubscribed" not in done


def test_the_offline_page_and_the_manifest_follow_the_reader() -> None:
    offline = romanian().get("/offline/").content.decode()
    assert '<html lang="ro"' in offline and "Nu ai internet" in offline
    assert "You're offline" not in offline
    manifest = json.loads(romanian().get("/manifest.webmanifest").content)
    assert manifest["lang"] == "ro" and manifest["name"] == "Rummy"
    assert manifest["description"].startswith("Jocuri de remi")
    english = json.loads(Client().get("/manifest.webmanifest").content)
    assert english["lang"] == "en" and english["description"].startswith("Tile and card rummy")


def test_the_service_worker_caches_the_offline_page_again_when_the_language_changes() -> None:
    english, ro = Client().get("/sw.js").content, romanian().get("/sw.js").content
    assert english != ro  # its cache's name: a switch installs it again, offline page and all


def test_the_turn_email_is_in_the_language_each_recipient_saved(
    django_capture_on_commit_callbacks: Any,
) -> None:
    game, (ana, ben) = table_of_two()
    save_language(ben, "ro")  # Ben chose Romanian; Ana chose nothing
    game = pass_turn_to(game, 1, django_capture_on_commit_callbacks)
    game = pass_turn_to(game, 0, django_capture_on_commit_callbacks)
    to_ben, to_ana = _mails_to(ben.email), _mails_to(ana.email)
    assert len(to_ben) == 1 and to_ana
    assert to_ben[0].subject == "E rândul tău: Rumbaroo"
    assert to_ben[0].body.startswith("E rândul tău la masa ta de Rumbaroo cu Ana. Mută până la")
    assert "Deschide masa: https://rummy.test/" in to_ben[0].body
    assert "Oprește aceste e-mailuri cu un singur clic" in to_ben[0].body
    assert "It's your turn" not in to_ben[0].body and "Open the table" not in to_ben[0].body
    for sent in to_ana:
        assert sent.subject == "Your turn: Rumbaroo"
        assert sent.body.startswith("It's your turn at your Rumbaroo table with Ben.")
        assert "Open the table: https://rummy.test/" in sent.body


def test_romanian_tile_rummy_is_remi_pe_tabla_in_a_romanian_notice() -> None:
    ana, ben = make_user("ana"), make_user("ben")
    host = Person(ana.pk, "")
    options = {"rounds": 1, "threshold": 45, "penalty": "flat200", "discard_counts": "no"}
    room = rooms.create_room(host, "romanian_tile_rummy", "Seara", "Ana", 2, False, options)
    rooms.join(room.pk, Person(ben.pk, ""), "Ben", code=room.code)
    game = rooms.deal(room.pk, host, rematch=False)
    save_language(ben, "ro")
    to_ben = TurnNotice.objects.create(game=game, seat_index=1, version=game.version, user=ben)
    to_ana = TurnNotice.objects.create(game=game, seat_index=0, version=game.version, user=ana)
    assert json.loads(push.payload(to_ben))["title"] == "E rândul tău: Remi pe tablă"
    assert json.loads(push.payload(to_ana))["title"] == "Your turn: Romanian Tile Rummy"


def test_a_push_is_written_in_the_recipients_language(
    django_capture_on_commit_callbacks: Any,
) -> None:
    game, (ana, ben) = table_of_two()
    save_language(ben, "ro")
    pass_turn_to(game, 1, django_capture_on_commit_callbacks)
    to_ben = json.loads(push.payload(TurnNotice.objects.get(user=ben)))
    assert to_ben["title"] == "E rândul tău: Rumbaroo"
    assert to_ben["body"].startswith("E rândul tău la masa ta de Rumbaroo cu Ana.")
    save_language(ben, "en")
    back = json.loads(push.payload(TurnNotice.objects.get(user=ben)))
    assert back["title"] == "Your turn: Rumbaroo"
