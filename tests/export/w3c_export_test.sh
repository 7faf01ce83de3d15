#!/usr/bin/env bash
# The W3C export against the W3C Web Annotation Working Group's own MUST
# assertions (../shared/acceptance/w3c_conformance.py over
# ../shared/schemas/w3c-annotation), removed notes left out unless asked,
# "correcting" written as W3C's "editing" and read back as itself, and the
# round trip: export with --include-removed, import into a copy without
# notes, export again, the same notes.
# Usage: w3c_export_test.sh JIAOZHU SHARED_DIR
set -euo pipefail
jz=$1 shared=$2
runner=$shared/acceptance/w3c_conformance.py
python=
for p in python3 /usr/bin/python3; do
  if command -v "$p" >/dev/null && "$p" -c "import jsonschema" 2>/dev/null; then python=$p; break; fi
done
[ -n "$python" ] || { echo "python3-jsonschema is not installed (scripts/setup installs it)" >&2; exit 1; }
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
"$(dirname "$0")/apparatus_fixture.sh" "$dir" "$jz" >/dev/null
db=$dir/app.db
export JIAOZHU_AUTHOR="tester <t@example.org>"
"$jz" -q --db "$db" note add A:3 --quote 張若麟 --text "保留之注" --motivation correcting --tag 校 >/dev/null
gone=$("$jz" -q --db "$db" note add A:4 --text "刪去之注" --json | "$python" -c 'import json,sys; print(json.load(sys.stdin)["id"])')
"$jz" -q --db "$db" note rm "$gone" >/dev/null
"$jz" -q --db "$db" export notes > "$dir/w3c.json"
"$python" "$runner" "$dir/w3c.json"
grep -q "刪去之注" "$dir/w3c.json" && { echo "the export holds a removed note" >&2; exit 1; }
grep -q '"motivation": "editing"' "$dir/w3c.json" || { echo "correcting is not written as editing" >&2; exit 1; }
grep -q '"jz:motivation": "correcting"' "$dir/w3c.json" || { echo "the precise motivation is not kept" >&2; exit 1; }
"$jz" -q --db "$db" export notes --include-removed > "$dir/all.json"
"$python" "$runner" "$dir/all.json"
grep -q "刪去之注" "$dir/all.json" || { echo "--include-removed leaves the removed note out" >&2; exit 1; }
# The same editions imported into a file of their own, without notes (an
# edition is the same edition wherever its text is imported), then the
# export read into it.
corpus=${JZ_CORPUS:-$shared/corpus}
copy=$dir/copy.db
"$jz" -q --db "$copy" init >/dev/null
"$jz" -q --db "$copy" import "$corpus/songjin/hant.txt" --work songjin --siglum A --title "松錦之戰（繁體）" >/dev/null
"$jz" -q --db "$copy" import "$corpus/songjin/hans.txt" --work songjin --siglum B --title "松锦之战（简体）" >/dev/null
"$jz" -q --db "$copy" import "$dir/C.txt" --work songjin --siglum C >/dev/null
"$jz" -q --db "$copy" import "$dir/D.txt" --work songjin --siglum D >/dev/null
[ "$("$jz" -q --db "$copy" notes --json | "$python" -c 'import json,sys; print(len(json.load(sys.stdin)["notes"]))')" = 0 ]
"$jz" -q --db "$copy" import-notes "$dir/all.json" >/dev/null
"$jz" -q --db "$db" notes --json > "$dir/a.json"
"$jz" -q --db "$copy" notes --json > "$dir/b.json"
"$jz" -q --db "$copy" note show "$gone" >/dev/null  # the removed note came too, with its history
cmp -s "$dir/a.json" "$dir/b.json" || { echo "the round trip changed the notes" >&2; diff "$dir/a.json" "$dir/b.json" | head >&2; exit 1; }
echo "ok: every MUST assertion holds, removed notes only when asked, motivations kept, round trip equal"
