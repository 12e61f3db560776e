"""Romanian dates: Django's own formats (day, month, year; 24-hour clock; 2,5 and 1.000)."""

from django.conf.locale.ro.formats import *  # noqa: F403
