"""The end-of-hand summary shown on the table (docs/rules.md §2, §4).

When a hand is over and the game goes on, a panel in the middle of the felt tells what
happened: each player's bid and tricks won (a Nil made or failed, Blind Nil marked),
per team the contract made or set, the bags taken, any Nil result and bag penalty, the
hand's points, the new running total and the bag count. Two buttons: "Next hand" (the
default: a click, Enter, Return or Space) and "Score sheet".

Every number comes from the engine's :class:`~spades_desktop.engine.HandRecord` (its
``score`` rows) and the totals the engine keeps; nothing here scores a hand.

Sizes are scene units, which are the view's pixels (the scene matches the view). The
letters grow with the table and never go below :data:`MIN_TEXT_PX`.

The panel is opaque, in a dark shade of the chosen felt (``looks.PANEL_FILLS``), and
every text on it keeps a contrast of at least 4.5:1 with what lies behind it.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import NamedTuple

from PySide6.QtCore import QCoreApplication, QPointF, QRectF, Qt, Signal
from PySide6.QtGui import QColor, QFont, QFontMetricsF, QPainter, QPen
from PySide6.QtWidgets import (
    QGraphicsObject,
    QGraphicsSceneHoverEvent,
    QGraphicsSceneMouseEvent,
    QStyleOptionGraphicsItem,
    QWidget,
)

from ...engine import HandRecord, HandScore, NilStatus, Seat, Team
from ...looks import DEFAULT_FELT, PANEL_FILLS, STANDARD, Rgb, TablePalette, blend
from ..house_rules_text import in_force_name
from ..texts import bid_text, seat_name, signed_number, team_label
from .layout import TableGeometry
from .snapshot import SummaryShot, frozen_map

translate = QCoreApplication.translate
"""Summary strings use the context "HandSummary"; each call names it literally for lupdate."""

__all__ = [
    "MAX_TEXT_PX",
    "MIN_TEXT_PX",
    "BUTTONS",
    "NEXT_HAND",
    "REVIEW",
    "SCORE_SHEET",
    "SUMMARY_Z",
    "HandSummary",
    "PlayerLine",
    "player_line",
    "points_text",
    "team_lines",
]

SUMMARY_Z = 900
"""Above the plates and panels (300), below the prompts (1000, hidden meanwhile)."""
MIN_TEXT_PX = 13.0
"""The smallest letters of the summary, in view pixels (about 10 pt at 96 dpi)."""
MAX_TEXT_PX = 22.0
"""The body text's size on a large table, in view pixels."""

NEXT_HAND = "next"
"""The key of the "Next hand" button (the default)."""
SCORE_SHEET = "sheet"
"""The key of the "Score sheet" button."""
REVIEW = "review"
"""The key of the "Review hand" button (the coach's review of the hand)."""
BUTTONS = (NEXT_HAND, SCORE_SHEET, REVIEW)
"""The panel's buttons, left to right (the order Tab and the arrows move the focus)."""

_SEPARATOR = "  \u00b7  "
_TEXT = QColor(232, 238, 230)
_MUTED = QColor(170, 190, 175)
_GOOD = QColor(165, 230, 160)
_BAD = QColor(255, 150, 140)
_ACCENT = {Team.NS: QColor(255, 230, 160), Team.EW: QColor(150, 220, 255)}
"""The teams' colours on the table's plates."""
_DEFAULT_FILL = QColor(243, 198, 75)
"""The "Next hand" button (gold), under dark text."""
_DEFAULT_TEXT = QColor(43, 29, 0)


def _rgb(colour: QColor) -> Rgb:
    return colour.red(), colour.green(), colour.blue()


