"""Which rules core runs: compiled (C extensions built by setup.py) or pure Python.

The rules core (:mod:`spades_desktop.engine.core`), the checked engine's hot path
(:mod:`~spades_desktop.engine.state`, :mod:`~spades_desktop.engine.cards`,
:mod:`~spades_desktop.engine.dealing`) and the bots' simulator
(:mod:`spades_desktop.bots.sim`) are plain Python modules that Cython compiles when the
project is installed with a C compiler; the results are the same, only the speed
differs (docs/strength.md, "Compiled core").
"""

from __future__ import annotations

import importlib.abc
import types
from collections.abc import Sequence
from importlib import import_module
from importlib.machinery import EXTENSION_SUFFIXES, ModuleSpec, PathFinder
from importlib.util import spec_from_file_location
from pathlib import Path

COMPILED_MODULES = (
    "spades_desktop.engine.core",
    "spades_desktop.bots.sim",
    "spades_desktop.engine.state",
    "spades_desktop.engine.dealing",
    "spades_desktop.engine.cards",
)
"""The modules setup.py compiles (its ``COMPILED_MODULES``, as paths; a test compares)."""


def _is_extension(path: str | None) -> bool:
    return path is not None and any(path.endswith(s) for s in EXTENSION_SUFFIXES)


def compiled_modules() -> dict[str, bool]:
    """Per module of :data:`COMPILED_MODULES`, True when it was imported from a compiled
    extension module (``.so`` / ``.pyd``), False when from its ``.py`` source."""
    return {name: _is_extension(import_module(name).__file__) for name in COMPILED_MODULES}


def core_is_compiled() -> bool:
    """True when every module of :data:`COMPILED_MODULES` runs compiled."""
    return all(compiled_modules().values())


def core_description() -> str:
    """``"compiled rules core"``, ``"pure-Python rules core"`` or, when only some modules
    are compiled (an interrupted build), ``"partly compiled rules core (pure: <modules>)"``
    (for ``--version``)."""
    modules = compiled_modules()
    if all(modules.values()):
        return "compiled rules core"
    if not any(modules.values()):
        return "pure-Python rules core"
    pure = ", ".join(name.rpartition(".")[2] for name, done in modules.items() if not done)
    return f"partly compiled rules core (pure: {pure})"


class SourceOnly(importlib.abc.MetaPathFinder):
    """An import finder that takes the modules of :data:`COMPILED_MODULES` from their
    ``.py`` files even where they are compiled: put it first on ``sys.meta_path`` in a
    fresh process (before anything of the game is imported) to run the pure-Python path
    there, as benchmarks and tests that compare both paths do."""

    def find_spec(self, name: str, path: Sequence[str] | None,
                  target: types.ModuleType | None = None) -> ModuleSpec | None:
        if name not in COMPILED_MODULES:
            return None
        spec = PathFinder.find_spec(name, path)
        if spec is None or spec.origin is None or spec.origin.endswith(".py"):
            return spec
        source = Path(spec.origin).with_name(name.rpartition(".")[2] + ".py")
        return spec_from_file_location(name, source)
