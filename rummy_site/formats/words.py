"""The calendar's words, marked so our catalogue translates them over Django's own.

Django's Romanian catalogue capitalises month and weekday names ("Decembrie",
"Luni"); Romanian writes them in lower case, so locale/ro gives them again. Nothing
imports this module: ``makemessages`` reads it for the strings alone.
"""

from django.utils.translation import gettext_noop, pgettext_lazy

MONTHS = (
    gettext_noop("January"), gettext_noop("February"), gettext_noop("March"),
    gettext_noop("April"), gettext_noop("May"), gettext_noop("June"), gettext_noop("July"),
    gettext_noop("August"), gettext_noop("September"), gettext_noop("October"),
    gettext_noop("November"), gettext_noop("December"),
)
MONTHS_ALT = (
    pgettext_lazy("alt. month", "January"), pgettext_lazy("alt. month", "February"),
    pgettext_lazy("alt. month", "March"), pgettext_lazy("alt. month", "April"),
    pgettext_lazy("alt. month", "May"), pgettext_lazy("alt. month", "June"),
    pgettext_lazy("alt. month", "July"), pgettext_lazy("alt. month", "August"),
    pgettext_lazy("alt. month", "September"), pgettext_lazy("alt. month", "October"),
    pgettext_lazy("alt. month", "November"), pgettext_lazy("alt. month", "December"),
)
WEEKDAYS = (
    gettext_noop("Monday"), gettext_noop("Tuesday"), gettext_noop("Wednesday"),
    gettext_noop("Thursday"), gettext_noop("Friday"), gettext_noop("Saturday"),
    gettext_noop("Sunday"),
)
