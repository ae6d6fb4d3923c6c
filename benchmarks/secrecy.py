"""The relabelled-deal secrecy check at scale: many more games than ``tests/test_secrecy.py``.

    PYTHONPATH=src .venv/bin/python benchmarks/secrecy.py [GAMES] [--seed S]

For each card rule set at every player count (and the team game), GAMES random games (default
20) from seeds S, S+1, …, each followed to its end or for 1,000 actions (a random round of
Crypto-90 or of the combinations game lasts 300 to 400, so two or three rounds and their ends
are in it), 10 prefixes in each, every seat, 8 relabelled deals each. The check and the views
are those of the test (``tests/secrecy.py``: the observation, the sentence on each move and what
the terminal shows). Prints a line per rule set and options, then the totals; exits with 1 if
any view changed, printing the first such change of each.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))  # the tests' checker

from tests.secrecy import Tally, audit

CONFIGS = [
    ("crypto-90", {"players": 2}),
    ("crypto-90", {"players": 3}),
    ("crypto-90", {"players": 4}),
    ("crypto-90", {"players": 2, "laying": "at once"}),
    ("crypto-90", {"players": 3, "received_fakir": "free"}),
    ("crypto-geographique", {"players": 2}),
    ("crypto-geographique", {"players": 3}),
    ("crypto-geographique", {"players": 4}),
    ("crypto-geographique", {"players": 4, "teams": True}),
    ("crypto-geographique", {"players": 5}),
    ("crypto-geographique-chaine", {"players": 2, "rounds": 3}),
    ("crypto-geographique-chaine", {"players": 3, "rounds": 3}),
    ("crypto-geographique-chaine", {"players": 4, "rounds": 3}),
    ("crypto-geographique-chaine", {"players": 5, "rounds": 3}),
]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("games", type=int, nargs="?", default=20)
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()
    total, start = Tally(), time.perf_counter()
    print(f"{args.games} games per line from seed {args.seed}, 1000 actions at most, "
          "10 prefixes a game, every seat, 8 relabelled deals each")
    for name, options in CONFIGS:
        began = time.perf_counter()
        seeds = range(args.seed, args.seed + args.games)
        tally = audit(name, options, seeds, prefixes=10, tries=8, limit=1000)
        total.add(tally)
        written = ", ".join(f"{k}={v}" for k, v in options.items())
        print(f"{name} ({written}): {tally} ({time.perf_counter() - began:.0f} s)", flush=True)
        if tally.leaks:
            print(tally.leaks[0])
    print(f"all: {total} in {time.perf_counter() - start:.0f} s")
    return 1 if total.leaks else 0


if __name__ == "__main__":
    sys.exit(main())
