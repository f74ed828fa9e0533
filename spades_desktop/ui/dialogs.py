"""Dialogs: new game, score sheet, game over, display settings, rules, about (SPEC §4, §5, §7).

The dialogs display values and collect choices; they never decide a rule.
They take plain values (not the persistence ``Settings``) so they can be
built and tested on their own.
"""

from __future__ import annotations

import html
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from PySide6.QtCore import (
    QCoreApplication,
    QEvent,
    QLocale,
    QObject,
    QRandomGenerator,
    Qt,
    Signal,
    Slot,
)
from PySide6.QtGui import QBrush, QColor, QFont, QShowEvent
from PySide6.QtWidgets import (
    QAbstractItemView,
    QAbstractSpinBox,
    QButtonGroup,
    QCheckBox,
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFrame,
    QGridLayout,
    QGroupBox,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QMessageBox,
    QRadioButton,
    QSlider,
    QSpinBox,
    QTableWidget,
    QTableWidgetItem,
    QTextBrowser,
    QVBoxLayout,
    QWidget,
)

from spades_desktop.engine import TARGET_CHOICES, EndReason, GameResult, HandScore, Rules, Team

from .i18n import LANGUAGE_NAMES
from .texts import difficulty_name, signed_number, team_label

__all__ = [
    "GAME_NUMBER_MAX",
    "SCORE_ROW_KEYS",
    "GameOverDialog",
    "NewGameDialog",
    "NewGameOptions",
    "RulesDialog",
    "ScoreSheetDialog",
    "ScoreSheetWidget",
    "SettingsDialog",
    "show_about",
]

GAME_NUMBER_MAX = 999_999_999
"""The largest game number a player can type or draw (SPEC §6: the game number fixes the deals)."""

QUICK_TARGET = 250
STANDARD_TARGET = 500
FLOOR_SCORE = -200
TARGET_MIN = TARGET_CHOICES[0]
TARGET_MAX = TARGET_CHOICES[-1]
TARGET_STEP = TARGET_CHOICES[1] - TARGET_CHOICES[0]

FELT_GREEN = "#1d5c3a"
FELT_GREEN_DARK = "#123f27"
NEGATIVE_COLOR = QColor("#c0392b")
ZERO_COLOR = QColor("#8b918d")

SCORE_ROW_KEYS: tuple[str, ...] = (
    "contract", "bags", "nil", "bag_penalty", "total", "running", "bag_count",
)
"""Row keys of :meth:`ScoreSheetWidget.cell_text`: SPEC §4's six rows and the bag count."""

_NOTE_STYLE = "color: palette(placeholder-text); font-style: italic;"


def _snap_target(value: int) -> int:
    """The nearest allowed target score (100–1000, step 50)."""
    value = max(TARGET_MIN, min(TARGET_MAX, value))
    return TARGET_MIN + round((value - TARGET_MIN) / TARGET_STEP) * TARGET_STEP


# --------------------------------------------------------------------------- new game


@dataclass(frozen=True, slots=True)
class NewGameOptions:
    """What the player chose for the next game (SPEC §5, §6, §7)."""

    rules: Rules
    difficulty: str
    """A difficulty key, one of the ``levels`` the dialog was given."""
    game_number: int
    """0–999,999,999; typed or drawn at random."""


