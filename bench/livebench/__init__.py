"""``python -m bench.livebench``: how soon the other seats at online tables have a move (issue 9).

Not part of CI. It reuses the load benchmark's stack (bench.loadbench.stack):
its own database and Redis databases, gunicorn with gunicorn.conf.py and a
Celery worker with beat, all on 127.0.0.1, stopped when it ends.
"""
