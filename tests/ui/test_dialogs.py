"""Dialogs, bid panel and display terms (docs/rules.md §2, §4, §5, §7)."""

import os

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

import re  # noqa: E402
from pathlib import Path  # noqa: E402

import pytest  # noqa: E402
from PySide6.QtCore import QFile, QRectF, Qt, QTimer  # noqa: E402
from PySide6.QtGui import QColor, QImage, QPainter, QTextDocument  # noqa: E402
from PySide6.QtWidgets import (  # noqa: E402
    QApplication,
    QCheckBox,
    QComboBox,
    QDialog,
    QGraphicsScene,
    QLabel,
    QMessageBox,
    QPushButton,
    QRadioButton,
    QSlider,
    QSpinBox,
    QTableWidget,
)

from spades_desktop.engine import (  # noqa: E402
    DEFAULT_FLOOR_SCORE,
    DEFAULT_TARGET_SCORE,
    TARGET_CHOICES,
    Bid,
    EndReason,
    GameResult,
    HandScore,
    Rules,
    Seat,
    Suit,
    Team,
    apply_action,
    new_game,
    parse_card,
)
from spades_desktop.languages import LANGUAGE_NAMES, LANGUAGE_SETTINGS, SUPPORTED  # noqa: E402
from spades_desktop.levels import LEVELS, RANKING_POINTS  # noqa: E402
from spades_desktop.ui import i18n, texts  # noqa: E402
from spades_desktop.ui.bid_panel import BidPanel  # noqa: E402
from spades_desktop.ui.dialogs import (  # noqa: E402
    GAME_NUMBER_MAX,
    RULES_PAGE,
    GameOverDialog,
    NewGameDialog,
    NewGameOptions,
    RulesDialog,
    ScoreSheetDialog,
    ScoreSheetWidget,
    SettingsDialog,
    level_description,
    records_to_sheet,
    rules_page,
    show_about,
)

from .helpers import child  # noqa: E402

MINUS = "\u2212"
CJK = re.compile(r"[\u4e00-\u9fff]")
HELP = Path(__file__).resolve().parents[2] / "assets" / "help"


# --------------------------------------------------------------------------- bid panel


@pytest.fixture
def panel(qtbot):
    widget = BidPanel()
    qtbot.addWidget(widget)
    widget.show()
    return widget


def test_bid_panel_click_emits_bid(panel, qtbot):
    panel.set_options(None, "", False)
    with qtbot.waitSignal(panel.bid_chosen, timeout=1000) as blocker:
        qtbot.mouseClick(panel.button_for(3), Qt.MouseButton.LeftButton)
    assert blocker.args == [3, False]


def test_bid_panel_labels(panel):
    assert panel.button_for(0).text() == "Nil"
    assert [panel.button_for(n).text() for n in range(1, 14)] == [str(n) for n in range(1, 14)]


def test_bid_panel_marks_recommended_bid(panel):
    panel.set_options(4, "A\u2660 A\u2665 sure winners", False)
    assert panel.recommended() == 4
    assert panel.button_for(4).property("recommended") is True
    assert all(panel.button_for(n).property("recommended") is False
               for n in range(14) if n != 4)
    assert "A\u2660 A\u2665 sure winners" in panel.button_for(4).toolTip()
    assert "Recommended" in child(panel, QLabel, "advice").text()
    assert "A\u2660 A\u2665 sure winners" in child(panel, QLabel, "advice").text()

    panel.set_options(None, "", False)
    assert panel.recommended() is None
    assert panel.button_for(4).property("recommended") is False
    assert child(panel, QLabel, "advice").text() == ""


def test_bid_panel_rejects_bad_recommendation(panel):
    with pytest.raises(ValueError):
        panel.set_options(14, "", False)


def test_bid_panel_blind_nil_only_when_allowed(panel, qtbot):
    blind_nil = child(panel, QPushButton, "blindNil")
    panel.set_options(2, "two sure winners", False)
    assert not blind_nil.isVisibleTo(panel)
    panel.set_options(2, "two sure winners", True)
    assert blind_nil.isVisibleTo(panel)
    assert blind_nil.text() == "Blind Nil"
    with qtbot.waitSignal(panel.bid_chosen, timeout=1000) as blocker:
        qtbot.mouseClick(blind_nil, Qt.MouseButton.LeftButton)
    assert blocker.args == [0, True]


