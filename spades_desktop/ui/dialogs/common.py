"""What the dialogs share: the felt colours, the style of a note, fitting a window's height."""

from __future__ import annotations

from PySide6.QtWidgets import QDialog

__all__ = ["FELT_GREEN", "FELT_GREEN_DARK", "NOTE_STYLE", "fit_height"]

FELT_GREEN = "#1d5c3a"
"""The table's felt: the score sheet's team rows, the game-over banner, the rules' headings."""
FELT_GREEN_DARK = "#123f27"
"""The bottom of the game-over banner's gradient."""

NOTE_STYLE = "color: palette(placeholder-text); font-style: italic;"
"""Style sheet of a quiet note under a control (grey italic)."""


def fit_height(dialog: QDialog) -> None:
    """Once shown (the score sheet now knows its real width), drop spare height."""
    layout = dialog.layout()
    if layout is not None:
        layout.activate()
    height = dialog.heightForWidth(dialog.width()) if dialog.hasHeightForWidth() else -1
    dialog.resize(dialog.width(), height if height > 0 else dialog.sizeHint().height())
