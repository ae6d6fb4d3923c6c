"""Fixtures shared by the tests."""

from __future__ import annotations

import pytest

import ludotheque


@pytest.fixture
def dames():
    return ludotheque.load_game("dames-rabattues")
