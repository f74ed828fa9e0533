"""The end-of-hand summary on the table and the chart of the running totals under the
score sheet (docs/rules.md §2, §4, §5).

The golden texts are worked by hand from docs/rules.md §4: a contract is worth 10 × bid when
made and −10 × bid when set, each bag +1, 10 bags −100 (and −10 bags), Nil ±100,
Blind Nil ±200. A played hand's summary is compared with the engine's record.
"""

from __future__ import annotations

import pytest
from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QFontMetricsF, QImage

import spades_desktop.rc_resources  # noqa: F401  (registers :/assets)
from spades_desktop.engine import (
    Bid,
    HandRecord,
    HandScore,
    Rules,
    Seat,
    Team,
    TeamScores,
    legal_actions,
    score_hand,
)
from spades_desktop.ui import i18n
from spades_desktop.ui.dialogs.score_chart import TEAM_COLOURS, ScoreChart
from spades_desktop.ui.dialogs.score_sheet import ScoreSheetDialog, ScoreSheetWidget
from spades_desktop.ui.table.scene import TableScene
from spades_desktop.ui.texts import MINUS_SIGN, team_label
from spades_desktop.ui.window_dialogs import open_dialog, open_dialogs

from .helpers import analysing, child, one_card_left
from .summary_helpers import (
    NEXT_HAND,
    REVIEW,
    SCORE_SHEET,
    Table,
    click_summary_button,
    manual_table,
    next_hand,
    summary_shown,
)

STEP_MS = 10_000
MINUS = "\u2212"
DOT = "  \u00b7  "


# -- a hand worked by hand -----------------------------------------------------------------
# Hand 4. N–S had 9 bags and 300 points before it, E–W 3 bags and 150 points.
# South bids 4 and wins 5, North bids Nil and wins 0:
#   contract 4 made +40, 1 bag +1 (9 + 1 = 10 bags: −100, 0 left), North's Nil made +100
#   → 40 + 1 + 100 − 100 = +41, running total 341.
# West bids Blind Nil and wins 2, East bids 7 and wins 6:
#   contract 7 set −70 (West's tricks never count for it), West's 2 tricks are 2 bags +2,
#   Blind Nil failed −200 → −70 + 2 − 200 = −268, 3 + 2 = 5 bags, running total −118.
BIDS = {Seat.SOUTH: Bid(4), Seat.WEST: Bid(0, blind=True), Seat.NORTH: Bid(0),
        Seat.EAST: Bid(7)}
WON = {Seat.SOUTH: 5, Seat.WEST: 2, Seat.NORTH: 0, Seat.EAST: 6}
NS_SCORE = HandScore(contract=40, bags=1, nil=100, bag_penalty=-100, total=41, bags_after=0,
                     made=True)
EW_SCORE = HandScore(contract=-70, bags=2, nil=-200, bag_penalty=0, total=-268, bags_after=5,
                     made=False)
TOTALS = {Team.NS: 341, Team.EW: -118}


def worked_record() -> HandRecord:
    return HandRecord(hand_number=4, dealer=Seat.EAST, deal=(None, None, None, None),
                      bids=tuple(BIDS[s] for s in Seat), tricks=(),
                      tricks_won=tuple(WON[s] for s in Seat),
                      score=TeamScores(NS_SCORE, EW_SCORE))


def test_the_worked_hand_is_what_the_engine_scores() -> None:
    """The hand-worked rows above agree with the engine (else the golden texts below
    would test a hand the game cannot produce)."""
    assert score_hand(Rules(), BIDS, WON, {Team.NS: 9, Team.EW: 3}) == TeamScores(
        NS_SCORE, EW_SCORE)


