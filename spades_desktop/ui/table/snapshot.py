"""What the table shows at one moment, frozen: the one way to read the table.

:meth:`TableScene.snapshot` builds a :class:`TableSnapshot` from its parts (the cards,
the plates and panels, the overlays, the prompts and the end-of-hand summary). Tests,
the smoke test and the screenshot tools read the table through it; the scene keeps no
reading accessor for them. Every rectangle is in scene coordinates (map it through the
view for a click), every text is as drawn, in the current language.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from types import MappingProxyType
from typing import TYPE_CHECKING, TypeVar

from PySide6.QtCore import QPointF, QRectF
from PySide6.QtGui import QFont, QPolygonF, QTransform

from ...engine import Card, HandRecord, PlayerView, Seat, Team, TrickRecord
from .items import BubbleItem, PanelItem

if TYPE_CHECKING:
    from .card_item import CardItem
    from .summary import PlayerLine


@dataclass(frozen=True)
class CardShot:
    """One card item as drawn.

    ``card`` is None for a back; ``rect`` the item's bounding rectangle; ``pos`` its
    position (the card's top-left corner, where the layout places it); ``face_up``,
    ``dimmed`` (a card that may not be played), ``glowing`` (raised or the winner of a
    trick shown) with ``glow_colour`` (``#rrggbb``), ``visible``, ``z`` (the stacking
    value), ``rotation`` (degrees, clockwise, about the card's centre) and ``size``
    (the card's width and height before it is turned) as the item has them.
    """

    card: Card | None
    rect: QRectF
    pos: QPointF
    face_up: bool
    dimmed: bool
    glowing: bool
    glow_colour: str
    visible: bool
    z: float
    rotation: float
    size: tuple[float, float]

    def outline(self) -> QPolygonF:
        """The card's four corners in scene coordinates, as it is turned (top-left
        first, clockwise)."""
        return self.corner(1.0, 1.0)

    def corner(self, fx: float, fy: float) -> QPolygonF:
        """The card's top-left ``fx`` × ``fy`` part (fractions of its width and height)
        in scene coordinates, as the card is turned: where its index is."""
        w, h = self.size
        turn = QTransform().translate(self.pos.x() + w / 2, self.pos.y() + h / 2)
        turn.rotate(self.rotation)
        turn.translate(-w / 2, -h / 2)
        return turn.map(QPolygonF(QRectF(0, 0, w * fx, h * fy)))

    @classmethod
    def of(cls, item: CardItem) -> CardShot:
        """The shot of a card item now."""
        return cls(item.card, QRectF(item.sceneBoundingRect()), QPointF(item.pos()),
                   item.face_up, item.dimmed,
                   item.glowing, item.glow_colour.name(), item.isVisible(), item.zValue(),
                   item.rotation(), item.size)


@dataclass(frozen=True)
class TextShot:
    """One text item on the table (a plate, a corner panel, a bid or hint bubble).

    ``kind`` is "plate", "panel", "bid" or "hint"; ``text`` its lines joined with
    newlines; ``rect`` where it is drawn; ``text_rect`` the room its text lies in, in
    the item's own units, those of its ``fonts`` (the title's first); ``title_rows``
    how many of its first lines are drawn in the title's font (1 for a bid bubble);
    ``scale`` is the item's own scale; ``colours`` the colours its texts are drawn in,
    each with the fill behind it (text ``#rrggbb``, fill ``#rrggbb``, or ``#aarrggbb``
    when the felt shows through).
    """

    kind: str
    text: str
    rect: QRectF
    text_rect: QRectF
    fonts: tuple[QFont, ...]
    title_rows: int
    scale: float
    visible: bool
    colours: tuple[tuple[str, str], ...] = ()


def text_shot(item: PanelItem | BubbleItem, kind: str) -> TextShot:
    """The shot of a panel or bubble item now, as a text of ``kind``."""
    room = (item.text_rect() if isinstance(item, PanelItem)
            else item.boundingRect().adjusted(3, 3, -3, -3))
    rows = len(item.title_rows) if isinstance(item, PanelItem) else 1
    return TextShot(kind, item.text, QRectF(item.sceneBoundingRect()), QRectF(room),
                    tuple(item.fonts()), rows, item.scale(), item.isVisible(),
                    item.colours())


@dataclass(frozen=True)
class PlateShot:
    """A seat's plate: its ``text`` (lines joined with newlines), ``rect``, whether it
    is ``active`` (highlighted: the seat to act) and the thinking mark beside it:
    ``thinking`` what it means ("thinking…"; "" when none is shown), ``thinking_rect``
    where it is drawn (empty when none is) and ``thinking_moves`` whether its dots are
    animated (not while the table's animations are off)."""

    text: str
    rect: QRectF
    active: bool
    thinking: str
    thinking_rect: QRectF
    thinking_moves: bool


@dataclass(frozen=True)
class SummaryShot:
    """The end-of-hand summary as shown (its last content while hidden).

    ``record`` the hand shown (or last shown), ``title`` the heading ("" before any
    hand), ``players`` each seat's row, ``teams``
    each team's two score lines (parts joined with " · "), ``buttons`` each button's
    text and rectangle by key (``summary.BUTTONS``), ``focused`` the key of the button
    Enter presses, ``fonts`` every font it draws with (pixel sizes of the view);
    ``fill`` the panel's fill (``#aarrggbb``), ``text_colours`` every pair of colours
    (text, what lies behind it; ``#rrggbb``) its texts are drawn in, buttons hovered
    or not included.
    """

    visible: bool
    rect: QRectF
    record: HandRecord | None
    fill: str
    text_colours: tuple[tuple[str, str], ...]
    title: str
    players: Mapping[Seat, PlayerLine]
    teams: Mapping[Team, tuple[str, str]]
    buttons: Mapping[str, tuple[str, QRectF]]
    focused: str
    fonts: tuple[QFont, ...]


@dataclass(frozen=True)
class TableSnapshot:
    """The whole table at one moment (see the module docstring).

    - ``view``: the latest view given to the table (None before a game);
      ``animating``, ``busy`` and ``waiting_for_deal`` as the scene has them.
    - ``hand``: South's cards, left to right; ``raised_card`` the one Enter plays.
    - ``trick``: the trick on the table by seat, in the order played.
    - ``backs``: the face-down cards of each other seat, in display order.
    - ``plates`` by seat; ``score_panel`` and ``info_panel`` the corner panels' texts;
      ``texts`` every text item on the table.
    - ``bid_bubbles``: the bid bubbles shown, text to rectangle.
    - ``finished_trick`` (at instant speed, the trick just won still shown) and
      ``finished_trick_note`` (who won it).
    - ``refusal`` and ``refusal_rect``: the reason for a refused card or bid.
    - ``last_trick`` (the trick shown on request), its cards ``last_trick_cards`` and
      its line ``last_trick_note``.
    - ``new_game_offered``: the New game button is shown on an empty felt.
    - ``hint_offered`` (the Hint button is shown), ``hint`` the bubble's text and
      ``hint_rect`` where it is (empty when none is shown).
    - ``felt`` and ``card_back``: the looks (keys of ``looks.FELTS``/``CARD_BACKS``).
    - ``summary``: the end-of-hand summary.
    - ``four_colour`` (the four-colour deck), ``high_contrast`` (the high-contrast
      look), ``card_size`` the size chosen and ``card_size_shown`` the size drawn (the
      largest that fits, keys of ``looks.CARD_SIZES``), ``felt_colours`` the felt
      painted (centre, middle, edge), ``note_colours`` the (text, fill) colours of the
      notes shown (why a card is refused, who won the trick shown).
    """

    view: PlayerView | None
    animating: bool
    busy: bool
    waiting_for_deal: bool
    hand: Mapping[Card, CardShot]
    raised_card: Card | None
    trick: Mapping[Seat, CardShot]
    backs: Mapping[Seat, tuple[CardShot, ...]]
    plates: Mapping[Seat, PlateShot]
    score_panel: str
    info_panel: str
    texts: tuple[TextShot, ...]
    bid_bubbles: Mapping[str, QRectF]
    finished_trick: Mapping[Seat, Card]
    finished_trick_note: str
    refusal: str
    refusal_rect: QRectF
    last_trick: TrickRecord | None
    last_trick_cards: Mapping[Seat, CardShot]
    last_trick_note: str
    hint_offered: bool
    new_game_offered: bool
    hint: str
    hint_rect: QRectF
    felt: str
    card_back: str
    summary: SummaryShot
    four_colour: bool = False
    high_contrast: bool = False
    card_size: str = "normal"
    card_size_shown: str = "normal"
    felt_colours: tuple[tuple[int, int, int], ...] = ()
    note_colours: tuple[tuple[str, str], ...] = ()

    def back_counts(self) -> dict[Seat, int]:
        """How many backs are drawn at each other seat."""
        return {seat: len(backs) for seat, backs in self.backs.items()}


K = TypeVar("K")
V = TypeVar("V")


def frozen_map(items: Mapping[K, V]) -> Mapping[K, V]:
    """A read-only copy of ``items`` (keeps its order)."""
    return MappingProxyType(dict(items))
