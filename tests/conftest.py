"""Fixtures shared by the tests, and hypothesis's profile."""

from __future__ import annotations

import os

import pytest
from hypothesis import settings

import ludotheque

# Property tests are derandomised (the same examples on every run, so `make test` passes or
# fails the same way each time) and never fail on a timing. It is the profile in CI (``CI`` set)
# and the default too; HYPOTHESIS_PROFILE=explore draws fresh examples, to hunt on purpose.
settings.register_profile("ci", derandomize=True, deadline=None, database=None)
settings.register_profile("explore", deadline=None)
settings.load_profile("ci" if os.environ.get("CI") else os.environ.get("HYPOTHESIS_PROFILE", "ci"))


@pytest.fixture
def dames():
    return ludotheque.load_game("dames-rabattues")
