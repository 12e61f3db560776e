"""``python -m bench.drawbench``: the tool in ``bench.drawbench.command``."""

from bench import cli

cli.run("bench.drawbench")
