"""Test-wide setup: Qt offscreen, and every test's data folder in a temporary path."""

import os

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

import pytest  # noqa: E402


@pytest.fixture(autouse=True)
def _isolated_data_dir(tmp_path_factory: pytest.TempPathFactory,
                       monkeypatch: pytest.MonkeyPatch) -> None:
    """No test ever touches the real platform data folder."""
    monkeypatch.setenv("SPADES_DESKTOP_DATA_DIR", str(tmp_path_factory.mktemp("data")))
