"""The New Game dialog: target score, difficulty, game number, rule switches and house
rules (docs/rules.md §2–§7, House rules).

It displays values and collects choices; it never decides a rule. It takes plain values
(not the persistence ``Settings``) so it can be built and tested on its own.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from PySide6.QtCore import QCoreApplication, QEvent, QRandomGenerator, Qt, QTimer, Slot
from PySide6.QtGui import QShowEvent
from PySide6.QtWidgets import (
    QAbstractSpinBox,
    QApplication,
    QButtonGroup,
    QCheckBox,
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QGridLayout,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QRadioButton,
    QScrollArea,
    QSizePolicy,
    QSpinBox,
    QTabWidget,
    QVBoxLayout,
    QWidget,
)

from spades_desktop.engine import (
    BLIND_NIL_DEFICIT,
    CUSTOM_PRESET,
    DEFAULT_FLOOR_SCORE,
    DEFAULT_TARGET_SCORE,
    HOUSE_RULES,
    PRESETS,
    TARGET_CHOICES,
    Rules,
    apply_preset,
    preset_of,
)

from ..house_rules_text import choice_text, house_rule_texts, moot_reason, preset_name
from ..texts import difficulty_name, signed_number
from .common import NOTE_STYLE, describe_buttons, fit_height, keep_centred

__all__ = ["GAME_NUMBER_MAX", "NewGameDialog", "NewGameOptions", "level_description"]

GAME_NUMBER_MAX = 999_999_999
"""The largest game number a player can type or draw (docs/rules.md §6: the game number
fixes the deals)."""

QUICK_TARGET = 250
"""The "Quick" target score (docs/rules.md §5)."""
STANDARD_TARGET = DEFAULT_TARGET_SCORE
"""The "Standard" target score: the rules' default (docs/rules.md §5)."""
TARGET_MIN = TARGET_CHOICES[0]
TARGET_MAX = TARGET_CHOICES[-1]
TARGET_STEP = TARGET_CHOICES[1] - TARGET_CHOICES[0]


