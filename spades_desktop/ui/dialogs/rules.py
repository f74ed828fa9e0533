"""The Rules window: how to play, in the app's own words (docs/rules.md §1–§5).

The text is an HTML page per language in the Qt resources,
``:/assets/help/rules_<language>.html`` (sources in ``assets/help/``, compiled by
``tools/build_resources.py``); the window shows the page of the current interface
language, or the English one when that language has none, and reloads it when the
language changes. Above it, the house rules of the game in progress are listed
("Standard rules" when there are none).
"""

from __future__ import annotations

from PySide6.QtCore import QEvent, QFile, QIODevice, QSize
from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QLabel,
    QTextBrowser,
    QVBoxLayout,
    QWidget,
)

from spades_desktop.engine import Rules
from spades_desktop.languages import SOURCE_LANGUAGE

from .. import i18n
from ..house_rules_text import house_rules_in_force
from .common import FELT_GREEN, describe_buttons, fit_screen, keep_centred

__all__ = ["RULES_PAGE", "RulesDialog", "rules_page"]

RULES_PAGE = ":/assets/help/rules_{language}.html"
"""The resource path of the rules page of a language code ("en", "zh_CN")."""

_STYLE_SHEET = (
    f"h1 {{ color: {FELT_GREEN}; }} h2 {{ color: {FELT_GREEN}; margin-top: 14px; }}"
    "p { margin-bottom: 6px; } .example { margin-left: 12px; font-style: italic; }"
)
"""The pages' look: felt-green headings; ``<p class="example">`` for a worked example."""


def rules_page(language: str) -> str:
    """The rules page (HTML text) for ``language``, or the English page when that
    language has none.

    Raises ``FileNotFoundError`` when not even the English page is in the Qt resources
    (``spades_desktop.rc_resources`` was not imported).
    """
    for code in dict.fromkeys((language, SOURCE_LANGUAGE)):
        file = QFile(RULES_PAGE.format(language=code))
        if file.open(QIODevice.OpenModeFlag.ReadOnly):
            try:
                # Without the file's final newline: Qt would show it as a trailing space.
                return bytes(file.readAll().data()).decode("utf-8").rstrip()
            finally:
                file.close()
    raise FileNotFoundError(
        f"{RULES_PAGE.format(language=SOURCE_LANGUAGE)} is not in the Qt resources "
        "(import spades_desktop.rc_resources first)")


class RulesDialog(QDialog):
    """How to play, in the app's own words (docs/rules.md §1–§5), in a scrollable text browser.

    Shows :func:`rules_page` for :func:`~spades_desktop.ui.i18n.current_language`,
    under a line naming the house rules of ``rules`` (the game in progress; no line
    without one).
    """

    def __init__(self, parent: QWidget | None = None, rules: Rules | None = None) -> None:
        super().__init__(parent)
        self._rules = rules
        self._in_force = QLabel()
        self._in_force.setObjectName("rulesInForce")
        self._in_force.setWordWrap(True)
        self._in_force.setVisible(rules is not None)
        self._browser = QTextBrowser(self)
        self._browser.setObjectName("rulesText")
        self._browser.setOpenExternalLinks(False)
        self._browser.document().setDefaultStyleSheet(_STYLE_SHEET)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addWidget(self._in_force)
        layout.addWidget(self._browser)
        layout.addWidget(buttons)
        self.retranslate()
        fit_screen(self, QSize(600, 640))  # an 800×600 screen shows it whole
        keep_centred(self)

    def retranslate(self) -> None:
        """Set the title and the text in the current language (also on
        ``LanguageChange``), keeping the scroll position."""
        self.setWindowTitle(self.tr("Rules of Spades"))
        self._browser.setAccessibleName(self.tr("Rules of Spades"))
        self._browser.setAccessibleDescription(self.tr(
            "How Spades is played and scored here, section by section."))
        describe_buttons(self)
        if self._rules is not None:
            names = house_rules_in_force(self._rules)
            self._in_force.setText(
                self.tr("House rules in this game: {0}.").format(", ".join(names)) if names
                else self.tr("This game follows the standard rules."))
        position = self._browser.verticalScrollBar().value()
        self._browser.setHtml(rules_page(i18n.current_language()))
        self._browser.verticalScrollBar().setValue(position)

    def changeEvent(self, event: QEvent) -> None:  # noqa: N802 (Qt name)
        if event.type() == QEvent.Type.LanguageChange:
            self.retranslate()
        super().changeEvent(event)

    def text(self) -> str:
        """The rules as plain text."""
        return self._browser.toPlainText()

    def in_force(self) -> str:
        """The line naming the house rules of the game in progress ("" without a game)."""
        return self._in_force.text() if self._rules is not None else ""
