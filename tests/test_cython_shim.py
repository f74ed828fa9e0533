"""The compilable modules run without Cython installed (a pure-Python install on a machine
without it: ``pip install .`` builds in an isolated environment, so the game's own
environment has no ``cython`` module). They then take ``spades_desktop/cython_shim.py`` in
its place, which must have every ``cython.<name>`` they use."""

from __future__ import annotations

import re
import sys
import types
from collections.abc import Callable
from pathlib import Path

import pytest

import spades_desktop
from spades_desktop import cython_shim
from spades_desktop.compiled import COMPILED_MODULES

PACKAGE = Path(spades_desktop.__file__).parent


def _source(module: str) -> Path:
    return PACKAGE.joinpath(*module.split(".")[1:]).with_suffix(".py")


def test_the_shim_has_every_name_the_modules_use() -> None:
    used = set()
    for module in COMPILED_MODULES:
        used |= set(re.findall(r"\bcython\.([A-Za-z_]\w*)", _source(module).read_text("utf-8")))
    assert {"compiled", "cast"} <= used
    missing = {name for name in used if not hasattr(cython_shim, name)}
    assert not missing, f"spades_desktop/cython_shim.py lacks {sorted(missing)}"
    assert cython_shim.compiled is False
    assert cython_shim.cast(cython_shim.longlong, 7) == 7


@pytest.mark.parametrize("module", COMPILED_MODULES)
def test_each_module_imports_without_cython(
        module: str, monkeypatch: pytest.MonkeyPatch,
        load_source: Callable[[str, Path], types.ModuleType]) -> None:
    """Loaded from its ``.py`` with ``import cython`` failing, a module takes the shim."""
    monkeypatch.setitem(sys.modules, "cython", None)  # None: the import raises ImportError
    package, _, name = module.rpartition(".")
    loaded = load_source(f"{package}._no_cython_{name}", _source(module))
    assert isinstance(loaded, types.ModuleType) and loaded.__file__ == str(_source(module))
    if "import cython" in _source(module).read_text("utf-8"):
        assert loaded.cython is cython_shim


def test_version_says_which_modules_run_compiled(monkeypatch: pytest.MonkeyPatch) -> None:
    from spades_desktop import compiled

    names = compiled.COMPILED_MODULES
    cases = {
        "compiled rules core": dict.fromkeys(names, True),
        "pure-Python rules core": dict.fromkeys(names, False),
        "partly compiled rules core (pure: state, cards)": {
            **dict.fromkeys(names, True), "spades_desktop.engine.state": False,
            "spades_desktop.engine.cards": False},
    }
    for expected, modules in cases.items():
        monkeypatch.setattr(compiled, "compiled_modules", lambda modules=modules: modules)
        assert compiled.core_description() == expected
