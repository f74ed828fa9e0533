"""The New Game dialog: target score, difficulty, game number and rule switches
(docs/rules.md §5–§7).

It displays values and collects choices; it never decides a rule. It takes plain values
(not the persistence ``Settings``) so it can be built and tested on its own.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from PySide6.QtCore import QCoreApplication, QEvent, QRandomGenerator, Qt, Slot
from PySide6.QtWidgets import (
    QAbstractSpinBox,
    QButtonGroup,
    QCheckBox,
    QDialog,
    QDialogButtonBox,
    QGridLayout,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QRadioButton,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from spades_desktop.engine import (
    BAG_LIMIT,
    BAG_PENALTY_POINTS,
    BLIND_NIL_DEFICIT,
    BLIND_NIL_POINTS,
    DEFAULT_FLOOR_SCORE,
    DEFAULT_TARGET_SCORE,
    TARGET_CHOICES,
    Rules,
)

from ..texts import difficulty_name, signed_number
from .common import NOTE_STYLE, keep_centred

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


class NewGameDialog(QDialog):
    """Target score, difficulty, game number and rule switches for a new game (docs/rules.md §7).

    ``levels`` are the difficulty keys to offer, easiest first; ``difficulty``
    and the rule values preselect the controls (a ``difficulty`` not in
    ``levels`` selects the first). When accepted with "Random" selected, a game
    number is drawn from ``QRandomGenerator.global_()``. :meth:`options` then
    returns the choices.
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
    ) -> None:
        super().__init__(parent)
        keep_centred(self)
        if not levels:
            raise ValueError("NewGameDialog needs at least one difficulty level.")
        self._levels = tuple(levels)
        self._drawn_number: int | None = None

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

        layout = QVBoxLayout(self)
        layout.addWidget(target_box)
        layout.addWidget(level_box)
        layout.addWidget(number_box)
        layout.addWidget(rules_box)
        layout.addWidget(note)
        layout.addWidget(buttons)
        layout.setSizeConstraint(QVBoxLayout.SizeConstraint.SetFixedSize)
        # Return starts the game. The default must be set once the button is inside
        # the dialog, or the dialog makes the first button (Cancel) its default.
        self._start.setDefault(True)
        self.retranslate()

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
        self._bag_penalty.setText(self.tr("Bag penalty: lose {0} points for every {1} bags")
                                  .format(BAG_PENALTY_POINTS, BAG_LIMIT))
        self._floor.setText(
            self.tr("End the game when a team falls to {floor} points or below").format(
                floor=signed_number(DEFAULT_FLOOR_SCORE)
            )
        )
        self._blind_nil.setText(
            self.tr("Allow Blind Nil (\u00b1{0}) for a team trailing by {1} or more")
            .format(BLIND_NIL_POINTS, BLIND_NIL_DEFICIT)
        )
        self._note.setText(self.tr("Game settings apply from the next new game."))
        self._start.setText(self.tr("Start game"))

    def changeEvent(self, event: QEvent) -> None:  # noqa: N802 (Qt name)
        if event.type() == QEvent.Type.LanguageChange:
            self.retranslate()
        super().changeEvent(event)

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
        rules = Rules(
            target_score=self.target_score(),
            floor_score=DEFAULT_FLOOR_SCORE if self._floor.isChecked() else None,
            bag_penalty=self._bag_penalty.isChecked(),
            blind_nil=self._blind_nil.isChecked(),
        )
        return NewGameOptions(rules=rules, difficulty=level, game_number=number)
