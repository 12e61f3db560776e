"""``python -m bench.arenabench``: the tool in ``bench.arenabench.command``."""

from bench import cli

cli.run("bench.arenabench")
