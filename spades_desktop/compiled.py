"""Which rules core runs: compiled (C extensions built by setup.py) or pure Python.

The rules core (:mod:`spades_desktop.engine.core`) and the bots' simulator
(:mod:`spades_desktop.bots.sim`) are plain Python modules that Cython compiles when the
project is installed with a C compiler; the results are the same, only the speed
differs (docs/strength.md, "Compiled core").
"""

from __future__ import annotations

from importlib.machinery import EXTENSION_SUFFIXES


def _is_extension(path: str | None) -> bool:
    return path is not None and any(path.endswith(s) for s in EXTENSION_SUFFIXES)


def core_is_compiled() -> bool:
    """True when both the rules core and the simulator were imported from compiled
    extension modules (``.so`` / ``.pyd``), False when either is the ``.py`` source."""
    from spades_desktop.bots import sim
    from spades_desktop.engine import core

    return _is_extension(core.__file__) and _is_extension(sim.__file__)


def core_description() -> str:
    """``"compiled rules core"`` or ``"pure-Python rules core"`` (for ``--version``)."""
    return "compiled rules core" if core_is_compiled() else "pure-Python rules core"
