"""The table fits the window: from the smallest window to full screen, no plate, box,
button, panel or bubble covers a card or a plate, and everything lies on the felt; the
bid panel keeps one grid of bids from hand to hand."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QRectF
from PySide6.QtWidgets import QPushButton

import spades_desktop.rc_resources  # noqa: F401  (registers :/assets)
from spades_desktop import engine
from spades_desktop.engine import Bid, Phase, PlayerView, Seat
from spades_desktop.ui.table.scene import TableScene

from .helpers import sample_hint

SIZES = [(640, 460), (800, 559), (800, 600), (1067, 626), (1067, 667), (1600, 959),
         (1600, 1000)]
"""Table sizes: the smallest window's table (640×460), and the tables of 800×600,
1067×667 (1600×1000 at scale 1.5) and 1600×1000 windows, with and without the menu
and status bars."""

LONG_REASON = ("\u2663A sure winner(s); \u2660K high spade(s); \u2663K guarded king(s); "
               "\u2666Q guarded queen(s); doubleton \u2663A \u2663K: may trump clubs")
"""A bid advice's reason as long as they come (three lines on the compact panel)."""

GLOW = 3
"""A card item's rectangle reaches this far beyond the card, for its glow."""
PEN = 4
"""A plate's or box's rectangle reaches this far beyond its painted outline."""


def _bidding(hand: int = 1, game: int = 11) -> PlayerView:
    """South to bid in hand ``hand`` (South looks at the cards if asked to first)."""
    state = engine.new_game(engine.Rules(), game)
    while state.hand_number < hand or state.current_player != Seat.SOUTH \
            or state.phase is not Phase.BIDDING:
        legal = engine.legal_actions(state)
        state = engine.apply_action(state, Bid(3) if Bid(3) in legal else legal[0])
    view = engine.observe(state, Seat.SOUTH)
    if not any(isinstance(a, Bid) and not a.blind for a in view.legal):
        state = engine.apply_action(state, next(a for a in view.legal if not isinstance(a, Bid)))
    return engine.observe(state, Seat.SOUTH)


def _west_bidding() -> PlayerView:
    """West to bid after South's bid of 3."""
    state = engine.new_game(engine.Rules(), 11)
    while state.current_player != Seat.SOUTH:
        state = engine.apply_action(state, engine.legal_actions(state)[0])
    return engine.observe(engine.apply_action(state, Bid(3)), Seat.SOUTH)


def _playing() -> PlayerView:
    """South to play the last card of an early trick: three cards on the table, the
    other hands nearly full."""
    state = engine.new_game(engine.Rules(), 2)
    while state.phase is Phase.BIDDING:
        state = engine.apply_action(state, Bid(3))
    while state.current_player != Seat.SOUTH or len(state.current_trick) != 3:
        state = engine.apply_action(state, engine.legal_actions(state)[-1])
    assert len(state.tricks) < 4
    return engine.observe(state, Seat.SOUTH)


def _scene(w: int, h: int, view: PlayerView) -> TableScene:
    scene = TableScene()
    scene.set_speed(0)
    scene.advice = lambda _view: (Bid(4), "4 sure tricks: two aces, a king and a long suit")
    scene.set_size(w, h)
    scene.show_view(view)
    return scene


def _cards(scene: TableScene) -> list[tuple[str, QRectF]]:
    shot = scene.snapshot()
    cards = [(f"South's {c}", s.rect) for c, s in shot.hand.items() if s.visible]
    cards += [(f"{seat.name}'s back", s.rect) for seat, backs in shot.backs.items()
              for s in backs if s.visible]
    cards += [(f"{seat.name}'s trick card", s.rect) for seat, s in shot.trick.items()
              if s.visible]
    return [(name, r.adjusted(GLOW, GLOW, -GLOW, -GLOW)) for name, r in cards]


def _furniture(scene: TableScene) -> list[tuple[str, QRectF]]:
    """Everything drawn over the felt that is not a card, with its rectangle."""
    shot = scene.snapshot()
    out = [(f"{seat.name}'s plate", p.rect.adjusted(PEN, PEN, -PEN, -PEN))
           for seat, p in shot.plates.items()]
    out += [(f"{seat.name}'s thinking mark", p.thinking_rect)
            for seat, p in shot.plates.items() if p.thinking]
    out += [(f"box {t.text.splitlines()[0]}", t.rect.adjusted(PEN, PEN, -PEN, -PEN))
            for t in shot.texts if t.kind == "panel" and t.visible]
    for name, widget in (("bid panel", scene.bid_panel), ("Play", scene.play_button),
                         ("Hint", scene.hint_button), ("Claim", scene.claim_button),
                         ("Blind Nil question", scene.blind_question)):
        proxy = widget.graphicsProxyWidget()
        if proxy.isVisible():
            out.append((name, proxy.sceneBoundingRect()))
    if not shot.hint_rect.isEmpty():
        out.append(("hint bubble", shot.hint_rect))
    if not shot.refusal_rect.isEmpty():
        out.append(("refusal note", shot.refusal_rect))
    out += [(f"bid bubble {text}", r.adjusted(GLOW, GLOW, -GLOW, -GLOW))
            for text, r in shot.bid_bubbles.items()]
    return out