@dataclass(frozen=True)
class _Palette:
    """The panel's opaque colours on one felt: its fill and outline, the line under a
    team's name, the other buttons' fill (and while hovered) and outline, the focused
    button's ring, and the "Next hand" button's fill and text."""

    fill: QColor
    outline: QColor
    rule: QColor
    button: QColor
    button_hover: QColor
    button_edge: QColor
    focus: QColor
    default_fill: QColor
    default_text: QColor

    @classmethod
    def on(cls, felt: str, table: TablePalette = STANDARD) -> _Palette:
        """The palette on ``felt`` (a key of ``looks.PANEL_FILLS``) in the table's look
        ``table`` (the high-contrast look has its own fill); raises ``KeyError`` for an
        unknown felt."""
        fill = table.panel if table.panel is not None else PANEL_FILLS[felt]

        def over(top: Rgb, amount: float) -> QColor:
            return QColor(*blend(top, fill, amount))

        white = (255, 255, 255)
        if table is STANDARD:
            focus, default, default_text = QColor(*white), _DEFAULT_FILL, _DEFAULT_TEXT
        else:
            focus = QColor(*table.focus_ring)
            default, default_text = QColor(*table.primary), QColor(*table.primary_text)
        return cls(QColor(*fill), over((255, 215, 120), 0.6), over(white, 0.16),
                   over(white, 0.12), over(white, 0.24), over(white, 0.35), focus,
                   QColor(default), QColor(default_text))


class PlayerLine(NamedTuple):
    """One player's row of the summary, as shown: name, bid, tricks won and a note on a
    Nil bid ("Nil made", "Blind Nil failed", … or "")."""

    name: str
    bid: str
    won: str
    note: str


def points_text(value: int) -> str:
    """Points gained or lost, signed: "+40", "−40" (true minus sign), "0"."""
    return f"+{value}" if value > 0 else signed_number(value)


def _nil_note(record: HandRecord, seat: Seat) -> tuple[str, QColor | None]:
    """Whether ``seat``'s Nil was made (no trick won, docs/rules.md §4), with the note's colour."""
    status = record.nil_status(seat)
    if status is NilStatus.NONE:
        return "", None
    made = status is NilStatus.INTACT
    bid = record.bids[seat]
    assert bid is not None
    if bid.blind:
        text = (translate("HandSummary", "Blind Nil made") if made
                else translate("HandSummary", "Blind Nil failed"))
    else:
        text = (translate("HandSummary", "Nil made") if made
                else translate("HandSummary", "Nil failed"))
    return text, _GOOD if made else _BAD


def player_line(record: HandRecord, seat: Seat) -> PlayerLine:
    """``seat``'s row from a finished hand's record: its bid and tricks won (docs/rules.md §2)."""
    return PlayerLine(seat_name(seat), bid_text(record.bids[seat]),
                      str(record.tricks_won[seat]), _nil_note(record, seat)[0])


def _team_parts(score: HandScore, total: int) -> tuple[list[tuple[str, QColor]],
                                                        list[tuple[str, QColor]]]:
    """The two score lines of a team as (text, colour) parts (docs/rules.md §4's rows)."""
    first: list[tuple[str, QColor]] = []
    if score.ten_for_200:
        first.append((translate("HandSummary", "Contract made: {0} ({1})",
                                "{1}: the name of the house rule that made it worth more").format(
            points_text(score.contract), in_force_name("ten_for_200", True)), _GOOD))
    elif score.made is True:
        first.append((translate("HandSummary", "Contract made: {0}").format(
            points_text(score.contract)), _GOOD))
    elif score.made is False:
        first.append((translate("HandSummary", "Contract set: {0}").format(
            points_text(score.contract)), _BAD))
    else:
        first.append((translate("HandSummary", "No contract: both partners bid Nil"), _MUTED))
    first.append((translate("HandSummary", "Bags this hand: {0}").format(
        points_text(score.bags)), _TEXT))
    if score.nil:
        first.append((translate("HandSummary", "Nil: {0}").format(points_text(score.nil)),
                      _GOOD if score.nil > 0 else _BAD))
    if score.bag_penalty:
        first.append((translate("HandSummary", "Bag penalty: {0}").format(
            points_text(score.bag_penalty)), _BAD))
    # what the hand changed is signed (+62, −40); what a team holds after it is not
    # (a running total of 62, 2 bags held), a negative total with its minus sign
    second = [
        (translate("HandSummary", "Points this hand: {0}").format(points_text(score.total)),
         _BAD if score.total < 0 else _TEXT),
        (translate("HandSummary", "Running total: {0}").format(signed_number(total)),
         _BAD if total < 0 else _TEXT),
        (translate("HandSummary", "Bags held: {0}").format(score.bags_after), _TEXT),
    ]
    return first, second


