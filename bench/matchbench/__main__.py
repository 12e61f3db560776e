"""``python -m bench.matchbench``: the tool in ``bench.matchbench.command``."""

from bench import cli

cli.run("bench.matchbench")
