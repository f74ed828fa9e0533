"""What the table asks of the human at South, and the human's input: the bid panel, the
Blind Nil question and the Play button shown inside the table, clicks on South's cards,
and the status line that goes with each (docs/rules.md §2, §3).

Nothing here decides a rule: which cards are lit comes from ``view.legal``, why a card
may not be played from ``view.explain``.
"""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QCoreApplication, QObject, QRectF, QSizeF, Qt, Signal, Slot
from PySide6.QtGui import QColor, QFontMetricsF, QPainter
from PySide6.QtWidgets import (
    QGraphicsProxyWidget,
    QGraphicsScene,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from ...bots.coach import Hint
from ...engine import (
    BLIND_NIL_DEFICIT,
    BLIND_NIL_POINTS,
    LOOK_AT_HAND,
    Bid,
    Card,
    Phase,
    PlayerView,
    Refusal,
    Seat,
    Suit,
    parse_card,
)
from ...looks import STANDARD, TablePalette, hex_colour
from ..bid_panel import MAX_BID, BidPanel
from ..coach_text import (
    expected_points_text,
    hint_title,
    reason_text,
    thinking_text,
)
from ..i18n import engine_text
from ..status_line import StatusLine
from ..texts import card_label, seat_name
from .cards import GeometrySource, TableCards
from .items import PanelItem
from .layout import TableGeometry
from .panels import TablePanels
from .snapshot import TextShot, text_shot

translate = QCoreApplication.translate
"""Table strings use the context "Table"; each call names it literally for lupdate."""

PROMPT_Z = 1000

COMPACT_BELOW = 700
"""On a table lower than this (scene units) the bid panel is drawn compact."""

HINT_LINE_CHARS = 46
"""A hint bubble's line holds about this many characters at most..."""
NARROW_HINT_CHARS = 30
"""...beside the bid panel, about this many..."""
WIDE_HINT_SHARE = 0.45
"""...unless it would cover the trick: then it may take this share of the felt's width."""

Advice = Callable[[PlayerView], tuple[Bid, str]]
"""The recommended bid for a view and the reason, in words."""

FOCUS_RING = hex_colour(STANDARD.focus_ring)
"""The colour of the 2-pixel ring drawn around the button that has the keyboard focus
(the usual look's; the high-contrast look has its own, ``looks.HIGH_CONTRAST``)."""


def _colours(palette: TablePalette) -> dict[str, str]:
    """The look's colours by field name, as ``#rrggbb``."""
    return {name: hex_colour(value[:3]) for name, value in vars(palette).items()
            if isinstance(value, tuple) and len(value) in (3, 4)
            and all(isinstance(v, int) for v in value)}


def question_style(palette: TablePalette = STANDARD) -> str:
    """The Blind Nil question's style sheet in the colours of ``palette``."""
    c, b = _colours(palette), palette.focus_width
    q = palette.question
    return (f"#blindNilQuestion{{background: rgba({q[0]},{q[1]},{q[2]},{q[3]});"
            " border-radius: 12px;}"
            f"QLabel{{color: {c['panel_text']}; font-size: 14px;}}"
            f"QPushButton{{padding: 6px 14px; font-size: 14px; color: {c['button_text']};"
            f" background: {c['button']}; border: {b}px solid {c['button_edge']};"
            " border-radius: 6px;}"
            f"QPushButton:hover{{background: {c['button_hover']};}}"
            f"QPushButton:focus{{border: {b}px solid {c['focus_ring']};"
            f" background: {c['button_focus']};}}")


def primary_style(palette: TablePalette = STANDARD, large: bool = False) -> str:
    """The Play button's (``large``: the New game button's) style sheet."""
    c, b = _colours(palette), palette.focus_width
    size = ("border-radius:10px;padding:10px 28px;font-size:17px;" if large
            else "border-radius:8px;padding:6px 18px;font-size:15px;")
    return (f"QPushButton{{background:{c['primary']};color:{c['primary_text']};{size}"
            f"font-weight:bold;border:{b}px solid {c['primary_edge']};}}"
            f" QPushButton:focus{{border:{b}px solid {c['focus_ring']};}}"
            f" QPushButton:disabled{{background:{c['disabled']};color:{c['disabled_text']};"
            f"border-color:{c['disabled_text']};}}")


def hint_style(palette: TablePalette = STANDARD) -> str:
    """The Hint button's style sheet."""
    c, b = _colours(palette), palette.focus_width
    return (f"QPushButton{{background:{c['button']};color:{c['button_text']};"
            "border-radius:8px;padding:4px 14px;"
            f"font-size:13px;font-weight:bold;border:{b}px solid {c['button_edge']};}}"
            f" QPushButton:hover{{background:{c['button_hover']};}}"
            f" QPushButton:pressed{{background:{c['button_focus']};}}"
            f" QPushButton:focus{{border:{b}px solid {c['focus_ring']};"
            f"background:{c['button_focus']};}}")

_RANK_KEYS = {**{str(n): str(n) for n in range(2, 10)}, "t": "T", "0": "T", "1": "T",
              "j": "J", "q": "Q", "k": "K", "a": "A"}
"""Typed rank keys and the rank letter they stand for (10 is "t", "0" or "1")."""
_BIG_JOKER = Card(Suit.SPADES, 18)
"""The Big Joker: a deck holding it holds both jokers (docs/rules.md §1, Deck)."""
_SUIT_KEYS = {"s": "S", "h": "H", "d": "D", "c": "C"}
"""Typed suit keys (after a rank) and the suit letter they stand for."""
_JOKER_KEYS = {"b": "BJ", "l": "LJ"}
"""In a joker deck, the keys that follow a "j" to type a joker: "b" the Big Joker, "l" the
Little Joker (docs/rules.md §1, Deck)."""


def wrap_lines(text: str, metrics: QFontMetricsF, width: float) -> list[str]:
    """``text`` cut at spaces into lines no wider than ``width`` in ``metrics``' font; a
    run wider than that with no space (Chinese has none between words) is cut between
    its characters."""
    lines: list[str] = []
    for word in text.split(" "):
        if lines and metrics.horizontalAdvance(f"{lines[-1]} {word}") <= width:
            lines[-1] = f"{lines[-1]} {word}"
            continue
        lines.append("")
        for char in word:
            if lines[-1] and metrics.horizontalAdvance(lines[-1] + char) > width:
                lines.append("")
            lines[-1] += char
    return lines or [""]


def blind_nil_pending(view: PlayerView) -> bool:
    """Whether South must answer the Blind Nil question before seeing the cards: the
    rules allow it now (``view.blind_nil_allowed``, docs/rules.md §2) and South has not bid."""
    return (view.phase is Phase.BIDDING and view.blind_nil_allowed
            and view.seat not in view.bids)


def allowed_bids(view: PlayerView) -> tuple[tuple[int, ...], Refusal | None]:
    """The bids of ``view.legal`` other than Blind Nil, in tricks (0 = Nil), and the
    engine's refusal (``view.explain``) of the lowest bid not among them, or None when
    every bid from Nil to 13 is legal (docs/rules.md §2)."""
    legal = tuple(a.tricks for a in view.legal if isinstance(a, Bid) and not a.blind)
    closed = next((n for n in range(MAX_BID + 1) if n not in legal), None)
    return legal, None if closed is None else view.explain(Bid(closed))


class BlindNilQuestion(QWidget):
    """Asked before the cards are shown when South may bid Blind Nil (docs/rules.md §2)."""

    def __init__(self) -> None:
        super().__init__()
        self.setAttribute(Qt.WidgetAttribute.WA_TranslucentBackground)
        self.setObjectName("blindNilQuestion")
        self._palette = STANDARD
        self.setStyleSheet(question_style(self._palette))
        box = QVBoxLayout(self)
        box.setContentsMargins(18, 14, 18, 14)
        self.label = QLabel()
        self.label.setWordWrap(True)
        self.label.setAlignment(Qt.AlignmentFlag.AlignCenter)
        box.addWidget(self.label)
        row = QHBoxLayout()
        self.points = BLIND_NIL_POINTS
        """What a Blind Nil wins or loses in the game (``Rules.blind_nil_points``)."""
        self.blind_button = QPushButton()
        self.show_button = QPushButton()
        for button in (self.blind_button, self.show_button):
            # Enter and Return press the focused button, Space too (Qt's own)
            button.setAutoDefault(True)
            button.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
        row.addWidget(self.blind_button)
        row.addWidget(self.show_button)
        box.addLayout(row)
        self.retranslate()

    def retranslate(self) -> None:
        """Set the texts in the current language."""
        self.label.setText(translate("Table", "Your team trails by {0} points or more.\n"
                                              "Bid Blind Nil (±{1}) before looking at your "
                                              "cards?").format(BLIND_NIL_DEFICIT,
                                                               self.points))
        self.blind_button.setText(translate("Table", "Bid Blind Nil"))
        self.show_button.setText(translate("Table", "Show my cards"))
        self.blind_button.setAccessibleDescription(translate(
            "Table", "Bid Nil without looking at your cards: {0} points won if you take no "
                     "trick, lost if you take any.").format(self.points))
        self.show_button.setAccessibleDescription(translate(
            "Table", "Turn your cards face up, then bid as usual."))

    def set_palette(self, palette: TablePalette) -> None:
        """Draw the question in the colours of ``palette`` (the table's look)."""
        self._palette = palette
        self.setStyleSheet(question_style(palette))
        self.update()

    def focus_first(self) -> None:
        """Give the keyboard focus to "Show my cards" (one Enter never bids Blind Nil);
        Tab moves to "Bid Blind Nil"."""
        self.show_button.setFocus(Qt.FocusReason.OtherFocusReason)

    def focusNextPrevChild(self, next: bool) -> bool:  # noqa: N802, A002 (Qt names)
        """Tab and Shift+Tab go from one button to the other (and stay on the question,
        which is all South may answer now)."""
        target = self.show_button if self.blind_button.hasFocus() else self.blind_button
        target.setFocus(Qt.FocusReason.TabFocusReason if next
                        else Qt.FocusReason.BacktabFocusReason)
        return True

    def paintEvent(self, event: object) -> None:  # noqa: N802 (Qt name)
        p = QPainter(self)
        p.setRenderHint(QPainter.RenderHint.Antialiasing)
        p.setBrush(QColor(*self._palette.question))
        p.setPen(QColor(*self._palette.plate_edge[:3], 60))
        p.drawRoundedRect(QRectF(self.rect()).adjusted(1, 1, -1, -1), 12, 12)


def _round_button() -> QPushButton:
    """A button drawn only inside its rounded border: the felt shows at its corners."""
    button = QPushButton()
    button.setAttribute(Qt.WidgetAttribute.WA_TranslucentBackground)
    return button


def _play_button() -> QPushButton:
    button = _round_button()
    button.setObjectName("playButton")
    button.setStyleSheet(primary_style())
    return button


def _hint_button() -> QPushButton:
    button = _round_button()
    button.setObjectName("hintButton")
    # Tab reaches it (after Play), a click does not take the focus: Enter keeps playing
    # the raised card
    button.setFocusPolicy(Qt.FocusPolicy.TabFocus)
    button.setAutoDefault(True)  # once it has the focus, Enter presses it, as Space does
    button.setStyleSheet(hint_style())
    return button


def _claim_button() -> QPushButton:
    button = _round_button()
    button.setObjectName("claimButton")
    # as the Hint button: Tab reaches it, a click leaves the focus where it was
    button.setFocusPolicy(Qt.FocusPolicy.TabFocus)
    button.setAutoDefault(True)
    button.setStyleSheet(hint_style())
    return button


def _new_game_button() -> QPushButton:
    button = _round_button()
    button.setObjectName("newGameButton")
    button.setAutoDefault(True)  # Enter and Return press it, as Space does
    button.setStyleSheet(primary_style(large=True))
    return button


class TablePrompts(QObject):
    """The widgets inside the table and the human's clicks on it.

    ``input_open()`` says whether the table takes input now (it is still). ``advice``
    gives the recommended bid shown on the bid panel when ``show_advice`` is on.

    Signals:
    - ``bid_requested(action)``: the human chose a :class:`Bid`, or to look at the
      cards (``LOOK_AT_HAND``) instead of bidding Blind Nil.
    - ``card_play_requested(card)``: the human played a card (second click or Play).
    - ``hint_requested()``: the human asked for a hint (the Hint button).
    - ``claim_requested()``: the human pressed the Claim button, shown on South's turn
      to play while :attr:`claim_offered` (set by the window: a claim may be made).
    - ``new_game_requested()``: the human chose the New game button shown on an empty
      felt (no game yet, or the game is over).
    - ``card_refused(text, card)``: the human tried a card that may not be played now;
      ``text`` says why (translated), ``card`` is the card tried.

    :meth:`show_hint` shows the coach's answer: the hinted card raised (Enter plays it)
    or the hinted bid focused, and a bubble with the reason and the candidates' points.
    """

    bid_requested = Signal(object)
    card_play_requested = Signal(object)
    hint_requested = Signal()
    claim_requested = Signal()
    new_game_requested = Signal()
    card_refused = Signal(str, object)

    def __init__(self, scene: QGraphicsScene, cards: TableCards, panels: TablePanels,
                 status: StatusLine, geometry: GeometrySource,
                 input_open: Callable[[], bool]) -> None:
        super().__init__(scene)
        self._cards = cards
        self._panels = panels
        self._status = status
        self._geometry = geometry
        self._input_open = input_open
        self._view: PlayerView | None = None
        self._typed_rank: str | None = None
        self.show_advice = True
        self.advice: Advice | None = None
        self.one_click = False
        """A click on a legal card plays it at once (else it raises it first)."""
        self.bid_panel = BidPanel()
        self.bid_panel.bid_chosen.connect(self._on_bid_chosen)
        self._bid_proxy = self._embed(scene, self.bid_panel)
        self.blind_question = BlindNilQuestion()
        self.blind_question.blind_button.clicked.connect(self._on_blind_nil)
        self.blind_question.show_button.clicked.connect(self._on_show_cards)
        self._blind_proxy = self._embed(scene, self.blind_question)
        self.play_button = _play_button()
        self.play_button.clicked.connect(self.play_raised_card)
        self._play_proxy = self._embed(scene, self.play_button)
        self.hint_button = _hint_button()
        self.hint_button.clicked.connect(self.hint_requested)
        self._hint_proxy = self._embed(scene, self.hint_button)
        self.claim_button = _claim_button()
        self.claim_button.clicked.connect(self.claim_requested)
        self._claim_proxy = self._embed(scene, self.claim_button)
        self.claim_offered = False
        """Whether South may claim the rest now (the Claim button shows on its turn)."""
        self.new_game_button = _new_game_button()
        self.new_game_button.clicked.connect(self.new_game_requested)
        self._new_game_proxy = self._embed(scene, self.new_game_button)
        self._hint_bubble = PanelItem("above", opaque=True)
        self._hint_bubble.setZValue(PROMPT_Z + 1)
        self._hint_bubble.hide()
        scene.addItem(self._hint_bubble)
        self._hint: Hint | None = None
        """The coach's hint shown in the bubble (None: none, or one being searched)."""
        self._bubble_wanted = False
        """Whether a hint (or its search) is to be shown in the bubble."""
        self._bubble_covered = False
        """Whether the last trick is shown on the table: the bubble waits hidden."""

    @staticmethod
    def _embed(scene: QGraphicsScene, widget: QWidget) -> QGraphicsProxyWidget:
        proxy = scene.addWidget(widget)
        proxy.setZValue(PROMPT_Z)
        proxy.hide()
        return proxy

    # -- showing and hiding --------------------------------------------------------------------
    def hide(self) -> None:
        """Hide every prompt and light all of South's cards (the table is moving). A
        hidden prompt gives up the keyboard focus: keys go to the table again."""
        for proxy in (self._bid_proxy, self._blind_proxy, self._play_proxy, self._hint_proxy,
                      self._claim_proxy):
            if proxy.hasFocus():
                proxy.clearFocus()
            proxy.hide()
        self.clear_hint()
        self._cards.light(None)

    def show_new_game(self, on: bool) -> None:
        """Show (``on``) or hide the New game button in the middle of the felt."""
        self._new_game_proxy.setVisible(on)
        if on:
            self.position()
        elif self._new_game_proxy.hasFocus():
            self._new_game_proxy.clearFocus()

    @property
    def new_game_offered(self) -> bool:
        """Whether the New game button is shown."""
        return self._new_game_proxy.isVisible()

    def show_for(self, view: PlayerView) -> None:
        """The table is still at ``view``: ask South for what the view waits for (the
        Blind Nil question, a bid, or a card with the legal ones lit) and say so in the
        status line; nothing when another seat is to act."""
        self._view = view
        self.hide()
        if view.current_player == view.seat:
            if view.phase is Phase.BIDDING:
                self._ask_bid(view)
            elif view.phase is Phase.PLAYING:
                self._ask_card(view)
        elif view.current_player is not None and view.phase in (Phase.BIDDING,
                                                                Phase.PLAYING):
            self.announce_turn(view.current_player, view.phase is Phase.BIDDING,
                               replace=False)
        self.position()

    def announce_turn(self, seat: Seat, bidding: bool, replace: bool = True) -> None:
        """Tell in the status line that the computer player at ``seat`` is bidding
        (``bidding``) or playing, as a prompt (``StatusLine.prompt``: with ``replace``
        it replaces a passing message too)."""
        if bidding:
            self._status.prompt(lambda: translate("Table", "{0} is bidding…").format(
                seat_name(seat)), replace=replace)
        else:
            self._status.prompt(lambda: translate("Table", "{0} is playing…").format(
                seat_name(seat)), replace=replace)

    def focus_prompt(self) -> None:
        """Give the keyboard focus back to the prompt shown (play-test F1): the bid
        panel (its focused bid, else the recommended one), the Blind Nil question ("Show
        my cards" unless one of its buttons has it), the New game button on an empty
        felt (Enter or Space presses it); while South is to play the table
        itself takes the keys, so a focus left on a hidden prompt is dropped."""
        if self._bid_proxy.isVisible():
            focused = self.bid_panel.focusWidget()
            if focused is not None and focused is not self.bid_panel:
                focused.setFocus(Qt.FocusReason.OtherFocusReason)
            else:
                self.bid_panel.focus_recommended()
            self._bid_proxy.setFocus(Qt.FocusReason.OtherFocusReason)
        elif self._blind_proxy.isVisible():
            q = self.blind_question
            if not (q.blind_button.hasFocus() or q.show_button.hasFocus()):
                q.focus_first()
            self._blind_proxy.setFocus(Qt.FocusReason.OtherFocusReason)
        elif self._new_game_proxy.isVisible():
            self.new_game_button.setFocus(Qt.FocusReason.OtherFocusReason)
            self._new_game_proxy.setFocus(Qt.FocusReason.OtherFocusReason)
        elif not self._play_proxy.isVisible() or not self._play_proxy.hasFocus():
            scene = self._bid_proxy.scene()
            item = scene.focusItem() if scene is not None else None
            if item is not None and not item.isVisible():
                item.clearFocus()

    def _ask_bid(self, view: PlayerView) -> None:
        if self._cards.face_down:
            self.blind_question.points = view.rules.blind_nil_points
            self.blind_question.retranslate()
            self._blind_proxy.show()
            self._hint_proxy.show()
            self.blind_question.focus_first()
            self._status.prompt(lambda: translate(
                "Table", "Your turn: bid Blind Nil, or look at your cards first."))
            return
        self.bid_panel.set_allowed(*allowed_bids(view), view.rules.nil_points,
                                   view.rules.blind_nil_points)
        self.bid_panel.set_options(*self._recommendation(view), False)
        self._bid_proxy.show()
        self._hint_proxy.show()
        self._status.prompt(lambda: translate("Table", "Your turn: make your bid."))

    def _recommendation(self, view: PlayerView) -> tuple[int | None, str]:
        """The bid panel's recommended bid and its reason (None and "" with advice off)."""
        if self.show_advice and self.advice is not None:
            bid, reason = self.advice(view)
            return bid.tricks, reason
        return None, ""

    def refresh_advice(self, view: PlayerView | None) -> None:
        """An open bid panel follows the bid-advice setting at once."""
        if view is not None and self._bid_proxy.isVisible():
            if self._hint_bid() is not None:
                self._hint_to_panel()  # the hint asked for stays the one recommendation
            else:
                self.bid_panel.set_options(*self._recommendation(view), False)
            self.position()

    def _ask_card(self, view: PlayerView) -> None:
        legal = set(view.legal)
        self._cards.light(legal)
        if len(legal) == 1 and self._cards.raised is None:
            self._raise(view, next(iter(legal)))  # the one card: Enter or Play plays it
        self.play_button.setEnabled(self._cards.raised is not None)
        self._play_proxy.show()
        self._hint_proxy.show()
        self._claim_proxy.setVisible(self.claim_offered)
        if len(legal) == 1:
            self._status.prompt(lambda: translate("Table", "Your turn: one card can be played."))
        else:
            self._status.prompt(lambda: translate("Table", "Your turn: play a lit card."))

    def set_palette(self, palette: TablePalette) -> None:
        """Draw the bid panel, the Blind Nil question and the buttons in the colours of
        ``palette`` (the table's look), at once."""
        self.bid_panel.set_palette(palette)
        self.blind_question.set_palette(palette)
        self.play_button.setStyleSheet(primary_style(palette))
        self.hint_button.setStyleSheet(hint_style(palette))
        self.claim_button.setStyleSheet(hint_style(palette))
        self.new_game_button.setStyleSheet(primary_style(palette, large=True))

    def retranslate(self, view: PlayerView | None) -> None:
        """Set the widgets' texts in the current language; the advice on an open bid
        panel is made again for ``view``."""
        self.play_button.setText(translate("Table", "Play"))
        self.play_button.setAccessibleDescription(translate(
            "Table", "Play the raised card (Enter)."))
        self.play_button.adjustSize()
        self.hint_button.setText(translate("Table", "Hint (H)"))
        self.hint_button.setToolTip(translate("Table", "What would the Expert play here?"))
        self.hint_button.adjustSize()
        self.claim_button.setText(translate("Table", "Claim (C)"))
        self.claim_button.setToolTip(translate(
            "Table", "Claim the rest: your side takes every remaining trick (checked on the "
            "real cards)."))
        self.claim_button.adjustSize()
        self.new_game_button.setText(translate("Table", "New game…"))
        self.new_game_button.setAccessibleDescription(translate(
            "Table", "Choose the target, the difficulty and the rules of a new game."))
        self.new_game_button.adjustSize()
        self._show_hint_bubble()
        self.blind_question.retranslate()
        self.bid_panel.retranslate()
        if self._hint_bid() is not None:
            self._hint_to_panel()
        elif (view is not None and self._bid_proxy.isVisible() and self.show_advice
                and self.advice is not None and self.bid_panel.recommended() is not None):
            _bid, reason = self.advice(view)
            self.bid_panel.set_reason(reason)

    def fit_to(self, g: TableGeometry, compact: bool | None = None
               ) -> tuple[float, float, float]:
        """Get ready for a table of ``g``'s size: the bid panel is drawn compact on a
        table lower than :data:`COMPACT_BELOW` (or as ``compact`` says, when given).
        Returns, in scene units, what the plates, hands and trick must leave free: the
        bid panel's width, the top of the Claim button (above Hint) beside South's hand
        when the buttons reach over East's hand (else the table's height) and the height of a hint
        bubble of four lines (two of them its headline's)."""
        self.bid_panel.set_compact(g.height < COMPACT_BELOW if compact is None else compact)
        width = self.bid_panel.sizeHint().width()
        sample = PanelItem("above")
        sample.set_content("X\nX", ["X"] * 2, self._hint_size(g))  # a headline of two rows
        bubble = sample.text_rect().height() + g.margin * 0.6
        play, hint, claim = self._button_places(g)
        if max(play.right(), hint.right(), claim.right()) < g.width - g.side_hand_width():
            return width, g.height, bubble
        return width, claim.top(), bubble

    def fits(self, g: TableGeometry) -> bool:
        """Whether a table of ``g`` (fitted: :meth:`fit_to`, then the plates') leaves
        room for everything the table may show with its cards at ``g.card_scale``:
        the bid panel between North's backs and South's hand (grown over North's backs
        at most to the window's margin) with a short hint above or below it, West's
        and East's hands and plates in their band, the trick above South's raised
        card, the Play, Hint and Claim buttons beside South's full hand inside the felt."""
        highest, lowest = g.prompt_limits()
        panel = QSizeF(self.bid_panel.sizeHint())
        if lowest - highest < panel.height() + g.margin * 0.5:
            return False
        # a bid hint above or below the panel, at least without its reason (the panel
        # gives it), under North's hand and plate as it is placed (beside the panel it
        # would leave too narrow a lane, or cover a plate, once the cards are larger)
        north = g.hand(Seat.NORTH, 1)[0]
        north_bottom = max(north.y + g.card_h, self._panels.north_plate_bottom(g))
        free = g.hand(Seat.SOUTH, 1, raised=0)[0].y - north_bottom - g.margin * 0.6
        if free < panel.height() + self._short_hint_height(g) + g.margin * 0.3:
            return False
        top, bottom = g.side_band()
        if bottom - top < g.side_room() or g.side_room() < g.card_w * 1.5:
            return False
        raised_top = g.height - g.hand_h * 1.22 - g.margin
        if g.trick_bottom() + g.trick_room > raised_top:  # the hint bubble between
            return False
        play, hint, claim = self._button_places(g)
        right = g.hand(Seat.SOUTH, 13)[-1].x + g.hand_w
        return (min(play.left(), hint.left(), claim.left()) >= right
                and claim.top() >= g.margin)

    def _short_hint_height(self, g: TableGeometry) -> float:
        """The height of a bid hint without its reason (the bid panel gives it): its
        headline and two lines of expected points, in scene units."""
        sample = PanelItem("above")
        sample.set_content("X", ["X"] * 2, self._hint_size(g))
        return sample.text_rect().height()

    def _hint_band(self, g: TableGeometry) -> tuple[float, float]:
        """The top and bottom of the band a hint bubble may take: below North's hand and
        its plate (beside the hand, taller than small backs), above South's hand (clear
        of a raised card)."""
        gap = g.margin * 0.3
        north = g.hand(Seat.NORTH, 1)[0]
        plate = self._panels.plate_rect(Seat.NORTH).adjusted(4, 4, -4, -4)  # as drawn
        free_top = max(north.y + g.card_h, plate.bottom()) + gap
        return free_top, g.hand(Seat.SOUTH, 1, raised=0)[0].y - gap

    def _place_asking(self, g: TableGeometry) -> None:
        """Centre the bid panel and the Blind Nil question between North's and South's
        hands, at their size now."""
        cx, _cy = g.centre
        top, bottom = g.prompt_band()
        highest, lowest = g.prompt_limits()
        for proxy in (self._bid_proxy, self._blind_proxy):
            # never scaled down (its text stays legible), grown over North's backs
            # when the band is too low
            proxy.updateGeometry()  # forget the size hints cached for the old text
            # the panel's own hint: the proxy's adds room its wrapped lines do not take
            proxy.resize(QSizeF(self.bid_panel.sizeHint()) if proxy is self._bid_proxy
                         else proxy.preferredSize())
            r = proxy.boundingRect()
            w, h = r.width(), r.height()
            y = max(highest, min((top + bottom) / 2 - h / 2, lowest - h))
            proxy.setPos(round(cx - w / 2), round(y))

    def _button_places(self, g: TableGeometry) -> tuple[QRectF, QRectF, QRectF]:
        """Where the Play, Hint and Claim buttons go: right of a full hand of 13 cards,
        which every smaller hand (centred) stays left of, so they keep one place all
        hand long; the Hint button above Play, the Claim button above Hint."""
        for proxy in (self._play_proxy, self._hint_proxy, self._claim_proxy):
            proxy.updateGeometry()  # the size hints cached for the old text go
            proxy.resize(proxy.preferredSize())
        r = self._play_proxy.boundingRect()
        right = g.hand(Seat.SOUTH, 13)[-1].x + g.hand_w
        play = QRectF(round(min(g.width - r.width() - g.margin, right + g.card_w * 0.25)),
                      round(g.height - g.margin - g.hand_h * 0.55 - r.height() / 2),
                      r.width(), r.height())
        r = self._hint_proxy.boundingRect()
        hint = QRectF(round(min(g.width - r.width() - g.margin, play.x())),
                      round(play.y() - r.height() - g.margin * 0.6), r.width(), r.height())
        r = self._claim_proxy.boundingRect()
        claim = QRectF(round(min(g.width - r.width() - g.margin, hint.x())),
                       round(hint.y() - r.height() - g.margin * 0.6), r.width(), r.height())
        return play, hint, claim

    def position(self) -> None:
        """Place the prompts for the current geometry: the bid panel and the question
        in the middle between North's and South's hands (the plates leave it room),
        the Play button right of South's hand and the Hint button above it."""
        g = self._geometry()
        cx, cy = g.centre
        self._place_asking(g)
        play, hint, claim = self._button_places(g)
        self._play_proxy.setPos(play.topLeft())
        self._hint_proxy.setPos(hint.topLeft())
        self._claim_proxy.setPos(claim.topLeft())
        self._new_game_proxy.updateGeometry()
        self._new_game_proxy.resize(self._new_game_proxy.preferredSize())
        r = self._new_game_proxy.boundingRect()
        self._new_game_proxy.setPos(round(cx - r.width() / 2), round(cy - r.height() / 2))
        self._show_hint_bubble()  # its text is laid out again for the room there is

    def set_claim_offered(self, offered: bool) -> None:
        """Offer the Claim button on South's turn to play (``offered``: a claim may be
        made now), at once when South is asked for a card."""
        self.claim_offered = offered
        if not offered:
            if self._claim_proxy.hasFocus():
                self._claim_proxy.clearFocus()
            self._claim_proxy.hide()
        elif self._play_proxy.isVisible():
            self._claim_proxy.show()

    # -- the coach's hint ------------------------------------------------------------------------
    @property
    def hint_offered(self) -> bool:
        """Whether the Hint button is shown (South is asked for a bid or a card)."""
        return self._hint_proxy.isVisible()

    def hint_bubble_rect(self) -> QRectF:
        """The hint bubble's rectangle in scene coordinates; empty when none is shown."""
        if not self._hint_bubble.isVisible():
            return QRectF()
        return self._hint_bubble.mapRectToScene(self._hint_bubble.text_rect())

    def hint_shot(self) -> TextShot:
        """The hint bubble as drawn (hidden when no hint is shown)."""
        return text_shot(self._hint_bubble, "hint")

    def set_hint_bubble_covered(self, covered: bool) -> None:
        """Hide the hint bubble while the last trick is shown (``covered``); it comes back,
        unchanged, once the last trick is dismissed."""
        self._bubble_covered = covered
        self._update_hint_bubble()

    def _update_hint_bubble(self) -> None:
        self._hint_bubble.setVisible(self._bubble_wanted and not self._bubble_covered)
        self._show_hint_bubble()

    def show_hint_pending(self) -> None:
        """A hint is being searched: the bubble says so."""
        if self.hint_offered:
            self._hint = None
            self._bubble_wanted = True
            self._update_hint_bubble()

    def show_hint(self, view: PlayerView, hint: Hint) -> bool:
        """Show the coach's ``hint`` for ``view``, South's position on
        the table: a card is raised (Enter or Play plays it), a bid gets the focus on the
        bid panel (Enter bids it); the bubble tells the reason and the best candidates'
        points. Returns False (nothing shown) when the hint's action is not offered now."""
        best = hint.best
        if not self.hint_offered or best not in view.legal:
            return False
        if isinstance(best, Card):
            self._cards.raise_card(view, best)
            self.play_button.setEnabled(True)
        elif isinstance(best, Bid) and not best.blind:
            self._hint = hint
            self._hint_to_panel()  # one recommendation on the screen: the hint's
            self.bid_panel.button_for(best.tricks).setFocus(Qt.FocusReason.OtherFocusReason)
        elif isinstance(best, Bid):
            self.blind_question.blind_button.setFocus(Qt.FocusReason.OtherFocusReason)
        else:
            self.blind_question.show_button.setFocus(Qt.FocusReason.OtherFocusReason)
        self._hint = hint
        self._bubble_wanted = True
        self._update_hint_bubble()
        return True

    def _hint_bid(self) -> Bid | None:
        """The bid of the hint shown while the bid panel asks for a bid, else None."""
        hint = self._hint
        if (hint is not None and isinstance(hint.best, Bid) and not hint.best.blind
                and self._bid_proxy.isVisible()):
            return hint.best
        return None

    def _hint_to_panel(self) -> None:
        """The bid panel's "★ Recommended" marker goes to the hint's bid. Its reason is
        the bid advice's detailed one when the advice recommends the same bid, else the
        coach's."""
        hint, bid = self._hint, self._hint_bid()
        if hint is None or bid is None:
            return
        reason = reason_text(hint.reason, hint.reason_arg)
        view = self._view
        if self.show_advice and self.advice is not None and view is not None:
            advised, advised_reason = self.advice(view)
            if advised == bid:
                reason = advised_reason
        self.bid_panel.set_options(bid.tricks, reason, False)

    def clear_hint(self) -> None:
        """Take the hint bubble away (the position changed)."""
        self._hint = None
        self._bubble_wanted = False
        self._hint_bubble.hide()

    def _show_hint_bubble(self) -> None:
        if not self._hint_bubble.isVisible():
            return
        self._place_hint_bubble()

    @staticmethod
    def _hint_size(g: TableGeometry) -> float:
        """The hint bubble's title size in scene units."""
        return max(10.0, g.text_h * 0.095)

    def _set_hint_content(self, width: float, chars: int = HINT_LINE_CHARS,
                          short: bool = False) -> QRectF:
        """Fill the bubble, its lines wrapped at ``width`` scene units and about
        ``chars`` characters; ``short`` leaves the reason out (the bid panel shows it).
        Returns its rectangle in its own units."""
        bubble, hint = self._hint_bubble, self._hint
        size = self._hint_size(self._geometry())
        if hint is None:
            bubble.set_content(thinking_text(), [], size)
            return bubble.text_rect()
        accent = "hint_accent"  # the look's colour of the headline
        title = hint_title(hint.best, hint.reason, hint.reason_arg)
        if short:
            title = title.partition(" \u2014 ")[0]
        bubble.set_content(title, [], size, accent=accent)
        title_font, line_font = bubble.fonts()
        room = max(size * 8, min(width, QFontMetricsF(line_font).averageCharWidth() * chars))
        head = "\n".join(wrap_lines(title, QFontMetricsF(title_font), room))  # all in its style
        lines = wrap_lines(expected_points_text(hint.candidates), QFontMetricsF(line_font), room)
        bubble.set_content(head, lines, size, accent=accent)
        return bubble.text_rect()

    def _place_hint_bubble(self) -> None:
        """Hang the bubble (anchored "above": its position is its bottom centre) in the
        free middle of the table, never over a hand, a plate or the trick: above or
        below the bid panel or the Blind Nil question (the panel moves down or up to
        make room when neither has it), else beside it; in the play, just above South's
        hand (clear of a raised card), wrapped wider when the trick leaves little height."""
        g = self._geometry()
        cx, _cy = g.centre
        gap = g.margin * 0.3
        free_top, free_bottom = self._hint_band(g)
        left = max(g.side_hand_width(), self._panels.plate_rect(Seat.WEST).right()) + gap
        right = min(g.width - g.side_hand_width(),
                    self._panels.plate_rect(Seat.EAST).left()) - gap
        lane = max(g.card_w, right - left)
        asking = next((p for p in (self._bid_proxy, self._blind_proxy) if p.isVisible()), None)
        r = self._set_hint_content(min(lane, g.width * 0.5))
        bw, bh = r.width(), r.height()
        x, y = cx, free_bottom
        if asking is not None:
            self._place_asking(g)  # centred again at its size now
            panel = asking.sceneBoundingRect()
            for short in (False, asking is self._bid_proxy):  # the panel tells the reason
                if short:
                    r = self._set_hint_content(min(lane, g.width * 0.5), short=True)
                    bw, bh = r.width(), r.height()
                if panel.top() - gap - bh >= free_top:  # above the panel
                    y = panel.top() - gap
                    break
                if panel.bottom() + gap + bh <= free_bottom:  # below it
                    y = panel.bottom() + gap + bh
                    break
                if panel.height() + gap + bh <= free_bottom - free_top:  # the panel moves
                    y = free_top + bh
                    asking.setY(round(y + gap))
                    break
            else:  # beside it, narrower: the panel moves aside to make room
                r = self._set_hint_content(lane - panel.width() - gap, NARROW_HINT_CHARS,
                                           short=asking is self._bid_proxy)
                bw, bh = r.width(), r.height()
                x0 = min(max(left, cx - (panel.width() + gap + bw) / 2),
                         right - panel.width() - gap - bw)
                asking.setX(round(x0))
                x = round(x0) + panel.width() + gap + bw / 2
                y = max(free_top + bh, min(free_bottom, panel.center().y() + bh / 2))
        else:
            # South's slot in the trick is empty while South is to play; the others'
            # cards may be there
            trick = g.trick_bottom() + gap
            if free_bottom - bh < trick:  # fewer, longer lines, up to a share of the felt
                r = self._set_hint_content(min(lane, g.width * WIDE_HINT_SHARE), 10**6)
                bw, bh = r.width(), r.height()
            y = max(free_top + bh, free_bottom)
        self._hint_bubble.setPos(x, y)

    # -- input ---------------------------------------------------------------------------------
    def click_card(self, view: PlayerView, card: Card, by_key: bool = False) -> None:
        """A click on South's ``card`` at ``view`` (the table is still): the first click
        on a legal card raises it, the second plays it (with :attr:`one_click`, the
        first plays it); any other click says why nothing happens. ``by_key``: the card
        was typed (rank then suit): it is raised, and the status line says Enter plays
        it."""
        if self._cards.face_down:
            self._status.say(lambda: translate("Table", "Decide on Blind Nil first."))
            self.card_refused.emit(translate("Table", "Decide on Blind Nil first."), card)
            return
        if view.current_player != view.seat:
            self._status.say(lambda: translate("Table", "Wait for your turn."))
            self.card_refused.emit(translate("Table", "Wait for your turn."), card)
            return
        why = view.explain(card)
        if why is not None:
            self._status.say(lambda: engine_text(why, card))
            self.card_refused.emit(engine_text(why, card), card)
            return
        if self._cards.raised == card or (self.one_click and not by_key):
            self._cards.raised = card
            self.play_raised_card()
            return
        self._raise(view, card)
        if by_key:
            self._status.say(lambda: translate("Table", "Enter plays the raised card."))
        else:
            self._status.say(lambda: translate("Table", "Click the card again or press Play."))

    def step_selection(self, view: PlayerView, step: int) -> Card | None:
        """Move the raised card ``step`` places (-1 left, +1 right) across South's legal
        cards in the order they are shown; with none raised, start from the first (right)
        or last (left) legal card. Returns the raised card (None when South may not play).
        """
        if self._cards.face_down or view.current_player != view.seat:
            return None
        legal = [c for c in view.sorted_hand if c in view.legal]
        if not legal:
            return None
        raised = self._cards.raised
        if raised in legal:
            index = max(0, min(len(legal) - 1, legal.index(raised) + step))
        else:
            index = 0 if step > 0 else len(legal) - 1
        card = legal[index]
        self._raise(view, card)
        self._status.say(lambda: translate("Table", "Enter plays the raised card; the arrow "
                                                    "keys choose another."))
        return card

    def _raise(self, view: PlayerView, card: Card) -> None:
        """Raise South's ``card`` and enable Play. A Hint or Claim button that Tab had
        focused gives the focus back to the table, so that Enter then plays the card
        just chosen rather than pressing that button."""
        self._cards.raise_card(view, card)
        self.play_button.setEnabled(True)
        for proxy in (self._hint_proxy, self._claim_proxy):
            if proxy.hasFocus():
                proxy.clearFocus()

    def type_card(self, view: PlayerView, text: str) -> bool:
        """A key typed while South is to play: a rank ("2"–"9", "t", "j", "q", "k",
        "a") then a suit ("s", "h", "d", "c") raises that card of the game's deck (in the
        Joker-Joker-Deuce-Deuce deck "2" then "d" is the two of diamonds that plays as a
        spade), or, when it may not be played, says why; in a joker deck "j" then "b"
        raises the Big Joker, "j" then "l" the Little Joker (docs/rules.md §1, Deck). A
        card the deck does not hold ("2" then "c" in a joker deck) is said to be out of
        it. Returns whether the key was one of these."""
        key = text.lower()
        typed, self._typed_rank = self._typed_rank, None
        if typed is not None and (key in _SUIT_KEYS or key in _JOKER_KEYS
                                  and self.expects_joker_key(view, typed)):
            code = _JOKER_KEYS[key] if key not in _SUIT_KEYS else typed + _SUIT_KEYS[key]
            try:
                card = parse_card(code, view.rules.deck_number)
            except ValueError:  # a card of the standard deck that this deck leaves out
                self._say_not_in_deck(parse_card(code))
                return True
            why = view.explain(card)
            if why is not None or self._cards.face_down:
                self.click_card(view, card)  # says why, as a click would
            elif self._cards.raised != card:
                self.click_card(view, card, by_key=True)  # raises it; Enter plays it
            return True
        if key in _RANK_KEYS:
            self._typed_rank = _RANK_KEYS[key]
            return True
        return False

    def expects_joker_key(self, view: PlayerView, typed: str | None = None) -> bool:
        """Whether the next key may pick a joker ("b" or "l", :meth:`type_card`): "j" was
        just typed (or ``typed`` is "J") in a game whose deck holds the jokers. L then
        types the Little Joker instead of showing the last trick."""
        rank = self._typed_rank if typed is None else typed
        return rank == "J" and bool(view.rules.deck_mask & _BIG_JOKER.bit)

    def _say_not_in_deck(self, card: Card) -> None:
        """Tell that ``card`` (typed; a card of the standard deck) is not in the deck of
        the game in progress."""
        def text() -> str:
            return translate("Table", "The {0} is not in this deck.").format(card_label(card))

        self._status.say(text)
        self.card_refused.emit(text(), card)

    @Slot()
    def play_raised_card(self) -> None:
        """Play the raised card (the Play button)."""
        if self._cards.raised is None or not self._input_open():
            return
        card, self._cards.raised = self._cards.raised, None
        self.card_play_requested.emit(card)

    @Slot(int, bool)
    def _on_bid_chosen(self, tricks: int, blind: bool) -> None:
        if not self._input_open():
            return
        self.bid_requested.emit(Bid(tricks, blind=blind))

    @Slot()
    def _on_blind_nil(self) -> None:
        self.hide()
        self.bid_requested.emit(Bid(0, blind=True))

    @Slot()
    def _on_show_cards(self) -> None:
        """South looks at the cards instead of bidding Blind Nil: the look is an action
        of the game (``LOOK_AT_HAND``), saved like a bid, so Blind Nil is not offered
        again in this hand, also after a restart (docs/rules.md §2). The cards turn face up when
        the controller has applied it."""
        if not self._input_open():
            return
        self.hide()
        self.bid_requested.emit(LOOK_AT_HAND)
