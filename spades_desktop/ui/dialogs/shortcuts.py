"""The Keyboard shortcuts window (Help ▸ Keyboard shortcuts).

Two lists: the menu commands with their shortcuts, read from the menus' own actions
(so a new command with a shortcut is listed as soon as it is in a menu), and the keys
of the table, whose one home is :func:`table_key_groups` (the keys themselves are handled in
``ui/table/scene.py`` and ``ui/bid_panel.py``).
"""

from __future__ import annotations

import html
import math
from collections.abc import Iterable

from PySide6.QtCore import QCoreApplication, QEvent, QSize, QTimer
from PySide6.QtGui import QAction, QFont, QFontMetrics, QKeySequence
from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QMenu,
    QTextBrowser,
    QVBoxLayout,
    QWidget,
)

from .common import describe_buttons, fit_screen, keep_centred

__all__ = [
    "KeyRows",
    "ShortcutsDialog",
    "menu_shortcut_groups",
    "menu_shortcuts",
    "table_key_groups",
    "table_keys",
]


KeyRows = list[tuple[str, str]]
"""(keys, what they do) rows, in the order shown."""


def table_key_groups() -> list[tuple[str, KeyRows]]:
    """The keys of the table, translated, in groups: (heading, rows of (keys, what they
    do)), in the order a hand goes (bidding, playing, then the rest)."""
    translate = QCoreApplication.translate
    bidding = [
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
    ]
    playing = [
        (translate("Shortcuts", "Left, Right"),
         translate("Shortcuts", "Raise the previous or next card you may play")),
        (translate("Shortcuts", "A rank, then a suit"),
         translate("Shortcuts", "Raise that card, e.g. Q then H for the queen of hearts "
                                "(T for 10); Enter plays it")),
        (translate("Shortcuts", "J, then B or L"),
         translate("Shortcuts", "Raise the Big Joker (B) or the Little Joker (L)")),
        (translate("Shortcuts", "Enter, Space"),
         translate("Shortcuts", "Play the raised card")),
        (translate("Shortcuts", "H"), translate("Shortcuts", "Hint: what the Expert would "
                                                             "bid or play")),
        (translate("Shortcuts", "C"),
         translate("Shortcuts", "Claim the rest: every trick left for your side")),
        (translate("Shortcuts", "L"),
         translate("Shortcuts", "Show the last trick (any key or click takes it away)")),
        (translate("Shortcuts", "Ctrl+H, Esc"),
         translate("Shortcuts", "Hand so far: Ctrl+H goes between it and the table (it "
                                "stays open and follows the hand), Esc closes it")),
    ]
    other = [
        (translate("Shortcuts", "Enter, Space"),
         translate("Shortcuts", "End-of-hand summary: press the chosen button (Next hand "
                                "first)")),
        (translate("Shortcuts", "Tab, Left, Right"),
         translate("Shortcuts", "End-of-hand summary: move between Next hand, Score sheet "
                                "and Review hand")),
        (translate("Shortcuts", "Esc"), translate("Shortcuts", "Leave full screen")),
    ]
    return [
        (translate("Shortcuts", "Bidding"), bidding),
        (translate("Shortcuts", "Playing"), playing),
        (translate("Shortcuts", "After a hand and in full screen"), other),
    ]


def table_keys() -> KeyRows:
    """The keys of the table, translated: (keys, what they do), in the order a hand
    goes (bidding, then playing): the rows of :func:`table_key_groups`."""
    return [row for _heading, rows in table_key_groups() for row in rows]


def _actions(menu: QMenu) -> Iterable[QAction]:
    for action in menu.actions():
        sub = action.menu()
        if isinstance(sub, QMenu):
            yield from _actions(sub)
        elif not action.isSeparator():
            yield action


def _menu_title(menu: QMenu) -> str:
    return menu.title().replace("&&", "\0").replace("&", "").replace("\0", "&")


def menu_shortcut_groups(menus: Iterable[QMenu]) -> list[tuple[str, KeyRows]]:
    """Per menu of ``menus`` with a shortcut in it: (its title without the ``&``
    mnemonic, rows of (shortcut, command)), in menu order; the command is the action's
    text without its ``&`` mnemonic and ellipsis."""
    groups: list[tuple[str, KeyRows]] = []
    for menu in menus:
        rows: KeyRows = []
        for action in _actions(menu):
            if action.shortcut().isEmpty():
                continue
            name = action.text().replace("&&", "\0").replace("&", "").replace("\0", "&")
            name = name.removesuffix("…").removesuffix("...")
            keys = action.shortcut().toString(QKeySequence.SequenceFormat.NativeText)
            rows.append((keys, name))
        if rows:
            groups.append((_menu_title(menu), rows))
    return groups


