"""The load benchmark (``python -m bench.loadbench``): the production stack on 127.0.0.1, measured.

Not part of CI. ``stack`` starts gunicorn (``gunicorn.conf.py``), a Celery worker
with beat and a database of its own; ``saturation`` drives each endpoint as hard
as it will go; ``soak`` plays whole games like people; ``audit`` checks every
game's log afterwards; ``sqlcount`` counts each endpoint's SQL statements.
"""