def test_summary_texts_of_the_worked_hand(qtbot) -> None:
    scene = TableScene()
    scene.set_size(1100, 760)
    assert not scene.snapshot().summary.visible
    scene.show_hand_summary(worked_record(), TOTALS)
    assert scene.snapshot().summary.visible
    assert scene.snapshot().summary.title == "Hand 4 is over"
    assert tuple(scene.snapshot().summary.players[Seat.SOUTH]) == ("You", "4", "5", "")
    assert tuple(scene.snapshot().summary.players[Seat.NORTH]) == ("North (partner)", "Nil",
                                                                   "0", "Nil made")
    assert tuple(scene.snapshot().summary.players[Seat.WEST]) == ("West", "Blind Nil", "2",
                                                     "Blind Nil failed")
    assert tuple(scene.snapshot().summary.players[Seat.EAST]) == ("East", "7", "6", "")
    assert scene.snapshot().summary.teams[Team.NS] == (
        DOT.join(["Contract made: +40", "Bags this hand: +1", "Nil: +100",
                  f"Bag penalty: {MINUS}100"]),
        DOT.join(["Points this hand: +41", "Running total: 341", "Bags held: 0"]))
    assert scene.snapshot().summary.teams[Team.EW] == (
        DOT.join([f"Contract set: {MINUS}70", "Bags this hand: +2", f"Nil: {MINUS}200"]),
        DOT.join([f"Points this hand: {MINUS}268", f"Running total: {MINUS}118", "Bags held: 5"]))
    assert scene.snapshot().summary.buttons[NEXT_HAND][0] == "Next hand"
    assert scene.snapshot().summary.buttons[SCORE_SHEET][0] == "Score sheet"
    assert scene.snapshot().summary.focused == NEXT_HAND  # the default
    # a new deal takes the summary away
    scene.deal()
    assert not scene.snapshot().summary.visible


def test_summary_in_chinese(qtbot, monkeypatch) -> None:
    """Every text of the summary is translated, and follows a language switch at once."""
    monkeypatch.setattr(i18n, "has_cjk_font", lambda: True)
    scene = TableScene()
    scene.show_hand_summary(worked_record(), TOTALS)
    try:
        assert i18n.apply_language("zh_CN").language == "zh_CN"
        scene.retranslate()
        assert scene.snapshot().summary.title == "第 4 手结束"
        assert scene.snapshot().summary.players[Seat.NORTH].note == "Nil 成功"
        assert scene.snapshot().summary.players[Seat.WEST].note == "盲 Nil 失败"
        assert scene.snapshot().summary.teams[Team.EW][0] == DOT.join(
            [f"合约失败：{MINUS}70", "本手沙袋：+2", f"Nil：{MINUS}200"])
        assert scene.snapshot().summary.buttons[NEXT_HAND][0] == "下一手"
        assert scene.snapshot().summary.buttons[SCORE_SHEET][0] == "记分表"
    finally:
        i18n.apply_language("en")
    scene.retranslate()
    assert scene.snapshot().summary.title == "Hand 4 is over"


def test_summary_when_both_partners_bid_nil(qtbot) -> None:
    """South Nil with 0 tricks (+100), North Nil with 1 trick (−100, and 1 bag): no
    contract, Nil +100 − 100 = 0 (not shown), bags +1, hand total +1."""
    bids = {Seat.SOUTH: Bid(0), Seat.WEST: Bid(5), Seat.NORTH: Bid(0), Seat.EAST: Bid(5)}
    won = {Seat.SOUTH: 0, Seat.WEST: 6, Seat.NORTH: 1, Seat.EAST: 6}
    # E–W: contract 10 made +100, 2 bags +2 → +102
    ns = HandScore(contract=0, bags=1, nil=0, bag_penalty=0, total=1, bags_after=1, made=None)
    ew = HandScore(contract=100, bags=2, nil=0, bag_penalty=0, total=102, bags_after=2,
                   made=True)
    assert score_hand(Rules(), bids, won, {Team.NS: 0, Team.EW: 0}) == TeamScores(ns, ew)
    record = HandRecord(1, Seat.EAST, (None, None, None, None), tuple(bids[s] for s in Seat),
                        (), tuple(won[s] for s in Seat), TeamScores(ns, ew))
    scene = TableScene()
    scene.show_hand_summary(record, {Team.NS: 1, Team.EW: 102})
    assert scene.snapshot().summary.players[Seat.SOUTH].note == "Nil made"
    assert scene.snapshot().summary.players[Seat.NORTH].note == "Nil failed"
    assert scene.snapshot().summary.teams[Team.NS] == (
        DOT.join(["No contract: both partners bid Nil", "Bags this hand: +1"]),
        DOT.join(["Points this hand: +1", "Running total: 1", "Bags held: 1"]))
    assert scene.snapshot().summary.teams[Team.EW][0] == DOT.join(["Contract made: +100",
                                                                    "Bags this hand: +2"])


