#!/usr/bin/env bash
# Scale benchmark (issue 16), in one run on this machine: two editions of
# 全宋詩 (chinese-poetry) of over 3 M characters and 50,000 passages each (the
# first 56 files as they are, and a derived Simplified edition with joins,
# splits, omissions and substitutions: bench/make_scale_editions.py), aligned,
# with a person, an alias and 10,000 notes. Every read command is timed as a
# whole process with its output written to a file, beside a baseline: the
# sqlite3 shell counting the same rows in the same file.
# Usage: bench/scale_bench.sh [files of 全宋詩] [build dir]
# KEEP=DIR keeps the database there (for profiling).
nfiles=${1:-56}
BENCH_BUILD=${2:-}
source "$(dirname "$0")/common.sh"
db=$work/scale.db
python3 "$root/bench/make_scale_editions.py" "$corpus" "$work" "$nfiles" >/dev/null
"$jz" --db "$db" init >/dev/null
read -r iaw _ < <(measure "$jz" -q --db "$db" import "$work/a.jsonl" --work 宋詩 --siglum A)
read -r ibw _ < <(measure "$jz" -q --db "$db" import "$work/b.jsonl" --work 宋詩 --siglum B)
read -r alw _ < <(measure "$jz" -q --db "$db" align A B)
"$jz" -q --db "$db" character add 蘇軾 >/dev/null
"$jz" -q --db "$db" alias add 蘇軾 東坡 --kind style >/dev/null
"$build/bench/notes_bench" gen "$db" A 10000 42 "$work/notes.jsonld" >/dev/null
"$jz" -q --db "$db" import-notes "$work/notes.jsonld" >/dev/null

# row LABEL "BASELINE SQL" JIAOZHU-ARGS...: times both, prints one table row.
row() {
  local label=$1 sql=$2; shift 2
  /usr/bin/time -f "%e" -o "$work/t.jz" "$jz" --db "$db" "$@" >"$work/out" 2>"$work/err" ||
    { [ $? -eq 1 ] || { cat "$work/err"; exit 1; }; }
  local lines; lines=$(wc -l <"$work/out")
  /usr/bin/time -f "%e" -o "$work/t.sql" sqlite3 "$db" "$sql" >"$work/sql.out"
  printf '%9s %10s %9s %12s  %s\n' "$(tail -n1 "$work/t.jz")" "$lines" \
    "$(tail -n1 "$work/t.sql")" "$(tail -n1 "$work/sql.out")" "$label"
}
ea="(SELECT id FROM edition WHERE siglum = 'A')"
in_pair="link_id IN (SELECT link_id FROM link_passage lp JOIN passage p ON p.id = lp.passage_id WHERE p.edition_id = $ea)"
like() { echo "SELECT count(*) FROM passage WHERE $1"; }

machine
echo "editions: A $(wc -l <"$work/a.jsonl") passages, B $(wc -l <"$work/b.jsonl"); import ${iaw} s and ${ibw} s, align ${alw} s"
"$jz" --db "$db" stats | sed -n '/^passages\|^text\|^links\|^variants\|^notes/p' | sed 's/^/  /'
# The command last: its CJK would misalign the columns after it.
printf '%9s %10s %9s %12s  %s\n' jiaozhu_s out_lines sqlite3_s sqlite3_rows command
row "links A B" "SELECT count(*) FROM link" links A B
row "links A B --json" "SELECT count(*) FROM link_passage" links A B --json
row "variants A B" "SELECT count(*) FROM variant WHERE class IN ('substantive','glyph','pinyin')" variants A B
row "variants A B --class all --json" "SELECT count(*) FROM variant" variants A B --class all --json
row "parallel A:100" "SELECT count(*) FROM variant WHERE $in_pair AND link_id IN (SELECT link_id FROM link_passage WHERE passage_id = (SELECT id FROM passage WHERE edition_id = $ea AND seq = 100))" parallel A:100
row "show A:1-50" "SELECT count(*) FROM passage WHERE edition_id = $ea AND seq BETWEEN 1 AND 50" show A:1-50
row "search 明月" "$(like "text LIKE '%明月%' OR text LIKE '%明月%'")" search 明月
row "search 不 --limit 20" "$(like "text LIKE '%不%'")" search 不 --limit 20
row "mentions 蘇軾" "$(like "text LIKE '%蘇軾%' OR text LIKE '%苏轼%' OR text LIKE '%東坡%' OR text LIKE '%东坡%'")" mentions 蘇軾
row "characters" "SELECT count(*) FROM character" characters
row "notes" "SELECT count(*) FROM note" notes
row "notes A:100" "SELECT count(*) FROM note WHERE passage_seq = 100" notes A:100
row "conflicts" "SELECT count(*) FROM note_revision WHERE head = 1" conflicts
row "stats" "SELECT count(*) FROM passage" stats
row "editions" "SELECT count(*) FROM edition" editions
row "export notes --format w3c" "SELECT count(*) FROM note_revision" export notes --format w3c
row "check" "PRAGMA integrity_check" check
if [ -n "${KEEP:-}" ]; then mkdir -p "$KEEP" && cp "$db" "$KEEP/scale.db"; fi
