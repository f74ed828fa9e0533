"""A small chart of both teams' running totals, hand by hand (docs/rules.md §4, §5).

Drawn with ``QPainter`` on the table's felt: x is the hand number (0 = the start, both
teams at 0), y the points; one line per team in the table's team colours, each with its
own dash pattern and marker (:data:`TEAM_STYLES`) so that equal scores stay apart, the
teams' last totals labelled at the lines' right ends, the target score as a dashed line,
and the floor as a dashed line when the game has one. Display
only: the running totals are the sums of the engine's hand totals.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence

from PySide6.QtCore import QEvent, QPointF, QRectF, QSize, Qt
from PySide6.QtGui import QColor, QFont, QFontInfo, QFontMetricsF, QPainter, QPaintEvent, QPen
from PySide6.QtWidgets import QSizePolicy, QWidget

from spades_desktop.engine import HandRecord, HandScore, Rules, Team, running_totals

from ..texts import signed_number, team_label
from .common import FELT_GREEN

__all__ = ["MIN_LABEL_PX", "TEAM_COLOURS", "TEAM_STYLES", "ScoreChart", "nice_step"]

MIN_LABEL_PX = 12
"""The smallest letters of the chart, in pixels (9 pt at 96 dpi)."""

TEAM_COLOURS = {Team.NS: QColor(255, 214, 110), Team.EW: QColor(140, 210, 255)}
"""The teams' line colours: the gold and blue of their plates on the table."""

TEAM_STYLES = {
    Team.NS: (Qt.PenStyle.SolidLine, 3.5, "circle"),
    Team.EW: (Qt.PenStyle.DashLine, 2.0, "square"),
}
"""The teams' lines: pattern, width in pixels and marker shape. North–South a wide solid
line with round markers, drawn first; East–West a narrower dashed line with smaller
square markers, drawn over it, so that where the lines coincide the gold shows on both
sides of the blue, in the dashes' gaps and around the squares."""

_END_MARK = 9.0
"""The width of the marker before each team's last total at the right of the chart."""
_TEXT = QColor(232, 238, 230)
_GRID = QColor(255, 255, 255, 38)
_TARGET = QColor(255, 255, 255, 200)
_FLOOR = QColor(255, 140, 130)


def nice_step(span: float, most: int) -> int:
    """The smallest of 1, 2, 2.5, 5 × a power of ten (a whole number ≥ 1) that cuts
    ``span`` into at most ``most`` steps."""
    if span <= 0:
        return 1
    raw = span / max(1, most)
    power = 10 ** max(0, math.floor(math.log10(max(raw, 1))))
    for factor in (1, 2, 2.5, 5, 10):
        step = factor * power
        if step >= raw and step == int(step):
            return int(step)
    return int(10 * power)


