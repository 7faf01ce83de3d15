#!/usr/bin/env bash
# Merge benchmark (issue 7), in one run on this machine: two copies of a
# database of 全宋詩 (chinese-poetry) with 100,000 notes each, 50,000 of them
# shared, 10,000 of the shared edited apart on both sides (so 10,000 end in
# conflict), made by bench/notes_bench.cpp gen.
# `jiaozhu merge B` into A (time, peak memory, what it reports), against the
# sqlite3 shell doing the naive union a script would: ATTACH the other file
# and INSERT OR IGNORE its notes and revisions by uuid (no checks of the
# file, no heads, no re-anchoring, no search index). The cost of the checks
# an untrusted file gets (integrity_check) is shown on its own.
# Usage: bench/merge_bench.sh [notes per side] [build dir]
notes=${1:-100000}
BENCH_BUILD=${2:-}
source "$(dirname "$0")/common.sh"
shared=$((notes / 2)); edited=$((notes / 10))

"$jz" --db "$work/a.db" init >/dev/null
"$jz" -q --db "$work/a.db" import "${files[@]}" --work 全宋詩 --siglum QSS >/dev/null 2>&1
cp "$work/a.db" "$work/b.db"
for side in a b; do
  "$build/bench/notes_bench" gen "$work/$side.db" QSS "$notes" 42 "$work/$side.jsonld" "$side" "$shared" "$edited"
  "$jz" -q --db "$work/$side.db" import-notes "$work/$side.jsonld" >/dev/null
done
cp "$work/a.db" "$work/naive.db"

read -r nw nm < <(measure sqlite3 "$work/naive.db" "ATTACH '$work/b.db' AS b" "BEGIN" \
  "INSERT OR IGNORE INTO note (uuid, target, edition_id, passage_seq, span_start, span_end, quote_exact,
     quote_prefix, quote_suffix, target_uuid, orphaned, created_at)
   SELECT uuid, target, edition_id, passage_seq, span_start, span_end, quote_exact, quote_prefix, quote_suffix,
     target_uuid, orphaned, created_at FROM b.note" \
  "INSERT OR IGNORE INTO note_revision (uuid, note_id, author, created_at, motivation, body, deleted, head)
   SELECT r.uuid, (SELECT id FROM main.note WHERE uuid = n.uuid), r.author, r.created_at, r.motivation, r.body,
     r.deleted, r.head FROM b.note_revision r JOIN b.note n ON n.id = r.note_id" \
  "COMMIT")
read -r iw im < <(measure sqlite3 "$work/b.db" "PRAGMA integrity_check(1)")
# Exit 1 is expected: the merge leaves the edited notes in conflict.
/usr/bin/time -f "%e %M" -o "$work/t.merge" "$jz" --db "$work/a.db" merge "$work/b.db" >"$work/merge.out" 2>/dev/null ||
  [ $? -eq 1 ]
read -r mw mk < <(tail -n 1 "$work/t.merge")
"$jz" --db "$work/a.db" check >/dev/null
total=$("$jz" --db "$work/a.db" stats --json | python3 -c 'import json,sys; d=json.load(sys.stdin); print(d["notes"], "live notes,", d["note_revisions"], "revisions,", d["conflicts"], "notes in conflict")')

machine
echo "two copies of 全宋詩 ($(du -m "$work/a.db" | cut -f1) MB each before the merge): $notes notes each, $shared shared, $edited edited on both sides"
printf '%-52s %8s %9s\n' run wall_s peak_MB
printf '%-52s %8s %9s\n' "sqlite3: ATTACH + INSERT OR IGNORE notes, revisions" "$nw" "$nm" \
  "  (part of merge) integrity_check of the other file" "$iw" "$im" \
  "jiaozhu merge" "$mw" "$((mk / 1024))"
head -n 30 "$work/merge.out" | sed "s/^/  /"
echo "after the merge: check passes; $total"
