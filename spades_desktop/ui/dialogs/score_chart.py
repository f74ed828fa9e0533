"""A small chart of both teams' running totals, hand by hand (docs/rules.md §4, §5).

Drawn with ``QPainter`` on the table's felt: x is the hand number (0 = the start, both
teams at 0), y the points; one line per team in the table's team colours, the target
score as a dashed line, and the floor as a dashed line when the game has one. Display
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

__all__ = ["MIN_LABEL_PX", "TEAM_COLOURS", "ScoreChart", "nice_step"]

MIN_LABEL_PX = 12
"""The smallest letters of the chart, in pixels (9 pt at 96 dpi)."""

TEAM_COLOURS = {Team.NS: QColor(255, 214, 110), Team.EW: QColor(140, 210, 255)}
"""The teams' line colours: the gold and blue of their plates on the table."""

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
    def set_history(self, history: Sequence[Mapping[Team, HandScore]], target: int | None = None,
                    floor: int | None = None) -> None:
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
        self.set_history(history, rules.target_score if rules is not None else None,
                         rules.floor_score if rules is not None else None)

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
        lines = [f"{team_label(team)}: {', '.join(signed_number(v) for v in series)}"
                 for team, series in ((Team.NS, self._ns), (Team.EW, self._ew))]
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

    def paintEvent(self, event: QPaintEvent) -> None:  # noqa: N802 (Qt name)
        p = QPainter(self)
        p.setRenderHint(QPainter.RenderHint.Antialiasing)
        p.setRenderHint(QPainter.RenderHint.TextAntialiasing)
        font = self.label_font()
        p.setFont(font)
        fm = QFontMetricsF(font)
        line_h = fm.height()
        outer = QRectF(self.rect()).adjusted(1, 1, -1, -1)
        p.setPen(Qt.PenStyle.NoPen)
        p.setBrush(QColor(FELT_GREEN))
        p.drawRoundedRect(outer, 8, 8)

        lo, hi, step = self._y_range()
        y_labels = [signed_number(v) for v in range(lo, hi + 1, step)]
        hand_word = self.tr("Hand")
        left = outer.left() + 8 + max(fm.horizontalAdvance(t) for t in [*y_labels, hand_word])
        plot = QRectF(QPointF(left + 6, outer.top() + line_h + 10),
                      QPointF(outer.right() - 12, outer.bottom() - line_h * 1.5 - 8))
        x_row = plot.bottom() + line_h / 2 + 3  # below the lowest y label
        if plot.width() < 20 or plot.height() < 20:
            p.end()
            return
        n = len(self._ns)
        x_max = max(1, n)

        def px(hand: float) -> float:
            return plot.left() + plot.width() * hand / x_max

        def py(points: float) -> float:
            return plot.bottom() - plot.height() * (points - lo) / max(1, hi - lo)

        # grid and y labels
        for value, text in zip(range(lo, hi + 1, step), y_labels, strict=True):
            y = py(value)
            p.setPen(QPen(_GRID if value else QColor(255, 255, 255, 90), 1.0))
            p.drawLine(QPointF(plot.left(), y), QPointF(plot.right(), y))
            p.setPen(_TEXT)
            p.drawText(QRectF(outer.left() + 4, y - line_h / 2, left - outer.left() - 4,
                              line_h), Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter,
                       text)
        # x labels: hand numbers, at most about one per 3 letters' width
        room = max(1, int(plot.width() / (fm.horizontalAdvance("000") + 6)))
        x_step = nice_step(x_max, room)
        p.setPen(_TEXT)
        for hand in range(0, x_max + 1, x_step):
            x = px(hand)
            p.drawText(QRectF(x - 30, x_row, 60, line_h),
                       Qt.AlignmentFlag.AlignHCenter | Qt.AlignmentFlag.AlignTop, str(hand))
        p.drawText(QRectF(outer.left() + 4, x_row, left - outer.left() - 4, line_h),
                   Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignTop, hand_word)

        # the target and the floor: the lines under the teams' lines, their labels on top
        labels: list[tuple[QRectF, QColor, str]] = []
        for mark, colour, text, right in (
                (self._target, _TARGET, self.tr("Target {0}"), True),
                (self._floor, _FLOOR, self.tr("Floor {0}"), False)):
            if mark is None:
                continue
            y = py(mark)
            p.setPen(QPen(colour, 1.5, Qt.PenStyle.DashLine))
            p.drawLine(QPointF(plot.left(), y), QPointF(plot.right(), y))
            label = text.format(signed_number(mark))
            w = fm.horizontalAdvance(label) + 6
            # the floor's label in the middle (the teams' last points are at the right)
            x0 = plot.right() - w if right else plot.center().x() - w / 2
            labels.append((QRectF(x0, y - line_h - 2, w, line_h), colour, label))

        # the two teams
        for team, series in ((Team.NS, self._ns), (Team.EW, self._ew)):
            colour = TEAM_COLOURS[team]
            points = [QPointF(px(0), py(0))] + [QPointF(px(i + 1), py(v))
                                                for i, v in enumerate(series)]
            p.setPen(QPen(colour, 2.5, Qt.PenStyle.SolidLine, Qt.PenCapStyle.RoundCap,
                          Qt.PenJoinStyle.RoundJoin))
            p.setBrush(Qt.BrushStyle.NoBrush)
            p.drawPolyline(points)
            p.setBrush(colour)
            p.setPen(Qt.PenStyle.NoPen)
            radius = 3.0 if n <= 30 else 2.0
            for point in points[1:]:
                p.drawEllipse(point, radius, radius)

        for box, colour, label in labels:
            p.fillRect(box, QColor(FELT_GREEN))
            p.setPen(colour)
            p.drawText(box, Qt.AlignmentFlag.AlignCenter, label)

        # legend, top left
        x = plot.left()
        y = outer.top() + 5
        for team in (Team.NS, Team.EW):
            colour = TEAM_COLOURS[team]
            p.setPen(QPen(colour, 3.0))
            p.drawLine(QPointF(x, y + line_h / 2), QPointF(x + 16, y + line_h / 2))
            text = team_label(team)
            p.setPen(_TEXT)
            p.drawText(QRectF(x + 20, y, fm.horizontalAdvance(text) + 4, line_h),
                       Qt.AlignmentFlag.AlignVCenter, text)
            x += 20 + fm.horizontalAdvance(text) + 18
        p.end()
