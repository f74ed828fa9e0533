"""The score sheet: a widget and its window (docs/rules.md §4).

One row per hand; per team its bids, tricks, hand total, bag count and running total, and
for the current hand the hand total's parts (docs/rules.md §4). The window adds the chart
of the running totals (:mod:`.score_chart`) under the table. Display only: the
scores come from the engine's :class:`~spades_desktop.engine.HandScore`.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from PySide6.QtCore import QEvent, QObject, QSize, Qt, Signal
from PySide6.QtGui import QBrush, QColor, QFont, QKeyEvent, QShowEvent
from PySide6.QtWidgets import (
    QAbstractItemView,
    QDialog,
    QDialogButtonBox,
    QHeaderView,
    QLabel,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from spades_desktop.engine import Bid, HandRecord, HandScore, Rules, Seat, Team, running_totals

from ..house_rules_text import in_force_name
from ..texts import bid_text, seat_name, signed_number, team_label, team_name
from .common import NOTE_STYLE, centre_over_parent, describe_buttons, fit_height, fit_screen
from .score_chart import ScoreChart

__all__ = [
    "PART_KEYS",
    "SCORE_KEYS",
    "BidsAndTricks",
    "HandHistory",
    "ScoreSheetDialog",
    "records_to_sheet",
    "ScoreSheetWidget",
]

NEGATIVE_COLOR = QColor("#c0392b")

PART_KEYS: tuple[str, ...] = ("contract", "bags", "nil", "bag_penalty")
"""The parts of a hand total (docs/rules.md §4), in the ``breakdown`` line's order."""
_COLUMN_KEYS: tuple[str, ...] = ("total", "bag_count", "running")
SCORE_KEYS: tuple[str, ...] = (*PART_KEYS, "total", "running", "bag_count")
"""Keys of :meth:`ScoreSheetWidget.cell_text`: docs/rules.md §4's six values and the bag count."""

HandHistory = Sequence[Mapping[Team, HandScore]]
"""``history[i][team]``: the team's score for hand ``i + 1``."""
BidsAndTricks = Sequence[Mapping[Seat, tuple[Bid, int]]]
"""``bids_and_tricks[i][seat]``: the player's (bid, tricks won) in hand ``i + 1``."""


def records_to_sheet(records: Sequence[HandRecord]) -> tuple[HandHistory, BidsAndTricks]:
    """The score sheet's rows from the engine's records of finished hands: per hand the
    teams' scores and each player's bid and tricks won (docs/rules.md §4). Raises ``ValueError``
    for a record of a hand not yet finished."""
    history = []
    bids: list[dict[Seat, tuple[Bid, int]]] = []
    for record in records:
        if record.score is None:
            raise ValueError(f"Hand {record.hand_number} is not finished.")
        history.append(record.score)
        bids.append(
            {
                seat: (bid, record.tricks_won[seat])
                for seat, bid in zip(Seat, record.bids, strict=True)
                if bid is not None
            }
        )
    return history, bids


