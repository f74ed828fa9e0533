"""Build hook: compiles the rules core, the checked engine and the bots' simulator with
Cython when it can.

The modules of ``COMPILED_MODULES`` (the rules core ``engine/core.py``, the checked
state ``engine/state.py``, the deal ``engine/dealing.py``, the cards
``engine/cards.py`` and the simulator ``bots/sim.py``) are plain Python; the ``.pxd``
files beside them give Cython their C types. ``pip install .`` (and
``pip install -e .``) builds the C extensions when Cython (a build requirement in
pyproject.toml) and a C compiler are available, and installs the pure-Python modules
alone otherwise: results are the same either way, only the speed differs
(docs/strength.md, "Compiled core").

- ``SPADES_PURE=1``: do not compile (a pure-Python install);
- no C compiler, or a compile error: a warning, then the pure-Python install;
- ``SPADES_REQUIRE_COMPILED=1`` (CI): a compile failure is an error instead.

Everything else about the project is in pyproject.toml.
"""

from __future__ import annotations

import os
import sys

from setuptools import setup
from setuptools.command.build_ext import build_ext

COMPILED_MODULES = ("spades_desktop/engine/core.py", "spades_desktop/bots/sim.py",
                    "spades_desktop/engine/state.py", "spades_desktop/engine/dealing.py",
                    "spades_desktop/engine/cards.py")
"""The modules compiled (each with its ``.pxd``)."""


def _flag(name: str) -> bool:
    return os.environ.get(name, "").strip().lower() not in ("", "0", "false", "no")


class OptionalBuildExt(build_ext):
    """``build_ext`` that falls back to the pure-Python modules when compiling fails."""

    def build_extensions(self) -> None:
        if self.compiler.compiler_type == "unix":
            for ext in self.extensions:  # no debug information: a smaller binary
                ext.extra_compile_args = [*ext.extra_compile_args, "-g0"]
        super().build_extensions()

    def run(self) -> None:
        try:
            super().run()
        except Exception as exc:  # no compiler (PlatformError), headers missing, ...
            self._give_up(exc)

    def build_extension(self, ext):  # type: ignore[no-untyped-def]
        try:
            super().build_extension(ext)
        except Exception as exc:
            self._give_up(exc)

    def _give_up(self, exc: Exception) -> None:
        if _flag("SPADES_REQUIRE_COMPILED"):
            raise
        print(f"warning: the compiled rules core was not built ({exc}); "
              "installing the pure-Python modules, which give the same results, slower",
              file=sys.stderr)


def _remove_in_place_builds() -> None:
    """Delete compiled modules left in the source tree by an earlier editable install:
    Python would import them instead of the ``.py`` files."""
    from importlib.machinery import EXTENSION_SUFFIXES
    from pathlib import Path

    here = Path(__file__).resolve().parent
    for module in COMPILED_MODULES:
        source = here / module
        for suffix in EXTENSION_SUFFIXES:
            built = source.with_name(source.stem + suffix)
            if built.exists():
                print(f"removing {built.relative_to(here)}", file=sys.stderr)
                built.unlink()


def _extensions() -> list:  # type: ignore[type-arg]
    if _flag("SPADES_PURE"):
        print("SPADES_PURE is set: installing the pure-Python rules core", file=sys.stderr)
        _remove_in_place_builds()
        return []
    try:
        from Cython.Build import cythonize
    except ImportError:
        if _flag("SPADES_REQUIRE_COMPILED"):
            raise
        print("warning: Cython is not installed: installing the pure-Python rules core",
              file=sys.stderr)
        return []
    return cythonize(
        list(COMPILED_MODULES),
        build_dir="build/cython",
        language_level=3,
        quiet=True,
        # The .py annotations are for mypy; the C types are those of the .pxd files.
        # Bounds and wraparound checks stay on (Cython's defaults, written out so that
        # they are not turned off by accident; tests/test_compiled_core.py checks that no
        # module turns them off): a list or tuple index out of range raises IndexError.
        # C arrays are never checked by Cython; each function taking a mask or an index
        # checks it at its entry instead.
        compiler_directives={"annotation_typing": False,
                             "boundscheck": True, "wraparound": True},
    )


setup(ext_modules=_extensions(), cmdclass={"build_ext": OptionalBuildExt})
