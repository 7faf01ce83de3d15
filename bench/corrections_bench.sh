#!/usr/bin/env bash
# Corrections benchmark (issue 40), in one run on this machine, on a pair the
# size of 全唐詩: all 57,603 poems of 全唐詩 (chinese-poetry), one a line, as A,
# and a derived Simplified edition with ~1% of characters edited and some
# poems split as B (bench/make_derived_edition.py), aligned. Beside a full
# `align`, and beside what a correction cost before (the whole edition
# imported again, then aligned again):
#   - one correction (`passage set`) with its re-collation, as a whole
#     process: the median of 9, each of another poem (target 50 ms);
#   - `import --replace` of the whole edition with 10 poems changed, every
#     other link kept by uuid (target 1.5 s).
# Usage: bench/corrections_bench.sh [build dir]
BENCH_BUILD=${1:-}
source "$(dirname "$0")/common.sh"
python3 "$root/bench/make_derived_edition.py" "$corpus" "$work" 100000000 42 poet.tang. >/dev/null
export JIAOZHU_AUTHOR="Bench <bench@example.org>"
db="$work/jz.db"
"$jz" --db "$db" init >/dev/null
read -r import_s import_mb < <(measure "$jz" -q --db "$db" import "$work/a.txt" --work 全唐詩 --siglum A)
"$jz" -q --db "$db" import "$work/b.txt" --work 全唐詩 --siglum B
read -r align_s align_mb < <(measure "$jz" -q --db "$db" align A B)
links() { "$jz" --db "$db" links A B --json | python3 -c 'import json,sys; print("\n".join(sorted(l["uuid"] for l in json.load(sys.stdin)["links"])))'; }
links >"$work/links.before"

# One correction each of 9 poems spread over the edition: a character added at the end.
n=$(wc -l <"$work/a.txt")
times=()
for k in 1 2 3 4 5 6 7 8 9; do
  seq=$(( k * n / 10 ))
  text=$(sed -n "${seq}p" "$work/a.txt")
  read -r s _ < <(measure "$jz" -q --db "$db" passage set "A:$seq" --text "${text}補" --reason "bench")
  times+=("$s")
done
median=$(printf '%s\n' "${times[@]}" | sort -n | sed -n 5p)

# import --replace of the whole edition with 10 poems changed (other poems than above).
python3 - "$work/a.txt" "$work/a2.txt" "$n" <<'PY'
import sys
lines = open(sys.argv[1], encoding="utf-8").read().split("\n")
n = int(sys.argv[3])
for k in range(10):
    i = (2 * k + 1) * n // 20 - 1
    lines[i] = "〔校〕" + lines[i]
for k in range(1, 10):  # the corrections made above
    i = k * n // 10 - 1
    lines[i] = lines[i] + "補"
open(sys.argv[2], "w", encoding="utf-8").write("\n".join(lines))
PY
read -r replace_s replace_mb < <(measure "$jz" -q --db "$db" import "$work/a2.txt" --work 全唐詩 --siglum A --replace)
links >"$work/links.after"
kept=$(comm -12 "$work/links.before" "$work/links.after" | wc -l)
total=$(wc -l <"$work/links.before")
"$jz" --db "$db" check >/dev/null || { echo "check failed after the corrections"; exit 1; }

machine
echo "editions: A $(wc -m <"$work/a.txt") characters in $n poems, B $(wc -m <"$work/b.txt") characters; $total links"
printf '%-48s %8s %8s\n' run wall_s peak_MB
printf '%-48s %8s %8s\n' "import A (baseline: a correction by re-import…)" "$import_s" "$import_mb"
printf '%-48s %8s %8s\n' "align A B (…and re-alignment)" "$align_s" "$align_mb"
printf '%-48s %8s %8s\n' "passage set, median of 9 (target 0.05)" "$median" -
printf '%-48s %8s %8s\n' "import --replace, 10 poems changed (target 1.5)" "$replace_s" "$replace_mb"
echo "links kept by uuid through the corrections and the replacement: $kept of $total (the 19 corrected poems' links keep theirs too)"
echo "each correction: ${times[*]}"
