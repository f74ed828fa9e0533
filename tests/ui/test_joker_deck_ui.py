"""The Joker-Joker-Deuce-Deuce deck in the interface (docs/rules.md §1, Deck): the
jokers' faces, their names on the screen and for a screen reader in English and Chinese,
typing a joker, the New Game dialog's deck option and preset, and a table of such a game
rendered offscreen."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QImage
from PySide6.QtWidgets import QApplication, QComboBox, QLabel, QMessageBox

from spades_desktop.engine import (
    DECK_CARDS,
    Bid,
    Card,
    Refusal,
    RuleCode,
    Rules,
    Seat,
    Suit,
    apply_action,
    mask_to_cards,
    new_game,
    parse_card,
    sort_hand,
)
from spades_desktop.engine.core import DECK_JOKERS_DEUCES
from spades_desktop.ui.dialogs import NewGameDialog, RulesDialog
from spades_desktop.ui.dialogs.hand_so_far import (
    HandSoFarDialog,
    card_text_colour,
    out_rank_text,
)
from spades_desktop.ui.dialogs.shortcuts import table_keys
from spades_desktop.ui.house_rules_text import (
    choice_text,
    house_rule_texts,
    in_force_name,
    preset_name,
)
from spades_desktop.ui.i18n import engine_text
from spades_desktop.ui.table.card_item import CardRenderer
from spades_desktop.ui.table.speech import card_name, card_played_text, hand_text
from spades_desktop.ui.texts import card_label

from .table_driver import Game

JJDD = "joker-joker-deuce-deuce"
BIG = Card(Suit.SPADES, 18)
LITTLE = Card(Suit.SPADES, 17)
TWO_OF_DIAMONDS = Card(Suit.SPADES, 16)
"""The 2♦ that plays as a spade."""
HIGH_TWO = Card(Suit.SPADES, 15)
"""The 2♠ above the ace."""

DEAL = {
    Seat.SOUTH: "BJ 2D AS KS 7S AH QH 9H 5H AD KD 6D 4D",
    Seat.WEST: "LJ QS 9S 4S KH TH 3H AC KC QC 5C 9D 3D",
    Seat.NORTH: "2S JS TS 8S 3S JH 8H 4H JC TC 4C QD 5D",
    Seat.EAST: "6S 5S 7H 6H 9C 8C 7C 6C 3C JD TD 8D 7D",
}
"""South holds the Big Joker, the 2♦ and no club; West the Little Joker."""
PLAYED = "AH 3H 4H 6H AD 3D 5D 7D 9H KH 8H 7H AC 4C 3C"
"""After the bids 5, 3, 3, 1: three tricks, then West's A♣ lead, North and East follow;
South, void in clubs, is to play."""


def joker_position():  # type: ignore[no-untyped-def]
    """The state, actions and deal of :data:`DEAL` played through :data:`PLAYED`."""
    rules = Rules(deck=JJDD)
    deal = {seat: [parse_card(c, rules.deck_number) for c in cards.split()]
            for seat, cards in DEAL.items()}
    state = new_game(rules, 7, deal)
    actions = [Bid(5), Bid(3), Bid(3), Bid(1),
               *(parse_card(c, rules.deck_number) for c in PLAYED.split())]
    for action in actions:
        state = apply_action(state, action)
    return state, actions, deal


# -- the faces -----------------------------------------------------------------------------

def _coloured(colour: QColor) -> bool:
    """A clearly red pixel (the Big Joker's ink)."""
    return colour.red() > 150 and colour.green() < 90 and colour.blue() < 90


@pytest.mark.parametrize("four_colour", [False, True])
@pytest.mark.parametrize("code", ["LJ", "BJ"])
def test_the_jokers_faces_load_and_render(qapp, code, four_colour):
    renderer = CardRenderer()
    renderer.set_four_colour(four_colour)
    card = parse_card(code, DECK_JOKERS_DEUCES)
    assert renderer.face_code(card) == code  # one face for both decks
    assert renderer.renderer(code).isValid()
    image = renderer.pixmap(code, 100, 140, 1.0).toImage()
    assert (image.width(), image.height()) == (100, 140)
    pixels = [image.pixelColor(x, y) for y in range(140) for x in range(100)]
    inked = [c for c in pixels if c.alpha() > 200 and c.lightness() < 160]
    assert len(inked) > 1500, len(inked)  # a figure, not a blank card
    # the corner index ("JOKER" downwards): the Little Joker's black, the Big Joker's red
    index = [image.pixelColor(x, y) for y in range(6, 70) for x in range(4, 18)]
    if code == "BJ":
        assert sum(_coloured(c) for c in index) > 40
        assert sum(_coloured(c) for c in pixels) > 800
    else:
        assert sum(c.lightness() < 80 for c in index) > 40
        # monochrome: no pixel has a hue worth the name
        assert max(max(c.red(), c.green(), c.blue()) - min(c.red(), c.green(), c.blue())
                   for c in pixels if c.alpha() > 200) < 48


def test_the_trump_twos_show_their_printed_faces(qapp):
    """The 2♠ is the ordinary 2♠; the 2♦ that plays as a spade is printed a diamond,
    with a small spade under each index; the 2♦ of the other decks has none."""
    renderer = CardRenderer()
    assert renderer.face_code(TWO_OF_DIAMONDS) == "2D-trump"  # a diamond, marked a spade
    assert renderer.face_code(HIGH_TWO) == "2S"
    assert renderer.face_code(parse_card("2D")) == "2D"
    renderer.set_four_colour(True)
    assert renderer.face_code(TWO_OF_DIAMONDS) == "four-colour/2D-trump"  # blue diamonds
    assert renderer.face_code(HIGH_TWO) == "2S"
    for card in DECK_CARDS[DECK_JOKERS_DEUCES]:
        assert renderer.renderer(renderer.face_code(card)).isValid(), card


@pytest.mark.parametrize("four_colour", [False, True])
def test_the_trump_two_of_diamonds_bears_spade_marks(qapp, four_colour):
    """Under the corner diamond of the trump 2♦ (where a fanned hand shows it) there is
    black ink, a spade; the plain 2♦ is white there."""
    renderer = CardRenderer()
    renderer.set_four_colour(four_colour)

    def dark_under_index(card: Card) -> int:
        image = renderer.pixmap(renderer.face_code(card), 100, 140, 1.0).toImage()
        # the index sits at x 11, down to y 40 of 140; the mark below it, to y 54
        return sum(image.pixelColor(x, y).lightness() < 60
                   for y in range(42, 56) for x in range(4, 19))

    assert dark_under_index(TWO_OF_DIAMONDS) > 25
    assert dark_under_index(parse_card("2D")) == 0


# -- names ---------------------------------------------------------------------------------

HAND = sort_hand([BIG, LITTLE, TWO_OF_DIAMONDS, HIGH_TWO, parse_card("AS"),
                  parse_card("3H")])


def test_the_jokers_and_the_trump_two_are_named_in_english(language):
    language("en")
    assert [card_label(c) for c in HAND[:4]] == ["Big Joker", "Little Joker", "2♦", "2♠"]
    assert [card_label(c, short=True) for c in HAND[:2]] == ["BJ", "LJ"]
    assert card_name(BIG) == "Big Joker"
    assert card_name(TWO_OF_DIAMONDS) == "2 of diamonds (trump)"
    assert card_name(HIGH_TWO) == "2 of spades"
    assert card_played_text(Seat.WEST, LITTLE) == "West plays the Little Joker."
    assert card_played_text(Seat.SOUTH, TWO_OF_DIAMONDS) == (
        "You play the 2 of diamonds (trump).")
    assert hand_text(HAND) == ("Spades: Big Joker, Little Joker, 2 of diamonds, 2, ace. "
                               "Hearts: 3. Clubs: none. Diamonds: none.")
    assert engine_text(Refusal(RuleCode.CARD_NOT_HELD, card=LITTLE)) == (
        "You don't hold the Little Joker.")
    follow = Refusal(RuleCode.MUST_FOLLOW, suit=Suit.DIAMONDS)
    assert engine_text(follow, TWO_OF_DIAMONDS) == (
        "You must follow diamonds. The 2♦ is a spade in this deck.")
    assert engine_text(follow, parse_card("AH")) == "You must follow diamonds."
    assert engine_text(Refusal(RuleCode.SPADES_NOT_BROKEN), TWO_OF_DIAMONDS).endswith(
        "lead another suit. The 2♦ is a spade in this deck.")


def test_the_jokers_and_the_trump_two_are_named_in_chinese(language):
    language("zh_CN")
    assert [card_label(c) for c in HAND[:2]] == ["大王", "小王"]
    assert [card_label(c, short=True) for c in HAND[:2]] == ["大王", "小王"]
    assert card_name(TWO_OF_DIAMONDS) == "方块 2（将牌）"
    assert card_played_text(Seat.WEST, BIG) == "西家出大王。"
    assert card_played_text(Seat.SOUTH, TWO_OF_DIAMONDS) == "你出方块 2（将牌）。"
    assert hand_text(HAND).startswith("黑桃：大王、小王、方块 2、2、A。")
    assert engine_text(Refusal(RuleCode.CARD_NOT_HELD, card=BIG)) == "你手里没有 大王。"
    assert engine_text(Refusal(RuleCode.MUST_FOLLOW, suit=Suit.DIAMONDS), TWO_OF_DIAMONDS) \
        == "必须跟方块。这副牌里 2♦ 算黑桃。"
    assert in_force_name("deck", JJDD) == "双王双二"
    assert preset_name(JJDD) == "双王双二"
    assert choice_text("deck", "joker-joker") == "双王"
    assert house_rule_texts()["deck"].label == "牌组"


def test_the_hand_so_far_writes_the_trumps_of_a_joker_deck(qapp):
    assert [out_rank_text(c) for c in HAND] == ["BJ", "LJ", "2♦", "2♠", "A", "3"]
    red = card_text_colour(parse_card("AH"))
    assert card_text_colour(TWO_OF_DIAMONDS) == red  # printed a diamond: red
    assert card_text_colour(BIG) is not None and card_text_colour(BIG).red() > 150
    assert card_text_colour(LITTLE) is None  # the text's own colour, as the spades
    assert card_text_colour(TWO_OF_DIAMONDS, four_colour=True) == card_text_colour(
        parse_card("3D"), four_colour=True) != red


def test_the_deck_is_named_among_the_house_rules(qtbot):
    assert choice_text("deck", "standard") == "Standard"
    assert in_force_name("deck", "joker-joker") == "Joker-Joker"
    assert preset_name(JJDD) == "Joker-Joker-Deuce-Deuce"
    dialog = RulesDialog(None, Rules(deck=JJDD, nil_points=50))
    qtbot.addWidget(dialog)
    assert dialog.in_force() == "House rules in this game: Nil 50, Joker-Joker-Deuce-Deuce."
    assert "Big Joker" in dialog.text() and "J then B" in dialog.text()
    keys = dict(table_keys())
    assert "Big Joker" in keys["J, then B or L"]


# -- the New Game dialog -------------------------------------------------------------------

def test_the_new_game_dialog_starts_a_joker_joker_deuce_deuce_game(qtbot, make_window):
    controller, window = make_window(language="en")
    window.activateWindow()
    window.dialogs.new_game()
    box = window.findChild(QMessageBox, "confirm_new_game")
    if box is not None and box.isVisible():  # a game was in progress
        box.button(QMessageBox.StandardButton.Yes).click()
    dialog = next(d for d in window.findChildren(NewGameDialog) if d.isVisible())
    deck = dialog.findChild(QComboBox, "house_deck")
    assert [deck.itemText(i) for i in range(deck.count())] == [
        "Standard", "Joker-Joker", "Joker-Joker-Deuce-Deuce"]
    assert deck.accessibleName() == "Deck"
    note = dialog.findChild(QLabel, "house_deck_note")
    assert note.text() == house_rule_texts()["deck"].explanation
    assert "2♦" in note.text()
    presets = dialog.findChild(QComboBox, "housePreset")
    assert presets.itemText(1) == "Joker-Joker-Deuce-Deuce"
    presets.setFocus()
    qtbot.keyClick(presets, Qt.Key.Key_Down)  # Standard → Joker-Joker-Deuce-Deuce
    assert deck.currentText() == "Joker-Joker-Deuce-Deuce"
    assert dialog.options().rules.deck == JJDD
    dialog.accept()
    qtbot.waitUntil(lambda: controller.state is not None and controller.state.rules.deck
                    == JJDD)
    state = controller.state
    dealt = {c for mask in state.hand_masks for c in mask_to_cards(mask)}
    assert dealt == set(DECK_CARDS[DECK_JOKERS_DEUCES])
    assert dict(window.settings.house_rules).get("deck") == JJDD  # remembered
    qtbot.waitUntil(lambda: "Deck: Joker-Joker-Deuce-Deuce"
                    in window.scene.snapshot().info_panel.splitlines())


# -- typing a joker, and the table rendered --------------------------------------------------

def test_a_joker_is_typed_j_then_b_and_played(game: Game) -> None:
    g = game
    state, actions, deal = joker_position()
    g.controller.resume(state, actions, "easy", deal)
    g.qtbot.waitUntil(g.south_asked)
    scene = g.window.scene
    g.qtbot.keyClicks(g.window.table, "jl")  # South holds no Little Joker
    assert scene.last_trick_shown is None  # "l" after "j" is no Last trick
    assert scene.snapshot().refusal == "You don't hold the Little Joker."
    assert scene.status_line.text == "You don't hold the Little Joker."
    g.qtbot.keyClicks(g.window.table, "2c")  # the 2♣ is out of this deck
    assert scene.snapshot().refusal == "The 2♣ is not in this deck."
    g.qtbot.keyClicks(g.window.table, "2d")  # the 2♦ as a spade: South may trump with it
    assert g.window.scene.snapshot().raised_card == TWO_OF_DIAMONDS
    g.qtbot.keyClicks(g.window.table, "jb")
    assert g.window.scene.snapshot().raised_card == BIG
    assert g.window.table.accessibleName() == "Big Joker"
    assert g.controller.view().current_player == Seat.SOUTH  # typing only raises it
    g.key(Qt.Key.Key_Return)
    assert g.controller.actions[-1] == BIG


def test_l_alone_still_shows_the_last_trick_in_a_joker_game(game: Game) -> None:
    g = game
    state, actions, deal = joker_position()
    g.controller.resume(state, actions, "easy", deal)
    g.qtbot.waitUntil(g.south_asked)
    g.key(Qt.Key.Key_L)
    assert g.window.scene.last_trick_shown is not None


def test_a_joker_joker_deuce_deuce_table_renders(game: Game, tmp_path) -> None:
    """South's hand shows the Big Joker's red index and the 2♦ beside it; the picture is
    written to a PNG (``tools/screenshots.py table-jokers`` renders the docs' one)."""
    g = game
    state, actions, deal = joker_position()
    g.controller.resume(state, actions, "easy", deal)
    g.qtbot.waitUntil(g.south_asked)
    QApplication.processEvents()
    view = g.window.table
    image: QImage = view.viewport().grab().toImage()
    path = tmp_path / "table-jokers.png"
    assert image.save(str(path), "PNG") and path.stat().st_size > 10_000
    hand = g.window.scene.snapshot().hand
    assert list(hand) == list(sort_hand(mask_to_cards(state.hand_masks[Seat.SOUTH])))
    assert list(hand)[:2] == [BIG, TWO_OF_DIAMONDS]  # shown first, the highest trumps
    ratio = image.devicePixelRatio()

    def red_in_index(card: Card) -> int:
        rect: QRectF = hand[card].rect
        count = 0
        for fy in range(6, 50, 2):
            for fx in range(3, 15):
                point = view.mapFromScene(QPointF(rect.left() + rect.width() * fx / 100,
                                                  rect.top() + rect.height() * fy / 100))
                colour = image.pixelColor(round(point.x() * ratio), round(point.y() * ratio))
                count += _coloured(colour)
        return count

    assert red_in_index(BIG) > 10  # "JOKER" in red down the corner
    assert red_in_index(TWO_OF_DIAMONDS) > 5  # a red 2 and diamond
    assert red_in_index(parse_card("AS")) == 0


@pytest.mark.slow
def test_a_joker_hand_plays_out_with_the_hand_so_far_and_the_review(game: Game) -> None:
    """A whole Joker-Joker-Deuce-Deuce hand through the table (South's cards by keys, the
    others their first legal card): the hand so far writes the jokers and the trump twos,
    the end-of-hand summary shows, and the coach's review of the hand opens and
    finishes its analysis."""
    g = game
    rules = Rules(deck=JJDD)
    deal = {seat: [parse_card(c, rules.deck_number) for c in cards.split()]
            for seat, cards in DEAL.items()}
    g.controller.start_new_game(rules, 7, "easy", deal)
    g.bots_until_south()
    g.key(Qt.Key.Key_5)
    g.key(Qt.Key.Key_Return)
    seen_dialog = False
    while True:
        g.bots_until_south(hand=1)
        state = g.controller.state
        if state.hand_number > 1 or g.window.scene.waiting_for_deal:
            break
        if not seen_dialog and len(state.hand_record.tricks) == 3:
            g.key(Qt.Key.Key_H, Qt.KeyboardModifier.ControlModifier)
            dialog = g.window.findChild(HandSoFarDialog)
            assert dialog is not None and dialog.isVisible()
            out = dialog.out_text(Suit.SPADES).split()
            assert "LJ" in out and "2♠" in out and "BJ" not in out  # BJ: South's own
            g.window.focus_table()
            dialog.close()
            seen_dialog = True
        g.key(Qt.Key.Key_Right)  # the first card South may play
        g.key(Qt.Key.Key_Return)
    assert seen_dialog
    g.qtbot.waitUntil(lambda: g.window.scene.waiting_for_deal)
    record = g.controller.state.hand_records[0]
    played = [card for trick in record.tricks for _seat, card in trick.plays]
    assert set(played) == set(DECK_CARDS[DECK_JOKERS_DEUCES])
    assert g.window.scene.snapshot().summary is not None
    g.window.coach.review_budget = 4
    review = g.window.coach.open_review(g.controller.state.hand_records, 0, rules, 7)
    with g.qtbot.waitSignal(review.analysis_finished, timeout=120_000):
        pass
    review.close()


def test_a_hint_in_a_joker_game_names_its_card(game: Game) -> None:
    """The coach's hint at South's card (void in clubs, the jokers' deck): the bubble
    names the card as the screen does, a joker by its name, and raises it."""
    g = game
    state, actions, deal = joker_position()
    g.controller.resume(state, actions, "easy", deal)
    g.qtbot.waitUntil(g.south_asked)
    with g.qtbot.waitSignal(g.window.coach.hints.hint_finished, timeout=60_000):
        g.key(Qt.Key.Key_H)
    shot = g.window.scene.snapshot()
    card = shot.raised_card
    assert card is not None and card in shot.hand
    assert card_label(card) in shot.hint
    assert not any(raw in shot.hint for raw in ("17", "18", " LJ", " BJ"))