def test_an_unfinished_hand_has_no_summary(qtbot) -> None:
    record = worked_record()
    unfinished = HandRecord(record.hand_number, record.dealer, record.deal, record.bids, (),
                            record.tricks_won, None)
    with pytest.raises(ValueError, match="not finished"):
        TableScene().show_hand_summary(unfinished, TOTALS)


# -- on the window: a played hand ----------------------------------------------------------
@pytest.fixture
def table(qtbot, make_window) -> Table:
    return manual_table(qtbot, make_window)  # the last card is the test's to play


def finish_hand_one(t: Table, rules: Rules, game_number: int = 7) -> None:
    state, actions = one_card_left(rules, game_number)
    t.controller.resume(state, actions, "easy")
    with t.qtbot.waitSignal(t.window.scene.hand_finished, timeout=STEP_MS):
        t.runner.answer(legal_actions(state)[0])


def points(value: int) -> str:
    return f"+{value}" if value > 0 else f"{MINUS}{-value}" if value < 0 else "0"


def test_the_summary_of_a_played_hand_is_the_engines_record(table: Table) -> None:
    t = table
    finish_hand_one(t, Rules(floor_score=None))
    state = t.controller.state
    record = state.hand_records[0]
    assert summary_shown(t.window) and t.window.scene.snapshot().summary.record == record
    assert open_dialog(t.window, "score_sheet") is None  # the sheet no longer opens by itself
    assert t.window.status.text() == "Hand 1 is over: choose Next hand to deal the next hand."
    for seat in Seat:
        line = t.window.scene.snapshot().summary.players[seat]
        assert line.won == str(record.tricks_won[seat])
        bid = record.bids[seat]
        assert line.bid == ("Blind Nil" if bid.blind else "Nil" if bid.tricks == 0
                            else str(bid.tricks))
    for team in Team:
        score = record.score[team]
        first, second = t.window.scene.snapshot().summary.teams[team]
        assert f"Bags this hand: {points(score.bags)}" in first
        if score.made is not None:
            assert (f"Contract {'made' if score.made else 'set'}: {points(score.contract)}"
                    in first)
        assert second == DOT.join([f"Points this hand: {points(score.total)}",
                                   f"Running total: {points(state.scores[team]).lstrip('+')}",
                                   f"Bags held: {score.bags_after}"])
        assert state.scores[team] == score.total  # the first hand's total is the score


def test_enter_continues_and_deals_the_next_hand(table: Table) -> None:
    t = table
    finish_hand_one(t, Rules(floor_score=None))
    scene = t.window.scene
    assert scene.waiting_for_deal and not scene.snapshot().hand
    with t.qtbot.waitSignal(scene.hand_summary_closed, timeout=STEP_MS):
        t.qtbot.keyClick(t.window.table, Qt.Key.Key_Return)
    assert not summary_shown(t.window) and not scene.waiting_for_deal
    assert t.controller.state.hand_number == 2
    assert set(scene.snapshot().hand) == set(t.controller.view().hand)
    assert len(scene.snapshot().hand) == 13


def test_a_click_on_next_hand_continues(table: Table) -> None:
    t = table
    finish_hand_one(t, Rules(floor_score=None))
    scene = t.window.scene
    # a click beside the buttons, on the panel, does nothing
    rect = scene.snapshot().summary.rect
    beside = t.window.table.mapFromScene(QPointF(rect.left() + 8, rect.center().y()))
    t.qtbot.mouseClick(t.window.table.viewport(), Qt.MouseButton.LeftButton, pos=beside)
    assert summary_shown(t.window) and scene.waiting_for_deal
    next_hand(t.qtbot, t.window)
    assert not scene.waiting_for_deal and len(scene.snapshot().hand) == 13


