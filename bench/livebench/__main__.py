"""``python -m bench.livebench``: the tool in ``bench.livebench.command``."""

from bench import cli

cli.run("bench.livebench")
