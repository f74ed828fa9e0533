#!/usr/bin/env bash
# The .deb in use (packaging/README.md, "Debian/Ubuntu package"); packaging/ci.sh runs it
# after `packaging/build.py --deb`. As root on Debian/Ubuntu:
#
#  1. checks the package: fields, desktop-file-validate on the menu entry, appstreamcli
#     validate (offline) on the AppStream metainfo;
#  2. installs it with `apt-get install ./spades-desktop_<version>-1_<arch>.deb`, runs the
#     installed `spades-desktop` (from PATH, empty environment): --version, --smoke-test,
#     a real window on Xvfb (xcb) until the first frame;
#  3. upgrade: plays the installed game on Xvfb with the keyboard (xdotool): a new game,
#     South bids, Ctrl+Q while the computer players are still bidding; installs the next
#     package (<version>-2, built here from the same program), checks that the data folder
#     is byte for byte unchanged, starts the game again and touches nothing: the saved
#     hand must come back (same game, the saved bids kept) and the computer players carry
#     on bidding (packaging/linux/deb-session.sh, autosave_probe.py);
#  4. removes the package: `dpkg -L` must know nothing more, and none of its files, nor the
#     /opt/spades-desktop folder, may be left; the player's data folder stays.
#
# Usage: bash packaging/linux/deb-test.sh PYTHON   (PYTHON: the venv with the project, used
#        to build the second package and to read the autosave). Neither root nor a
#        password-less sudo, or no apt-get: only step 1 runs.
set -euo pipefail
cd "$(dirname "$0")/../.."
PY=$1
here=packaging/linux
arch=$(dpkg --print-architecture)
version=$("$PY" -c 'from importlib.metadata import version; print(version("spades-desktop"))')
app_id=$("$PY" -c 'import sys; sys.path.insert(0, "packaging"); import deb; print(deb.APP_ID)')

shopt -s nullglob
debs=(dist/spades-desktop_*-1_"$arch".deb)
[ ${#debs[@]} -eq 1 ] || { echo "error: build dist/spades-desktop_<version>-1_$arch.deb first (packaging/build.py --deb)" >&2; exit 1; }
deb1=${debs[0]}
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT

echo "== the package: $deb1 ($(du -m "$deb1" | cut -f1) MB)"
dpkg-deb --info "$deb1" | sed -n '/Package:/,/Description:/p'
dpkg-deb --field "$deb1" Depends | grep -q 'libxcb1' \
    || { echo "error: Depends lacks the system libraries" >&2; exit 1; }
dpkg-deb -x "$deb1" "$scratch/x"
desktop-file-validate "$scratch/x/usr/share/applications/spades-desktop.desktop"
appstreamcli validate --no-net "$scratch/x/usr/share/metainfo/$app_id.metainfo.xml"
echo "desktop entry and AppStream metainfo valid"

# Installing needs root, or a password-less sudo (GitHub's runners); the game itself runs
# as the calling user.
as_root=()
[ "$(id -u)" = 0 ] || { sudo -n true 2>/dev/null && as_root=(sudo -n); } || as_root=(false)
if [ "${as_root[*]}" = false ] || ! command -v apt-get >/dev/null 2>&1; then
    echo "warning: not root (nor sudo) or no apt-get: the package was not installed" >&2
    exit 0
fi
apt_get() {
    "${as_root[@]}" env DEBIAN_FRONTEND=noninteractive apt-get -y -qq "$@" >/dev/null
}
if dpkg -s spades-desktop >/dev/null 2>&1; then
    echo "(removing an installed spades-desktop first)"
    apt_get purge spades-desktop
fi
[ ! -e /opt/spades-desktop ] || { echo "error: /opt/spades-desktop exists without the package" >&2; exit 1; }

echo "== apt-get install ./$deb1"
apt_get install "./$deb1"
[ "$(dpkg-query -W -f '${Version}' spades-desktop)" = "$(dpkg-deb --field "$deb1" Version)" ]
[ "$(command -v spades-desktop)" = /usr/bin/spades-desktop ]
bare=(env -i "PATH=/usr/bin:/bin" "HOME=$scratch" "LANG=C.UTF-8")
out=$("${bare[@]}" timeout 60 spades-desktop --version)
echo "$out"
[ "$out" = "spades-desktop $version (compiled rules core)" ] || { echo "error: --version printed '$out'" >&2; exit 1; }
"${bare[@]}" timeout 300 spades-desktop --smoke-test
desktop-file-validate /usr/share/applications/spades-desktop.desktop
appstreamcli validate --no-net "/usr/share/metainfo/$app_id.metainfo.xml" >/dev/null
mkdir "$scratch/data"
out=$("${bare[@]}" SPADES_DESKTOP_EXIT_AFTER_FIRST_FRAME=1 QT_QPA_PLATFORM=xcb \
      timeout 120 xvfb-run -a -s "-screen 0 1280x900x24" spades-desktop --data-dir "$scratch/data")
echo "$out"
case $out in *FIRST_FRAME*) ;; *) echo "error: no frame on Xvfb" >&2; exit 1 ;; esac