def test_the_score_sheet_button_opens_the_sheet_and_the_summary_stays(table: Table) -> None:
    t = table
    finish_hand_one(t, Rules(target_score=300, floor_score=None))
    click_summary_button(t.qtbot, t.window, SCORE_SHEET)
    sheet = open_dialog(t.window, "score_sheet")
    assert sheet is not None and sheet.isVisible() and not sheet.isModal()
    assert summary_shown(t.window) and t.window.scene.waiting_for_deal
    assert child(sheet, ScoreSheetWidget, "sheet").hand_count() == 1
    state = t.controller.state
    chart = child(sheet, ScoreChart, "scoreChart")
    assert chart.isVisible()
    assert drawn_totals(chart) == ([state.scores[Team.NS]], [state.scores[Team.EW]])
    assert chart.target == 300 and chart.floor is None
    # the arrow key moves the focus to Score sheet; Enter presses it: the open sheet stays one
    t.qtbot.keyClick(t.window.table, Qt.Key.Key_Right)
    assert t.window.scene.snapshot().summary.focused == SCORE_SHEET
    t.qtbot.keyClick(t.window.table, Qt.Key.Key_Return)
    assert open_dialog(t.window, "score_sheet") is sheet and summary_shown(t.window)
    # back at the table, the focus is on Next hand: Enter deals, as the summary says
    assert t.window.scene.snapshot().summary.focused == NEXT_HAND
    # Next hand while the sheet is open: the sheet stays, the hand is dealt
    next_hand(t.qtbot, t.window)
    assert open_dialog(t.window, "score_sheet") is sheet and not t.window.scene.waiting_for_deal


def test_the_review_button_opens_the_review_of_the_hand_just_played(table: Table) -> None:
    t = table
    t.window.coach.review_budget = 4  # deals per search: a quick analysis
    finish_hand_one(t, Rules(floor_score=None))
    with t.qtbot.waitSignal(t.window.scene.hand_review_requested, timeout=5000):
        click_summary_button(t.qtbot, t.window, REVIEW)
    (review,) = open_dialogs(t.window, "review")
    assert review.record == t.controller.state.hand_records[-1]
    assert summary_shown(t.window) and t.window.scene.waiting_for_deal
    # Tab cycles the focus over the three buttons: Next hand, Score sheet, Review hand
    assert t.window.scene.snapshot().summary.focused == NEXT_HAND
    t.qtbot.keyClick(t.window.table, Qt.Key.Key_Left)
    assert t.window.scene.snapshot().summary.focused == REVIEW
    t.qtbot.keyClick(t.window.table, Qt.Key.Key_Right)
    assert t.window.scene.snapshot().summary.focused == NEXT_HAND
    # Tab and Shift+Tab too (the view hands Tab to focus navigation, not to key presses)
    t.window.activateWindow()
    t.qtbot.waitUntil(t.window.isActiveWindow)
    t.window.table.setFocus()
    t.qtbot.keyClick(t.window.table, Qt.Key.Key_Tab)
    assert t.window.scene.snapshot().summary.focused == SCORE_SHEET
    t.qtbot.keyClick(t.window.table, Qt.Key.Key_Tab)
    assert t.window.scene.snapshot().summary.focused == REVIEW
    t.qtbot.keyClick(t.window.table, Qt.Key.Key_Backtab, Qt.KeyboardModifier.ShiftModifier)
    assert t.window.scene.snapshot().summary.focused == SCORE_SHEET
    # Review hand pressed by Enter: the review comes forward, and the focus goes back to
    # Next hand for the player's return
    t.qtbot.keyClick(t.window.table, Qt.Key.Key_Tab)
    with t.qtbot.waitSignal(t.window.scene.hand_review_requested, timeout=5000):
        t.qtbot.keyClick(t.window.table, Qt.Key.Key_Return)
    assert list(open_dialogs(t.window, "review")) == [review]  # the same window
    assert t.window.scene.snapshot().summary.focused == NEXT_HAND
    if analysing(review):
        with t.qtbot.waitSignal(review.analysis_finished, timeout=60_000):
            pass


def test_no_summary_at_the_end_of_the_game(table: Table) -> None:
    t = table
    finish_hand_one(t, Rules(max_hands=1))
    t.qtbot.waitUntil(lambda: open_dialog(t.window, "game_over") is not None, timeout=STEP_MS)
    assert t.controller.state.is_terminal
    assert not summary_shown(t.window)


