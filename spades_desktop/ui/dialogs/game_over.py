"""The Game Over dialog: result, final scores, ranking points and the score sheet
(docs/rules.md §5, §7)."""

from __future__ import annotations

from PySide6.QtCore import QEvent, Qt, Signal, Slot
from PySide6.QtGui import QShowEvent
from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QFrame,
    QLabel,
    QVBoxLayout,
    QWidget,
)

from spades_desktop.engine import EndReason, GameResult, Team

from ..texts import signed_number
from .common import FELT_GREEN, FELT_GREEN_DARK, fit_height
from .score_sheet import BidsAndTricks, HandHistory, ScoreSheetWidget

__all__ = ["GameOverDialog"]


class GameOverDialog(QDialog):
    """The end of a game (docs/rules.md §5, §7): result, final scores, ranking points, score sheet.

    "New game" emits :attr:`new_game_requested` and closes with ``Accepted``;
    "Statistics" emits :attr:`statistics_requested` (the dialog stays open);
    "Review hand…" emits :attr:`review_requested` (the last hand; the dialog stays
    open);
    "Close" closes with ``Rejected``. ``ranking_points`` is what the caller
    awarded (shown only when positive); ``practice`` says the game was a practice
    game (Undo was used, docs/rules.md §7), which earns none.

    Object names (tests and tools may rely on them): the ``QLabel`` children
    ``headline`` ("You win!", "You lose." or "Draw."), ``scores`` (the final score),
    ``points`` (the ranking points, hidden unless positive), ``practice`` (shown for a
    practice game only) and ``reason``; the
    ``QPushButton`` children ``new_game_button``, ``statistics_button``,
    ``review_button`` and ``close_button``; the :class:`ScoreSheetWidget` ``sheet``.
    """

    new_game_requested = Signal()
    statistics_requested = Signal()
    review_requested = Signal()

    def __init__(
        self,
        parent: QWidget | None = None,
        *,
        result: GameResult,
        human_team: Team,
        ranking_points: int,
        history: HandHistory,
        bids_and_tricks: BidsAndTricks | None = None,
        practice: bool = False,
    ) -> None:
        super().__init__(parent)
        self._result = result
        self._human_team = human_team
        self._ranking_points = ranking_points

        banner = QFrame()
        banner.setObjectName("banner")
        banner.setStyleSheet(
            f"#banner {{ background: qlineargradient(x1:0, y1:0, x2:0, y2:1, "
            f"stop:0 {FELT_GREEN}, stop:1 {FELT_GREEN_DARK}); border-radius: 10px; }}"
            "#banner QLabel { color: #f4f1e6; background: transparent; }"
            "#banner QLabel#headline { font-size: 20pt; font-weight: bold; }"
            "#banner QLabel#scores { font-size: 13pt; }"
            "#banner QLabel#points { color: #ffd966; font-size: 12pt; font-weight: bold; }"
            "#banner QLabel#reason { color: #c9d8cc; }"
        )
        self._headline = QLabel()
        self._headline.setObjectName("headline")
        self._scores = QLabel()
        self._scores.setObjectName("scores")
        self._points = QLabel()
        self._points.setObjectName("points")
        self._points.setVisible(ranking_points > 0)
        self._practice = QLabel()
        self._practice.setObjectName("practice")
        self._practice.setWordWrap(True)
        self._practice.setVisible(practice)
        self._reason = QLabel()
        self._reason.setObjectName("reason")
        self._reason.setWordWrap(True)
        banner_layout = QVBoxLayout(banner)
        banner_layout.setContentsMargins(20, 14, 20, 14)
        for label in (self._headline, self._scores, self._points, self._practice,
                      self._reason):
            label.setAlignment(Qt.AlignmentFlag.AlignCenter)
            banner_layout.addWidget(label)

        self._sheet = ScoreSheetWidget(self)
        self._sheet.set_history(history, bids_and_tricks)

        buttons = QDialogButtonBox()
        self._new_game = buttons.addButton("", QDialogButtonBox.ButtonRole.AcceptRole)
        self._new_game.setObjectName("new_game_button")
        self._statistics = buttons.addButton("", QDialogButtonBox.ButtonRole.ActionRole)
        self._statistics.setObjectName("statistics_button")
        self._statistics.setAutoDefault(False)
        self._statistics.clicked.connect(self.statistics_requested)
        self._review = buttons.addButton("", QDialogButtonBox.ButtonRole.ActionRole)
        self._review.setObjectName("review_button")
        self._review.setAutoDefault(False)
        self._review.clicked.connect(self.review_requested)
        self._close = buttons.addButton(QDialogButtonBox.StandardButton.Close)
        self._close.setObjectName("close_button")
        buttons.accepted.connect(self._on_new_game)
        buttons.rejected.connect(self.reject)

        layout = QVBoxLayout(self)
        layout.addWidget(banner)
        layout.addWidget(self._sheet, 1)
        layout.addWidget(buttons)
        self._new_game.setDefault(True)  # once inside the dialog (see NewGameDialog)
        self.retranslate()
        self.resize(680, self.sizeHint().height())

    def retranslate(self) -> None:
        """Set every text in the current language (also on ``LanguageChange``)."""
        result, human_team = self._result, self._human_team
        self.setWindowTitle(self.tr("Game Over"))
        if result.winner is None:
            self._headline.setText(self.tr("Draw."))
        elif result.winner is human_team:
            self._headline.setText(self.tr("You win!"))
        else:
            self._headline.setText(self.tr("You lose."))
        self._scores.setText(
            self.tr("Final score: Us {us}, Them {them}").format(
                us=signed_number(result.scores[human_team]),
                them=signed_number(result.scores[human_team.other]),
            )
        )
        self._points.setText(self.tr("+%n ranking point(s)", "", self._ranking_points))
        self._practice.setText(self.tr("A practice game: Undo was used, so it earns no "
                                       "ranking points."))
        self._reason.setText(self._reason_text(result))
        self._new_game.setText(self.tr("New game"))
        self._statistics.setText(self.tr("Statistics"))
        self._review.setText(self.tr("Review hand…"))
        self._review.setToolTip(self.tr("The coach's review of the last hand"))
        self._new_game.setAccessibleDescription(self.tr(
            "Choose the settings of a new game."))
        self._statistics.setAccessibleDescription(self.tr(
            "Your games won and lost, at every level."))
        self.setAccessibleDescription(self.result_text())

    def result_text(self) -> str:
        """The result as the dialog shows it, in one run: the headline, the final score
        and why the game ended (what a screen reader announces when it opens)."""
        return " ".join(t for t in (self._headline.text(), self._scores.text() + ".",
                                     self._reason.text()) if t.strip(". "))

    def changeEvent(self, event: QEvent) -> None:  # noqa: N802 (Qt name)
        if event.type() == QEvent.Type.LanguageChange:
            self.retranslate()
        super().changeEvent(event)

    def showEvent(self, event: QShowEvent) -> None:
        super().showEvent(event)
        fit_height(self)

    def _reason_text(self, result: GameResult) -> str:
        if result.reason is EndReason.TARGET:
            return self.tr("A team reached the target score after %n hand(s).", "",
                           result.hands_played)
        if result.reason is EndReason.FLOOR:
            return self.tr("A team fell to the lowest allowed score after %n hand(s).", "",
                           result.hands_played)
        if result.reason is EndReason.THIRTEEN and result.winner is Team.NS:
            return self.tr("North\u2013South bid 13 and took every trick in hand %n: they "
                           "win the game.", "", result.hands_played)
        if result.reason is EndReason.THIRTEEN:
            return self.tr("East\u2013West bid 13 and took every trick in hand %n: they "
                           "win the game.", "", result.hands_played)
        return self.tr("The game stopped at the limit of %n hand(s).", "",
                       result.hands_played)

    @Slot()
    def _on_new_game(self) -> None:
        self.new_game_requested.emit()
        self.accept()
