"""Switching the language at run time: the open main window, the bid panel on the
table, the score sheet and open dialogs change language at once, without a restart,
and change back (docs/rules.md §7: the language applies at once)."""

from __future__ import annotations

import os

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

import re  # noqa: E402
from collections.abc import Iterator  # noqa: E402

import pytest  # noqa: E402
from PySide6.QtGui import QAction  # noqa: E402
from PySide6.QtWidgets import (  # noqa: E402
    QComboBox,
    QDialogButtonBox,
    QLabel,
    QPushButton,
    QTableWidget,
)

import spades_desktop.rc_resources  # noqa: E402, F401  (registers :/assets)
from spades_desktop.engine import (  # noqa: E402
    HandScore,
    Refusal,
    RuleCode,
    Rules,
    Seat,
    Suit,
    Team,
)
from spades_desktop.persistence import load_settings  # noqa: E402
from spades_desktop.ui import i18n  # noqa: E402
from spades_desktop.ui.dialogs import (  # noqa: E402
    NewGameDialog,
    ScoreSheetDialog,
    SettingsDialog,
)
from spades_desktop.ui.main_window import MainWindow  # noqa: E402
from spades_desktop.ui.window_dialogs import open_dialog  # noqa: E402

from .helpers import child, click_card  # noqa: E402

CJK = re.compile(r"[\u4e00-\u9fff]")
TIMEOUT_MS = 20_000


@pytest.fixture
def window(make_window, monkeypatch) -> Iterator[MainWindow]:
    """A window in English (``make_window`` from conftest.py)."""
    # The texts are compared, not drawn: no CJK font is needed for this test.
    monkeypatch.setattr(i18n, "has_cjk_font", lambda: True)
    i18n.apply_language("en")
    _controller, win = make_window(language="en")
    yield win
    i18n.remove_translators()


def bid_panel_shown(win: MainWindow) -> bool:
    proxy = win.scene.bid_panel.window().graphicsProxyWidget()
    return proxy is not None and proxy.isVisible()


def headings(sheet: ScoreSheetDialog) -> list[str]:
    """The column headings of ``sheet``'s score table (``scoreTable``) as shown: the hand
    number's, then per team its name over each column's."""
    table = child(sheet, QTableWidget, "scoreTable")
    return [table.horizontalHeaderItem(c).text() for c in range(table.columnCount())]


def snapshot(win: MainWindow, sheet: ScoreSheetDialog, settings: SettingsDialog,
             new_game: NewGameDialog, history_sheet: ScoreSheetDialog) -> dict[str, str]:
    """Every visible text the test follows, by name."""
    panel = win.scene.bid_panel
    shot = win.scene.snapshot()
    score, info = shot.score_panel, shot.info_panel
    columns = headings(history_sheet)
    live_columns = headings(sheet)
    cancel = new_game.findChild(QDialogButtonBox).button(QDialogButtonBox.StandardButton.Cancel)
    return {
        "title": win.windowTitle(),
        "game menu": win.menuBar().actions()[0].text(),
        "new action": win.action("new").text(),
        "language action": win.findChild(QAction, "language_system").text(),
        "status": win.status.text(),
        "south plate": win.scene.snapshot().plates[Seat.SOUTH].text,
        "north plate": win.scene.snapshot().plates[Seat.NORTH].text,
        "score panel": score,
        "info panel": info,
        "play button": win.scene.play_button.text(),
        "bid title": child(panel, QLabel, "title").text(),
        "bid hint": child(panel, QLabel, "hint").text(),
        "bid advice": child(panel, QLabel, "advice").text(),
        "bid 3 name": panel.button_for(3).accessibleName(),
        "sheet title": sheet.windowTitle(),
        "sheet column": live_columns[1],
        "history column": columns[0],
        "history team": columns[1],
        "settings title": settings.windowTitle(),
        "new game title": new_game.windowTitle(),
        "start button": new_game.findChild(QPushButton, "startGame").text(),
        "cancel button": cancel.text(),
    }