# -- the chart -----------------------------------------------------------------------------
def _score(total: int) -> HandScore:
    return HandScore(contract=total, bags=0, nil=0, bag_penalty=0, total=total, bags_after=0,
                     made=total > 0)


# hand totals N–S 41, 60, −100 and E–W −268, −50, 130: running totals worked by hand
CHART_HISTORY = [TeamScores(_score(41), _score(-268)), TeamScores(_score(60), _score(-50)),
                 TeamScores(_score(-100), _score(130))]
CHART_RECORDS = [HandRecord(i + 1, Seat.EAST, (None, None, None, None), (None,) * 4, (),
                            (0, 0, 0, 0), score) for i, score in enumerate(CHART_HISTORY)]


def drawn_totals(chart: ScoreChart) -> tuple[list[int], list[int]]:
    """The running totals ``chart`` draws, (North–South, East–West), read from its
    accessible description: a line per team, "label: total, total, …" (none without a
    hand)."""
    lines = chart.accessibleDescription().splitlines()
    if not lines:
        return [], []
    split = [line.rpartition(": ") for line in lines]
    assert [label for label, _sep, _totals in split] == [team_label(Team.NS),
                                                         team_label(Team.EW)], lines
    ns, ew = ([int(v.replace(MINUS_SIGN, "-")) for v in totals.split(", ")]
              for _label, _sep, totals in split)
    return ns, ew


def test_chart_series_are_the_running_totals(qtbot) -> None:
    chart = ScoreChart()
    qtbot.addWidget(chart)
    chart.set_records(CHART_RECORDS, Rules())
    assert drawn_totals(chart) == ([41, 101, 1], [-268, -318, -188])
    assert chart.target == 500 and chart.floor == -200


@pytest.mark.parametrize(("rules", "target", "floor"), [
    (Rules(), 500, -200),
    (Rules(target_score=250, floor_score=None), 250, None),
    (Rules(target_score=1000, floor_score=-500), 1000, -500),
    (None, None, None),
])
def test_chart_target_and_floor_follow_the_rules(qtbot, rules, target, floor) -> None:
    dialog = ScoreSheetDialog()
    qtbot.addWidget(dialog)
    dialog.set_records(CHART_RECORDS, rules)
    chart = child(dialog, ScoreChart, "scoreChart")
    assert (chart.target, chart.floor) == (target, floor)
    assert drawn_totals(chart) == ([41, 101, 1], [-268, -318, -188])


def test_no_chart_before_the_first_hand(qtbot) -> None:
    dialog = ScoreSheetDialog()
    qtbot.addWidget(dialog)
    dialog.set_records([], Rules())
    dialog.show()
    chart = child(dialog, ScoreChart, "scoreChart")
    assert not chart.isVisible()
    assert drawn_totals(chart) == ([], [])
    dialog.set_records(CHART_RECORDS[:1], Rules())
    assert chart.isVisible()


# -- pictures ------------------------------------------------------------------------------
def _near(image: QImage, colour: QColor, tolerance: int = 40) -> int:
    """How many pixels (on a grid of every 2nd pixel) are close to ``colour``."""
    hits = 0
    for y in range(0, image.height(), 2):
        for x in range(0, image.width(), 2):
            c = image.pixelColor(x, y)
            if (abs(c.red() - colour.red()) + abs(c.green() - colour.green())
                    + abs(c.blue() - colour.blue())) < tolerance:
                hits += 1
    return hits


