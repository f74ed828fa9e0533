"""Mouse helpers shared by the window tests: click where a player would click."""

from __future__ import annotations

from PySide6.QtCore import QPoint, QPointF, Qt
from PySide6.QtWidgets import QGraphicsItem, QWidget

from spades_desktop.engine import Card
from spades_desktop.ui.main_window import MainWindow


def item_point(window: MainWindow, item: QGraphicsItem) -> QPoint:
    """A viewport point where ``item`` is the topmost item: where a player would click."""
    view = window.table
    rect = item.sceneBoundingRect()
    for fy in (0.5, 0.3, 0.7, 0.15, 0.85):
        for fx in (0.5, 0.35, 0.2, 0.1, 0.65, 0.8, 0.9):
            p = view.mapFromScene(QPointF(rect.left() + fx * rect.width(),
                                          rect.top() + fy * rect.height()))
            if view.itemAt(p) is item:
                return p
    raise AssertionError(f"no visible point on {item!r}")


def click_card(qtbot, window: MainWindow, card: Card) -> None:
    """A real left click on South's ``card`` in the view."""
    item = window.scene.card_items()[card]
    qtbot.mouseClick(window.table.viewport(), Qt.MouseButton.LeftButton,
                     pos=item_point(window, item))


def click_embedded(qtbot, window: MainWindow, widget: QWidget) -> None:
    """A real left click, through the view, on a widget shown inside the table."""
    top = widget.window()
    proxy = top.graphicsProxyWidget()
    assert proxy is not None and proxy.isVisible(), f"{widget!r} is not on the table"
    centre = widget.rect().center()
    local = centre if widget is top else widget.mapTo(top, centre)
    p = window.table.mapFromScene(proxy.mapToScene(QPointF(local)))
    assert window.table.itemAt(p) is proxy, "something covers the widget"
    qtbot.mouseClick(window.table.viewport(), Qt.MouseButton.LeftButton, pos=p)
