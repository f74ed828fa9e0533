"""The Settings dialog: display settings that apply at once (docs/rules.md §7)."""

from __future__ import annotations

from PySide6.QtCore import QCoreApplication, QEvent, QLocale, Qt, QTimer, Signal, Slot
from PySide6.QtGui import QResizeEvent
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QGridLayout,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QSlider,
    QVBoxLayout,
    QWidget,
)

from spades_desktop.languages import LANGUAGE_NAMES, LANGUAGE_SETTINGS, SYSTEM
from spades_desktop.looks import (
    CARD_BACKS,
    CARD_SIZES,
    DEFAULT_CARD_BACK,
    DEFAULT_CARD_SIZE,
    DEFAULT_FELT,
    FELTS,
)
from spades_desktop.persistence.settings import DEFAULT_SOUND_VOLUME

from .common import (
    NOTE_STYLE,
    describe_buttons,
    hold_wrapped_lines,
    keep_centred,
    lay_out_wrapped,
)

__all__ = ["SPEED_SLIDER_MAX", "SettingsDialog", "back_name", "card_size_name", "felt_name"]

SOUND_PREVIEW_MS = 300
"""A sound is played this long after the volume slider last moved (to hear the level)."""

SPEED_SLIDER_MAX = 30
"""The slider runs 0–30; the animation speed is the slider value / 10 (0 = instant)."""


def felt_name(felt: str) -> str:
    """The display name of a felt key (one of :data:`spades_desktop.looks.FELTS`); an
    unknown key is shown as it is, capitalised."""
    names = {
        "green": QCoreApplication.translate("Looks", "Green"),
        "blue": QCoreApplication.translate("Looks", "Blue"),
        "burgundy": QCoreApplication.translate("Looks", "Burgundy"),
        "grey": QCoreApplication.translate("Looks", "Grey"),
    }
    return names.get(felt, felt.capitalize())


def back_name(back: str) -> str:
    """The display name of a card back key (one of
    :data:`spades_desktop.looks.CARD_BACKS`); an unknown key is shown capitalised."""
    names = {
        "blue": QCoreApplication.translate("Looks", "Blue lattice"),
        "red": QCoreApplication.translate("Looks", "Red lattice"),
        "green": QCoreApplication.translate("Looks", "Green lattice"),
    }
    return names.get(back, back.capitalize())


def card_size_name(size: str) -> str:
    """The display name of a card size key (one of
    :data:`spades_desktop.looks.CARD_SIZES`); an unknown key is shown capitalised."""
    names = {
        "normal": QCoreApplication.translate("Looks", "Normal"),
        "large": QCoreApplication.translate("Looks", "Large (125 %)"),
        "extra-large": QCoreApplication.translate("Looks", "Extra large (150 %)"),
    }
    return names.get(size, size.capitalize())


def _switch_box(name: str, checked: bool) -> tuple[QGroupBox, QCheckBox, QLabel]:
    """A group box holding one switch (a check box named ``name``) and its note."""
    box = QGroupBox()
    switch = QCheckBox()
    switch.setObjectName(name)
    switch.setChecked(checked)
    note = QLabel()
    note.setStyleSheet(NOTE_STYLE)
    note.setWordWrap(True)
    layout = QVBoxLayout(box)
    layout.addWidget(switch)
    layout.addWidget(note)
    return box, switch, note


