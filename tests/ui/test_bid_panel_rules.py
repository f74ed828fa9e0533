"""The bid panel under the bidding house rules: only the legal bids are enabled, a note
says why the others are not, the arrows skip them and Enter bids (docs/rules.md §2, §7)."""

from __future__ import annotations

from PySide6.QtCore import Qt

from spades_desktop.engine import Bid, GameState, Rules, Seat, apply_action, legal_actions
from spades_desktop.engine import new_game as engine_new_game
from spades_desktop.ui.bid_panel import BidPanel

from .table_driver import Game


def _start(g: Game, rules: Rules, number: int) -> None:
    """Game ``number`` under ``rules``; in hand 1 East deals, so South bids first."""
    g.controller.start_new_game(rules, number, "easy")
    g.qtbot.waitUntil(g.south_asked)  # type: ignore[attr-defined]


def _panel_offers(g: Game, rules: Rules, number: int, enabled: tuple[int, ...],
                  note: str) -> BidPanel:
    """South's bid panel in hand 1 of game ``number`` under ``rules``, checked to enable
    the bids ``enabled`` only and to say ``note``."""
    _start(g, rules, number)
    panel = g.window.scene.bid_panel
    assert panel.isVisible()
    assert panel.enabled_bids() == enabled
    assert panel.note_text() == note
    return panel


def _hand_two(rules: Rules, north: Bid) -> tuple[GameState, list]:
    """Hand 2 of game 3 under ``rules`` (South deals: West, North and East bid before
    South): hand 1 played by each seat's first legal action, then West and East bid their
    first legal bid and North bids ``north``."""
    state = engine_new_game(rules, 3)
    actions: list = []
    while state.hand_number == 1:
        action = legal_actions(state)[0]
        actions.append(action)
        state = apply_action(state, action)
    for seat in (Seat.WEST, Seat.NORTH, Seat.EAST):
        assert state.current_player == seat
        action = north if seat == Seat.NORTH else legal_actions(state)[0]
        actions.append(action)
        state = apply_action(state, action)
    assert state.current_player == Seat.SOUTH
    return state, actions


def test_standard_bidding_offers_every_bid_without_a_note(game: Game) -> None:
    panel = _panel_offers(game, Rules(), 3, tuple(range(14)), "")
    assert all(panel.button_for(n).isEnabled() for n in range(14))
    assert panel.note_text() == ""


def test_suicide_second_partner_after_a_five_may_only_bid_nil(game: Game) -> None:
    g = game
    state, actions = _hand_two(Rules(bidding="suicide"), Bid(5))
    g.controller.resume(state, actions, "easy")
    g.qtbot.waitUntil(g.south_asked)  # type: ignore[attr-defined]
    panel = g.window.scene.bid_panel
    assert panel.enabled_bids() == (0,)
    assert panel.note_text() == "Suicide: your partner bid 5, so you must bid Nil."
    assert panel.recommended() == 0
    # the grid keeps its fourteen buttons, the closed ones disabled
    assert not panel.button_for(13).isEnabled() and panel.button_for(13).isVisible()
    assert panel.button_for(0).hasFocus()
    for key in (Qt.Key.Key_Right, Qt.Key.Key_Down, Qt.Key.Key_5):
        g.key(key)
        assert panel.button_for(0).hasFocus()  # nothing else can take the focus
    g.key(Qt.Key.Key_Return)
    assert g.controller.actions[-1] == Bid(0)


def test_suicide_first_partner_bids_nil_or_four_and_the_arrows_skip(game: Game) -> None:
    g = game
    panel = _panel_offers(g, Rules(bidding="suicide"), 12, (0, *range(4, 14)),
                          "Suicide: bid Nil, or 4 or more.")
    assert panel.recommended() == 4  # the count of 3 moved to the nearest legal bid
    assert panel.button_for(4).hasFocus()
    g.key(Qt.Key.Key_Left)
    assert panel.button_for(0).hasFocus()  # past the closed 3, 2 and 1
    g.key(Qt.Key.Key_Left)
    assert panel.button_for(0).hasFocus()  # the edge
    g.key(Qt.Key.Key_Right)
    assert panel.button_for(4).hasFocus()
    g.key(Qt.Key.Key_Up)  # from Nil's row already: no row above
    assert panel.button_for(4).hasFocus()
    g.key(Qt.Key.Key_Down)
    assert panel.button_for(11).hasFocus()
    g.key(Qt.Key.Key_Up)
    assert panel.button_for(4).hasFocus()
    g.key(Qt.Key.Key_2)  # a closed bid's digit leaves the focus where it was
    assert panel.button_for(4).hasFocus()
    g.key(Qt.Key.Key_Right)
    g.key(Qt.Key.Key_Return)
    assert g.controller.actions[-1] == Bid(5)


def test_mirror_asks_to_confirm_the_one_legal_bid(game: Game) -> None:
    g = game
    panel = _panel_offers(g, Rules(bidding="mirror"), 5, (6,),  # South holds 6 spades
                          "Mirror: bid the number of spades you hold (6).")
    assert panel.recommended() == 6 and panel.button_for(6).hasFocus()
    assert g.controller.actions == ()  # nothing bid until the player confirms
    g.key(Qt.Key.Key_Return)
    assert g.controller.actions[-1] == Bid(6)


def test_whiz_offers_nil_or_the_spades_held(game: Game) -> None:
    g = game
    panel = _panel_offers(g, Rules(bidding="whiz"), 12, (0, 2),  # South holds 2 spades
                          "Whiz: bid Nil or the number of spades you hold (2).")
    g.key(Qt.Key.Key_Left)
    assert panel.button_for(0).hasFocus()
    g.key(Qt.Key.Key_Right)
    assert panel.button_for(2).hasFocus()
    g.key(Qt.Key.Key_Right)
    assert panel.button_for(2).hasFocus()  # no open bid beyond it
    g.key(Qt.Key.Key_Down)
    assert panel.button_for(2).hasFocus()  # none in the row below either


def test_min_team_bid_after_a_partner_of_one(game: Game) -> None:
    g = game
    state, actions = _hand_two(Rules(min_team_bid=4), Bid(1))
    g.controller.resume(state, actions, "easy")
    g.qtbot.waitUntil(g.south_asked)  # type: ignore[attr-defined]
    panel = g.window.scene.bid_panel
    assert panel.enabled_bids() == tuple(range(3, 14))
    assert panel.note_text() == "Your team must bid at least 4: bid 3 or more."
    recommended = panel.recommended()
    assert recommended is not None and recommended >= 3
