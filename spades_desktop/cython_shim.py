"""The names of Cython's ``cython`` module that the compilable modules use when Cython is
not installed (a pure-Python install): ``compiled`` is false, ``cast`` returns its value
unchanged and the C type names are Python's ``int``.

Compiled modules never import this: Cython resolves these names at compile time.
"""

from __future__ import annotations

from typing import Any

compiled = False
"""Whether the importing module runs compiled: never, when this module is used."""


longlong = int
"""C's ``long long``: a Python ``int`` here."""


def cast(type_: Any, value: Any, typecheck: bool = False) -> Any:
    """``value`` itself: a C cast when compiled, nothing to do in Python."""
    return value
