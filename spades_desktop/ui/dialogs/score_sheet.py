"""The score sheet: a widget and its window (docs/rules.md §4).

One column per hand; per team docs/rules.md §4's six rows and the bag count. The window adds the
chart of the running totals (:mod:`.score_chart`) under the grid. Display only: the
scores come from the engine's :class:`~spades_desktop.engine.HandScore`.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from PySide6.QtCore import QEvent, QObject, Qt, Signal
from PySide6.QtGui import QBrush, QColor, QFont, QShowEvent
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

from ..texts import bid_text, seat_name, signed_number, team_label
from .common import FELT_GREEN, NOTE_STYLE, fit_height
from .score_chart import ScoreChart

__all__ = [
    "SCORE_ROW_KEYS",
    "BidsAndTricks",
    "HandHistory",
    "ScoreSheetDialog",
    "records_to_sheet",
    "ScoreSheetWidget",
]

NEGATIVE_COLOR = QColor("#c0392b")
ZERO_COLOR = QColor("#8b918d")

SCORE_ROW_KEYS: tuple[str, ...] = (
    "contract", "bags", "nil", "bag_penalty", "total", "running", "bag_count",
)
"""Row keys of :meth:`ScoreSheetWidget.cell_text`: docs/rules.md §4's six rows and the bag count."""

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
        bids.append({seat: (bid, record.tricks_won[seat])
                     for seat, bid in zip(Seat, record.bids, strict=True) if bid is not None})
    return history, bids


class ScoreSheetWidget(QWidget):
    """The score sheet: one column per hand, per team docs/rules.md §4's six rows and the bag count.

    Rows, grouped under "Us (N–S)" then "Them (E–W)": (bid / won, when given),
    contract, bags, Nil, bag penalty, hand total, running total, bag count.
    The running total is the sum of the hand totals so far (display only).
    Negative numbers use a minus sign and red text.

    Object names (tests and tools may rely on them): the widget itself ``sheet``; its
    ``QTableWidget`` ``scoreTable`` (a column per hand, headed "Hand 1", …; per team a
    row headed by the team's name, then its rows) and its ``QLabel`` ``empty`` (shown
    while no hand is scored).
    """

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("sheet")
        self._history: list[Mapping[Team, HandScore]] = []
        self._bids: list[Mapping[Seat, tuple[Bid, int]]] | None = None
        self._rows: dict[tuple[Team, str], int] = {}

        self._empty = QLabel()
        self._empty.setObjectName("empty")
        self._empty.setStyleSheet(NOTE_STYLE)
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
        ``bids_and_tricks[i][seat]``, when given, is that player's (bid, tricks won),
        shown in the team's "Bid / won" row (the team's two seats in seat order).
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

        totals = running_totals(self._history)
        for col, hand in enumerate(self._history):
            for team in (Team.NS, Team.EW):
                score = hand[team]
                for key in keys:
                    item = self._make_item(team, key, col, score, totals[col][team],
                                           header_font)
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
            players = self._bids[col] if col < len(self._bids) else {}
            shown = [(seat, players[seat]) for seat in team.seats if seat in players]
            item.setText(" \u00b7 ".join(f"{bid_text(bid)}/{won}" for _, (bid, won) in shown))
            item.setToolTip("\n".join(
                self.tr("{seat}: bid {bid}, won %n trick(s)", "", won).format(
                    seat=seat_name(seat), bid=bid_text(bid))
                for seat, (bid, won) in shown))
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

    def set_records(self, records: Sequence[HandRecord]) -> None:
        """Show the finished hands from the engine's records, with each player's bid and
        tricks won (see :func:`records_to_sheet`)."""
        self.set_history(*records_to_sheet(records))

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



class ScoreSheetDialog(QDialog):
    """A window holding a :class:`ScoreSheetWidget`, the :class:`ScoreChart` of the
    running totals under it (hidden while no hand is scored), a Review hand button and a
    Close button.

    ``review_requested(index)``: the player asked to review hand ``index`` (0-based): the
    selected hand's column, or the last hand when none is selected.

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
        table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectColumns)
        table.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        layout = QVBoxLayout(self)
        layout.addWidget(self._sheet)
        layout.addWidget(self._chart, 1)
        layout.addWidget(buttons)
        self.set_history(history, bids_and_tricks)
        self.retranslate()
        self.resize(640, self.sizeHint().height())

    def retranslate(self) -> None:
        """Set the title in the current language (also on ``LanguageChange``)."""
        self._review_button.setText(self.tr("&Review hand…"))
        self._review_button.setToolTip(self.tr("Replay the selected hand (or the last one) "
                                               "trick by trick with the coach's comments"))
        self.setWindowTitle(self.tr("Score Sheet"))

    def changeEvent(self, event: QEvent) -> None:  # noqa: N802 (Qt name)
        if event.type() == QEvent.Type.LanguageChange:
            self.retranslate()
        super().changeEvent(event)

    def showEvent(self, event: QShowEvent) -> None:
        super().showEvent(event)
        fit_height(self)

    def set_history(
        self, history: HandHistory, bids_and_tricks: BidsAndTricks | None = None,
        rules: Rules | None = None,
    ) -> None:
        """See :meth:`ScoreSheetWidget.set_history`; the chart shows the same hands with
        ``rules``' target score and floor (none drawn without ``rules``)."""
        self._sheet.set_history(history, bids_and_tricks)
        self._chart.set_history(history, rules.target_score if rules is not None else None,
                                rules.floor_score if rules is not None else None)
        self._chart.setVisible(len(history) > 0)
        self._review_button.setEnabled(self._sheet.hand_count() > 0)

    def set_records(self, records: Sequence[HandRecord], rules: Rules | None = None) -> None:
        """See :meth:`ScoreSheetWidget.set_records` and :meth:`set_history`."""
        self.set_history(*records_to_sheet(records), rules=rules)

    def _on_review(self) -> None:
        count = self._sheet.hand_count()
        if count == 0:
            return
        columns = self._sheet.table().selectionModel().selectedColumns()
        self.review_requested.emit(columns[0].column() if columns else count - 1)
