#!/usr/bin/env bash
# Alignment benchmark (issue 4), in one run on this machine: two editions of
# about 3 M characters: the first poems of 全宋詩 (chinese-poetry) and a
# derived edition (script converted, ~1% of characters edited, some poems
# split; bench/make_derived_edition.py), so the answer is known. jiaozhu align
# (time, peak memory, precision and recall of substantive variants) against
# GNU diff on the same two texts written one character per line.
# Usage: bench/align_bench.sh [characters] [build dir]
chars=${1:-3000000}
BENCH_BUILD=${2:-}
source "$(dirname "$0")/common.sh"
python3 "$root/bench/make_derived_edition.py" "$corpus" "$work" "$chars" 42

"$jz" --db "$work/jz.db" init >/dev/null
"$jz" -q --db "$work/jz.db" import "$work/a.txt" --work 全宋詩 --siglum A >/dev/null
"$jz" -q --db "$work/jz.db" import "$work/b.txt" --work 全宋詩 --siglum B >/dev/null
/usr/bin/time -f "%e %M" -o "$work/t.align" "$jz" --db "$work/jz.db" align A B >"$work/align.out"  # its output is shown
"$jz" --db "$work/jz.db" variants A B --class substantive --json >"$work/variants.json"

python3 - "$work/a.txt" "$work/char.a" "$work/b.txt" "$work/char.b" <<'PY'
import sys
for src, dst in ((sys.argv[1], sys.argv[2]), (sys.argv[3], sys.argv[4])):
    with open(dst, "w", encoding="utf-8") as out:
        out.write("\n".join(open(src, encoding="utf-8").read()) + "\n")
PY
/usr/bin/time -f "%e %M" -o "$work/t.diff" diff "$work/char.a" "$work/char.b" >/dev/null || true

python3 - "$work/edits.json" "$work/variants.json" <<'PY' >"$work/score"
import json, sys
edits = json.load(open(sys.argv[1]))
variants = json.load(open(sys.argv[2]))["variants"]
by_seq = {}
for k, (seq, s, e) in enumerate(edits):
    by_seq.setdefault(seq, []).append((k, s, e))
found, tp = set(), 0
for v in variants:
    seq = int(v["a"]["address"].split(":")[1])
    hit = [k for k, s, e in by_seq.get(seq, []) if abs(s - v["a"]["start"]) <= 1 and abs(e - v["a"]["end"]) <= 1]
    found.update(hit)
    tp += bool(hit)
print(f"{tp / max(len(variants), 1) * 100:.3f} {len(found) / max(len(edits), 1) * 100:.3f} {len(edits)} {len(variants)}")
PY
read -r aw am < <(tail -n 1 "$work/t.align"); read -r dw dm < <(tail -n 1 "$work/t.diff"); read -r precision recall nedits nvars <"$work/score"
machine
echo "editions: $(wc -m <"$work/a.txt") and $(wc -m <"$work/b.txt") characters; $nedits known edits"
sed 's/^/  /' "$work/align.out"
printf '%-22s %8s %9s %11s %9s\n' run wall_s peak_MB precision recall
printf '%-22s %8s %9s %11s %9s\n' "GNU diff (char/line)" "$dw" "$((dm / 1024))" - - "jiaozhu align" "$aw" "$((am / 1024))" "$precision%" "$recall%"
