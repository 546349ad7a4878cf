"""Services for bots: the driver (one step), batch runs, statistics and benchmarks."""
