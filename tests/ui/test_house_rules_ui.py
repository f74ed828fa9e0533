"""House rules in the New Game dialog, Help ▸ Rules and the table's information panel
(docs/rules.md, House rules; §7)."""

import os

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

import pytest  # noqa: E402
from PySide6.QtCore import Qt  # noqa: E402
from PySide6.QtWidgets import (  # noqa: E402
    QApplication,
    QCheckBox,
    QComboBox,
    QRadioButton,
    QTabWidget,
)

from spades_desktop.engine import HOUSE_RULES, Rules  # noqa: E402
from spades_desktop.levels import LEVELS  # noqa: E402
from spades_desktop.ui.dialogs import NewGameDialog, RulesDialog  # noqa: E402
from spades_desktop.ui.house_rules_text import house_rule_texts  # noqa: E402


def _dialog(qtbot, **overrides) -> NewGameDialog:
    kwargs = dict(levels=LEVELS, difficulty="normal", target_score=500, floor_enabled=True,
                  bag_penalty=True, blind_nil=False)
    kwargs.update(overrides)
    dialog = NewGameDialog(None, **kwargs)
    qtbot.addWidget(dialog)
    dialog.show()
    qtbot.waitExposed(dialog)
    dialog.activateWindow()
    qtbot.waitUntil(lambda: QApplication.activeWindow() is dialog)
    return dialog


def _preset_list(dialog) -> QComboBox:
    return dialog.findChild(QComboBox, "housePreset")


def _rules_tab(qtbot, dialog) -> None:
    tabs = dialog.findChild(QTabWidget, "newGameTabs")
    tabs.setCurrentIndex(1)
    qtbot.waitUntil(lambda: _preset_list(dialog).isVisible())


def test_every_house_rule_has_words_and_nothing_else_has():
    words = house_rule_texts()
    assert list(words) == [o.name for o in HOUSE_RULES]
    assert all(w.label and w.explanation for w in words.values())


def test_the_dialog_has_a_control_for_every_house_rule(qtbot):
    dialog = _dialog(qtbot)
    for option in HOUSE_RULES:
        kind = QCheckBox if option.kind is bool else QComboBox
        assert dialog.findChild(kind, f"house_{option.name}") is not None, option.name
    presets = _preset_list(dialog)
    assert [presets.itemText(i) for i in range(presets.count())] == [
        "Standard", "Joker-Joker-Deuce-Deuce", "Suicide", "Mirror", "Whiz", "Short game",
        "Custom"]
    assert presets.currentText() == "Standard"
    assert dialog.options().rules == Rules()


def test_a_preset_chosen_by_keys_sets_the_options(qtbot):
    dialog = _dialog(qtbot)
    _rules_tab(qtbot, dialog)
    presets = _preset_list(dialog)
    presets.setFocus()
    for _ in range(5):  # Standard → Joker-Joker-Deuce-Deuce → Suicide → … → Short game
        qtbot.keyClick(presets, Qt.Key.Key_Down)
    assert presets.currentText() == "Short game"
    assert dialog.findChild(QComboBox, "house_bag_limit").currentText() == "5 bags"
    assert dialog.findChild(QComboBox, "house_bag_penalty_points").currentText() == "50 points"
    assert dialog.findChild(QRadioButton, "targetQuick").isChecked()
    assert dialog.options().rules == Rules(target_score=250, bag_limit=5,
                                           bag_penalty_points=50)
    # Back up to Suicide: the short game's bag rules go, its target stays.
    qtbot.keyClick(presets, Qt.Key.Key_Up)
    qtbot.keyClick(presets, Qt.Key.Key_Up)
    assert presets.currentText() == "Mirror"
    qtbot.keyClick(presets, Qt.Key.Key_Up)
    assert dialog.options().rules == Rules(target_score=250, bidding="suicide")


