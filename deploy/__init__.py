"""The local cluster (scripts/cluster) and its benchmarks; the site never imports this."""