def _overlaps(scene: TableScene) -> list[str]:
    felt = QRectF(scene.sceneRect())
    cards, furniture = _cards(scene), _furniture(scene)
    found = [f"{name} leaves the felt" for name, r in furniture + cards if not felt.contains(r)]
    for i, (name, rect) in enumerate(furniture):
        found += [f"{name} covers {other}" for other, r in furniture[i + 1:]
                  if rect.intersects(r)]
        found += [f"{name} covers {card}" for card, r in cards if rect.intersects(r)]
    return found


@pytest.mark.parametrize(("w", "h"), SIZES)
@pytest.mark.parametrize("state", ["bid", "bid with hint", "bid with hint and long advice",
                                   "play with hint", "play with hint and claim",
                                   "play with refusal", "thinking"])
def test_nothing_covers_a_card_or_a_plate(qtbot, w: int, h: int, state: str) -> None:
    if state == "thinking":
        view = _west_bidding()
        scene = _scene(w, h, view)
        scene.set_thinking(Seat.WEST, True)
        assert scene.snapshot().plates[Seat.WEST].thinking
    else:
        view = _bidding() if state.startswith("bid") else _playing()
        scene = _scene(w, h, view)
    if state.endswith("long advice"):  # the advice agrees with the hint: its reason stays
        best = sample_hint(view).best
        scene.advice = lambda _view: (best, LONG_REASON)
        scene.show_view(view)
        assert scene.show_hint(view, sample_hint(view))
    if state.endswith("claim"):  # the window offers a claim once a trick is played
        scene.set_claim_offered(True)
        assert scene.claim_button.graphicsProxyWidget().isVisible()
    if state.endswith(("hint", "claim")):
        assert scene.show_hint(view, sample_hint(view))
        assert scene.snapshot().hint.startswith("Hint:")
    if state == "play with refusal":
        card = next(c for c in view.hand if c not in view.legal)
        scene.show_refusal("You must follow suit: you have a spade.", card)
        assert not scene.snapshot().refusal_rect.isEmpty()
    assert scene.bid_panel.isVisible() == state.startswith("bid")
    assert _overlaps(scene) == []


@pytest.mark.parametrize(("w", "h"), [(1600, 959), (800, 559)])
def test_the_hint_bubble_wraps_its_lines(qtbot, w: int, h: int) -> None:
    """About 46 characters a line at most (a long reason takes two lines), on any
    table width."""
    view = _bidding()
    scene = _scene(w, h, view)
    assert scene.show_hint(view, sample_hint(view))
    lines = scene.snapshot().hint.splitlines()
    assert len(lines) >= 3
    assert max(len(line) for line in lines) <= 50, lines
    assert scene.snapshot().hint_rect.width() < w * 0.5


def _grid(scene: TableScene) -> tuple[int, int, float, float]:
    """The bid buttons' rows and columns as shown, and the panel's width and height."""
    buttons = [scene.bid_panel.findChild(QPushButton, f"bid{n}") for n in range(14)]
    rows = {b.geometry().top() for b in buttons}
    columns = {b.geometry().left() for b in buttons}
    size = scene.bid_panel.graphicsProxyWidget().sceneBoundingRect()
    return len(rows), len(columns), size.width(), size.height()


@pytest.mark.parametrize(("w", "h"), [(640, 460), (1067, 626), (1600, 959)])
def test_the_bid_panel_keeps_its_grid_from_hand_to_hand(qtbot, w: int, h: int) -> None:
    """Four hands, each with another dealer and other plates (bids, dealer's mark),
    with and without advice: the same two rows of seven bids, the panel as wide."""
    shapes = set()
    dealers = set()
    for hand in (1, 2, 3, 4):
        view = _bidding(hand)
        dealers.add(view.dealer)
        for advice in (True, False):
            scene = _scene(w, h, view)
            scene.show_advice = advice
            rows, columns, width, _height = _grid(scene)
            shapes.add((rows, columns, width))
            assert _overlaps(scene) == []
    assert len(dealers) == 4
    assert len(shapes) == 1
    rows, columns, _width = shapes.pop()
    assert (rows, columns) == (2, 7)