def test_changing_an_option_after_a_preset_shows_custom(qtbot):
    dialog = _dialog(qtbot)
    _rules_tab(qtbot, dialog)
    presets = _preset_list(dialog)
    presets.setFocus()
    qtbot.keyClick(presets, Qt.Key.Key_Down)
    qtbot.keyClick(presets, Qt.Key.Key_Down)
    assert presets.currentText() == "Suicide"
    ten = dialog.findChild(QCheckBox, "house_ten_for_200")
    ten.setFocus(Qt.FocusReason.TabFocusReason)
    qtbot.keyClick(ten, Qt.Key.Key_Space)
    assert ten.isChecked()
    assert presets.currentText() == "Custom"
    assert dialog.house_preset() == "custom"
    assert dialog.options().rules == Rules(bidding="suicide", ten_for_200=True)
    qtbot.keyClick(ten, Qt.Key.Key_Space)
    assert presets.currentText() == "Suicide"


def test_moot_options_are_greyed_out_and_say_why(qtbot):
    dialog = _dialog(qtbot, house_rules={"bidding": "whiz"})
    least = dialog.findChild(QComboBox, "house_min_team_bid")
    blind = dialog.findChild(QCheckBox, "blindNil")
    assert not least.isEnabled() and not blind.isEnabled()
    assert least.toolTip() == "No effect under Whiz bidding."
    bidding = dialog.findChild(QComboBox, "house_bidding")
    bidding.setCurrentIndex(bidding.findData("standard"))
    assert least.isEnabled() and blind.isEnabled()
    assert least.toolTip() == "The least a team's two bids add up to (Nil counts 0)."
    limit = dialog.findChild(QComboBox, "house_bag_limit")
    assert limit.isEnabled()
    dialog.findChild(QCheckBox, "bagPenalty").setChecked(False)
    assert not limit.isEnabled()
    assert limit.toolTip() == "No effect while the bag penalty is off."


def test_the_dialog_starts_from_the_remembered_house_rules(qtbot):
    dialog = _dialog(qtbot, house_rules={"nil_points": 50, "spades_any_time": True})
    assert dialog.findChild(QComboBox, "house_nil_points").currentText() == "50 points"
    assert _preset_list(dialog).currentText() == "Custom"
    assert dialog.options().rules == Rules(nil_points=50, spades_any_time=True)
    # The switches' words follow the house rules: Blind Nil is worth twice a Nil.
    assert dialog.findChild(QCheckBox, "blindNil").text().startswith(
        "Allow Blind Nil (\u00b1100)")
    assert _dialog(qtbot).findChild(QCheckBox, "blindNil").text().startswith(
        "Allow Blind Nil (\u00b1200)")
    short = _dialog(qtbot, house_rules={"bag_limit": 7, "bag_penalty_points": 50})
    assert short.findChild(QCheckBox, "bagPenalty").text() == (
        "Bag penalty: lose 50 points for every 7 bags")


def test_focus_starts_shown_and_tab_lands_on_the_chosen_difficulty(qtbot):
    dialog = _dialog(qtbot, difficulty="expert")
    target = dialog.findChild(QRadioButton, "targetStandard")
    qtbot.waitUntil(lambda: dialog.focusWidget() is target)
    qtbot.waitUntil(lambda: dialog.testAttribute(Qt.WidgetAttribute.WA_KeyboardFocusChange))
    qtbot.keyClick(target, Qt.Key.Key_Tab)
    assert dialog.focusWidget() is dialog.findChild(QRadioButton, "level_expert")
    # The arrows still move between the levels, and Tab follows the choice.
    qtbot.keyClick(dialog.focusWidget(), Qt.Key.Key_Up)
    normal = dialog.findChild(QRadioButton, "level_normal")
    assert dialog.focusWidget() is normal and normal.isChecked()
    qtbot.keyClick(normal, Qt.Key.Key_Tab)
    assert dialog.focusWidget() is dialog.findChild(QRadioButton, "numberRandom")
    qtbot.keyClick(dialog.focusWidget(), Qt.Key.Key_Backtab)
    assert dialog.focusWidget() is normal


