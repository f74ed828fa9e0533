"""The Keyboard shortcuts window (Help ▸ Keyboard shortcuts).

Two lists: the menu commands with their shortcuts, read from the menus' own actions
(so a new command with a shortcut is listed as soon as it is in a menu), and the keys
of the table, whose one home is :func:`table_keys` (the keys themselves are handled in
``ui/table/scene.py`` and ``ui/bid_panel.py``).
"""

from __future__ import annotations

import html
from collections.abc import Iterable

from PySide6.QtCore import QCoreApplication, QEvent, QSize, QTimer
from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QMenu,
    QTextBrowser,
    QVBoxLayout,
    QWidget,
)

from .common import fit_screen, keep_centred

__all__ = ["ShortcutsDialog", "menu_shortcuts", "table_keys"]


def table_keys() -> list[tuple[str, str]]:
    """The keys of the table, translated: (keys, what they do), in the order a hand
    goes (bidding, then playing)."""
    translate = QCoreApplication.translate
    return [
        (translate("Shortcuts", "Tab, Left, Right"),
         translate("Shortcuts", "Blind Nil offer: move between Bid Blind Nil and Show my "
                                "cards")),
        (translate("Shortcuts", "Enter"),
         translate("Shortcuts", "Blind Nil offer: press the chosen button (Show my cards "
                                "first)")),
        (translate("Shortcuts", "0–9, 1 then 0–3"),
         translate("Shortcuts", "Bid panel: choose a bid of 0–9, or 10–13 (type the two "
                                "digits of 10–13 within a second)")),
        (translate("Shortcuts", "N"), translate("Shortcuts", "Bid panel: choose Nil")),
        (translate("Shortcuts", "Arrow keys"),
         translate("Shortcuts", "Bid panel: move between the bids")),
        (translate("Shortcuts", "Enter"),
         translate("Shortcuts", "Bid panel: make the chosen bid")),
        (translate("Shortcuts", "Left, Right"),
         translate("Shortcuts", "Raise the previous or next card you may play")),
        (translate("Shortcuts", "A rank, then a suit"),
         translate("Shortcuts", "Raise that card, e.g. Q then H for the queen of hearts "
                                "(T for 10); Enter plays it")),
        (translate("Shortcuts", "Enter, Space"),
         translate("Shortcuts", "Play the raised card")),
        (translate("Shortcuts", "H"), translate("Shortcuts", "Hint: what the Expert would "
                                                             "bid or play")),
        (translate("Shortcuts", "L"),
         translate("Shortcuts", "Show the last trick on the table (any key or click takes "
                                "it away)")),
        (translate("Shortcuts", "Ctrl+H, Esc"),
         translate("Shortcuts", "Hand so far: Ctrl+H goes between it and the table (it "
                                "stays open and follows the hand), Esc closes it")),
        (translate("Shortcuts", "Enter, Space"),
         translate("Shortcuts", "End-of-hand summary: press the chosen button (Next hand "
                                "first)")),
        (translate("Shortcuts", "Tab, Left, Right"),
         translate("Shortcuts", "End-of-hand summary: move between Next hand, Score sheet "
                                "and Review hand")),
        (translate("Shortcuts", "Esc"), translate("Shortcuts", "Leave full screen")),
    ]


def _actions(menu: QMenu) -> Iterable[QAction]:
    for action in menu.actions():
        sub = action.menu()
        if isinstance(sub, QMenu):
            yield from _actions(sub)
        elif not action.isSeparator():
            yield action


def menu_shortcuts(menus: Iterable[QMenu]) -> list[tuple[str, str]]:
    """(shortcut, command) for every action with a shortcut in ``menus``, in menu
    order; the command is the action's text without its ``&`` mnemonic and ellipsis."""
    out: list[tuple[str, str]] = []
    for menu in menus:
        for action in _actions(menu):
            if action.shortcut().isEmpty():
                continue
            name = action.text().replace("&&", "\0").replace("&", "").replace("\0", "&")
            name = name.removesuffix("…").removesuffix("...")
            keys = action.shortcut().toString(QKeySequence.SequenceFormat.NativeText)
            out.append((keys, name))
    return out


class ShortcutsDialog(QDialog):
    """The keyboard shortcuts: the menus' (from ``menus``, read again on every
    language change) and the table's (:func:`table_keys`).

    The ``QTextBrowser`` ``shortcutsText`` (tests and tools may rely on the name) shows
    them as two two-column tables, the menus' then the table's: a row per (keys, what
    they do)."""

    def __init__(self, parent: QWidget | None, menus: Iterable[QMenu]) -> None:
        super().__init__(parent)
        self._menus = list(menus)
        self._browser = QTextBrowser(self)
        self._browser.setObjectName("shortcutsText")
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addWidget(self._browser)
        layout.addWidget(buttons)
        self.retranslate()
        fit_screen(self, QSize(480, 520))
        keep_centred(self)

    def retranslate(self) -> None:
        """Set the title and the lists in the current language."""
        self.setWindowTitle(self.tr("Keyboard Shortcuts"))

        def table(rows: list[tuple[str, str]]) -> str:
            cells = "".join(
                f"<tr><td style='padding: 2px 16px 2px 0'><b>{html.escape(k)}</b></td>"
                f"<td style='padding: 2px 0'>{html.escape(v)}</td></tr>" for k, v in rows)
            return f"<table>{cells}</table>"

        menus = html.escape(self.tr("Menus"))
        on_table = html.escape(self.tr("On the table"))
        self._browser.setHtml(f"<h3>{menus}</h3>{table(menu_shortcuts(self._menus))}"
                              f"<h3>{on_table}</h3>{table(table_keys())}")

    def changeEvent(self, event: QEvent) -> None:  # noqa: N802 (Qt name)
        if event.type() == QEvent.Type.LanguageChange:
            # after the main window has renamed its menu actions
            QTimer.singleShot(0, self.retranslate)
        super().changeEvent(event)
