"""Shared fixtures for the persistence tests."""

from __future__ import annotations

from pathlib import Path

import pytest

from spades_desktop.persistence import DataPaths, prepare


@pytest.fixture
def paths(tmp_path: Path) -> DataPaths:
    """A prepared, empty data folder under ``tmp_path``."""
    data_paths = DataPaths(tmp_path / "data")
    prepare(data_paths)
    return data_paths


def files_in(folder: Path) -> set[str]:
    """Names of the entries directly in ``folder``."""
    return {p.name for p in folder.iterdir()}