def test_every_house_rule_control_is_reached_by_tab(qtbot):
    dialog = _dialog(qtbot, house_rules={"bidding": "standard"})
    _rules_tab(qtbot, dialog)
    wanted = {dialog.findChild(QComboBox, "housePreset")} | {
        w for kind in (QCheckBox, QComboBox) for w in dialog.findChildren(kind)
        if w.objectName().startswith("house_")}
    seen = set()
    dialog.findChild(QCheckBox, "bagPenalty").setFocus(Qt.FocusReason.TabFocusReason)
    for _ in range(40):
        qtbot.keyClick(dialog.focusWidget(), Qt.Key.Key_Tab)
        seen.add(dialog.focusWidget())
    assert wanted <= seen


def test_tab_from_the_preset_list_lands_on_the_first_option_and_back(qtbot):
    """No Tab stop without a drawn focus between the preset list and the options."""
    dialog = _dialog(qtbot)
    _rules_tab(qtbot, dialog)
    preset = _preset_list(dialog)
    first = dialog.findChild(QComboBox, f"house_{HOUSE_RULES[0].name}")
    preset.setFocus(Qt.FocusReason.TabFocusReason)
    qtbot.keyClick(preset, Qt.Key.Key_Tab)
    assert dialog.focusWidget() is first
    qtbot.keyClick(first, Qt.Key.Key_Backtab)
    assert dialog.focusWidget() is preset


def test_every_tab_stop_of_the_rules_tab_is_a_control_in_sight(qtbot):
    """Each Tab lands on a button, box or list, and the house rules' list scrolls to it,
    also when Shift+Tab comes back into the list from the buttons below it."""
    from PySide6.QtCore import QRect
    from PySide6.QtWidgets import QAbstractButton, QScrollArea, QTabBar

    dialog = _dialog(qtbot)
    _rules_tab(qtbot, dialog)
    deck = dialog.findChild(QComboBox, "house_deck")
    scroll = next(s for s in dialog.findChildren(QScrollArea) if s.widget().isAncestorOf(deck))
    viewport = scroll.viewport()

    def in_sight(widget) -> bool:
        return viewport.rect().contains(QRect(widget.mapTo(viewport, widget.rect().topLeft()),
                                              widget.size()))

    # the offscreen screen is 800 pixels high: the list does not fit and scrolls
    assert scroll.verticalScrollBar().maximum() > 0 and not in_sight(deck)
    dialog.findChild(QCheckBox, "bagPenalty").setFocus(Qt.FocusReason.TabFocusReason)
    reached = set()
    for key in [Qt.Key.Key_Tab] * 20 + [Qt.Key.Key_Backtab] * 25:
        qtbot.keyClick(dialog.focusWidget(), key)
        focused = dialog.focusWidget()
        reached.add(focused.objectName())
        assert isinstance(focused, (QAbstractButton, QComboBox, QTabBar)), type(focused)
        if scroll.widget().isAncestorOf(focused):
            assert in_sight(focused), focused.objectName()
    assert {"house_deck", "startGame"} <= reached


def test_ctrl_tab_to_the_rules_tab_draws_the_focus(qtbot):
    dialog = _dialog(qtbot)
    tabs = dialog.findChild(QTabWidget, "newGameTabs")
    dialog.setAttribute(Qt.WidgetAttribute.WA_KeyboardFocusChange, False)
    qtbot.keyClick(dialog.focusWidget(), Qt.Key.Key_Tab, Qt.KeyboardModifier.ControlModifier)
    assert tabs.currentIndex() == 1
    qtbot.waitUntil(lambda: dialog.testAttribute(Qt.WidgetAttribute.WA_KeyboardFocusChange))
    assert dialog.focusWidget() is dialog.findChild(QCheckBox, "bagPenalty")