class NewGameDialog(QDialog):
    """Target score, difficulty, game number and rule switches for a new game (SPEC §7).

    ``levels`` are the difficulty keys to offer, easiest first; ``difficulty``
    and the rule values preselect the controls (a ``difficulty`` not in
    ``levels`` selects the first). When accepted with "Random" selected, a game
    number is drawn from ``QRandomGenerator.global_()``. :meth:`options` then
    returns the choices.
    """

    def __init__(
        self,
        parent: QWidget | None = None,
        *,
        levels: Sequence[str],
        difficulty: str,
        target_score: int,
        floor_enabled: bool,
        bag_penalty: bool,
        blind_nil: bool,
    ) -> None:
        super().__init__(parent)
        if not levels:
            raise ValueError("NewGameDialog needs at least one difficulty level.")
        self._levels = tuple(levels)
        self._drawn_number: int | None = None

        # Target score.
        target_box = self._target_box = QGroupBox()
        self._quick = QRadioButton()
        self._quick.setObjectName("targetQuick")
        self._standard = QRadioButton()
        self._standard.setObjectName("targetStandard")
        self._custom = QRadioButton()
        self._custom.setObjectName("targetCustom")
        self._custom_spin = QSpinBox()
        self._custom_spin.setObjectName("customTarget")
        self._custom_spin.setRange(TARGET_MIN, TARGET_MAX)
        self._custom_spin.setSingleStep(TARGET_STEP)
        self._custom_spin.setCorrectionMode(
            QAbstractSpinBox.CorrectionMode.CorrectToNearestValue
        )
        self._custom_spin.editingFinished.connect(self._snap_custom)
        self._target_group = QButtonGroup(self)
        for button in (self._quick, self._standard, self._custom):
            self._target_group.addButton(button)
        custom_row = QHBoxLayout()
        custom_row.addWidget(self._custom)
        custom_row.addWidget(self._custom_spin)
        custom_row.addStretch(1)
        target_layout = QVBoxLayout(target_box)
        target_layout.addWidget(self._quick)
        target_layout.addWidget(self._standard)
        target_layout.addLayout(custom_row)
        target = _snap_target(target_score)
        if target == QUICK_TARGET:
            self._quick.setChecked(True)
            self._custom_spin.setValue(STANDARD_TARGET)
        elif target == STANDARD_TARGET:
            self._standard.setChecked(True)
            self._custom_spin.setValue(STANDARD_TARGET)
        else:
            self._custom.setChecked(True)
            self._custom_spin.setValue(target)
        self._custom.toggled.connect(self._custom_spin.setEnabled)
        self._custom_spin.setEnabled(self._custom.isChecked())

        # Difficulty.
        level_box = self._level_box = QGroupBox()
        level_row = QHBoxLayout()
        self._level_group = QButtonGroup(self)
        self._level_buttons: dict[str, QRadioButton] = {}
        for level in self._levels:
            button = QRadioButton()
            button.setObjectName(f"level_{level}")
            self._level_group.addButton(button)
            self._level_buttons[level] = button
            level_row.addWidget(button)
        level_row.addStretch(1)
        selected = difficulty if difficulty in self._level_buttons else self._levels[0]
        self._level_buttons[selected].setChecked(True)
        level_note = self._level_note = QLabel()
        level_note.setStyleSheet(_NOTE_STYLE)
        level_note.setWordWrap(True)
        level_layout = QVBoxLayout(level_box)
        level_layout.addLayout(level_row)
        level_layout.addWidget(level_note)

        # Game number.
        number_box = self._number_box = QGroupBox()
        self._random = QRadioButton()
        self._random.setObjectName("numberRandom")
        self._typed = QRadioButton()
        self._typed.setObjectName("numberTyped")
        self._number_spin = QSpinBox()
        self._number_spin.setObjectName("gameNumber")
        self._number_spin.setRange(0, GAME_NUMBER_MAX)
        self._number_spin.setGroupSeparatorShown(True)
        self._number_spin.setMinimumWidth(self._number_spin.fontMetrics().horizontalAdvance(
            "0" * 14))
        self._number_group = QButtonGroup(self)
        self._number_group.addButton(self._random)
        self._number_group.addButton(self._typed)
        self._random.setChecked(True)
        self._typed.toggled.connect(self._number_spin.setEnabled)
        self._number_spin.setEnabled(False)
        number_layout = QHBoxLayout(number_box)
        number_layout.addWidget(self._random)
        number_layout.addSpacing(12)
        number_layout.addWidget(self._typed)
        number_layout.addWidget(self._number_spin)
        number_layout.addStretch(1)

        # Rules.
        rules_box = self._rules_box = QGroupBox()
        self._bag_penalty = QCheckBox()
        self._bag_penalty.setObjectName("bagPenalty")
        self._bag_penalty.setChecked(bag_penalty)
        self._floor = QCheckBox()
        self._floor.setObjectName("floor")
        self._floor.setChecked(floor_enabled)
        self._blind_nil = QCheckBox()
        self._blind_nil.setObjectName("blindNil")
        self._blind_nil.setChecked(blind_nil)
        rules_layout = QVBoxLayout(rules_box)
        rules_layout.addWidget(self._bag_penalty)
        rules_layout.addWidget(self._floor)
        rules_layout.addWidget(self._blind_nil)

        note = self._note = QLabel()
        note.setObjectName("note")
        note.setStyleSheet(_NOTE_STYLE)
        note.setWordWrap(True)

        # A button with its own role, not a standard Ok: on LanguageChange the button
        # box would set a standard button's text back to "OK".
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Cancel)
        self._start = buttons.addButton("", QDialogButtonBox.ButtonRole.AcceptRole)
        self._start.setObjectName("startGame")
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)

        layout = QVBoxLayout(self)
        layout.addWidget(target_box)
        layout.addWidget(level_box)
        layout.addWidget(number_box)
        layout.addWidget(rules_box)
        layout.addWidget(note)
        layout.addWidget(buttons)
        layout.setSizeConstraint(QVBoxLayout.SizeConstraint.SetFixedSize)
        # Return starts the game. The default must be set once the button is inside
        # the dialog, or the dialog makes the first button (Cancel) its default.
        self._start.setDefault(True)
        self.retranslate()

    def retranslate(self) -> None:
        """Set every text in the current language (also on ``LanguageChange``)."""
        self.setWindowTitle(self.tr("New Game"))
        self._target_box.setTitle(self.tr("Target score"))
        self._quick.setText(self.tr("Quick: {points} points").format(points=QUICK_TARGET))
        self._standard.setText(
            self.tr("Standard: {points} points").format(points=STANDARD_TARGET))
        self._custom.setText(self.tr("Custom:"))
        self._custom_spin.setSuffix(self.tr(" points", "suffix of the target score box"))
        self._custom_spin.setAccessibleName(self.tr("Custom target score"))
        self._level_box.setTitle(self.tr("Difficulty"))
        descriptions = {
            "easy": self.tr("Rough bids and random legal cards."),
            "normal": self.tr("Counts sure tricks and plays each card with a purpose."),
            "expert": self.tr("Tracks every card, protects and attacks Nil bids, "
                              "and looks ahead."),
        }
        for level, button in self._level_buttons.items():
            button.setText(difficulty_name(level))
            button.setToolTip(descriptions.get(level, ""))
        self._level_note.setText(self.tr("All three computer players play at this level."))
        self._number_box.setTitle(self.tr("Game number"))
        self._number_box.setToolTip(
            self.tr("The same game number deals the same cards, so a game can be replayed.")
        )
        self._random.setText(self.tr("Random"))
        self._typed.setText(self.tr("Number:"))
        self._number_spin.setAccessibleName(self.tr("Game number"))
        self._rules_box.setTitle(self.tr("Rules"))
        self._bag_penalty.setText(self.tr("Bag penalty: lose 100 points for every 10 bags"))
        self._floor.setText(
            self.tr("End the game when a team falls to {floor} points or below").format(
                floor=signed_number(FLOOR_SCORE)
            )
        )
        self._blind_nil.setText(
            self.tr("Allow Blind Nil (\u00b1200) for a team trailing by 100 or more")
        )
        self._note.setText(self.tr("Game settings apply from the next new game."))
        self._start.setText(self.tr("Start game"))

    def changeEvent(self, event: QEvent) -> None:  # noqa: N802 (Qt name)
        if event.type() == QEvent.Type.LanguageChange:
            self.retranslate()
        super().changeEvent(event)

    @Slot()
    def _snap_custom(self) -> None:
        self._custom_spin.setValue(_snap_target(self._custom_spin.value()))

    def accept(self) -> None:
        """Close with Accepted, drawing a random game number if "Random" is selected."""
        self._drawn_number = (
            self._draw_number() if self._random.isChecked() else None
        )
        super().accept()

    @staticmethod
    def _draw_number() -> int:
        return int(QRandomGenerator.global_().bounded(GAME_NUMBER_MAX + 1))

    def target_score(self) -> int:
        """The chosen target score (a custom value snaps to 100–1000 in steps of 50)."""
        if self._quick.isChecked():
            return QUICK_TARGET
        if self._standard.isChecked():
            return STANDARD_TARGET
        return _snap_target(self._custom_spin.value())

    def options(self) -> NewGameOptions:
        """The choices as a :class:`NewGameOptions`.

        With "Random" selected the number drawn on accept is returned (one is
        drawn now if the dialog was not accepted).
        """
        if self._random.isChecked():
            if self._drawn_number is None:
                self._drawn_number = self._draw_number()
            number = self._drawn_number
        else:
            number = self._number_spin.value()
        level = next(
            (lvl for lvl, b in self._level_buttons.items() if b.isChecked()), self._levels[0]
        )
        rules = Rules(
            target_score=self.target_score(),
            floor_score=FLOOR_SCORE if self._floor.isChecked() else None,
            bag_penalty=self._bag_penalty.isChecked(),
            blind_nil=self._blind_nil.isChecked(),
        )
        return NewGameOptions(rules=rules, difficulty=level, game_number=number)


