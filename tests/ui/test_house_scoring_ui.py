"""The scoring house rules on the end-of-hand summary, the score sheet and the Game Over
dialog: 10 for 200, a Nil worth 50 and the game won by 13 tricks (docs/rules.md §4, §5).

The deal: South holds every spade, West the clubs, North the diamonds, East the hearts.
South bids ``south``, West 1, North Nil, East 1; South leads a spade to every trick and
takes all 13, North none. Worked by hand:

- South bids 10 under 10 for 200 with Nil worth 50: North–South's contract of 10 is made
  for +200, 3 bags +3, North's Nil +50: +253, 3 bags held; East–West bid 2 and took none:
  −20.
- South bids 13 under the 13-trick win: North–South win the game in hand 1.
"""

from __future__ import annotations

import pytest
from PySide6.QtWidgets import QLabel

import spades_desktop.rc_resources  # noqa: F401  (registers :/assets)
from spades_desktop.engine import DECK, Bid, Card, Rules, Seat, Suit, Team, legal_actions
from spades_desktop.ui.dialogs.score_sheet import ScoreSheetWidget
from spades_desktop.ui.window_dialogs import open_dialog

from .helpers import child, one_card_left
from .summary_helpers import Table, manual_table

STEP_MS = 10_000
MINUS = "\u2212"
DOT = "  \u00b7  "


def _deal() -> dict[Seat, list[Card]]:
    hands = {Seat.SOUTH: [c for c in DECK if c.suit is Suit.SPADES]}
    others = [c for c in DECK if c.suit is not Suit.SPADES]
    for i, seat in enumerate((Seat.WEST, Seat.NORTH, Seat.EAST)):
        hands[seat] = others[13 * i:13 * (i + 1)]
    return hands


@pytest.fixture
def table(qtbot, make_window) -> Table:
    return manual_table(qtbot, make_window)


def _finish(t: Table, rules: Rules, south: int) -> None:
    """The deal's hand 1 with South bidding ``south``, West 1, North Nil, East 1, played
    with each seat's first legal card; the test plays the last one."""
    state, actions = one_card_left(rules, 1, _deal(), (Bid(south), Bid(1), Bid(0), Bid(1)))
    t.controller.resume(state, actions, "easy", deal=_deal())
    with t.qtbot.waitSignal(t.window.scene.hand_finished,  # type: ignore[attr-defined]
                            timeout=STEP_MS):
        t.runner.answer(legal_actions(state)[0])


def test_ten_for_200_and_a_nil_of_50_on_the_summary_and_the_sheet(table: Table) -> None:
    t = table
    _finish(t, Rules(ten_for_200=True, nil_points=50), 10)
    summary = t.window.scene.snapshot().summary
    assert summary.visible
    assert summary.teams[Team.NS] == (
        DOT.join(["Contract made: +200 (10 for 200)", "Bags this hand: +3", "Nil: +50"]),
        DOT.join(["Points this hand: +253", "Running total: 253", "Bags held: 3"]))
    assert summary.teams[Team.EW] == (
        DOT.join([f"Contract set: {MINUS}20", "Bags this hand: 0"]),
        DOT.join([f"Points this hand: {MINUS}20", f"Running total: {MINUS}20",
                  "Bags held: 0"]))
    state = t.controller.state
    assert state is not None
    sheet = ScoreSheetWidget()
    t.qtbot.addWidget(sheet)  # type: ignore[attr-defined]
    sheet.set_records(state.hand_records)
    item = sheet.cell_item(Team.NS, "total", 0)
    assert item is not None and item.toolTip().startswith("Contract made (10 for 200)\n")
    assert sheet.cell_text(Team.NS, "nil", 0) == "50"
    other = sheet.cell_item(Team.EW, "total", 0)
    assert other is not None and other.toolTip().startswith("Contract set\n")


def test_without_ten_for_200_a_contract_of_ten_scores_100(table: Table) -> None:
    t = table
    _finish(t, Rules(), 10)
    first, _second = t.window.scene.snapshot().summary.teams[Team.NS]
    assert first == DOT.join(["Contract made: +100", "Bags this hand: +3", "Nil: +100"])


def test_a_game_won_by_thirteen_tricks_says_so(table: Table) -> None:
    t = table
    _finish(t, Rules(thirteen_wins=True), 13)
    t.qtbot.waitUntil(  # type: ignore[attr-defined]
        lambda: open_dialog(t.window, "game_over") is not None, timeout=STEP_MS)
    dialog = open_dialog(t.window, "game_over")
    assert dialog is not None
    assert not t.window.scene.snapshot().summary.visible
    assert child(dialog, QLabel, "headline").text() == "You win!"
    assert child(dialog, QLabel, "reason").text() == (
        "North\u2013South bid 13 and took every trick in hand 1: they win the game.")
