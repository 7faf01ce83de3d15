#!/usr/bin/env bash
# The pages of `jiaozhu serve` on 100,000 passages (issue 22), in one run on
# this machine: the scale benchmark's database (two editions of 全宋詩, 50,000
# passages each, aligned, a person with an alias, 10,000 notes), served; each
# page is asked for RUNS times and its render time on the server (the
# Server-Timing header) and the whole request's time (curl) are given as
# medians, beside the CLI's time for the same listing as a whole process.
# The target: a reading page of 50 passages and a search page in ≤ 50 ms;
# every page, the suggestions of the pair included, within a second.
# Usage: bench/serve_bench.sh [files of 全宋詩] [build dir]
nfiles=${1:-56}
BENCH_BUILD=${2:-}
RUNS=${RUNS:-9}
source "$(dirname "$0")/common.sh"
db=$work/serve.db
export JIAOZHU_AUTHOR="Bench <bench@example.org>"
scale_pair "$db" "$nfiles"
"$jz" -q --db "$db" character add 蘇軾 >/dev/null
"$jz" -q --db "$db" alias add 蘇軾 東坡 --kind style >/dev/null
"$jz" -q --db "$db" character add 黃庭堅 >/dev/null  # three characters: alias suggest scans the text for near forms
"$build/bench/notes_bench" gen "$db" A 10000 42 "$work/notes.jsonld" >/dev/null
"$jz" -q --db "$db" import-notes "$work/notes.jsonld" >/dev/null
[ -n "${KEEP:-}" ] && cp "$db" "$KEEP"

"$jz" --db "$db" serve >"$work/url" 2>/dev/null &
server=$!
trap 'kill $server 2>/dev/null; rm -rf "$work"' EXIT
for _ in $(seq 50); do [ -s "$work/url" ] && break; sleep 0.1; done
url=$(head -n1 "$work/url")
base=${url%%/\?token=*}
token=${url##*token=}

# median of the numbers on stdin
median() { sort -n | awk '{v[NR] = $1} END {printf "%.1f", (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2}'; }

# page PATH: "render_ms request_ms bytes" (medians over RUNS requests; the first, warming the cache, not counted)
page() {
  curl -s -o /dev/null -H "Authorization: Bearer $token" "$base$1"
  for _ in $(seq "$RUNS"); do
    curl -s -D "$work/headers" -o "$work/body" -w '%{time_total}\n' -H "Authorization: Bearer $token" "$base$1" >>"$work/total"
    grep -i '^server-timing:' "$work/headers" | sed 's/.*dur=\([0-9.]*\).*/\1/' >>"$work/render"
  done
  echo "$(median <"$work/render") $(awk '{print $1 * 1000}' "$work/total" | median) $(wc -c <"$work/body")"
  rm -f "$work/render" "$work/total"
}

# cli ARGS...: the CLI's wall time in ms for the same listing (median of RUNS)
cli() {
  for _ in $(seq "$RUNS"); do
    local began; began=$(date +%s%N)
    "$jz" --db "$db" "$@" >/dev/null 2>&1 || true
    echo $(( ($(date +%s%N) - began) / 1000 )) | awk '{print $1 / 1000}'
  done | median
}

row() {
  local label=$1 path=$2; shift 2
  read -r render total bytes < <(page "$path")
  printf '%9s %10s %9s %9s  %s\n' "$render" "$total" "$bytes" "$(cli "$@")" "$label"
}

machine
"$jz" --db "$db" stats | sed -n '/^passages\|^links\|^variants\|^notes/p' | sed 's/^/  /'
printf '%9s %10s %9s %9s  %s\n' render_ms request_ms bytes cli_ms "page (and the CLI's command)"
row "/read/A:25000 (50 passages; show A:25000-25049 --json)" "/read/A:25000" show A:25000-25049 --json
row "/read/A:25000?with=B (and their variants; variants A B --passage A:25000)" "/read/A:25000?with=B" variants A B --passage A:25000
row "/search?q=明月 (search 明月 --limit 50)" "/search?q=%E6%98%8E%E6%9C%88" search 明月 --limit 50
row "/search?q=不 (search 不 --limit 50)" "/search?q=%E4%B8%8D" search 不 --limit 50
row "/parallel/A:25000 (parallel A:25000)" "/parallel/A:25000" parallel A:25000
row "/apparatus/A:25000?with=B (apparatus A B --passage A:25000-25049)" "/apparatus/A:25000?with=B" apparatus A B --passage A:25000-25049 --format html
row "/person/蘇軾 (mentions 蘇軾)" "/person/%E8%98%87%E8%BB%BE" mentions 蘇軾
row "/notes?address=A:100 (notes A:100)" "/notes?address=A:100" notes A:100
row "/notes (the first 100 of 10,000; notes --limit 100)" "/notes" notes --limit 100
row "/api/passages/A:25000-25049 (show A:25000-25049 --json)" "/api/passages/A:25000-25049" show A:25000-25049 --json
row "/api/search?q=明月&limit=50 (search 明月 --limit 50 --json)" "/api/search?q=%E6%98%8E%E6%9C%88&limit=50" search 明月 --limit 50 --json
row "/suggestions?a=A&b=B (aliases and fold rules; fold suggest A B)" "/suggestions?a=A&b=B" fold suggest A B
row "/api/suggestions/aliases?a=A&b=B (alias suggest A B)" "/api/suggestions/aliases?a=A&b=B" alias suggest A B