def test_language_switches_live_and_back(qtbot, window, paths) -> None:
    win = window
    controller = win.controller
    controller.start_new_game(Rules(), 2024, "normal")
    # East deals the first hand: South bids first, the bid panel is on the table
    qtbot.waitUntil(lambda: bid_panel_shown(win), timeout=TIMEOUT_MS)
    assert win.scene.bid_panel.recommended() is not None

    win.dialogs.show_score_sheet()
    sheet = open_dialog(win, "score_sheet")
    assert isinstance(sheet, ScoreSheetDialog)
    win.dialogs.show_settings()
    settings = win.findChild(SettingsDialog)
    assert settings is not None
    new_game = NewGameDialog(win, levels=("easy", "normal"), difficulty="normal",
                             target_score=500, floor_enabled=True, bag_penalty=True,
                             blind_nil=False)
    # a sheet with a scored hand, so it has one row
    score = HandScore(contract=50, bags=1, nil=0, bag_penalty=0, total=51, bags_after=1,
                      made=True)
    history_sheet = ScoreSheetDialog(win, history=[{Team.NS: score, Team.EW: score}])
    for dialog in (new_game, history_sheet):
        qtbot.addWidget(dialog)
        dialog.show()

    english = snapshot(win, sheet, settings, new_game, history_sheet)
    assert english["game menu"] == "&Game"
    assert english["bid title"] == "Your bid"
    assert english["bid 3 name"] == "Bid 3 tricks"
    # the live sheet shows each player's bid, the heading naming whose is which
    assert english["sheet column"] == "Us\nBid\nYou \u00b7 North"
    assert english["history column"] == "Hand"
    assert english["history team"] == "Us\nPoints"
    assert english["start button"] == "Start game"
    assert english["status"] == "Your turn: make your bid."
    assert "bags)" in english["score panel"]

    # Switch with the combo box of the open settings dialog, as a player would.
    combo = settings.findChild(QComboBox, "language")
    combo.setCurrentIndex(combo.findData("zh_CN"))
    qtbot.waitUntil(lambda: win.windowTitle() == "黑桃纸牌", timeout=TIMEOUT_MS)
    qtbot.waitUntil(lambda: new_game.windowTitle() == "新牌局", timeout=TIMEOUT_MS)

    chinese = snapshot(win, sheet, settings, new_game, history_sheet)
    for key, text in chinese.items():
        assert text != english[key], f"{key} did not change: {text!r}"
        assert CJK.search(text), f"{key} is not Chinese: {text!r}"
    assert chinese["game menu"] == "游戏(&G)"
    assert chinese["status"] == "轮到你：请叫墩。"
    assert chinese["south plate"] == "你\n叫墩：\u2014"
    assert chinese["north plate"].startswith("北家（搭档）")
    assert "0 个沙袋" in chinese["score panel"]
    assert chinese["info panel"].startswith("局号 2024\n第 1 手\n黑桃未破")
    assert chinese["bid title"] == "你的叫墩"
    assert chinese["bid advice"].startswith("\u2605 推荐：")
    assert chinese["bid 3 name"] == "叫 3 墩"
    assert chinese["sheet column"] == "我方\n叫墩\n你 \u00b7 北家"
    assert chinese["history column"] == "手"
    assert chinese["history team"] == "我方\n得分"
    assert chinese["start button"] == "开始牌局"
    assert chinese["cancel button"] == "取消"
    assert load_settings(paths)[0].language == "zh_CN"
    assert win.findChild(QAction, "language_zh_CN").isChecked()

    # Back to English from the menu.
    win.findChild(QAction, "language_en").trigger()
    qtbot.waitUntil(lambda: win.windowTitle() == "Spades Desktop", timeout=TIMEOUT_MS)
    qtbot.waitUntil(lambda: new_game.windowTitle() == "New Game", timeout=TIMEOUT_MS)
    assert snapshot(win, sheet, settings, new_game, history_sheet) == english
    assert load_settings(paths)[0].language == "en"
    assert settings.language() == "zh_CN"  # the dialog's own choice is not echoed back


def test_status_messages_follow_the_language(qtbot, window) -> None:
    """A rule message from the engine and the table's prompts are shown in the current
    language and change with it."""
    win = window
    win.controller.start_new_game(Rules(), 2024, "normal")
    qtbot.waitUntil(lambda: bid_panel_shown(win), timeout=TIMEOUT_MS)
    card = next(iter(win.scene.snapshot().hand))
    click_card(qtbot, win, card)  # bidding is not finished
    assert win.status.text() == "Bidding is not finished: make your bid first."
    win.set_language("zh_CN")
    qtbot.waitUntil(lambda: win.status.text() == "叫墩尚未结束：请先叫墩。", timeout=TIMEOUT_MS)
    win.controller.action_rejected.emit(Refusal(RuleCode.MUST_FOLLOW, suit=Suit.HEARTS))
    assert win.status.text() == "必须跟红心。"
    win.set_language("en")
    qtbot.waitUntil(lambda: win.status.text() == "You must follow hearts.",
                    timeout=TIMEOUT_MS)
