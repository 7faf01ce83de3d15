#!/usr/bin/env bash
# A collection as chinese-poetry publishes it, through the binary (#53):
# labels with a tab, CR LF and a compatibility ideograph imported and
# reported; files named by number out of numeric order reported and taken by
# number with --sort numeric; the editors' notes kept apart as notes, their
# readings a partial witness that the apparatus lists without lacunae; a
# supplement marked and written as TEI <supplied> (valid TEI P5, jing); an
# author named by title proposed as an alias and then no reading.
# Usage: inline_notes_test.sh JIAOZHU JING TEI_ALL_RNG
set -euo pipefail
jz=$1 jing=$2 schema=$3
command -v "$jing" >/dev/null || { echo "$jing is not installed (scripts/setup installs it)" >&2; exit 1; }
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
export JIAOZHU_AUTHOR="tester <t@example.org>" HOME=$dir
fail() { echo "$*" >&2; exit 1; }
db=(--db "$dir/t.db")
poems() {  # SIGLUM: the poems of one edition, as JSON on stdout
  python3 - "$1" <<'PY'
import json, sys
a = sys.argv[1] == "A"
def poem(t, au, *lines): return {"title": t, "author": au, "paragraphs": list(lines)}
print(json.dumps([
  poem("送友人\r\n" if a else "送友人", "李白", "青山橫北郭，白水遶東城。"),
  poem("新樂府\t七德舞" if a else "新樂府 七德舞", "白居易", "七德舞，七德歌，傳自武德至元和。"),
  poem("贈\uf92c中" if a else "贈郎中", "杜甫", "好去張公子，通家別恨添。"),
  poem("蜀道難", "李白", "噫吁嚱，危乎高哉（一作「噫吁戲，危乎高哉」）！" if a else "噫吁嚱，危乎高哉！"),
  poem("陣圖", "佚名", "青旗青（京本作「驄」）馬作先鋒。" if a else "青旗青馬作先鋒。"),
  poem("宴中", "太宗皇帝" if a else "李世民", "四海[夷]歌舞，萬方同樂時。" if a else "四海夷歌舞，萬方同樂時。"),
  poem("春日", "太宗皇帝" if a else "李世民", "春日照九衢。" if a else "春日照九衢，"),
], ensure_ascii=False))
PY
}
poems A >"$dir/A.json"
poems B >"$dir/B.json"
"$jz" "${db[@]}" init >/dev/null
"$jz" "${db[@]}" import "$dir/A.json" --work 唐詩 --siglum A >"$dir/out" 2>"$dir/err"
grep -q "1 with a tab, 1 with a line break, 1 not in NFC" "$dir/err" || fail "import did not report the labels it normalised: $(cat "$dir/err")"
grep -q "edition A-Jingben (1 readings in 1 passages, a partial witness)" "$dir/out" || fail "no partial witness 京本: $(cat "$dir/out")"
"$jz" "${db[@]}" import "$dir/B.json" --work 唐詩 --siglum B >/dev/null 2>&1
"$jz" "${db[@]}" show A:1-7 --json | python3 -c '
import json, sys
p = {x["address"]: x for x in json.load(sys.stdin)["passages"]}
assert p["A:1"]["title"] == "送友人" and p["A:2"]["title"] == "新樂府 七德舞" and p["A:3"]["title"] == "贈郎中", p
assert p["A:4"]["text"] == "噫吁嚱，危乎高哉！" and p["A:5"]["text"] == "青旗青馬作先鋒。", p
assert p["A:6"]["text"] == "四海夷歌舞，萬方同樂時。", p["A:6"]'
"$jz" "${db[@]}" notes A --tag reading --json | grep -q '京本作「驄」' || fail "the note 京本作「驄」 is not a note tagged reading"
"$jz" "${db[@]}" notes A --tag supplied --json | grep -q '補字：夷' || fail "the supplement 夷 is not marked"
# The partial witness: its reading, and no lacuna for the six poems it lacks.
"$jz" "${db[@]}" apparatus A A-Jingben >"$dir/app.txt"
grep -q '「青」，A-Jingben本作「驄」' "$dir/app.txt" || fail "the apparatus lacks 京本's reading: $(cat "$dir/app.txt")"
if grep -q "無此段" "$dir/app.txt"; then fail "a partial witness's lack of a passage is an entry: $(cat "$dir/app.txt")"; fi
"$jz" "${db[@]}" align A B >/dev/null
"$jz" "${db[@]}" apparatus A B --format tei -o "$dir/app.xml" 2>/dev/null
"$jing" "$schema" "$dir/app.xml" 2>&1 | grep -v '^\[warning\]' && fail "the TEI is not valid TEI P5"
grep -qF '<supplied>夷</supplied>' "$dir/app.xml" || fail "the TEI has no <supplied>夷</supplied>"
# The authors: a suggestion from two places, accepted, and then no reading.
"$jz" "${db[@]}" variants A B --class substantive | grep -q '太宗皇帝' || fail "太宗皇帝/李世民 is not a reading before the alias"
"$jz" "${db[@]}" alias suggest A B | grep -q 'jiaozhu character add 李世民 && jiaozhu alias add 李世民 太宗皇帝 --kind title' ||
  fail "alias suggest does not propose 太宗皇帝 for 李世民: $("$jz" "${db[@]}" alias suggest A B)"
