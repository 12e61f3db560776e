"""The site frame and the accounts area in Romanian (issue 36): every page a person reads
here comes out in Romanian for a Romanian reader, no English sentence left, and the
refusals (form errors, messages) too; the English pages are the other tests' business."""

from __future__ import annotations

import re
from collections.abc import Iterator
from html import unescape

import pytest
from django.contrib.auth import get_user_model
from django.core import mail
from django.test import Client
from django.utils import translation

from accounts.charts import year_calendar
from leaderboards.models import Player
from leaderboards.periods import utc_today
from players.models import Challenge, Follow
from tests.accounts.conftest import sign_up

pytestmark = pytest.mark.django_db

RO = {"HTTP_ACCEPT_LANGUAGE": "ro"}


@pytest.fixture(autouse=True)
def _english_afterwards() -> Iterator[None]:
    """A request leaves its language active in the thread: the next test starts in English."""
    yield
    translation.activate("en")


def visible(response) -> str:
    """What a person reads on the page: its text and its titles and labels, one string."""
    html = response.content.decode()
    html = re.sub(r"<(script|style)\b.*?</\1>", " ", html, flags=re.S)
    said = re.findall(r'(?:title|aria-label|alt|placeholder)="([^"]*)"', html)
    text = re.sub(r"<[^>]+>", " ", html)
    return re.sub(r"\s+", " ", unescape(" ".join([text, *said])))


def romanian(client: Client, url: str, status: int = 200) -> str:
    response = client.get(url, **RO)
    assert response.status_code == status, url
    page = visible(response)
    assert '<html lang="ro"' in response.content.decode()
    return page


def no_english(page: str, *sentences: str) -> None:
    for sentence in sentences:
        assert sentence not in page, sentence


@pytest.fixture
def ana() -> Client:
    """A signed-in Romanian reader named Ana, friends with Bobby, who challenged her."""
    ana, bob = Client(**RO), Client(**RO)
    sign_up(ana, "ana", name="Ana")
    sign_up(bob, "bobby", name="Bobby")
    users = {u.username: u for u in get_user_model().objects.all()}
    Follow.objects.create(follower=users["ana"], followed=users["bobby"])
    Follow.objects.create(follower=users["bobby"], followed=users["ana"])
    Challenge.objects.create(sender=users["bobby"], recipient=users["ana"], kind="tile_rummy")
    return ana


def test_the_site_frame_and_home_are_in_romanian(ana: Client) -> None:
    page = romanian(ana, "/")
    for words in (
        "Sari la conținut",
        "Clasamente",
        "Statistici",
        "Pagina ta",
        "Deconectează-te",
        "Alege un joc",
        "Cum se joacă",
        "Provocarea zilei",
        "Confidențialitate: ce păstrăm și de ce",
        "1 provocare așteaptă răspunsul tău",
    ):
        assert words in page, words
    no_english(
        page,
        "Skip to content",
        "Pick a game",
        "Sign out",
        "No sign-up needed",
        "How the daily works",
        "Privacy: what we keep and why",
        "waiting for your answer",
    )
    guest = romanian(Client(), "/")
    assert "Conectează-te" in guest and "Creează cont" in guest
    assert "Sign in" not in guest and "Sign up" not in guest


def test_stats_history_and_the_people_lists_are_in_romanian(ana: Client) -> None:
    stats = romanian(ana, "/me/stats/")
    for words in (
        "Statisticile tale",
        "Calendarul provocării zilei",
        "Săptămână de săptămână",
        "Bobby te provoacă la Tile Rummy.",
        "Prieteni și provocări",
        "Încă niciun joc terminat.",
        "descarcă-mi datele",
    ):
        assert words in stats, words
    no_english(stats, "Your stats", "Week by week", "challenges you to", "No finished games yet")
    history = romanian(Client(), "/me/games/")
    assert "Încă niciun joc." in history and "Newest save first" not in history


def test_the_calendars_words_and_dates_are_romanian() -> None:
    with translation.override("ro"):
        calendar = year_calendar([utc_today()], utc_today())
        assert calendar.summary.startswith("Provocarea zilei: 1 zi rezolvată între ")
        assert [label.text for label in calendar.weekdays[:4]] == ["Lun", "Mie", "Vin", "Dum"]
        assert calendar.days[-1].label.endswith(": rezolvată")
    with translation.override("en"):
        assert "1 day cleared" in year_calendar([utc_today()], utc_today()).summary


