"""The Statistics window: every figure of the statistics file per difficulty, in total and
for the practice games, those in which Undo was used (docs/rules.md §7; the figures are
defined in :mod:`spades_desktop.persistence.stats`).

Display only: the window shows a :class:`~spades_desktop.persistence.Stats` and asks
before a reset; whoever opens it writes the file (``reset_requested``).
"""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QEvent, QSize, Qt, Signal, Slot
from PySide6.QtWidgets import (
    QAbstractItemView,
    QDialog,
    QDialogButtonBox,
    QHeaderView,
    QLabel,
    QMessageBox,
    QPushButton,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from spades_desktop.engine import CUSTOM_PRESET, PRESETS
from spades_desktop.levels import LEVELS, RANKING_POINTS
from spades_desktop.persistence import DifficultyStats, Stats

from ..house_rules_text import preset_name
from ..texts import MINUS_SIGN, difficulty_name
from .common import NOTE_STYLE, describe_buttons, fit_screen

__all__ = ["PRACTICE", "STAT_ROW_KEYS", "TOTAL", "UNKNOWN", "StatisticsDialog"]

TOTAL = "total"
"""The column key of all difficulties together (:meth:`StatisticsDialog.value`)."""

PRACTICE = "practice"
"""The column key of the practice games of every level (``Stats.practice``: games in
which Undo was used, counted apart from the levels and the total)."""

UNKNOWN = "—"
"""What a figure shows when nothing is known of it (no game, no hand counted)."""

STAT_ROW_KEYS: tuple[str, ...] = (
    "played", "won", "lost", "drawn", "abandoned", "win_rate", "points", "streak",
    "best_streak", "best_margin", "points_per_hand", "bags_per_hand", "contracts_made",
    "contracts_set", "nil_bid", "nil_made", "blind_nil_bid", "blind_nil_made", "hints",
)
"""The rows, top to bottom (the keys of :meth:`StatisticsDialog.value`)."""

_PER_HAND = frozenset({"contracts_made", "contracts_set", "nil_bid", "nil_made",
                       "blind_nil_bid", "blind_nil_made"})
"""Counts known only from games whose hands were counted (format 2 of the file)."""


def _decimal(value: float) -> str:
    """``value`` with one decimal and a true minus sign."""
    text = f"{abs(value):.1f}"
    return f"{MINUS_SIGN}{text}" if value < 0 and text != "0.0" else text


class StatisticsDialog(QDialog):
    """One column per difficulty (:data:`spades_desktop.levels.LEVELS`, weakest first),
    Total, and Practice (the practice games of every level, which are in no other
    column); one row per figure (:data:`STAT_ROW_KEYS`). The win rate is a whole
    percentage, averages have one decimal, and :data:`UNKNOWN` stands where nothing is
    known (no game played, no hand counted, no game finished).

    "Reset…" asks first (:meth:`ask_reset`, default No); on Yes the dialog emits
    ``reset_requested``, and the caller resets the file and calls :meth:`set_stats`.
    "Close" closes it. Not modal.

    Object names (tests and tools may rely on them): the ``QTableWidget``
    ``statisticsTable`` (a column per level, weakest first, then Total and Practice,
    headed by their names, Practice's heading with a tooltip; a row per figure of
    :data:`STAT_ROW_KEYS`, in that order, headed by its name, the ranking points'
    heading with a tooltip); the ``QPushButton`` children
    ``reset_button`` and ``close_button``; ``presetsTable``, the games per house-rules
    preset (a row per preset with games, in ``engine.PRESETS`` order, then Custom and
    any other; columns: games played, won; hidden while no game is counted);
    ``reset_question``, the ``QMessageBox`` asking whether to reset, while it is open.
    """

    reset_requested = Signal()

    def __init__(self, parent: QWidget | None = None, *, stats: Stats) -> None:
        super().__init__(parent)
        self._stats = stats
        self._columns: tuple[str, ...] = (*LEVELS, TOTAL, PRACTICE)
        self._confirm: QMessageBox | None = None

        self._table = QTableWidget(len(STAT_ROW_KEYS), len(self._columns), self)
        self._table.setObjectName("statisticsTable")
        self._table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self._table.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self._table.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
        self._table.setAlternatingRowColors(True)
        header = self._table.horizontalHeader()
        header.setSectionResizeMode(QHeaderView.ResizeMode.Stretch)
        self._table.verticalHeader().setSectionResizeMode(
            QHeaderView.ResizeMode.ResizeToContents)
        self._presets = QTableWidget(0, 2, self)
        self._presets.setObjectName("presetsTable")
        self._presets.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self._presets.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
        self._presets.horizontalHeader().setSectionResizeMode(QHeaderView.ResizeMode.Stretch)
        self._presets.verticalHeader().setSectionResizeMode(
            QHeaderView.ResizeMode.ResizeToContents)
        self._note = QLabel()
        self._note.setStyleSheet(NOTE_STYLE)
        self._note.setWordWrap(True)

        buttons = QDialogButtonBox()
        self._reset = QPushButton()
        self._reset.setObjectName("reset_button")
        self._reset.setAutoDefault(False)
        buttons.addButton(self._reset, QDialogButtonBox.ButtonRole.ResetRole)
        self._close = buttons.addButton(QDialogButtonBox.StandardButton.Close)
        self._close.setObjectName("close_button")
        self._close.setDefault(True)
        self._reset.clicked.connect(self.ask_reset)
        buttons.rejected.connect(self.reject)

        layout = QVBoxLayout(self)
        layout.addWidget(self._table, 1)
        layout.addWidget(self._presets)
        layout.addWidget(self._note)
        layout.addWidget(buttons)
        self.retranslate()
        # an 800×600 screen shows it whole (the table scrolls)
        fit_screen(self, self.minimumSizeHint().expandedTo(QSize(640, 620)))
        self._table.setFocus()

    # -- content ---------------------------------------------------------------------------
    def set_stats(self, stats: Stats) -> None:
        """Show ``stats`` (after a reset or a game counted)."""
        self._stats = stats
        self._fill()

    def stats(self) -> Stats:
        """The statistics shown."""
        return self._stats

    def _figures(self, column: str) -> DifficultyStats:
        if column == PRACTICE:
            return self._stats.practice
        return self._stats.total() if column == TOTAL else self._stats[column]

    def value(self, row_key: str, difficulty: str) -> str:
        """The text shown for the figure ``row_key`` (one of :data:`STAT_ROW_KEYS`) in the
        column ``difficulty`` (a level, :data:`TOTAL` or :data:`PRACTICE`); raises
        KeyError for an unknown row or column."""
        if row_key not in STAT_ROW_KEYS or difficulty not in self._columns:
            raise KeyError((row_key, difficulty))
        item = self._table.item(STAT_ROW_KEYS.index(row_key),
                                self._columns.index(difficulty))
        return item.text()

    def preset_rows(self) -> list[tuple[str, str, str]]:
        """The games per preset as shown: ``(preset name, games played, won)`` per row,
        top to bottom (empty while no game is counted under a preset)."""
        rows = []
        for row in range(self._presets.rowCount()):
            header = self._presets.verticalHeaderItem(row)
            rows.append((header.text() if header is not None else "",
                         self._presets.item(row, 0).text(), self._presets.item(row, 1).text()))
        return rows

    def _fill_presets(self) -> None:
        games = self._stats.presets
        order = [*PRESETS, CUSTOM_PRESET]
        keys = [k for k in order if k in games] + sorted(k for k in games if k not in order)
        self._presets.setRowCount(len(keys))
        self._presets.setVerticalHeaderLabels(
            [preset_name(k) if k in order else k for k in keys])
        for row, key in enumerate(keys):
            for column, value in enumerate((games[key].played, games[key].won)):
                item = QTableWidgetItem(str(value))
                item.setTextAlignment(Qt.AlignmentFlag.AlignRight
                                      | Qt.AlignmentFlag.AlignVCenter)
                self._presets.setItem(row, column, item)
        self._presets.setVisible(bool(keys))
        height = (self._presets.horizontalHeader().sizeHint().height()
                  + 2 * self._presets.frameWidth())
        for row in range(len(keys)):
            height += self._presets.verticalHeader().sectionSizeHint(row)
        self._presets.setFixedHeight(height)

    def _result_text(self, margin: int | None) -> str:
        """The best game's end as words: "won by 150", "lost by 363", "drawn"."""
        if margin is None:
            return UNKNOWN
        if margin > 0:
            return self.tr("won by {0}").format(margin)
        if margin < 0:
            return self.tr("lost by {0}").format(-margin)
        return self.tr("drawn", "the best game's result")

    def _text(self, row_key: str, s: DifficultyStats) -> str:
        formats: dict[str, Callable[[], str]] = {
            "lost": lambda: str(s.lost),
            "win_rate": lambda: UNKNOWN if s.win_rate is None else self.tr("{0}%").format(
                round(100 * s.win_rate)),
            "best_margin": lambda: self._result_text(s.best_margin),
            "points_per_hand": lambda: UNKNOWN if s.points_per_hand is None
            else _decimal(s.points_per_hand),
            "bags_per_hand": lambda: UNKNOWN if s.bags_per_hand is None
            else _decimal(s.bags_per_hand),
        }
        if row_key in formats:
            return formats[row_key]()
        if row_key in _PER_HAND and s.hands == 0:
            return UNKNOWN
        return str(getattr(s, row_key))

    def _fill(self) -> None:
        for column, key in enumerate(self._columns):
            figures = self._figures(key)
            for row, row_key in enumerate(STAT_ROW_KEYS):
                item = QTableWidgetItem(self._text(row_key, figures))
                item.setTextAlignment(Qt.AlignmentFlag.AlignRight
                                      | Qt.AlignmentFlag.AlignVCenter)
                if row_key == "points":
                    item.setToolTip(self._points_tooltip())
                self._table.setItem(row, column, item)
        self._fill_presets()

    def _row_labels(self) -> dict[str, str]:
        return {
            "played": self.tr("Games played"),
            "won": self.tr("Won"),
            "lost": self.tr("Lost"),
            "drawn": self.tr("Drawn"),
            "abandoned": self.tr("Abandoned"),
            "win_rate": self.tr("Win rate"),
            "points": self.tr("Ranking points"),
            "streak": self.tr("Current winning streak"),
            "best_streak": self.tr("Best winning streak"),
            "best_margin": self.tr("Best result"),
            "points_per_hand": self.tr("Points per hand (your team)"),
            "bags_per_hand": self.tr("Bags per hand (your team)"),
            "contracts_made": self.tr("Contracts made"),
            "contracts_set": self.tr("Contracts set"),
            "nil_bid": self.tr("Nil bids"),
            "nil_made": self.tr("Nil bids made"),
            "blind_nil_bid": self.tr("Blind Nil bids"),
            "blind_nil_made": self.tr("Blind Nil bids made"),
            "hints": self.tr("Hints used"),
        }

    def _points_tooltip(self) -> str:
        """What ranking points are, built from :data:`RANKING_POINTS` (docs/rules.md §7)."""
        per_level = self.tr(", ", "separator between the levels' ranking points").join(
            self.tr("%1 +%2", "a level's name and its ranking points for a won game")
            .replace("%1", difficulty_name(level)).replace("%2", str(points))
            for level, points in RANKING_POINTS.items())
        return self.tr(
            "A won game earns its level's ranking points: %1. "
            "Lost, drawn and abandoned games earn none.").replace("%1", per_level)

    def retranslate(self) -> None:
        """Set every text in the current language (also on ``LanguageChange``)."""
        self.setWindowTitle(self.tr("Statistics"))
        self._table.setAccessibleName(self.tr("Statistics"))
        self._table.setAccessibleDescription(self.tr(
            "One column per difficulty level, practice and the total; one row per figure: "
            "games played, won and lost, points, bags, contracts and Nil bids."))
        self._presets.setAccessibleName(self.tr("Games per house rules"))
        self._reset.setAccessibleDescription(self.tr(
            "Set every count back to zero, after a question."))
        describe_buttons(self)
        labels = self._row_labels()
        self._table.setVerticalHeaderLabels([labels[k] for k in STAT_ROW_KEYS])
        points_row = STAT_ROW_KEYS.index("points")
        self._table.verticalHeaderItem(points_row).setToolTip(self._points_tooltip())
        names = {TOTAL: self.tr("Total"), PRACTICE: self.tr("Practice")}
        self._table.setHorizontalHeaderLabels(
            [names.get(key) or difficulty_name(key) for key in self._columns])
        self._table.horizontalHeaderItem(self._columns.index(PRACTICE)).setToolTip(self.tr(
            "Practice games: games in which Undo was used, at every level. They are "
            "counted here only, not in the levels or the total, and earn no ranking "
            "points."))
        self._note.setText(self.tr(
            "Your team is you (South) and your partner (North). Abandoned games count as "
            "played, not won. Per-hand figures cover the games counted since this version; "
            "— means nothing is known yet."))
        self._presets.setHorizontalHeaderLabels(
            [self.tr("Games played"), self.tr("Won")])
        self._presets.setToolTip(self.tr(
            "Games per set of house rules (the preset chosen on the New Game dialog's Rules "
            "tab), at every level; practice games are not in them."))
        self._reset.setText(self.tr("&Reset…"))
        self._fill()

    def changeEvent(self, event: QEvent) -> None:  # noqa: N802 (Qt name)
        if event.type() == QEvent.Type.LanguageChange:
            self.retranslate()
        super().changeEvent(event)

    # -- reset -------------------------------------------------------------------------------
    @Slot()
    def ask_reset(self) -> None:
        """Ask whether to reset every statistic (Yes / No, No by default); Yes emits
        ``reset_requested``. The question is window-modal over this dialog."""
        if self._confirm is not None:
            self._confirm.raise_()
            return
        box = QMessageBox(QMessageBox.Icon.Question, self.tr("Reset statistics"),
                          self.tr("Reset all statistics to zero, for every difficulty? "
                                  "This cannot be undone."),
                          QMessageBox.StandardButton.Yes | QMessageBox.StandardButton.No,
                          self)
        box.setObjectName("reset_question")
        box.setDefaultButton(QMessageBox.StandardButton.No)
        box.setEscapeButton(QMessageBox.StandardButton.No)
        box.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        box.finished.connect(lambda _result: self._on_confirm_finished(box))
        self._confirm = box
        box.open()

    def _on_confirm_finished(self, box: QMessageBox) -> None:
        self._confirm = None
        if box.clickedButton() is box.button(QMessageBox.StandardButton.Yes):
            self.reset_requested.emit()
