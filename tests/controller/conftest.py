"""Fixtures shared by the controller tests: a data folder and the runners to shut down."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from spades_desktop.controller.bot_runner import BotRunner
from spades_desktop.persistence import DataPaths, prepare


# -- fixtures ----------------------------------------------------------------------------
@pytest.fixture
def paths(tmp_path) -> DataPaths:
    p = DataPaths(tmp_path / "data")
    prepare(p)
    return p


@pytest.fixture
def runners() -> Iterator[list[BotRunner]]:
    made: list[BotRunner] = []
    yield made
    for r in made:
        r.shutdown()
