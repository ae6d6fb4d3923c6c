"""The soak of the server's own tables: random games of every rule set, under each option set of
``tests/server/soak.py``, played through ``GameTable`` as the service plays them (every event
rehearsed, every seat's and the spectator's frame built at every event, the log written to a
database), each table then rebuilt from its stored log and required to show every viewer the
same. Any exception of the rules or any difference is a fault; the goal is none.

    .venv/bin/python benchmarks/server_soak.py [--minutes 60] [--state build/server_soak.json]

The option sets take turns, a game each, until the wall time is spent (an hour by default).
What was played is kept in the state file after every game: the same command carries on from
there (a new wall time each run, the counts added up), ``--fresh`` starts again. Prints a line
per rule set: its option sets, games, events, faults and seconds, then the faults themselves.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))  # the tests' soak

from tests.server.soak import OPTION_SETS, soak


def load(state: Path, fresh: bool) -> dict[str, Any]:
    """What earlier runs played: per option set its games, events, faults and seconds, and
    the faults themselves."""
    if state.exists() and not fresh:
        kept: dict[str, Any] = json.loads(state.read_text())
        return kept
    return {"sets": {}, "faults": []}


def save(state: Path, tally: dict[str, Any]) -> None:
    state.parent.mkdir(parents=True, exist_ok=True)
    partial = state.with_suffix(".partial")
    partial.write_text(json.dumps(tally, indent=1))
    partial.replace(state)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--minutes", type=float, default=60.0)
    parser.add_argument("--state", type=Path, default=Path("build/server_soak.json"))
    parser.add_argument("--fresh", action="store_true")
    args = parser.parse_args()
    tally = load(args.state, args.fresh)
    deadline = time.monotonic() + args.minutes * 60
    while time.monotonic() < deadline:
        for name, sets in OPTION_SETS.items():
            for index, options in enumerate(sets):
                if time.monotonic() >= deadline:
                    break
                kept = tally["sets"].setdefault(
                    f"{name} #{index}", {"games": 0, "events": 0, "faults": 0, "seconds": 0.0})
                started = time.perf_counter()
                soaked = soak(name, options, seed=kept["games"])
                kept["seconds"] += time.perf_counter() - started
                kept["games"] += 1
                kept["events"] += soaked.events
                kept["faults"] += len(soaked.faults)
                tally["faults"] += soaked.faults
                save(args.state, tally)
    for name, sets in OPTION_SETS.items():
        rows = [tally["sets"].get(f"{name} #{i}", {}) for i in range(len(sets))]
        total = {field: sum(row.get(field, 0) for row in rows)
                 for field in ("games", "events", "faults", "seconds")}
        print(f"{name}: {len(sets)} option sets, {total['games']:,} games, "
              f"{total['events']:,} events, {total['faults']} faults, "
              f"{total['seconds']:,.0f} s")
    print(f"faults: {len(tally['faults'])}")
    for fault in tally["faults"]:
        print(f"  {fault}")
    return 1 if tally["faults"] else 0


if __name__ == "__main__":
    sys.exit(main())