def menu_shortcuts(menus: Iterable[QMenu]) -> KeyRows:
    """(shortcut, command) for every action with a shortcut in ``menus``, in menu
    order: the rows of :func:`menu_shortcut_groups`."""
    return [row for _title, rows in menu_shortcut_groups(menus) for row in rows]


_WIDTH_CHARS = 150
"""The window's width wanted, in average characters: two columns of about 70."""


class ShortcutsDialog(QDialog):
    """The keyboard shortcuts: the menus' (from ``menus``, read again on every
    language change) and the table's (:func:`table_key_groups`).

    The ``QTextBrowser`` ``shortcutsText`` (tests and tools may rely on the name) shows
    them in two columns, the menus' (a group per menu) then the table's (a group per
    part of the hand), each group a heading and a two-column table: a row per (keys,
    what they do). The window opens tall enough to show them all without scrolling when
    the screen has room (a 1600×1000 screen has); on a smaller screen the text scrolls.
    """

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
        fit_screen(self, self.sizeHint())
        keep_centred(self)

    def sizeHint(self) -> QSize:  # noqa: N802 (Qt name)
        """Wide enough for two columns of about 70 characters (less on a narrow screen)
        and tall enough for the whole text at that width, in logical pixels."""
        hint = super().sizeHint()
        width = self.fontMetrics().averageCharWidth() * _WIDTH_CHARS
        screen = self.screen()
        if screen is not None:
            width = min(width, screen.availableGeometry().width() - 40)
        browser = self._browser
        margins = self.layout().contentsMargins() if self.layout() is not None else None
        side = margins.left() + margins.right() if margins is not None else 0
        frame = 2 * browser.frameWidth()
        document = browser.document().clone()
        document.setTextWidth(width - side - frame)
        text_height = math.ceil(document.size().height())
        height = hint.height() - browser.sizeHint().height() + text_height + frame
        return QSize(max(hint.width(), width), height)

    def browser(self) -> QTextBrowser:
        """The text of the shortcuts (``shortcutsText``)."""
        return self._browser

    def retranslate(self) -> None:
        """Set the title and the lists in the current language."""
        self.setWindowTitle(self.tr("Keyboard Shortcuts"))
        self._browser.setAccessibleName(self.tr("Keyboard shortcuts"))
        self._browser.setAccessibleDescription(self.tr(
            "The keys of the menus, then the keys of the table, in groups."))
        describe_buttons(self)

        bold = QFont(self._browser.font())
        bold.setBold(True)
        metrics = QFontMetrics(bold)

        def group(heading: str, rows: KeyRows, key_width: int) -> str:
            cells = "".join(
                f"<tr><td width='{key_width}' style='padding: 1px 0'><b>{html.escape(k)}</b>"
                f"</td><td style='padding: 1px 0'>{html.escape(v)}</td></tr>"
                for k, v in rows)
            return (f"<p style='margin: 6px 0 2px 0'><i>{html.escape(heading)}</i></p>"
                    f"<table cellspacing='0'>{cells}</table>")

        def column(title: str, groups: list[tuple[str, KeyRows]]) -> str:
            # one key width for the column's groups, so that their texts line up
            key_width = 12 + max(metrics.horizontalAdvance(k) for _h, rows in groups
                                 for k, _v in rows)
            return f"<h3 style='margin: 0'>{html.escape(title)}</h3>" + "".join(
                group(h, rows, key_width) for h, rows in groups)

        menus = column(self.tr("Menus"), menu_shortcut_groups(self._menus))
        on_table = column(self.tr("On the table"), table_key_groups())
        self._browser.setHtml(
            "<table width='100%' cellspacing='0'><tr>"
            f"<td width='34%' style='padding-right: 24px'>{menus}</td>"
            f"<td width='66%'>{on_table}</td></tr></table>")

    def changeEvent(self, event: QEvent) -> None:  # noqa: N802 (Qt name)
        if event.type() == QEvent.Type.LanguageChange:
            # after the main window has renamed its menu actions
            QTimer.singleShot(0, self.retranslate)
        super().changeEvent(event)