# --------------------------------------------------------------------------- score sheet

HandHistory = Sequence[Mapping[Team, HandScore]]
BidsAndTricks = Sequence[Mapping[Team, tuple[int, int]]]


class ScoreSheetWidget(QWidget):
    """The score sheet: one column per hand, per team SPEC §4's six rows and the bag count.

    Rows, grouped under "Us (N–S)" then "Them (E–W)": (bid / won, when given),
    contract, bags, Nil, bag penalty, hand total, running total, bag count.
    The running total is the sum of the hand totals so far (display only).
    Negative numbers use a minus sign and red text.
    """

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._history: list[Mapping[Team, HandScore]] = []
        self._bids: list[Mapping[Team, tuple[int, int]]] | None = None
        self._rows: dict[tuple[Team, str], int] = {}

        self._empty = QLabel()
        self._empty.setObjectName("empty")
        self._empty.setStyleSheet(_NOTE_STYLE)
        self._empty.setAlignment(Qt.AlignmentFlag.AlignCenter)

        self._table = QTableWidget(self)
        self._table.setObjectName("scoreTable")
        self._table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self._table.setSelectionMode(QAbstractItemView.SelectionMode.NoSelection)
        self._table.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        self._table.setWordWrap(False)
        self._table.setCornerButtonEnabled(False)
        self._table.setHorizontalScrollMode(QAbstractItemView.ScrollMode.ScrollPerPixel)
        self._table.horizontalHeader().setSectionResizeMode(
            QHeaderView.ResizeMode.ResizeToContents
        )
        self._table.horizontalHeader().setMinimumSectionSize(64)
        self._table.verticalHeader().setSectionResizeMode(QHeaderView.ResizeMode.Fixed)
        self._table.verticalHeader().setDefaultAlignment(
            Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter
        )
        self._table.setVerticalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAsNeeded)
        self._table.viewport().installEventFilter(self)

        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self._table)
        layout.addWidget(self._empty)
        self.retranslate()

    def retranslate(self) -> None:
        """Set every text in the current language (also on ``LanguageChange``)."""
        self._empty.setText(self.tr("No hand has been scored yet."))
        self.set_history(self._history, self._bids)

    def changeEvent(self, event: QEvent) -> None:  # noqa: N802 (Qt name)
        if event.type() == QEvent.Type.LanguageChange:
            self.retranslate()
        super().changeEvent(event)

    def header_texts(self) -> tuple[list[str], list[str]]:
        """The column headers ("Hand 1", …) and row headers as shown."""
        table = self._table
        columns = [table.horizontalHeaderItem(c).text() for c in range(table.columnCount())]
        rows = [table.verticalHeaderItem(r).text() for r in range(table.rowCount())]
        return columns, rows

    def _row_labels(self) -> dict[str, str]:
        return {
            "bid": self.tr("Bid / won"),
            "contract": self.tr("Contract"),
            "bags": self.tr("Bags"),
            "nil": self.tr("Nil"),
            "bag_penalty": self.tr("Bag penalty"),
            "total": self.tr("Hand total"),
            "running": self.tr("Running total"),
            "bag_count": self.tr("Bag count"),
        }

    def set_history(
        self,
        history: HandHistory,
        bids_and_tricks: BidsAndTricks | None = None,
    ) -> None:
        """Show the scored hands, oldest first.

        ``history[i][team]`` is the team's :class:`HandScore` for hand ``i + 1``;
        ``bids_and_tricks[i][team]``, when given, is that team's (bid, tricks won).
        """
        self._history = list(history)
        self._bids = list(bids_and_tricks) if bids_and_tricks is not None else None
        keys = (("bid",) if self._bids is not None else ()) + SCORE_ROW_KEYS
        labels = self._row_labels()
        table = self._table
        table.clear()
        table.clearSpans()
        n_hands = len(self._history)
        n_rows = 2 * (1 + len(keys))
        table.setRowCount(n_rows)
        table.setColumnCount(n_hands)
        table.setHorizontalHeaderLabels(
            [self.tr("Hand {number}").format(number=i + 1) for i in range(n_hands)]
        )

        header_font = QFont(self.font())
        header_font.setBold(True)
        self._rows.clear()
        row = 0
        for team in (Team.NS, Team.EW):
            head = QTableWidgetItem(team_label(team))
            head.setFont(header_font)
            head.setBackground(QBrush(QColor(FELT_GREEN)))
            head.setForeground(QBrush(QColor("white")))
            table.setVerticalHeaderItem(row, head)
            if n_hands:
                cell = QTableWidgetItem("")
                cell.setBackground(QBrush(QColor(FELT_GREEN)))
                table.setItem(row, 0, cell)
                if n_hands > 1:
                    table.setSpan(row, 0, 1, n_hands)
            row += 1
            for key in keys:
                label = QTableWidgetItem(labels[key])
                if key == "running":
                    label.setFont(header_font)
                table.setVerticalHeaderItem(row, label)
                self._rows[(team, key)] = row
                row += 1

        running = {Team.NS: 0, Team.EW: 0}
        for col, hand in enumerate(self._history):
            for team in (Team.NS, Team.EW):
                score = hand[team]
                running[team] += score.total
                for key in keys:
                    item = self._make_item(team, key, col, score, running[team], header_font)
                    table.setItem(self._rows[(team, key)], col, item)

        vheader = table.verticalHeader()
        vheader.setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
        self._empty.setVisible(n_hands == 0)
        self._fit_columns(force=True)
        if n_hands:
            table.scrollToItem(table.item(self._rows[(Team.NS, "total")], n_hands - 1))

    def _fit_columns(self, force: bool = False) -> None:
        """Spread few hands over the whole width; give many hands their natural
        width and a horizontal scroll bar. The table is kept tall enough to show
        every row without a vertical scroll bar."""
        table = self._table
        header = table.horizontalHeader()
        n = table.columnCount()
        stretch = True
        if n:
            natural = max(
                header.minimumSectionSize(),
                *(max(table.sizeHintForColumn(c), header.sectionSizeHint(c))
                  for c in range(n)),
            )
            stretch = natural * n <= table.viewport().width()
        mode = QHeaderView.ResizeMode.Stretch if stretch else QHeaderView.ResizeMode.Interactive
        if force or header.sectionResizeMode(0) != mode:
            header.setSectionResizeMode(mode)
            if not stretch:
                table.resizeColumnsToContents()
            height = (
                table.verticalHeader().length()
                + header.sizeHint().height()
                + 2 * table.frameWidth()
                + (0 if stretch else table.horizontalScrollBar().sizeHint().height())
            )
            table.setMinimumHeight(height)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if watched is self._table.viewport() and event.type() == QEvent.Type.Resize:
            self._fit_columns()
        return super().eventFilter(watched, event)

    def _make_item(
        self,
        team: Team,
        key: str,
        col: int,
        score: HandScore,
        running: int,
        bold: QFont,
    ) -> QTableWidgetItem:
        item = QTableWidgetItem()
        item.setTextAlignment(Qt.AlignmentFlag.AlignCenter)
        if key == "bid":
            assert self._bids is not None
            pair = self._bids[col].get(team) if col < len(self._bids) else None
            if pair is not None:
                bid, won = pair
                item.setText(f"{bid} / {won}")
                item.setToolTip(self.tr("Bid {bid}, won %n trick(s)", "", won).format(bid=bid))
            return item
        if key == "bag_count":
            item.setText(str(score.bags_after))
            if score.bag_penalty:
                item.setToolTip(self.tr("The bag penalty was applied in this hand."))
            return item
        value = {
            "contract": score.contract,
            "bags": score.bags,
            "nil": score.nil,
            "bag_penalty": score.bag_penalty,
            "total": score.total,
            "running": running,
        }[key]
        item.setText(signed_number(value))
        if value < 0:
            item.setForeground(QBrush(NEGATIVE_COLOR))
        elif value == 0 and key not in ("total", "running"):
            item.setForeground(QBrush(ZERO_COLOR))
        if key in ("total", "running"):
            item.setFont(bold)
        if key == "contract":
            if score.made is True:
                item.setToolTip(self.tr("Contract made"))
            elif score.made is False:
                item.setToolTip(self.tr("Contract set"))
            else:
                item.setToolTip(self.tr("No contract: both partners bid Nil"))
        return item

    def hand_count(self) -> int:
        """The number of hands shown."""
        return len(self._history)

    def cell_text(self, team: Team, row_key: str, hand_index: int) -> str:
        """The text shown for ``team``'s row ``row_key`` in hand ``hand_index`` (0-based).

        ``row_key`` is one of :data:`SCORE_ROW_KEYS`, or ``"bid"`` when bids were
        given. Raises ``KeyError`` for an unknown row and ``IndexError`` for a
        hand not shown.
        """
        item = self.cell_item(team, row_key, hand_index)
        return item.text() if item is not None else ""

    def cell_item(self, team: Team, row_key: str, hand_index: int) -> QTableWidgetItem | None:
        """The table item behind :meth:`cell_text` (for its colour and tooltip)."""
        row = self._rows[(team, row_key)]
        if not 0 <= hand_index < len(self._history):
            raise IndexError(f"No hand {hand_index} on the score sheet.")
        return self._table.item(row, hand_index)

    def table(self) -> QTableWidget:
        """The underlying table (for embedding tweaks and tests)."""
        return self._table


