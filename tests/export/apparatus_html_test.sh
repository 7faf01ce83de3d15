#!/usr/bin/env bash
# The HTML apparatus of the fixture's four witnesses in headless Chromium:
# nothing fetched from the network, every planted reading and every entry in
# the rendered DOM, no console error, a screenshot that is not blank.
# Usage: apparatus_html_test.sh JIAOZHU CHROMIUM
set -euo pipefail
jz=$1 chrome=$2
command -v "$chrome" >/dev/null || { echo "$chrome is not installed (scripts/setup installs it)" >&2; exit 1; }
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
"$(dirname "$0")/apparatus_fixture.sh" "$dir" "$jz"
"$jz" -q --db "$dir/app.db" apparatus A B C D --format html -o "$dir/app.html"
if grep -qE '(src|href)="(https?:)?//' "$dir/app.html"; then echo "the page loads something from the network" >&2; exit 1; fi
flags=(--headless --no-sandbox --disable-gpu --disable-dev-shm-usage --user-data-dir="$dir/profile" --enable-logging=stderr --v=0)
timeout 120 "$chrome" "${flags[@]}" --dump-dom "file://$dir/app.html" > "$dir/dom.html" 2> "$dir/console.log"
if grep -E 'CONSOLE.*(Uncaught|Error)' "$dir/console.log"; then echo "the page logs an error" >&2; exit 1; fi
entries=$("$jz" -q --db "$dir/app.db" apparatus A B C D --format json | python3 -c 'import json,sys; print(json.load(sys.stdin)["recorded"])')
found=$(grep -o 'id="app-[0-9]*"' "$dir/dom.html" | sort -u | wc -l)
[ "$found" -eq "$entries" ] || { echo "the DOM holds $found of $entries entries" >&2; exit 1; }
for want in 甲 乙丙 皇太极 洪承疇 '&lt;b&gt;&amp;&lt;/b&gt;'; do
  grep -qF -- "$want" "$dir/dom.html" || { echo "the rendered page lacks: $want" >&2; exit 1; }
done
timeout 120 "$chrome" "${flags[@]}" --screenshot="$dir/app.png" --window-size=1200,1600 "file://$dir/app.html" 2>/dev/null
size=$(stat -c %s "$dir/app.png" 2>/dev/null || echo 0)
[ "$size" -gt 20000 ] || { echo "the screenshot is blank or missing ($size bytes)" >&2; exit 1; }
# Split into pages by section: every entry on one of the pages, each page and
# the index rendered without error, the index linking every page.
"$jz" -q --db "$dir/app.db" apparatus A B C D --format html --split -o "$dir/pages" 2>/dev/null
split_found=0
for page in "$dir"/pages/[0-9][0-9][0-9].html "$dir/pages/index.html"; do
  timeout 120 "$chrome" "${flags[@]}" --dump-dom "file://$page" > "$dir/page-dom.html" 2> "$dir/page-console.log"
  if grep -E 'CONSOLE.*(Uncaught|Error)' "$dir/page-console.log"; then echo "$(basename "$page") logs an error" >&2; exit 1; fi
  [ "$(basename "$page")" = index.html ] && continue
  grep -qF "$(basename "$page")" "$dir/pages/index.html" || { echo "index.html does not link $(basename "$page")" >&2; exit 1; }
  split_found=$((split_found + $(grep -o 'id="app-[0-9]*"' "$dir/page-dom.html" | sort -u | wc -l)))
done
[ "$split_found" -eq "$entries" ] || { echo "the split pages hold $split_found of $entries entries" >&2; exit 1; }
echo "ok: $entries entries rendered, no console error, screenshot $size bytes; split pages hold them all"
