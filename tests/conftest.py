"""Fixtures shared by the tests, and hypothesis's profile."""

from __future__ import annotations

import multiprocessing.resource_tracker
import os
import signal

import pytest
from hypothesis import settings

import ludotheque
from tests.processes import become_subreaper, living_children, until_gone

# Property tests are derandomised (the same examples on every run, so `make test` passes or
# fails the same way each time) and never fail on a timing. It is the profile in CI (``CI`` set)
# and the default too; HYPOTHESIS_PROFILE=explore draws fresh examples, to hunt on purpose.
# pytest-xdist starts its workers with COLUMNS=80 and LINES=24, which rich fixes as the size of
# a console made then (the CLI's, on import): without them the consoles follow the environment
# at each print, as in a run without workers, and a test's runner may widen them.
for size in ("COLUMNS", "LINES"):
    os.environ.pop(size, None)

settings.register_profile("ci", derandomize=True, deadline=None, database=None)
settings.register_profile("explore", deadline=None)
settings.load_profile("ci" if os.environ.get("CI") else os.environ.get("HYPOTHESIS_PROFILE", "ci"))


@pytest.fixture
def dames():
    return ludotheque.load_game("dames-rabattues")


@pytest.fixture(scope="session", autouse=True)
def no_process_outlives_the_tests():
    """Every process a test starts ends with the session's fixtures, PostgreSQL's servers and
    a killed server's workers included. Set up before any other fixture, this is torn down
    after all of them; this test process is made the subreaper of whatever its tests start,
    so that a lost process stays its child and is found here, then killed, and the run fails."""
    become_subreaper()
    yield
    # The interpreter's own helper, which lasts as long as this process, is not a test's.
    tracker = multiprocessing.resource_tracker._resource_tracker._pid
    commands = living_children(os.getpid())
    survivors = until_gone(set(commands) - {tracker}, within=5)
    for pid in survivors:
        os.kill(pid, signal.SIGKILL)
    if survivors:
        pytest.fail("processes started by the tests outlived them (killed now): " + "; ".join(
            f"{pid} {commands[pid]}" for pid in sorted(survivors)), pytrace=False)


@pytest.fixture(autouse=True)
def data_folder(tmp_path_factory, monkeypatch):
    """The user's data folder, where the menu keeps its games: one of the test's own, never the
    home of whoever runs the tests."""
    folder = tmp_path_factory.mktemp("data")
    monkeypatch.setenv("XDG_DATA_HOME", str(folder))
    return folder
