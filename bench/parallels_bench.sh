#!/usr/bin/env bash
# Parallel passages at scale (issue 43), in one run: chinese-poetry's 全唐詩
# (Q, poet.tang.*.json) and 全宋詩 (S, poet.song.*.json) imported, about 20 M
# characters, and its 唐詩三百首 (T, mengxue/tangshisanbaishou.json). Times,
# each as a whole process: `parallels` of passages of T against Q and S
# together (median of 20) beside the sqlite3 shell scanning the passages for
# the passage's first 8 characters; `reuse T Q`; `reuse Q Q` (repetition
# inside 全唐詩); `reuse --all` (every pair of works: T, Q and S), with peak
# memory; the index's size beside the database's.
# Usage: bench/parallels_bench.sh [NFILES of each]
nfiles=${1:-1000}
source "$(dirname "$0")/common.sh"
db=$work/p.db
python3 - "$corpus" "$work" "$nfiles" <<'PY'
import glob, json, sys
corpus, work, n = sys.argv[1], sys.argv[2], int(sys.argv[3])
for name, pattern in (("Q", "poet.tang.*.json"), ("S", "poet.song.*.json")):
    files = sorted(glob.glob(f"{corpus}/{pattern}"), key=lambda f: int(f.split(".")[-2]))[:n]
    poems = [p for f in files for p in json.load(open(f, encoding="utf-8")) if p.get("paragraphs")]
    for p in poems:  # a few titles and authors hold tabs, which jiaozhu refuses there
        for k in ("title", "author"):
            p[k] = " ".join((p.get(k) or "").split())
    json.dump(poems, open(f"{work}/{name}.json", "w", encoding="utf-8"), ensure_ascii=False)
PY
"$jz" --db "$db" init >/dev/null
read -r qs qmb < <(measure "$jz" -q --db "$db" import "$work/Q.json" --work 全唐詩 --siglum Q)
read -r ss smb < <(measure "$jz" -q --db "$db" import "$work/S.json" --work 全宋詩 --siglum S)
read -r ts _ < <(measure "$jz" -q --db "$db" import "$corpus/../mengxue/tangshisanbaishou.json" --work 唐詩三百首 --siglum T)
machine
chars=$(sqlite3 "$db" "SELECT sum(length(text)) FROM passage")
echo "passages: $(sqlite3 "$db" "SELECT count(*) FROM passage"), characters: $chars"
echo "import Q: $qs s ($qmb MB), S: $ss s ($smb MB), T: $ts s (each with its parallel index)"
db_mb=$(( $(stat -c %s "$db") / 1048576 ))
index_mb=$(sqlite3 "$db" "SELECT sum(pgsize) / 1048576 FROM dbstat WHERE name IN ('parallel_gram', 'parallel_gram_edition', 'parallel_index')" 2>/dev/null || echo "?")
echo "database: $db_mb MB, of which the parallel index: $index_mb MB"
median() { sort -n | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}'; }
for n in $(seq 1 15 300); do
  /usr/bin/time -f "%e" -o "$work/t" "$jz" --db "$db" parallels "T:$n" --json >"$work/out.$n" 2>/dev/null
  tail -n1 "$work/t"
done | median >"$work/jz_median"
for n in $(seq 1 15 300); do
  first=$(sqlite3 "$db" "SELECT substr(replace(replace(text, '，', ''), '。', ''), 1, 8) FROM passage p JOIN edition e ON e.id = p.edition_id WHERE e.siglum = 'T' AND p.seq = $n")
  /usr/bin/time -f "%e" -o "$work/t" sqlite3 "$db" "SELECT count(*) FROM passage WHERE instr(text, '$first') > 0" >/dev/null
  tail -n1 "$work/t"
done | median >"$work/sql_median"
found=$(cat "$work"/out.* | python3 -c "import json,sys; d=sys.stdin.read().replace('}\n{','}\x00{').split('\x00'); print(sum(1 for x in d if json.loads(x)['total'] > 0))")
echo "parallels T:N (20 passages), whole process: median $(cat "$work/jz_median") s; $found of 20 with a parallel"
echo "  baseline: sqlite3 scanning every passage for the passage's first 8 characters: median $(cat "$work/sql_median") s"
read -r rs rmb < <(measure "$jz" -q --db "$db" reuse T Q --json -o "$work/tq.json")
echo "reuse T Q: $rs s, $rmb MB, $(python3 -c "import json; print(json.load(open('$work/tq.json'))['total'])") parallels"
read -r qq qqmb < <(measure "$jz" -q --db "$db" reuse Q Q --format csv -o "$work/qq.csv")
echo "reuse Q Q (repetition inside 全唐詩): $qq s, $qqmb MB peak, $(( $(wc -l <"$work/qq.csv") - 1 )) parallels"
read -r al almb < <(measure "$jz" -q --db "$db" reuse --all --json -o "$work/all.json")
echo "reuse --all (every pair of works, the index read once): $al s, $almb MB, $(python3 -c "import json; print(json.load(open('$work/all.json'))['total'])") parallels"