class SettingsDialog(QDialog):
    """Display settings that apply at once (docs/rules.md §7): language, animation speed,
    bid advice, the felt colour and the card back.

    ``animation_speed`` is 0.0–3.0 (0 = instant, 1 = normal, 3 = slow), in steps
    of 0.1. :attr:`changed` is emitted on every change with the new values.
    ``language`` is a ``Settings.language`` value ("system", "en", "zh_CN");
    :attr:`language_changed` is emitted with the new value when another is chosen.
    ``felt`` and ``card_back`` are keys of :data:`spades_desktop.looks.FELTS` and
    ``CARD_BACKS``; :attr:`looks_changed` is emitted with both when either changes.
    ``four_colour_deck``, ``card_size`` (a key of ``looks.CARD_SIZES``) and
    ``high_contrast`` are the ``QCheckBox`` ``fourColourDeck``, the ``QComboBox``
    ``cardSize`` and the ``QCheckBox`` ``highContrast``; :attr:`appearance_changed` is
    emitted with the three when any changes.

    Object names (tests and tools may rely on them): the ``QComboBox`` children
    ``language``, ``felt`` and ``cardBack``; the ``QSlider`` ``animationSpeed``; the
    ``QLabel`` ``speedValue`` (the speed in words: "Instant", "Normal", "1.5× normal
    time"); the ``QCheckBox`` ``showBidAdvice`` and ``oneClickPlay``.
    ``one_click_play``: a click plays a card at once; :attr:`one_click_changed` is
    emitted with the new value when it is switched.
    ``play_forced_cards``: South's only legal card is played for South, the
    ``QCheckBox`` ``playForcedCards``; :attr:`forced_cards_changed` is emitted with the
    new value when it is switched.
    ``sound_on`` and ``sound_volume`` (0–100) are the sound settings: the ``QCheckBox``
    ``soundOn``, the ``QSlider`` ``soundVolume`` (steps of 5, disabled while sound is
    off) and the ``QLabel`` ``volumeValue``; :attr:`sound_changed` is emitted with both
    on every change, and :attr:`sound_preview_requested` ``SOUND_PREVIEW_MS`` after the
    volume last moved, so that the player hears the new level.
    """

    changed = Signal(float, bool)
    one_click_changed = Signal(bool)
    forced_cards_changed = Signal(bool)
    language_changed = Signal(str)
    looks_changed = Signal(str, str)
    appearance_changed = Signal(bool, str, bool)
    sound_changed = Signal(bool, int)
    sound_preview_requested = Signal()

    def __init__(
        self,
        parent: QWidget | None = None,
        *,
        animation_speed: float,
        show_bid_advice: bool,
        one_click_play: bool = False,
        play_forced_cards: bool = False,
        language: str = SYSTEM,
        felt: str = DEFAULT_FELT,
        card_back: str = DEFAULT_CARD_BACK,
        four_colour_deck: bool = False,
        card_size: str = DEFAULT_CARD_SIZE,
        high_contrast: bool = False,
        sound_on: bool = True,
        sound_volume: int = DEFAULT_SOUND_VOLUME,
    ) -> None:
        super().__init__(parent)
        keep_centred(self)

        language_box = self._language_box = QGroupBox()
        self._language = QComboBox()
        self._language.setObjectName("language")
        for code in LANGUAGE_SETTINGS:
            self._language.addItem("", code)
        index = self._language.findData(language)
        self._language.setCurrentIndex(max(0, index))
        language_layout = QVBoxLayout(language_box)
        language_layout.addWidget(self._language)

        anim_box = self._anim_box = QGroupBox()
        self._slider = QSlider(Qt.Orientation.Horizontal)
        self._slider.setObjectName("animationSpeed")
        self._slider.setRange(0, SPEED_SLIDER_MAX)
        self._slider.setSingleStep(1)
        self._slider.setPageStep(5)
        self._slider.setTickPosition(QSlider.TickPosition.TicksBelow)
        self._slider.setTickInterval(5)
        self._slider.setValue(round(max(0.0, min(3.0, animation_speed)) * 10))
        self._value_label = QLabel()
        self._value_label.setObjectName("speedValue")
        self._value_label.setMinimumWidth(
            self._value_label.fontMetrics().horizontalAdvance("0000000000")
        )
        self._value_label.setAlignment(
            Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter
        )
        self._instant = QLabel()
        self._slow = QLabel()
        self._slow.setAlignment(Qt.AlignmentFlag.AlignRight)
        for end in (self._instant, self._slow):
            end.setStyleSheet(NOTE_STYLE)
        self._speed_caption = QLabel()
        grid = QGridLayout(anim_box)
        grid.addWidget(self._speed_caption, 0, 0, 1, 2)
        grid.addWidget(self._value_label, 0, 2)
        grid.addWidget(self._slider, 1, 0, 1, 3)
        grid.addWidget(self._instant, 2, 0)
        grid.addWidget(self._slow, 2, 2)
        grid.setColumnStretch(1, 1)

        advice_box, self._advice, self._advice_note = _switch_box("showBidAdvice",
                                                                   show_bid_advice)
        self._advice_box = advice_box
        play_box, self._one_click, self._one_click_note = _switch_box("oneClickPlay",
                                                                      one_click_play)
        self._play_box = play_box
        self._forced = QCheckBox()
        self._forced.setObjectName("playForcedCards")
        self._forced.setChecked(play_forced_cards)
        self._forced_note = QLabel()
        self._forced_note.setStyleSheet(NOTE_STYLE)
        self._forced_note.setWordWrap(True)
        play_layout = play_box.layout()
        assert play_layout is not None
        play_layout.addWidget(self._forced)
        play_layout.addWidget(self._forced_note)

        looks_box = self._looks_box = QGroupBox()
        self._felt = QComboBox()
        self._felt.setObjectName("felt")
        for key in FELTS:
            self._felt.addItem("", key)
        self._felt.setCurrentIndex(max(0, self._felt.findData(felt)))
        self._back = QComboBox()
        self._back.setObjectName("cardBack")
        for key in CARD_BACKS:
            self._back.addItem("", key)
        self._back.setCurrentIndex(max(0, self._back.findData(card_back)))
        self._felt_caption = QLabel()
        self._felt_caption.setBuddy(self._felt)
        self._back_caption = QLabel()
        self._back_caption.setBuddy(self._back)
        looks_layout = QGridLayout(looks_box)
        looks_layout.addWidget(self._felt_caption, 0, 0)
        looks_layout.addWidget(self._felt, 0, 1)
        looks_layout.addWidget(self._back_caption, 1, 0)
        looks_layout.addWidget(self._back, 1, 1)
        self._card_size = QComboBox()
        self._card_size.setObjectName("cardSize")
        for key in CARD_SIZES:
            self._card_size.addItem("", key)
        self._card_size.setCurrentIndex(max(0, self._card_size.findData(card_size)))
        self._size_caption = QLabel()
        self._size_caption.setBuddy(self._card_size)
        looks_layout.addWidget(self._size_caption, 2, 0)
        looks_layout.addWidget(self._card_size, 2, 1)
        self._four_colour = QCheckBox()
        self._four_colour.setObjectName("fourColourDeck")
        self._four_colour.setChecked(four_colour_deck)
        looks_layout.addWidget(self._four_colour, 3, 0, 1, 2)
        self._high_contrast = QCheckBox()
        self._high_contrast.setObjectName("highContrast")
        self._high_contrast.setChecked(high_contrast)
        looks_layout.addWidget(self._high_contrast, 4, 0, 1, 2)
        looks_layout.setColumnStretch(1, 1)

        sound_box = self._sound_box = QGroupBox()
        self._sound_on = QCheckBox()
        self._sound_on.setObjectName("soundOn")
        self._sound_on.setChecked(sound_on)
        self._volume = QSlider(Qt.Orientation.Horizontal)
        self._volume.setObjectName("soundVolume")
        self._volume.setRange(0, 100)
        self._volume.setSingleStep(5)
        self._volume.setPageStep(10)
        self._volume.setValue(max(0, min(100, sound_volume)))
        self._volume.setEnabled(sound_on)
        self._volume_caption = QLabel()
        self._volume_caption.setBuddy(self._volume)
        self._volume_value = QLabel()
        self._volume_value.setObjectName("volumeValue")
        self._volume_value.setMinimumWidth(
            self._volume_value.fontMetrics().horizontalAdvance("00000")
        )
        self._volume_value.setAlignment(
            Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter
        )
        self._sound_note = QLabel()
        self._sound_note.setStyleSheet(NOTE_STYLE)
        self._sound_note.setWordWrap(True)
        sound_layout = QGridLayout(sound_box)
        sound_layout.addWidget(self._sound_on, 0, 0, 1, 3)
        sound_layout.addWidget(self._volume_caption, 1, 0)
        sound_layout.addWidget(self._volume, 1, 1)
        sound_layout.addWidget(self._volume_value, 1, 2)
        sound_layout.addWidget(self._sound_note, 2, 0, 1, 3)
        sound_layout.setColumnStretch(1, 1)
        self._preview = QTimer(self)
        self._preview.setSingleShot(True)
        self._preview.setInterval(SOUND_PREVIEW_MS)
        self._preview.timeout.connect(self.sound_preview_requested)

        self._note = QLabel()
        self._note.setStyleSheet(NOTE_STYLE)

        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        buttons.rejected.connect(self.accept)

        # two columns, so that the whole dialog fits an 800×600 screen: the game's
        # settings on the left, the table's looks and sound on the right
        left, right = QVBoxLayout(), QVBoxLayout()
        for box in (language_box, anim_box, advice_box, play_box):
            left.addWidget(box)
        for box in (looks_box, sound_box):
            right.addWidget(box)
        left.addStretch(1)
        right.addStretch(1)
        columns = QHBoxLayout()
        columns.addLayout(left, 1)
        columns.addLayout(right, 1)
        layout = QVBoxLayout(self)
        layout.addLayout(columns)
        layout.addWidget(self._note)
        layout.addWidget(buttons)
        self.setMinimumWidth(720)

        self.retranslate()
        self._slider.valueChanged.connect(self._on_changed)
        self._advice.toggled.connect(self._on_changed)
        self._one_click.toggled.connect(self.one_click_changed)
        self._forced.toggled.connect(self.forced_cards_changed)
        self._language.currentIndexChanged.connect(self._on_language)
        self._felt.currentIndexChanged.connect(self._on_looks)
        self._back.currentIndexChanged.connect(self._on_looks)
        self._card_size.currentIndexChanged.connect(self._on_appearance)
        self._four_colour.toggled.connect(self._on_appearance)
        self._high_contrast.toggled.connect(self._on_appearance)
        self._sound_on.toggled.connect(self._on_sound)
        self._volume.valueChanged.connect(self._on_volume)

    def retranslate(self) -> None:
        """Set every text in the current language (also on ``LanguageChange``)."""
        self.setWindowTitle(self.tr("Settings"))
        self._language_box.setTitle(self.tr("Language"))
        for i in range(self._language.count()):
            code = self._language.itemData(i)
            name = (self.tr("System language") if code == SYSTEM
                    else LANGUAGE_NAMES.get(code, code))
            self._language.setItemText(i, name)
        self._language.setAccessibleName(self.tr("Language"))
        self._anim_box.setTitle(self.tr("Animations"))
        self._slider.setAccessibleName(self.tr("Animation speed"))
        self._instant.setText(self.tr("Instant"))
        self._slow.setText(self.tr("Slow"))
        self._speed_caption.setText(self.tr("Animation speed:"))
        self._advice_box.setTitle(self.tr("Bidding"))
        self._advice.setText(self.tr("Show bid advice"))
        self._advice_note.setText(
            self.tr("Marks a recommended bid in the bid panel, with a one-line reason.")
        )
        self._play_box.setTitle(self.tr("Playing"))
        self._one_click.setText(self.tr("Play a card with one click"))
        self._one_click_note.setText(self.tr("Off: a first click raises, a second plays."))
        self._forced.setText(self.tr("Play forced cards for me"))
        self._forced_note.setText(self.tr("When you have only one card you may play, it "
                                          "is played after a short pause."))
        self._looks_box.setTitle(self.tr("Table"))
        self._felt_caption.setText(self.tr("&Felt colour:"))
        self._back_caption.setText(self.tr("Card &back:"))
        for i in range(self._felt.count()):
            self._felt.setItemText(i, felt_name(str(self._felt.itemData(i))))
        for i in range(self._back.count()):
            self._back.setItemText(i, back_name(str(self._back.itemData(i))))
        self._size_caption.setText(self.tr("Card &size:"))
        for i in range(self._card_size.count()):
            self._card_size.setItemText(i, card_size_name(str(self._card_size.itemData(i))))
        self._four_colour.setText(self.tr("Four-colour deck (\u2666 blue, \u2663 green)"))
        self._high_contrast.setText(self.tr("High contrast"))
        self._sound_box.setTitle(self.tr("Sound"))
        self._sound_on.setText(self.tr("Play sounds"))
        self._volume_caption.setText(self.tr("&Volume:"))
        self._volume.setAccessibleName(self.tr("Volume"))
        self._sound_note.setText(self.tr("Short sounds for the deal, the cards, the bids, "
                                         "your turn and the results. M switches them off "
                                         "and on."))
        self._update_volume_label()
        self._note.setText(self.tr("These settings apply at once."))
        self._describe()
        self._update_value_label()

    def _describe(self) -> None:
        """The controls' accessible names and descriptions (a screen reader says the
        description after the name), in the current language."""
        self._language.setAccessibleDescription(self.tr(
            "The language of the game's words; it changes at once."))
        self._slider.setAccessibleDescription(self.tr(
            "How fast the cards and bids move, from instant to slow."))
        self._advice.setAccessibleDescription(self._advice_note.text())
        self._one_click.setAccessibleDescription(self._one_click_note.text())
        self._forced.setAccessibleDescription(self._forced_note.text())
        self._felt.setAccessibleName(self.tr("Felt colour"))
        self._felt.setAccessibleDescription(self.tr("The colour of the table."))
        self._back.setAccessibleName(self.tr("Card back"))
        self._back.setAccessibleDescription(self.tr("The picture on the backs of the cards."))
        self._card_size.setAccessibleName(self.tr("Card size"))
        self._card_size.setAccessibleDescription(self.tr(
            "How large the cards are drawn; a small window draws them smaller."))
        self._four_colour.setAccessibleDescription(self.tr(
            "Diamonds in blue and clubs in green, so that no two suits share a colour."))
        self._high_contrast.setAccessibleDescription(self.tr(
            "A black table with white text and bright marks."))
        self._sound_on.setAccessibleDescription(self._sound_note.text())
        self._volume.setAccessibleDescription(self.tr(
            "How loud the sounds are, from silent to full."))
        describe_buttons(self)

    def changeEvent(self, event: QEvent) -> None:  # noqa: N802 (Qt name)
        if event.type() == QEvent.Type.LanguageChange:
            self.retranslate()
            QTimer.singleShot(0, self, lambda: hold_wrapped_lines(self))  # once laid out
        super().changeEvent(event)

    def setVisible(self, visible: bool) -> None:  # noqa: N802 (Qt name)
        if visible and not self.isVisible():
            lay_out_wrapped(self)  # its real size before it is centred and shown
        super().setVisible(visible)

    def resizeEvent(self, event: QResizeEvent) -> None:  # noqa: N802 (Qt name)
        super().resizeEvent(event)
        hold_wrapped_lines(self)

    @Slot()
    def _on_language(self) -> None:
        self.language_changed.emit(self.language())

    @Slot()
    def _on_looks(self) -> None:
        self.looks_changed.emit(*self.looks())

    @Slot()
    def _on_appearance(self) -> None:
        self.appearance_changed.emit(*self.appearance())

    def appearance(self) -> tuple[bool, str, bool]:
        """The chosen (four_colour_deck, card_size, high_contrast)."""
        return (self._four_colour.isChecked(), str(self._card_size.currentData()),
                self._high_contrast.isChecked())

    def looks(self) -> tuple[str, str]:
        """The chosen (felt, card_back) keys."""
        return str(self._felt.currentData()), str(self._back.currentData())

    def sound(self) -> tuple[bool, int]:
        """The chosen (sound_on, sound_volume)."""
        return self._sound_on.isChecked(), self._volume.value()

    def _update_volume_label(self) -> None:
        self._volume_value.setText(self.tr("{0} %").format(self._volume.value()))

    @Slot()
    def _on_sound(self) -> None:
        self._volume.setEnabled(self._sound_on.isChecked())
        self.sound_changed.emit(*self.sound())

    @Slot()
    def _on_volume(self) -> None:
        self._update_volume_label()
        self.sound_changed.emit(*self.sound())
        self._preview.start()

    def language(self) -> str:
        """The chosen ``Settings.language`` value."""
        return str(self._language.currentData())

    def _update_value_label(self) -> None:
        value = self._slider.value()
        if value == 0:
            text = self.tr("Instant")
        elif value == 10:
            text = self.tr("Normal")
        else:
            factor = QLocale().toString(value / 10, "f", 1)
            text = self.tr("{factor}\u00d7 normal time").format(factor=factor)
        self._value_label.setText(text)

    @Slot()
    def _on_changed(self) -> None:
        self._update_value_label()
        self.changed.emit(*self.values())

    def values(self) -> tuple[float, bool]:
        """The current (animation_speed, show_bid_advice)."""
        return self._slider.value() / 10, self._advice.isChecked()
