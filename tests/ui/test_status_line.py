"""The status line through a hand: every event that changes what the player should do
replaces the whole line, so no earlier sentence is left behind (docs/rules.md §1–§3; README,
"clicking one says why in the status line"). Speed 0: each move is shown at once.

The deal below is fixed so every expected line is worked out by hand:
- Hand 1: East deals, South bids first and leads the first trick (docs/rules.md §1).
- Trick 1: South leads ♣A; West ♣3, North ♣4, East ♣2: no spade played, the highest
  club wins: South.
- Trick 2: South leads ♥2; West ♥5, North ♥6, East ♥A: East wins and leads ♥K, so
  South (holding ♥3 ♥4) must follow hearts (docs/rules.md §3).
"""

from __future__ import annotations

import pytest
from PySide6.QtCore import QTimer

import spades_desktop.rc_resources  # noqa: F401  (registers :/assets)
from spades_desktop.controller import GameController
from spades_desktop.engine import (
    DECK,
    Action,
    Bid,
    Card,
    Phase,
    Rules,
    Seat,
    legal_actions,
    parse_card,
)
from spades_desktop.ui.main_window import MainWindow
from spades_desktop.ui.texts import seat_name
from spades_desktop.ui.window_dialogs import open_dialog

from .helpers import ManualRunner, click_card, click_embedded, trailing_position
from .summary_helpers import next_hand, summary_shown


def cards(text: str) -> list[Card]:
    return [parse_card(t) for t in text.split()]


SOUTH = cards("AC 2H 3H 4H 6S 7S 8S 9S TS JS QS KS AS")
FIXED = {Seat.WEST: cards("3C 5H"), Seat.NORTH: cards("4C 6H"), Seat.EAST: cards("2C AH KH")}


def fixed_deal() -> dict[Seat, list[Card]]:
    used = set(SOUTH) | {c for hand in FIXED.values() for c in hand}
    rest = [c for c in DECK if c not in used]
    deal = {Seat.SOUTH: list(SOUTH), **{s: list(h) for s, h in FIXED.items()}}
    for seat in (Seat.WEST, Seat.NORTH, Seat.EAST):
        while len(deal[seat]) < 13:
            deal[seat].append(rest.pop())
    assert not rest
    return deal


class Table:
    """The window with computer players that move only when told, and a log of every
    line the status line showed."""

    def __init__(self, qtbot, runner: ManualRunner, controller: GameController,
                 window: MainWindow) -> None:
        self.qtbot, self.runner, self.controller, self.window = qtbot, runner, controller, window
        self.lines: list[str] = []
        window.status_line.text_changed.connect(self.lines.append)

    @property
    def status(self) -> str:
        """What the player reads in the status bar (the status line's one text)."""
        shown = self.window.status.text()
        assert shown == self.window.status_line.text
        return shown

    def bot(self, action: Action) -> None:
        """The computer player to act makes ``action`` (the one path every move takes)."""
        assert self.controller.state.current_player != Seat.SOUTH
        assert self.controller.submit(action)

    def click(self, card: str) -> None:
        click_card(self.qtbot, self.window, parse_card(card))

    def play(self, card: str) -> None:
        """South raises ``card`` and plays it with a second click."""
        self.click(card)
        self.click(card)
        assert self.controller.actions[-1] == parse_card(card)


@pytest.fixture
def table(qtbot, make_window) -> Table:
    runner = ManualRunner()
    controller, window = make_window(runner=runner)
    return Table(qtbot, runner, controller, window)


@pytest.fixture
def dealt(table: Table) -> Table:
    table.controller.start_new_game(Rules(), 5, "easy", deal=fixed_deal())
    return table


@pytest.fixture
def bidding_over(dealt: Table) -> Table:
    t = dealt
    click_embedded(t.qtbot, t.window, t.window.scene.bid_panel.button_for(3))
    for bid in (Bid(2), Bid(0), Bid(4)):  # West, North, East
        t.bot(bid)
    assert t.controller.state.phase is Phase.PLAYING
    return t