echo "== upgrade: play with $(dpkg-query -W -f '${Version}' spades-desktop), quit mid-hand"
home=$scratch/home
mkdir "$home"
data=$home/.local/share/SpadesDesktop
xvfb_run=(timeout 180 xvfb-run -a -s "-screen 0 1280x900x24")
"${xvfb_run[@]}" bash "$here/deb-session.sh" play "$home" "$PY"
"$PY" "$here/autosave_probe.py" saved "$data"
cp "$data/autosave.json" "$home/autosave-before.json"
(cd "$data" && sha256sum autosave.json settings.json) > "$home/sums"

"$PY" packaging/deb.py --revision 2 --compression gzip
deb2=dist/spades-desktop_$(dpkg-deb --field "$deb1" Version | sed 's/-1$/-2/')_$arch.deb
echo "== apt-get install ./$deb2 (upgrade)"
apt_get install "./$deb2"
[ "$(dpkg-query -W -f '${Version}' spades-desktop)" = "$(dpkg-deb --field "$deb2" Version)" ]
(cd "$data" && sha256sum --quiet -c "$home/sums") \
    || { echo "error: the upgrade changed the player's data" >&2; exit 1; }
echo "data folder unchanged by the upgrade"
"${xvfb_run[@]}" bash "$here/deb-session.sh" resume "$home" "$PY"
"$PY" "$here/autosave_probe.py" check-resumed "$home/autosave-before.json" "$data"
if compgen -G "$data/*.corrupt-*" >/dev/null; then
    echo "error: a file was set aside as damaged: $(ls "$data")" >&2
    exit 1
fi

echo "== apt-get remove spades-desktop"
apt_get remove spades-desktop
if dpkg -L spades-desktop >/dev/null 2>&1; then
    echo "error: dpkg still lists files of spades-desktop" >&2
    exit 1
fi
left=()
while read -r path; do
    path=${path#.}
    if [ -n "$path" ] && [ ! -d "$path" ] && { [ -e "$path" ] || [ -L "$path" ]; }; then
        left+=("$path")
    fi
done < <(dpkg-deb --fsys-tarfile "$deb2" | tar -t)
[ ! -e /opt/spades-desktop ] || left+=(/opt/spades-desktop)
if [ ${#left[@]} -gt 0 ]; then
    echo "error: left behind after removal: ${left[*]}" >&2
    exit 1
fi
[ -f "$data/autosave.json" ] || { echo "error: removal touched the player's data" >&2; exit 1; }
echo "removed: no file of the package is left, the player's data folder is kept"
rm -f "$deb2"
echo "deb OK: install, --version, --smoke-test, first frame on Xvfb, upgrade keeps and resumes the game, removal leaves nothing"