def test_the_leaderboards_and_the_name_page_are_in_romanian(ana: Client) -> None:
    boards = romanian(ana, "/leaderboards/")
    for words in ("Victorii", "Săptămâna aceasta", "Ascunde numele pe acest dispozitiv"):
        assert words in boards, words
    no_english(boards, "Hide names on this device", "This week", "Boards count finished games")
    name = romanian(ana, "/leaderboards/name/")
    assert "Numele tău în clasamente" in name and "Salvează numele" in name
    no_english(name, "Your name on the leaderboards", "Save name", "characters: letters")


def test_a_name_error_comes_back_in_romanian(ana: Client) -> None:
    response = ana.post("/leaderboards/name/", {"name": "x"}, **RO)
    assert response.status_code == 400
    page = visible(response)
    assert "Un nume are între 3 și 20 de caractere." in page
    assert "A name has 3 to 20 characters." not in page
    english = ana.post("/leaderboards/name/", {"name": "x"}, HTTP_ACCEPT_LANGUAGE="en")
    assert "A name has 3 to 20 characters." in visible(english)


def test_sign_up_refuses_a_username_that_cannot_be_a_name_in_romanian() -> None:
    data = {"username": "x@", "public_name": "", "email": "", "password1": "a-Long-pw-42x"}
    data["password2"] = data["password1"]
    page = visible(Client().post("/accounts/signup/", data, **RO))
    assert "Numele tău de utilizator nu poate fi numele tău public" in page
    assert "Nume public" in page and "Creează cont" in page
    no_english(page, "can't be your public name", "Shown on your player page", "Public name")


def test_player_pages_and_their_refusals_are_in_romanian(ana: Client) -> None:
    page = romanian(ana, "/@/Bobby/")
    for words in ("Sunteți prieteni", "Provoacă la o partidă de", "Ratinguri", "Nu mai urmări"):
        assert words in page, words
    no_english(page, "You are friends", "Challenge to a game of", "No rated games yet")
    guest = romanian(Client(), "/@/Bobby/")
    assert "ca să urmărești sau să provoci acest jucător" in guest
    ana.post("/@/Bobby/unfollow/", **RO)
    refused = ana.post("/@/Bobby/challenge/", {"kind": "tile_rummy"}, **RO)
    assert refused.status_code == 403
    assert "Poți provoca doar prieteni" in visible(refused)
    assert "You can challenge friends only" not in visible(refused)
    ratings = romanian(ana, "/leaderboards/ratings/")
    assert "Încă nu e nimeni în acest clasament." in ratings
    assert "Nobody on this board" not in ratings


def test_privacy_terms_and_closing_are_in_romanian(ana: Client) -> None:
    privacy = romanian(Client(), "/privacy/")
    for words in ("Datele tale, alegerea ta", "Jurnalele serverului", "Cookie-uri"):
        assert words in privacy, words
    no_english(privacy, "Your data, your choice", "Server logs", "When you close your account")
    terms = romanian(Client(), "/terms/")
    assert "Ce face un raport" in terms and "What a report does" not in terms
    close = romanian(ana, "/me/close/")
    assert "Închide-mi contul definitiv" in close and "Close my account for good" not in close
    wrong = ana.post("/me/close/", {"password": "not-it"}, **RO)
    assert wrong.status_code == 400
    assert "Parola nu e corectă, așa că nu s-a închis nimic." in visible(wrong)
    assert Player.objects.filter(name="Ana").exists()


def test_the_closing_code_mail_is_written_in_romanian() -> None:
    from allauth.account.models import EmailAddress

    user = get_user_model().objects.create_user("dana")
    user.set_unusable_password()
    user.save()
    EmailAddress.objects.create(user=user, email="dana@example.com", verified=True, primary=True)
    client = Client()
    client.force_login(user)
    page = visible(client.post("/me/close/code/", follow=True, **RO))
    assert "Am trimis un cod la dana@example.com. E valabil 15 minute." in page
    message = mail.outbox[-1]
    assert "Codul tău pentru închiderea contului Rummy" in message.subject
    assert "Ca să confirmi, introdu acest cod pe pagină:" in message.body
    assert "To confirm" not in message.body


def test_a_refused_address_answers_in_the_readers_language() -> None:
    page = romanian(Client(), "/a\x01b/", status=404)
    assert "Pagina nu a fost găsită" in page and "caracter de control, U+0001" in page
    english = visible(Client().get("/a\x01b/", HTTP_ACCEPT_LANGUAGE="en"))
    assert "The address contains a control character, U+0001" in english
