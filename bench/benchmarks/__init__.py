"""Pure timing functions for ``python -m bench.benchmark``: each returns figures, none prints."""
