#!/usr/bin/env bash
# Makes the two bundled fonts from Debian's packages. Needs `pip install fonttools`.
# - NotoSans-Regular.ttf (fonts-noto-core), every text: Latin with Vietnamese, Cyrillic with the Kazakh and
#   Kyrgyz letters, combining marks, punctuation and arrows.
# - RobotoSlab-Bold.otf (fonts-roboto-slab), the display face for the game's name and headings: the letters
#   of the game's eight languages (Latin-1 and Latin Extended-A, Vietnamese's ơ ư and its precomposed
#   letters, Cyrillic with the Kazakh and Kyrgyz letters), punctuation, kerning and ligatures; its small
#   caps and stylistic sets stay out (a third of the file).
set -euo pipefail
cd "$(dirname "$0")"
pyftsubset /usr/share/fonts/truetype/noto/NotoSans-Regular.ttf \
  --unicodes="U+0020-007E,U+00A0-024F,U+0300-036F,U+0400-04FF,U+1E00-1EFF,U+2010-2027,U+2030-205E,U+20AC,U+2190-2193,U+2212" \
  --output-file=NotoSans-Regular.ttf --layout-features='*' --no-hinting
pyftsubset /usr/share/fonts/opentype/roboto/slab/RobotoSlab-Bold.otf \
  --unicodes="U+0020-007E,U+00A0-017F,U+01A0-01A1,U+01AF-01B0,U+0300-0304,U+0306,U+0309,U+0323,U+0400-045F,U+0490-04FF,U+1EA0-1EF9,U+2010-2014,U+2018-201E,U+2022,U+2026,U+2039-203A,U+20AC,U+2116" \
  --output-file=RobotoSlab-Bold.otf --layout-features='kern,liga' --no-hinting
# Roboto Slab has no hyphen (U+2010) or non-breaking hyphen (U+2011, which the Kazakh texts use) of its own:
# both get the hyphen-minus's glyph.
python3 - <<'PY'
from fontTools.ttLib import TTFont
font = TTFont("RobotoSlab-Bold.otf")
for table in font["cmap"].tables:
    if table.isUnicode():
        for code in (0x2010, 0x2011):
            table.cmap.setdefault(code, table.cmap[0x2D])
font.save("RobotoSlab-Bold.otf")
PY
