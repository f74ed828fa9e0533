"""The bid chooser shown in the middle of the table (docs/rules.md §2, §7).

:class:`BidPanel` only displays the choices it is given and reports the
player's pick; the controller decides what is allowed and what is advised.
It paints its own semi-opaque rounded background so it reads well on the
green felt when embedded with a ``QGraphicsProxyWidget``.
"""

from __future__ import annotations

import time
from collections.abc import Collection

from PySide6.QtCore import QEvent, QObject, QRectF, QSize, Qt, Signal
from PySide6.QtGui import (
    QColor,
    QHideEvent,
    QKeyEvent,
    QPainter,
    QPaintEvent,
    QPen,
    QShowEvent,
)
from PySide6.QtWidgets import (
    QGridLayout,
    QLabel,
    QPushButton,
    QSizePolicy,
    QVBoxLayout,
    QWidget,
)

from spades_desktop.engine import BLIND_NIL_POINTS, NIL_POINTS, Bid, Refusal

from ..looks import STANDARD, TablePalette, hex_colour
from .i18n import engine_text
from .texts import bid_text

__all__ = ["MAX_BID", "BidPanel"]

MAX_BID = 13
_COLUMNS = 7
_ARROWS = (Qt.Key.Key_Left, Qt.Key.Key_Right, Qt.Key.Key_Up, Qt.Key.Key_Down)
_TWO_DIGIT_WINDOW_S = 1.0
"""After a "1", a second digit within this time makes a bid of 10–13."""

# Sizes in pixels, never below the table's 12 px floor (ui/table/items.py, MIN_TEXT_PX):
# on a small table the panel is drawn compact (smaller letters and margins, the same
# grid of bids), it is never scaled down.
# The keyboard focus is drawn as a ring (the border, in the look's focus colour and
# width) on the look's focused face, on every button; the recommended bid keeps its
# face, its ring takes the focus colour.


def panel_style(palette: TablePalette = STANDARD, compact: bool = False) -> str:
    """The bid panel's style sheet in the colours of ``palette`` (docs/rules.md §7), its
    letters smaller with ``compact``."""
    c = {name: hex_colour(value[:3]) for name, value in vars(palette).items()
         if isinstance(value, tuple) and len(value) in (3, 4)
         and all(isinstance(v, int) for v in value)}
    b = palette.focus_width
    style = f"""
#BidPanel QLabel {{ color: {c['panel_text']}; background: transparent; font-size: 13px; }}
#BidPanel QLabel#title {{ font-size: 16px; font-weight: bold; }}
#BidPanel QLabel#advice {{ color: {c['advice_text']}; }}
#BidPanel QLabel#hint {{ color: {c['hint_text']}; }}
#BidPanel QLabel#note {{ color: {c['refusal_text']}; }}
#BidPanel QPushButton {{
    color: {c['button_text']};
    background: {c['button']};
    border: {b}px solid {c['button_edge']};
    border-radius: 6px;
    min-width: 2em;
    min-height: 1.9em;
    padding: {4 - b}px {8 - b}px;
    font-size: 14px;
    font-weight: bold;
}}
#BidPanel QPushButton:hover {{ background: {c['button_hover']}; }}
#BidPanel QPushButton:pressed {{ background: {c['button_focus']}; }}
#BidPanel QPushButton:focus {{ border-color: {c['focus_ring']}; background: {c['button_focus']}; }}
#BidPanel QPushButton:disabled {{ color: {c['disabled_text']}; background: {c['disabled']};
    border-color: {c['disabled_text']}; }}
#BidPanel QPushButton[recommended="true"] {{
    border: 3px solid {c['recommended_edge']};
    padding: 1px 5px;
    background: {c['recommended']};
}}
#BidPanel QPushButton[recommended="true"]:focus {{ border-color: {c['focus_ring']}; }}
#BidPanel QPushButton#blindNil {{
    color: {c['blind_text']};
    background: {c['blind']};
}}
#BidPanel QPushButton#blindNil:focus {{ border-color: {c['focus_ring']}; }}
"""
    if compact:
        style += f"""
#BidPanel QLabel {{ font-size: 12px; }}
#BidPanel QLabel#title {{ font-size: 14px; }}
#BidPanel QPushButton {{ font-size: 13px; min-height: 1.5em; padding: {3 - b}px {6 - b}px; }}
#BidPanel QPushButton[recommended="true"] {{ padding: 0px 3px; }}
"""
    return style


