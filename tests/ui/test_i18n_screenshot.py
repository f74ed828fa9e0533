"""The table rendered in Chinese, offscreen, with a real CJK font (CI installs Debian's
fonts-noto-cjk): Chinese glyphs are drawn, not empty boxes. The same renderer writes
docs/table-zh_CN.png and docs/table-en.png (python tools/update_translations.py
--screenshots)."""

from __future__ import annotations

import os

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

import importlib.util  # noqa: E402
import sys  # noqa: E402
from pathlib import Path  # noqa: E402

import pytest  # noqa: E402
from PySide6.QtCore import QPointF  # noqa: E402
from PySide6.QtGui import QColor, QFont, QImage, QPainter  # noqa: E402

from spades_desktop.ui import i18n  # noqa: E402

ROOT = Path(__file__).resolve().parents[2]


def _tool():
    spec = importlib.util.spec_from_file_location("update_translations",
                                                  ROOT / "tools" / "update_translations.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module


@pytest.fixture
def cjk_font(qapp):
    if not i18n.has_cjk_font():
        pytest.skip("no font with Chinese characters (install Debian's fonts-noto-cjk)")
    yield
    i18n.remove_translators()


def _text_image(text: str) -> QImage:
    image = QImage(240, 48, QImage.Format.Format_ARGB32)
    image.fill(QColor("white"))
    painter = QPainter(image)
    font = QFont()
    font.setPixelSize(28)
    painter.setFont(font)
    painter.setPen(QColor("black"))
    painter.drawText(QPointF(4, 36), text)
    painter.end()
    return image


def test_chinese_glyphs_are_drawn_not_boxes(cjk_font) -> None:
    """Two different Chinese words look different; as missing-glyph boxes they would
    be the same picture."""
    a, b = _text_image("黑桃已破"), _text_image("叫墩合约")
    assert a != b
    assert a != _text_image("")


def test_table_screenshot_in_chinese(cjk_font, tmp_path) -> None:
    tool = _tool()
    path = tool.render_table("zh_CN", tmp_path / "table-zh_CN.png")
    image = QImage(str(path))
    assert (image.width(), image.height()) == tool.SCREENSHOT_SIZE
    # the green felt around the bid panel
    felt = image.pixelColor(image.width() // 2, int(image.height() * 0.3))
    assert felt.green() > felt.red() and felt.green() > felt.blue()
    english = tool.render_table("en", tmp_path / "table-en.png")
    assert QImage(str(english)) != image
    for name in ("table-zh_CN.png", "table-en.png"):
        committed = QImage(str(ROOT / "docs" / name))
        assert committed.size() == image.size(), f"docs/{name} is missing or stale"
