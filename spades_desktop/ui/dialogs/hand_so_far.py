"""The hand so far (Game ▸ Hand so far): every trick of a hand and the cards still out.

Display only: the tricks with their leaders and winners come from the engine's record
(:attr:`HandRecord.tricks <spades_desktop.engine.HandRecord>`), the trick in play, its
leader and the cards still out from South's
:class:`~spades_desktop.engine.PlayerView` (``current_trick``, ``leader``,
``cards_out``); :class:`HandSoFar` gathers them, the dialog shows them.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from PySide6.QtCore import QEvent, QPoint, QRect, QSize, Qt, Signal
from PySide6.QtGui import (
    QBrush,
    QColor,
    QFont,
    QFontMetrics,
    QKeySequence,
    QShortcut,
    QShowEvent,
)
from PySide6.QtWidgets import (
    QAbstractItemView,
    QDialog,
    QDialogButtonBox,
    QFrame,
    QGridLayout,
    QHeaderView,
    QLabel,
    QScrollArea,
    QStyle,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from spades_desktop.engine import (
    Card,
    HandRecord,
    PlayerView,
    Seat,
    Suit,
    Trick,
    TrickRecord,
    sort_hand,
)

from ...looks import FOUR_COLOUR_SUITS, JOKER_COLOURS
from ..texts import card_label, seat_name, suit_name
from .common import NOTE_STYLE, describe_buttons, fit_screen

__all__ = ["LEAD_MARK", "OUT_SUITS", "WON_BY_COLUMN", "HandSoFar", "HandSoFarDialog"]

LEAD_MARK = "▸"
"""Stands before the card that led its trick."""

WON_BY_COLUMN = len(Seat)
"""The column of the tricks table naming each trick's winner (after one per seat)."""

OUT_SUITS: tuple[Suit, ...] = tuple(
    dict.fromkeys(c.suit for c in sort_hand(Card(s, 14) for s in Suit))
)
"""The suits of the cards-still-out list, top to bottom, as a hand is arranged
(:func:`~spades_desktop.engine.sort_hand`: spades, hearts, clubs, diamonds)."""

RED_SUIT_COLOR = QColor("#c0392b")
"""Hearts and diamonds (hearts only with the four-colour deck)."""


def suit_text_colour(suit: Suit, four_colour: bool = False) -> QColor | None:
    """The colour ``suit``'s cards are written in: red for hearts and diamonds, or with
    the four-colour deck diamonds blue and clubs green as the deck draws them
    (``looks.FOUR_COLOUR_SUITS``, docs/rules.md §7); None: the text's own colour."""
    letter = str(Card(suit, 14))[-1]
    if four_colour and letter in "DC":
        return QColor(*FOUR_COLOUR_SUITS[letter])
    return QColor(RED_SUIT_COLOR) if suit.is_red else None


def card_text_colour(card: Card, four_colour: bool = False) -> QColor | None:
    """The colour ``card`` is written in: its printed suit's (:func:`suit_text_colour`;
    the two of diamonds that plays as a spade is red, or blue in the four-colour deck),
    a joker's own (``looks.JOKER_COLOURS``: the Big Joker red, the Little Joker the
    text's colour; docs/rules.md §1, Deck)."""
    face = card.face_suit
    if face is not None:
        return suit_text_colour(face, four_colour)
    if card.rank == 18:
        return QColor(*JOKER_COLOURS[str(card)])
    return None


def out_rank_text(card: Card) -> str:
    """How a card still out is written in its suit's list: its rank ("A", "10"), or,
    for the trumps a joker deck puts above the ace of spades, the card ("BJ", "LJ",
    "2♦", "2♠"), since a plain "2" would not say which two (docs/rules.md §1, Deck)."""
    return card_label(card, short=True) if card.rank > 14 else card.rank_text
WINNER_BACKGROUND = QColor("#dcefe2")
"""Behind the card that won its trick (a light felt green)."""
WINNER_BLACK = QColor("#111111")
"""A black suit's winning card (dark on the light background, whatever the theme)."""

QWIDGETSIZE_MAX = (1 << 24) - 1
"""Qt's largest widget size: no maximum."""

