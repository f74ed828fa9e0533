"""Feedback where the player looks: why a card is refused, beside South's hand; the
trick just won kept in view at instant speed; bid bubbles that never cover a name; plates
left readable after the deal (docs/rules.md §2, §3, §7)."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QRectF, Qt

from spades_desktop.engine import (
    Action,
    Bid,
    GameState,
    Phase,
    Rules,
    Seat,
    apply_action,
    new_game,
    observe,
    parse_card,
)
from spades_desktop.ui import i18n
from spades_desktop.ui.table.items import BubbleItem, PanelItem
from spades_desktop.ui.table.panels import PANEL_Z
from spades_desktop.ui.table.scene import TableScene
from spades_desktop.ui.texts import bid_text, seat_name

from .helpers import click_card
from .table_driver import Game
from .test_window_input import SCRIPT, follow_hearts_deal

SIZES = [(800, 600), (1100, 800), (1600, 1000)]


@pytest.fixture
def must_follow_hearts(game: Game) -> Game:
    """South holds three small hearts and nine spades; East leads the ace of hearts."""
    game.controller.start_new_game(Rules(), 5, "easy", deal=follow_hearts_deal())
    for action in SCRIPT:
        assert game.controller.submit(action)
    assert game.south_asked()
    return game


def south_hand_top(g: Game) -> float:
    return min(it.rect.top() for it in g.window.scene.snapshot().hand.values())


# -- the reason for a refused card --------------------------------------------------------------
def test_an_illegal_click_shows_the_engine_s_reason_beside_the_hand(
        qtbot, must_follow_hearts: Game) -> None:
    g = must_follow_hearts
    scene = g.window.scene
    before, actions = g.controller.state, g.controller.actions
    spade = parse_card("AS")
    assert scene.snapshot().refusal == ""
    click_card(qtbot, g.window, spade)
    why = g.controller.view().explain(spade)
    assert why is not None
    assert scene.snapshot().refusal == i18n.engine_text(why) == "You must follow hearts."
    assert g.controller.state is before and g.controller.actions == actions
    rect = scene.snapshot().refusal_rect
    assert scene.sceneRect().contains(rect)  # never off-screen
    assert rect.bottom() <= south_hand_top(g)  # above the hand, not on it
    for seat in Seat:
        assert not rect.intersects(scene.snapshot().plates[seat].rect)
    # it fades away by itself
    qtbot.waitUntil(lambda: scene.snapshot().refusal == "", timeout=10_000)
    assert scene.snapshot().refusal_rect.isEmpty()


def test_a_refusal_from_the_controller_is_shown_on_the_table(must_follow_hearts: Game) -> None:
    g = must_follow_hearts
    scene = g.window.scene
    before = g.controller.state
    rejected: list[object] = []
    g.controller.action_rejected.connect(rejected.append)
    not_held = parse_card("2D")
    assert not_held not in g.controller.view().hand
    assert not g.controller.submit_human(not_held)
    assert len(rejected) == 1
    assert (scene.snapshot().refusal == i18n.engine_text(rejected[0])
            == "You don't hold the 2\u2666.")
    assert g.controller.state is before


def test_an_illegal_card_typed_by_keys_says_why(must_follow_hearts: Game) -> None:
    g = must_follow_hearts
    before = g.controller.state
    g.qtbot.keyClicks(g.window.table, "as")  # the ace of spades
    assert g.window.scene.snapshot().refusal == "You must follow hearts."
    g.key(Qt.Key.Key_Return)  # nothing was raised: nothing is played
    assert g.controller.state is before


# -- the finished trick at instant speed --------------------------------------------------------
def test_at_instant_speed_the_won_trick_stays_until_the_pause_ends(
        qtbot, must_follow_hearts: Game) -> None:
    g = must_follow_hearts
    scene = g.window.scene
    assert g.window.settings.animation_speed == 0.0
    seen: list[tuple[dict[Seat, object], str, bool]] = []

    def on_change(old: GameState, new: GameState, action: Action) -> None:
        # connected after the window: the table has shown the move already
        if len(new.tricks) > len(old.tricks):
            shot = scene.snapshot()
            seen.append((dict(shot.finished_trick), shot.finished_trick_note, shot.busy))

    g.controller.state_changed.connect(on_change)
    g.key(Qt.Key.Key_Right)
    g.key(Qt.Key.Key_Return)  # South follows; West and North complete trick 2
    while len(g.controller.state.tricks) < 2:
        assert g.runner.request_view is not None
        before = len(g.controller.actions)
        g.runner.answer(g.runner.request_view.legal[0])
        qtbot.waitUntil(lambda b=before: len(g.controller.actions) > b, timeout=20_000)
    state = g.controller.state
    trick = state.hand_record.tricks[1]
    winner = trick.winner
    assert len(seen) == 1
    cards, note, busy = seen[0]
    assert cards == dict(trick.plays)  # the four cards, by seat, right after the last
    expected = "You win the trick." if winner is Seat.SOUTH else \
        f"{seat_name(winner)} wins the trick."
    assert note == expected
    assert busy  # the game waits for the pause
    if scene.busy:
        with qtbot.waitSignal(scene.busy_changed, timeout=10_000) as blocker:
            pass
        assert blocker.args == [False]
    assert scene.snapshot().finished_trick == {}
    assert scene.snapshot().finished_trick_note == ""


def test_the_next_card_takes_the_finished_trick_away(must_follow_hearts: Game) -> None:
    """The trick East won first was still shown when East led the ace of hearts: it went
    as that card was played (the fixture made both moves at once)."""
    scene = must_follow_hearts.window.scene
    assert scene.snapshot().finished_trick == {}
    assert [it.card for it in scene.snapshot().trick.values()] == [parse_card("AH")]


# -- bid bubbles and plates ----------------------------------------------------------------------
def bidding_views() -> list[tuple[GameState, GameState, Bid, Seat]]:
    """The four bids of hand 1 of game 12 (South bids first, docs/rules.md §1)."""
    state = new_game(Rules(blind_nil=True), 12)
    out = []
    for bid in (Bid(0), Bid(13), Bid(4), Bid(2)):
        actor = state.current_player
        new = apply_action(state, bid)
        out.append((state, new, bid, actor))
        state = new
    return out


@pytest.mark.parametrize("size", SIZES)
def test_bid_bubbles_never_cover_a_plate(qtbot, size: tuple[int, int]) -> None:
    scene = TableScene()
    scene.set_speed(1.0)
    steps = bidding_views()
    scene.show_view(observe(steps[0][0], Seat.SOUTH))
    scene.set_size(*size)
    table = QRectF(0, 0, *size)
    seats = set()
    for old, new, bid, actor in steps:
        scene.show_transition(observe(old, Seat.SOUTH), observe(new, Seat.SOUTH), bid, actor)
        bubbles = scene.snapshot().bid_bubbles  # the bubble is on the table while it animates
        assert list(bubbles) == [bid_text(bid)]
        rect = bubbles[bid_text(bid)]
        seats.add(actor)
        assert table.contains(rect)
        for seat in Seat:
            assert not rect.intersects(scene.snapshot().plates[seat].rect), (actor, seat)
        scene.animator.skip()
        assert scene.snapshot().bid_bubbles == {}
    assert seats == set(Seat)
    # every seat, the longest texts, with the plates as they are at the end of bidding
    for seat in Seat:
        for text in (bid_text(Bid(0, blind=True)), bid_text(Bid(13)), bid_text(Bid(0))):
            w, h = BubbleItem.size_for(text, scene.geometry.bid_bubble_px)
            plate = scene.snapshot().plates[seat].rect
            x, y = scene.geometry.bid_bubble_centre(
                seat, (plate.x(), plate.y(), plate.width(), plate.height()), (w, h))
            rect = QRectF(x - w / 2, y - h / 2, w, h)
            assert table.contains(rect)
            for other in Seat:
                assert not rect.intersects(scene.snapshot().plates[other].rect), (seat, text, other)


@pytest.mark.parametrize("size", SIZES)
def test_after_the_deal_nothing_covers_a_plate(qtbot, size: tuple[int, int]) -> None:
    scene = TableScene()
    scene.set_size(*size)
    scene.set_speed(1.0)
    state = new_game(Rules(), 12)
    with qtbot.waitSignal(scene.animations_idle, timeout=20_000):
        scene.show_view(observe(state, Seat.SOUTH), deal=True)
        assert scene.animating
        scene.animator.skip()
    assert state.phase is Phase.BIDDING and scene.bid_panel.isVisible()
    for seat in Seat:
        plate = scene.snapshot().plates[seat].rect
        assert scene.sceneRect().contains(plate)
        inside = plate.adjusted(1, 1, -1, -1)  # touching the plate's edge is not covering
        above = [it for it in scene.items(inside) if it.isVisible() and it.zValue() > PANEL_Z]
        assert above == [], (seat, above)


@pytest.mark.parametrize("size", [(640, 460), *SIZES])
def test_the_plates_keep_clear_of_the_score_and_info_boxes(qtbot, size) -> None:
    """At 800×600 North's plate used to overlap the score box in the top-left corner."""
    scene = TableScene()
    scene.set_size(*size)
    scene.set_speed(0.0)
    state = new_game(Rules(), 12)
    scene.show_view(observe(state, Seat.SOUTH), deal=True)
    scene.animator.skip()
    boxes = [it for it in scene.items() if isinstance(it, PanelItem) and it.isVisible()
             and it.text.split("\n")[0].startswith(("Score", "Game #"))]
    assert len(boxes) == 2
    for seat in Seat:
        plate = scene.snapshot().plates[seat].rect
        for box in boxes:
            assert not plate.intersects(box.sceneBoundingRect()), (seat, box.text)