class ScoreSheetWidget(QWidget):
    """The score sheet: one row per hand, oldest first, so that a long game scrolls down.

    Columns: "Hand" (its number), then per team, North–South first, headed by the team's
    short name: "Bid" and "Tricks" (when bids are given: the team's two players' bids
    and tricks won, in seat order, joined by " · ", the heading's third line naming the
    seats in that order, "You · North" or "West · East"), "Points" (the hand total), "Bags"
    (the bag count after the hand) and "Total" (the running total, the sum of the hand
    totals so far). Negative numbers use a minus sign and red text; a set contract's bids
    are red too. The hand total's parts (docs/rules.md §4: contract, bags, Nil, bag
    penalty) are shown for the current row in the ``breakdown`` line under the table
    and in the tooltip of each "Points" cell. Display only.

    ``current_hand_changed(index)``: the current row moved to hand ``index`` (0-based);
    the arrow keys move it (the table takes the focus), a click selects a row.

    Object names (tests and tools may rely on them): the widget itself ``sheet``; its
    ``QTableWidget`` ``scoreTable``; its ``QLabel`` ``breakdown`` (the current hand's
    parts, three lines: "Hand n", then one line per team) and ``empty`` (shown while no
    hand is scored).
    """

    current_hand_changed = Signal(int)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("sheet")
        self._history: list[Mapping[Team, HandScore]] = []
        self._bids: list[Mapping[Seat, tuple[Bid, int]]] | None = None
        self._columns: dict[tuple[Team, str], int] = {}

        self._empty = QLabel()
        self._empty.setObjectName("empty")
        self._empty.setStyleSheet(NOTE_STYLE)
        self._empty.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self._breakdown = QLabel()
        self._breakdown.setObjectName("breakdown")
        self._breakdown.setWordWrap(True)
        self._breakdown.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)

        self._table = QTableWidget(self)
        self._table.setObjectName("scoreTable")
        self._table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self._table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self._table.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self._table.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
        self._table.setWordWrap(False)
        self._table.setCornerButtonEnabled(False)
        self._table.setVerticalScrollMode(QAbstractItemView.ScrollMode.ScrollPerPixel)
        self._table.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAsNeeded)
        self._table.setVerticalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAsNeeded)
        self._table.verticalHeader().hide()
        self._table.verticalHeader().setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
        self._table.horizontalHeader().setMinimumSectionSize(40)
        self._table.horizontalHeader().setHighlightSections(False)
        self._table.viewport().installEventFilter(self)
        self._table.currentCellChanged.connect(self._on_current_cell)

        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self._table, 1)
        layout.addWidget(self._breakdown)
        layout.addWidget(self._empty)
        self.retranslate()

    def retranslate(self) -> None:
        """Set every text in the current language (also on ``LanguageChange``)."""
        self._empty.setText(self.tr("No hand has been scored yet."))
        self._table.setAccessibleName(self.tr("Score sheet"))
        self._table.setAccessibleDescription(self.tr(
            "One row per hand: each team's bids, tricks, points, bags and running total."))
        self.set_history(self._history, self._bids)

    def changeEvent(self, event: QEvent) -> None:  # noqa: N802 (Qt name)
        if event.type() == QEvent.Type.LanguageChange:
            self.retranslate()
        super().changeEvent(event)

    def _column_labels(self) -> dict[str, str]:
        return {
            "bid": self.tr("Bid"),
            "tricks": self.tr("Tricks"),
            "total": self.tr("Points"),
            "bag_count": self.tr("Bags"),
            "running": self.tr("Total"),
        }

    def _order(self, team: Team) -> str:
        """The seats of ``team``'s "Bid" and "Tricks" cells, in the cells' order."""
        if team is Team.NS:
            return self.tr("You \u00b7 North", "the order of the two numbers in a cell")
        return self.tr("West \u00b7 East", "the order of the two numbers in a cell")

    def column_keys(self) -> tuple[str, ...]:
        """Each team's column keys, in order: ``"bid"`` and ``"tricks"`` (when bids were
        given), ``"total"``, ``"bag_count"``, ``"running"``."""
        return (("bid", "tricks") if self._bids is not None else ()) + _COLUMN_KEYS

    def set_history(
        self,
        history: HandHistory,
        bids_and_tricks: BidsAndTricks | None = None,
    ) -> None:
        """Show the scored hands, oldest first; the last one becomes the current row.

        ``history[i][team]`` is the team's :class:`HandScore` for hand ``i + 1``;
        ``bids_and_tricks[i][seat]``, when given, is that player's (bid, tricks won),
        shown in the team's "Bid" and "Tricks" columns (the team's two seats in seat
        order).
        """
        self._history = list(history)
        self._bids = list(bids_and_tricks) if bids_and_tricks is not None else None
        keys = self.column_keys()
        labels = self._column_labels()
        table = self._table
        table.blockSignals(True)
        table.clear()
        n_hands = len(self._history)
        table.setRowCount(n_hands)
        table.setColumnCount(1 + 2 * len(keys))
        headers = [self.tr("Hand")]
        self._columns.clear()
        tips = [""]
        for team in (Team.NS, Team.EW):
            first, second = team.seats
            for key in keys:
                self._columns[(team, key)] = len(headers)
                if key in ("bid", "tricks"):  # two numbers: say whose is which
                    headers.append(f"{team_name(team)}\n{labels[key]}\n{self._order(team)}")
                    tips.append(self.tr("{team}: {first}, then {second}").format(
                        team=team_label(team), first=seat_name(first), second=seat_name(second)))
                else:
                    headers.append(f"{team_name(team)}\n{labels[key]}")
                    tips.append(team_label(team))
        table.setHorizontalHeaderLabels(headers)
        for col, tip in enumerate(tips):
            head = table.horizontalHeaderItem(col)
            if head is not None and tip:
                head.setToolTip(tip)

        bold = QFont(self.font())
        bold.setBold(True)
        totals = running_totals(self._history)
        for row, hand in enumerate(self._history):
            number = QTableWidgetItem(str(row + 1))
            number.setTextAlignment(Qt.AlignmentFlag.AlignCenter)
            table.setItem(row, 0, number)
            for team in (Team.NS, Team.EW):
                for key in keys:
                    item = self._make_item(team, key, row, hand[team], totals[row][team], bold)
                    table.setItem(row, self._columns[(team, key)], item)
        table.blockSignals(False)

        self._empty.setVisible(n_hands == 0)
        self._breakdown.setVisible(n_hands > 0)
        self._fit_columns(force=True)
        if n_hands:
            table.setCurrentCell(n_hands - 1, 0)
            table.scrollToBottom()
        self._show_breakdown()

    def current_hand(self) -> int | None:
        """The current row's hand (0-based; the last hand after :meth:`set_history`),
        or ``None`` while no hand is shown."""
        row = self._table.currentRow()
        return row if 0 <= row < len(self._history) else None

    def _on_current_cell(self, row: int, _col: int, old_row: int, _old_col: int) -> None:
        self._show_breakdown()
        if row != old_row and 0 <= row < len(self._history):
            self.current_hand_changed.emit(row)

    def _show_breakdown(self) -> None:
        index = self.current_hand()
        if index is None:
            self._breakdown.setText("")
            return
        lines = [self.tr("Hand {number}").format(number=index + 1)]
        lines += [self._parts_text(team, self._history[index][team]) for team in Team]
        self._breakdown.setText("\n".join(lines))

    def _parts_text(self, team: Team, score: HandScore) -> str:
        return self.tr(
            "{team}: contract {contract} · bags {bags} · Nil {nil} · bag penalty "
            "{penalty} = {total}"
        ).format(
            team=team_label(team),
            contract=signed_number(score.contract),
            bags=signed_number(score.bags),
            nil=signed_number(score.nil),
            penalty=signed_number(score.bag_penalty),
            total=signed_number(score.total),
        )

    def natural_width(self) -> int:
        """The width, in pixels, that shows every column at its natural width without a
        horizontal scroll bar (a vertical one included)."""
        table = self._table
        return (
            sum(self._natural(c) for c in range(table.columnCount()))
            + table.verticalScrollBar().sizeHint().width()
            + 2 * table.frameWidth()
        )

    def _natural(self, column: int) -> int:
        table = self._table
        return max(
            table.horizontalHeader().minimumSectionSize(),
            table.sizeHintForColumn(column),
            table.horizontalHeader().sectionSizeHint(column),
        )

    def _fit_columns(self, force: bool = False) -> None:
        """Give each column its natural width and, when they fit, a share of the spare
        width, so that they fill the whole width; else a horizontal scroll bar. The table
        is kept tall enough for its header and three hands; a longer game scrolls down."""
        table = self._table
        header = table.horizontalHeader()
        widths = [self._natural(c) for c in range(table.columnCount())]
        spare = table.viewport().width() - sum(widths)
        stretch = spare >= 0
        if force or stretch or header.sectionResizeMode(0) != QHeaderView.ResizeMode.Interactive:
            header.setSectionResizeMode(QHeaderView.ResizeMode.Interactive)
            count = len(widths)
            for c, width in enumerate(widths):
                # the spare width shared out, so that no heading is cut
                share = (spare * (c + 1)) // count - (spare * c) // count if stretch else 0
                table.setColumnWidth(c, width + share)
        row_h = max(
            table.verticalHeader().defaultSectionSize(),
            table.sizeHintForRow(0) if table.rowCount() else 0,
        )
        scroll = 0 if stretch else table.horizontalScrollBar().sizeHint().height()
        table.setMinimumHeight(
            header.sizeHint().height() + 3 * row_h + 2 * table.frameWidth() + scroll
        )

    def sizeHint(self) -> QSize:  # noqa: N802 (Qt name)
        """As wide as :meth:`natural_width`; tall enough for up to eight hands."""
        hint = super().sizeHint()
        table = self._table
        rows = min(8, max(3, table.rowCount()))
        row_h = max(
            table.verticalHeader().defaultSectionSize(),
            table.sizeHintForRow(0) if table.rowCount() else 0,
        )
        extra = rows * row_h - 3 * row_h
        return QSize(max(hint.width(), self.natural_width()), hint.height() + extra)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if watched is self._table.viewport() and event.type() == QEvent.Type.Resize:
            self._fit_columns()
        return super().eventFilter(watched, event)

    def _make_item(
        self,
        team: Team,
        key: str,
        row: int,
        score: HandScore,
        running: int,
        bold: QFont,
    ) -> QTableWidgetItem:
        item = QTableWidgetItem()
        item.setTextAlignment(Qt.AlignmentFlag.AlignCenter)
        if key in ("bid", "tricks"):
            assert self._bids is not None
            players = self._bids[row] if row < len(self._bids) else {}
            shown = [(seat, players[seat]) for seat in team.seats if seat in players]
            item.setText(
                " \u00b7 ".join(
                    bid_text(bid) if key == "bid" else str(won) for _, (bid, won) in shown
                )
            )
            item.setToolTip(
                "\n".join(
                    self.tr("{seat}: bid {bid}, won %n trick(s)", "", won).format(
                        seat=seat_name(seat), bid=bid_text(bid)
                    )
                    for seat, (bid, won) in shown
                )
            )
            if key == "bid" and score.made is False:
                item.setForeground(QBrush(NEGATIVE_COLOR))
            return item
        if key == "bag_count":
            item.setText(str(score.bags_after))
            if score.bag_penalty:
                item.setToolTip(self.tr("The bag penalty was applied in this hand."))
            return item
        value = score.total if key == "total" else running
        item.setText(signed_number(value))
        if value < 0:
            item.setForeground(QBrush(NEGATIVE_COLOR))
        if key == "running":
            item.setFont(bold)
            return item
        if score.ten_for_200:
            verdict = self.tr("Contract made ({0})",
                              "{0}: the name of the house rule that made it worth more"
                              ).format(in_force_name("ten_for_200", True))
        elif score.made is True:
            verdict = self.tr("Contract made")
        elif score.made is False:
            verdict = self.tr("Contract set")
        else:
            verdict = self.tr("No contract: both partners bid Nil")
        item.setToolTip(f"{verdict}\n{self._parts_text(team, score)}")
        return item

    def set_records(self, records: Sequence[HandRecord]) -> None:
        """Show the finished hands from the engine's records, with each player's bid and
        tricks won (see :func:`records_to_sheet`)."""
        self.set_history(*records_to_sheet(records))

    def hand_count(self) -> int:
        """The number of hands shown."""
        return len(self._history)

    def cell_text(self, team: Team, key: str, hand_index: int) -> str:
        """The text shown for ``team``'s ``key`` in hand ``hand_index`` (0-based).

        ``key`` is one of :data:`SCORE_KEYS` or, when bids were given, ``"bid"`` or
        ``"tricks"``. A column's key gives its cell's text; a part of the hand total
        (``"contract"``, ``"bags"``, ``"nil"``, ``"bag_penalty"``) gives the number the
        ``breakdown`` line and the "Points" tooltip show for it. Raises ``KeyError`` for
        an unknown key and ``IndexError`` for a hand not shown.
        """
        if key in PART_KEYS:
            if not 0 <= hand_index < len(self._history):
                raise IndexError(f"No hand {hand_index} on the score sheet.")
            return signed_number(getattr(self._history[hand_index][team], key))
        item = self.cell_item(team, key, hand_index)
        return item.text() if item is not None else ""

    def cell_item(self, team: Team, key: str, hand_index: int) -> QTableWidgetItem | None:
        """The table item behind :meth:`cell_text` for a column's key (for its colour
        and tooltip). Raises ``KeyError`` for a key without a column."""
        column = self._columns[(team, key)]
        if not 0 <= hand_index < len(self._history):
            raise IndexError(f"No hand {hand_index} on the score sheet.")
        return self._table.item(hand_index, column)

    def breakdown_text(self) -> str:
        """The ``breakdown`` line's text (empty while no hand is shown)."""
        return self._breakdown.text()

    def table(self) -> QTableWidget:
        """The underlying table (for embedding tweaks and tests)."""
        return self._table


