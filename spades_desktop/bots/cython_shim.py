"""The one name of Cython's ``cython`` module that the compilable modules use when
Cython is not installed (a pure-Python install): ``compiled`` is false.

Compiled modules never import this: Cython resolves ``cython.compiled`` at compile time.
"""

compiled = False
"""Whether the importing module runs compiled: never, when this module is used."""
