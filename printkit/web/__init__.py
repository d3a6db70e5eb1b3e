"""``printkit serve``: the scorekeeper at the table (docs/serve.md). Names no game."""
