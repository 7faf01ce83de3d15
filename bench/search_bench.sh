#!/usr/bin/env bash
# Search benchmark (issue 3), in one run on this machine:
#  1. import of 全宋詩 (chinese-poetry, poet.song.*.json) with the search index
#     built, against the sqlite3 shell importing the same rows into an FTS5
#     table with tokenize='trigram' (time, peak memory, database size);
#  2. latency of 200 queries of 1-4 characters drawn from the corpus (seed 42),
#     full count plus the top 20 with snippets, against the same queries as
#     LIKE '%q%' scans (bench/search_latency.cpp).
# Usage: bench/search_bench.sh [build dir]
BENCH_BUILD=${1:-}
source "$(dirname "$0")/common.sh"
write_rows "$work/rows.txt"
read -r bw bm < <(measure sqlite3 "$work/base.db" \
  "CREATE VIRTUAL TABLE poem USING fts5(title, author, ref, text, tokenize='trigram')" ".mode ascii" \
  ".import $work/rows.txt poem")
"$jz" --db "$work/jz.db" init >/dev/null
read -r jw jm < <(measure "$jz" -q --db "$work/jz.db" import "${files[@]}" --work 全宋詩 --siglum QSS)
bs=$(( $(stat -c %s "$work/base.db") / 1048576 )); js=$(( $(stat -c %s "$work/jz.db") / 1048576 ))

machine
echo "import with index: 全宋詩, ${#files[@]} files"
printf '%-22s %8s %9s %8s\n' run wall_s peak_MB db_MB
printf '%-22s %8s %9s %8s\n' "sqlite3 fts5 trigram" "$bw" "$bm" "$bs" "jiaozhu import" "$jw" "$jm" "$js"
echo
"$build/bench/search_latency" "$work/jz.db" 200 42 "$jz"