def _fit_height(dialog: QDialog) -> None:
    """Once shown (the score sheet now knows its real width), drop spare height."""
    layout = dialog.layout()
    if layout is not None:
        layout.activate()
    height = dialog.heightForWidth(dialog.width()) if dialog.hasHeightForWidth() else -1
    dialog.resize(dialog.width(), height if height > 0 else dialog.sizeHint().height())


class ScoreSheetDialog(QDialog):
    """A window holding a :class:`ScoreSheetWidget` and a Close button."""

    def __init__(
        self,
        parent: QWidget | None = None,
        history: HandHistory = (),
        bids_and_tricks: BidsAndTricks | None = None,
    ) -> None:
        super().__init__(parent)
        self._after_hand: int | None = None
        self._sheet = ScoreSheetWidget(self)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addWidget(self._sheet)
        layout.addWidget(buttons)
        self.set_history(history, bids_and_tricks)
        self.retranslate()
        self.resize(640, self.sizeHint().height())

    def set_after_hand(self, hand_number: int) -> None:
        """Title the sheet as the summary after hand ``hand_number``."""
        self._after_hand = hand_number
        self.retranslate()

    def retranslate(self) -> None:
        """Set the title in the current language (also on ``LanguageChange``)."""
        if self._after_hand is None:
            self.setWindowTitle(self.tr("Score Sheet"))
        else:
            self.setWindowTitle(self.tr("Hand {0} \u2014 score sheet").format(self._after_hand))

    def changeEvent(self, event: QEvent) -> None:  # noqa: N802 (Qt name)
        if event.type() == QEvent.Type.LanguageChange:
            self.retranslate()
        super().changeEvent(event)

    def showEvent(self, event: QShowEvent) -> None:
        super().showEvent(event)
        _fit_height(self)

    def set_history(
        self, history: HandHistory, bids_and_tricks: BidsAndTricks | None = None
    ) -> None:
        """See :meth:`ScoreSheetWidget.set_history`."""
        self._sheet.set_history(history, bids_and_tricks)

    def sheet(self) -> ScoreSheetWidget:
        """The embedded score sheet."""
        return self._sheet