"$jz" -q "${db[@]}" character add 李世民 >/dev/null
"$jz" -q "${db[@]}" alias add 李世民 太宗皇帝 --kind title >/dev/null
"$jz" "${db[@]}" align A B >/dev/null
if "$jz" "${db[@]}" variants A B --class substantive | grep -q '太宗皇帝'; then fail "太宗皇帝/李世民 is still a reading once aliased"; fi
# A partial witness by hand (an anthology of two poems): no entry for the five it lacks.
python3 -c 'import json; print(json.dumps([{"title": "送友人", "author": "李白", "paragraphs": ["青山橫南郭，白水遶東城。"]},
  {"title": "蜀道難", "author": "李白", "paragraphs": ["噫吁嚱，危乎高哉！"]}], ensure_ascii=False))' >"$dir/C.json"
"$jz" -q "${db[@]}" import "$dir/C.json" --work 唐詩 --siglum C >/dev/null 2>&1
"$jz" -q "${db[@]}" align A C >/dev/null
"$jz" "${db[@]}" apparatus A C | grep -q "無此段" || fail "an anthology lacking poems has no lacuna entry before it is marked partial"
"$jz" -q "${db[@]}" edition set C --partial >/dev/null
if "$jz" "${db[@]}" apparatus A C | grep -q "無此段"; then fail "a partial witness's lack of a poem is an entry"; fi
"$jz" "${db[@]}" apparatus A C | grep -q "南" || fail "the partial witness's reading 南 is not in the apparatus"
"$jz" "${db[@]}" check >/dev/null || fail "check fails"
# Files named by number, as a shell's glob sorts them.
for n in 0 1000 10000 2000; do printf '[{"title": "詩%s", "paragraphs": ["第%s首。"]}]\n' $n $n >"$dir/poet.tang.$n.json"; done
files=("$dir"/poet.tang.*.json)
"$jz" "${db[@]}" import "${files[@]}" --work 序 --siglum O 2>"$dir/err" >/dev/null
grep -q "not in numeric order (poet.tang.10000.json before poet.tang.2000.json" "$dir/err" || fail "no word of the file order: $(cat "$dir/err")"
"$jz" "${db[@]}" import "${files[@]}" --work 序二 --siglum N --sort numeric --json 2>/dev/null | python3 -c '
import json, sys
order = [f.rsplit("/", 1)[1] for f in json.load(sys.stdin)["files"]]
assert order == ["poet.tang.0.json", "poet.tang.1000.json", "poet.tang.2000.json", "poet.tang.10000.json"], order'
[ "$("$jz" "${db[@]}" show N:4 --json | python3 -c 'import json,sys; print(json.load(sys.stdin)["passages"][0]["title"])')" = 詩10000 ] ||
  fail "--sort numeric did not put poet.tang.10000.json last"
echo "ok"
