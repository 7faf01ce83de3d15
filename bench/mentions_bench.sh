#!/usr/bin/env bash
# Mentions benchmark (issue 5), in one run on this machine: 全宋詩 (chinese-
# poetry) with 10,000 persons (every poet of authors.song.json, then poem
# authors, distinct), each name an alias: `jiaozhu character import` (adds
# them and finds every mention in one scan) against one FTS phrase query per
# name over the same index (bench/fts_phrase_baseline.cpp).
# Usage: bench/mentions_bench.sh [build dir]
BENCH_BUILD=${1:-}
source "$(dirname "$0")/common.sh"
python3 - "$corpus" "$work/names.txt" <<'PY'
import json, os, sys
corpus, out = sys.argv[1], sys.argv[2]
names = []
seen = set()
def add(n):
    n = (n or "").strip()
    if n and n not in seen and len(names) < 10000:
        seen.add(n); names.append(n)
for a in json.load(open(os.path.join(corpus, "authors.song.json"), encoding="utf-8")):
    add(a.get("name"))
for f in sorted(f for f in os.listdir(corpus) if f.startswith("poet.song.")):
    for p in json.load(open(os.path.join(corpus, f), encoding="utf-8")):
        add(p.get("author"))
open(out, "w", encoding="utf-8").write("\n".join(names) + "\n")
PY
"$jz" --db "$work/jz.db" init >/dev/null
"$jz" -q --db "$work/jz.db" import "${files[@]}" --work 全宋詩 --siglum QSS >/dev/null
read -r bs bn bh < <("$build/bench/fts_phrase_baseline" "$work/jz.db" "$work/names.txt")
read -r jw jm < <(measure "$jz" --db "$work/jz.db" character import "$work/names.txt")
mentions=$(sqlite3 "$work/jz.db" "SELECT count(*) FROM mention")
machine
echo "全宋詩 ($(wc -l <"$work/names.txt") names as aliases)"
printf '%-34s %8s %9s %10s\n' run wall_s peak_MB found
printf '%-34s %8s %9s %10s\n' "FTS phrase query per name" "$bs" - "$bh passages" "jiaozhu character import (scan)" "$jw" "$jm" "$mentions mentions"
