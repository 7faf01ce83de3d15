#!/usr/bin/env bash
# The 校勘記 of the fixture's four witnesses, word for word: the golden file
# tests/golden/apparatus-A-BCD.txt (regenerate it with UPDATE_GOLDEN=1 and
# read the difference before committing it), and the CSV's byte-order mark,
# a reading, a note and a person in its rows.
# Usage: apparatus_text_test.sh JIAOZHU
set -euo pipefail
jz=$1
golden=$(cd "$(dirname "$0")/../golden" && pwd)/apparatus-A-BCD.txt
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
"$(dirname "$0")/apparatus_fixture.sh" "$dir" "$jz" >/dev/null
"$jz" -q --db "$dir/app.db" apparatus A B C D > "$dir/app.txt" 2>/dev/null
if [ "${UPDATE_GOLDEN:-0}" = 1 ]; then cp "$dir/app.txt" "$golden"; fi
diff -u "$golden" "$dir/app.txt"
"$jz" -q --db "$dir/app.db" apparatus A B C D --format csv > "$dir/app.csv"
head -c 3 "$dir/app.csv" | od -An -tx1 | grep -q "ef bb bf" || { echo "the CSV does not start with a byte-order mark" >&2; exit 1; }
grep -q '^1,A:2,2,3,疇,甲,C,substantive,substitution' "$dir/app.csv" || { echo "the CSV lacks C's reading at A:2" >&2; exit 1; }
grep -q '^,A:2,0,3,洪承疇,明薊遼總督 <b>&</b>,tester,,note' "$dir/app.csv" || { echo "the CSV lacks the note on A:2" >&2; exit 1; }
grep -q '^,A:2,0,3,洪承疇,洪承疇,,,person' "$dir/app.csv" || { echo "the CSV lacks the person in A:2" >&2; exit 1; }
echo "ok: the 校勘記 is as golden, the CSV opens in a spreadsheet"
