#!/usr/bin/env bash
# CBETA's 心經 (T08n0251) through the binary: its standoff apparatus gives
# the witnesses 【宋】【元】【明】, linked and collated by the apparatus; the
# 校勘記 of the base against them is word for word the golden file
# tests/golden/apparatus-cbeta.txt (regenerate with UPDATE_GOLDEN=1 and read
# the difference before committing it); `align` keeps the apparatus's
# readings; the TEI apparatus is valid TEI P5 and, imported again, gives the
# same witnesses with the same readings; a decision adopts a witness's reading.
# Usage: cbeta_test.sh JIAOZHU JING TEI_ALL_RNG CORPUS
set -euo pipefail
jz=$1 jing=$2 schema=$3 corpus=$4
command -v "$jing" >/dev/null || { echo "$jing is not installed (scripts/setup installs it)" >&2; exit 1; }
golden=$(cd "$(dirname "$0")/../golden" && pwd)/apparatus-cbeta.txt
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
export JIAOZHU_AUTHOR="tester"
db=$dir/c.db
fail() { echo "$1" >&2; exit 1; }
"$jz" -q --db "$db" init > /dev/null
"$jz" --db "$db" import "$corpus/cbeta/T08n0251.xml" --work 心經 --siglum T > "$dir/import.txt"
grep -q "edition T-Song (8 readings), linked with T passage by passage as the apparatus says (11 links)" "$dir/import.txt" ||
  fail "the import does not report 【宋】 as an edition linked by the apparatus: $(cat "$dir/import.txt")"
"$jz" -q --db "$db" apparatus T T-Song T-Yuan T-Ming > "$dir/app.txt"
if [ "${UPDATE_GOLDEN:-0}" = 1 ]; then cp "$dir/app.txt" "$golden"; fi
diff -u "$golden" "$dir/app.txt"
"$jz" -q --db "$db" variants T T-Song --class all > "$dir/before.txt"
grep -q "奘 *T-Song:4 *奘奉詔 *substantive *衍" "$dir/before.txt" || fail "奘 / 奘奉詔 is not one reading, proposed 衍"
"$jz" -q --db "$db" align T T-Song > /dev/null
"$jz" -q --db "$db" variants T T-Song --class all > "$dir/after.txt"
diff -u "$dir/before.txt" "$dir/after.txt" || fail "align changed the readings the apparatus gave"
"$jz" -q --db "$db" apparatus T T-Song T-Yuan T-Ming --format tei -o "$dir/app.xml"
"$jing" "$schema" "$dir/app.xml" 2>/dev/null || fail "the TEI apparatus of the 心經 is not valid TEI P5"
"$jz" -q --db "$db" import "$dir/app.xml" --work 心經再 --siglum R > /dev/null
for w in Song Yuan Ming; do
  "$jz" -q --db "$db" variants T "T-$w" | sed "s/T-$w:/W:/g" | cut -c1-200 > "$dir/t-$w.txt"
  "$jz" -q --db "$db" variants R "R-$w" | sed "s/R-$w:/W:/g; s/^R:/T:/" | cut -c1-200 > "$dir/r-$w.txt"
  diff -u "$dir/t-$w.txt" "$dir/r-$w.txt" || fail "the TEI apparatus imported again reads otherwise in $w"
done
# The editor's decisions work on the witnesses' readings as on any: 據宋本改 at 奘.
place=$("$jz" -q --db "$db" apparatus T T-Song T-Yuan T-Ming --format json |
  python3 -c 'import json, sys; print(next(e["id"] for e in json.load(sys.stdin)["entries"] if e["lemma"] == "奘"))')
"$jz" -q --db "$db" decide "$place" --adopt T-Song > /dev/null
"$jz" -q --db "$db" show T:4 --edited | grep -q "三藏法師玄.*奘奉詔.*譯" || fail "the edited text does not take 【宋】's 奘奉詔"
"$jz" -q --db "$db" check > /dev/null || fail "check fails after the imports"
echo "ok: the 心經's witnesses by its apparatus, the 校勘記 as golden, kept by align, round trip through TEI"
