#!/usr/bin/env bash
# One session of the installed game on the X server that xvfb-run started, played with the
# keyboard through xdotool (packaging/linux/deb-test.sh runs it):
#
#   deb-session.sh play   HOME PYTHON   start `spades-desktop` (no options: the default data
#                                       folder in HOME), accept the New game dialog
#                                       (Return), bid (keys 3, Return) and quit (Ctrl+Q,
#                                       the game's Quit shortcut) at once, while the
#                                       computer players are still bidding
#   deb-session.sh resume HOME PYTHON   start it again and touch nothing: the saved hand
#                                       must come back and the computer players carry on
#                                       bidding; then quit (Ctrl+Q)
#
# PYTHON has the project installed: packaging/linux/autosave_probe.py reads the autosave
# with the game's own code. The game runs in an empty environment (PATH, HOME, LANG,
# DISPLAY, XAUTHORITY). Every wait is bounded.
set -euo pipefail
mode=$1 home=$2 py=$3
probe=$(cd "$(dirname "$0")" && pwd)/autosave_probe.py
data=$home/.local/share/SpadesDesktop
log=$home/session-$mode.log

env -i "PATH=/usr/bin:/bin" "HOME=$home" "LANG=C.UTF-8" "DISPLAY=$DISPLAY" \
    "XAUTHORITY=${XAUTHORITY:-}" spades-desktop >"$log" 2>&1 &
pid=$!
fail() {
    echo "error: $*" >&2
    kill "$pid" 2>/dev/null || true
    cat "$log" >&2
    exit 1
}
window() {  # the visible top-level window titled exactly $1
    timeout 60 xdotool search --sync --onlyvisible --name "^$1\$" | head -n 1
}
main=
quit() {
    xdotool windowfocus --sync "$main" key ctrl+q
    timeout 30 tail --pid="$pid" -f /dev/null || fail "the game did not quit on Ctrl+Q"
    local code=0
    wait "$pid" || code=$?
    [ "$code" -eq 0 ] || fail "the game exited with $code"
}

case $mode in
    play)
        dialog=$(window "New Game") || fail "the New game dialog did not open"
        xdotool windowfocus --sync "$dialog" key Return
        "$py" "$probe" wait-bid "$data" --timeout 60 || fail "no hand to bid in"
        main=$(window "Spades Desktop") || fail "no main window"
        # The bid panel takes keys once the deal has been animated: type the bid until the
        # autosave has South's bid (hand 1: South bids first; the autosave is written
        # before the bid is shown), then quit at once.
        deadline=$((SECONDS + 60))
        while grep -Eq '"actions":[[:space:]]*\[[[:space:]]*\]' "$data/autosave.json"; do
            [ $SECONDS -lt $deadline ] || fail "the bid typed was not taken"
            xdotool windowfocus --sync "$main" key 3 Return
            sleep 0.1
        done
        quit
        ;;
    resume)
        main=$(window "Spades Desktop") || fail "no main window"
        deadline=$((SECONDS + 60))
        until "$py" "$probe" check-resumed "$home/autosave-before.json" "$data" >/dev/null 2>&1
        do
            [ $SECONDS -lt $deadline ] || break  # deb-test.sh reports what is missing
            if xdotool search --onlyvisible --name '^New Game$' >/dev/null; then
                fail "the New game dialog opened: the saved game was not resumed"
            fi
            sleep 0.2
        done
        quit
        ;;
    *)
        echo "usage: $0 play|resume HOME PYTHON" >&2
        exit 2
        ;;
esac
