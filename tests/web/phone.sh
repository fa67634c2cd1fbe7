#!/usr/bin/env bash
# The web build in a phone's browser: Debian's Chromium, headless, WebGL2 through SwiftShader, a 390x844
# touch screen, driven by playwright-core (the driver only: it downloads no browser).
#
#   bash tests/web/phone.sh SITE_DIR [OUT_DIR]     # SITE_DIR from `bash .ci/web SITE_DIR`
#
# Installs what it lacks: Debian's chromium, and playwright-core into a folder outside the clone
# ($TOGUZ_NODE_DIR, default $HOME/.cache/toguz-node). Screenshots and the page's console go to OUT_DIR.
set -euo pipefail
cd "$(dirname "$0")/../.."
site=${1:?usage: tests/web/phone.sh SITE_DIR [OUT_DIR]}
out=${2:-$(mktemp -d)}
playwright=1.64.1
node_dir=${TOGUZ_NODE_DIR:-$HOME/.cache/toguz-node}

command -v node >/dev/null 2>&1 || { echo "web check: Node.js is missing" >&2; exit 1; }
chromium=${TOGUZ_CHROMIUM:-/usr/bin/chromium}
if [ ! -x "$chromium" ]; then
  echo "== installing Debian's chromium"
  sudo=""
  [ "$(id -u)" -eq 0 ] || sudo="sudo"
  $sudo apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends chromium >/dev/null
fi
installed=$(node -p "require('$node_dir/node_modules/playwright-core/package.json').version" 2>/dev/null || true)
if [ "$installed" != "$playwright" ]; then
  echo "== installing playwright-core $playwright into $node_dir"
  mkdir -p "$node_dir"
  npm install --prefix "$node_dir" --no-audit --no-fund --loglevel=error "playwright-core@$playwright"
fi

mkdir -p "$out"
TOGUZ_NODE_DIR="$node_dir" TOGUZ_CHROMIUM="$chromium" node tests/web/phone.mjs "$site" "$out"