def team_lines(record: HandRecord, team: Team, total: int) -> tuple[str, str]:
    """A team's two score lines as shown, from a finished hand's ``record.score[team]``
    and the team's new running ``total``: contract made or set, the bags of this hand,
    Nil, bag penalty (each signed); then the points of this hand (signed), the running
    total and the bags held (docs/rules.md §4). Raises ``ValueError`` for a hand not
    yet scored."""
    if record.score is None:
        raise ValueError(f"Hand {record.hand_number} is not finished.")
    first, second = _team_parts(record.score[team], total)
    return (_SEPARATOR.join(t for t, _ in first), _SEPARATOR.join(t for t, _ in second))


def _font(px: float, bold: bool = False) -> QFont:
    font = QFont()
    font.setPixelSize(max(1, round(px)))
    font.setBold(bold)
    return font


class _Row(NamedTuple):
    """One painted row: its kind, top in local units, height, and content."""

    kind: str  # "title", "team", "player", "score"
    top: float
    height: float
    team: Team | None
    cells: tuple[tuple[str, QColor], ...]
    joins: bool = False
    """A score row that goes on with the line of the row above (a wrapped line)."""


def _halves(parts: Sequence[tuple[str, QColor]], fm: QFontMetricsF, sep_w: float
            ) -> list[tuple[tuple[str, QColor], ...]]:
    """A score line's parts cut into two rows between two parts, where the wider row is
    the narrowest (``fm`` the line's font, ``sep_w`` a separator's width); a line of one
    part stays one row."""
    if len(parts) < 2:
        return [tuple(parts)]

    def width(cells: Sequence[tuple[str, QColor]]) -> float:
        return sum(fm.horizontalAdvance(t) for t, _ in cells) + sep_w * (len(cells) - 1)

    cut = min(range(1, len(parts)), key=lambda k: max(width(parts[:k]), width(parts[k:])))
    return [tuple(parts[:cut]), tuple(parts[cut:])]


