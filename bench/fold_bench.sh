#!/usr/bin/env bash
# Fold rules (issue 18), in one run on this machine: on the scale database of
# bench/scale_bench.sh (two editions of 全宋詩, 110,000 passages, aligned),
# the time of `fold add` and `fold rm` for a rule whose form is rare (谿 → 溪:
# the passages holding 谿 are re-indexed) and for one whose form is among the
# commonest characters (山 → 屾: every passage holding 山 is re-indexed, the
# worst case), beside the baseline of re-indexing every passage (`reindex`),
# with the passages re-indexed and `search` before and after.
# Usage: bench/fold_bench.sh SCALE_DB [build dir]   (make one: KEEP=DIR bench/scale_bench.sh)
source_db=${1:?usage: bench/fold_bench.sh SCALE_DB [build dir]}
BENCH_BUILD=${2:-}
source "$(dirname "$0")/common.sh"
db=$work/fold.db
cp "$source_db" "$db"
"$jz" -q --db "$db" check >/dev/null || true  # opens once: any upgrade happens here, not in a timing
machine
count() { "$jz" --db "$db" search "$1" --count --json | python3 -c 'import json,sys; print(json.load(sys.stdin)["total"])'; }
time_of() { /usr/bin/time -f "%e" -o "$work/t" "$@" >"$work/out" 2>"$work/err" || { cat "$work/err"; exit 1; }; cat "$work/t"; }
printf '%-28s %8s %10s  %s\n' "command" "seconds" "passages" "search before -> after"
for rule in "谿 溪" "山 屾"; do
  set -- $rule
  before=$(count "$2")
  add_s=$(time_of "$jz" --db "$db" fold add "$1" "$2" --json)
  n=$(python3 -c 'import json,sys; print(json.load(open(sys.argv[1]))["passages_reindexed"])' "$work/out")
  after=$(count "$2")
  printf '%-28s %8s %10s  search %s: %s -> %s\n' "fold add $1 $2" "$add_s" "$n" "$2" "$before" "$after"
  rm_s=$(time_of "$jz" --db "$db" fold rm "$1" "$2" --json)
  n=$(python3 -c 'import json,sys; print(json.load(open(sys.argv[1]))["passages_reindexed"])' "$work/out")
  printf '%-28s %8s %10s  search %s: %s\n' "fold rm $1 $2" "$rm_s" "$n" "$2" "$(count "$2")"
done
printf '%-28s %8s %10s  (baseline: every passage)\n' "reindex" "$(time_of "$jz" --db "$db" reindex)" "all"
