#!/usr/bin/env bash
# CI packaging stage (called by .ci/run after the tests): build the Linux one-folder
# binary from this checkout with packaging/build.py (fails on PyInstaller warnings such as
# "Library not found", on stale resources/icons and on the size budgets), then run the
# built program's --version and --smoke-test in a bare environment (no Python, no venv,
# no QT_* variables), unpack the archive and smoke-test that copy too, and start the
# binary on a real X server (Xvfb) until the table's first frame is painted.
#
# Usage: bash packaging/ci.sh [PYTHON]   (PYTHON: an interpreter of a venv to build in;
#        default: a fresh build/pkg-venv). As root with apt-get, the system libraries that get
#        bundled (xcb, xkbcommon-x11, EGL) and Xvfb are installed first.
set -euo pipefail
cd "$(dirname "$0")/.."

echo "== packaging: build the Linux binary and smoke-test it"

if command -v apt-get >/dev/null 2>&1 && [ "$(id -u)" = 0 ]; then
    export DEBIAN_FRONTEND=noninteractive
    if ! (apt-get update -qq && apt-get install -y -qq --no-install-recommends \
            libxcb-cursor0 libxcb-icccm4 libxcb-keysyms1 libxkbcommon-x11-0 libegl1 \
            libxcb-image0 libxcb-render-util0 libxcb-xkb1 libxcb-randr0 libxcb-shape0 \
            libxcb-xinerama0 xvfb xauth >/dev/null); then
        echo "warning: apt-get could not install the X11/EGL libraries; the build will" \
             "fail below with 'Library not found' if any is missing" >&2
    fi
else
    echo "warning: not root or no apt-get: the X11/EGL libraries (see packaging/README.md)" \
         "must already be installed, or the build fails with 'Library not found'" >&2
fi

PY=${1:-}
if [ -z "$PY" ]; then
    rm -rf build/pkg-venv
    mkdir -p build && "${PYTHON:-python3}" -m venv build/pkg-venv
    build/pkg-venv/bin/python -m pip install -q --upgrade pip
    PY=build/pkg-venv/bin/python
fi
"$PY" -m pip install -q -e ".[package]"

"$PY" packaging/build.py --no-run

version=$("$PY" -c 'from importlib.metadata import version; print(version("spades-desktop"))')
bin=dist/spades-desktop/spades-desktop
archive=$(ls dist/spades-desktop-"$version"-linux-*.tar.gz)
bare=(env -i "PATH=/usr/bin:/bin" "HOME=$(mktemp -d)" "LANG=C.UTF-8")

echo "== $bin --version"
out=$("${bare[@]}" timeout 60 "$bin" --version)
echo "$out"
if [ "$out" != "spades-desktop $version" ]; then
    echo "error: --version printed '$out', expected 'spades-desktop $version'" >&2
    exit 1
fi

echo "== $bin --smoke-test"
"${bare[@]}" timeout 300 "$bin" --smoke-test

echo "== the archive, unpacked: $archive"
unpacked=$(mktemp -d)
tar -xzf "$archive" -C "$unpacked"
"${bare[@]}" timeout 300 "$unpacked/spades-desktop/spades-desktop" --smoke-test
for f in install.sh README.txt share/applications/spades-desktop.desktop \
         share/icons/hicolor/256x256/apps/spades-desktop.png; do
    [ -e "$unpacked/spades-desktop/$f" ] || { echo "error: the archive lacks $f" >&2; exit 1; }
done
rm -rf "$unpacked"

if command -v xvfb-run >/dev/null 2>&1; then
    echo "== $bin on Xvfb (xcb), until the first frame of the table"
    data=$(mktemp -d)
    out=$("${bare[@]}" SPADES_DESKTOP_EXIT_AFTER_FIRST_FRAME=1 QT_QPA_PLATFORM=xcb \
          timeout 120 xvfb-run -a -s "-screen 0 1280x900x24" "$bin" --data-dir "$data")
    echo "$out"
    rm -rf "$data"
    case $out in
        *FIRST_FRAME*) ;;
        *) echo "error: the binary painted no frame on Xvfb" >&2; exit 1 ;;
    esac
else
    echo "warning: xvfb-run is missing: the X11 start was not tried" >&2
fi

echo "== start-up time (information only; budget 1.0 s, see packaging/README.md)"
"$PY" benchmarks/startup.py --runs 3 || echo "warning: the start-up benchmark failed" >&2

echo "packaging OK: $(du -sm dist/spades-desktop | cut -f1) MB folder," \
     "$(du -m "$archive" | cut -f1) MB archive"