class HandSummary(QGraphicsObject):
    """The end-of-hand panel (see the module docstring), centred on the felt.

    Signals:
    - ``next_hand_requested()``: "Next hand" was chosen; the panel has hidden itself.
    - ``score_sheet_requested()``: "Score sheet" was chosen; the panel stays.
    - ``review_requested()``: "Review hand" was chosen; the panel stays.

    Keys (:meth:`handle_key`): Enter, Return or Space press the focused button ("Next
    hand" when shown); the left and right arrows and Tab move the focus.

    ``keep_clear()`` gives the rectangles (scene coordinates) the panel never covers:
    the seats' plates, whose bids and tricks stay in sight beside it.
    """

    next_hand_requested = Signal()
    score_sheet_requested = Signal()
    review_requested = Signal()

    def __init__(self, keep_clear: Callable[[], Sequence[QRectF]] = list) -> None:
        super().__init__()
        self._keep_clear = keep_clear
        self.setZValue(SUMMARY_Z)
        self.setAcceptedMouseButtons(Qt.MouseButton.LeftButton)
        self.setAcceptHoverEvents(True)
        self.hide()
        self._record: HandRecord | None = None
        self._totals: dict[Team, int] = {}
        self._geometry = TableGeometry(1000, 700)
        self._px = MIN_TEXT_PX
        self._rect = QRectF()
        self._inner = QRectF()
        self._rows: list[_Row] = []
        self._columns: list[float] = []
        self._buttons: dict[str, QRectF] = {}
        self._button_texts: dict[str, str] = {}
        self._focus = NEXT_HAND
        self._hover: str | None = None
        self._pressed: str | None = None
        self._palette = _Palette.on(DEFAULT_FELT)

    # -- showing -------------------------------------------------------------------------------
    def show_hand(self, record: HandRecord, totals: Mapping[Team, int],
                  geometry: TableGeometry) -> None:
        """Show the summary of the finished hand ``record`` with both teams' new running
        ``totals`` (points, from the engine's state), centred on a table of ``geometry``.
        Raises ``ValueError`` for a hand not yet scored."""
        if record.score is None:
            raise ValueError(f"Hand {record.hand_number} is not finished.")
        self._record = record
        self._totals = {team: totals[team] for team in (Team.NS, Team.EW)}
        self._geometry = geometry
        self._focus = NEXT_HAND
        self._hover = self._pressed = None
        self._build()
        self.show()

    def relayout(self, geometry: TableGeometry) -> None:
        """The table was resized: size and centre the panel again."""
        self._geometry = geometry
        if self._record is not None:
            self._build()

    def retranslate(self) -> None:
        """Make every text again in the current language."""
        if self._record is not None:
            self._build()

    def set_felt(self, felt: str, table: TablePalette = STANDARD) -> None:
        """Draw the panel in the colours of ``felt`` (a key of ``looks.FELTS``) in the
        table's look ``table`` (``looks.STANDARD`` or ``HIGH_CONTRAST``), at once.
        Raises ``KeyError`` for an unknown felt."""
        self._palette = _Palette.on(felt, table)
        self.update()

    def close_summary(self) -> None:
        """Hide the panel without asking for anything (a new deal or game)."""
        self.hide()
        self._pressed = self._hover = None

    # -- reading -------------------------------------------------------------------------------
    @property
    def record(self) -> HandRecord | None:
        """The hand shown (or last shown)."""
        return self._record

    def snapshot(self) -> SummaryShot:
        """The panel as shown now (its last content while hidden); see
        :class:`.snapshot.SummaryShot`."""
        players: dict[Seat, PlayerLine] = {}
        teams: dict[Team, list[str]] = {Team.NS: [], Team.EW: []}
        names = {seat_name(seat): seat for seat in Seat}
        for row in self._rows:
            if row.kind == "player":
                players[names[row.cells[0][0]]] = PlayerLine(*(text for text, _ in row.cells))
            elif row.kind == "score" and row.team is not None:
                text = _SEPARATOR.join(t for t, _ in row.cells)
                if row.joins:
                    teams[row.team][-1] += _SEPARATOR + text
                else:
                    teams[row.team].append(text)
        px = self._px
        fonts = (_font(px * 1.3, True), _font(px, True), _font(px), _font(self._small_px()),
                 _font(px, True))
        return SummaryShot(
            visible=self.isVisible(), rect=QRectF(self.sceneBoundingRect()), record=self._record,
            fill=self._palette.fill.name(QColor.NameFormat.HexArgb),
            text_colours=tuple(dict.fromkeys(
                (text.name(), behind.name()) for text, behind in self._text_colours())),
            title=self._rows[0].cells[0][0] if self._rows else "",
            players=frozen_map(players),
            teams=frozen_map({team: (lines[0], lines[1]) for team, lines in teams.items()
                              if len(lines) == 2}),
            buttons=frozen_map({key: (self._button_texts[key],
                                      self.mapRectToScene(self._buttons[key]))
                                for key in BUTTONS if key in self._buttons}),
            focused=self._focus, fonts=fonts)

    def _text_colours(self) -> list[tuple[QColor, QColor]]:
        """(text, what lies behind it) for every text the panel draws, as :meth:`paint`
        draws them: the rows on the fill, each button's text on its fill, also hovered."""
        fill = self._palette.fill
        pairs = [(colour, fill) for row in self._rows for _text, colour in row.cells]
        pairs.append((_MUTED, fill))  # the separators of the score lines
        for which in BUTTONS:
            for hover in (False, True):
                pairs.append((self._button_text(which), self._button_fill(which, hover)))
        return pairs

    def _button_fill(self, which: str, hover: bool) -> QColor:
        if which == NEXT_HAND:
            fill = self._palette.default_fill
            return fill.lighter(112) if hover else QColor(fill)
        return self._palette.button_hover if hover else self._palette.button

    def _button_text(self, which: str) -> QColor:
        return QColor(self._palette.default_text) if which == NEXT_HAND else QColor(_TEXT)

    # -- input ---------------------------------------------------------------------------------
    def activate(self, which: str) -> None:
        """Press a button: :data:`NEXT_HAND` hides the panel and emits
        ``next_hand_requested``; :data:`SCORE_SHEET` emits ``score_sheet_requested``;
        :data:`REVIEW` emits ``review_requested``; after either of these two the focus
        is on "Next hand" again."""
        if which not in BUTTONS:
            raise ValueError(f"No button {which!r}.")
        if which == NEXT_HAND:
            self.close_summary()
            self.next_hand_requested.emit()
            return
        # the sheet or the review opens in a window of its own: back at the table,
        # Enter deals the next hand
        self._focus = NEXT_HAND
        self.update()
        if which == SCORE_SHEET:
            self.score_sheet_requested.emit()
        else:
            self.review_requested.emit()

    def handle_key(self, key: int) -> bool:
        """A key pressed on the table while the panel shows; True when it was used."""
        if not self.isVisible():
            return False
        if key in (Qt.Key.Key_Return, Qt.Key.Key_Enter, Qt.Key.Key_Space):
            self.activate(self._focus)
            return True
        if key in (Qt.Key.Key_Left, Qt.Key.Key_Right, Qt.Key.Key_Tab, Qt.Key.Key_Backtab):
            step = -1 if key in (Qt.Key.Key_Left, Qt.Key.Key_Backtab) else 1
            self._focus = BUTTONS[(BUTTONS.index(self._focus) + step) % len(BUTTONS)]
            self.update()
            return True
        return False

    def _button_at(self, pos: QPointF) -> str | None:
        for which, rect in self._buttons.items():
            if rect.contains(pos):
                return which
        return None

    def mousePressEvent(self, event: QGraphicsSceneMouseEvent) -> None:  # noqa: N802
        self._pressed = self._button_at(event.pos())
        event.accept()  # the panel takes every click on it

    def mouseReleaseEvent(self, event: QGraphicsSceneMouseEvent) -> None:  # noqa: N802
        pressed, self._pressed = self._pressed, None
        if pressed is not None and self._button_at(event.pos()) == pressed:
            self.activate(pressed)  # Enter deals after the sheet or the review
        event.accept()

    def hoverMoveEvent(self, event: QGraphicsSceneHoverEvent) -> None:  # noqa: N802
        hover = self._button_at(event.pos())
        if hover != self._hover:
            self._hover = hover
            self.setCursor(Qt.CursorShape.PointingHandCursor if hover
                           else Qt.CursorShape.ArrowCursor)
            self.update()

    def hoverLeaveEvent(self, event: QGraphicsSceneHoverEvent) -> None:  # noqa: N802
        self._hover = None
        self.update()

    # -- layout --------------------------------------------------------------------------------
    def _small_px(self) -> float:
        return max(MIN_TEXT_PX, self._px * 0.92)

    def _build(self) -> None:
        """Lay the panel out for the current geometry and language: the body text is
        2.8 % of the table's height (13–22 px), smaller when the panel would not fit in
        94 % of the table, but never below :data:`MIN_TEXT_PX`. The panel goes as near
        the table's middle as ``keep_clear`` lets it; where it fits nowhere clear, its
        text gets smaller, down to :data:`MIN_TEXT_PX`, then each team's score lines
        are wrapped onto two rows each, then its rows come closer together (unwrapped,
        then wrapped); when even that fits nowhere, it is centred on the table."""
        g = self._geometry
        self._px = max(MIN_TEXT_PX, min(MAX_TEXT_PX, g.height * 0.028))
        self._layout()
        room_w, room_h = g.width * 0.94, g.height * 0.94
        fit = min(room_w / max(1.0, self._rect.width()), room_h / max(1.0, self._rect.height()))
        if fit < 1.0 and self._px > MIN_TEXT_PX:
            self._px = max(MIN_TEXT_PX, self._px * fit)
            self._layout()
        spot = self._clear_spot()
        while spot is None and self._px > MIN_TEXT_PX:
            self._px = max(MIN_TEXT_PX, self._px - 1.0)
            self._layout()
            spot = self._clear_spot()
        for compact, wrap in ((False, True), (True, False), (True, True)):
            if spot is not None:
                break
            self._layout(compact=compact, wrap=wrap)
            spot = self._clear_spot()
        self.setPos(*(g.centre if spot is None else spot))
        self.update()

    def _clear_spot(self) -> tuple[float, float] | None:
        """The centre (scene units) nearest the table's middle for the panel at its size
        now that keeps a gap of half a letter from every rectangle of ``keep_clear``
        and stays inside the table; None when there is none."""
        g = self._geometry
        w, h = self._rect.width(), self._rect.height()
        gap = self._px * 0.5
        keep = [r for r in self._keep_clear() if not r.isEmpty()]
        cx, cy = g.centre
        # the middle itself, else just beside, below or above something in the way
        xs = [cx, *(r.right() + gap + w / 2 for r in keep), *(r.left() - gap - w / 2 for r in keep)]
        spots: list[tuple[float, float]] = []
        for x in xs:
            if not w / 2 + gap <= x <= g.width - w / 2 - gap:
                continue
            blocked = [(r.top() - gap, r.bottom() + gap) for r in keep
                       if r.right() + gap > x - w / 2 and r.left() - gap < x + w / 2]
            ys = [cy, *(b + h / 2 for _t, b in blocked), *(t - h / 2 for t, _b in blocked)]
            spots += [(x, y) for y in ys if h / 2 + gap <= y <= g.height - h / 2 - gap
                      and all(y + h / 2 <= t or y - h / 2 >= b for t, b in blocked)]
        return min(spots, key=lambda p: (p[0] - cx) ** 2 + (p[1] - cy) ** 2, default=None)

    def _layout(self, compact: bool = False, wrap: bool = False) -> None:
        """Lay the rows and buttons out at the letter size now; ``compact`` puts them
        closer together (less room between the rows and around them), ``wrap`` cuts each
        score line into two rows (:func:`_halves`)."""
        record = self._record
        assert record is not None and record.score is not None
        self.prepareGeometryChange()
        px, small = self._px, self._small_px()
        fm_title = QFontMetricsF(_font(px * 1.3, True))
        fm_bold = QFontMetricsF(_font(px, True))
        fm_body = QFontMetricsF(_font(px))
        fm_small = QFontMetricsF(_font(small))
        gap = px * (0.25 if compact else 0.5)
        sep_w = fm_small.horizontalAdvance(_SEPARATOR)

        rows: list[_Row] = []
        y = 0.0
        title = translate("HandSummary", "Hand {0} is over").format(record.hand_number)
        rows.append(_Row("title", y, fm_title.height(), None, ((title, _TEXT),)))
        y += fm_title.height() + gap
        for team in (Team.NS, Team.EW):
            header = ((team_label(team), _ACCENT[team]),
                      (translate("HandSummary", "Bid"), _MUTED),
                      (translate("HandSummary", "Won"), _MUTED), ("", _MUTED))
            # the rule under the row keeps clear of the letters' lowest points
            # (a fallback font's, as Chinese, included): half a descent below them
            ink = max([fm_bold.height()] + [fm_bold.boundingRect(t).height()
                                            for t, _ in header if t])
            height = ink + fm_bold.descent()
            rows.append(_Row("team", y, height, team, header))
            y += height
            for seat in team.seats:
                line = player_line(record, seat)
                note_colour = _nil_note(record, seat)[1] or _TEXT
                rows.append(_Row("player", y, fm_body.height(), team,
                                 ((line.name, _TEXT), (line.bid, _TEXT), (line.won, _TEXT),
                                  (line.note, note_colour))))
                y += fm_body.height()
            y += gap * 0.3
            for parts in _team_parts(record.score[team], self._totals[team]):
                for i, cells in enumerate(_halves(parts, fm_small, sep_w) if wrap
                                          else [tuple(parts)]):
                    rows.append(_Row("score", y, fm_small.height(), team, cells, i > 0))
                    y += fm_small.height()
            y += gap

        # the grid of the team and player rows: four columns
        col_gap = px * 1.2
        widths = [0.0, 0.0, 0.0, 0.0]
        for row in rows:
            if row.kind in ("team", "player"):
                fm = fm_bold if row.kind == "team" else fm_body
                for i, (text, _) in enumerate(row.cells):
                    widths[i] = max(widths[i], fm.horizontalAdvance(text))
        grid_w = sum(widths) + col_gap * 3
        indent = px * 0.6  # of the player rows and score lines under a team's name
        lines_w = indent + max(sum(fm_small.horizontalAdvance(t) for t, _ in row.cells)
                               + sep_w * (len(row.cells) - 1)
                               for row in rows if row.kind == "score")
        widths[0] += indent

        self._button_texts = {NEXT_HAND: translate("HandSummary", "Next hand"),
                              SCORE_SHEET: translate("HandSummary", "Score sheet"),
                              REVIEW: translate("HandSummary", "Review hand")}
        button_h = fm_bold.height() + px * (0.6 if compact else 0.9)
        button_ws = {k: fm_bold.horizontalAdvance(t) + px * 2.2
                     for k, t in self._button_texts.items()}
        buttons_w = sum(button_ws.values()) + px * (len(BUTTONS) - 1)

        pad = px * (0.6 if compact else 1.1)
        inner_w = max(grid_w, lines_w, fm_title.horizontalAdvance(title), buttons_w)
        height = y + button_h + 2 * pad
        width = inner_w + 2 * pad
        self._rect = QRectF(-width / 2, -height / 2, width, height)
        left, top = self._rect.left() + pad, self._rect.top() + pad
        self._rows = [row._replace(top=row.top + top) for row in rows]
        self._columns = [left]
        for w in widths[:-1]:
            self._columns.append(self._columns[-1] + w + col_gap)
        self._inner = QRectF(left, top, inner_w, y)
        bx = -buttons_w / 2
        by = top + y
        self._buttons = {}
        for key in BUTTONS:
            self._buttons[key] = QRectF(bx, by, button_ws[key], button_h)
            bx += button_ws[key] + px

    # -- painting ------------------------------------------------------------------------------
    def boundingRect(self) -> QRectF:  # noqa: N802 (Qt name)
        return self._rect.adjusted(-3, -3, 3, 3)

    def paint(self, painter: QPainter, option: QStyleOptionGraphicsItem,
              widget: QWidget | None = None) -> None:
        if self._rect.isEmpty():
            return
        px = self._px
        palette = self._palette
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        painter.setRenderHint(QPainter.RenderHint.TextAntialiasing)
        # the outline lies wholly inside the panel's rectangle, both opaque: no felt
        # shows through at the edges
        line = max(1.5, px * 0.1)
        painter.setBrush(palette.fill)
        painter.setPen(QPen(palette.outline, line))
        radius = px * 0.8 - line / 2
        painter.drawRoundedRect(self._rect.adjusted(line / 2, line / 2, -line / 2, -line / 2),
                                radius, radius)

        fonts = {"title": _font(px * 1.3, True), "team": _font(px, True),
                 "player": _font(px), "score": _font(self._small_px())}
        inner = self._inner
        sep_w = QFontMetricsF(fonts["score"]).horizontalAdvance(_SEPARATOR)
        for row in self._rows:
            painter.setFont(fonts[row.kind])
            if row.kind == "title":
                text, colour = row.cells[0]
                painter.setPen(colour)
                painter.drawText(QRectF(inner.left(), row.top, inner.width(), row.height),
                                 Qt.AlignmentFlag.AlignCenter, text)
            elif row.kind == "score":
                x = self._columns[0] + px * 0.6
                fm = QFontMetricsF(fonts["score"])
                for i, (text, colour) in enumerate(row.cells):
                    if i:
                        painter.setPen(_MUTED)
                        painter.drawText(QRectF(x, row.top, sep_w, row.height),
                                         Qt.AlignmentFlag.AlignVCenter, _SEPARATOR)
                        x += sep_w
                    w = fm.horizontalAdvance(text)
                    painter.setPen(colour)
                    painter.drawText(QRectF(x, row.top, w + 2, row.height),
                                     Qt.AlignmentFlag.AlignVCenter, text)
                    x += w
            else:
                text_h = row.height
                if row.kind == "team":
                    room = QFontMetricsF(fonts["team"]).descent()
                    text_h = row.height - room
                    rule_y = row.top + text_h + room / 2
                    painter.setPen(QPen(palette.rule, 1.0))
                    painter.drawLine(QPointF(inner.left(), rule_y), QPointF(inner.right(), rule_y))
                for i, (text, colour) in enumerate(row.cells):
                    x = self._columns[i] + (px * 0.6 if i == 0 and row.kind == "player" else 0)
                    painter.setPen(colour)
                    painter.drawText(QRectF(x, row.top, inner.right() - x, text_h),
                                     Qt.AlignmentFlag.AlignVCenter, text)

        painter.setFont(_font(px, True))
        for which, rect in self._buttons.items():
            painter.setBrush(self._button_fill(which, self._hover == which))
            focus = self._focus == which
            painter.setPen(QPen(palette.focus if focus else palette.button_edge,
                                max(2.0, px * 0.14) if focus else 1.0))
            painter.drawRoundedRect(rect, px * 0.5, px * 0.5)
            painter.setPen(self._button_text(which))
            painter.drawText(rect, Qt.AlignmentFlag.AlignCenter, self._button_texts[which])

