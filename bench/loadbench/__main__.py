"""``python -m bench.loadbench``: the tool in ``bench.loadbench.command``."""

from bench import cli

cli.run("bench.loadbench")
