"""The card art and the compiled Qt resource module (assets/, tools/build_resources.py)."""

import os

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

import importlib.util  # noqa: E402
import shutil  # noqa: E402
from pathlib import Path  # noqa: E402

import pytest  # noqa: E402
from PySide6.QtCore import QDir, QFile, QRectF, QtMsgType, qInstallMessageHandler  # noqa: E402
from PySide6.QtGui import QColor, QImage, QPainter  # noqa: E402
from PySide6.QtSvg import QSvgRenderer  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
RANKS = "23456789TJQKA"
SUITS = "CDHS"
FACES = [f"{rank}{suit}" for suit in SUITS for rank in RANKS]
BACKS = ["back", "back-red", "back-green"]  # spades_desktop/looks.py, CARD_BACK_FILES
JOKERS = ["LJ", "BJ"]  # spades_desktop/looks.py, JOKER_COLOURS: one face for both decks
TRUMP_FACES = ["2D-trump"]  # the 2♦ that plays as a spade (looks.py, card_file)
CARD_FILES = [f"{name}.svg" for name in [*FACES, *JOKERS, *TRUMP_FACES, *BACKS]]
FOUR_COLOUR = [f"{rank}{suit}.svg" for suit in "CD" for rank in RANKS] + ["2D-trump.svg"]
"""The four-colour deck's own faces (spades_desktop/looks.py, card_file): diamonds, clubs,
and the 2♦ that plays as a spade."""
ICON = ":/assets/icons/spades-desktop.svg"
RESOURCES = ([f":/assets/cards/{name}" for name in CARD_FILES]
             + [f":/assets/cards/four-colour/{name}" for name in FOUR_COLOUR] + [ICON])


def _load_script(relative: str, name: str):
    spec = importlib.util.spec_from_file_location(name, ROOT / relative)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.fixture(scope="module")
def build_resources():
    return _load_script("tools/build_resources.py", "build_resources")


@pytest.fixture(scope="module")
def rc_module():
    import spades_desktop.rc_resources as rc

    return rc


@pytest.fixture
def qt_warnings():
    """Qt warnings (e.g. the SVG parser's "qt.svg" complaints) logged during the test."""
    messages: list[str] = []

    def handler(kind, context, message):
        if kind != QtMsgType.QtDebugMsg:
            messages.append(f"{context.category}: {message}")

    previous = qInstallMessageHandler(handler)
    yield messages
    qInstallMessageHandler(previous)


def render(name: str, width: int = 60, height: int = 84) -> QImage:
    image = QImage(width, height, QImage.Format.Format_ARGB32)
    image.fill(QColor("white"))
    painter = QPainter(image)
    QSvgRenderer(f":/assets/cards/{name}.svg").render(painter, QRectF(0, 0, width, height))
    painter.end()
    return image


def index_region(image: QImage) -> list[QColor]:
    """Pixels of the top-left corner index at 60 x 84 px, clear of the border and panel."""
    return [image.pixelColor(x, y) for x in range(2, 13) for y in range(4, 25)]


def is_red(c: QColor) -> bool:
    return c.red() > 120 and c.red() - max(c.green(), c.blue()) > 60


def is_dark(c: QColor) -> bool:
    return max(c.red(), c.green(), c.blue()) < 90


def test_importing_rc_module_registers_every_card_and_the_icon(qapp, rc_module, qt_warnings):
    cards = set(QDir(":/assets/cards").entryList())
    assert cards == {*CARD_FILES, "four-colour"}
    assert set(QDir(":/assets/cards/four-colour").entryList()) == set(FOUR_COLOUR)
    for path in RESOURCES:
        assert QFile.exists(path), path
        renderer = QSvgRenderer(path)
        assert renderer.isValid(), path
        size = renderer.defaultSize()
        if path == ICON:
            assert size.width() == size.height()
        else:
            assert (size.width(), size.height()) == (250, 350), path
    assert qt_warnings == []


def test_rc_module_is_up_to_date(build_resources):
    assert build_resources.check() == []


def test_check_notices_stale_resources(build_resources, tmp_path):
    shutil.copytree(ROOT / "assets", tmp_path / "assets")
    shutil.copy(ROOT / build_resources.QRC, tmp_path / build_resources.QRC)
    (tmp_path / "spades_desktop").mkdir()
    shutil.copy(ROOT / build_resources.RC_MODULE, tmp_path / build_resources.RC_MODULE)
    assert build_resources.check(tmp_path) == []
    card = tmp_path / "assets" / "cards" / "AS.svg"
    card.write_text(card.read_text(encoding="utf-8") + "<!-- edited -->\n", encoding="utf-8")
    assert any("rc_resources.py" in p for p in build_resources.check(tmp_path))
    (tmp_path / "assets" / "icons" / "extra.svg").write_text("<svg/>", encoding="utf-8")
    assert any("resources.qrc" in p for p in build_resources.check(tmp_path))


def test_committed_svgs_match_the_generator(tmp_path):
    generator = _load_script("assets/cards/generate_deck.py", "generate_deck")
    written = generator.generate(tmp_path / "cards", tmp_path / "icons" / "spades-desktop.svg")
    # faces, jokers, the trump 2♦, backs, icon
    assert len(written) == (52 + len(JOKERS) + len(TRUMP_FACES) + len(FOUR_COLOUR)
                            + len(BACKS) + 1)
    for name in [*CARD_FILES, *(f"four-colour/{n}" for n in FOUR_COLOUR)]:
        fresh = (tmp_path / "cards" / name).read_bytes()
        assert fresh == (ROOT / "assets" / "cards" / name).read_bytes(), name
    fresh = (tmp_path / "icons" / "spades-desktop.svg").read_bytes()
    assert fresh == (ROOT / "assets" / "icons" / "spades-desktop.svg").read_bytes()


@pytest.mark.parametrize("name", FACES)
def test_small_card_shows_a_coloured_corner_index(qapp, rc_module, name):
    pixels = index_region(render(name))
    inked = [c for c in pixels if (c.red(), c.green(), c.blue()) != (255, 255, 255)]
    assert len(inked) > 30, "no corner index"
    red = sum(map(is_red, pixels))
    dark = sum(map(is_dark, pixels))
    if name[1] in "DH":
        assert red > 20 and dark == 0, (red, dark)
    else:
        assert dark > 20 and red == 0, (red, dark)


@pytest.mark.parametrize("name", JOKERS)
def test_small_joker_shows_its_index_in_its_colour(qapp, rc_module, name):
    """The Big Joker's "JOKER" index is red, the Little Joker's black (docs/rules.md §1,
    Deck)."""
    pixels = index_region(render(name))
    red = sum(map(is_red, pixels))
    dark = sum(map(is_dark, pixels))
    if name == "BJ":
        assert red > 20 and dark == 0, (red, dark)
    else:
        assert dark > 20 and red == 0, (red, dark)


def test_back_has_no_corner_index(qapp, rc_module):
    pixels = index_region(render("back"))
    assert not any(map(is_red, pixels))
    assert sum(c.blue() > c.red() + 40 for c in pixels) > len(pixels) // 2


def test_every_card_back_of_the_looks_has_its_file() -> None:
    from spades_desktop.looks import CARD_BACK_FILES

    assert sorted(CARD_BACK_FILES.values()) == sorted(BACKS)
    for name in BACKS:
        assert (ROOT / "assets" / "cards" / f"{name}.svg").stat().st_size < 30_000
