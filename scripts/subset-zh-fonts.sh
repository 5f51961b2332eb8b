#!/usr/bin/env bash
# Rebuilds app/fonts/zh-*.woff2: five Chinese display fonts (SIL OFL 1.1, from the @fontsource
# packages) cut down to the characters of the Chinese home greeting (common:home.welcome).
# Run it when that greeting changes, then update the unicode-range lines in app/app.css;
# app/fonts/fonts.test.ts fails until both match the greeting.
#
# Needs fontTools with brotli: apt-get install python3-fonttools python3-brotli
set -euo pipefail
cd "$(dirname "$0")/.."
text=$(node -e 'const w=require("./app/locales/zh/common.json").home.welcome;process.stdout.write([...new Set(w.replace(/[\x00-\x7f]/g,""))].join(""))')
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
for font in zhi-mang-xing zcool-qingke-huangyou zcool-kuaile ma-shan-zheng liu-jian-mao-cao; do
  (cd "$work" && npm pack --silent "@fontsource/$font" >/dev/null && mkdir "$font" && tar xzf fontsource-"$font"-*.tgz -C "$font")
  /usr/bin/python3 -m fontTools.subset "$work/$font/package/files/$font-chinese-simplified-400-normal.woff2" \
    --text="$text" --flavor=woff2 --layout-features='*' --no-hinting --desubroutinize \
    --output-file="app/fonts/zh-$font.woff2"
  echo "app/fonts/zh-$font.woff2: $(wc -c <"app/fonts/zh-$font.woff2") bytes"
done
echo "unicode-range for app/app.css: $(node -e 'console.log([...new Set(process.argv[1])].map(c=>"U+"+c.codePointAt(0).toString(16).toUpperCase().padStart(4,"0")).sort().join(", "))' "$text")"
