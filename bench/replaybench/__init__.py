"""``python -m bench.replaybench``: server time of replay steps and round jumps (``command``)."""
