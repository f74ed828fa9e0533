#!/usr/bin/env bash
# CI packaging stage (called by .ci/run after the tests): build the Linux one-folder
# binary and the .deb from this checkout with `packaging/build.py --deb` (fails on
# PyInstaller warnings such as "Library not found", on stale resources/icons, on the size
# budgets and on the library checks), then run the built program's --version and
# --smoke-test in a bare environment (no Python, no venv, no QT_* variables), unpack the
# archive and smoke-test that copy too, start the binary on a real X server (Xvfb) until
# the table's first frame is painted, and test the .deb: validate, install, run, upgrade
# with a saved game, remove (packaging/linux/deb-test.sh).
#
# Usage: bash packaging/ci.sh [PYTHON]   (PYTHON: an interpreter of a venv to build in;
#        default: a fresh build/pkg-venv). As root (or with a password-less sudo) with
#        apt-get, the system libraries that get bundled (xcb, xkbcommon-x11, EGL), those
#        the .deb's Depends are worked out from (Wayland's client and cursor libraries, which
#        the bundled Wayland plugin needs from the system), Xvfb, and the tools of the .deb
#        test (desktop-file-utils, appstream, xdotool) are installed first.
set -euo pipefail
cd "$(dirname "$0")/.."

echo "== packaging: build the Linux binary and smoke-test it"

# Root, or a password-less sudo (GitHub's runners): install what the build and the tests use.
as_root=()
[ "$(id -u)" = 0 ] || { sudo -n true 2>/dev/null && as_root=(sudo -n); } || as_root=(false)
if command -v apt-get >/dev/null 2>&1 && [ "${as_root[*]}" != false ]; then
    if ! ("${as_root[@]}" env DEBIAN_FRONTEND=noninteractive apt-get update -qq &&
          "${as_root[@]}" env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq \
            --no-install-recommends \
            libxcb-cursor0 libxcb-icccm4 libxcb-keysyms1 libxkbcommon-x11-0 libegl1 \
            libxcb-image0 libxcb-render-util0 libxcb-xkb1 libxcb-randr0 libxcb-shape0 \
            libxcb-xinerama0 libwayland-client0 libwayland-cursor0 libpulse0 libgssapi-krb5-2 \
            xvfb xauth desktop-file-utils appstream xdotool >/dev/null); then
        echo "warning: apt-get could not install the X11/EGL libraries; the build will" \
             "fail below with 'Library not found' if any is missing" >&2
    fi
else
    echo "warning: not root (nor sudo) or no apt-get: the X11/EGL libraries (see" \
         "packaging/README.md) must already be installed, or the build fails with" \
         "'Library not found'" >&2
fi

PY=${1:-}
if [ -z "$PY" ]; then
    rm -rf build/pkg-venv
    mkdir -p build && "${PYTHON:-python3}" -m venv build/pkg-venv
    build/pkg-venv/bin/python -m pip install -q --upgrade pip
    PY=build/pkg-venv/bin/python
fi
"$PY" -m pip install -q -e ".[package]"

deb=--deb
command -v dpkg-deb >/dev/null 2>&1 || deb=
"$PY" packaging/build.py --no-run $deb

version=$("$PY" -c 'from importlib.metadata import version; print(version("spades-desktop"))')
bin=dist/spades-desktop/spades-desktop
archive=$(ls dist/spades-desktop-"$version"-linux-*.tar.gz)
bare=(env -i "PATH=/usr/bin:/bin" "HOME=$(mktemp -d)" "LANG=C.UTF-8")

echo "== $bin --version"
out=$("${bare[@]}" timeout 60 "$bin" --version)
echo "$out"
# The binary must run the compiled rules core (setup.py; the spec collects the .so files).
if [ "$out" != "spades-desktop $version (compiled rules core)" ]; then
    echo "error: --version printed '$out', expected 'spades-desktop $version (compiled rules core)'" >&2
    exit 1
fi

echo "== $bin --smoke-test"
"${bare[@]}" timeout 300 "$bin" --smoke-test
if [ -n "${PULSE_SERVER:-}" ]; then
    # .ci/run's null audio sink (tools/null_audio.sh): the binary plays one sound for real
    echo "== $bin --smoke-test, playing a sound into $PULSE_SERVER"
    "${bare[@]}" "PULSE_SERVER=$PULSE_SERVER" SPADES_DESKTOP_SMOKE_SOUND=1 \
        timeout 300 "$bin" --smoke-test
else
    echo "warning: no PULSE_SERVER: the binary's sound was not played" >&2
fi

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

if [ -n "$deb" ]; then
    bash packaging/linux/deb-test.sh "$PY"
else
    echo "warning: no dpkg-deb: the .deb was not built" >&2
fi

echo "packaging OK: $(du -sm dist/spades-desktop | cut -f1) MB folder," \
     "$(du -m "$archive" | cut -f1) MB archive${deb:+, $(du -m dist/spades-desktop_*.deb | cut -f1) MB .deb}"
