"""Date and number formats per language (settings.FORMAT_MODULE_PATH).

English keeps the site's own day-month-year with a 24-hour clock ("9 Dec 2026, 15:48")
rather than Django's American default ("Dec. 9, 2026, 3:48 p.m."); Romanian keeps
Django's, with its month and weekday names in lower case, as Romanian writes them
(``words.py``).
"""
