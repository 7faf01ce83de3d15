#!/usr/bin/env bash
# A real pair for issue 41: two releases of one digitisation of 全唐詩,
# chinese-poetry 2.0.1 (dist/quantangshi/poet.tang.*.json) as A against
# chinese-poetry 1.2.0 (chinese-poetry/json/poet.tang.*.json, 57,613 poems) as
# B, the text as it stood before the project's corrections; aligned; prints the variants per class, the kinds proposed on
# substantive readings, and SAMPLE substantive variants drawn with a fixed
# seed, for judging by hand.
# Usage: bench/trust_bench.sh [SAMPLE]
source "$(dirname "$0")/common.sh"
sample=${1:-0}
machine
mapfile -t a < <(ls "$corpus"/poet.tang.*.json | sort -t. -k3 -n)
old=$("$root/scripts/fetch-corpus" 1.2.0)/chinese-poetry/json
mapfile -t b < <(ls "$old"/poet.tang.*.json | sort -t. -k3 -n)
db=$work/tang.db
"$jz" --db "$db" init >/dev/null
python3 - "$work" "${a[@]}" -- "${b[@]}" <<'PY'
import json, sys
work, rest = sys.argv[1], sys.argv[2:]
cut = rest.index("--")
for name, files in (("A", rest[:cut]), ("B", rest[cut + 1:])):
    poems = [p for f in files for p in json.load(open(f, encoding="utf-8"))]
    for p in poems:  # one title of the real text holds a tab, which jiaozhu refuses in a title
        for k in ("title", "author"):
            p[k] = " ".join(p.get(k, "").split())
    json.dump(poems, open(f"{work}/{name}.json", "w", encoding="utf-8"), ensure_ascii=False)
PY
echo "import A: $(measure "$jz" --db "$db" import "$work/A.json" --work 全唐詩 --siglum A) (s, MB)"
echo "import B: $(measure "$jz" --db "$db" import "$work/B.json" --work 全唐詩 --siglum B) (s, MB)"
/usr/bin/time -f "%e s, %M KB" -o "$work/time" "$jz" --db "$db" align A B >"$work/align.txt"
echo "align A B: $(tail -n 1 "$work/time")"
grep '^variants:' "$work/align.txt"
"$jz" --db "$db" variants A B --json --limit 1000000 | python3 -c "
import json, sys, collections, random
vs = json.load(sys.stdin)['variants']
sub = [v for v in vs if v['class'] == 'substantive']
print('substantive:', len(sub), ' by field:', dict(collections.Counter(v.get('field', 'text') for v in sub)))
print('kinds:', dict(collections.Counter(v.get('kind') for v in sub)))
random.seed(41)
for v in random.sample(sub, min($sample, len(sub))):
    print('\t'.join([v['a']['address'], v.get('field', 'text'), v['a']['reading'] or '∅', v['b']['reading'] or '∅', str(v.get('kind'))]))
"
