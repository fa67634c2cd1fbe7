# Sourced by the real-window checks (tests/window/*.sh) after they set `size` (WxH) and define `fail`:
# a private X server of that size, the app's own data folder and UI map, and their cleanup on exit.
# Sets data, map, display and app_pid (the app a check starts, killed at exit); exports DISPLAY,
# TOGUZ_DATA_DIR, TOGUZ_UI_MAP and BEVY_ASSET_ROOT (this checkout's assets unless given).
data=$(mktemp -d)
map="$data/ui.txt"
display=":$((90 + RANDOM % 100))"
app_pid=""

Xvfb "$display" -screen 0 "${size}x24" -nolisten tcp >/dev/null 2>&1 &
xvfb_pid=$!
cleanup() {
  [ -n "$app_pid" ] && kill "$app_pid" 2>/dev/null || true
  kill "$xvfb_pid" 2>/dev/null || true
  rm -rf "$data"
}
trap cleanup EXIT
export DISPLAY=$display
export TOGUZ_DATA_DIR="$data" TOGUZ_UI_MAP="$map"
export BEVY_ASSET_ROOT="${BEVY_ASSET_ROOT:-$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)}"

# Waits until the UI map has a line matching $1 (an extended regex).
wait_for() {
  for _ in $(seq 1 600); do
    grep -Eq "$1" "$map" 2>/dev/null && return 0
    sleep 0.1
  done
  fail "waited 60 s for '$1' on screen"
}