class BidPanel(QWidget):
    """Buttons for a bid of Nil or 1–13, an optional Blind Nil button, and bid advice.

    Signals:
        bid_chosen(int, bool): the tricks bid (0 = Nil) and whether it is blind.

    Only the bids the rules allow now (:meth:`set_allowed`) can be chosen: the others
    stay in the grid, disabled, and a note under the buttons says why (the engine's
    refusal of the first of them).

    Keyboard: a digit moves the focus to that bid ("1" then "0"–"3" within a
    second for 10–13; any other key ends the number), "N" to Nil, the arrows
    move across the grid of bids (seven a row), skipping the disabled bids, and stop
    at its edges, Enter or Space chooses the focused bid. The focused button has a
    blue ring.

    Object names (tests and tools may rely on them): the panel ``BidPanel``; the
    ``QLabel`` children ``title`` ("Your bid"), ``advice`` (the recommendation and its
    reason; empty and hidden without one), ``note`` (why some bids are disabled; empty
    and hidden when every bid is open) and ``hint`` (the line under the buttons);
    the ``QPushButton`` children ``bid0``–``bid13`` and ``blindNil`` (hidden unless
    Blind Nil is allowed).
    """

    bid_chosen = Signal(int, bool)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("BidPanel")
        # The panel paints its own rounded background; the proxy must not fill
        # the corners with the window colour.
        self.setAttribute(Qt.WidgetAttribute.WA_TranslucentBackground)
        self.setAutoFillBackground(False)
        self._palette = STANDARD
        self.setStyleSheet(panel_style(self._palette))
        self._compact = False
        self.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
        self.setSizePolicy(QSizePolicy.Policy.Maximum, QSizePolicy.Policy.Maximum)

        self._recommended: int | None = None
        self._reason = ""
        self._allowed: frozenset[int] = frozenset(range(MAX_BID + 1))
        self._refusal: Refusal | None = None
        self._nil_points = NIL_POINTS
        self._blind_nil_points = BLIND_NIL_POINTS
        self._last_digit: tuple[int, float] | None = None

        self._title = QLabel()
        self._title.setObjectName("title")
        self._title.setAlignment(Qt.AlignmentFlag.AlignCenter)

        grid = QGridLayout()
        self._buttons: list[QPushButton] = []
        for n in range(MAX_BID + 1):
            button = QPushButton()
            button.setObjectName(f"bid{n}")
            button.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
            button.setAutoDefault(False)
            button.setCursor(Qt.CursorShape.PointingHandCursor)
            button.clicked.connect(lambda _checked=False, n=n: self._choose(n, False))
            button.installEventFilter(self)  # the arrows move across the grid
            grid.addWidget(button, n // _COLUMNS, n % _COLUMNS)
            self._buttons.append(button)

        self._blind_button = QPushButton()
        self._blind_button.setObjectName("blindNil")
        self._blind_button.setAutoDefault(False)
        self._blind_button.setCursor(Qt.CursorShape.PointingHandCursor)
        self._blind_button.clicked.connect(lambda _checked=False: self._choose(0, True))
        self._blind_button.hide()

        self._advice = QLabel()
        self._advice.setObjectName("advice")
        self._advice.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self._advice.setWordWrap(True)
        self._advice.hide()

        self._note = QLabel()
        self._note.setObjectName("note")
        self._note.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self._note.setWordWrap(True)
        self._note.hide()

        self._hint = QLabel()
        self._hint.setObjectName("hint")
        self._hint.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self._hint.setWordWrap(True)

        layout = QVBoxLayout(self)
        layout.addWidget(self._title)
        layout.addLayout(grid)
        layout.addWidget(self._blind_button)
        layout.addWidget(self._note)
        layout.addWidget(self._advice)
        layout.addWidget(self._hint)

        self._grid = grid
        self._layout = layout
        self._set_spacing()
        self.set_options(None, "", False)

    def set_palette(self, palette: TablePalette) -> None:
        """Draw the panel in the colours of ``palette`` (the table's look), at once."""
        if palette is not self._palette:
            self._palette = palette
            self.setStyleSheet(panel_style(palette, self._compact))
            self.update()

    def set_compact(self, compact: bool) -> None:
        """Draw the panel compact (``compact``: letters of 12–14 pixels, narrow margins)
        or in full; the grid of bids (seven a row) stays the same."""
        if compact == self._compact:
            return
        self._compact = compact
        self.setStyleSheet(panel_style(self._palette, compact))
        self._set_spacing()
        self._fit_labels()
        self.adjustSize()

    def _set_spacing(self) -> None:
        gap = 4 if self._compact else 5
        self._grid.setHorizontalSpacing(gap)
        self._grid.setVerticalSpacing(gap)
        if self._compact:
            self._layout.setContentsMargins(10, 6, 10, 6)
            self._layout.setSpacing(4)
        else:
            self._layout.setContentsMargins(14, 10, 14, 10)
            self._layout.setSpacing(8)

    def _fit_labels(self) -> None:
        # Keep the wrapping labels from widening the panel beyond the button grid.
        self._grid.invalidate()
        width = self._grid.sizeHint().width()
        for label in (self._advice, self._note, self._hint):
            label.setMaximumWidth(width)

    def sizeHint(self) -> QSize:  # noqa: N802 (Qt name)
        """As wide as the grid of bids, as high as the wrapped texts need at that width
        (a wrapped label's own hint guesses a narrower, taller shape)."""
        hint = super().sizeHint()
        layout = self.layout()
        if layout is not None and layout.hasHeightForWidth():
            return QSize(hint.width(), layout.heightForWidth(hint.width()))
        return hint

    def retranslate(self) -> None:
        """Set every text in the current language (also on ``LanguageChange``)."""
        self._title.setText(self.tr("Your bid"))
        for n, button in enumerate(self._buttons):
            button.setText(bid_text(Bid(n)))
            button.setAccessibleName(self._accessible_name(n))
        self._blind_button.setText(bid_text(Bid(0, blind=True)))
        self._blind_button.setToolTip(
            self.tr("Bid Nil before seeing your cards: +{0} if you win no trick, "
                    "\u2212{0} if you win any.").format(self._blind_nil_points)
        )
        self._hint.setText(self.tr("Click or type the number of tricks you expect to win."))
        self._note.setText("" if self._refusal is None else engine_text(self._refusal))
        self._note.setVisible(self._refusal is not None)
        self._show_advice()
        self._fit_labels()
        self.adjustSize()

    def changeEvent(self, event: QEvent) -> None:  # noqa: N802 (Qt name)
        if event.type() == QEvent.Type.LanguageChange:
            self.retranslate()
        super().changeEvent(event)

    # ---------------------------------------------------------------- API

    def set_allowed(self, bids: Collection[int] | None, refusal: Refusal | None,
                    nil_points: int = NIL_POINTS,
                    blind_nil_points: int = BLIND_NIL_POINTS) -> None:
        """The bids the rules allow now, in tricks (0 = Nil; ``None``: every bid from Nil
        to 13), and the engine's refusal of the first bid they do not allow (``None``
        when all are allowed), shown translated in the note under the buttons. The
        other bids are disabled; the grid keeps its shape. ``nil_points`` and
        ``blind_nil_points`` are what a Nil and a Blind Nil win or lose in the game
        (``Rules.nil_points``, ``Rules.blind_nil_points``), told in the tooltips. Call it before
        :meth:`set_options` for a new bid. Raises ``ValueError`` for a bid outside 0–13
        or for no bid at all."""
        allowed = frozenset(range(MAX_BID + 1)) if bids is None else frozenset(bids)
        if not allowed or not allowed <= frozenset(range(MAX_BID + 1)):
            raise ValueError(f"The allowed bids must be some of 0 to 13, not {sorted(allowed)}.")
        self._allowed = allowed
        self._refusal = refusal
        self._nil_points = nil_points
        self._blind_nil_points = blind_nil_points
        for n, button in enumerate(self._buttons):
            button.setEnabled(n in allowed)
        self.retranslate()

    def enabled_bids(self) -> tuple[int, ...]:
        """The bids (in tricks, 0 = Nil) whose buttons are enabled, in order."""
        return tuple(n for n, button in enumerate(self._buttons) if button.isEnabled())

    def note_text(self) -> str:
        """The note on the disabled bids as shown, or "" when every bid is open."""
        return self._note.text() if self._refusal is not None else ""

    def advice_text(self) -> str:
        """The recommendation's line as shown, or "" without a recommendation."""
        return self._advice.text() if self._recommended is not None else ""

    def set_options(self, recommended: int | None, reason: str, blind_nil_allowed: bool) -> None:
        """Show the choices for a new bid.

        ``recommended`` (0–13, or None for no advice) is marked with a gold
        border and a tooltip; ``reason`` is its one-line explanation, already
        translated. ``blind_nil_allowed`` shows the Blind Nil button.
        Raises ``ValueError`` for a recommendation outside 0–13 or not allowed
        (:meth:`set_allowed`).
        """
        if recommended is not None and not 0 <= recommended <= MAX_BID:
            raise ValueError(f"A recommended bid must be 0 to 13, not {recommended}.")
        if recommended is not None and recommended not in self._allowed:
            raise ValueError(f"The recommended bid {recommended} is not allowed now.")
        self._recommended = recommended
        self._reason = reason
        self._last_digit = None
        for n, button in enumerate(self._buttons):
            button.setProperty("recommended", n == recommended)
            # Re-apply the style sheet so the dynamic property takes effect.
            button.style().unpolish(button)
            button.style().polish(button)
        self._blind_button.setVisible(blind_nil_allowed)
        self.retranslate()
        if self.isVisible():
            self.focus_recommended()

    def set_reason(self, reason: str) -> None:
        """Replace the recommendation's reason (already translated), e.g. after the
        language changed; the recommended bid stays."""
        self._reason = reason
        self._show_advice()
        self.adjustSize()

    def _show_advice(self) -> None:
        """The tooltips and the advice line for the current recommendation."""
        recommended, reason = self._recommended, self._reason
        for n, button in enumerate(self._buttons):
            if n == recommended:
                if reason:
                    tip = self.tr("Recommended bid: {reason}").format(reason=reason)
                else:
                    tip = self.tr("Recommended bid")
                if n == 0:
                    tip = f"{tip}\n{self._nil_explanation()}"
                button.setToolTip(tip)
            else:
                button.setToolTip(self._nil_explanation() if n == 0 else "")
            # what a screen reader says after the bid's name: the tooltip, or what the
            # bid means
            button.setAccessibleDescription(button.toolTip() or self.tr(
                "You expect to win {0} of the 13 tricks with this bid.").format(n))
        if recommended is None:
            self._advice.clear()
            self._advice.hide()
        else:
            bid = bid_text(Bid(recommended))
            if reason:
                text = self.tr("\u2605 Recommended: {bid} \u2014 {reason}").format(
                    bid=bid, reason=reason
                )
            else:
                text = self.tr("\u2605 Recommended: {bid}").format(bid=bid)
            self._advice.setText(text)
            self._advice.show()

    def focus_recommended(self) -> None:
        """Give the keyboard focus to the recommended bid, so Enter takes it. Without a
        recommendation (bid advice off) the panel itself takes the focus and Enter does
        nothing until a bid is chosen (a digit, N or an arrow): one Enter never bids Nil."""
        if self._recommended is None:
            self.setFocus(Qt.FocusReason.OtherFocusReason)
        else:
            self._focus_bid(self._recommended)

    def showEvent(self, event: QShowEvent) -> None:
        super().showEvent(event)
        self.focus_recommended()

    def hideEvent(self, event: QHideEvent) -> None:  # noqa: N802 (Qt name)
        # Hidden under the pointer (a bid was chosen), a button never sees the pointer
        # leave: drop its hover and press look, or it shows on the next bid.
        for button in (*self._buttons, self._blind_button):
            button.setDown(False)
            button.setAttribute(Qt.WidgetAttribute.WA_UnderMouse, False)
            button.update()
        super().hideEvent(event)

    def button_for(self, n: int) -> QPushButton:
        """The button for a bid of ``n`` tricks (0 = Nil)."""
        return self._buttons[n]

    def recommended(self) -> int | None:
        """The recommended bid currently marked, or None."""
        return self._recommended

    # ---------------------------------------------------------- internals

    def _nil_explanation(self) -> str:
        return self.tr("Nil: win no trick for +{0}; \u2212{0} if you win any.").format(
            self._nil_points)

    def _accessible_name(self, n: int) -> str:
        if n == 0:
            return self.tr("Bid Nil")
        return self.tr("Bid %n trick(s)", "", n)

    def _choose(self, tricks: int, blind: bool) -> None:
        self._last_digit = None
        self.bid_chosen.emit(tricks, blind)

    def _focus_bid(self, n: int) -> None:
        self._buttons[n].setFocus(Qt.FocusReason.ShortcutFocusReason)

    def _focused_index(self) -> int | None:
        focused = self.focusWidget()
        for n, button in enumerate(self._buttons):
            if button is focused:
                return n
        return None

    def _step(self, current: int, move: int) -> int | None:
        """The open bid an arrow leads to from ``current``: along the grid (``move`` ±1)
        the next open bid that way; to the other row (``move`` ±7) the open bid of that
        row nearest to ``current``'s column (the left one of two as near); None at an
        edge or with no open bid that way."""
        if abs(move) == 1:
            target = current + move
            while 0 <= target <= MAX_BID and target not in self._allowed:
                target += move
            return target if 0 <= target <= MAX_BID else None
        row = current // _COLUMNS + (1 if move > 0 else -1)
        column = current % _COLUMNS
        candidates = [n for n in self._allowed if n // _COLUMNS == row]
        if not candidates:
            return None
        return min(candidates, key=lambda n: (abs(n % _COLUMNS - column), n))

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:  # noqa: N802 (Qt name)
        """The arrow keys on a bid button move across the grid (a button alone would
        step through the focus chain and, past Nil, leave the bids)."""
        if (event.type() == QEvent.Type.KeyPress and isinstance(event, QKeyEvent)
                and event.key() in _ARROWS):
            self.keyPressEvent(event)
            return True
        return super().eventFilter(watched, event)

    def keyPressEvent(self, event: QKeyEvent) -> None:
        key = event.key()
        now = time.monotonic()
        if Qt.Key.Key_0 <= key <= Qt.Key.Key_9:
            digit = key - Qt.Key.Key_0
            last = self._last_digit
            if (
                last is not None
                and last[0] == 1
                and digit <= 3
                and now - last[1] <= _TWO_DIGIT_WINDOW_S
            ):
                self._focus_bid(10 + digit)
                self._last_digit = None
            else:
                self._focus_bid(digit)
                self._last_digit = (digit, now)
            event.accept()
            return
        self._last_digit = None  # any other key ends a two-digit bid
        if key == Qt.Key.Key_N:
            self._focus_bid(0)
            event.accept()
            return
        current = self._focused_index()
        moves = {
            Qt.Key.Key_Left: -1,
            Qt.Key.Key_Right: 1,
            Qt.Key.Key_Up: -_COLUMNS,
            Qt.Key.Key_Down: _COLUMNS,
        }
        if key in moves:
            if current is None:
                # First arrow press: start from the recommendation (or the first open bid).
                target: int | None = (self._recommended if self._recommended is not None
                                      else min(self._allowed))
            else:
                target = self._step(current, moves[key])
            if target is not None:
                self._focus_bid(target)
            event.accept()
            return
        if key in (Qt.Key.Key_Return, Qt.Key.Key_Enter):
            focused = self.focusWidget()
            if focused is self._blind_button:
                self._blind_button.click()
            elif current is not None:
                self._buttons[current].click()
            event.accept()
            return
        super().keyPressEvent(event)

    def paintEvent(self, event: QPaintEvent) -> None:
        painter = QPainter(self)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        rect = QRectF(self.rect()).adjusted(1, 1, -1, -1)
        painter.setPen(QPen(QColor(*self._palette.plate_edge[:3], 70), 1.5))
        painter.setBrush(QColor(*self._palette.question))
        painter.drawRoundedRect(rect, 14, 14)
        painter.end()
