#!/usr/bin/env bash
# The editor's decisions at scale (issue 39), in one run on this machine: the
# scale benchmark's pair (two editions of 全宋詩, 50,000 passages each,
# aligned), its apparatus (the default classes: 115,000 places) timed
# without decisions, then with 20,000 places decided and two policies in
# force; one `decide` as a whole process; the edited text shown and searched.
# The targets: the apparatus with 20,000 decisions within 2 s; decide,
# show --edited and search --edited within a second.
# Usage: bench/decisions_bench.sh [files of 全宋詩] [decisions] [build dir]
nfiles=${1:-56}
ndecisions=${2:-20000}
BENCH_BUILD=${3:-}
source "$(dirname "$0")/common.sh"
db=$work/decisions.db
export JIAOZHU_AUTHOR="Bench <bench@example.org>"
scale_pair "$db" "$nfiles"
[ -n "${KEEP:-}" ] && cp "$db" "$KEEP"
machine
"$jz" --db "$db" stats | sed -n '1,4p'

row() { printf '%-58s %8s %8s\n' "$@"; }
row "step" "seconds" "peak MB"
app() { measure "$jz" -q --db "$db" apparatus A B "$@"; }
read -r s mb < <(app --format json -o "$work/first.json"); row "apparatus --format json, first (records its places)" "$s" "$mb"
read -r s mb < <(app --format json -o "$work/none.json"); row "apparatus --format json, no decisions (baseline)" "$s" "$mb"
read -r s mb < <(app --format text -o "$work/none.txt"); row "apparatus --format text, no decisions (baseline)" "$s" "$mb"
"$build/bench/decisions_bench" "$db" A B "$ndecisions" 7
"$jz" -q --db "$db" policy add omit --class glyph,punct >/dev/null
"$jz" -q --db "$db" policy add record --class conversion >/dev/null
read -r s mb < <(app --format json -o "$work/decided.json"); row "apparatus --format json, $ndecisions decisions + 3 policies" "$s" "$mb"
read -r s mb < <(app --format text -o "$work/decided.txt"); row "apparatus --format text, $ndecisions decisions + 3 policies" "$s" "$mb"
read -r s mb < <(app --format tei -o "$work/decided.xml"); row "apparatus --format tei, $ndecisions decisions + 3 policies" "$s" "$mb"
read -r s mb < <(app --undecided --format json -o "$work/undecided.json"); row "apparatus --undecided (the worklist)" "$s" "$mb"
id=$(python3 -c 'import json,sys; d=json.load(open(sys.argv[1])); print(d["entries"][0]["id"][:8])' "$work/undecided.json")
read -r s mb < <(measure "$jz" -q --db "$db" decide "$id" --record); row "decide ID --record (one process)" "$s" "$mb"
read -r s mb < <(measure "$jz" -q --db "$db" show A:1-50 --edited); row "show A:1-50 --edited" "$s" "$mb"
read -r s mb < <(measure "$jz" -q --db "$db" search 明月 --edited --edition A); row "search 明月 --edited --edition A" "$s" "$mb"
read -r s mb < <(measure "$jz" -q --db "$db" search 明月 --edition A); row "search 明月 --edition A (baseline)" "$s" "$mb"
read -r s mb < <(measure "$jz" -q --db "$db" check); row "check" "$s" "$mb"
python3 -c 'import json,sys; d=json.load(open(sys.argv[1])); print("entries:", d["total"], "recorded:", d["recorded"], "undecided:", d["undecided"])' "$work/decided.json"
