"""Greedy bots, one module per game: each defines `GreedyAgent(seed=..., reaction_time=...)`."""
