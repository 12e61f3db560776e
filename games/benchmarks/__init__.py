"""Pure timing functions for ``manage.py benchmark``: each returns figures, none prints."""
