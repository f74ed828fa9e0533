"""Sizes, scales and looks: legible table text at the smallest window, dialogs centred
over the main window, full screen, the felt colour and the card back."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QPointF, QRect, Qt
from PySide6.QtGui import (
    QColor,
    QFontInfo,
    QImage,
    QKeySequence,
    QPainter,
    QScreen,
    QTextCursor,
    QTextFrame,
    QTextTable,
    QTextTableCell,
)
from PySide6.QtWidgets import (
    QApplication,
    QComboBox,
    QLabel,
    QMessageBox,
    QPushButton,
    QTextBrowser,
)

import spades_desktop.rc_resources  # noqa: F401  (registers :/assets)
from spades_desktop.controller import GameController
from spades_desktop.engine import Phase, Rules, Seat, parse_card
from spades_desktop.engine.record import TrickRecord
from spades_desktop.looks import CARD_BACKS, FELTS
from spades_desktop.persistence import Settings, load_settings, save_settings
from spades_desktop.ui import i18n
from spades_desktop.ui.dialogs import NewGameDialog, RulesDialog, SettingsDialog
from spades_desktop.ui.dialogs.shortcuts import ShortcutsDialog, menu_shortcuts, table_keys
from spades_desktop.ui.main_window import MainWindow
from spades_desktop.ui.table.card_item import CardItem

from .helpers import child, click_embedded

MIN_PX = 12


def _bid_panel_window(qtbot, make_window, width: int = 800, height: int = 600):
    controller, window = make_window()
    window.resize(width, height)
    controller.start_new_game(Rules(), 12, "easy")  # South bids first
    qtbot.waitUntil(lambda: window.scene.bid_panel.isVisible(), timeout=10_000)
    return controller, window


def _view_scale(window: MainWindow) -> float:
    t = window.table.transform()
    return min(abs(t.m11()), abs(t.m22()))


# -- legible text ------------------------------------------------------------------------
def test_every_table_text_is_at_least_12_px_at_800_by_600(qtbot, make_window) -> None:
    _controller, window = _bid_panel_window(qtbot, make_window)
    scale = _view_scale(window)
    texts = window.scene.snapshot().texts
    assert len([t for t in texts if t.kind in ("plate", "panel")]) == 6  # + score, game box
    for text in texts:
        for font in text.fonts:
            assert font.pixelSize() * scale * text.scale >= MIN_PX, text.text
    panel = window.scene.bid_panel
    proxy = panel.graphicsProxyWidget()
    assert proxy is not None and proxy.isVisible()
    widgets = panel.findChildren(QLabel) + panel.findChildren(QPushButton)
    shown = [w for w in widgets if w.isVisible()]
    advice = child(panel, QLabel, "advice")
    assert advice in shown and advice.text()  # the bid reason is on the table
    for widget in shown:  # the bid reason included
        height = QFontInfo(widget.font()).pixelSize() * proxy.scale() * scale
        assert height >= MIN_PX, (widget.objectName(), widget.text(), height)
    # re-flowed, not shrunk: South's cards stay in sight under the panel
    top_of_hand = min(i.rect.top() for i in window.scene.snapshot().hand.values())
    assert proxy.sceneBoundingRect().bottom() <= top_of_hand
    assert window.scene.sceneRect().contains(proxy.sceneBoundingRect())


def test_panels_are_sized_from_their_text(qtbot, make_window) -> None:
    """Every line of the game box fits inside it with its margin (the Contracts line
    was clipped in Chinese)."""
    from PySide6.QtGui import QFontMetricsF

    _controller, window = _bid_panel_window(qtbot, make_window)
    panels = [t for t in window.scene.snapshot().texts if t.kind in ("plate", "panel", "hint")]
    assert len(panels) == 7  # the four plates, the score, the game box, the hint bubble
    for item in panels:
        if not item.visible:
            continue  # a hidden panel (the hint bubble before a hint) shows nothing
        title, *lines = item.text.split("\n")
        fm_title, fm_line = (QFontMetricsF(f) for f in item.fonts)
        room = item.text_rect.width() - 2 * 0.55 * MIN_PX
        assert fm_title.horizontalAdvance(title) <= room + 0.5, title
        for line in lines:
            assert fm_line.horizontalAdvance(line) <= room + 0.5, line


def test_the_play_button_takes_the_new_texts_width(qtbot, make_window, monkeypatch) -> None:
    monkeypatch.setattr(i18n, "has_cjk_font", lambda: True)
    _controller, window = make_window()
    button = window.scene.play_button
    proxy = button.graphicsProxyWidget()
    try:
        for language in ("zh_CN", "en"):
            window.set_language(language)
            assert proxy.size().width() == button.sizeHint().width(), language
    finally:
        i18n.apply_language("en")
        i18n.remove_translators()


def test_a_chosen_bid_leaves_no_hover_look(qtbot, make_window) -> None:
    _controller, window = _bid_panel_window(qtbot, make_window, 1100, 800)
    button = window.scene.bid_panel.button_for(3)
    button.setAttribute(Qt.WidgetAttribute.WA_UnderMouse, True)  # the pointer is on it
    click_embedded(qtbot, window, button)
    qtbot.waitUntil(lambda: not window.scene.bid_panel.isVisible(), timeout=10_000)
    assert not button.testAttribute(Qt.WidgetAttribute.WA_UnderMouse)
    assert not button.isDown()


# -- dialogs centred -------------------------------------------------------------------------
def _assert_centred(window: MainWindow, dialog) -> None:
    a, b = dialog.frameGeometry().center(), window.frameGeometry().center()
    assert abs(a.x() - b.x()) <= 3 and abs(a.y() - b.y()) <= 3, (a, b)


def test_dialogs_open_centred_over_the_main_window(qtbot, make_window) -> None:
    _controller, window = make_window()
    window.resize(760, 560)
    window.move(20, 120)  # the offscreen screen is 800×800: every dialog fits around it
    opened = {
        "new": NewGameDialog, "settings": SettingsDialog, "rules": RulesDialog,
        "shortcuts": ShortcutsDialog,
    }
    for key, kind in opened.items():
        window.action(key).trigger()
        dialog = window.findChild(kind)
        assert dialog is not None and dialog.isVisible(), key
        _assert_centred(window, dialog)
        dialog.close()
        qtbot.waitUntil(lambda kind=kind: window.findChild(kind) is None, timeout=5_000)


def test_the_about_box_opens_centred(qtbot, make_window) -> None:
    _controller, window = make_window()
    window.move(10, 40)
    seen = []

    def check() -> None:
        box = QApplication.activeModalWidget()
        if isinstance(box, QMessageBox) and box.isVisible():
            a, b = box.frameGeometry().center(), window.frameGeometry().center()
            seen.append((abs(a.x() - b.x()), abs(a.y() - b.y())))
            box.accept()
        else:
            from PySide6.QtCore import QTimer
            QTimer.singleShot(10, check)

    from PySide6.QtCore import QTimer
    QTimer.singleShot(0, check)
    window.action("about").trigger()
    assert seen and max(seen[0]) <= 3


def test_the_rules_window_fits_the_screen(qtbot, make_window) -> None:
    _controller, window = make_window()
    window.action("rules").trigger()
    dialog = window.findChild(RulesDialog)
    room = dialog.screen().availableGeometry()
    assert dialog.frameGeometry().height() <= room.height()
    assert room.contains(dialog.frameGeometry())


# -- full screen -----------------------------------------------------------------------------
def test_f11_toggles_full_screen_and_esc_leaves_it(qtbot, make_window) -> None:
    _controller, window = make_window()
    action = window.action("fullscreen")
    assert action.shortcut() == QKeySequence(Qt.Key.Key_F11) and action.isCheckable()
    assert action in window.menuBar().actions()[1].menu().actions()  # View ▸ Full screen
    action.trigger()
    assert window.fullscreen and window.windowState() & Qt.WindowState.WindowFullScreen
    assert action.isChecked()
    qtbot.keyClick(window, Qt.Key.Key_Escape)
    assert not window.fullscreen and not action.isChecked()
    action.trigger()
    action.trigger()
    assert not window.fullscreen


def test_full_screen_is_saved_and_restored(qtbot, paths) -> None:
    controller = GameController(paths)
    window = MainWindow(controller, Settings(animation_speed=0.0), paths)
    qtbot.addWidget(window)
    window.show()
    window.action("fullscreen").trigger()
    window.close()
    saved, notice = load_settings(paths)
    assert notice is None and saved.fullscreen and saved.window_geometry
    again = MainWindow(GameController(paths), saved, paths)
    qtbot.addWidget(again)
    assert again.fullscreen and again.action("fullscreen").isChecked()
    again.controller.shutdown()
    normal = MainWindow(GameController(paths), saved.replace(fullscreen=False), paths)
    qtbot.addWidget(normal)
    assert not normal.fullscreen
    normal.controller.shutdown()


# -- felt and card back ------------------------------------------------------------------------
def test_looks_settings_round_trip_and_validation(paths) -> None:
    assert len(FELTS) >= 3 and len(CARD_BACKS) >= 3
    assert Settings().felt == "green" and Settings().card_back == "blue"
    assert not Settings().fullscreen
    chosen = Settings(felt="burgundy", card_back="red", fullscreen=True)
    save_settings(paths, chosen)
    loaded, notice = load_settings(paths)
    assert notice is None and loaded == chosen
    assert Settings.from_dict({"felt": "pink", "card_back": 3, "fullscreen": "yes"}) == Settings()
    for bad in ({"felt": "pink"}, {"card_back": "plaid"}, {"fullscreen": 1}):
        try:
            Settings(**bad)
        except ValueError as exc:
            assert next(iter(bad)) in str(exc)
        else:
            raise AssertionError(bad)


def _render(window: MainWindow) -> QImage:
    scene = window.scene
    rect = scene.sceneRect()
    image = QImage(int(rect.width()), int(rect.height()), QImage.Format.Format_ARGB32)
    image.fill(QColor("black"))
    painter = QPainter(image)
    scene.render(painter, rect, rect)
    painter.end()
    return image


def _top_back(window: MainWindow) -> tuple[CardItem, QPointF]:
    """A back on the table and a point (scene) inside its medallion where it is on top."""
    scene = window.scene
    for item in scene.items():
        if isinstance(item, CardItem) and not item.face_up:
            rect = item.boundingRect().adjusted(3, 3, -3, -3)
            point = item.mapToScene(QPointF(rect.width() * 0.4, rect.height() * 0.5))
            if scene.itemAt(point, window.table.transform()) is item:
                return item, point
    raise AssertionError("no back in sight")


def test_felt_and_back_chosen_in_settings_repaint_at_once(qtbot, make_window) -> None:
    controller, window = make_window()
    controller.start_new_game(Rules(), 12, "easy")
    qtbot.waitUntil(lambda: window.scene.bid_panel.isVisible(), timeout=10_000)
    window.action("settings").trigger()
    dialog = window.findChild(SettingsDialog)
    felt_box = dialog.findChild(QComboBox, "felt")
    back_box = dialog.findChild(QComboBox, "cardBack")
    g = window.scene.geometry
    felt_point = (round(g.width * 0.5), round(g.margin * 0.5))  # above North's hand
    _item, back_point = _top_back(window)
    image = _render(window)
    felt, back = image.pixelColor(*felt_point), image.pixelColor(back_point.toPoint())
    assert felt.green() > felt.red() + 20  # green felt
    assert back.blue() > back.red() + 40  # blue back

    felt_box.setCurrentIndex(felt_box.findData("burgundy"))
    back_box.setCurrentIndex(back_box.findData("red"))
    shot = window.scene.snapshot()
    assert (shot.felt, shot.card_back) == ("burgundy", "red")
    assert window.settings.felt == "burgundy" and window.settings.card_back == "red"
    image = _render(window)
    felt, back = image.pixelColor(*felt_point), image.pixelColor(back_point.toPoint())
    assert felt.red() > felt.green() + 20  # burgundy felt
    assert back.red() > back.blue() + 40  # red back

    dialog.close()  # closing saves the settings
    saved, _notice = load_settings(window.paths)
    assert (saved.felt, saved.card_back) == ("burgundy", "red")


def test_deck_card_size_and_contrast_chosen_in_settings_apply_at_once(
        qtbot, make_window) -> None:
    """The four-colour deck, the card size and the high-contrast look (docs/rules.md
    §7): the table changes as each is switched, the settings are saved on closing."""
    from PySide6.QtWidgets import QCheckBox

    from spades_desktop.looks import HIGH_CONTRAST

    controller, window = make_window()
    window.resize(1600, 1000)
    controller.start_new_game(Rules(), 12, "easy")
    qtbot.waitUntil(lambda: window.scene.bid_panel.isVisible(), timeout=10_000)
    height = next(iter(window.scene.snapshot().hand.values())).size[1]
    window.action("settings").trigger()
    dialog = window.findChild(SettingsDialog)
    dialog.findChild(QCheckBox, "fourColourDeck").setChecked(True)
    size_box = dialog.findChild(QComboBox, "cardSize")
    size_box.setCurrentIndex(size_box.findData("large"))
    dialog.findChild(QCheckBox, "highContrast").setChecked(True)
    shot = window.scene.snapshot()
    assert (shot.four_colour, shot.card_size, shot.high_contrast) == (True, "large", True)
    assert shot.felt_colours == HIGH_CONTRAST.felt
    assert shot.card_size_shown == "large"
    assert next(iter(shot.hand.values())).size[1] > height * 1.1  # South's cards grew
    dialog.close()
    saved, _notice = load_settings(window.paths)
    assert (saved.four_colour_deck, saved.card_size, saved.high_contrast) == (
        True, "large", True)


@pytest.mark.parametrize(("size", "shown"), [("large", "large"), ("extra-large", "large")])
def test_larger_cards_show_in_an_800_by_600_window_while_bidding_and_playing(
        qtbot, make_window, size: str, shown: str) -> None:
    """The table of an 800×600 window (800×559 under the menus and the status line)
    shows large cards for either larger size with the bid panel and its advice up, and
    still once the bidding is over (docs/rules.md §7): room is kept for a bid hint above
    or below the panel."""
    controller, window = make_window()
    window.resize(800, 600)
    controller.start_new_game(Rules(), 7, "easy")
    qtbot.waitUntil(lambda: controller.state is not None
                    and controller.state.current_player is Seat.SOUTH
                    and window.scene.bid_panel.isVisible(), timeout=10_000)
    assert window.scene.bid_panel.advice_text()  # the advice is shown
    normal = next(iter(window.scene.snapshot().hand.values())).size[1]
    window.scene.set_card_size(size)
    shot = window.scene.snapshot()
    assert (shot.card_size, shot.card_size_shown) == (size, shown)
    assert next(iter(shot.hand.values())).size[1] == pytest.approx(normal * 1.25, abs=0.5)
    window.scene.bid_panel.setFocus()
    qtbot.keyClick(window.scene.bid_panel, Qt.Key.Key_3)
    qtbot.keyClick(window.scene.bid_panel, Qt.Key.Key_Return)
    qtbot.waitUntil(lambda: controller.state.phase is not Phase.BIDDING, timeout=20_000)
    assert window.scene.snapshot().card_size_shown == shown


# -- shortcuts and the last trick ------------------------------------------------------------
def _cell_text(cell: QTextTableCell) -> str:
    cursor = cell.firstCursorPosition()
    cursor.setPosition(cell.lastCursorPosition().position(), QTextCursor.MoveMode.KeepAnchor)
    return cursor.selectedText()


def shortcut_rows(dialog: ShortcutsDialog) -> list[tuple[str, str]]:
    """Every (keys, what they do) row of the tables the dialog shows (``shortcutsText``),
    in the order shown."""
    document = child(dialog, QTextBrowser, "shortcutsText").document()

    def tables(frame: QTextFrame) -> list[QTextTable]:
        """The innermost tables under ``frame``, in document order (the groups' tables
        stand inside the table of the two columns)."""
        inner = [t for f in frame.childFrames() for t in tables(f)]
        if inner or not isinstance(frame, QTextTable):
            return inner
        return [frame]

    return [(_cell_text(t.cellAt(row, 0)), _cell_text(t.cellAt(row, 1)))
            for t in tables(document.rootFrame()) for row in range(t.rows())]


def test_help_lists_the_keyboard_shortcuts(qtbot, make_window) -> None:
    _controller, window = make_window()
    window.action("shortcuts").trigger()
    dialog = window.findChild(ShortcutsDialog)
    rows = dict(shortcut_rows(dialog))
    native = QKeySequence.SequenceFormat.NativeText
    expected = {
        QKeySequence(QKeySequence.StandardKey.New).toString(native): "New game",
        "Ctrl+S": "Score sheet", "Ctrl+L": "Last trick", "Ctrl+,": "Settings",
        "F11": "Full screen", "F1": "Rules",
        "Ctrl+Q": "Quit",
    }
    for keys, name in expected.items():
        assert rows.get(keys) == name, (keys, rows)
    # a key may stand on several rows (Enter on the bid panel, the hand, the summary)
    described = [name for _keys, name in shortcut_rows(dialog)]
    assert "Play the raised card" in described and "Bid panel: choose Nil" in described
    # every menu shortcut, then every table key, once each, in their groups' order
    menus = [a.menu() for a in window.menuBar().actions() if a.menu() is not None]
    assert shortcut_rows(dialog) == menu_shortcuts(menus) + table_keys()


@pytest.mark.parametrize(("screen", "scrolls"),
                         [((1600, 1000), False), ((800, 600), False), ((640, 460), True)])
def test_the_keyboard_shortcuts_fit_without_scrolling_where_there_is_room(
        qtbot, make_window, monkeypatch, screen, scrolls) -> None:
    """On a 1600×1000 or 800×600 screen the window shows every row at once; on 640×460
    it stays inside the screen and scrolls to its last row."""
    room = QRect(0, 0, *screen)
    monkeypatch.setattr(QScreen, "availableGeometry", lambda _self: QRect(room))
    _controller, window = make_window()
    window.action("shortcuts").trigger()
    dialog = window.findChild(ShortcutsDialog)
    qtbot.waitExposed(dialog)
    assert dialog.width() <= room.width() - 40 and dialog.height() <= room.height() - 80
    bar = child(dialog, QTextBrowser, "shortcutsText").verticalScrollBar()
    if scrolls:
        assert bar.maximum() > 0
        bar.setValue(bar.maximum())  # the last row can be brought into sight
        assert bar.value() == bar.maximum()
    else:
        hint = dialog.sizeHint()
        assert hint.width() <= room.width() - 40 and hint.height() <= room.height() - 80
        assert dialog.size() == hint
        assert bar.maximum() == 0, "every row in sight"


def test_the_last_trick_won_by_south_reads_you_won_it(qtbot, make_window,
                                                       monkeypatch) -> None:
    _controller, window = make_window()
    cards = tuple(parse_card(c) for c in ("2H", "AH", "3H", "4H"))
    trick = TrickRecord(Seat.WEST, cards, Seat.NORTH)
    monkeypatch.setattr(window.scene, "last_trick", lambda: trick)
    window.show_last_trick()
    assert window.status.text().endswith("won by North (partner).")
    window.show_last_trick()  # Ctrl+L again takes it off the table
    assert window.scene.last_trick_shown is None
    monkeypatch.setattr(window.scene, "last_trick",
                        lambda: TrickRecord(Seat.NORTH, cards, Seat.SOUTH))
    window.show_last_trick()
    assert window.status.text().endswith("\u2014 you won it.")


def test_the_settings_window_fits_an_800x600_screen(qtbot, make_window, monkeypatch) -> None:
    """Every setting in sight at once, with room for the window's frame and a panel."""
    from spades_desktop.ui.window_dialogs import open_dialog

    room = QRect(0, 0, 800, 600)
    monkeypatch.setattr(QScreen, "availableGeometry", lambda _self: QRect(room))
    _controller, window = make_window()
    window.dialogs.show_settings()
    dialog = open_dialog(window, "settings")
    qtbot.waitExposed(dialog)
    assert dialog.width() <= room.width() - 40 and dialog.height() <= room.height() - 80
    assert dialog.size().expandedTo(dialog.minimumSizeHint()) == dialog.size()
    dialog.close()
