"""The language switch (named set_language, as Django's own, so forms post to it)."""

from django.urls import path

from preferences import language

urlpatterns = [path("setlang/", language.set_language, name="set_language")]
