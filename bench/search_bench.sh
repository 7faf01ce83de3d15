#!/usr/bin/env bash
# Search benchmark (issue 3), in one run on this machine:
#  1. import of 全宋詩 (chinese-poetry, poet.song.*.json) with the search index
#     built, against the sqlite3 shell importing the same rows into an FTS5
#     table with tokenize='trigram' (time, peak memory, database size);
#  2. latency of 200 queries of 1-4 characters drawn from the corpus (seed 42),
#     full count plus the top 20 with snippets, against the same queries as
#     LIKE '%q%' scans (bench/search_latency.cpp).
# Usage: bench/search_bench.sh [build dir]
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
build=${1:-$root/build}
jz=$build/cli/jiaozhu
corpus=$("$root/scripts/fetch-corpus")/dist/quantangshi
work=$(mktemp -d); trap 'rm -rf "$work"' EXIT
mapfile -t files < <(ls "$corpus"/poet.song.*.json | sort -t. -k3 -n)

python3 - "$work/rows.txt" "${files[@]}" <<'PY'
import json, sys
with open(sys.argv[1], "w", encoding="utf-8") as out:
    for path in sys.argv[2:]:
        for p in json.load(open(path, encoding="utf-8")):
            text = "\n".join(p.get("paragraphs") or [])
            if text:
                out.write("\x1f".join([p.get("title", ""), p.get("author", ""), p.get("id", ""), text]) + "\x1e")
PY

measure() {  # name, command...: prints "wall_s peak_MB"
  /usr/bin/time -f "%e %M" -o "$work/time" "$@" >/dev/null 2>"$work/err" || { cat "$work/err"; exit 1; }
  read -r wall kb <"$work/time"
  echo "$wall $((kb / 1024))"
}
read -r bw bm < <(measure sqlite3 "$work/base.db" \
  "CREATE VIRTUAL TABLE poem USING fts5(title, author, ref, text, tokenize='trigram')" ".mode ascii" \
  ".import $work/rows.txt poem")
"$jz" --db "$work/jz.db" init >/dev/null
read -r jw jm < <(measure "$jz" -q --db "$work/jz.db" import "${files[@]}" --work 全宋詩 --siglum QSS)
bs=$(( $(stat -c %s "$work/base.db") / 1048576 )); js=$(( $(stat -c %s "$work/jz.db") / 1048576 ))

echo "machine: $(nproc) cores, $(free -g | awk '/Mem:/{print $2}') GiB, $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ //')"
echo "import with index: 全宋詩, ${#files[@]} files"
printf '%-22s %8s %9s %8s\n' run wall_s peak_MB db_MB
printf '%-22s %8s %9s %8s\n' "sqlite3 fts5 trigram" "$bw" "$bm" "$bs" "jiaozhu import" "$jw" "$jm" "$js"
echo
"$build/bench/search_latency" "$work/jz.db" 200 42