@pytest.mark.parametrize(("w", "h"), [(800, 600), (1600, 1000)])
def test_summary_picture_fits_and_is_legible(qtbot, make_window, tmp_path, w, h) -> None:
    _controller, window = make_window()
    window.resize(w, h)
    qtbot.waitUntil(lambda: window.width() == w and window.height() == h, timeout=STEP_MS)
    view = window.table
    scene = window.scene
    qtbot.waitUntil(lambda: scene.sceneRect().width() == view.viewport().width(),
                    timeout=STEP_MS)
    scene.show_hand_summary(worked_record(), TOTALS)
    assert scene.sceneRect().contains(scene.snapshot().summary.rect)
    image = view.viewport().grab().toImage()
    path = tmp_path / f"summary-{w}x{h}.png"
    assert image.save(str(path)) and path.stat().st_size > 0
    # the panel is drawn in the middle of the felt (dark, not green)
    centre = image.pixelColor(image.width() // 2, int(scene.snapshot().summary.rect.top()) + 6)
    assert centre.green() < 80
    # every letter is at least 12 view pixels tall (the view does not scale the scene)
    scale = view.transform().m22()
    assert scale == 1.0
    for font in scene.snapshot().summary.fonts:
        assert font.pixelSize() * scale >= 12
        assert QFontMetricsF(font).height() * scale >= 12
    if w == 800:
        # the window's 800 × 600 leaves about 800 × 550 for the table: body text 13–16 px
        assert 13 <= scene.snapshot().summary.fonts[2].pixelSize() <= 16


@pytest.mark.parametrize(("w", "h"), [(800, 600), (1600, 1000)])
def test_chart_picture(qtbot, tmp_path, w, h) -> None:
    dialog = ScoreSheetDialog()
    qtbot.addWidget(dialog)
    dialog.set_records(CHART_RECORDS, Rules())
    dialog.resize(w, h)
    dialog.show()
    qtbot.waitExposed(dialog)
    chart = child(dialog, ScoreChart, "scoreChart")
    assert chart.height() >= 140 and chart.width() >= 260
    image = chart.grab().toImage()
    path = tmp_path / f"chart-{w}x{h}.png"
    assert image.save(str(path)) and path.stat().st_size > 0
    # both teams' lines are drawn in their colours
    for team in Team:
        assert _near(image, TEAM_COLOURS[team]) > 20, team
    font = chart.label_font()
    assert font.pixelSize() >= 12 and QFontMetricsF(font).height() >= 12


def test_equal_scores_draw_both_teams_lines_apart(qtbot) -> None:
    """With the same running totals for both teams the lines coincide: both teams'
    colours still show inside the plotting area (neither line hides the other), and the
    two last totals at the lines' ends are written apart."""
    same = [TeamScores(_score(t), _score(t)) for t in (60, 51, -100, 82, 70, 63)]
    chart = ScoreChart()
    qtbot.addWidget(chart)
    chart.set_history(same, 500, -200)
    chart.resize(600, 220)
    image = QImage(chart.size(), QImage.Format.Format_ARGB32)
    image.fill(0)
    chart.render(image)
    plot = chart.plot_rect().toRect()
    inside = image.copy(plot)  # the lines only: no legend, no end labels
    hits = {team: _near(inside, TEAM_COLOURS[team]) for team in Team}
    assert min(hits.values()) > 40, hits
    assert min(hits.values()) * 3 > max(hits.values()), hits  # about as visible
    labels = chart.end_labels()
    assert [text for _box, text in labels.values()] == ["226", "226"]  # 60+51-100+82+70+63
    (ns_box, _), (ew_box, _) = labels[Team.NS], labels[Team.EW]
    assert not ns_box.intersects(ew_box)
    assert ns_box.top() < ew_box.top()  # North–South above on a tie
    for box in (ns_box, ew_box):
        assert QRectF(chart.rect()).contains(box) and not box.intersects(QRectF(plot))


def test_the_end_labels_follow_the_totals_and_stay_apart(qtbot) -> None:
    """Close totals: the higher total's label is above, the labels never overlap; far
    apart totals: each label is level with its line's end."""
    chart = ScoreChart()
    qtbot.addWidget(chart)
    chart.resize(500, 200)
    chart.set_history([TeamScores(_score(100), _score(103))])
    labels = chart.end_labels()
    assert labels[Team.EW][0].bottom() <= labels[Team.NS][0].top()
    chart.set_history([TeamScores(_score(400), _score(-150))])
    plot = chart.plot_rect()
    labels = chart.end_labels()
    ns, ew = labels[Team.NS][0], labels[Team.EW][0]
    # the axis: 0, 400 and -150 in steps of 200, from -200 (the plot's bottom) to 400
    per_point = plot.height() / 600
    assert abs(ns.center().y() - (plot.bottom() - 600 * per_point)) < 1
    assert abs(ew.center().y() - (plot.bottom() - 50 * per_point)) < 1
