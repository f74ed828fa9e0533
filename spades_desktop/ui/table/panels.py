"""The heads-up panels of the table: a plate at each seat (name, dealer, bid, tricks
won), the score panel (top left) and the information panel (top right).

All text comes from South's ``PlayerView``; the panels never count anything themselves,
except that a trick just won may be shown on the plates before the view says so.
"""

from __future__ import annotations

from dataclasses import replace

from PySide6.QtCore import QCoreApplication, QObject, QRectF
from PySide6.QtWidgets import QGraphicsScene

from ...engine import CUSTOM_PRESET, OPTION, Bid, Phase, PlayerView, Seat, Team, preset_of
from ..house_rules_text import house_rules_in_force, in_force_name, preset_name
from ..texts import bid_text, seat_name, signed_number, team_name
from .cards import GeometrySource
from .items import MIN_TEXT_PX, PanelItem, ThinkingMark
from .layout import TableGeometry
from .snapshot import PlateShot, TextShot, text_shot

translate = QCoreApplication.translate
"""Table strings use the context "Table"; each call names it literally for lupdate."""

PANEL_Z = 300


class Table(QObject):
    """The "Table" translation context for plural messages: pyside6-lupdate recognises
    a plural only in a ``tr`` call whose count is a variable."""

    def score_line(self, team: str, score: int, bags: int) -> str:
        """A team's line on the score panel, e.g. "Us: 120  (3 bags)"."""
        return self.tr("{0}: {1}  (%n bag(s))", "team: score (bags)", bags).format(
            team, signed_number(score))


_PLURALS = Table()

_TRICKS_IN_HAND = 13


def _plate_title(seat: Seat, dealer: bool) -> str:
    """A plate's title: the seat's name, with the dealer's mark."""
    if dealer:
        return translate("Table", "{0} \u00b7 dealer").format(seat_name(seat))
    return seat_name(seat)


def _bid_line(bid: Bid | None) -> str:
    if bid is None:
        return translate("Table", "Bid: \u2014")
    return translate("Table", "Bid: {0}").format(bid_text(bid))


def _tricks_line(tricks: int) -> str:
    return translate("Table", "Tricks: {0}").format(tricks)


