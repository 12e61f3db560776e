"""The settings page and the tables' mute button, under /settings/ (namespace preferences)."""

from django.urls import path

from preferences import views

app_name = "preferences"
urlpatterns = [
    path("", views.settings_page, name="settings"),
    path("sound/", views.sound, name="sound"),
]
