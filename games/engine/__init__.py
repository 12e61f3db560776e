"""Pure-Python rules engines: no Django or Celery import anywhere below this package."""