class TablePanels:
    """The seat plates and the two corner panels of one table.

    ``shown_tricks`` (tricks won by seat), when set, is shown on the plates instead of
    the view's count: the table sets it while a won trick is being collected and while
    a finished hand waits for the next deal; no plate is highlighted then.
    """

    def __init__(self, scene: QGraphicsScene, geometry: GeometrySource) -> None:
        self._geometry = geometry
        g = geometry()
        self._plates = {s: PanelItem(g.label_anchor(s)[2]) for s in Seat}
        self._score = PanelItem("topleft")
        self._info = PanelItem("topright")
        for p in (*self._plates.values(), self._score, self._info):
            p.setZValue(PANEL_Z)
            scene.addItem(p)
        self.shown_tricks: dict[Seat, int] | None = None
        self._views: tuple[PlayerView, PlayerView | None] | None = None
        # The thinking mark (three dots) by a computer player's plate.
        self._marks: dict[Seat, ThinkingMark] = {}
        self._marks_moving = True
        for seat in Seat:
            mark = ThinkingMark()
            mark.setZValue(PANEL_Z + 1)
            scene.addItem(mark)
            self._marks[seat] = mark

    # -- reading -----------------------------------------------------------------------------
    def plate_shot(self, seat: Seat) -> PlateShot:
        """``seat``'s plate as drawn, with its thinking mark."""
        plate, mark = self._plates[seat], self._marks[seat]
        shown = mark.isVisible()
        return PlateShot(plate.text, QRectF(self.plate_rect(seat)), plate.active,
                         self.thinking_mark(seat),
                         mark.mapRectToScene(mark.rect()) if shown else QRectF(),
                         mark.moving)

    def text_shots(self) -> list[TextShot]:
        """The plates and the two corner panels as drawn."""
        return [*(text_shot(p, "plate") for p in self._plates.values()),
                text_shot(self._score, "panel"), text_shot(self._info, "panel")]

    def plate_rect(self, seat: Seat) -> QRectF:
        """Where ``seat``'s plate is drawn, in scene coordinates."""
        return self._plates[seat].sceneBoundingRect()

    def thinking_mark(self, seat: Seat) -> str:
        """What the mark by ``seat``'s plate means ("thinking…"), or "" when none is
        shown."""
        return self._marks[seat].text

    def set_thinking(self, seat: Seat, thinking: bool) -> None:
        """Show or hide the thinking mark by ``seat``'s plate: three dots lighting up
        in turn (still while the table's animations are off, :meth:`set_marks_moving`)."""
        mark = self._marks[seat]
        if not thinking:
            mark.hide_mark()
            return
        mark.set_height(self._plates[seat].fonts()[0].pixelSize() * 1.2)
        mark.show_mark(translate("Table", "thinking\u2026"), self._marks_moving)
        self._place_mark(seat)

    def set_marks_moving(self, moving: bool) -> None:
        """Whether the thinking marks' dots move (the table's animations are on)."""
        self._marks_moving = moving
        for mark in self._marks.values():
            mark.set_moving(moving)

    def _place_mark(self, seat: Seat) -> None:
        """Put the mark beside the plate, on the felt and clear of every hand, the
        corner boxes and the other plates: just under the plate, else beside it toward
        the table's middle, else just over it (under it when nothing is clear)."""
        g = self._geometry()
        mark = self._marks[seat]
        plate = self._plates[seat].mapRectToScene(self._plates[seat].text_rect())
        w, h = mark.rect().width(), mark.rect().height()
        gap = 3.0
        cx, cy = plate.center().x() - w / 2, plate.center().y() - h / 2
        inward = plate.right() + gap if plate.center().x() < g.width / 2 else \
            plate.left() - gap - w
        spots = [(cx, plate.bottom() + gap), (inward, cy), (cx, plate.top() - gap - h)]
        felt = QRectF(0, 0, g.width, g.height)
        others = [p.sceneBoundingRect() for s, p in self._plates.items() if s != seat]
        taken = [*self._hand_areas(), self._score.sceneBoundingRect(),
                 self._info.sceneBoundingRect(), *others]
        for x, y in spots:
            spot = QRectF(round(x), round(y), w, h)
            if felt.contains(spot) and not any(spot.intersects(r) for r in taken):
                break
        else:
            spot = QRectF(round(spots[0][0]), round(spots[0][1]), w, h)
        mark.setPos(spot.topLeft())

    def _hand_areas(self) -> list[QRectF]:
        """Where each seat's full hand of 13 cards lies (West's and East's turned a
        quarter round), South's with room for a raised card."""
        g = self._geometry()
        areas = []
        for seat in Seat:
            cards = g.hand(seat, 13)
            turned = seat in (Seat.WEST, Seat.EAST)
            cw, ch = g.card_size(seat)
            w, h = (ch, cw) if turned else (cw, ch)
            rects = [QRectF(p.x + cw / 2 - w / 2, p.y + ch / 2 - h / 2, w, h)
                     for p in cards]
            area = rects[0].united(rects[-1])
            if seat is Seat.SOUTH:
                area.setTop(area.top() - ch * 0.22)
            areas.append(area)
        return areas

    def panel_texts(self) -> tuple[str, str]:
        """The texts of the score panel and the information panel."""
        return self._score.text, self._info.text

    # -- writing -----------------------------------------------------------------------------
    def relayout(self) -> None:
        """The table was resized: hang the plates from their new anchors (the next
        :meth:`refresh` moves them)."""
        g = self._geometry()
        for seat, plate in self._plates.items():
            plate.set_anchor(g.label_anchor(seat)[2])

    def forget(self) -> None:
        """A new view is coming (a new game or hand): drop the remembered views."""
        self._views = None

    def retranslate(self, fallback: PlayerView | None) -> None:
        """Show the last views again in the current language (``fallback`` if none)."""
        if self._views is not None:
            self.refresh(*self._views)
        elif fallback is not None:
            self.refresh(fallback)

    @staticmethod
    def text_size(g: TableGeometry) -> float:
        """The plates' and boxes' title size in scene units (their detail lines are
        never below :data:`MIN_TEXT_PX`)."""
        return max(MIN_TEXT_PX / 0.86, g.text_h * 0.105)

    def fitted(self, g: TableGeometry, middle: float, buttons_top: float) -> TableGeometry:
        """``g`` with the band for West's and East's hands and the place of their
        plates fitted to the largest plates and boxes there may be at this size, in
        the current language (so nothing moves from hand to hand): below the corner
        boxes (and North's plate when it reaches over West's hand), above South's
        plate and the buttons beside South's hand (``buttons_top``, scene units).
        When West's and East's plates, beside their hands, would leave less than
        ``middle`` (the bid panel's width) between them, they hang above their hands.
        """
        size = self.text_size(g)
        sample = PanelItem()

        def box(title: str, lines: list[str]) -> QRectF:
            sample.set_content(title, lines, size)
            return sample.text_rect()

        gap = max(4.0, g.margin * 0.4)
        corner = box("X", ["X"] * 4).height()  # the information box's most lines
        plates = {s: self._largest_plate(s, size) for s in Seat}
        plate_h = max(r.height() for r in plates.values())
        plate_w = max(plates[s].width() for s in (Seat.WEST, Seat.EAST))
        side = g.side_hand_width()
        top = g.margin + corner + gap
        north_left = g.label_anchor(Seat.NORTH)[0] - plates[Seat.NORTH].width()
        if north_left < g.margin * 0.5:  # North's hand moves right to leave room
            g = replace(g, north_shift=g.margin * 0.5 - north_left)
        north_right = g.label_anchor(Seat.NORTH)[0]
        if north_right - plates[Seat.NORTH].width() < side:  # under the score box, over West
            top += plate_h + gap
        south_right = g.label_anchor(Seat.SOUTH)[0]
        bottom = g.height - g.margin - g.hand_h / 2 - plate_h / 2 - gap
        if south_right - plates[Seat.SOUTH].width() >= side:  # South's plate clear of West's hand
            bottom = g.height - g.margin
        bottom = min(bottom, buttons_top - gap)
        beside = g.width - 2 * (side + g.card_w * 0.15 + plate_w + g.margin * 0.5)
        above = beside < middle
        mark = size * 1.5 if above else 0.0  # the thinking mark under a plate
        if above:
            top += plate_h + gap + mark
        return replace(g, side_top=top, side_bottom=bottom, plates_above=above,
                       mark_room=mark)

    @staticmethod
    def _largest_plate(seat: Seat, size: float) -> QRectF:
        """``seat``'s plate at its largest (dealer, the longest bid and tricks lines) at
        text ``size``, as a rectangle of its own units."""
        sample = PanelItem()
        lines = [_bid_line(Bid(0, blind=True)), _tricks_line(_TRICKS_IN_HAND)]
        sample.set_content(_plate_title(seat, True), lines, size)
        return QRectF(sample.text_rect())

    def north_plate_bottom(self, g: TableGeometry) -> float:
        """How low North's plate may reach on a table of ``g``, in scene units, at its
        largest: beside North's hand, centred on it, or, when that would reach up to the
        score box in the top left corner, just below it (:meth:`refresh` moves it there
        when they meet)."""
        size = self.text_size(g)
        sample = PanelItem()
        sample.set_content("X", ["X"] * 2, size)  # the score box: a title and two lines
        corner = sample.text_rect().height()
        plate_h = self._largest_plate(Seat.NORTH, size).height()
        gap = max(4.0, g.margin * 0.4)
        centre = g.label_anchor(Seat.NORTH)[1]
        below_boxes = g.margin + corner + gap
        if centre - plate_h / 2 < below_boxes:
            return below_boxes + plate_h
        return centre + plate_h / 2

    def refresh(self, view: PlayerView, scores: PlayerView | None = None) -> None:
        """Seat plates and the information panel from ``view``; the score panel from
        ``scores`` (default ``view``: after a hand the new scores show beside the old
        hand's bids and tricks)."""
        self._views = (view, scores)
        size = self.text_size(self._geometry())
        self._refresh_plates(view, size)
        self._refresh_score(scores or view, size)
        self._refresh_info(view, size)
        self._keep_plates_clear()

    def _keep_plates_clear(self) -> None:
        """Move a plate down, clear of the score and information boxes in the top
        corners, when a small table puts them on top of each other (North's plate
        at 800×600)."""
        gap = max(4.0, self._geometry().margin * 0.4)
        boxes = [self._score.sceneBoundingRect(), self._info.sceneBoundingRect()]
        for plate in self._plates.values():
            for box in boxes:
                rect = plate.sceneBoundingRect()
                if rect.intersects(box):
                    plate.moveBy(0, round(box.bottom() + gap - rect.top()))

    def _refresh_plates(self, view: PlayerView, size: float) -> None:
        g = self._geometry()
        tricks = self.shown_tricks or view.tricks_won
        for seat, plate in self._plates.items():
            x, y, _ = g.label_anchor(seat)
            lines = [_bid_line(view.bids.get(seat))]
            if view.phase is not Phase.BIDDING or self.shown_tricks is not None:
                lines.append(_tricks_line(tricks.get(seat, 0)))
            title = _plate_title(seat, seat == view.dealer)
            active = view.current_player == seat and self.shown_tricks is None
            accent = "team_ew" if seat.team is Team.EW else "team_ns"  # the look's colours
            plate.set_content(title, lines, size, active, accent)
            plate.setPos(round(x), round(y))  # whole pixels: crisp text
            rect = plate.sceneBoundingRect().adjusted(4, 4, -4, -4)  # the drawn plate
            dx = max(0.0, g.margin * 0.5 - rect.left()) - max(
                0.0, rect.right() - (g.width - g.margin * 0.5))
            plate.moveBy(round(dx), 0)  # inside the felt
            if self._marks[seat].isVisible():
                self.set_thinking(seat, True)  # follow the plate, retranslate

    def _refresh_score(self, sv: PlayerView, size: float) -> None:
        g = self._geometry()
        score_lines = [_PLURALS.score_line(team_name(team), sv.scores[team], sv.bags[team])
                       for team in (Team.NS, Team.EW)]
        self._score.set_content(
            translate("Table", "Score \u00b7 target {0}").format(sv.rules.target_score),
            score_lines, size)
        self._score.setPos(round(g.margin), round(g.margin))

    def _refresh_info(self, view: PlayerView, size: float) -> None:
        g = self._geometry()
        contract_us = sum(b.tricks for s, b in view.bids.items() if s.team is Team.NS)
        contract_them = sum(b.tricks for s, b in view.bids.items() if s.team is Team.EW)
        lines = [translate("Table", "Hand {0}").format(view.hand_number),
                 translate("Table", "Spades may be led") if view.rules.spades_any_time
                 else translate("Table", "Spades broken") if view.spades_broken
                 else translate("Table", "Spades not broken")]
        house = house_rules_in_force(view.rules)
        if view.rules.deck != OPTION["deck"].default:  # the deck on a line of its own
            deck = in_force_name("deck", view.rules.deck)
            house.remove(deck)
            lines.append(translate("Table", "Deck: {0}").format(deck))
        preset = preset_of(view.rules)
        if house and preset not in ("standard", CUSTOM_PRESET):  # a preset: its name
            house = [preset_name(preset)]
        if len(house) > 1:  # one short line: the first, and how many more
            lines.append(translate("Table", "House rules: {0} +{1}").format(
                house[0], len(house) - 1))
        elif house:
            lines.append(translate("Table", "House rules: {0}").format(house[0]))
        if len(view.bids) == 4:
            lines.append(translate("Table", "Contracts: us {0} \u00b7 them {1}").format(
                contract_us, contract_them))
        self._info.set_content(
            translate("Table", "Game #{0}").format(view.game_number), lines, size)
        self._info.setPos(round(g.width - g.margin), round(g.margin))
