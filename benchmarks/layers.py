"""The layers' cost, measured: this checkout against an earlier one, in one run, interleaved.

    .venv/bin/pip install -e '.[research]'        # open_spiel, for the peer (optional)
    .venv/bin/python benchmarks/layers.py [--before REV] [--seconds S] [--rounds N]

The earlier checkout (``--before``, by default the commit before the layers issue began) is
laid out in a temporary git worktree. Each side runs in a process of its own, its source first
on the path, and plays random Jacquet games through the protocol at both granularities (one die
a decision, two dice a decision) and through the compiled fast path, the two sides taking turns
round after round so that a burst of load on this 2-core machine falls on both alike; each
side's best round counts. OpenSpiel's backgammon in C++ is the peer, as in
``benchmarks/jacquet.py``. Then the time to import what the ``ludotheque`` command imports, and
the core alone, each the median of several fresh interpreters.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import statistics
import subprocess
import sys
import tempfile
from collections.abc import Callable
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
#: The last commit before the layers issue (19) changed the package.
BEFORE = "5dff9c8"
CONTENDERS = (
    "jacquet protocol, one die per decision",
    "jacquet protocol, two dice per decision",
    "jacquet fast path (numba), 1840 reading",
)


def worker() -> None:
    """Answer ``NAME SECONDS`` lines with games per second, for the checkout on the path."""
    sys.path.insert(0, str(HERE))
    from jacquet import contenders, rate  # benchmarks/jacquet.py, the same loops

    with contextlib.redirect_stdout(sys.stderr):  # stdout is the answers' channel
        runs = {name: play for name, play in contenders().items() if name in CONTENDERS}
    for play_one in runs.values():
        play_one(0)  # compile and warm
    print("ready", flush=True)
    for line in sys.stdin:
        name, _, seconds = line.strip().rpartition(" ")
        print(json.dumps(rate(runs[name], float(seconds))), flush=True)


def spawn(source: Path) -> subprocess.Popen[str]:
    env = {**os.environ, "PYTHONPATH": str(source / "src")}
    process = subprocess.Popen(
        [sys.executable, __file__, "--worker"], env=env, text=True,
        stdin=subprocess.PIPE, stdout=subprocess.PIPE,
    )
    assert process.stdout is not None and process.stdout.readline().strip() == "ready"
    return process


def ask(process: subprocess.Popen[str], name: str, seconds: float) -> float:
    assert process.stdin is not None and process.stdout is not None
    process.stdin.write(f"{name} {seconds}\n")
    process.stdin.flush()
    return float(json.loads(process.stdout.readline()))


def import_seconds(source: Path, module: str, runs: int = 7) -> float:
    env = {**os.environ, "PYTHONPATH": str(source / "src")}
    times = []
    for _ in range(runs):
        out = subprocess.run(
            [sys.executable, "-X", "importtime", "-c", f"import {module}"],
            env=env, capture_output=True, text=True, check=True,
        ).stderr.strip().splitlines()
        times.append(int(out[-1].split("|")[1]) / 1e6)  # cumulative µs of the last line
    return statistics.median(times)


def peer() -> Callable[[float], float] | None:
    """A round of the peer, OpenSpiel's backgammon in C++, if it is installed."""
    try:
        import pyspiel
    except ImportError:
        return None
    sys.path.insert(0, str(HERE))
    from jacquet import rate

    backgammon = pyspiel.load_game("backgammon")
    bots = [pyspiel.make_uniform_random_bot(p, 1) for p in range(2)]
    return lambda seconds: rate(
        lambda i: pyspiel.evaluate_bots(backgammon.new_initial_state(), bots, i), seconds
    )


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--before", default=BEFORE)
    parser.add_argument("--seconds", type=float, default=3.0)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--worker", action="store_true")
    args = parser.parse_args()
    if args.worker:
        worker()
        return
    with tempfile.TemporaryDirectory() as folder:
        before = Path(folder) / "before"
        subprocess.run(["git", "-C", str(ROOT), "worktree", "add", "--detach", "--quiet",
                        str(before), args.before], check=True)
        try:
            sides = {"before": spawn(before), "after": spawn(ROOT)}
            best = {(side, name): 0.0 for side in sides for name in CONTENDERS}
            round_of_peer, cpp = peer(), 0.0
            for _ in range(args.rounds):
                for name in CONTENDERS:
                    for side, process in sides.items():
                        best[side, name] = max(best[side, name],
                                               ask(process, name, args.seconds))
                if round_of_peer is not None:  # in the same rounds, under the same load
                    cpp = max(cpp, round_of_peer(args.seconds))
            for process in sides.values():
                process.communicate("")
            print(f"before = {args.before}, after = this checkout; best of {args.rounds} "
                  f"interleaved rounds of {args.seconds:g} s\n")
            print("| contender | before, games/s | after, games/s | after/before "
                  "| after vs OpenSpiel C++ |")
            print("|---|---:|---:|---:|---:|")
            for name in CONTENDERS:
                b, a = best["before", name], best["after", name]
                vs = f"{a / cpp:.2f}×" if cpp else "—"
                print(f"| {name} | {b:.0f} | {a:.0f} | {a / b:.2f}× | {vs} |")
            if cpp:
                print(f"| OpenSpiel backgammon, C++ (evaluate_bots) | | {cpp:.0f} | | 1.00× |")
            print("\n| import | before, s | after, s |\n|---|---:|---:|")
            for module in ("ludotheque.cli.main", "ludotheque.core"):
                print(f"| `{module}` | {import_seconds(before, module):.3f} "
                      f"| {import_seconds(ROOT, module):.3f} |")
        finally:
            subprocess.run(["git", "-C", str(ROOT), "worktree", "remove", "--force",
                            str(before)], check=False)


if __name__ == "__main__":
    main()
