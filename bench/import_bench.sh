#!/usr/bin/env bash
# Import benchmark (issue 2): 全宋詩 from chinese-poetry (dist/quantangshi/
# poet.song.*.json, 254,248 poems) imported by jiaozhu, against the baseline of
# the sqlite3 shell's .import of the same rows from a prepared file into a
# plain table. Both run here, in one script run, on this machine.
# Since schema 2 jiaozhu's import also builds the search index (FTS5 over
# every character); bench/search_bench.sh compares that with an FTS5 baseline.
# Usage: bench/import_bench.sh [path/to/jiaozhu]
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
jz=${1:-$root/build/cli/jiaozhu}
corpus=$("$root/scripts/fetch-corpus")/dist/quantangshi
work=$(mktemp -d); trap 'rm -rf "$work"' EXIT
mapfile -t files < <(ls "$corpus"/poet.song.*.json | sort -t. -k3 -n)

# Baseline input, not timed: one record per poem, fields separated by 0x1F and
# records by 0x1E (the shell's ascii mode), so newlines in poems need no quoting.
python3 - "$work/rows.txt" "${files[@]}" <<'PY'
import json, sys
with open(sys.argv[1], "w", encoding="utf-8") as out:
    for path in sys.argv[2:]:
        for p in json.load(open(path, encoding="utf-8")):
            text = "\n".join(p.get("paragraphs") or [])
            if text:
                out.write("\x1f".join([p.get("title", ""), p.get("author", ""), p.get("id", ""), text]) + "\x1e")
PY

measure() {  # name, command...: prints "name wall_s peak_MB"
  local name=$1; shift
  /usr/bin/time -f "%e %M" -o "$work/time" "$@" >/dev/null 2>"$work/err" || { cat "$work/err"; exit 1; }
  read -r wall kb <"$work/time"
  echo "$name $wall $((kb / 1024))"
}
base=$(measure baseline sqlite3 "$work/base.db" \
  "CREATE TABLE poem (title TEXT, author TEXT, ref TEXT, text TEXT)" ".mode ascii" ".import $work/rows.txt poem")
"$jz" --db "$work/jz.db" init >/dev/null
mine=$(measure jiaozhu "$jz" -q --db "$work/jz.db" import "${files[@]}" --work 全宋詩 --siglum QSS)
rows=$(sqlite3 "$work/base.db" "SELECT count(*) FROM poem")
passages=$("$jz" --db "$work/jz.db" stats --json | python3 -c 'import json,sys; print(json.load(sys.stdin)["passages"])')

read -r _ bw bm <<<"$base"; read -r _ jw jm <<<"$mine"
bs=$(( $(stat -c %s "$work/base.db") / 1048576 )); js=$(( $(stat -c %s "$work/jz.db") / 1048576 ))
echo "machine: $(nproc) cores, $(free -g | awk '/Mem:/{print $2}') GiB, $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ //')"
echo "corpus:  ${#files[@]} files, $rows poems with text (baseline rows), $passages passages (jiaozhu)"
printf '%-10s %8s %9s %8s\n' run wall_s peak_MB db_MB
printf '%-10s %8s %9s %8s\n' baseline "$bw" "$bm" "$bs" jiaozhu "$jw" "$jm" "$js"
awk -v j="$jw" -v b="$bw" 'BEGIN { printf "ratio:   %.2fx the baseline (target <= 3x, peak < 500 MB)\n", j / b }'
