"""Test-wide setup: Qt offscreen, every test's data folder in a temporary path, and a
loader of modules' pure-Python source."""

import os
import sys
import types
from collections.abc import Callable
from importlib.machinery import SourceFileLoader
from importlib.util import module_from_spec, spec_from_loader
from pathlib import Path

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

import pytest  # noqa: E402


@pytest.fixture(autouse=True)
def _isolated_data_dir(tmp_path_factory: pytest.TempPathFactory,
                       monkeypatch: pytest.MonkeyPatch) -> None:
    """No test ever touches the real platform data folder."""
    monkeypatch.setenv("SPADES_DESKTOP_DATA_DIR", str(tmp_path_factory.mktemp("data")))


def _load_source(name: str, path: Path) -> types.ModuleType:
    loader = SourceFileLoader(name, str(path))
    spec = spec_from_loader(name, loader)
    assert spec is not None
    module = module_from_spec(spec)
    sys.modules[name] = module  # dataclasses look their module up there
    loader.exec_module(module)
    return module


@pytest.fixture(scope="session")
def load_source() -> Callable[[str, Path], types.ModuleType]:
    """``load_source(name, path)``: the module file ``path`` run as plain Python under
    the new module name ``name`` (registered in ``sys.modules``), even where the module
    itself is imported compiled (setup.py): the pure-Python twin, for tests that compare
    or patch the pure path. A ``name`` inside a package (``spades_desktop.engine._pure_x``)
    resolves the file's relative imports in that package."""
    return _load_source