# --------------------------------------------------------------------------- game over


class GameOverDialog(QDialog):
    """The end of a game (SPEC §5, §7): result, final scores, ranking points, score sheet.

    "New game" emits :attr:`new_game_requested` and closes with ``Accepted``;
    "Close" closes with ``Rejected``. ``ranking_points`` is what the caller
    awarded (shown only when positive).
    """

    new_game_requested = Signal()

    def __init__(
        self,
        parent: QWidget | None = None,
        *,
        result: GameResult,
        human_team: Team,
        ranking_points: int,
        history: HandHistory,
        bids_and_tricks: BidsAndTricks | None = None,
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
        self._reason = QLabel()
        self._reason.setObjectName("reason")
        self._reason.setWordWrap(True)
        banner_layout = QVBoxLayout(banner)
        banner_layout.setContentsMargins(20, 14, 20, 14)
        for label in (self._headline, self._scores, self._points, self._reason):
            label.setAlignment(Qt.AlignmentFlag.AlignCenter)
            banner_layout.addWidget(label)

        self._sheet = ScoreSheetWidget(self)
        self._sheet.set_history(history, bids_and_tricks)

        buttons = QDialogButtonBox()
        self._new_game = buttons.addButton("", QDialogButtonBox.ButtonRole.AcceptRole)
        self._close = buttons.addButton(QDialogButtonBox.StandardButton.Close)
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
        self._reason.setText(self._reason_text(result))
        self._new_game.setText(self.tr("New game"))

    def changeEvent(self, event: QEvent) -> None:  # noqa: N802 (Qt name)
        if event.type() == QEvent.Type.LanguageChange:
            self.retranslate()
        super().changeEvent(event)

    def showEvent(self, event: QShowEvent) -> None:
        super().showEvent(event)
        _fit_height(self)

    def _reason_text(self, result: GameResult) -> str:
        if result.reason is EndReason.TARGET:
            return self.tr("A team reached the target score after %n hand(s).", "",
                           result.hands_played)
        if result.reason is EndReason.FLOOR:
            return self.tr("A team fell to the lowest allowed score after %n hand(s).", "",
                           result.hands_played)
        return self.tr("The game stopped at the limit of %n hand(s).", "",
                       result.hands_played)

    @Slot()
    def _on_new_game(self) -> None:
        self.new_game_requested.emit()
        self.accept()

    def headline(self) -> str:
        """The headline as shown: "You win!", "You lose." or "Draw."."""
        return self._headline.text()

    def scores_text(self) -> str:
        """The final-score line as shown."""
        return self._scores.text()

    def points_text(self) -> str:
        """The ranking-points line (empty meaning when hidden)."""
        return self._points.text() if not self._points.isHidden() else ""

    def new_game_button(self) -> QWidget:
        """The "New game" button."""
        return self._new_game

    def sheet(self) -> ScoreSheetWidget:
        """The embedded score sheet."""
        return self._sheet


# --------------------------------------------------------------------------- settings

SPEED_SLIDER_MAX = 30
"""The slider runs 0–30; the animation speed is the slider value / 10 (0 = instant)."""


class SettingsDialog(QDialog):
    """Display settings that apply at once (SPEC §7): language, animation speed and
    bid advice.

    ``animation_speed`` is 0.0–3.0 (0 = instant, 1 = normal, 3 = slow), in steps
    of 0.1. :attr:`changed` is emitted on every change with the new values.
    ``language`` is a ``Settings.language`` value ("system", "en", "zh_CN");
    :attr:`language_changed` is emitted with the new value when another is chosen.
    """

    changed = Signal(float, bool)
    language_changed = Signal(str)

    def __init__(
        self,
        parent: QWidget | None = None,
        *,
        animation_speed: float,
        show_bid_advice: bool,
        language: str = "system",
    ) -> None:
        super().__init__(parent)

        language_box = self._language_box = QGroupBox()
        self._language = QComboBox()
        self._language.setObjectName("language")
        for code in ("system", *LANGUAGE_NAMES):
            self._language.addItem("", code)
        index = self._language.findData(language)
        self._language.setCurrentIndex(max(0, index))
        language_layout = QVBoxLayout(language_box)
        language_layout.addWidget(self._language)

        anim_box = self._anim_box = QGroupBox()
        self._slider = QSlider(Qt.Orientation.Horizontal)
        self._slider.setObjectName("animationSpeed")
        self._slider.setRange(0, SPEED_SLIDER_MAX)
        self._slider.setSingleStep(1)
        self._slider.setPageStep(5)
        self._slider.setTickPosition(QSlider.TickPosition.TicksBelow)
        self._slider.setTickInterval(5)
        self._slider.setValue(round(max(0.0, min(3.0, animation_speed)) * 10))
        self._value_label = QLabel()
        self._value_label.setObjectName("speedValue")
        self._value_label.setMinimumWidth(
            self._value_label.fontMetrics().horizontalAdvance("0000000000")
        )
        self._value_label.setAlignment(
            Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter
        )
        self._instant = QLabel()
        self._slow = QLabel()
        self._slow.setAlignment(Qt.AlignmentFlag.AlignRight)
        for end in (self._instant, self._slow):
            end.setStyleSheet(_NOTE_STYLE)
        self._speed_caption = QLabel()
        grid = QGridLayout(anim_box)
        grid.addWidget(self._speed_caption, 0, 0, 1, 2)
        grid.addWidget(self._value_label, 0, 2)
        grid.addWidget(self._slider, 1, 0, 1, 3)
        grid.addWidget(self._instant, 2, 0)
        grid.addWidget(self._slow, 2, 2)
        grid.setColumnStretch(1, 1)

        advice_box = self._advice_box = QGroupBox()
        self._advice = QCheckBox()
        self._advice.setObjectName("showBidAdvice")
        self._advice.setChecked(show_bid_advice)
        self._advice_note = QLabel()
        self._advice_note.setStyleSheet(_NOTE_STYLE)
        self._advice_note.setWordWrap(True)
        advice_layout = QVBoxLayout(advice_box)
        advice_layout.addWidget(self._advice)
        advice_layout.addWidget(self._advice_note)

        self._note = QLabel()
        self._note.setStyleSheet(_NOTE_STYLE)

        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        buttons.rejected.connect(self.accept)

        layout = QVBoxLayout(self)
        layout.addWidget(language_box)
        layout.addWidget(anim_box)
        layout.addWidget(advice_box)
        layout.addWidget(self._note)
        layout.addWidget(buttons)
        self.setMinimumWidth(380)

        self.retranslate()
        self._slider.valueChanged.connect(self._on_changed)
        self._advice.toggled.connect(self._on_changed)
        self._language.currentIndexChanged.connect(self._on_language)

    def retranslate(self) -> None:
        """Set every text in the current language (also on ``LanguageChange``)."""
        self.setWindowTitle(self.tr("Settings"))
        self._language_box.setTitle(self.tr("Language"))
        for i in range(self._language.count()):
            code = self._language.itemData(i)
            name = (self.tr("System language") if code == "system"
                    else LANGUAGE_NAMES.get(code, code))
            self._language.setItemText(i, name)
        self._language.setAccessibleName(self.tr("Language"))
        self._anim_box.setTitle(self.tr("Animations"))
        self._slider.setAccessibleName(self.tr("Animation speed"))
        self._instant.setText(self.tr("Instant"))
        self._slow.setText(self.tr("Slow"))
        self._speed_caption.setText(self.tr("Animation speed:"))
        self._advice_box.setTitle(self.tr("Bidding"))
        self._advice.setText(self.tr("Show bid advice"))
        self._advice_note.setText(
            self.tr("Marks a recommended bid in the bid panel, with a one-line reason.")
        )
        self._note.setText(self.tr("These settings apply at once."))
        self._update_value_label()

    def changeEvent(self, event: QEvent) -> None:  # noqa: N802 (Qt name)
        if event.type() == QEvent.Type.LanguageChange:
            self.retranslate()
        super().changeEvent(event)

    @Slot()
    def _on_language(self) -> None:
        self.language_changed.emit(self.language())

    def language(self) -> str:
        """The chosen ``Settings.language`` value."""
        return str(self._language.currentData())

    def _update_value_label(self) -> None:
        value = self._slider.value()
        if value == 0:
            text = self.tr("Instant")
        elif value == 10:
            text = self.tr("Normal")
        else:
            factor = QLocale().toString(value / 10, "f", 1)
            text = self.tr("{factor}\u00d7 normal time").format(factor=factor)
        self._value_label.setText(text)

    @Slot()
    def _on_changed(self) -> None:
        self._update_value_label()
        self.changed.emit(*self.values())

    def values(self) -> tuple[float, bool]:
        """The current (animation_speed, show_bid_advice)."""
        return self._slider.value() / 10, self._advice.isChecked()

    def speed_text(self) -> str:
        """The speed as described next to the slider."""
        return self._value_label.text()


# --------------------------------------------------------------------------- rules


class RulesDialog(QDialog):
    """How to play, in the app's own words (SPEC §1–§5), in a scrollable text browser."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._browser = QTextBrowser(self)
        self._browser.setObjectName("rulesText")
        self._browser.setOpenExternalLinks(False)
        self._browser.document().setDefaultStyleSheet(
            f"h1 {{ color: {FELT_GREEN}; }} h2 {{ color: {FELT_GREEN}; margin-top: 14px; }}"
            "p { margin-bottom: 6px; } .example { margin-left: 12px; font-style: italic; }"
        )
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addWidget(self._browser)
        layout.addWidget(buttons)
        self.retranslate()
        self.resize(600, 640)

    def retranslate(self) -> None:
        """Set the title and the text in the current language (also on
        ``LanguageChange``)."""
        self.setWindowTitle(self.tr("Rules of Spades"))
        position = self._browser.verticalScrollBar().value()
        self._browser.setHtml(self._html())
        self._browser.verticalScrollBar().setValue(position)

    def changeEvent(self, event: QEvent) -> None:  # noqa: N802 (Qt name)
        if event.type() == QEvent.Type.LanguageChange:
            self.retranslate()
        super().changeEvent(event)

    def _html(self) -> str:
        def h(title: str) -> str:
            return f"<h2>{html.escape(title)}</h2>"

        def p(text: str, css: str = "") -> str:
            cls = f' class="{css}"' if css else ""
            return f"<p{cls}>{html.escape(text)}</p>"

        title = self.tr("How to play Spades")
        parts = [
            f"<h1>{html.escape(title)}</h1>",
            p(self.tr(
                "Spades is a trick-taking game for two partnerships. Each hand, every "
                "player says how many tricks they will win, and the partners then try to "
                "win exactly that many together, no fewer and not too many more."
            )),
            h(self.tr("The table")),
            p(self.tr(
                "Four players sit around the table. You are South; your partner, North, "
                "sits opposite you, and the two opponents are West and East. Partners "
                "pool their tricks and share one score."
            )),
            p(self.tr(
                "The game uses one ordinary deck of 52 cards with no jokers. In every "
                "suit the ace is the highest card and the two the lowest. Spades are "
                "always trumps."
            )),
            h(self.tr("Dealing")),
            p(self.tr(
                "The dealer hands out the whole deck one card at a time, clockwise, "
                "beginning with the player on the dealer's left, so that everyone holds "
                "13 cards. East deals the first hand, which means you bid and lead "
                "first; after every hand the deal moves one seat clockwise."
            )),
            h(self.tr("Bidding")),
            p(self.tr(
                "Going clockwise from the dealer's left, each player bids once: the "
                "number of tricks, from 0 to 13, they expect to win. Nobody may pass or "
                "change a bid, and each bid is visible to all as soon as it is made. "
                "The four bids need not add up to 13."
            )),
            p(self.tr(
                "A bid of zero is called Nil: a promise to win no tricks at all. The "
                "Nil bidder's partner still plays for their own bid."
            )),
            p(self.tr(
                "Blind Nil is an optional rule that you can switch on when starting a "
                "new game. A player whose team is at least 100 points behind when a hand "
                "begins may bid Nil before looking at their cards. It is worth twice as "
                "much as a normal Nil: 200 points won or lost."
            )),
            h(self.tr("Playing")),
            p(self.tr(
                "The player on the dealer's left leads to the first trick. Everyone "
                "then plays one card in turn, clockwise, and whoever wins the trick "
                "leads to the next one."
            )),
            p(self.tr(
                "You must play a card of the suit that was led if you have one. If you "
                "have none, you may play any card, a spade included."
            )),
            p(self.tr(
                "If a trick contains a spade, the highest spade wins it. Otherwise the "
                "highest card of the suit that was led wins; a card of any other suit "
                "can never win."
            )),
            p(self.tr(
                "Nobody may lead a spade until spades are broken, which happens the "
                "first time anyone plays a spade in the hand, whether to trump or to "
                "discard. A player who holds nothing but spades may lead one anyway."
            )),
            h(self.tr("Scoring")),
            p(self.tr(
                "A team's contract is the sum of its players' bids, not counting Nil "
                "bids, and only the tricks of the players who did not bid Nil count "
                "toward it."
            )),
            p(self.tr(
                "If those tricks reach the contract, the team scores 10 points for "
                "every trick it bid and 1 more point for every extra trick. If they fall "
                "short, the contract is set: the team loses 10 points for every trick it "
                "bid and gets nothing for extra tricks. Winning all 13 tricks earns no "
                "special bonus."
            )),
            p(self.tr(
                "Every extra trick is also a bag, and each team keeps a running count of "
                "its bags. When the bag penalty is on (it is by default), a team whose "
                "count reaches 10 loses 100 points and 10 bags, and any bags beyond 10 "
                "stay on the count. When it is off, bags still score a point each and "
                "are still counted, but never cost anything."
            )),
            p(self.tr(
                "A Nil bidder who wins no trick earns 100 points for the team; one who "
                "wins even a single trick costs the team 100 points (Blind Nil: 200 "
                "either way). The tricks won by a failed Nil never help the partner's "
                "contract, but each of them counts as one bag, even when the partner "
                "is set."
            )),
            p(self.tr(
                "Example: your partner bids 5 and wins 4 tricks, while you bid Nil and "
                "win 2. The contract is set (\u221250), your Nil fails (\u2212100) and "
                "your 2 tricks are 2 bags (+2), so the hand costs your team 148 points."
            ), "example"),
            p(self.tr(
                "Example: a team has 337 points and 7 bags and bids 5. If it wins 7 "
                "tricks it reaches 389 points with 9 bags. If it wins 8, its bags reach "
                "10, so it ends the hand with 290 points and 0 bags; with 9 tricks it "
                "would have 291 points and 1 bag."
            ), "example"),
            p(self.tr(
                "The score sheet lists, for each hand and team, the points for the "
                "contract, the bags, Nil and the bag penalty, the hand total and the "
                "running total, together with the bag count."
            )),
            h(self.tr("End of the game")),
            p(self.tr(
                "The scores are checked after every hand. The game ends when a team "
                "reaches the target score (500 points unless you chose another) or, if "
                "the floor rule is on, when a team has \u2212200 points or fewer. The "
                "team with more points wins."
            )),
            p(self.tr(
                "If both teams have the same score at that moment, another hand is "
                "played. After 30 hands the game ends in any case, and equal scores "
                "are then a draw."
            )),
            p(self.tr(
                "A won game earns ranking points for your statistics: 10 on Easy, 30 on "
                "Normal and 100 on Expert."
            )),
        ]
        return "".join(parts)

    def text(self) -> str:
        """The rules as plain text."""
        return self._browser.toPlainText()


# --------------------------------------------------------------------------- about


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
    QMessageBox.about(parent, title, text)
