"""The Fair play window (Help ▸ Fair play): why the deals are not rigged and the computer
players do not cheat, and how anyone can check both (docs/rules.md §1 "The deal", §6).

Its text is made of translatable paragraphs (context "FairPlayDialog"), shown as one
page in a text browser; the number of the game in progress is named in it.
"""

from __future__ import annotations

import html

from PySide6.QtCore import QEvent, QSize
from PySide6.QtWidgets import QDialog, QDialogButtonBox, QTextBrowser, QVBoxLayout, QWidget

from .common import FELT_GREEN, describe_buttons, fit_screen, keep_centred

__all__ = ["FairPlayDialog"]

_STYLE_SHEET = (f"h2 {{ color: {FELT_GREEN}; margin-top: 12px; }} p {{ margin-bottom: 6px; }}"
                " code { font-family: monospace; }")


class FairPlayDialog(QDialog):
    """How a deal follows from its game number, what the computer players see, and how
    to check both. ``game_number`` is the number of the game in progress (``None``
    before the first game): the page names it, so that it can be replayed.

    The page's text is read with :meth:`text` (tests and tools); the ``QTextBrowser``
    is named ``fairPlayText``."""

    def __init__(self, parent: QWidget | None = None, game_number: int | None = None) -> None:
        super().__init__(parent)
        self._game_number = game_number
        self._browser = QTextBrowser(self)
        self._browser.setObjectName("fairPlayText")
        self._browser.setOpenExternalLinks(False)
        self._browser.document().setDefaultStyleSheet(_STYLE_SHEET)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addWidget(self._browser)
        layout.addWidget(buttons)
        self.retranslate()
        fit_screen(self, QSize(600, 560))  # an 800×600 screen shows it whole
        keep_centred(self)

    def page(self) -> str:
        """The page as HTML, in the current language."""
        def p(text: str) -> str:
            return f"<p>{html.escape(text)}</p>"

        def h(text: str) -> str:
            return f"<h2>{html.escape(text)}</h2>"

        number = self._game_number
        # without a game in progress, the paragraph before says where the number is shown
        this_game = ([p(self.tr("This game's number is {0}.").format(number))]
                     if number is not None else [])
        parts = [
            h(self.tr("The deals follow from the game number")),
            p(self.tr("Every game has a number. The cards of each hand are shuffled by a "
                      "fixed recipe from the game number and the hand number alone: a "
                      "SplitMix64 random number generator seeded with the two numbers, "
                      "then a Fisher–Yates shuffle, dealt one card at a time from the "
                      "dealer's left. Nothing else goes in: not the time, not the "
                      "difficulty, not your score, not how you played.")),
            p(self.tr("So the same game number always deals the same cards, on every "
                      "computer. The game number is shown at the start of a game and in "
                      "the information box on the table, and every game in Game ▸ Recent "
                      "games keeps its number.")),
            *this_game,
            p(self.tr("To replay a deal: choose Game ▸ New game, under Game number pick "
                      "“Number:” and type the number, then start the game (or choose Play "
                      "this deal again in Game ▸ Recent games). The first hand comes out "
                      "card for card as before, and so does every later hand.")),
            h(self.tr("The computer players see only what you would see")),
            p(self.tr("A computer player decides from its own cards and what is on the "
                      "table: the bids, the cards played so far and the scores. It is "
                      "never shown your cards, its partner's or the other opponent's, and "
                      "it guesses them from what has been played, as you do.")),
            p(self.tr("Your partner North plays by the same rule. The hint and the review "
                      "of a hand judge your decisions from what you could see at the "
                      "time; only the review's count of tricks with all cards open, shown "
                      "once the hand is over, uses every hand.")),
            h(self.tr("How to check")),
            p(self.tr("Replay a game number and compare the cards: they are the same "
                      "every time. The whole source code of the game is open to read: "
                      "the shuffle is in spades_desktop/engine/dealing.py and written out "
                      "step by step in docs/rules.md, §1; what a player may see is "
                      "spades_desktop/engine/view.py (PlayerView).")),
            p(self.tr("The tests check both: tests/engine/test_determinism.py (the same "
                      "game number gives the same deals, in every process), "
                      "tests/bots/test_bots_api.py (the other hands do not change a "
                      "computer player's choice; the players' code never reads the hidden "
                      "cards), tests/bots/test_expert.py (swapping two hidden cards "
                      "changes nothing for the Expert) and tests/test_import_contracts.py "
                      "(the players' code cannot even import the full position). Run "
                      "them with: python -m pytest tests/engine/test_determinism.py "
                      "tests/bots/test_bots_api.py tests/bots/test_expert.py "
                      "tests/test_import_contracts.py")),
            p(self.tr("Matches between computer players are reproducible too: python -m "
                      "spades_desktop.arena --games 10 --seed 1 plays the same games, "
                      "with the same result, every time.")),
        ]
        return "".join(parts)

    def retranslate(self) -> None:
        """Set the title and the page in the current language (also on
        ``LanguageChange``), keeping the scroll position."""
        self.setWindowTitle(self.tr("Fair play"))
        self._browser.setAccessibleName(self.tr("Fair play"))
        self._browser.setAccessibleDescription(self.tr(
            "How the deals follow from the game number and what the computer players "
            "see, and how to check both."))
        describe_buttons(self)
        position = self._browser.verticalScrollBar().value()
        self._browser.setHtml(self.page())
        self._browser.verticalScrollBar().setValue(position)

    def changeEvent(self, event: QEvent) -> None:  # noqa: N802 (Qt name)
        if event.type() == QEvent.Type.LanguageChange:
            self.retranslate()
        super().changeEvent(event)

    def text(self) -> str:
        """The page as plain text."""
        return self._browser.toPlainText()
