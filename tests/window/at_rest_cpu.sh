#!/usr/bin/env bash
# How much of one core the desktop build uses at rest, in a real window (Xvfb, software Vulkan, where
# every drawn frame costs CPU): 10 s on the title, then 10 s on a board after four moves, each measured
# from /proc/PID/stat after the window has settled. Issue 21's goal: at most 5% each.
#   bash tests/window/at_rest_cpu.sh [BINARY]
set -euo pipefail
cd "$(dirname "$0")/../.."
bin=${1:-${CARGO_TARGET_DIR:-$HOME/.cache/toguz-target}/debug/toguz}
export BEVY_ASSET_ROOT=$PWD HOME=$(mktemp -d)
display=:$((90 + RANDOM % 100))
Xvfb "$display" -screen 0 1400x1400x24 >/dev/null 2>&1 &
xvfb=$!
trap 'kill $xvfb 2>/dev/null || true; rm -rf "$HOME"' EXIT
sleep 1
tick=$(getconf CLK_TCK)
measure() {
  local what=$1; shift
  DISPLAY=$display "$bin" "$@" >/dev/null 2>&1 &
  local game=$!
  sleep 8
  local a b
  a=$(awk '{print $14 + $15}' "/proc/$game/stat")
  sleep 10
  b=$(awk '{print $14 + $15}' "/proc/$game/stat")
  kill "$game"
  wait "$game" 2>/dev/null || true
  echo "$what: $(( (b - a) * 100 / (tick * 10) ))% of one core over 10 s"
}
measure "title at rest" --size 390x844
measure "board at rest" --size 390x844 --mode easy --moves "7 3 2 5"