_ROWS_WANTED = 13
"""Rows the window opens tall enough for, the screen permitting: a whole hand."""
_ROWS_AT_LEAST = 4
"""Rows of the tricks table always in sight (a shorter window scrolls the rest)."""
_GAP = 8
"""Logical pixels between the window and the main window's edge or South's hand."""
_CARD_FONT_SCALE = 1.15
"""The cards' font against the window's, when it has room (1 when compact)."""


@dataclass(frozen=True, slots=True)
class HandSoFar:
    """One hand as far as South has seen it.

    - ``hand_number``: 1 for the game's first hand.
    - ``tricks``: its completed tricks, in order (the engine's records: leader, the four
      cards in play order, winner).
    - ``current``: the trick in play, as (seat, card) in play order; empty when no card
      of it has been played.
    - ``leader``: the seat that led (or is to lead) the trick in play; ``None`` once the
      hand is finished.
    - ``cards_out``: the cards neither played in this hand nor in South's hand (the
      three other seats hold them), in any order.
    - ``finished``: all its tricks have been played.
    """

    hand_number: int
    tricks: tuple[TrickRecord, ...]
    current: Trick
    leader: Seat | None
    cards_out: tuple[Card, ...]
    finished: bool

    @classmethod
    def of_view(cls, view: PlayerView) -> HandSoFar:
        """The hand of ``view`` (South's view of the position on the table)."""
        record = view.hand_record
        return cls(
            view.hand_number,
            record.tricks,
            view.current_trick,
            None if record.finished else view.leader,
            view.cards_out,
            record.finished,
        )

    @classmethod
    def of_finished(cls, record: HandRecord) -> HandSoFar:
        """A finished hand from its record: every card played, none still out. Raises
        ``ValueError`` for the record of a hand not yet finished."""
        if not record.finished:
            raise ValueError(f"Hand {record.hand_number} is not finished.")
        return cls(record.hand_number, record.tricks, (), None, (), True)


def _card_item(card: Card, led: bool, won: bool, bold: QFont,
               four_colour: bool = False) -> QTableWidgetItem:
    label = card_label(card, short=True)
    item = QTableWidgetItem(f"{LEAD_MARK} {label}" if led else label)
    item.setTextAlignment(Qt.AlignmentFlag.AlignCenter)
    colour = card_text_colour(card, four_colour)
    if colour is not None:
        item.setForeground(QBrush(colour))
    if won:
        item.setFont(bold)
        item.setBackground(QBrush(WINNER_BACKGROUND))
        if colour is None:
            item.setForeground(QBrush(WINNER_BLACK))
    return item


