"""The soak of the server's tables, short: one random game under each option set of every
rule set, through ``GameTable`` as the service plays it, every frame built at every event,
then the table rebuilt from its stored log showing every viewer the same; no fault.
``benchmarks/server_soak.py`` plays the same for an hour."""

from __future__ import annotations

import pytest

from tests.server.soak import OPTION_SETS, soak


@pytest.mark.parametrize(("name", "options"), [
    (name, options) for name, sets in OPTION_SETS.items() for options in sets
])
def test_random_games_through_a_server_table_meet_no_fault(name, options):
    soaked = soak(name, options, seed=1)
    assert soaked.faults == []
    assert soaked.events > 0
