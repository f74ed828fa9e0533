"""The About box (docs/rules.md §7)."""

from __future__ import annotations

import html

from PySide6.QtCore import QCoreApplication
from PySide6.QtWidgets import QMessageBox, QWidget

from .common import keep_centred

__all__ = ["show_about"]


def show_about(parent: QWidget | None, version: str) -> None:
    """Show the About box: the app's name, ``version`` and a one-line description."""
    name = QCoreApplication.translate("About", "Spades Desktop")
    title = QCoreApplication.translate("About", "About Spades Desktop")
    version_line = QCoreApplication.translate("About", "Version {version}").format(
        version=version
    )
    description = QCoreApplication.translate(
        "About", "Offline Spades against three computer players, on an animated card table."
    )
    text = (
        f"<h2>{html.escape(name)}</h2>"
        f"<p>{html.escape(version_line)}</p>"
        f"<p>{html.escape(description)}</p>"
    )
    box = QMessageBox(QMessageBox.Icon.NoIcon, title, text, QMessageBox.StandardButton.Ok,
                      parent)
    if parent is not None and not parent.windowIcon().isNull():
        box.setIconPixmap(parent.windowIcon().pixmap(64, 64))
    keep_centred(box)
    box.exec()
