"""``python -m bench.replaybench``: the tool in ``bench.replaybench.command``."""

from bench import cli

cli.run("bench.replaybench")
