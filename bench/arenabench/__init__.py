"""``python -m bench.arenabench``: an Arena of simulated people through the pages (issue 38).

Benchmark code only: the site never imports this package. It reuses the load
benchmark's stack (bench.loadbench.stack): its own database and Redis databases,
gunicorn with gunicorn.conf.py and a Celery worker with beat, all on 127.0.0.1,
stopped when it ends.
"""
