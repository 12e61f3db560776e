"""Leaderboard pages (a placeholder until the daily challenge exists)."""

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render


def index(request: HttpRequest) -> HttpResponse:
    """Show the "coming soon" page so the nav link never 404s."""
    return render(request, "leaderboards/index.html")
