"""Games played by computer players, many at a time: a match to its end, self-play from one
seed, tournaments and ratings, and the statistics that read them. Above the agents and the
protocol; it knows no rule set by name, finding each through the registry."""
