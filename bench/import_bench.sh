#!/usr/bin/env bash
# Import benchmark (issue 2): 全宋詩 from chinese-poetry (dist/quantangshi/
# poet.song.*.json, 254,248 poems) imported by jiaozhu, against the baseline of
# the sqlite3 shell's .import of the same rows from a prepared file into a
# plain table. Both run here, in one script run, on this machine.
# Since schema 2 jiaozhu's import also builds the search index (FTS5 over
# every character); bench/search_bench.sh compares that with an FTS5 baseline.
# Usage: bench/import_bench.sh [build dir]
BENCH_BUILD=${1:-}
source "$(dirname "$0")/common.sh"
write_rows "$work/rows.txt"
base=$(measure sqlite3 "$work/base.db" \
  "CREATE TABLE poem (title TEXT, author TEXT, ref TEXT, text TEXT)" ".mode ascii" ".import $work/rows.txt poem")
"$jz" --db "$work/jz.db" init >/dev/null
mine=$(measure "$jz" -q --db "$work/jz.db" import "${files[@]}" --work 全宋詩 --siglum QSS)
rows=$(sqlite3 "$work/base.db" "SELECT count(*) FROM poem")
passages=$("$jz" --db "$work/jz.db" stats --json | python3 -c 'import json,sys; print(json.load(sys.stdin)["passages"])')

read -r bw bm <<<"$base"; read -r jw jm <<<"$mine"
bs=$(( $(stat -c %s "$work/base.db") / 1048576 )); js=$(( $(stat -c %s "$work/jz.db") / 1048576 ))
machine
echo "corpus:  ${#files[@]} files, $rows poems with text (baseline rows), $passages passages (jiaozhu)"
printf '%-10s %8s %9s %8s\n' run wall_s peak_MB db_MB
printf '%-10s %8s %9s %8s\n' baseline "$bw" "$bm" "$bs" jiaozhu "$jw" "$jm" "$js"
awk -v j="$jw" -v b="$bw" 'BEGIN { printf "ratio:   %.2fx the baseline (target <= 3x, peak < 500 MB)\n", j / b }'
