#!/usr/bin/env bash
# Apparatus benchmark (issue 19), in one run on this machine: a base of
# about 1.2 M characters (the first poems of 全宋詩) and three witnesses
# derived from it with different seeds (script converted, ~1% of characters
# edited, some poems split: bench/make_derived_edition.py). The three
# alignments are timed first (the apparatus needs them), then the apparatus
# in each format: wall time and peak memory. Memory is linear in the text:
# the base's passages and the variants are held, the witnesses' texts only
# for html.
# Usage: bench/apparatus_bench.sh [characters] [build dir]
chars=${1:-1200000}
BENCH_BUILD=${2:-}
source "$(dirname "$0")/common.sh"
db=$work/app.db
"$jz" --db "$db" init >/dev/null
for seed in 1 2 3; do
  mkdir -p "$work/$seed"
  python3 "$root/bench/make_derived_edition.py" "$corpus" "$work/$seed" "$chars" "$seed"
done
"$jz" -q --db "$db" import "$work/1/a.txt" --work 全宋詩 --siglum A >/dev/null
for seed in 1 2 3; do "$jz" -q --db "$db" import "$work/$seed/b.txt" --work 全宋詩 --siglum "W$seed" >/dev/null; done
machine
printf '%-34s %8s %8s\n' "step" "seconds" "peak MB"
for seed in 1 2 3; do
  read -r s mb < <(measure "$jz" -q --db "$db" align A "W$seed")
  printf '%-34s %8s %8s\n' "align A W$seed (needed once)" "$s" "$mb"
done
"$jz" --db "$db" stats | sed -n '1,4p'
for format in json text csv tei html; do
  read -r s mb < <(measure "$jz" -q --db "$db" apparatus A W1 W2 W3 --format "$format" -o "$work/app.$format")
  printf '%-34s %8s %8s  %s\n' "apparatus A W1 W2 W3 --format $format" "$s" "$mb" "$(du -h "$work/app.$format" | cut -f1)"
done
python3 -c 'import json,sys; d=json.load(open(sys.argv[1])); print("entries:", d["total"])' "$work/app.json"
