#!/usr/bin/env python3
"""Generate the platform icons from our own SVG, ``assets/icons/spades-desktop.svg``.

Writes (all beside the SVG, in ``assets/icons/``):

- ``hicolor/<n>x<n>/apps/spades-desktop.png`` for the usual freedesktop sizes
  (Linux menus; ``packaging/build.py`` puts them in the archive);
- ``spades-desktop.ico`` (Windows: PNG-compressed entries, 16–256 px);
- ``spades-desktop.icns`` (macOS: PNG chunks, 16–1024 px).

Qt renders the SVG (``QSvgRenderer``); the ICO and ICNS containers are written here,
so no Qt image-format plugin is needed. The PNGs sit in a subfolder so that
``tools/build_resources.py`` (which compiles ``assets/icons/*.png``) ignores them.

Usage::

    python tools/make_icons.py           # (re)write every icon file
    python tools/make_icons.py --check   # exit 1 if a file is missing or malformed
"""

from __future__ import annotations

import argparse
import os
import struct
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
ICON_DIR = ROOT / "assets" / "icons"
SVG = ICON_DIR / "spades-desktop.svg"
NAME = "spades-desktop"

HICOLOR_SIZES = (16, 22, 24, 32, 48, 64, 128, 256, 512)
ICO_SIZES = (16, 20, 24, 32, 40, 48, 64, 128, 256)
ICNS_TYPES = (  # (OSType, pixels): PNG-compressed chunks (macOS 10.7+)
    (b"icp4", 16), (b"icp5", 32), (b"ic11", 32), (b"ic12", 64), (b"ic07", 128),
    (b"ic13", 256), (b"ic08", 256), (b"ic14", 512), (b"ic09", 512), (b"ic10", 1024),
)
PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"


def render_png(svg: Path, size: int) -> bytes:
    """The SVG drawn into a transparent ``size`` × ``size`` image, as PNG bytes."""
    from PySide6.QtCore import QBuffer, QByteArray, QIODevice, QRectF, Qt
    from PySide6.QtGui import QGuiApplication, QImage, QPainter
    from PySide6.QtSvg import QSvgRenderer

    if QGuiApplication.instance() is None:
        os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
        render_png.app = QGuiApplication([sys.argv[0]])  # type: ignore[attr-defined]
    renderer = QSvgRenderer(str(svg))
    if not renderer.isValid():
        raise RuntimeError(f"{svg} is not a valid SVG")
    image = QImage(size, size, QImage.Format.Format_ARGB32_Premultiplied)
    image.fill(Qt.GlobalColor.transparent)
    painter = QPainter(image)
    painter.setRenderHint(QPainter.RenderHint.Antialiasing)
    painter.setRenderHint(QPainter.RenderHint.SmoothPixmapTransform)
    renderer.render(painter, QRectF(0, 0, size, size))
    painter.end()
    data = QByteArray()
    buffer = QBuffer(data)
    buffer.open(QIODevice.OpenModeFlag.WriteOnly)
    if not image.convertToFormat(QImage.Format.Format_ARGB32).save(buffer, "PNG"):
        raise RuntimeError(f"could not encode the {size} px PNG")
    buffer.close()
    return bytes(data.data())


def ico_bytes(pngs: dict[int, bytes]) -> bytes:
    """An ICO file holding one PNG-compressed image per size (Windows Vista+ reads
    PNG entries; 256 is written as 0 in the directory)."""
    sizes = sorted(pngs)
    header = struct.pack("<HHH", 0, 1, len(sizes))
    offset = len(header) + 16 * len(sizes)
    directory, images = b"", b""
    for size in sizes:
        data = pngs[size]
        dim = 0 if size >= 256 else size
        directory += struct.pack("<BBBBHHII", dim, dim, 0, 0, 1, 32, len(data), offset)
        images += data
        offset += len(data)
    return header + directory + images


def icns_bytes(chunks: list[tuple[bytes, bytes]]) -> bytes:
    """An ICNS file: ``b"icns"`` + total length, then (type, length incl. 8, data)."""
    body = b"".join(kind + struct.pack(">I", len(data) + 8) + data for kind, data in chunks)
    return b"icns" + struct.pack(">I", len(body) + 8) + body