class ScoreChart(QWidget):
    """Both teams' running totals across the hands played.

    :meth:`set_history` takes the teams' hand totals (``history[i][team].total``) and
    the game's target score and floor (``None``: not drawn); :attr:`target` and
    :attr:`floor` give the lines drawn.

    The widget's object name is ``scoreChart`` (tests and tools may rely on it). Its
    accessible description gives the running totals drawn, one line per team, North–South
    first: the team's label, ``": "``, then its running total after each hand, oldest
    first, joined by ``", "`` (a true minus sign for a negative total), e.g.
    ``"Us (N–S): 41, 101, 1"``; it is empty while no hand is drawn.
    """

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("scoreChart")
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Expanding)
        self._ns: list[int] = []
        self._ew: list[int] = []
        self._target: int | None = None
        self._floor: int | None = None
        self.retranslate()

    # -- data ----------------------------------------------------------------------------
    def set_history(
        self,
        history: Sequence[Mapping[Team, HandScore]],
        target: int | None = None,
        floor: int | None = None,
    ) -> None:
        """Draw the running totals of ``history`` (per hand a mapping Team →
        :class:`~spades_desktop.engine.HandScore`, oldest first) with the ``target``
        score and the ``floor`` (points; ``None`` for none)."""
        totals = running_totals(history)
        self._ns = [ns for ns, _ in totals]
        self._ew = [ew for _, ew in totals]
        self._target, self._floor = target, floor
        self._describe()
        self.update()

    def set_records(self, records: Sequence[HandRecord], rules: Rules | None = None) -> None:
        """:meth:`set_history` from the engine's records of finished hands and the game's
        rules (its target score and floor). Raises ``ValueError`` for a hand not scored."""
        history: list[Mapping[Team, HandScore]] = []
        for record in records:
            if record.score is None:
                raise ValueError(f"Hand {record.hand_number} is not finished.")
            history.append(record.score)
        self.set_history(
            history,
            rules.target_score if rules is not None else None,
            rules.floor_score if rules is not None else None,
        )

    @property
    def target(self) -> int | None:
        """The target score drawn as a dashed line, or ``None``."""
        return self._target

    @property
    def floor(self) -> int | None:
        """The floor drawn as a dashed line, or ``None`` (the game has no floor)."""
        return self._floor

    def label_font(self) -> QFont:
        """The font of every text of the chart: the widget's, at least
        :data:`MIN_LABEL_PX` pixels."""
        font = QFont(self.font())
        font.setPixelSize(max(MIN_LABEL_PX, QFontInfo(self.font()).pixelSize()))
        return font

    # -- texts ---------------------------------------------------------------------------
    def retranslate(self) -> None:
        """Set the texts in the current language (also on ``LanguageChange``)."""
        self.setAccessibleName(self.tr("Running totals by hand"))
        self._describe()
        self.update()

    def _describe(self) -> None:
        """The accessible description: the running totals drawn (see the class)."""
        lines = [
            f"{team_label(team)}: {', '.join(signed_number(v) for v in series)}"
            for team, series in ((Team.NS, self._ns), (Team.EW, self._ew))
        ]
        self.setAccessibleDescription("\n".join(lines) if self._ns else "")

    def changeEvent(self, event: QEvent) -> None:  # noqa: N802 (Qt name)
        if event.type() == QEvent.Type.LanguageChange:
            self.retranslate()
        super().changeEvent(event)

    def sizeHint(self) -> QSize:  # noqa: N802 (Qt name)
        return QSize(420, 150)

    def minimumSizeHint(self) -> QSize:  # noqa: N802 (Qt name)
        return QSize(260, 120)

    # -- painting ------------------------------------------------------------------------
    def _y_range(self) -> tuple[int, int, int]:
        values = [0, *self._ns, *self._ew]
        if self._target is not None:
            values.append(self._target)
        if self._floor is not None:
            values.append(self._floor)
        lo, hi = min(values), max(values)
        step = nice_step(max(1, hi - lo), 4)
        return math.floor(lo / step) * step, math.ceil(hi / step) * step or step, step

    def _end_texts(self) -> list[tuple[Team, str]]:
        if not self._ns:
            return []
        return [(Team.NS, signed_number(self._ns[-1])), (Team.EW, signed_number(self._ew[-1]))]

    def _geometry(self) -> tuple[QRectF, QRectF, int, int, int]:
        """(the felt, the plotting area, the y axis' lowest value, highest value, step)."""
        fm = QFontMetricsF(self.label_font())
        line_h = fm.height()
        outer = QRectF(self.rect()).adjusted(1, 1, -1, -1)
        lo, hi, step = self._y_range()
        texts = [signed_number(v) for v in range(lo, hi + 1, step)] + [self.tr("Hand")]
        left = outer.left() + 8 + max(fm.horizontalAdvance(t) for t in texts)
        end_w = max((fm.horizontalAdvance(t) for _team, t in self._end_texts()), default=0.0)
        right = outer.right() - 10 - (_END_MARK + end_w + 16 if end_w else 0)
        plot = QRectF(
            QPointF(left + 6, outer.top() + line_h + 10),
            QPointF(right, outer.bottom() - line_h * 1.5 - 8),
        )
        return outer, plot, lo, hi, step

    def plot_rect(self) -> QRectF:
        """The plotting area at the widget's size, in widget pixels: the teams' lines and
        markers lie inside it; the axes' labels, the legend and the end labels outside."""
        return self._geometry()[1]

    def _point(self, plot: QRectF, lo: int, hi: int, hand: float, points: float) -> QPointF:
        x_max = max(1, len(self._ns))
        return QPointF(
            plot.left() + plot.width() * hand / x_max,
            plot.bottom() - plot.height() * (points - lo) / max(1, hi - lo),
        )

    def end_labels(self) -> dict[Team, tuple[QRectF, str]]:
        """Each team's last running total as written at the right end of its line: its
        box in widget pixels and its text. The boxes never overlap: when the two totals
        are close, the higher one's box moves up and the other's down (North–South's up
        when they are equal), both kept inside the widget. Empty while no hand is drawn."""
        texts = self._end_texts()
        if not texts:
            return {}
        fm = QFontMetricsF(self.label_font())
        outer, plot, lo, hi, _step = self._geometry()
        h = fm.height() + 2
        last = len(self._ns)
        centres = {
            Team.NS: self._point(plot, lo, hi, last, self._ns[-1]).y(),
            Team.EW: self._point(plot, lo, hi, last, self._ew[-1]).y(),
        }
        upper, lower = (Team.NS, Team.EW) if self._ns[-1] >= self._ew[-1] else (Team.EW, Team.NS)
        top_y, bottom_y = centres[upper] - h / 2, centres[lower] - h / 2
        if bottom_y - top_y < h + 2:  # too close: spread around their middle
            middle = (centres[upper] + centres[lower]) / 2
            top_y, bottom_y = middle - h - 1, middle + 1
        shift = max(0.0, outer.top() - top_y) - max(0.0, bottom_y + h - outer.bottom())
        top_y, bottom_y = top_y + shift, bottom_y + shift
        x = plot.right() + 8
        boxes = {}
        for team, text in texts:
            y = top_y if team is upper else bottom_y
            boxes[team] = (QRectF(x, y, _END_MARK + fm.horizontalAdvance(text) + 6, h), text)
        return boxes

    @staticmethod
    def _team_pen(team: Team) -> QPen:
        style, width, _marker = TEAM_STYLES[team]
        pen = QPen(
            TEAM_COLOURS[team], width, style, Qt.PenCapStyle.FlatCap, Qt.PenJoinStyle.RoundJoin
        )
        if style != Qt.PenStyle.SolidLine:
            pen.setDashPattern([4.0, 3.0])  # in pen widths: long dashes, clear gaps
        return pen

    @staticmethod
    def _marker(p: QPainter, team: Team, point: QPointF, size: float) -> None:
        """A filled marker of ``team``'s shape centred on ``point``: a circle of radius
        ``size``, or a square of side 1.3 × ``size`` (it sits inside the circle of an
        equal total, leaving a ring of the circle's colour)."""
        p.setBrush(TEAM_COLOURS[team])
        p.setPen(Qt.PenStyle.NoPen)
        if TEAM_STYLES[team][2] == "circle":
            p.drawEllipse(point, size, size)
        else:
            half = size * 0.65
            p.drawRect(QRectF(point.x() - half, point.y() - half, 2 * half, 2 * half))

    def paintEvent(self, event: QPaintEvent) -> None:  # noqa: N802 (Qt name)
        p = QPainter(self)
        p.setRenderHint(QPainter.RenderHint.Antialiasing)
        p.setRenderHint(QPainter.RenderHint.TextAntialiasing)
        font = self.label_font()
        p.setFont(font)
        fm = QFontMetricsF(font)
        line_h = fm.height()
        outer, plot, lo, hi, step = self._geometry()
        p.setPen(Qt.PenStyle.NoPen)
        p.setBrush(QColor(FELT_GREEN))
        p.drawRoundedRect(outer, 8, 8)

        y_labels = [signed_number(v) for v in range(lo, hi + 1, step)]
        hand_word = self.tr("Hand")
        left = plot.left() - 6
        x_row = plot.bottom() + line_h / 2 + 3  # below the lowest y label
        if plot.width() < 20 or plot.height() < 20:
            p.end()
            return
        n = len(self._ns)
        x_max = max(1, n)

        def at(hand: float, points: float) -> QPointF:
            return self._point(plot, lo, hi, hand, points)

        # grid and y labels
        for value, text in zip(range(lo, hi + 1, step), y_labels, strict=True):
            y = at(0, value).y()
            p.setPen(QPen(_GRID if value else QColor(255, 255, 255, 90), 1.0))
            p.drawLine(QPointF(plot.left(), y), QPointF(plot.right(), y))
            p.setPen(_TEXT)
            p.drawText(
                QRectF(outer.left() + 4, y - line_h / 2, left - outer.left() - 4, line_h),
                Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter,
                text,
            )
        # x labels: hand numbers, at most about one per 3 letters' width
        room = max(1, int(plot.width() / (fm.horizontalAdvance("000") + 6)))
        x_step = nice_step(x_max, room)
        p.setPen(_TEXT)
        for hand in range(0, x_max + 1, x_step):
            x = at(hand, 0).x()
            p.drawText(
                QRectF(x - 30, x_row, 60, line_h),
                Qt.AlignmentFlag.AlignHCenter | Qt.AlignmentFlag.AlignTop,
                str(hand),
            )
        p.drawText(
            QRectF(outer.left() + 4, x_row, left - outer.left() - 4, line_h),
            Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignTop,
            hand_word,
        )

        # the target and the floor: the lines under the teams' lines, their labels on top
        labels: list[tuple[QRectF, QColor, str]] = []
        for mark, colour, text, right in (
            (self._target, _TARGET, self.tr("Target {0}"), True),
            (self._floor, _FLOOR, self.tr("Floor {0}"), False),
        ):
            if mark is None:
                continue
            y = at(0, mark).y()
            p.setPen(QPen(colour, 1.5, Qt.PenStyle.DashLine))
            p.drawLine(QPointF(plot.left(), y), QPointF(plot.right(), y))
            label = text.format(signed_number(mark))
            w = fm.horizontalAdvance(label) + 6
            # the floor's label in the middle (the teams' last points are at the right)
            x0 = plot.right() - w if right else plot.center().x() - w / 2
            labels.append((QRectF(x0, y - line_h - 2, w, line_h), colour, label))

        # the two teams: North–South first, East–West's dashes and squares over it
        size = 5.0 if n <= 30 else 3.5
        for team, series in ((Team.NS, self._ns), (Team.EW, self._ew)):
            points = [at(0, 0)] + [at(i + 1, v) for i, v in enumerate(series)]
            p.setPen(self._team_pen(team))
            p.setBrush(Qt.BrushStyle.NoBrush)
            p.drawPolyline(points)
            for point in points[1:]:
                self._marker(p, team, point, size)

        for box, colour, label in labels:
            p.fillRect(box, QColor(FELT_GREEN))
            p.setPen(colour)
            p.drawText(box, Qt.AlignmentFlag.AlignCenter, label)
        for team, (box, text) in self.end_labels().items():
            self._marker(p, team, QPointF(box.left() + _END_MARK / 2, box.center().y()), 4.0)
            p.setPen(TEAM_COLOURS[team])
            p.drawText(
                box.adjusted(_END_MARK + 3, 0, 0, 0),
                Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter,
                text,
            )

        # legend, top left: each team's line pattern and marker, then its name
        x = plot.left()
        y = outer.top() + 5 + line_h / 2
        for team in (Team.NS, Team.EW):
            p.setPen(self._team_pen(team))
            p.drawLine(QPointF(x, y), QPointF(x + 24, y))
            self._marker(p, team, QPointF(x + 12, y), 5.0)
            text = team_label(team)
            p.setPen(_TEXT)
            p.drawText(
                QRectF(x + 28, y - line_h / 2, fm.horizontalAdvance(text) + 4, line_h),
                Qt.AlignmentFlag.AlignVCenter,
                text,
            )
            x += 28 + fm.horizontalAdvance(text) + 18
        p.end()
