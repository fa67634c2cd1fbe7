#!/usr/bin/env bash
# The desktop's start-up bench (issue 34): `toguz --startup-bench` in a real window (Xvfb, Mesa's software
# Vulkan), RUNS first starts (an empty data folder each) of every binary given, taking turns so that a
# slower minute of the machine falls on all alike. Prints the median of each start-up mark
# (`src/app/dev/startup.rs`) per binary, and the memory on the title and in a game from its last start.
#
#   bash tests/window/startup_bench.sh [--runs N] [--size WxH] [--floor] BIN [BIN ...]
#
# --floor also starts the last binary with `--startup-floor`: Bevy's start alone with a title's worth of
# drawing (`src/app/dev/floor.rs`), the most that cutting the game's own start can come to.
#
# A bench, not a check: it fails only when a start never draws its title.
set -euo pipefail
cd "$(dirname "$0")/../.."
runs=5
window=390x844
floor=0
bins=()
while [ $# -gt 0 ]; do
  case "$1" in
    --runs) runs=$2; shift 2 ;;
    --size) window=$2; shift 2 ;;
    --floor) floor=1; shift ;;
    *) bins+=("$1"); shift ;;
  esac
done
[ ${#bins[@]} -gt 0 ] || { echo "usage: tests/window/startup_bench.sh [--runs N] [--size WxH] [--floor] BIN [BIN ...]" >&2; exit 2; }
# Each start's binary and its own options: the floor is the last binary's, started as the floor.
flags=()
for _ in "${bins[@]}"; do flags+=(""); done
if [ "$floor" = 1 ]; then
  bins+=("${bins[-1]}")
  flags+=("--startup-floor")
fi
fail() { echo "startup bench: $*" >&2; exit 1; }
# The X screen holds the window with room to spare.
size="$((${window%x*} + 64))x$((${window#*x} + 64))"
# shellcheck source=tests/window/session.sh
source tests/window/session.sh
# A player's start writes no UI map.
unset TOGUZ_UI_MAP
sleep 1
out=$(mktemp -d)
trap 'cleanup; rm -rf "$out"' EXIT

for run in $(seq 1 "$runs"); do
  for i in "${!bins[@]}"; do
    rm -rf "${data:?}"/*
    # shellcheck disable=SC2086 # a start's own option, or none
    timeout 300 "${bins[$i]}" ${flags[$i]} --startup-bench --size "$window" >"$out/$i.$run" 2>"$out/$i.$run.err" ||
      fail "${bins[$i]} (run $run) ended without its figures: $(tail -n 3 "$out/$i.$run.err")"
    grep -q "title drawn" "$out/$i.$run" || fail "${bins[$i]} (run $run) drew no title"
  done
done

echo "start-up of the desktop build in a ${window} window, median of $runs first starts (ms from run())"
for i in "${!bins[@]}"; do
  echo "${bins[$i]}${flags[$i]:+ (${flags[$i]#--})}:"
  # Each mark's line is "  NAME  MS ms  (+DELTA)"; the name may hold a space ("first frame").
  cat "$out/$i".[0-9]* | awk '/ ms  \(\+/ {
      name = $1; for (k = 2; $(k + 1) != "ms"; k++) name = name " " $k
      if (!(name in seen)) { seen[name] = 1; order[++n] = name }
      v[name] = v[name] " " $k
    }
    END {
      for (j = 1; j <= n; j++) {
        c = split(substr(v[order[j]], 2), xs, " ")
        for (a = 1; a <= c; a++) for (b = a + 1; b <= c; b++) if (xs[b] + 0 < xs[a] + 0) { t = xs[a]; xs[a] = xs[b]; xs[b] = t }
        m = (c % 2) ? xs[(c + 1) / 2] : (xs[c / 2] + xs[c / 2 + 1]) / 2
        printf "  %-12s %8.1f ms\n", order[j], m
      }
    }'
  grep -h "resident" "$out/$i.$runs" || true
done