def png_size(data: bytes) -> tuple[int, int]:
    """Width and height from a PNG's IHDR chunk."""
    if not data.startswith(PNG_SIGNATURE) or data[12:16] != b"IHDR":
        raise ValueError("not a PNG")
    return struct.unpack(">II", data[16:24])


def read_ico(data: bytes) -> dict[int, bytes]:
    """The images of an ICO written by :func:`ico_bytes`, keyed by size."""
    reserved, kind, count = struct.unpack_from("<HHH", data, 0)
    if reserved != 0 or kind != 1 or count == 0:
        raise ValueError("not an ICO file")
    images = {}
    for i in range(count):
        w, _h, _c, _r, _p, _b, length, offset = struct.unpack_from("<BBBBHHII", data, 6 + 16 * i)
        images[w or 256] = data[offset:offset + length]
    return images


def read_icns(data: bytes) -> list[tuple[bytes, bytes]]:
    """The (type, data) chunks of an ICNS file."""
    if data[:4] != b"icns" or struct.unpack(">I", data[4:8])[0] != len(data):
        raise ValueError("not an ICNS file (or a wrong total length)")
    chunks, pos = [], 8
    while pos < len(data):
        kind, length = data[pos:pos + 4], struct.unpack(">I", data[pos + 4:pos + 8])[0]
        if length < 8 or pos + length > len(data):
            raise ValueError(f"bad ICNS chunk {kind!r}")
        chunks.append((kind, data[pos + 8:pos + length]))
        pos += length
    return chunks


def outputs(icon_dir: Path = ICON_DIR) -> dict[str, Path]:
    """Every generated file by role."""
    files = {f"png{n}": icon_dir / "hicolor" / f"{n}x{n}" / "apps" / f"{NAME}.png"
             for n in HICOLOR_SIZES}
    files["ico"] = icon_dir / f"{NAME}.ico"
    files["icns"] = icon_dir / f"{NAME}.icns"
    return files


def generate(svg: Path = SVG, icon_dir: Path = ICON_DIR) -> list[Path]:
    """Write every icon file; return their paths."""
    sizes = sorted({*HICOLOR_SIZES, *ICO_SIZES, *(n for _, n in ICNS_TYPES)})
    pngs = {n: render_png(svg, n) for n in sizes}
    files = outputs(icon_dir)
    for n in HICOLOR_SIZES:
        files[f"png{n}"].parent.mkdir(parents=True, exist_ok=True)
        files[f"png{n}"].write_bytes(pngs[n])
    files["ico"].write_bytes(ico_bytes({n: pngs[n] for n in ICO_SIZES}))
    files["icns"].write_bytes(icns_bytes([(kind, pngs[n]) for kind, n in ICNS_TYPES]))
    return list(files.values())


def check(icon_dir: Path = ICON_DIR) -> list[str]:
    """Problems with the generated files (missing, wrong size, malformed container)."""
    problems = []
    files = outputs(icon_dir)
    for path in files.values():
        if not path.is_file():
            shown = path.relative_to(ROOT) if path.is_relative_to(ROOT) else path
            problems.append(f"{shown} is missing")
    if problems:
        return problems
    try:
        for n in HICOLOR_SIZES:
            if png_size(files[f"png{n}"].read_bytes()) != (n, n):
                problems.append(f"the {n} px PNG has the wrong size")
        ico = read_ico(files["ico"].read_bytes())
        if sorted(ico) != sorted(ICO_SIZES) or any(png_size(d) != (n, n) for n, d in ico.items()):
            problems.append("the ICO does not hold the expected sizes")
        icns = read_icns(files["icns"].read_bytes())
        if [(k, png_size(d)[0]) for k, d in icns] != list(ICNS_TYPES):
            problems.append("the ICNS does not hold the expected chunks")
    except (ValueError, struct.error) as exc:
        problems.append(str(exc))
    return problems


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true",
                        help="only verify the generated files exist and are well formed")
    args = parser.parse_args(argv)
    if args.check:
        problems = check()
        for problem in problems:
            print(f"error: {problem}", file=sys.stderr)
        if problems:
            print("run: python tools/make_icons.py", file=sys.stderr)
        return 1 if problems else 0
    for path in generate():
        print(f"wrote {path.relative_to(ROOT)} ({path.stat().st_size} bytes)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
