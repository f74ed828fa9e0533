"""The table for a screen reader: what a hand played by keys announces, in order, the
keys that read the table aloud, and the table view's name and description (South's
raised card and hand)."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt

from spades_desktop.engine import Card, Rules, Seat, Suit, Team

from .table_driver import Game

SEATS = {Seat.SOUTH: "You", Seat.WEST: "West", Seat.NORTH: "North (partner)",
         Seat.EAST: "East"}
RANKS = {14: "ace", 13: "king", 12: "queen", 11: "jack"}
SUITS = {Suit.SPADES: "spades", Suit.HEARTS: "hearts", Suit.DIAMONDS: "diamonds",
         Suit.CLUBS: "clubs"}


def spoken(card: Card) -> str:
    """The English name of a card, written here independently of the product."""
    return f"{RANKS.get(card.rank, str(card.rank))} of {SUITS[card.suit]}"


class Sink:
    """A fake announcement sink: the texts in order, with their urgency."""

    def __init__(self) -> None:
        self.said: list[tuple[str, bool]] = []

    def __call__(self, text: str, urgent: bool) -> None:
        self.said.append((text, urgent))

    @property
    def texts(self) -> list[str]:
        return [t for t, _ in self.said]


def listen(g: Game) -> Sink:
    sink = Sink()
    g.window.scene.announcer.sink = sink
    return sink


@pytest.mark.slow
def test_a_hand_played_by_keys_is_announced_in_order(game: Game) -> None:
    g = game
    sink = listen(g)
    g.controller.start_new_game(Rules(), 12, "easy")
    g.bots_until_south()
    g.key(Qt.Key.Key_3)
    g.key(Qt.Key.Key_Return)
    while True:
        g.bots_until_south(hand=1)
        state = g.controller.state
        assert state is not None
        if state.hand_number > 1 or g.window.scene.waiting_for_deal:
            break
        g.key(Qt.Key.Key_Right)  # raise the first card South may play
        g.key(Qt.Key.Key_Return)
    g.qtbot.waitUntil(lambda: g.window.scene.waiting_for_deal)
    state = g.controller.state
    assert state is not None
    record = state.hand_records[0]

    # what the engine's record says happened, worded here by hand
    expected: list[str] = ["Hand 1 begins."]
    bidder = record.dealer.left
    for _ in range(4):
        bid = record.bids[bidder]
        assert bid is not None
        if bidder == Seat.SOUTH:
            expected += ["Your turn: make your bid.", f"You bid {bid.tricks}."]
        else:
            words = "Nil" if bid.tricks == 0 else str(bid.tricks)
            expected.append(f"{SEATS[bidder]} bids {words}.")
        bidder = bidder.left
    for trick in record.tricks:
        for seat, card in trick.plays:
            if seat == Seat.SOUTH:
                expected.append("Your turn:")  # the count of cards is checked below
                expected.append(f"You play the {spoken(card)}.")
            else:
                expected.append(f"{SEATS[seat]} plays the {spoken(card)}.")
        expected.append("You win the trick." if trick.winner == Seat.SOUTH
                        else f"{SEATS[trick.winner]} wins the trick.")
    expected.append("Hand 1 is over.")
    said = sink.texts
    assert len(said) == len(expected), said
    for text, wanted in zip(said, expected, strict=True):
        assert text.startswith(wanted), (text, wanted)
    assert said[-1].startswith("Hand 1 is over. Us: Contract ")
    assert "Running total: " in said[-1] and "Them: " in said[-1]
    # no announcement is urgent in a hand without a refused card
    assert not any(urgent for _t, urgent in sink.said)


@pytest.mark.slow
def test_the_turn_tells_how_many_cards_may_be_played(game: Game) -> None:
    g = game
    sink = listen(g)
    g.controller.start_new_game(Rules(), 12, "easy")
    g.bots_until_south()
    g.key(Qt.Key.Key_3)
    g.key(Qt.Key.Key_Return)
    g.bots_until_south()
    view = g.window.scene.shown_view()
    assert view is not None
    count = sum(1 for a in view.legal if isinstance(a, Card))
    assert count > 1  # game 12: South has a choice at the first card
    assert sink.texts[-1] == (f"Your turn: {count} cards may be played; the arrow keys "
                              "choose one.")


@pytest.mark.slow
def test_the_raised_card_names_the_table_and_the_hand_describes_it(game: Game) -> None:
    g = game
    g.controller.start_new_game(Rules(), 12, "easy")
    g.bots_until_south()
    table = g.window.table
    assert table.accessibleName() == "Card table"
    view = g.window.scene.shown_view()
    assert view is not None
    spades = [c for c in view.sorted_hand if c.suit is Suit.SPADES]
    assert table.accessibleDescription().startswith("Your hand: Spades: ")
    assert table.accessibleDescription().count(".") == 4  # every suit, voids too
    if spades:
        assert RANKS.get(spades[0].rank, str(spades[0].rank)) in table.accessibleDescription()
    g.key(Qt.Key.Key_3)
    g.key(Qt.Key.Key_Return)
    g.bots_until_south()
    view = g.window.scene.shown_view()
    assert view is not None
    legal = [c for c in view.sorted_hand if c in view.legal]
    names = []
    for _ in legal:
        g.key(Qt.Key.Key_Right)
        names.append(table.accessibleName())
    assert names == [spoken(c) for c in legal]
    g.key(Qt.Key.Key_Return)
    g.qtbot.waitUntil(lambda: table.accessibleName() == "Card table")


def test_the_end_of_the_game_is_announced_after_its_last_trick(game: Game) -> None:
    from spades_desktop.ui.window_dialogs import open_dialog

    from .helpers import one_card_left
    g = game
    sink = listen(g)
    state, actions = one_card_left(Rules(max_hands=1), 11)  # the game's one hand
    g.controller.resume(state, actions, "easy")
    g.bots_until_south(hand=1)
    final = g.controller.state
    assert final is not None
    if not final.is_terminal:  # South plays the last card
        g.key(Qt.Key.Key_Right)
        g.key(Qt.Key.Key_Return)
    g.qtbot.waitUntil(lambda: open_dialog(g.window, "game_over") is not None)
    dialog = open_dialog(g.window, "game_over")
    said = sink.texts
    assert said[-1] == dialog.result_text()
    assert said[-1].split(" ")[0] in ("You", "Draw.")  # "You win!", "You lose."
    assert "Final score: Us " in said[-1]
    assert said[-2].endswith(("wins the trick.", "You win the trick."))
    assert dialog.accessibleDescription() == said[-1]


@pytest.mark.slow
def test_the_summary_names_its_focused_button(game: Game) -> None:
    g = game
    g.controller.start_new_game(Rules(), 12, "easy")
    g.bots_until_south()
    g.key(Qt.Key.Key_3)
    g.key(Qt.Key.Key_Return)
    while not g.window.scene.waiting_for_deal:
        g.bots_until_south(hand=1)
        if g.window.scene.waiting_for_deal:
            break
        g.key(Qt.Key.Key_Right)
        g.key(Qt.Key.Key_Return)
    table = g.window.table
    g.qtbot.waitUntil(lambda: g.window.scene.snapshot().summary.visible)
    assert table.accessibleName() == "Next hand button"
    assert table.accessibleDescription().startswith("End of the hand: Enter presses it")
    g.key(Qt.Key.Key_Tab)
    shot = g.window.scene.snapshot().summary
    assert shot.focused != "next"
    assert table.accessibleName() == f"{shot.buttons[shot.focused][0]} button"


@pytest.mark.slow
def test_the_reading_keys_read_hand_table_scores_and_refusal(game: Game) -> None:
    g = game
    sink = listen(g)
    g.controller.start_new_game(Rules(), 12, "easy")
    g.bots_until_south()
    g.key(Qt.Key.Key_3)
    g.key(Qt.Key.Key_Return)
    g.bots_until_south()
    view = g.window.scene.shown_view()
    assert view is not None
    shift = Qt.KeyboardModifier.ShiftModifier

    g.key(Qt.Key.Key_H, shift)
    hand = sink.texts[-1]
    for suit, name in ((Suit.SPADES, "Spades"), (Suit.HEARTS, "Hearts"),
                       (Suit.CLUBS, "Clubs"), (Suit.DIAMONDS, "Diamonds")):
        ranks = [RANKS.get(c.rank, str(c.rank)) for c in view.sorted_hand if c.suit is suit]
        assert f"{name}: {', '.join(ranks) if ranks else 'none'}." in hand

    g.key(Qt.Key.Key_T, shift)
    plays = "; ".join(f"{SEATS[s]}, {spoken(c)}" for s, c in view.current_trick)
    assert sink.texts[-1] == (f"On the table: {plays}. Your turn." if plays
                              else "No card on the table. You lead.")

    g.key(Qt.Key.Key_S, shift)
    scores = sink.texts[-1]
    assert scores.startswith("Score , target 500. Us: 0") or scores.startswith("Score")
    for seat in Seat:
        bid = view.bids[seat]
        assert f"Bid: {'Nil' if bid.tricks == 0 else bid.tricks}." in scores
    contract_us = sum(b.tricks for s, b in view.bids.items() if s.team is Team.NS)
    assert f"Us: contract {contract_us}, 0 taken." in scores or contract_us == 0

    g.key(Qt.Key.Key_W, shift)
    assert sink.texts[-1] == "No card or bid has been refused."
    # a card South may not play, typed: the reason is announced at once, urgently,
    # and Shift+W says it again
    refused = next((c for c in view.sorted_hand if c not in view.legal), None)
    if refused is not None:
        rank = {14: "a", 13: "k", 12: "q", 11: "j", 10: "t"}.get(refused.rank,
                                                                 str(refused.rank))
        g.qtbot.keyClicks(g.window.table, rank + SUITS[refused.suit][0])
        text, urgent = sink.said[-1]
        assert urgent and text.startswith(f"{spoken(refused)}: ")
        g.key(Qt.Key.Key_W, shift)
        assert sink.texts[-1] == text
    # reading changed nothing
    assert g.window.scene.shown_view() == view
    assert g.window.scene.snapshot().raised_card is None

