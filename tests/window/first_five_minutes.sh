#!/usr/bin/env bash
# The first five minutes in a real window: the desktop build under Xvfb with Mesa's software Vulkan, a real
# X11 pointer driven by xdotool that moves and clicks in one go (as a touch tap arrives), and real restarts.
#
#   bash tests/window/first_five_minutes.sh TOGUZ_BINARY [OUT_DIR]
#
# The app lists what is on screen in TOGUZ_UI_MAP (buttons and holes with their centres), so the script
# clicks what a player sees. It checks the save file after each step, and compares screenshots: the board
# of the second and third games must look like the first game's board (every hole and kazan drawn).
set -euo pipefail
bin=${1:?usage: first_five_minutes.sh TOGUZ_BINARY [OUT_DIR]}
out=${2:-$(mktemp -d)}
mkdir -p "$out"
size=390x844
source "$(dirname "$0")/session.sh"

fail() {
  echo "window check FAILED: $*" >&2
  [ -f "$map" ] && sed 's/^/  ui: /' "$map" >&2
  [ -f "$data/save.ron" ] && sed 's/^/  save: /' "$data/save.ron" >&2
  [ -f "$out/app.log" ] && tail -n 20 "$out/app.log" | sed 's/^/  app: /' >&2
  exit 1
}

# Moves onto a button and clicks in one go.
click() {
  wait_for "^button [0-9]+ [0-9]+ $1\$"
  local x y
  read -r x y < <(awk -v label="$1" '$1 == "button" { l = $4; for (i = 5; i <= NF; i++) l = l " " $i; if (l == label) { print $2, $3; exit } }' "$map")
  xdotool mousemove "$x" "$y" click 1
  sleep 0.6
}

click_hole() {
  wait_for "^hole [0-9]+ [0-9]+ $1 $2\$"
  local x y
  read -r x y < <(awk -v side="$1" -v hole="$2" '$1 == "hole" && $4 == side && $5 == hole { print $2, $3; exit }' "$map")
  xdotool mousemove "$x" "$y" click 1
  sleep 0.6
}

# Waits until the save file matches $1 (an extended regex over the file joined on one line).
wait_for_save() {
  for _ in $(seq 1 600); do
    [ -f "$data/save.ron" ] && tr -d ' \n' <"$data/save.ron" | grep -Eq "$1" && return 0
    sleep 0.1
  done
  fail "waited 60 s for the save to match '$1'"
}

start_app() {
  rm -f "$map"
  "$bin" --size "$size" >>"$out/app.log" 2>&1 &
  app_pid=$!
  wait_for "^screen Title"
  sleep 1
}

stop_app() {
  kill "$app_pid"
  wait "$app_pid" 2>/dev/null || true
  app_pid=""
}

shot() {
  sleep 1.5
  import -display "$display" -window root "$out/$1.png"
}

# The board between the bars: equal in two screenshots when both boards are whole and hold the same stones.
same_board() {
  local diff
  diff=$(compare -metric AE -fuzz 8% -crop 390x640+0+100 "$out/$1.png" "$out/$2.png" null: 2>&1 || true)
  diff=${diff%% *}
  [ "${diff%.*}" -lt 2000 ] || fail "the board in $2 differs from $1 in $diff pixels (a hole or kazan missing?)"
}

for _ in $(seq 1 50); do xdotool getmouselocation >/dev/null 2>&1 && break; sleep 0.1; done

echo "== first launch: Play, choose level 8 (the Medium of before) in its sheet, start against the computer"
start_app
grep -q "^button .* Continue$" "$map" && fail "Continue offered on a first launch"
shot title-first-launch
click "Play"
click "Level 8"
wait_for_save "level:Medium"
shot play-sheet
click "Start"
wait_for "^screen Game"
shot game1-start
click_hole white 7
wait_for_save "moves:\[7,[1-9],?\]"
shot game1-after-reply

echo "== second game from the menu"
click "Menu"
click "New game"
# A game under way is not thrown away without asking.
click "Start a new game"
wait_for_save "moves:\[\]"
shot game2-start
same_board game1-start game2-start

echo "== quit to the title, third game against the computer"
click "Menu"
click "Quit to title"
wait_for "^screen Title"
click "Play"
click "Start"
wait_for "^screen Game"
shot game3-start
same_board game1-start game3-start
click_hole white 2
wait_for_save "moves:\[2,[1-9],?\]"

echo "== restart: the unfinished game is offered and continues"
stop_app
start_app
wait_for "^button [0-9]+ [0-9]+ Continue$"
shot title-after-restart
click "Continue"
wait_for "^screen Game"
shot continued
grep -q "level:Medium" <(tr -d ' \n' <"$data/save.ron") || fail "the level was not kept across the restart"
wait_for_save "moves:\[2,[1-9],?\]"

echo "== rules from the menu: the first lesson, by clicks, then back to the same game"
click "Menu"
click "Rules"
wait_for "^screen Lessons"
click "Lesson The board"
wait_for "^screen Lesson$"
shot lesson-board-1
click "Next"
click "Next"
click "Next"
# A demonstration move plays; Next comes when its stones have landed.
wait_for "^button [0-9]+ [0-9]+ Next$"
click "Next"
click_hole white 3
wait_for "^button [0-9]+ [0-9]+ Next$"
shot lesson-board-done
click "Next"
click "All lessons"
wait_for_save 'done:\["board",?\]'
click "Back"
wait_for "^screen Game"
wait_for_save "moves:\[2,[1-9],?\]"
shot back-to-game
same_board continued back-to-game
stop_app

echo "window check passed: title, three games, a restart, a lesson from the menu; screenshots in $out"