# -- South to bid, a bot bids --------------------------------------------------------------
def test_south_to_bid_is_asked_for_a_bid(dealt: Table) -> None:
    t = dealt
    assert t.controller.state.current_player == Seat.SOUTH
    assert t.window.scene.bid_panel.isVisible()
    assert t.status == "Your turn: make your bid."
    # the greeting came first and was replaced, not left beside the bid panel
    assert t.lines[0] == "Game #5 — good luck!"


def test_each_bot_bid_is_told_and_the_last_gives_way_to_south_s_lead(dealt: Table) -> None:
    t = dealt
    click_embedded(t.qtbot, t.window, t.window.scene.bid_panel.button_for(3))
    assert t.status == "West is bidding…"  # South has bid: West's turn
    t.bot(Bid(2))
    assert t.status == "West bids 2."
    t.bot(Bid(0))
    assert t.status == "North (partner) bids Nil."
    t.bot(Bid(4))
    # East's bid ends the bidding and South leads: the lead is asked for, not left
    # behind "East bids 4."
    assert t.lines[-2:] == ["East bids 4.", "Your turn: play a lit card."]
    assert t.status == "Your turn: play a lit card."
    assert t.window.scene.play_button.isVisible()


# -- South to play, an illegal card, tricks won ----------------------------------------------
def test_an_illegal_card_says_why_until_the_next_event(bidding_over: Table) -> None:
    t = bidding_over
    before = t.controller.state
    t.click("AS")
    assert t.status == "Spades have not been broken yet: lead another suit."
    assert t.controller.state is before
    t.click("AC")
    assert t.status == "Click the card again or press Play."
    t.click("AC")
    # South's card is on the table: the next seat's turn
    assert t.status == f"{seat_name(t.controller.state.current_player)} is playing…"


def test_a_trick_won_is_told_then_the_winner_s_turn(bidding_over: Table) -> None:
    t = bidding_over
    t.play("AC")
    t.bot(parse_card("3C"))
    t.bot(parse_card("4C"))
    t.bot(parse_card("2C"))
    # South wins with the ace and leads next: told, then asked at once
    assert t.lines[-2:] == ["You win the trick.", "Your turn: play a lit card."]
    assert t.status == "Your turn: play a lit card."

    t.play("2H")
    t.bot(parse_card("5H"))
    t.bot(parse_card("6H"))
    t.bot(parse_card("AH"))
    assert t.status == "East wins the trick."  # East leads: nothing for South to do
    t.bot(parse_card("KH"))
    assert t.status == "Your turn: play a lit card."
    t.click("AS")
    assert t.status == "You must follow hearts."


# -- hand over, the next deal, and the table holding the game meanwhile ----------------------
def test_hand_over_then_next_deal_and_bots_wait_for_the_summary(qtbot,
                                                                bidding_over: Table) -> None:
    t = bidding_over
    scene = t.window.scene

    def last_card_to_play() -> bool:
        state = t.controller.state
        return len(state.tricks) == 12 and len(state.current_trick) == 3

    while not last_card_to_play():
        assert t.controller.submit(legal_actions(t.controller.state)[0])
    busy: list[bool] = []
    scene.busy_changed.connect(busy.append)
    assert t.controller.submit(legal_actions(t.controller.state)[0])
    assert t.controller.state.hand_number == 2
    assert summary_shown(t.window) and open_dialog(t.window, "score_sheet") is None
    assert t.status == "Hand 1 is over: choose Next hand to deal the next hand."
    # the table stays busy from the last card until the next deal: no idle moment
    assert busy == [True] and scene.busy and scene.waiting_for_deal

    # Hand 2: South deals, West bids first (docs/rules.md §1). West's bid is ready, but the game
    # waits while the summary is shown. A zero timer started now fires after the
    # controller's own pause (0 ms at speed 0), so that pause is over too.
    state = t.controller.state
    assert state.current_player == Seat.WEST
    marker = QTimer()
    marker.setSingleShot(True)
    with qtbot.waitSignal(marker.timeout, timeout=5000):
        marker.start(0)
    t.runner.answer(Bid(2))
    assert t.controller.state is state

    next_hand(qtbot, t.window)
    # the next hand is dealt, the table is no longer busy, and West's waiting bid is
    # applied and shown at once
    assert False in busy and busy[-1] is False and not scene.busy
    assert t.controller.state.bids == {Seat.WEST: Bid(2)}
    assert t.lines[-2:] == ["Hand 2 begins.", "West bids 2."]
    assert t.status == "West bids 2."