def test_bid_panel_keyboard(panel, qtbot):
    panel.set_options(None, "", False)
    panel.activateWindow()
    qtbot.keyClick(panel, Qt.Key.Key_1)
    qtbot.keyClick(panel, Qt.Key.Key_2)
    assert panel.focusWidget() is panel.button_for(12)
    qtbot.keyClick(panel, Qt.Key.Key_Left)
    assert panel.focusWidget() is panel.button_for(11)
    with qtbot.waitSignal(panel.bid_chosen, timeout=1000) as blocker:
        qtbot.keyClick(panel, Qt.Key.Key_Return)
    assert blocker.args == [11, False]
    qtbot.keyClick(panel, Qt.Key.Key_N)
    assert panel.focusWidget() is panel.button_for(0)


def test_enter_without_bid_advice_does_not_bid(panel, qtbot):
    """With bid advice off no bid is preselected: Enter does nothing until a bid is chosen
    (it used to bid Nil)."""
    panel.set_options(None, "", False)
    panel.activateWindow()
    panel.focus_recommended()
    assert panel.focusWidget() not in [panel.button_for(n) for n in range(14)]
    chosen: list[tuple[int, bool]] = []
    panel.bid_chosen.connect(lambda tricks, blind: chosen.append((tricks, blind)))
    qtbot.keyClick(panel, Qt.Key.Key_Return)
    qtbot.keyClick(panel, Qt.Key.Key_Enter)
    assert chosen == []
    qtbot.keyClick(panel, Qt.Key.Key_4)
    qtbot.keyClick(panel, Qt.Key.Key_Return)
    assert chosen == [(4, False)]
    # With advice on, Enter takes the recommended bid.
    panel.set_options(3, "", False)
    panel.focus_recommended()
    qtbot.keyClick(panel, Qt.Key.Key_Return)
    assert chosen[-1] == (3, False)