def test_lines_without_spaces_are_cut_between_characters(qtbot) -> None:
    """Chinese puts no space between words: a run wider than the line is cut between
    its characters, so a hint in Chinese keeps the bubble's width."""
    from PySide6.QtGui import QFont, QFontMetricsF

    from spades_desktop.ui.table.prompts import wrap_lines

    metrics = QFontMetricsF(QFont())
    width = metrics.horizontalAdvance("M" * 12)
    chinese = "首攻小牌把这门的赢张留到以后再用它们拿下对方的大牌"
    lines = wrap_lines(f"提示：4♠——{chinese}", metrics, width)
    assert len(lines) >= 2
    assert all(metrics.horizontalAdvance(line) <= width for line in lines), lines
    assert "".join(lines) == f"提示：4♠——{chinese}"
    # Words with spaces still break at the spaces, never inside a word.
    english = wrap_lines("lead low and keep the winner of the suit for later", metrics, width)
    assert " ".join(english) == "lead low and keep the winner of the suit for later"
    assert all(metrics.horizontalAdvance(line) <= width for line in english)


# -- card sizes (docs/rules.md §7) -----------------------------------------------------------
BETWEEN = [(784, 511), (784, 493), (800, 520), (800, 500), (700, 540), (1024, 659)]
"""Tables between the usual ones (a window of an 800×600 screen under a window
manager's frame, and others), where a larger card size is only just taken or refused."""


@pytest.mark.parametrize(("w", "h"), SIZES + BETWEEN)
@pytest.mark.parametrize("size", ["large", "extra-large"])
@pytest.mark.parametrize("state", ["bid with hint", "bid with hint and long advice",
                                   "play with hint", "play with refusal", "thinking"])
def test_larger_cards_cover_nothing(qtbot, w: int, h: int, size: str, state: str) -> None:
    """With large or extra large cards nothing covers a card or a plate at any size: the
    table shows the size chosen where it fits, else the largest smaller one."""
    view = _west_bidding() if state == "thinking" else (
        _bidding() if state.startswith("bid") else _playing())
    scene = TableScene()
    scene.set_speed(0)
    reason = LONG_REASON if state.endswith("long advice") else (
        "4 sure tricks: two aces, a king and a long suit")
    scene.advice = lambda _view: (Bid(4), reason)
    scene.set_card_size(size)
    scene.set_size(w, h)
    scene.show_view(view)
    if state == "thinking":
        scene.set_thinking(Seat.WEST, True)
    if "hint" in state:
        assert scene.show_hint(view, sample_hint(view))
    if state == "play with refusal":
        card = next(c for c in view.hand if c not in view.legal)
        scene.show_refusal("You must follow suit: you have a spade.", card)
    assert scene.snapshot().card_size == size  # the setting is kept
    assert _overlaps(scene) == []


def _hand_height(scene: TableScene) -> float:
    return next(iter(scene.snapshot().hand.values())).size[1]


@pytest.mark.parametrize(("w", "h", "size", "shown", "ratio"), [
    (800, 600, "large", "large", 1.25), (800, 600, "extra-large", "extra-large", 1.5),
    (1600, 1000, "large", "large", 1.25), (1600, 1000, "extra-large", "extra-large", 1.5),
    # the smallest table has no room for larger cards: it shows the normal ones
    (640, 460, "large", "normal", 1.0), (640, 460, "extra-large", "normal", 1.0),
])
def test_south_s_cards_grow_where_they_fit(qtbot, w: int, h: int, size: str, shown: str,
                                           ratio: float) -> None:
    view = _playing()
    normal = _scene(w, h, view)
    scene = _scene(w, h, view)
    scene.set_card_size(size)  # applies at once
    shot = scene.snapshot()
    assert (shot.card_size, shot.card_size_shown) == (size, shown)
    assert _hand_height(scene) == pytest.approx(_hand_height(normal) * ratio, abs=0.5)
    # the trick's cards and the backs give way a little (never grow)
    trick = next(iter(shot.trick.values())).size[1]
    assert trick <= next(iter(normal.snapshot().trick.values())).size[1]
    scene.set_card_size("normal")
    assert _hand_height(scene) == pytest.approx(_hand_height(normal))


def test_an_unknown_card_size_is_refused(qtbot) -> None:
    scene = _scene(800, 600, _playing())
    with pytest.raises(ValueError, match="card size"):
        scene.set_card_size("huge")
    assert scene.snapshot().card_size == "normal"
