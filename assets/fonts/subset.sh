#!/usr/bin/env bash
# Makes NotoSans-Regular.ttf from Debian's fonts-noto-core: Latin with Vietnamese, Cyrillic with the Kazakh
# and Kyrgyz letters, combining marks, punctuation and arrows. Needs `pip install fonttools`.
set -euo pipefail
cd "$(dirname "$0")"
pyftsubset /usr/share/fonts/truetype/noto/NotoSans-Regular.ttf \
  --unicodes="U+0020-007E,U+00A0-024F,U+0300-036F,U+0400-04FF,U+1E00-1EFF,U+2010-2027,U+2030-205E,U+20AC,U+2190-2193,U+2212" \
  --output-file=NotoSans-Regular.ttf --layout-features='*' --no-hinting