def _snap_target(value: int) -> int:
    """The nearest allowed target score (100–1000, step 50); halfway goes up (325 → 350)."""
    value = max(TARGET_MIN, min(TARGET_MAX, value))
    return TARGET_MIN + (value - TARGET_MIN + TARGET_STEP // 2) // TARGET_STEP * TARGET_STEP


def level_description(level: str) -> str:
    """A one-line description of difficulty ``level`` (a key of
    :data:`spades_desktop.levels.LEVELS`) in the current language, shown as the tooltip
    of its button and on the line beside it; "" for an unknown key (docs/rules.md §6)."""
    descriptions = {
        "easy": QCoreApplication.translate(
            "NewGameDialog", "Plays the obvious card, never bids Nil."),
        "normal": QCoreApplication.translate(
            "NewGameDialog", "Counts its sure tricks, ducks bags."),
        "expert": QCoreApplication.translate(
            "NewGameDialog", "Simulates the hidden hands before each card."),
        "master": QCoreApplication.translate(
            "NewGameDialog", "Searches four times deeper; usually thinks under a second."),
    }
    return descriptions.get(level, "")


@dataclass(frozen=True, slots=True)
class NewGameOptions:
    """What the player chose for the next game (docs/rules.md §5, §6, §7)."""

    rules: Rules
    difficulty: str
    """A difficulty key, one of the ``levels`` the dialog was given."""
    game_number: int
    """0–999,999,999; typed or drawn at random."""


def _tab_at_checked(group: QButtonGroup) -> None:
    """Let Tab reach only the checked button of ``group`` (the arrow keys move between
    its buttons), now and whenever the choice changes."""
    def follow() -> None:
        for button in group.buttons():
            policy = Qt.FocusPolicy.StrongFocus if button.isChecked() else \
                Qt.FocusPolicy.ClickFocus
            button.setFocusPolicy(policy)

    group.buttonToggled.connect(follow)
    follow()


class NewGameDialog(QDialog):
    """Target score, difficulty, game number, rule switches and house rules for a new
    game (docs/rules.md §7, House rules), on two tabs: "Game" and "Rules".

    ``levels`` are the difficulty keys to offer, easiest first; ``difficulty``
    and the rule values preselect the controls (a ``difficulty`` not in
    ``levels`` selects the first). ``house_rules`` maps names of
    :data:`~spades_desktop.engine.HOUSE_RULES` to their values (the others at their
    default); a bad name or value raises ``ValueError`` (``KeyError`` for a name that
    is no option). The preset list at the top of the house rules names the preset of
    :data:`~spades_desktop.engine.PRESETS` the choices match, or "Custom"; choosing a
    preset sets the options. An option without effect under the other choices is greyed
    out, its tooltip saying why. When accepted with "Random" selected, a game number is
    drawn from ``QRandomGenerator.global_()``. :meth:`options` then returns the choices.
    The dialog opens with the keyboard focus shown on the chosen target score.
    """

    def __init__(
        self,
        parent: QWidget | None = None,
        *,
        levels: Sequence[str],
        difficulty: str,
        target_score: int,
        floor_enabled: bool,
        bag_penalty: bool,
        blind_nil: bool,
        house_rules: Mapping[str, Any] | None = None,
    ) -> None:
        super().__init__(parent)
        keep_centred(self)
        if not levels:
            raise ValueError("NewGameDialog needs at least one difficulty level.")
        self._levels = tuple(levels)
        self._drawn_number: int | None = None
        given = dict(house_rules or {})
        if any(name not in {o.name for o in HOUSE_RULES} for name in given):
            raise ValueError(f"Not house rules: {sorted(given)}.")
        start = Rules(**given)  # raises ValueError for a bad value
        self._setting = False  # True while a preset sets the controls

        # Target score.
        target_box = self._target_box = QGroupBox()
        self._quick = QRadioButton()
        self._quick.setObjectName("targetQuick")
        self._standard = QRadioButton()
        self._standard.setObjectName("targetStandard")
        self._custom = QRadioButton()
        self._custom.setObjectName("targetCustom")
        self._custom_spin = QSpinBox()
        self._custom_spin.setObjectName("customTarget")
        self._custom_spin.setRange(TARGET_MIN, TARGET_MAX)
        self._custom_spin.setSingleStep(TARGET_STEP)
        self._custom_spin.setCorrectionMode(
            QAbstractSpinBox.CorrectionMode.CorrectToNearestValue
        )
        self._custom_spin.editingFinished.connect(self._snap_custom)
        self._target_group = QButtonGroup(self)
        for button in (self._quick, self._standard, self._custom):
            self._target_group.addButton(button)
        custom_row = QHBoxLayout()
        custom_row.addWidget(self._custom)
        custom_row.addWidget(self._custom_spin)
        custom_row.addStretch(1)
        target_layout = QVBoxLayout(target_box)
        target_layout.addWidget(self._quick)
        target_layout.addWidget(self._standard)
        target_layout.addLayout(custom_row)
        self._target_note = QLabel()
        self._target_note.setObjectName("targetNote")
        self._target_note.setWordWrap(True)
        self._target_note.hide()
        target_layout.addWidget(self._target_note)
        self._rounded_unseen = False
        self._rounded: tuple[int, int] | None = None
        target = _snap_target(target_score)
        if target == QUICK_TARGET:
            self._quick.setChecked(True)
            self._custom_spin.setValue(STANDARD_TARGET)
        elif target == STANDARD_TARGET:
            self._standard.setChecked(True)
            self._custom_spin.setValue(STANDARD_TARGET)
        else:
            self._custom.setChecked(True)
            self._custom_spin.setValue(target)
        self._custom.toggled.connect(self._custom_spin.setEnabled)
        self._custom.toggled.connect(self._focus_custom)
        self._custom_spin.setEnabled(self._custom.isChecked())
        _tab_at_checked(self._target_group)

        # Difficulty.
        # One row per level: its button and, beside it, a quiet line saying how it
        # plays. The buttons share a parent, so the arrow keys move between them.
        level_box = self._level_box = QGroupBox()
        level_row = QGridLayout()
        level_row.setColumnStretch(1, 1)
        self._level_group = QButtonGroup(self)
        self._level_buttons: dict[str, QRadioButton] = {}
        self._level_lines: dict[str, QLabel] = {}
        for row, level in enumerate(self._levels):
            button = QRadioButton()
            button.setObjectName(f"level_{level}")
            self._level_group.addButton(button)
            self._level_buttons[level] = button
            line = QLabel()
            line.setObjectName(f"level_{level}_description")
            line.setStyleSheet(NOTE_STYLE)
            line.setBuddy(button)
            self._level_lines[level] = line
            level_row.addWidget(button, row, 0)
            level_row.addWidget(line, row, 1)
        selected = difficulty if difficulty in self._level_buttons else self._levels[0]
        self._level_buttons[selected].setChecked(True)
        _tab_at_checked(self._level_group)
        level_note = self._level_note = QLabel()
        level_note.setStyleSheet(NOTE_STYLE)
        level_note.setWordWrap(True)
        level_layout = QVBoxLayout(level_box)
        level_layout.addLayout(level_row)
        level_layout.addWidget(level_note)

        # Game number.
        number_box = self._number_box = QGroupBox()
        self._random = QRadioButton()
        self._random.setObjectName("numberRandom")
        self._typed = QRadioButton()
        self._typed.setObjectName("numberTyped")
        self._number_spin = QSpinBox()
        self._number_spin.setObjectName("gameNumber")
        self._number_spin.setRange(0, GAME_NUMBER_MAX)
        self._number_spin.setGroupSeparatorShown(True)
        self._number_spin.setMinimumWidth(self._number_spin.fontMetrics().horizontalAdvance(
            "0" * 14))
        self._number_group = QButtonGroup(self)
        self._number_group.addButton(self._random)
        self._number_group.addButton(self._typed)
        self._random.setChecked(True)
        _tab_at_checked(self._number_group)
        self._typed.toggled.connect(self._number_spin.setEnabled)
        self._number_spin.setEnabled(False)
        number_layout = QHBoxLayout(number_box)
        number_layout.addWidget(self._random)
        number_layout.addSpacing(12)
        number_layout.addWidget(self._typed)
        number_layout.addWidget(self._number_spin)
        number_layout.addStretch(1)

        # Rules.
        rules_box = self._rules_box = QGroupBox()
        self._bag_penalty = QCheckBox()
        self._bag_penalty.setObjectName("bagPenalty")
        self._bag_penalty.setChecked(bag_penalty)
        self._floor = QCheckBox()
        self._floor.setObjectName("floor")
        self._floor.setChecked(floor_enabled)
        self._blind_nil = QCheckBox()
        self._blind_nil.setObjectName("blindNil")
        self._blind_nil.setChecked(blind_nil)
        rules_layout = QVBoxLayout(rules_box)
        rules_layout.addWidget(self._bag_penalty)
        rules_layout.addWidget(self._floor)
        rules_layout.addWidget(self._blind_nil)

        # House rules: the preset list, then one control and one line per option.
        house_box = self._house_box = QGroupBox()
        self._preset = QComboBox()
        self._preset.setObjectName("housePreset")
        for preset in (*PRESETS, CUSTOM_PRESET):
            self._preset.addItem("", preset)
        self._preset_label = QLabel()
        self._preset_label.setBuddy(self._preset)
        preset_row = QHBoxLayout()
        preset_row.addWidget(self._preset_label)
        preset_row.addWidget(self._preset)
        preset_row.addStretch(1)
        house_grid = QGridLayout()
        house_grid.setColumnStretch(2, 1)
        self._house: dict[str, QCheckBox | QComboBox] = {}
        self._house_labels: dict[str, QLabel] = {}
        self._house_notes: dict[str, QLabel] = {}
        for row, option in enumerate(HOUSE_RULES):
            value = getattr(start, option.name)
            control: QCheckBox | QComboBox
            if option.kind is bool:
                control = QCheckBox()
                control.setChecked(value)
                control.toggled.connect(self._house_changed)
                house_grid.addWidget(control, 2 * row, 0, 1, 3)
            else:
                control = QComboBox()
                for choice in option.choices:
                    control.addItem("", choice)
                control.setCurrentIndex(option.choices.index(value))
                control.currentIndexChanged.connect(self._house_changed)
                label = self._house_labels[option.name] = QLabel()
                label.setBuddy(control)
                house_grid.addWidget(label, 2 * row, 0)
                house_grid.addWidget(control, 2 * row, 1)
            control.setObjectName(f"house_{option.name}")
            self._house[option.name] = control
            note = self._house_notes[option.name] = QLabel()
            note.setObjectName(f"house_{option.name}_note")
            note.setStyleSheet(NOTE_STYLE)
            note.setWordWrap(True)
            note.setContentsMargins(20, 0, 0, 4)
            house_grid.addWidget(note, 2 * row + 1, 0, 1, 3)
        house_grid.setRowStretch(2 * len(HOUSE_RULES), 1)
        house_grid.setVerticalSpacing(2)
        house_grid.setContentsMargins(0, 0, 0, 0)
        house_options = QWidget()
        house_options.setLayout(house_grid)
        house_scroll = self._house_scroll = QScrollArea()
        house_scroll.setWidget(house_options)
        house_scroll.setWidgetResizable(True)
        house_scroll.setFrameShape(QScrollArea.Shape.NoFrame)
        # Not a Tab stop of its own (it would hold the focus with nothing drawn): Tab
        # goes from the preset list to the first option, and the list scrolls to
        # whichever option takes the focus.
        house_scroll.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        house_scroll.viewport().setAutoFillBackground(False)
        house_options.setAutoFillBackground(False)
        # The "Game" tab sets the dialog's height; the options scroll in what is left.
        house_scroll.setSizePolicy(QSizePolicy.Policy.Preferred, QSizePolicy.Policy.Ignored)
        house_scroll.setMinimumHeight(house_scroll.fontMetrics().lineSpacing() * 6)
        house_layout = QVBoxLayout(house_box)
        house_layout.addLayout(preset_row)
        house_layout.addWidget(house_scroll, 1)
        self._preset.activated.connect(self._preset_chosen)
        for box in (self._bag_penalty, self._floor, self._blind_nil):
            box.toggled.connect(self._house_changed)
        self._target_group.buttonToggled.connect(self._house_changed)
        self._custom_spin.valueChanged.connect(self._house_changed)

        note = self._note = QLabel()
        note.setObjectName("note")
        note.setStyleSheet(NOTE_STYLE)
        note.setWordWrap(True)

        # A button with its own role, not a standard Ok: on LanguageChange the button
        # box would set a standard button's text back to "OK".
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Cancel)
        self._start = buttons.addButton("", QDialogButtonBox.ButtonRole.AcceptRole)
        self._start.setObjectName("startGame")
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)

        game_page = QWidget()
        game_layout = QVBoxLayout(game_page)
        game_layout.addWidget(target_box)
        game_layout.addWidget(level_box)
        game_layout.addWidget(number_box)
        game_layout.addStretch(1)
        rules_page = QWidget()
        rules_layout = QVBoxLayout(rules_page)
        rules_layout.addWidget(rules_box)
        rules_layout.addWidget(house_box, 1)
        tabs = self._tabs = QTabWidget()
        tabs.setObjectName("newGameTabs")
        tabs.addTab(game_page, "")
        tabs.addTab(rules_page, "")
        tabs.currentChanged.connect(self._tab_changed)

        layout = QVBoxLayout(self)
        layout.addWidget(tabs)
        layout.addWidget(note)
        layout.addWidget(buttons)
        layout.setSizeConstraint(QVBoxLayout.SizeConstraint.SetFixedSize)
        # Return starts the game. The default must be set once the button is inside
        # the dialog, or the dialog makes the first button (Cancel) its default.
        self._start.setDefault(True)
        self._focus_shown = False
        self._focus_pending = False
        self.retranslate()
        self._house_changed()

    def retranslate(self) -> None:
        """Set every text in the current language (also on ``LanguageChange``)."""
        self.setWindowTitle(self.tr("New Game"))
        self._target_box.setTitle(self.tr("Target score"))
        self._quick.setText(self.tr("Quick: {points} points").format(points=QUICK_TARGET))
        self._standard.setText(
            self.tr("Standard: {points} points").format(points=STANDARD_TARGET))
        self._custom.setText(self.tr("Custom:"))
        self._custom_spin.setSuffix(self.tr(" points", "suffix of the target score box"))
        self._custom_spin.setAccessibleName(self.tr("Custom target score"))
        self._say_rounded()
        self._level_box.setTitle(self.tr("Difficulty"))
        for level, button in self._level_buttons.items():
            button.setText(difficulty_name(level))
            button.setToolTip(level_description(level))
            button.setAccessibleDescription(level_description(level))
            self._level_lines[level].setText(level_description(level))
        self._level_note.setText(self.tr("All three computer players play at this level."))
        self._number_box.setTitle(self.tr("Game number"))
        self._number_box.setToolTip(
            self.tr("The same game number deals the same cards, so a game can be replayed.")
        )
        self._random.setText(self.tr("Random"))
        self._typed.setText(self.tr("Number:"))
        self._number_spin.setAccessibleName(self.tr("Game number"))
        self._rules_box.setTitle(self.tr("Rules"))
        self._tabs.setTabText(0, self.tr("Game", "tab of the New Game dialog"))
        self._tabs.setTabText(1, self.tr("Rules", "tab of the New Game dialog"))
        self._floor.setText(
            self.tr("End the game when a team falls to {floor} points or below").format(
                floor=signed_number(DEFAULT_FLOOR_SCORE)
            )
        )
        self._house_box.setTitle(self.tr("House rules"))
        self._preset_label.setText(self.tr("Preset:"))
        for i in range(self._preset.count()):
            self._preset.setItemText(i, preset_name(self._preset.itemData(i)))
        for name, words in house_rule_texts().items():
            control = self._house[name]
            if isinstance(control, QCheckBox):
                control.setText(words.label)
            else:
                self._house_labels[name].setText(self.tr("{0}:").format(words.label))
                control.setAccessibleName(words.label)
                for i in range(control.count()):
                    control.setItemText(i, choice_text(name, control.itemData(i)))
            control.setAccessibleDescription(words.explanation)
            self._house_notes[name].setText(words.explanation)
        self._say_switches()
        self._note.setText(self.tr("Game settings apply from the next new game."))
        self._start.setText(self.tr("Start game"))
        self._describe()

    def _describe(self) -> None:
        """The accessible descriptions of the controls without a tooltip of their own
        (a screen reader says them after the control's name)."""
        for button, points in ((self._quick, QUICK_TARGET), (self._standard, STANDARD_TARGET)):
            button.setAccessibleDescription(self.tr(
                "The game ends when a team reaches {0} points.").format(points))
        self._custom.setAccessibleDescription(self.tr(
            "Play to a target of your own, typed in the box beside it."))
        self._custom_spin.setAccessibleDescription(self.tr(
            "The target score, in steps of {0} points.").format(TARGET_STEP))
        self._random.setAccessibleDescription(self.tr(
            "Deal a game chosen at random."))
        self._typed.setAccessibleDescription(self.tr(
            "Deal the game of the number typed beside it."))
        self._number_spin.setAccessibleDescription(self.tr(
            "The same game number deals the same cards, so a game can be replayed."))
        self._floor.setAccessibleDescription(self.tr(
            "A team at or below this score loses the game at once."))
        self._bag_penalty.setAccessibleDescription(self.tr(
            "Overtricks (bags) add up; each time a team's bags reach the limit it loses "
            "the points."))
        self._blind_nil.setAccessibleDescription(self.tr(
            "A team far behind may bid Nil before looking at its cards, for more points "
            "won or lost."))
        self._preset.setAccessibleName(self.tr("House rules preset"))
        self._preset.setAccessibleDescription(self.tr(
            "A set of house rules at once; changing one rule below shows Custom."))
        self._start.setAccessibleDescription(self.tr(
            "Start the new game with these settings."))
        describe_buttons(self)

    def _say_switches(self) -> None:
        """The bag penalty's and Blind Nil's switches, in words that follow the house
        rules chosen (the bag limit and penalty, Nil's value)."""
        rules = self._chosen_rules()
        self._bag_penalty.setText(self.tr("Bag penalty: lose {0} points for every {1} bags")
                                  .format(rules.bag_penalty_points, rules.bag_limit))
        self._blind_nil.setText(
            self.tr("Allow Blind Nil (\u00b1{0}) for a team trailing by {1} or more")
            .format(rules.blind_nil_points, BLIND_NIL_DEFICIT)
        )

    def changeEvent(self, event: QEvent) -> None:  # noqa: N802 (Qt name)
        if event.type() == QEvent.Type.LanguageChange:
            self.retranslate()
            self._house_changed()
        super().changeEvent(event)
        if event.type() == QEvent.Type.ActivationChange and self.isActiveWindow() \
                and self._focus_pending:
            # Activating the window hides the focus again: show it once that is done.
            self._focus_pending = False
            QTimer.singleShot(0, self, self._show_focus)

    def showEvent(self, event: QShowEvent) -> None:  # noqa: N802 (Qt name)
        """On first showing, put the keyboard focus, shown, on the chosen target score."""
        super().showEvent(event)
        if not self._focus_shown:
            self._focus_shown = True
            checked = self._target_group.checkedButton()
            if checked is not None:
                checked.setFocus(Qt.FocusReason.TabFocusReason)
                self.setAttribute(Qt.WidgetAttribute.WA_KeyboardFocusChange)
                self._focus_pending = not self.isActiveWindow()

    def _grow_house_rules(self) -> None:
        """Once the "Rules" tab shows, make the house rules' list taller, up to all of
        it, while the dialog still fits the screen's available height with room for the
        window frame."""
        screen = self.screen()
        if screen is None:
            return
        scroll = self._house_scroll
        if not scroll.isVisible():
            return
        options = scroll.widget()
        wanted = options.heightForWidth(scroll.viewport().width()) \
            if options.hasHeightForWidth() else options.sizeHint().height()
        room = screen.availableGeometry().height() - 80 - self.height()
        grow = max(0, min(wanted - scroll.height(), room))
        if grow:
            scroll.setMinimumHeight(scroll.height() + grow)
        # taller now (or taller than the screen to begin with, in Chinese or at a large
        # scale factor): fit the screen's height and stay on it, buttons in sight
        fit_height(self)

    @Slot(int)
    def _tab_changed(self, _index: int) -> None:
        """Once the new page is laid out, let the house rules' list grow; a tab chosen by
        keys (Ctrl+Tab, the arrows on the tab bar) also leaves the focus on the page
        drawn, as a Tab would, where a click on a tab does not."""
        QTimer.singleShot(0, self, self._grow_house_rules)
        if QApplication.mouseButtons() == Qt.MouseButton.NoButton:
            QTimer.singleShot(0, self, self._show_focus)

    def focusNextPrevChild(self, forward: bool) -> bool:  # noqa: N802 (Qt name)
        """Tab and Shift+Tab, then scroll the house rules' list to the option that has
        the focus: the list's own scrolling sees only moves inside it, not one coming
        in from the preset list or from Start game."""
        moved = super().focusNextPrevChild(forward)
        focused = self.focusWidget()
        options = self._house_scroll.widget()
        if moved and focused is not None and options is not None \
                and options.isAncestorOf(focused):
            self._house_scroll.ensureWidgetVisible(focused)
        return moved

    def _show_focus(self) -> None:
        """Draw the keyboard focus as after a Tab."""
        self.setAttribute(Qt.WidgetAttribute.WA_KeyboardFocusChange)
        focused = self.focusWidget()
        if focused is not None:
            focused.update()

    def house_preset(self) -> str:
        """The preset shown in the preset list: a key of
        :data:`~spades_desktop.engine.PRESETS`, or
        :data:`~spades_desktop.engine.CUSTOM_PRESET`."""
        return str(self._preset.currentData())

    @Slot(int)
    def _preset_chosen(self, index: int) -> None:
        """Set the options to the preset chosen in the list ("Custom" changes nothing)."""
        preset = self._preset.itemData(index)
        if preset == CUSTOM_PRESET:
            self._house_changed()
            return
        rules = apply_preset(preset, self._chosen_rules())
        self._setting = True
        try:
            for option in HOUSE_RULES:
                control = self._house[option.name]
                value = getattr(rules, option.name)
                if isinstance(control, QCheckBox):
                    control.setChecked(value)
                else:
                    control.setCurrentIndex(control.findData(value))
            if rules.target_score != self.target_score():
                self._select_target(rules.target_score)
        finally:
            self._setting = False
        self._house_changed()

    def _select_target(self, target: int) -> None:
        if target == QUICK_TARGET:
            self._quick.setChecked(True)
        elif target == STANDARD_TARGET:
            self._standard.setChecked(True)
        else:
            self._custom_spin.setValue(target)
            self._custom.setChecked(True)

    @Slot()
    def _house_changed(self) -> None:
        """Show the preset the choices match (or "Custom"), grey out the options that
        have no effect under the others, and word the switches anew."""
        if self._setting:
            return
        rules = self._chosen_rules()
        self._preset.setCurrentIndex(self._preset.findData(preset_of(rules)))
        words = house_rule_texts()
        for name, control in (*self._house.items(), ("blind_nil", self._blind_nil)):
            reason = moot_reason(name, rules)
            control.setEnabled(not reason)
            label = self._house_labels.get(name)
            if label is not None:
                label.setEnabled(not reason)
            note = self._house_notes.get(name)
            if note is not None:
                note.setEnabled(not reason)
            control.setToolTip(reason or (words[name].explanation if name in words else ""))
        self._say_switches()

    @Slot(bool)
    def _focus_custom(self, checked: bool) -> None:
        """Choosing "Custom" moves the keyboard focus to the points box, its value selected."""
        if checked:
            self._custom_spin.setFocus(Qt.FocusReason.OtherFocusReason)
            self._custom_spin.selectAll()

    @Slot()
    def _snap_custom(self) -> None:
        """Round a custom target between two steps to the nearest one and say so under
        the box (the next Start game is then refused once, so that the note is seen)."""
        typed = self._custom_spin.value()
        target = _snap_target(typed)
        if target == typed:
            return
        self._custom_spin.setValue(target)
        self._rounded = (typed, target)
        self._say_rounded()
        self._target_note.show()
        self._rounded_unseen = True

    def _say_rounded(self) -> None:
        if self._rounded is not None:
            typed, target = self._rounded
            self._target_note.setText(self.tr(
                "Targets go in steps of {0} points: {1} was rounded to {2}. Choose Start "
                "game again to play to {2}.").format(TARGET_STEP, typed, target))

    def accept(self) -> None:
        """Close with Accepted, drawing a random game number if "Random" is selected. A
        custom target between two steps is first rounded, said under the box, and the
        dialog stays open: the player sees the target before the game starts."""
        if self._custom.isChecked():
            self._snap_custom()
            if self._rounded_unseen:
                self._rounded_unseen = False
                return
        self._drawn_number = (
            self._draw_number() if self._random.isChecked() else None
        )
        super().accept()

    @staticmethod
    def _draw_number() -> int:
        return int(QRandomGenerator.global_().bounded(GAME_NUMBER_MAX + 1))

    def target_score(self) -> int:
        """The chosen target score (a custom value snaps to 100–1000 in steps of 50)."""
        if self._quick.isChecked():
            return QUICK_TARGET
        if self._standard.isChecked():
            return STANDARD_TARGET
        return _snap_target(self._custom_spin.value())

    def options(self) -> NewGameOptions:
        """The choices as a :class:`NewGameOptions`.

        With "Random" selected the number drawn on accept is returned (one is
        drawn now if the dialog was not accepted).
        """
        if self._random.isChecked():
            if self._drawn_number is None:
                self._drawn_number = self._draw_number()
            number = self._drawn_number
        else:
            number = self._number_spin.value()
        level = next(
            (lvl for lvl, b in self._level_buttons.items() if b.isChecked()), self._levels[0]
        )
        return NewGameOptions(rules=self._chosen_rules(), difficulty=level,
                              game_number=number)

    def _chosen_rules(self) -> Rules:
        """The rules the controls show."""
        house = {name: (control.isChecked() if isinstance(control, QCheckBox)
                        else control.currentData())
                 for name, control in self._house.items()}
        return Rules(
            target_score=self.target_score(),
            floor_score=DEFAULT_FLOOR_SCORE if self._floor.isChecked() else None,
            bag_penalty=self._bag_penalty.isChecked(),
            blind_nil=self._blind_nil.isChecked(),
            **house,
        )
