"""Test-wide setup: Qt offscreen, every test's data folder in a temporary path, and a
loader of modules' pure-Python source, and a runner of expressions on either path."""

import json
import os
import subprocess
import sys
import textwrap
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


# Evaluates expressions after a set-up and prints {expression: [exception name, message]}
# (["returned", ""] when one raises nothing) as JSON; "pure" imports every compiled
# module from its source first (spades_desktop.compiled.SourceOnly).
_CASE_RUNNER = textwrap.dedent("""
    import json, sys
    if sys.argv[1] == "pure":
        from spades_desktop.compiled import SourceOnly, compiled_modules
        sys.meta_path.insert(0, SourceOnly())
        assert not any(compiled_modules().values()), compiled_modules()
    exec(sys.argv[2])
    results = {}
    for expression in json.loads(sys.argv[3]):
        try:
            eval(expression)
            results[expression] = ["returned", ""]
        except Exception as exc:
            results[expression] = [type(exc).__name__, str(exc)]
    print(json.dumps(results))
""")


@pytest.fixture(scope="session")
def run_cases() -> Callable[..., dict[str, list[str]]]:
    """``run_cases(setup, expressions, pure=False)``: each expression evaluated after
    the code ``setup`` in a fresh interpreter (the path installed, or with ``pure`` the
    compiled modules imported from their ``.py`` files), as ``{expression: [exception
    name, message]}``; a run that hangs fails after two minutes."""
    root = Path(__file__).resolve().parents[1]

    def run(setup: str, expressions: list[str], pure: bool = False) -> dict[str, list[str]]:
        out = subprocess.run(
            [sys.executable, "-c", _CASE_RUNNER, "pure" if pure else "installed", setup,
             json.dumps(expressions)],
            capture_output=True, text=True, timeout=120, cwd=root,
            env=dict(os.environ, PYTHONPATH=str(root)))
        assert out.returncode == 0, out.stderr
        result: dict[str, list[str]] = json.loads(out.stdout)
        return result

    return run