class HandSoFarDialog(QDialog):
    """Every trick of a hand, a row each, and the cards still out, per suit. Not modal;
    :meth:`set_hand` shows another moment (the caller keeps it up to date).

    The ``QTableWidget`` ``tricksTable`` has a row per trick (completed ones, then the
    trick in play once led), headed by its number; a column per seat in seat order
    (clockwise: You, West, North, East), headed by the seat's name, holding the card
    the seat played (:data:`LEAD_MARK` before the card that led; the winning card bold
    on a light green background); and the column :data:`WON_BY_COLUMN` naming the
    winner ("in play" for the trick in play). The ``QLabel`` ``out_<suit>`` (``out_spades``,
    …) lists a suit's cards still out by rank, high to low ("—" for none); ``empty``
    says that no card has been played yet; ``heading`` names the hand.

    Everything but the Close button stands in the ``QScrollArea`` ``body``, which
    scrolls when the window is short. The window opens where it hides least of the
    table (:meth:`place`), away from ``keep_clear()`` (South's hand, global
    coordinates; ``None``: nothing to keep clear).

    ``back_requested()``: the player pressed ``back_keys`` (the key that opened the
    window): the caller gives the keys back to the table, the window stays open.
    Escape or Close closes it.
    """

    back_requested = Signal()

    def __init__(
        self,
        parent: QWidget | None = None,
        back_keys: QKeySequence | None = None,
        keep_clear: Callable[[], QRect | None] | None = None,
    ) -> None:
        super().__init__(parent)
        self._keep_clear = keep_clear
        self._four_colour = False
        self._hand: HandSoFar | None = None
        self._placed = False
        self._heading = QLabel()
        self._heading.setObjectName("heading")
        heading_font = QFont(self._heading.font())
        heading_font.setBold(True)
        self._heading.setFont(heading_font)
        self._empty = QLabel()
        self._empty.setObjectName("empty")
        self._empty.setStyleSheet(NOTE_STYLE)
        self._empty.setWordWrap(True)

        table = QTableWidget(0, WON_BY_COLUMN + 1, self)
        table.setObjectName("tricksTable")
        table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        table.setSelectionMode(QAbstractItemView.SelectionMode.NoSelection)
        table.setFocusPolicy(Qt.FocusPolicy.StrongFocus)  # the arrows scroll it
        table.setWordWrap(False)
        table.setCornerButtonEnabled(False)
        table.setAlternatingRowColors(True)
        header = table.horizontalHeader()
        header.setSectionResizeMode(QHeaderView.ResizeMode.Fixed)
        header.setStretchLastSection(True)
        rows = table.verticalHeader()
        rows.setSectionResizeMode(QHeaderView.ResizeMode.Fixed)
        rows.setDefaultAlignment(Qt.AlignmentFlag.AlignCenter)
        self._table = table
        self._bold = QFont()

        self._out_heading = QLabel()
        self._out_heading.setFont(heading_font)
        out = QGridLayout()
        out.setHorizontalSpacing(12)
        out.setVerticalSpacing(2)
        self._suit_labels: dict[Suit, QLabel] = {}
        self._out_labels: dict[Suit, QLabel] = {}
        for row, suit in enumerate(OUT_SUITS):
            name = QLabel()
            ranks = QLabel()
            ranks.setObjectName(f"out_{suit.name.lower()}")
            ranks.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
            for label in (name, ranks):
                colour = suit_text_colour(suit)
                if colour is not None:
                    label.setStyleSheet(f"color: {colour.name()};")
            out.addWidget(name, row, 0)
            out.addWidget(ranks, row, 1)
            self._suit_labels[suit] = name
            self._out_labels[suit] = ranks
        out.setColumnStretch(1, 1)
        self._legend = QLabel()
        self._legend.setObjectName("legend")
        self._legend.setStyleSheet(NOTE_STYLE)
        self._legend.setWordWrap(True)

        body = QWidget()
        content = QVBoxLayout(body)
        content.addWidget(self._heading)
        content.addWidget(self._empty)
        content.addWidget(table, 1)
        content.addWidget(self._out_heading)
        content.addLayout(out)
        content.addWidget(self._legend)
        self._content = content
        scroll = QScrollArea(self)
        scroll.setObjectName("body")
        scroll.setWidgetResizable(True)
        scroll.setFrameShape(QFrame.Shape.NoFrame)
        scroll.setWidget(body)
        self._scroll = scroll

        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addWidget(scroll, 1)
        layout.addWidget(buttons)
        self._buttons = buttons
        if back_keys is not None and not back_keys.isEmpty():
            back = QShortcut(back_keys, self)
            back.activated.connect(self.back_requested)
        self._compact = False
        self._set_sizes()
        self.retranslate()
        fit_screen(self, self._wanted_size())

    def set_four_colour(self, on: bool) -> None:
        """Write diamonds blue and clubs green, as the four-colour deck draws them
        (``on``), or hearts and diamonds red; at once."""
        self._four_colour = bool(on)
        for suit in OUT_SUITS:
            colour = suit_text_colour(suit, self._four_colour)
            style = "" if colour is None else f"color: {colour.name()};"
            self._suit_labels[suit].setStyleSheet(style)
            self._out_labels[suit].setStyleSheet(style)
        self.set_hand(self._hand)

    def _set_sizes(self) -> None:
        """Fonts, row heights and spacing: roomy, or compact (:meth:`is_compact`)."""
        compact = self._compact
        table = self._table
        card_font = QFont(self.font())
        card_font.setPointSizeF(card_font.pointSizeF() * (1.0 if compact else _CARD_FONT_SCALE))
        table.setFont(card_font)
        self._bold = QFont(card_font)
        self._bold.setBold(True)
        for suit in OUT_SUITS:
            self._suit_labels[suit].setFont(card_font)
            self._out_labels[suit].setFont(card_font)
        rows = table.verticalHeader()
        rows.setDefaultSectionSize(table.fontMetrics().height() + (4 if compact else 10))
        rows.setMinimumWidth(table.fontMetrics().horizontalAdvance("13") + 16)
        table.setMinimumHeight(
            table.horizontalHeader().sizeHint().height()
            + _ROWS_AT_LEAST * rows.defaultSectionSize()
            + 2 * table.frameWidth()
        )
        spacing = 3 if compact else 6
        self._content.setSpacing(spacing)
        margin = 4 if compact else 9
        self._content.setContentsMargins(margin, margin, margin, margin)
        outer = self.layout()
        if outer is not None:
            outer.setContentsMargins(margin, margin, margin, margin)
            outer.setSpacing(spacing)
        self._fit_columns()
        self.set_hand(self._hand)

    def _wanted_size(self) -> QSize:
        """The window's size for the whole text and :data:`_ROWS_WANTED` rows of the
        tricks table, in logical pixels (before the screen bounds it)."""
        table = self._table
        body = self._scroll.widget()
        body.layout().activate()
        hint = body.sizeHint()
        rows = table.verticalHeader().defaultSectionSize()
        height = hint.height() + (_ROWS_WANTED - _ROWS_AT_LEAST) * rows
        layout = self.layout()
        margins = layout.contentsMargins()
        width = max(hint.width(), body.minimumSizeHint().width())
        bar = self.style().pixelMetric(QStyle.PixelMetric.PM_ScrollBarExtent)  # when it scrolls
        return QSize(
            width + bar + margins.left() + margins.right(),
            height + layout.spacing() + self._buttons.sizeHint().height()
            + margins.top() + margins.bottom(),
        )

    def is_compact(self) -> bool:
        """Whether the window is compact: without room beside the main window and over
        the table, in smaller type and rows and only as tall as the room above South's
        hand (its text scrolls in the ``QScrollArea`` ``body``)."""
        return self._compact

    # -- what it shows -------------------------------------------------------------------
    def hand(self) -> HandSoFar | None:
        """The hand shown (``None``: none yet)."""
        return self._hand

    def tricks_table(self) -> QTableWidget:
        """The tricks table (``tricksTable``; see the class docstring)."""
        return self._table

    def card_text(self, row: int, seat: Seat) -> str:
        """The text of ``seat``'s card in row ``row`` (0-based) of the tricks table: the
        card's label, after :data:`LEAD_MARK` and a space when it led; "" when the seat
        has not played to that trick yet. Raises ``IndexError`` for a row not shown."""
        item = self._item(row, int(seat))
        return item.text() if item is not None else ""

    def winner_text(self, row: int) -> str:
        """The text of the "Won by" column in row ``row`` (0-based). Raises
        ``IndexError`` for a row not shown."""
        item = self._item(row, WON_BY_COLUMN)
        return item.text() if item is not None else ""

    def out_text(self, suit: Suit) -> str:
        """The ranks of ``suit`` still out as shown, high to low, separated by spaces
        ("—" for none)."""
        return self._out_labels[suit].text()

    def _item(self, row: int, column: int) -> QTableWidgetItem | None:
        if not 0 <= row < self._table.rowCount():
            raise IndexError(f"No row {row} in the tricks table.")
        return self._table.item(row, column)

    def set_hand(self, hand: HandSoFar | None) -> None:
        """Show ``hand`` (``None``: no game on the table yet), scrolled to its latest trick."""
        self._hand = hand
        table = self._table
        table.clearContents()
        rows: list[tuple[Trick, Seat | None, Seat | None]] = [
            (t.plays, t.leader, t.winner) for t in (hand.tricks if hand else ())
        ]
        if hand is not None and hand.current:
            rows.append((hand.current, hand.leader, None))
        table.setRowCount(len(rows))
        table.setVerticalHeaderLabels([str(i + 1) for i in range(len(rows))])
        bold = self._bold
        for row, (plays, leader, winner) in enumerate(rows):
            for seat, card in plays:
                item = _card_item(card, seat == leader, seat == winner, bold,
                                  self._four_colour)
                item.setToolTip(self._card_tip(card, seat == leader, seat == winner))
                item.setData(Qt.ItemDataRole.AccessibleTextRole, item.toolTip())
                table.setItem(row, int(seat), item)
            won = QTableWidgetItem(seat_name(winner) if winner is not None else self.tr("in play"))
            won.setTextAlignment(Qt.AlignmentFlag.AlignCenter)
            if winner is None:
                won.setForeground(QBrush(QColor("#8b918d")))
            table.setItem(row, WON_BY_COLUMN, won)
        if rows:
            table.scrollToItem(table.item(len(rows) - 1, WON_BY_COLUMN))
        self._empty.setVisible(hand is not None and not rows)
        if hand is None:
            self._heading.setText(self.tr("No game on the table."))
        else:
            self._heading.setText(
                self.tr("Hand {0} \u2014 %n trick(s) completed", "", len(hand.tricks)).format(
                    hand.hand_number
                )
            )
        out = sort_hand(hand.cards_out) if hand is not None else ()
        for suit, label in self._out_labels.items():
            ranks = [out_rank_text(c) for c in out if c.suit == suit]
            label.setText(" ".join(ranks) if ranks else "\u2014")

    def _card_tip(self, card: Card, led: bool, won: bool) -> str:
        label = card_label(card)
        if led and won:
            return self.tr("{0}: led and won the trick").format(label)
        if led:
            return self.tr("{0}: led the trick").format(label)
        if won:
            return self.tr("{0}: won the trick").format(label)
        return label

    # -- language and placing ----------------------------------------------------------
    def retranslate(self) -> None:
        """Set every text in the current language (also on ``LanguageChange``)."""
        title = self.tr("Hand so far")
        self.setWindowTitle(title)
        self.setAccessibleName(title)
        self._table.setAccessibleName(self.tr("Tricks of this hand"))
        self._table.setAccessibleDescription(self.tr(
            "One row per trick: the card each player played and who won it."))
        describe_buttons(self)
        self._table.setHorizontalHeaderLabels([seat_name(s) for s in Seat] + [self.tr("Won by")])
        self._fit_columns()
        self._empty.setText(self.tr("No card has been played in this hand yet."))
        self._out_heading.setText(self.tr("Cards still out"))
        for suit, label in self._suit_labels.items():
            label.setText(f"{suit.symbol} {suit_name(suit)}")
            self._out_labels[suit].setAccessibleName(
                self.tr("{0} still out").format(suit_name(suit))
            )
        self._legend.setText(
            self.tr(
                "{0} led the trick; the card in bold won it. Still out: the cards neither "
                "played yet nor in your hand."
            ).format(LEAD_MARK)
        )
        self.set_hand(self._hand)

    def _fit_columns(self) -> None:
        """Each column as wide as its widest text (a seat's card column: its name or a
        led card; "Won by": any seat's name), so that no text is cut and the columns
        keep their widths as the hand goes on; spare width goes to "Won by"."""
        table = self._table
        header = table.horizontalHeader()
        head = header.fontMetrics()
        cell = QFontMetrics(self._bold)
        pad = 2 * table.style().pixelMetric(QStyle.PixelMetric.PM_HeaderMargin) + 14
        names = [seat_name(s) for s in Seat]
        card = max(cell.horizontalAdvance(f"{LEAD_MARK} {label}")
                   for label in ("10\u2666", *(card_label(Card(Suit.SPADES, rank), short=True)
                                               for rank in (17, 18))))
        widths = [max(head.horizontalAdvance(n), card) + pad for n in names]
        widths.append(
            max(
                head.horizontalAdvance(self.tr("Won by")),
                *(cell.horizontalAdvance(t) for t in (*names, self.tr("in play"))),
            )
            + pad
        )
        header.setMinimumSectionSize(min(widths))  # first: it bounds the sizes below
        for column, width in enumerate(widths):
            header.resizeSection(column, width)
        table.setMinimumWidth(
            sum(widths)
            + table.verticalHeader().minimumWidth()
            + 2 * table.frameWidth()
            + table.style().pixelMetric(QStyle.PixelMetric.PM_ScrollBarExtent)
        )

    def changeEvent(self, event: QEvent) -> None:  # noqa: N802 (Qt name)
        if event.type() == QEvent.Type.LanguageChange:
            self.retranslate()
        super().changeEvent(event)

    def showEvent(self, event: QShowEvent) -> None:  # noqa: N802 (Qt name)
        super().showEvent(event)
        if not self._placed:  # where the player moves it, it stays
            self._placed = True
            self.place()

    def place(self, keep_clear: QRect | None = None) -> None:
        """Put the window where it hides least of the table (frames, logical pixels):
        beside the main window, to its right (else its left), when the screen has room;
        else at the screen's right edge, from the main window's top, over East's and
        North's side, and when it would reach down to ``keep_clear`` (South's hand in
        global coordinates; by default the ``keep_clear`` callable given to the
        constructor), compact (:meth:`is_compact`) and no taller than the room above it.
        Never larger than the screen."""
        parent = self.parentWidget()
        screen = self.screen()
        if parent is None or screen is None:
            return
        if keep_clear is None and self._keep_clear is not None:
            keep_clear = self._keep_clear()
        room = screen.availableGeometry()
        main = parent.window().frameGeometry()
        frame_extra = self._frame_extra()
        self._set_compact(False)
        wanted = self._wanted_size()
        size = wanted.boundedTo(QSize(room.width() - frame_extra.width(),
                                      room.height() - frame_extra.height()))
        width = size.width() + frame_extra.width()
        if main.right() + _GAP + width <= room.right():
            self.resize(size)
            y = min(max(main.top(), room.top()), room.bottom() - self.frameGeometry().height() + 1)
            self.move(QPoint(main.right() + _GAP, max(room.top(), y)))
            return
        if main.left() - _GAP - width >= room.left():
            self.resize(size)
            y = min(max(main.top(), room.top()), room.bottom() - self.frameGeometry().height() + 1)
            self.move(QPoint(main.left() - _GAP - width, max(room.top(), y)))
            return
        top = max(main.top(), room.top())
        right = room.right() + 1
        bottom = room.bottom() + 1
        if (keep_clear is not None and not keep_clear.isEmpty() and keep_clear.top() > top
                and keep_clear.right() >= right - width):
            bottom = min(bottom, keep_clear.top() - _GAP)
        tall = bottom - top - frame_extra.height()
        if size.height() > tall:
            self._set_compact(True)
            size = self._wanted_size().boundedTo(
                QSize(room.width() - frame_extra.width(), max(self._least_height(), tall)))
            self._fit_table_height(size.height())
        # compact, the vertical scroll bar stays (disabled while the text fits), so that
        # the text's width never depends on whether it scrolls
        self._scroll.setVerticalScrollBarPolicy(
            Qt.ScrollBarPolicy.ScrollBarAlwaysOn
            if self._compact
            else Qt.ScrollBarPolicy.ScrollBarAsNeeded
        )
        self.resize(size)
        x = right - size.width() - frame_extra.width()
        self.move(QPoint(max(room.left(), x), top))

    def _set_compact(self, compact: bool) -> None:
        if compact != self._compact:
            self._compact = compact
            self._set_sizes()
        if not compact:
            self._table.setMaximumHeight(QWIDGETSIZE_MAX)

    def _fit_table_height(self, height: int) -> None:
        """In a window ``height`` high, the tricks table as tall as the rest of the text
        leaves room for (at least :data:`_ROWS_AT_LEAST` rows): the text then scrolls
        only when that minimum does not fit."""
        table = self._table
        layout = self.layout()
        margins = layout.contentsMargins()
        inside = (height - margins.top() - margins.bottom() - layout.spacing()
                  - self._buttons.sizeHint().height())
        body = self._scroll.widget()
        table.setMaximumHeight(QWIDGETSIZE_MAX)
        others = body.sizeHint().height() - table.sizeHint().height()
        table.setMaximumHeight(max(table.minimumHeight(), inside - others))

    def _least_height(self) -> int:
        """The height below which the window would show less than the buttons and a
        few lines of its text."""
        return self._buttons.sizeHint().height() + 4 * self.fontMetrics().height()

    def _frame_extra(self) -> QSize:
        """What the window frame adds to the window's size: as the window system has it
        once shown, else a title bar's height."""
        frame, inner = self.frameGeometry(), self.geometry()
        extra = QSize(frame.width() - inner.width(), frame.height() - inner.height())
        if extra.height() <= 0:
            title = self.style().pixelMetric(QStyle.PixelMetric.PM_TitleBarHeight)
            extra = QSize(0, title + 8)
        return extra
