#!/usr/bin/env bash
# A start that died before it drew is not repeated (src/app/saves/renderer.rs), in a real window: Xvfb,
# Mesa's software Vulkan and OpenGL (llvmpipe).
#
#   bash tests/window/renderer_fallback.sh TOGUZ_BINARY [OUT_DIR]
#
# 1. A start with TOGUZ_ABORT_BEFORE_FIRST_FRAME=1 dies before its first frame, as a failing driver makes
#    it, leaving its note (start.ron: `starting: Some(Usual)`).
# 2. A plain start finds the note and draws with OpenGL: the UI map says `renderer gl`, the title is on
#    screen (a screenshot that is not one flat colour), and once it drew the note is cleared.
# 3. The start after keeps to OpenGL; Settings' renderer button then chooses Vulkan, and the start after
#    that draws with Vulkan again.
set -euo pipefail
bin=${1:?usage: renderer_fallback.sh TOGUZ_BINARY [OUT_DIR]}
out=${2:-$(mktemp -d)}
mkdir -p "$out"
size=390x844
source "$(dirname "$0")/session.sh"
note="$data/start.ron"

fail() {
  echo "renderer fallback check FAILED: $*" >&2
  [ -f "$map" ] && grep -Ev '^(button|hole|label)' "$map" | sed 's/^/  ui: /' >&2
  [ -f "$note" ] && sed 's/^/  note: /' "$note" >&2
  [ -f "$out/app.log" ] && grep -E 'renderer|panicked|ERROR' "$out/app.log" | tail -n 20 | sed 's/^/  app: /' >&2
  exit 1
}

# Waits until the note matches $1 (an extended regex over the file joined on one line).
wait_for_note() {
  for _ in $(seq 1 600); do
    [ -f "$note" ] && tr -d ' \n' <"$note" | grep -Eq "$1" && return 0
    sleep 0.1
  done
  fail "waited 60 s for the note to match '$1'"
}

start_app() {
  rm -f "$map"
  "$bin" --size "$size" >>"$out/app.log" 2>&1 &
  app_pid=$!
}
stop_app() {
  kill "$app_pid" 2>/dev/null || true
  wait "$app_pid" 2>/dev/null || true
  app_pid=""
}

echo "renderer fallback: 1. a start that aborts before its first frame"
rc=0
TOGUZ_ABORT_BEFORE_FIRST_FRAME=1 timeout 120 "$bin" --size "$size" >>"$out/app.log" 2>&1 || rc=$?
[ "$rc" -ne 0 ] && [ "$rc" -ne 124 ] || fail "the start with the abort hook did not abort (exit $rc)"
[ -f "$map" ] && grep -q '^screen' "$map" && fail "the aborted start drew a screen"
wait_for_note 'starting:Some\(Usual\)'

echo "renderer fallback: 2. the next start draws with OpenGL"
start_app
wait_for '^renderer gl$'
wait_for '^screen Title$'
grep -q 'never drew its first frame; this one asks for OpenGL' "$out/app.log" || fail "the log does not say why"
wait_for_note 'next:Gl,starting:None'
sleep 1
import -display "$display" -window root "$out/gl-title.png"
colours=$(convert "$out/gl-title.png" -format '%k' info:)
[ "$colours" -gt 100 ] || fail "the title on OpenGL is $colours colours: nothing drawn"
stop_app

echo "renderer fallback: 3. kept while it works; Settings chooses Vulkan again"
start_app
wait_for '^renderer gl$'
wait_for '^button [0-9]+ [0-9]+ Settings$'
read -r x y < <(awk '$1 == "button" && $4 == "Settings" && NF == 4 { print $2, $3; exit }' "$map")
xdotool mousemove "$x" "$y" click 1
wait_for '^button [0-9]+ [0-9]+ Renderer$'
read -r x y < <(awk '$1 == "button" && $4 == "Renderer" && NF == 4 { print $2, $3; exit }' "$map")
xdotool mousemove "$x" "$y" click 1
wait_for_note 'next:Usual'
stop_app
start_app
wait_for '^renderer vulkan$'
wait_for_note 'next:Usual,starting:None'
stop_app
echo "renderer fallback: passed (abort, OpenGL, kept, Vulkan chosen again)"
