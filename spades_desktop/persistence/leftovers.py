"""Temporary files left behind by a write that was cut short (docs/architecture.md,
Persistence).

:func:`~spades_desktop.persistence.atomic.write_json_atomic` writes a file ``<name>``
through a temporary file ``.<name>.<random>.tmp`` in the same folder and renames it
over the old file. A crash between creating the temporary file and the rename leaves
it behind; loading a file clears the ones of that file, so they never pile up.
"""

from __future__ import annotations

import contextlib
import os
from pathlib import Path

__all__ = ["remove_leftover_temps"]


def remove_leftover_temps(path: str | os.PathLike[str]) -> list[Path]:
    """Delete the temporary files that writes of ``path`` left beside it.

    Only files named ``.<name of path>.*.tmp`` are touched (what
    ``write_json_atomic`` creates); the file ``path`` itself never. Call it only while
    no write of ``path`` is in progress (the data folder's lock keeps other instances
    out). Returns the files removed; a file that cannot be removed is skipped. Raises
    nothing.
    """
    target = Path(path)
    removed: list[Path] = []
    try:
        candidates = list(target.parent.glob(f".{target.name}.*.tmp"))
    except OSError:
        return removed
    for leftover in candidates:
        with contextlib.suppress(OSError):
            if leftover.is_file() and not leftover.is_symlink():
                leftover.unlink()
                removed.append(leftover)
    return removed