def test_help_rules_names_the_house_rules_of_the_game(qtbot):
    house = RulesDialog(None, Rules(bidding="suicide", nil_points=50, target_score=250))
    qtbot.addWidget(house)
    assert house.in_force() == "House rules in this game: Nil 50, Suicide."
    standard = RulesDialog(None, Rules(target_score=250, blind_nil=True))
    qtbot.addWidget(standard)
    assert standard.in_force() == "This game follows the standard rules."
    none = RulesDialog(None)
    qtbot.addWidget(none)
    assert none.in_force() == ""


def _info_lines(qtbot, make_window, rules: Rules) -> list[str]:
    controller, window = make_window()
    controller.start_new_game(rules, 3, "easy")
    qtbot.waitUntil(lambda: "Hand 1" in window.scene.snapshot().info_panel)
    return window.scene.snapshot().info_panel.splitlines()


def test_the_info_panel_names_the_house_rules(qtbot, make_window):
    lines = _info_lines(qtbot, make_window, Rules(bidding="suicide", nil_points=50))
    assert "House rules: Nil 50 +1" in lines
    assert "Spades not broken" in lines


def test_the_info_panel_of_a_game_with_spades_led_any_time(qtbot, make_window):
    lines = _info_lines(qtbot, make_window,
                        Rules(spades_any_time=True, ten_for_200=True, thirteen_wins=True))
    assert "Spades may be led" in lines
    assert "House rules: 10 for 200 +2" in lines


def test_the_info_panel_names_a_single_house_rule(qtbot, make_window):
    lines = _info_lines(qtbot, make_window, Rules(bidding="mirror"))
    assert "House rules: Mirror" in lines


def test_the_info_panel_names_a_preset_by_its_name(qtbot, make_window):
    # Short game: target 250, 5 bags cost 50 (two house rules, one name)
    lines = _info_lines(qtbot, make_window,
                        Rules(target_score=250, bag_limit=5, bag_penalty_points=50))
    assert "House rules: Short game" in lines
    # the same house rules with another target are no preset: the first and a count
    other = _info_lines(qtbot, make_window, Rules(bag_limit=5, bag_penalty_points=50))
    assert "House rules: Bag limit 5 +1" in other


def test_the_standard_game_has_no_house_rules_line(qtbot, make_window):
    lines = _info_lines(qtbot, make_window, Rules(target_score=250))
    assert not any(line.startswith("House rules") for line in lines)


@pytest.mark.parametrize("language", ["en", "zh_CN"])
def test_the_rules_tab_keeps_the_dialog_and_its_buttons_on_the_screen(qtbot, monkeypatch,
                                                                        language):
    """The dialog grows when the Rules tab first shows; it stays within the screen's
    available area, Start game and Cancel in sight (Chinese letters are taller)."""
    from PySide6.QtWidgets import QDialogButtonBox

    from spades_desktop.ui import i18n

    monkeypatch.setattr(i18n, "has_cjk_font", lambda: True)
    i18n.apply_language(language)
    try:
        dialog = _dialog(qtbot)
        room = dialog.screen().availableGeometry()
        # moved down to the screen's foot, as a dialog opened over a low window is
        dialog.move(dialog.x(), room.bottom() - dialog.frameGeometry().height() + 1)
        _rules_tab(qtbot, dialog)
        qtbot.wait(50)   # the growth runs once the tab has been shown
        assert room.contains(dialog.frameGeometry()), (room, dialog.frameGeometry())
        box = dialog.findChild(QDialogButtonBox)
        for button in box.buttons():
            top_left = button.mapToGlobal(button.rect().topLeft())
            bottom_right = button.mapToGlobal(button.rect().bottomRight())
            assert room.contains(top_left) and room.contains(bottom_right), button.text()
    finally:
        i18n.remove_translators()