# -- Blind Nil and a resumed game ---------------------------------------------------------------
def test_the_blind_nil_question_and_its_answer_replace_the_line(table: Table) -> None:
    t = table
    state, actions = trailing_position()
    t.controller.resume(state, actions, "easy")
    scene = t.window.scene
    assert scene.blind_question.isVisible()
    assert t.status == "Your turn: bid Blind Nil, or look at your cards first."
    click_card(t.qtbot, t.window, next(iter(scene.snapshot().hand)))
    assert t.status == "Decide on Blind Nil first."
    click_embedded(t.qtbot, t.window, scene.blind_question.show_button)
    assert scene.bid_panel.isVisible()
    assert t.status == "Your turn: make your bid."


def test_a_resumed_game_with_a_bot_to_act_greets(table: Table) -> None:
    t = table
    t.controller.start_new_game(Rules(), 8, "easy")
    t.controller.submit(Bid(3))  # South bids: West is to act
    state, actions = t.controller.state, t.controller.actions
    t.controller.resume(state, actions, "easy")
    assert t.status == "Game #8 — good luck!"


# -- the line follows the animations ------------------------------------------------------------
def test_the_line_names_the_seat_whose_card_is_moving(qtbot, make_window) -> None:
    """At normal speed a computer player's move that is ready before the previous card
    has landed is applied the instant it lands, with no still moment between. Here the
    controller's pause before a computer player's move is 0 (the animations keep their
    speed), so that happens for every card: South's ♣A, then West's ♣3 and North's ♣4
    follow each other. Each state change is looked at as soon as the window has drawn
    it, while its card is still moving: the line names the seat whose card moves,
    never the one before it nor the one after."""
    runner = ManualRunner()
    controller, window = make_window(speed=1.0, runner=runner)
    controller.speed = 0.0
    t = Table(qtbot, runner, controller, window)
    scene = window.scene
    controller.start_new_game(Rules(), 5, "easy", deal=fixed_deal())
    qtbot.waitUntil(lambda: scene.bid_panel.isVisible(), timeout=10_000)  # dealt
    seen: list[tuple[Seat, str, bool]] = []
    controller.state_changed.connect(
        lambda old, new, action: seen.append((old.current_player, t.status, scene.animating)))
    told: list[tuple[str, bool]] = []
    window.status_line.text_changed.connect(lambda text: told.append((text, scene.animating)))

    def answer(action: Action) -> None:
        qtbot.waitUntil(lambda: runner.request_view is not None, timeout=10_000)
        runner.answer(action)

    assert controller.submit(Bid(3))
    for bid in (Bid(2), Bid(0), Bid(4)):  # West, North, East
        answer(bid)
    qtbot.waitUntil(lambda: scene.play_button.isVisible(), timeout=10_000)  # South leads
    seen.clear()
    told.clear()

    assert controller.submit(parse_card("AC"))
    assert scene.animating  # South's card is moving: West may answer meanwhile
    answer(parse_card("3C"))
    qtbot.waitUntil(lambda: Seat.WEST in scene.snapshot().trick, timeout=10_000)
    answer(parse_card("4C"))  # while West's card moves
    qtbot.waitUntil(lambda: Seat.NORTH in scene.snapshot().trick, timeout=10_000)
    qtbot.waitUntil(lambda: not scene.busy, timeout=10_000)

    assert seen == [(Seat.SOUTH, "", True),
                    (Seat.WEST, "West is playing\u2026", True),
                    (Seat.NORTH, "North (partner) is playing\u2026", True)]
    # East, who plays next, is named only once North's card has landed
    assert t.status == "East is playing\u2026"
    assert [animating for text, animating in told if text.startswith("East")] == [False]