class ScoreSheetDialog(QDialog):
    """A window holding a :class:`ScoreSheetWidget`, the :class:`ScoreChart` of the
    running totals under it (hidden while no hand is scored), a Review hand button and a
    Close button.

    ``review_requested(index)``: the player asked to review hand ``index`` (0-based): the
    current row's hand (the last one unless the player moved), with the Review hand
    button (Alt+R), Enter in the table or a double click on a row.

    Object names (tests and tools may rely on them): the :class:`ScoreSheetWidget`
    ``sheet``, the :class:`ScoreChart` ``scoreChart`` and the ``QPushButton``
    ``review_button`` (enabled once a hand has been scored).
    """

    review_requested = Signal(int)

    def __init__(
        self,
        parent: QWidget | None = None,
        history: HandHistory = (),
        bids_and_tricks: BidsAndTricks | None = None,
    ) -> None:
        super().__init__(parent)
        self._sheet = ScoreSheetWidget(self)
        self._chart = ScoreChart(self)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        buttons.rejected.connect(self.reject)
        self._review_button = buttons.addButton("", QDialogButtonBox.ButtonRole.ActionRole)
        self._review_button.setObjectName("review_button")
        self._review_button.setAutoDefault(False)
        self._review_button.clicked.connect(self._on_review)
        table = self._sheet.table()
        table.doubleClicked.connect(lambda index: self._review(index.row()))
        table.installEventFilter(self)
        layout = QVBoxLayout(self)
        layout.addWidget(self._sheet, 3)
        layout.addWidget(self._chart, 2)
        layout.addWidget(buttons)
        self.set_history(history, bids_and_tricks)
        self.retranslate()
        fit_screen(
            self, QSize(max(640, self._sheet.natural_width() + 24), self.sizeHint().height())
        )

    def retranslate(self) -> None:
        """Set the title in the current language (also on ``LanguageChange``)."""
        self._review_button.setText(self.tr("&Review hand…"))
        self._review_button.setToolTip(
            self.tr(
                "Replay the selected hand (or the last one) "
                "trick by trick with the coach's comments"
            )
        )
        self.setWindowTitle(self.tr("Score Sheet"))
        describe_buttons(self)

    def changeEvent(self, event: QEvent) -> None:  # noqa: N802 (Qt name)
        if event.type() == QEvent.Type.LanguageChange:
            self.retranslate()
        super().changeEvent(event)

    def showEvent(self, event: QShowEvent) -> None:
        super().showEvent(event)
        self._fit_width()
        fit_height(self)

    def _fit_width(self) -> None:
        """Widen the window, as far as the screen allows, until the score table shows
        every column without a horizontal scroll bar (its columns widen with the
        language, the style and the numbers of a long game)."""
        margins = self.layout().contentsMargins()
        wanted = self._sheet.natural_width() + margins.left() + margins.right() + 4
        if self.width() < wanted:
            fit_screen(self, QSize(wanted, self.height()))
            centre_over_parent(self)

    def set_history(
        self,
        history: HandHistory,
        bids_and_tricks: BidsAndTricks | None = None,
        rules: Rules | None = None,
    ) -> None:
        """See :meth:`ScoreSheetWidget.set_history`; the chart shows the same hands with
        ``rules``' target score and floor (none drawn without ``rules``)."""
        self._sheet.set_history(history, bids_and_tricks)
        self._chart.set_history(
            history,
            rules.target_score if rules is not None else None,
            rules.floor_score if rules is not None else None,
        )
        self._chart.setVisible(len(history) > 0)
        self._review_button.setEnabled(self._sheet.hand_count() > 0)
        if self.isVisible():
            self._fit_width()

    def set_records(self, records: Sequence[HandRecord], rules: Rules | None = None) -> None:
        """See :meth:`ScoreSheetWidget.set_records` and :meth:`set_history`."""
        self.set_history(*records_to_sheet(records), rules=rules)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:  # noqa: N802 (Qt name)
        if (
            watched is self._sheet.table()
            and event.type() == QEvent.Type.KeyPress
            and isinstance(event, QKeyEvent)
            and event.key() in (Qt.Key.Key_Return, Qt.Key.Key_Enter)
        ):
            self._on_review()
            return True
        return super().eventFilter(watched, event)

    def _on_review(self) -> None:
        current = self._sheet.current_hand()
        count = self._sheet.hand_count()
        if count:
            self._review(current if current is not None else count - 1)

    def _review(self, index: int) -> None:
        if 0 <= index < self._sheet.hand_count():
            self.review_requested.emit(index)