def test_bid_panel_paints_rounded_translucent_background(qtbot):
    """On the felt the corners show the table, the middle the dark panel."""
    panel = BidPanel()                      # owned by the scene's proxy from here on
    panel.set_options(5, "reason", True)
    scene = QGraphicsScene()
    scene.setBackgroundBrush(QColor("#2a7a4b"))
    proxy = scene.addWidget(panel)
    rect = proxy.sceneBoundingRect()
    scene.setSceneRect(rect)
    image = QImage(int(rect.width()), int(rect.height()), QImage.Format.Format_ARGB32)
    image.fill(0)
    painter = QPainter(image)
    scene.render(painter, QRectF(image.rect()), rect)
    painter.end()
    corner = image.pixelColor(1, 1)
    assert corner.green() > 100 and corner.red() < 80          # the felt
    middle = image.pixelColor(image.width() // 2, 4)
    assert middle.green() < 60                                  # the dark panel


# --------------------------------------------------------------------------- new game


def _new_game_dialog(qtbot, **overrides):
    kwargs = dict(levels=LEVELS, difficulty="normal", target_score=500, floor_enabled=True,
                  bag_penalty=True, blind_nil=False)
    kwargs.update(overrides)
    dialog = NewGameDialog(None, **kwargs)
    qtbot.addWidget(dialog)
    return dialog


def test_new_game_defaults(qtbot):
    dialog = _new_game_dialog(qtbot)
    assert dialog.findChild(QRadioButton, "targetStandard").isChecked()
    assert dialog.findChild(QRadioButton, "level_normal").isChecked()
    assert dialog.findChild(QRadioButton, "numberRandom").isChecked()
    options = dialog.options()
    assert options.rules == Rules()
    assert options.difficulty == "normal"
    assert 0 <= options.game_number <= GAME_NUMBER_MAX


def test_new_game_custom_target_floor_off(qtbot):
    dialog = _new_game_dialog(qtbot)
    dialog.findChild(QRadioButton, "targetCustom").setChecked(True)
    spin = dialog.findChild(QSpinBox, "customTarget")
    assert spin.isEnabled()
    spin.setValue(350)
    dialog.findChild(QCheckBox, "floor").setChecked(False)
    dialog.findChild(QCheckBox, "blindNil").setChecked(True)
    dialog.findChild(QRadioButton, "level_expert").setChecked(True)
    dialog.findChild(QRadioButton, "numberTyped").setChecked(True)
    dialog.findChild(QSpinBox, "gameNumber").setValue(123_456_789)
    dialog.accept()
    assert dialog.result() == QDialog.DialogCode.Accepted
    assert dialog.options() == NewGameOptions(
        rules=Rules(target_score=350, floor_score=None, bag_penalty=True, blind_nil=True),
        difficulty="expert",
        game_number=123_456_789,
    )


def test_new_game_preselects_from_arguments(qtbot):
    quick = _new_game_dialog(qtbot, target_score=250, difficulty="easy", bag_penalty=False,
                             floor_enabled=False, blind_nil=True)
    assert quick.findChild(QRadioButton, "targetQuick").isChecked()
    assert quick.options().rules == Rules(target_score=250, floor_score=None,
                                          bag_penalty=False, blind_nil=True)
    assert quick.options().difficulty == "easy"
    custom = _new_game_dialog(qtbot, target_score=750)
    assert custom.findChild(QRadioButton, "targetCustom").isChecked()
    assert custom.options().rules.target_score == 750


def test_new_game_custom_target_snaps_to_steps(qtbot):
    dialog = _new_game_dialog(qtbot)
    dialog.findChild(QRadioButton, "targetCustom").setChecked(True)
    dialog.findChild(QSpinBox, "customTarget").setValue(372)
    assert dialog.options().rules.target_score == 350


def test_choosing_custom_target_moves_the_focus_to_the_points_box(qtbot):
    dialog = _new_game_dialog(qtbot)
    dialog.show()
    qtbot.waitExposed(dialog)
    spin = dialog.findChild(QSpinBox, "customTarget")
    assert dialog.focusWidget() is not spin
    qtbot.mouseClick(dialog.findChild(QRadioButton, "targetCustom"), Qt.MouseButton.LeftButton)
    assert dialog.focusWidget() is spin
    # Typing now replaces the points, without a click in the box.
    qtbot.keyClicks(spin, "400")
    assert spin.value() == 400


def test_new_game_lists_only_given_levels(qtbot):
    dialog = _new_game_dialog(qtbot, levels=("easy", "normal"), difficulty="expert")
    assert dialog.findChild(QRadioButton, "level_expert") is None
    assert dialog.findChild(QRadioButton, "level_easy").text() == "Easy"
    assert dialog.options().difficulty == "easy"


def test_new_game_random_number_is_drawn_on_accept(qtbot):
    numbers = []
    for _ in range(2):
        dialog = _new_game_dialog(qtbot)
        dialog.accept()
        number = dialog.options().game_number
        assert dialog.options().game_number == number      # stable once drawn
        assert 0 <= number <= GAME_NUMBER_MAX
        numbers.append(number)
    assert numbers[0] != numbers[1]


# --------------------------------------------------------------------------- score sheet


def _hand(contract, bags, nil, penalty, bags_after, made):
    return HandScore(contract=contract, bags=bags, nil=nil, bag_penalty=penalty,
                     total=contract + bags + nil + penalty, bags_after=bags_after, made=made)


def _history():
    """Us: three hands of 11 bid, to 337 points and 7 bags; then docs/rules.md §4 [003]: bid 5,
    take 8 -> 290 points, 0 bags. Them: docs/rules.md §4 [000] failed Nil in hand 4."""
    return [
        {Team.NS: _hand(110, 2, 0, 0, 2, True), Team.EW: _hand(-20, 0, 0, 0, 0, False)},
        {Team.NS: _hand(110, 3, 0, 0, 5, True), Team.EW: _hand(20, 1, 100, 0, 1, True)},
        {Team.NS: _hand(110, 2, 0, 0, 7, True), Team.EW: _hand(0, 0, 100, 0, 1, None)},
        # [003]: 337 + 50 + 3 = 390 with 10 bags -> penalty: 290 with 0 bags.
        {Team.NS: _hand(50, 3, 0, -100, 0, True),
         # [000]: partner bids 5 and wins 4, the Nil bidder wins 2.
         Team.EW: _hand(-50, 2, -100, 0, 3, False)},
    ]


def test_score_sheet_cells(qtbot):
    sheet = ScoreSheetWidget()
    qtbot.addWidget(sheet)
    sheet.set_history(_history())
    assert sheet.hand_count() == 4
    running = [sheet.cell_text(Team.NS, "running", i) for i in range(4)]
    assert running == ["112", "225", "337", "290"]
    assert sheet.cell_text(Team.NS, "bag_count", 2) == "7"

    rows = {key: sheet.cell_text(Team.NS, key, 3) for key in
            ("contract", "bags", "nil", "bag_penalty", "total", "running", "bag_count")}
    assert rows == {"contract": "50", "bags": "3", "nil": "0",
                    "bag_penalty": f"{MINUS}100", "total": f"{MINUS}47",
                    "running": "290", "bag_count": "0"}

    failed_nil = {key: sheet.cell_text(Team.EW, key, 3) for key in
                  ("contract", "bags", "nil", "bag_penalty", "total", "bag_count")}
    assert failed_nil == {"contract": f"{MINUS}50", "bags": "2", "nil": f"{MINUS}100",
                          "bag_penalty": "0", "total": f"{MINUS}148", "bag_count": "3"}
    # Them: -20 + 121 + 100 - 148 = 53.
    assert sheet.cell_text(Team.EW, "running", 3) == "53"


def test_score_sheet_set_contract_is_red(qtbot):
    sheet = ScoreSheetWidget()
    qtbot.addWidget(sheet)
    sheet.set_history(_history(), [{Seat.SOUTH: (Bid(3), 4), Seat.NORTH: (Bid(8), 4),
                                    Seat.WEST: (Bid(0), 2), Seat.EAST: (Bid(5), 4)}] * 4)

    def color(team, key, hand):
        return sheet.cell_item(team, key, hand).foreground().color()

    set_bids = color(Team.EW, "bid", 3)  # Them: set in hand 4
    made_bids = color(Team.NS, "bid", 3)
    assert set_bids.red() > 150 and set_bids.green() < 100
    assert made_bids != set_bids
    points = color(Team.EW, "total", 3)  # -148
    assert points.red() > 150 and points.green() < 100
    assert sheet.cell_item(Team.EW, "total", 3).toolTip().startswith("Contract set\n")
    assert sheet.cell_item(Team.NS, "total", 3).toolTip().startswith("Contract made\n")


def test_score_sheet_has_one_row_per_hand_and_the_parts_of_the_current_one(qtbot):
    """A long game grows down: a row per hand, the same columns whatever the number of
    hands; the breakdown under the table follows the current row (the arrow keys)."""
    sheet = ScoreSheetWidget()
    qtbot.addWidget(sheet)
    table = child(sheet, QTableWidget, "scoreTable")
    sheet.set_history(_history()[:1])
    columns = table.columnCount()
    assert (table.rowCount(), columns) == (1, 7)  # Hand, then Points, Bags, Total per team
    sheet.set_history(_history() * 5)
    assert (table.rowCount(), table.columnCount()) == (20, columns)
    assert sheet.cell_text(Team.NS, "running", 19) == f"{5 * 290}"
    assert sheet.current_hand() == 19  # the last hand
    sheet.resize(600, 300)
    sheet.show()
    qtbot.waitExposed(sheet)
    table.setFocus()
    with qtbot.waitSignal(sheet.current_hand_changed) as moved:
        qtbot.keyClick(table, Qt.Key.Key_Up)
    assert moved.args == [18] and sheet.current_hand() == 18
    # hand 19 is the third of _history(): Us 110 + 2, Them a made Nil (+100)
    assert sheet.breakdown_text().splitlines() == [
        "Hand 19",
        "Us (N\u2013S): contract 110 · bags 2 · Nil 0 · bag penalty 0 = 112",
        "Them (E\u2013W): contract 0 · bags 0 · Nil 100 · bag penalty 0 = 100",
    ]
    assert sheet.cell_text(Team.EW, "nil", 18) == "100"


def test_score_sheet_bids_row_and_errors(qtbot, request):
    i18n.apply_language("en")  # English plural forms ("1 trick", "7 tricks")
    request.addfinalizer(i18n.remove_translators)
    sheet = ScoreSheetWidget()
    qtbot.addWidget(sheet)
    history = _history()[:1]
    sheet.set_history(history, [{Seat.SOUTH: (Bid(5), 7), Seat.NORTH: (Bid(0), 0),
                                 Seat.WEST: (Bid(2), 6), Seat.EAST: (Bid(0, blind=True), 0)}])
    assert sheet.cell_text(Team.NS, "bid", 0) == "5 \u00b7 Nil"
    assert sheet.cell_text(Team.NS, "tricks", 0) == "7 \u00b7 0"
    assert sheet.cell_text(Team.EW, "bid", 0) == "2 \u00b7 Blind Nil"
    assert sheet.cell_text(Team.EW, "tricks", 0) == "6 \u00b7 0"
    assert sheet.cell_item(Team.NS, "bid", 0).toolTip() == (
        "You: bid 5, won 7 tricks\nNorth (partner): bid Nil, won 0 tricks")
    # the headings of the two-number columns name the seats in the cells' order
    table = sheet.table()
    heads = {table.horizontalHeaderItem(c).text(): table.horizontalHeaderItem(c).toolTip()
             for c in range(table.columnCount())}
    assert heads["Us\nBid\nYou \u00b7 North"] == "Us (N\u2013S): You, then North (partner)"
    assert heads["Them\nTricks\nWest \u00b7 East"] == "Them (E\u2013W): West, then East"
    assert heads["Us\nPoints"] == "Us (N\u2013S)"
    with pytest.raises(IndexError):
        sheet.cell_text(Team.NS, "total", 1)
    with pytest.raises(KeyError):
        sheet.cell_text(Team.NS, "nope", 0)
    sheet.set_history([])
    assert sheet.hand_count() == 0


def test_score_sheet_dialog_shows_every_column(qtbot, request):
    """Once shown, and after more hands, the window is wide enough for every column of
    its table: no horizontal scroll bar while the screen has room."""
    i18n.apply_language("en")
    request.addfinalizer(i18n.remove_translators)
    bids = {Seat.SOUTH: (Bid(0, blind=True), 0), Seat.NORTH: (Bid(13), 13),
            Seat.WEST: (Bid(0, blind=True), 0), Seat.EAST: (Bid(10), 0)}
    dialog = ScoreSheetDialog(None, _history()[:1], [bids])
    qtbot.addWidget(dialog)
    dialog.show()
    qtbot.waitExposed(dialog)
    table = child(dialog, ScoreSheetWidget, "sheet").table()
    room = dialog.screen().availableGeometry()
    assert dialog.frameGeometry().width() <= room.width()
    qtbot.waitUntil(lambda: not table.horizontalScrollBar().isVisible())
    dialog.set_history(_history(), [bids] * len(_history()))
    qtbot.waitUntil(lambda: not table.horizontalScrollBar().isVisible())
    assert room.contains(dialog.frameGeometry())


def test_score_sheet_dialog(qtbot):
    dialog = ScoreSheetDialog(None, _history())
    qtbot.addWidget(dialog)
    assert child(dialog, ScoreSheetWidget, "sheet").cell_text(Team.NS, "total", 3) == f"{MINUS}47"


@pytest.mark.parametrize("way", ["button_key", "button_click", "enter", "double_click"])
def test_score_sheet_reviews_the_current_hand(qtbot, way):
    """The Review hand button, Enter in the table and a double click on a row ask for
    the review of that row's hand."""
    dialog = ScoreSheetDialog(None, _history())
    qtbot.addWidget(dialog)
    dialog.show()
    qtbot.waitExposed(dialog)
    table = child(dialog, QTableWidget, "scoreTable")
    table.setFocus()
    qtbot.keyClick(table, Qt.Key.Key_Up)
    qtbot.keyClick(table, Qt.Key.Key_Up)  # from hand 4 to hand 2
    with qtbot.waitSignal(dialog.review_requested, timeout=1000) as asked:
        button = child(dialog, QPushButton, "review_button")
        if way == "button_key":
            button.setFocus()  # as Tab would
            qtbot.keyClick(button, Qt.Key.Key_Space)
        elif way == "button_click":
            qtbot.mouseClick(button, Qt.MouseButton.LeftButton)
        elif way == "enter":
            qtbot.keyClick(table, Qt.Key.Key_Return)
        else:
            rect = table.visualRect(table.model().index(0, 3))
            for click in (qtbot.mouseClick, qtbot.mouseDClick):  # press, then double
                click(table.viewport(), Qt.MouseButton.LeftButton, pos=rect.center())
    assert asked.args == [0 if way == "double_click" else 1]
    assert dialog.isVisible()  # Enter did not close the window


# --------------------------------------------------------------------------- game over


@pytest.mark.parametrize(
    ("winner", "headline"),
    [(Team.NS, "You win!"), (Team.EW, "You lose."), (None, "Draw.")],
)
def test_game_over_headline(qtbot, winner, headline):
    scores = {Team.NS: (512, 430), Team.EW: (430, 512), None: (480, 480)}[winner]
    reason = EndReason.HAND_LIMIT if winner is None else EndReason.TARGET
    result = GameResult(winner=winner, scores=scores, hands_played=4, reason=reason)
    points = 30 if winner is Team.NS else 0
    dialog = GameOverDialog(None, result=result, human_team=Team.NS, ranking_points=points,
                            history=_history())
    qtbot.addWidget(dialog)
    assert child(dialog, QLabel, "headline").text() == headline
    scores_text = child(dialog, QLabel, "scores").text()
    assert str(scores[0]) in scores_text and str(scores[1]) in scores_text
    points_label = child(dialog, QLabel, "points")
    if points:
        assert not points_label.isHidden()
        assert points_label.text().startswith("+30 ranking point")
    else:
        assert points_label.isHidden()
    assert child(dialog, ScoreSheetWidget, "sheet").hand_count() == 4


def test_game_over_new_game_button(qtbot):
    result = GameResult(winner=Team.NS, scores=(512, 430), hands_played=4,
                        reason=EndReason.TARGET)
    dialog = GameOverDialog(None, result=result, human_team=Team.NS, ranking_points=100,
                            history=_history())
    qtbot.addWidget(dialog)
    dialog.show()
    with qtbot.waitSignal(dialog.new_game_requested, timeout=1000):
        qtbot.mouseClick(child(dialog, QPushButton, "new_game_button"),
                         Qt.MouseButton.LeftButton)
    assert dialog.result() == QDialog.DialogCode.Accepted


# --------------------------------------------------------------------------- settings


def test_settings_dialog_emits_changes(qtbot):
    dialog = SettingsDialog(None, animation_speed=1.0, show_bid_advice=True)
    qtbot.addWidget(dialog)
    assert dialog.values() == (1.0, True)
    slider = dialog.findChild(QSlider, "animationSpeed")
    with qtbot.waitSignal(dialog.changed, timeout=1000) as blocker:
        slider.setValue(0)
    assert blocker.args == [0.0, True]
    assert child(dialog, QLabel, "speedValue").text() == "Instant"
    with qtbot.waitSignal(dialog.changed, timeout=1000) as blocker:
        dialog.findChild(QCheckBox, "showBidAdvice").setChecked(False)
    assert blocker.args == [0.0, False]
    slider.setValue(25)
    assert dialog.values() == (2.5, False)


def test_settings_dialog_initial_values(qtbot):
    dialog = SettingsDialog(None, animation_speed=1.5, show_bid_advice=False)
    qtbot.addWidget(dialog)
    assert dialog.values() == (1.5, False)


@pytest.mark.parametrize("code", ["en", "zh_CN"])
def test_settings_dialog_at_its_smallest_shows_every_note_whole(qtbot, language, code):
    """A window manager may give the dialog its minimum size (an 800×600 screen): every
    wrapped note keeps the height of all its lines, in either language."""
    language(code)
    dialog = SettingsDialog(None, animation_speed=1.0, show_bid_advice=True)
    qtbot.addWidget(dialog)
    dialog.show()
    qtbot.waitExposed(dialog)
    dialog.resize(dialog.minimumSize())
    qtbot.wait(10)
    dialog.resize(dialog.minimumSize())  # the minimum once the notes hold their lines
    qtbot.wait(10)
    notes = [label for label in dialog.findChildren(QLabel)
             if label.wordWrap() and label.isVisible() and label.text()]
    assert len(notes) >= 4
    for label in notes:
        assert label.height() >= label.heightForWidth(label.width()), label.text()


# --------------------------------------------------------------------------- rules, about


def test_rules_dialog_explains_nil_and_bags(qtbot):
    dialog = RulesDialog(None)
    qtbot.addWidget(dialog)
    text = dialog.text()
    assert "Nil" in text and "Blind Nil" in text
    assert "bag" in text.lower()
    assert "148" in text                      # the failed-Nil example
    assert "spades are broken" in text.lower()


def _page_text(code: str) -> str:
    """The plain text of the page's source file, assets/help/rules_<code>.html."""
    document = QTextDocument()
    document.setHtml((HELP / f"rules_{code}.html").read_text(encoding="utf-8").rstrip())
    return document.toPlainText()


RULES_TITLES = {"en": ("Rules of Spades", "How to play Spades"),
                "zh_CN": ("黑桃规则", "黑桃怎么玩")}


@pytest.mark.parametrize("code", SUPPORTED)
def test_rules_window_shows_the_page_of_the_current_language(qtbot, language, code):
    language(code)
    dialog = RulesDialog(None)
    qtbot.addWidget(dialog)
    window_title, heading = RULES_TITLES[code]
    assert dialog.windowTitle() == window_title
    assert dialog.text().startswith(heading + "\n")
    assert dialog.text() == _page_text(code)   # the resource is the file in assets/help
    assert QFile.exists(RULES_PAGE.format(language=code))


def test_rules_window_follows_a_language_change(qtbot, language):
    language("en")
    dialog = RulesDialog(None)
    qtbot.addWidget(dialog)
    dialog.show()
    assert dialog.text() == _page_text("en")
    language("zh_CN")
    qtbot.waitUntil(lambda: dialog.windowTitle() == "黑桃规则", timeout=5000)
    assert dialog.text() == _page_text("zh_CN")
    assert "沙袋" in dialog.text() and "黑桃已破" in dialog.text()
    language("en")
    qtbot.waitUntil(lambda: dialog.windowTitle() == "Rules of Spades", timeout=5000)
    assert dialog.text() == _page_text("en")


def test_rules_page_falls_back_to_english():
    english = rules_page("en")
    assert "<h1>How to play Spades</h1>" in english
    assert rules_page("fr") == english
    assert "<h1>黑桃怎么玩</h1>" in rules_page("zh_CN")


# How each page states the game's figures; checked against the code's own values, so a
# change of the rules or the levels that leaves the pages behind fails here.
RULES_FIGURES = {
    "en": ("{points} on {level}", "has {floor} points or fewer",
           "({target} points unless you chose another)", "After {hands} hands"),
    "zh_CN": ("{level} {points} 分", "只剩 {floor} 分或更低", "否则是 {target} 分",
              "打满 {hands} 手"),
}


@pytest.mark.parametrize("code", SUPPORTED)
def test_rules_pages_state_the_games_figures(qtbot, language, code):
    language(code)
    dialog = RulesDialog(None)
    qtbot.addWidget(dialog)
    text = dialog.text()
    points, floor, target, hands = RULES_FIGURES[code]
    for level in LEVELS:
        assert points.format(points=RANKING_POINTS[level],
                             level=texts.difficulty_name(level)) in text, level
    assert floor.format(floor=texts.signed_number(DEFAULT_FLOOR_SCORE)) in text
    assert target.format(target=DEFAULT_TARGET_SCORE) in text
    assert hands.format(hands=Rules().max_hands) in text


def test_english_rules_state_the_ranking_points_of_spec():
    """docs/rules.md §7: Easy +10, Normal +30, Expert +100, Master +200 (written out by
    hand)."""
    assert "10 on Easy, 30 on Normal, 100 on Expert and 200 on Master" in _page_text("en")


# --------------------------------------------------------------------------- lists with one home


def test_every_level_has_a_name_and_a_description(qtbot, language):
    """The interface names and describes every level of spades_desktop.levels: in
    Chinese a missing one would show the English key or nothing."""
    language("zh_CN")
    dialog = _new_game_dialog(qtbot)
    for level in LEVELS:
        button = dialog.findChild(QRadioButton, f"level_{level}")
        assert button.text() == texts.difficulty_name(level)
        assert CJK.search(button.text()), level
        assert button.toolTip() == level_description(level)
        assert CJK.search(button.toolTip()), level
    names = [texts.difficulty_name(level) for level in LEVELS]
    assert len(set(names)) == len(LEVELS)
    language("en")
    assert [texts.difficulty_name(level) for level in LEVELS] == [
        "Easy", "Normal", "Expert", "Master"]
    assert all(level_description(level) for level in LEVELS)


def test_settings_dialog_offers_every_language(qtbot, language):
    language("en")
    dialog = SettingsDialog(None, animation_speed=1.0, show_bid_advice=True)
    qtbot.addWidget(dialog)
    combo = dialog.findChild(QComboBox, "language")
    assert [combo.itemData(i) for i in range(combo.count())] == list(LANGUAGE_SETTINGS)
    assert [combo.itemText(i) for i in range(combo.count())] == [
        "System language", "English", "简体中文"]
    assert [combo.itemText(i) for i in range(1, combo.count())] == [
        LANGUAGE_NAMES[code] for code in SUPPORTED]


def test_new_game_dialog_takes_target_range_and_floor_from_the_rules(qtbot):
    dialog = _new_game_dialog(qtbot)
    spin = dialog.findChild(QSpinBox, "customTarget")
    assert (spin.minimum(), spin.maximum()) == (TARGET_CHOICES[0], TARGET_CHOICES[-1])
    assert spin.singleStep() == TARGET_CHOICES[1] - TARGET_CHOICES[0]
    # docs/rules.md §5: a custom target from 100 to 1000 in steps of 50
    assert (spin.minimum(), spin.maximum(), spin.singleStep()) == (100, 1000, 50)
    floor = dialog.findChild(QCheckBox, "floor")
    assert floor.text() == f"End the game when a team falls to {MINUS}200 points or below"
    assert dialog.options().rules.floor_score == DEFAULT_FLOOR_SCORE
    assert dialog.findChild(QRadioButton, "targetStandard").text() == (
        f"Standard: {DEFAULT_TARGET_SCORE} points")


def test_about_box(qtbot):
    seen = []

    def close_box():
        for widget in QApplication.topLevelWidgets():
            if isinstance(widget, QMessageBox) and widget.isVisible():
                seen.append(widget.text())
                widget.accept()

    QTimer.singleShot(50, close_box)
    show_about(None, "1.2.3")
    assert seen and "1.2.3" in seen[0] and "Spades Desktop" in seen[0]


# --------------------------------------------------------------------------- terms


def test_terms():
    assert texts.seat_name(Seat.SOUTH) == "You"
    assert texts.seat_name(Seat.NORTH) == "North (partner)"
    assert texts.team_name(Team.NS) == "Us" and texts.team_name(Team.EW) == "Them"
    assert texts.difficulty_name("expert") == "Expert"
    assert texts.bid_text(Bid(0)) == "Nil"
    assert texts.bid_text(Bid(0, blind=True)) == "Blind Nil"
    assert texts.bid_text(Bid(4)) == "4"
    assert texts.suit_name(Suit.CLUBS) == "Clubs"
    assert texts.signed_number(-47) == f"{MINUS}47"
    assert texts.signed_number(0) == "0"


# --------------------------------------------------------------------------- look


def test_every_dialog_renders(qtbot, tmp_path):
    """Each dialog grabs to a non-empty image offscreen (the images were also
    looked at by eye while building them)."""
    result = GameResult(winner=Team.NS, scores=(512, 430), hands_played=4,
                        reason=EndReason.TARGET)
    widgets = {
        "new_game": _new_game_dialog(qtbot),
        "score_sheet": ScoreSheetDialog(None, _history()),
        "game_over": GameOverDialog(None, result=result, human_team=Team.NS,
                                    ranking_points=30, history=_history()),
        "settings": SettingsDialog(None, animation_speed=1.0, show_bid_advice=True),
        "rules": RulesDialog(None),
    }
    for name, widget in widgets.items():
        qtbot.addWidget(widget)
        widget.show()
        pixmap = widget.grab()
        assert not pixmap.isNull() and pixmap.width() > 200, name
        assert pixmap.save(str(tmp_path / f"{name}.png")), name


def test_return_in_the_new_game_dialog_starts_the_game(qtbot) -> None:
    """Return (the default button) accepts the dialog; it must not hit Cancel."""
    from PySide6.QtCore import Qt as _Qt

    dialog = NewGameDialog(None, levels=("easy", "normal"), difficulty="normal",
                           target_score=500, floor_enabled=True, bag_penalty=True,
                           blind_nil=False)
    qtbot.addWidget(dialog)
    dialog.show()
    qtbot.waitExposed(dialog)
    with qtbot.waitSignal(dialog.accepted, timeout=2000):
        qtbot.keyClick(dialog.focusWidget() or dialog, _Qt.Key.Key_Return)
    assert dialog.result() == dialog.DialogCode.Accepted


def test_score_sheet_from_the_engines_hand_records(qtbot):
    """A hand played through the engine: South holds every spade and bids 13, West every
    heart (bids 1), North every diamond (Nil), East every club (bids 1). South wins all
    13 tricks: N-S 130 + Nil 100 = 230; E-W set, -20 (docs/rules.md §4)."""
    suits = {Seat.SOUTH: "S", Seat.WEST: "H", Seat.NORTH: "D", Seat.EAST: "C"}
    deal = {seat: [parse_card(r + s) for r in "23456789TJQKA"] for seat, s in suits.items()}
    state = new_game(Rules(), 3, deal)
    for bid in (Bid(13), Bid(1), Bid(0), Bid(1)):
        state = apply_action(state, bid)
    for rank in "23456789TJQKA":
        for suit in "SHDC":
            state = apply_action(state, parse_card(rank + suit))
    sheet = ScoreSheetWidget()
    qtbot.addWidget(sheet)
    sheet.set_records(state.hand_records)
    assert sheet.hand_count() == 1
    assert sheet.cell_text(Team.NS, "bid", 0) == "13 \u00b7 Nil"
    assert sheet.cell_text(Team.NS, "tricks", 0) == "13 \u00b7 0"
    assert sheet.cell_text(Team.EW, "bid", 0) == "1 \u00b7 1"
    assert sheet.cell_text(Team.EW, "tricks", 0) == "0 \u00b7 0"
    assert sheet.cell_text(Team.NS, "total", 0) == "230"
    assert sheet.cell_text(Team.EW, "total", 0) == "\u221220"
    with pytest.raises(ValueError):
        records_to_sheet([state.hand_record])  # the next hand is not finished


def test_a_custom_target_between_steps_is_rounded_visibly_before_the_game(qtbot):
    """325 is no target (steps of 50): Start game rounds it to 350 (halfway goes up),
    says so under the box and stays open; Start game again plays to 350."""
    dialog = _new_game_dialog(qtbot)
    dialog.show()
    qtbot.waitExposed(dialog)
    dialog.findChild(QRadioButton, "targetCustom").setChecked(True)
    spin = dialog.findChild(QSpinBox, "customTarget")
    spin.lineEdit().selectAll()
    qtbot.keyClicks(spin, "325")
    assert spin.value() == 325
    note = dialog.findChild(QLabel, "targetNote")
    assert not note.isVisible()
    dialog.accept()
    assert dialog.result() != QDialog.DialogCode.Accepted and dialog.isVisible()
    assert spin.value() == 350
    assert note.isVisible()
    assert note.text() == ("Targets go in steps of 50 points: 325 was rounded to 350. "
                           "Choose Start game again to play to 350.")
    dialog.accept()
    assert dialog.result() == QDialog.DialogCode.Accepted
    assert dialog.options().rules.target_score == 350


def test_a_target_on_a_step_starts_at_once_and_says_nothing(qtbot):
    dialog = _new_game_dialog(qtbot)
    dialog.findChild(QRadioButton, "targetCustom").setChecked(True)
    dialog.findChild(QSpinBox, "customTarget").setValue(400)
    dialog.accept()
    assert dialog.result() == QDialog.DialogCode.Accepted
    assert not dialog.findChild(QLabel, "targetNote").isVisible()
    assert dialog.options().rules.target_score == 400
