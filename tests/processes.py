"""The processes a test leaves behind, read from Linux's ``/proc``.

A process whose parent dies is handed to the nearest *subreaper* above it, or else to init,
where nobody would notice it. :func:`become_subreaper` makes a test process that subreaper, so
that whatever its tests start and lose (a server's workers, a daemonised PostgreSQL) stays
its child, which :func:`living_children` finds.
"""

from __future__ import annotations

import ctypes
import sys
import time
from pathlib import Path

#: prctl's option that makes a process the subreaper of its descendants.
PR_SET_CHILD_SUBREAPER = 36


def become_subreaper() -> None:
    ctypes.CDLL(None).prctl(PR_SET_CHILD_SUBREAPER, 1)


def hearing_ctrl_c(command: list[str]) -> list[str]:
    """``command`` for a program a test interrupts, started hearing Ctrl-C as a terminal's
    program does whatever the runner's disposition: an ignored SIGINT is inherited (and Python
    then leaves it ignored), and a shell without job control ignores it in whatever it starts
    with ``&``, so that ``make test &`` once saw both Ctrl-C tests play on to the end. A small
    Python restores it and becomes the program (``exec``), rather than a ``preexec_fn``, which
    is not safe where the test process has threads."""
    restore = ("import os, signal, sys; signal.signal(signal.SIGINT, signal.SIG_DFL); "
               "os.execv(sys.argv[1], sys.argv[1:])")
    return [sys.executable, "-c", restore, *command]


def _stat(pid: int) -> tuple[str, int] | None:
    """The state letter and the parent of process ``pid``; None once it is gone."""
    try:
        text = Path(f"/proc/{pid}/stat").read_text()
    except OSError:
        return None
    state, parent = text.rpartition(")")[2].split()[:2]
    return state, int(parent)


def alive(pid: int) -> bool:
    """Whether ``pid`` runs still: a zombie has ended, and waits only to be reaped."""
    stat = _stat(pid)
    return stat is not None and stat[0] not in "ZX"


def living_children(parent: int) -> dict[int, str]:
    """The living children of ``parent``, each with its command line."""
    found = {}
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            stat = _stat(int(entry.name))
            if stat is not None and stat[1] == parent and stat[0] not in "ZX":
                try:
                    command = (entry / "cmdline").read_bytes().replace(b"\0", b" ")
                except OSError:
                    continue
                found[int(entry.name)] = command.decode(errors="replace").strip()
    return found


def until_gone(pids: set[int], within: float) -> set[int]:
    """Those of ``pids`` still alive after ``within`` seconds (as soon as none is, none)."""
    deadline = time.monotonic() + within
    while True:
        living = {pid for pid in pids if alive(pid)}
        if not living or time.monotonic() >= deadline:
            return living
        time.sleep(0.05)
