"""``python -m bench.firsthour``: the tool in ``bench.firsthour.command``."""

from bench import cli

cli.run("bench.firsthour")
