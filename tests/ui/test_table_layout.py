"""Table geometry (pure functions) and an offscreen picture of the scene."""

from __future__ import annotations

import pytest

from spades_desktop.engine import Rules, Seat, apply_action, legal_actions, new_game, observe
from spades_desktop.ui.table.layout import TableGeometry

SIZES = [(640, 460), (1100, 760), (1920, 1080), (800, 1000)]


@pytest.mark.parametrize(("w", "h"), SIZES)
@pytest.mark.parametrize("seat", list(Seat))
def test_full_hands_stay_inside_the_table(w: int, h: int, seat: Seat) -> None:
    g = TableGeometry(w, h)
    for p in g.hand(seat, 13):
        if p.rotation == 90.0:  # drawn rotated about the card's centre
            cx, cy = p.x + g.card_w / 2, p.y + g.card_h / 2
            left, right = cx - g.card_h / 2, cx + g.card_h / 2
            top, bottom = cy - g.card_w / 2, cy + g.card_w / 2
        else:
            left, right, top, bottom = p.x, p.x + g.card_w, p.y, p.y + g.card_h
        assert left >= 0 and top >= 0, (seat, p)
        assert right <= w + 0.01 and bottom <= h + 0.01, (seat, p)


@pytest.mark.parametrize(("w", "h"), SIZES)
def test_south_fan_runs_left_to_right_and_raised_card_is_lifted(w: int, h: int) -> None:
    g = TableGeometry(w, h)
    flat = g.hand(Seat.SOUTH, 13)
    xs = [p.x for p in flat]
    assert xs == sorted(xs) and len(set(xs)) == 13
    raised = g.hand(Seat.SOUTH, 13, raised=4)
    assert raised[4].y < flat[4].y
    assert [p.y for i, p in enumerate(raised) if i != 4] == [p.y for i, p in enumerate(flat)
                                                             if i != 4]


@pytest.mark.parametrize(("w", "h"), SIZES)
def test_trick_slots_are_distinct_and_central(w: int, h: int) -> None:
    g = TableGeometry(w, h)
    slots = {s: g.trick_slot(s) for s in Seat}
    assert len({(p.x, p.y) for p in slots.values()}) == 4
    assert slots[Seat.WEST].x < slots[Seat.EAST].x
    assert slots[Seat.NORTH].y < slots[Seat.SOUTH].y
    for p in slots.values():
        assert w * 0.2 < p.x + g.card_w / 2 < w * 0.8
        assert h * 0.2 < p.y + g.card_h / 2 < h * 0.8


def _mid_trick_view():
    state = new_game(Rules(), 11)
    while len(state.current_trick) < 3 or state.current_player != Seat.SOUTH:
        state = apply_action(state, legal_actions(state)[-1])
    return observe(state, Seat.SOUTH)


def test_table_picture_offscreen(qtbot, tmp_path) -> None:
    """Render the table to a PNG: felt in the middle, South's cards face up at the
    bottom, three trick cards, plates clear of the trick."""
    from PySide6.QtGui import QColor, QImage, QPainter

    import spades_desktop.rc_resources  # noqa: F401
    from spades_desktop.ui.table.scene import TableScene

    scene = TableScene()
    scene.set_speed(0)
    scene.set_size(1100, 760)
    view = _mid_trick_view()
    scene.show_view(view)
    assert len(scene.snapshot().hand) == len(view.hand)
    assert set(scene.snapshot().trick) == {s for s, _ in view.current_trick}
    assert scene.snapshot().back_counts() == {s: view.hand_sizes[s] for s in Seat
                                              if s != Seat.SOUTH}
    image = QImage(1100, 760, QImage.Format.Format_ARGB32)
    image.fill(QColor("black"))
    painter = QPainter(image)
    scene.render(painter)
    painter.end()
    path = tmp_path / "table.png"
    assert image.save(str(path))
    felt = image.pixelColor(300, 380)  # between West's plate and the trick
    assert felt.green() > felt.red() + 30 and felt.green() > felt.blue() + 20
    # a lit card shows a near-white face; an unplayable one is dimmed (South must follow)
    items = scene.snapshot().hand
    for card, item in items.items():
        r = item.rect
        face = image.pixelColor(int(r.left() + 8), int(r.bottom() - 10))
        if card in view.legal:
            assert not item.dimmed
            assert min(face.red(), face.green(), face.blue()) > 200, (card, face.name())
        else:
            assert item.dimmed
            assert max(face.red(), face.green(), face.blue()) < 160, (card, face.name())
    # every plate is clear of every trick card
    for seat in Seat:
        plate = scene.snapshot().plates[seat].rect
        for card in scene.snapshot().trick.values():
            assert not plate.intersects(card.rect), seat
