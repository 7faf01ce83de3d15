#!/usr/bin/env bash
# Notes benchmark (issue 6), in one run on this machine: 100,000 notes on
# random spans of 全宋詩 (chinese-poetry), with 1-3 revisions each, tags, a
# few deleted (bench/notes_bench.cpp gen).
#  1. batch: `jiaozhu import-notes` of their W3C JSON-LD, against the sqlite3
#     shell importing the same notes as plain rows (no history, no anchoring)
#     into a table with an FTS5 trigram index on the body;
#  2. single: 200 `jiaozhu note add S:N --quote Q` calls, against 200 sqlite3
#     shell calls that each insert one row (a process and a write transaction);
#  3. latency: listing one passage's notes and a note search, in process
#     (p50/p95 over 200 queries, beside the bare SQL) and as CLI calls.
# Usage: bench/notes_bench.sh [notes] [build dir]
notes=${1:-100000}
BENCH_BUILD=${2:-}
source "$(dirname "$0")/common.sh"
export JIAOZHU_AUTHOR="Bench <bench@example.org>"

"$jz" --db "$work/jz.db" init >/dev/null
"$jz" -q --db "$work/jz.db" import "${files[@]}" --work 全宋詩 --siglum QSS >/dev/null 2>&1
cp "$work/jz.db" "$work/single.db"
"$build/bench/notes_bench" gen "$work/jz.db" QSS "$notes" 42 "$work/notes.jsonld"

# The baseline's rows: uuid, passage, start, end, quote, body of each note's last revision.
python3 - "$work/notes.jsonld" "$work/rows.txt" <<'PY'
import json, sys
items = json.load(open(sys.argv[1], encoding="utf-8"))["first"]["items"]
with open(sys.argv[2], "w", encoding="utf-8") as out:
    for a in items:
        sel = a["target"]["selector"]
        quote, pos = sel[0]["refinedBy"], sel[1]["refinedBy"]
        out.write("\x1f".join([a["id"], sel[0]["value"][8:], str(pos["start"]), str(pos["end"]), quote["exact"],
                               a["jz:revisions"][-1]["jz:body"]]) + "\x1e")
PY
read -r bw bm < <(measure sqlite3 "$work/base.db" \
  "CREATE TABLE note (uuid TEXT PRIMARY KEY, passage INTEGER, start INTEGER, end_ INTEGER, exact TEXT, body TEXT)" \
  "CREATE INDEX note_passage ON note(passage)" \
  "CREATE VIRTUAL TABLE note_fts USING fts5(body, content='note', tokenize='trigram')" \
  ".mode ascii" ".import $work/rows.txt note" "INSERT INTO note_fts(note_fts) VALUES ('rebuild')")
read -r jw jm < <(measure "$jz" --db "$work/jz.db" import-notes "$work/notes.jsonld")

# 200 single calls each way.
adds=$work/notes.jsonld.adds
t0=$(date +%s.%N)
while IFS=$'\t' read -r at quote nth; do
  "$jz" -q --db "$work/single.db" note add "$at" --quote "$quote" --nth "$nth" --text "按：單條" >/dev/null
done <"$adds"
t1=$(date +%s.%N)
for i in $(seq 200); do sqlite3 "$work/base.db" "INSERT INTO note VALUES ('single-$i', $i, 0, 2, '詩句', '按：單條')"; done
t2=$(date +%s.%N)
added=$("$jz" --db "$work/single.db" notes QSS --json | python3 -c 'import json,sys; print(len(json.load(sys.stdin)["notes"]))')

machine
echo "notes: $notes over 全宋詩 ($(du -m "$work/notes.jsonld" | cut -f1) MB of W3C JSON-LD)"
printf '%-40s %8s %9s %10s\n' "batch import" wall_s peak_MB notes/s
printf '%-40s %8s %9s %10.0f\n' "sqlite3 .import + fts5 trigram (rows)" "$bw" "$bm" "$(echo "$notes / $bw" | bc -l)"
printf '%-40s %8s %9s %10.0f\n' "jiaozhu import-notes (W3C, history)" "$jw" "$jm" "$(echo "$notes / $jw" | bc -l)"
printf '%-40s %8s %10s\n' "200 single calls" ms/call notes/s
printf '%-40s %8.1f %10.0f\n' "sqlite3 shell, one INSERT each" "$(echo "($t2 - $t1) * 5" | bc -l)" "$(echo "200 / ($t2 - $t1)" | bc -l)"
printf '%-40s %8.1f %10.0f  (%s notes stored)\n' "jiaozhu note add --quote" "$(echo "($t1 - $t0) * 5" | bc -l)" \
  "$(echo "200 / ($t1 - $t0)" | bc -l)" "$added"
echo
"$build/bench/notes_bench" latency "$work/jz.db" QSS 200 42

# The same as CLI calls (process start and opening the database included).
python3 - "$jz" "$work/jz.db" "$adds" <<'PY'
import statistics, subprocess, sys, time
jz, db, adds = sys.argv[1:]
rows = [l.split("\t") for l in open(adds, encoding="utf-8")][:50]
def p50(args_list):
    ms = []
    for args in args_list:
        t = time.perf_counter()
        subprocess.run([jz, "--db", db] + args, check=True, stdout=subprocess.DEVNULL)
        ms.append((time.perf_counter() - t) * 1000)
    return statistics.median(ms)
print(f"CLI, 50 calls each: `jiaozhu notes S:N` p50 {p50([['notes', r[0]] for r in rows]):.1f} ms; "
      f"`jiaozhu note search Q` p50 {p50([['note', 'search', r[1][:2]] for r in rows]):.1f} ms; "
      f"`jiaozhu --version` p50 {p50([['--version'] for r in rows]):.1f} ms")
PY
