"""``spades-desktop --smoke-test`` (spades_desktop/smoke.py) and the generated icons
(tools/make_icons.py) that the packaged builds use (packaging/README.md)."""

from __future__ import annotations

import importlib.util
import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


def run_app(*args: str, **env: str) -> subprocess.CompletedProcess[str]:
    environ = {k: v for k, v in os.environ.items() if k != "QT_QPA_PLATFORM"}
    environ.update(env)
    return subprocess.run([sys.executable, "-m", "spades_desktop", *args], cwd=ROOT,
                          env=environ, capture_output=True, text=True, timeout=300)


@pytest.mark.slow
def test_smoke_test_plays_a_hand_and_passes():
    # No QT_QPA_PLATFORM in the environment: the smoke test must go offscreen itself.
    result = run_app("--smoke-test")
    assert result.returncode == 0, result.stdout + result.stderr
    assert "SMOKE OK" in result.stdout
    assert "= 13" in result.stdout  # the tricks of the hand


def test_smoke_test_fails_with_a_message_when_the_hand_does_not_finish():
    result = run_app("--smoke-test", SPADES_DESKTOP_SMOKE_TIMEOUT="0.001")
    assert result.returncode == 1
    assert "SMOKE OK" not in result.stdout
    assert "SMOKE FAILED" in result.stderr
    assert "not scored within" in result.stderr


@pytest.mark.slow
def test_smoke_test_fails_when_the_score_sheet_does_not_add_up(qapp, monkeypatch, capsys):
    from spades_desktop import smoke
    from spades_desktop.ui.dialogs import score_sheet

    monkeypatch.setenv("QT_QPA_PLATFORM", "offscreen")
    real = score_sheet.signed_number
    monkeypatch.setattr(score_sheet, "signed_number", lambda value: real(value + 1))
    assert smoke.run_smoke_test() == 1
    err = capsys.readouterr().err
    assert "SMOKE FAILED" in err
    assert "add up" in err


def test_version_option_prints_the_installed_version():
    from importlib.metadata import version

    result = run_app("--version")
    assert result.returncode == 0
    assert result.stdout.strip() in (
        f"spades-desktop {version('spades-desktop')} (compiled rules core)",
        f"spades-desktop {version('spades-desktop')} (pure-Python rules core)")


# -- icons -------------------------------------------------------------------------------
@pytest.fixture(scope="module")
def make_icons():
    spec = importlib.util.spec_from_file_location("make_icons", ROOT / "tools" / "make_icons.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_generated_icons_are_present_and_well_formed(make_icons):
    assert make_icons.check() == []


def test_qt_reads_our_ico_and_icns_containers(qapp, make_icons, tmp_path):
    from PySide6.QtGui import QImageReader

    written = make_icons.generate(make_icons.SVG, tmp_path)
    assert len(written) == len(make_icons.HICOLOR_SIZES) + 2
    for name, sizes in (("spades-desktop.ico", make_icons.ICO_SIZES),
                        ("spades-desktop.icns", [n for _, n in make_icons.ICNS_TYPES])):
        reader = QImageReader(str(tmp_path / name))
        if bytes(reader.format().data()) == b"":
            pytest.skip("Qt has no reader for this icon format here")
        read = []
        for i in range(reader.imageCount()):
            assert reader.jumpToImage(i)
            image = reader.read()
            assert not image.isNull()
            read.append(image.width())
        assert sorted(read) == sorted(sizes), name
