#!/usr/bin/env bash
# A PulseAudio server with one null sink (it plays into nothing), for the sound tests and
# the binary's smoke test where no desktop sound server runs (CI, as root, no session).
#
# Usage: source tools/null_audio.sh [FOLDER]   (default: a new temporary folder)
# Starts `pulseaudio` (Debian package pulseaudio) serving a socket in FOLDER with
# anonymous access, waits until it answers, and exports PULSE_SERVER=unix:FOLDER/native.
# Returns 1, saying why, when pulseaudio is missing or does not start.
# Stop it with: null_audio_stop
null_audio_dir=${1:-$(mktemp -d)}
mkdir -p "$null_audio_dir/home" "$null_audio_dir/run"
null_audio_stop() {
    [ -n "${null_audio_dir:-}" ] && [ -f "$null_audio_dir/pid" ] &&
        kill "$(cat "$null_audio_dir/pid")" 2>/dev/null
    return 0
}
if ! command -v pulseaudio >/dev/null 2>&1; then
    echo "warning: pulseaudio is not installed: no null audio sink" >&2
    return 1 2>/dev/null || exit 1
fi
HOME="$null_audio_dir/home" XDG_RUNTIME_DIR="$null_audio_dir/run" \
    pulseaudio --daemonize=no --exit-idle-time=-1 -n --use-pid-file=no \
    --load="module-null-sink sink_name=null" \
    --load="module-native-protocol-unix socket=$null_audio_dir/native auth-anonymous=1" \
    --log-target="file:$null_audio_dir/log" >/dev/null 2>&1 &
echo $! > "$null_audio_dir/pid"
for _ in $(seq 1 50); do
    [ -S "$null_audio_dir/native" ] && break
    sleep 0.1
done
if [ ! -S "$null_audio_dir/native" ]; then
    echo "warning: pulseaudio did not start (log: $null_audio_dir/log)" >&2
    return 1 2>/dev/null || exit 1
fi
export PULSE_SERVER="unix:$null_audio_dir/native"
echo "null audio sink: PULSE_SERVER=$PULSE_SERVER"
