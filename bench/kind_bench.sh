#!/usr/bin/env bash
# The precision of the 校勘 kinds jiaozhu proposes, on the hand-judged pairs
# of bench/data/kind_sample.tsv (issue 41): two editions of one script are
# made, one poem per pair (the line as the first edition reads it, and with
# the second's reading), imported, aligned, and each pair's class and kind
# read back; then, per proposed kind, how many a textual critic gives the
# same kind (precision), and per judged kind what jiaozhu said.
# Usage: [SAMPLE=bench/data/kind_heldout.tsv] bench/kind_bench.sh [-v]   (-v: every pair)
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
jz=${BENCH_BUILD:-$root/build}/cli/jiaozhu
work=$(mktemp -d); trap 'rm -rf "$work"' EXIT
python3 - "${SAMPLE:-$root/bench/data/kind_sample.tsv}" "$work" <<'PY'
import json, sys
rows = [l.rstrip("\n").split("\t") for l in open(sys.argv[1], encoding="utf-8") if l.strip() and not l.startswith("#")]
for side in ("A", "B"):
    poems = []
    for i, (a, b, line, kind, source) in enumerate(rows):
        text = line if side == "A" else line.replace(a, b, 1)
        poems.append({"title": f"樣本{i + 1}", "author": "佚名", "paragraphs": [text]})
    json.dump(poems, open(f"{sys.argv[2]}/{side}.json", "w", encoding="utf-8"), ensure_ascii=False)
json.dump(rows, open(f"{sys.argv[2]}/rows.json", "w", encoding="utf-8"), ensure_ascii=False)
PY
db=$work/k.db
"$jz" --db "$db" init >/dev/null
"$jz" --db "$db" import "$work/A.json" --work 樣本 --siglum A >/dev/null
"$jz" --db "$db" import "$work/B.json" --work 樣本 --siglum B >/dev/null
"$jz" --db "$db" align A B >/dev/null
"$jz" --db "$db" variants A B --class all --json --limit 100000 >"$work/v.json"
python3 - "$work" "${1:-}" <<'PY'
import json, sys, collections
work, verbose = sys.argv[1], sys.argv[2] == "-v"
rows = json.load(open(f"{work}/rows.json", encoding="utf-8"))
by_address = collections.defaultdict(list)
for v in json.load(open(f"{work}/v.json", encoding="utf-8"))["variants"]:
    if v.get("field", "text") == "text" and v["class"] not in ("punct", "break"):
        by_address[v["a"]["address"]].append(v)
proposed = collections.defaultdict(lambda: [0, 0])   # kind -> [proposed, judged alike]
judged = collections.defaultdict(collections.Counter)
for i, (a, b, line, kind, source) in enumerate(rows):
    vs = by_address.get(f"A:{i + 1}", [])
    got_class = vs[0]["class"] if vs else "none"
    got_kind = (vs[0].get("kind") if vs else None) or "none"
    # What a critic would accept: the kind itself; for variant forms and
    # conversions also no kind (a glyph or conversion class says it).
    right = got_kind == kind or (kind == "variant_form" and got_class == "glyph" and got_kind == "none") or \
            (kind == "conversion" and got_class == "conversion" and got_kind == "none")
    if got_kind not in ("none", "other"):  # 異文: no kind proposed
        proposed[got_kind][0] += 1
        proposed[got_kind][1] += got_kind == kind
    judged[kind][f"{got_class}/{got_kind}"] += 1
    if verbose or not right:
        print(f"{'  ' if right else '✗ '}{a}/{b}\tjudged {kind}\tgot {got_class}/{got_kind}\t{vs[0].get('kind_evidence', '') if vs else ''}")
print("precision of each proposed kind (judged alike / proposed):")
for k, (n, ok) in sorted(proposed.items()):
    print(f"  {k:13} {ok}/{n} = {100 * ok / n:.0f}%")
print("what jiaozhu said, per judged kind (class/kind: pairs):")
for k, c in sorted(judged.items()):
    print(f"  {k:13} " + ", ".join(f"{x}: {n}" for x, n in c.most_common()))
PY
