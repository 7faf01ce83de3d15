#!/usr/bin/env bash
# The share of noise among substantive variants on a real pair (issue 41),
# against the hand-judged sample bench/data/noise_sample.tsv: chinese-poetry
# 2.0.1's 全唐詩 (Q, 57,603 poems, Traditional) against Debian fortunes-zh's
# 唐詩三百首 (T, 313 poems, Simplified), imported, aligned (a partial witness:
# about 4 minutes), then each judged variant looked up by its edition
# addresses and readings: the share of noise among those still substantive,
# and the readings no longer substantive (lost). With --rules FILE the fold
# rules in FILE (form <TAB> standard, as `fold import` reads them) are added
# before aligning: the suggestions a scholar accepted.
# Usage: bench/noise_bench.sh [--rules FILE]
source "$(dirname "$0")/common.sh"
rules=""
[ "${1:-}" = "--rules" ] && rules=$2
machine
(cd "$work" && apt-get download fortunes-zh >/dev/null 2>&1) || { echo "cannot download Debian's fortunes-zh"; exit 1; }
dpkg-deb -x "$work"/fortunes-zh_*.deb "$work/fz"
python3 - "$work/fz/usr/share/games/fortunes/tang300" "$work/T.json" "$corpus" "$work/Q.json" <<'PY'
import glob, json, re, sys
raw = re.sub(r"\x1b\[[0-9;]*m", "", open(sys.argv[1], encoding="utf-8").read())
poems = []
for block in raw.split("\n%\n"):
    lines = [l for l in block.strip().split("\n") if l.strip()]
    if len(lines) >= 3:
        poems.append({"title": lines[0].strip().strip("《》"), "author": lines[1].replace("作者：", "").strip(),
                      "paragraphs": lines[2:]})
json.dump(poems, open(sys.argv[2], "w", encoding="utf-8"), ensure_ascii=False)
files = sorted(glob.glob(sys.argv[3] + "/poet.tang.*.json"), key=lambda f: int(f.split(".")[-2]))
q = [p for f in files for p in json.load(open(f, encoding="utf-8"))]
for p in q:  # a few titles and authors of the real text hold tabs, which jiaozhu refuses there
    for k in ("title", "author"):
        p[k] = " ".join(p.get(k, "").split())
json.dump(q, open(sys.argv[4], "w", encoding="utf-8"), ensure_ascii=False)
PY
db=$work/noise.db
"$jz" --db "$db" init >/dev/null
"$jz" --db "$db" import "$work/Q.json" --work 唐詩 --siglum Q >/dev/null 2>&1
"$jz" --db "$db" import "$work/T.json" --work 唐詩 --siglum T >/dev/null
[ -n "$rules" ] && "$jz" --db "$db" fold import "$rules" >/dev/null
/usr/bin/time -f "%e s, %M KB" -o "$work/time" "$jz" --db "$db" align Q T >"$work/align.txt"
echo "align Q T: $(tail -n 1 "$work/time")"
grep '^variants:' "$work/align.txt"
"$jz" --db "$db" variants Q T --class all --json --limit 1000000 >"$work/v.json"
"$jz" --db "$db" links Q T --json >"$work/links.json"
python3 - "$root/bench/data/noise_sample.tsv" "$work/v.json" "$work/links.json" <<'PY'
import json, sys
def unesc(s):
    return s.replace("\\n", "\n").replace("\\t", "\t").replace("\\\\", "\\")
rows = [l.rstrip("\n").split("\t") for l in open(sys.argv[1], encoding="utf-8") if l.strip() and not l.startswith("#")]
vs = json.load(open(sys.argv[2], encoding="utf-8"))["variants"]
# 全唐詩 holds some poems twice (將進酒 under 鼓吹曲辭 and under 李白); a judged variant whose T passage is now
# linked to another copy of its poem cannot be compared, and is counted apart.
linked_to = {}
for l in json.load(open(sys.argv[3], encoding="utf-8"))["links"]:
    for t in l["b"]:
        linked_to.setdefault(t, set()).update(l["a"])
relinked = [r for r in rows if r[1] not in linked_to.get(r[3], set())]
rows = [r for r in rows if r[1] in linked_to.get(r[3], set())]
cls, narrowed, by_t = {}, {}, {}
for v in vs:
    key = (v.get("field", "text"), v["a"]["address"], v["a"]["reading"], v["b"]["address"], v["b"]["reading"])
    cls.setdefault(key, v["class"])
    # 全唐詩 holds some poems twice (將進酒 under 鼓吹曲辭 and under 李白): T may link to either copy.
    by_t.setdefault((key[0], key[2], key[3], key[4]), v["class"])
    if v["class"] == "substantive":
        narrowed.setdefault((key[0], key[1], key[3]), []).append((key[2], key[4]))
left = {"noise": 0, "reading": 0}
lost = []
for field, qa, qr, ta, tr, judged, what in rows:
    qr, tr = unesc(qr), unesc(tr)
    c = cls.get((field, qa, qr, ta, tr)) or by_t.get((field, qr, ta, tr))
    if c is None:  # a reading narrowed (桮珓/杯蛟 is 珓/蛟 once 桮 folds with 杯) or widened: still there
        near = narrowed.get((field, qa, ta), [])
        c = "substantive" if any((a in qr and b in tr) or (qr in a and tr in b) for a, b in near) else "gone"
    if c == "substantive":
        left[judged] += 1
    elif judged == "reading":
        lost.append(f"{qa} {qr}/{tr} ({c})")
total = len(rows)
noise = sum(1 for r in rows if r[5] == "noise")
print(f"judged sample: {total} variants compared (and {len(relinked)} whose T passage is now linked to another copy of "
      f"its poem), noise {noise} ({100 * noise / total:.0f}%) as judged on the pre-#41 alignment")
still = left["noise"] + left["reading"]
print(f"still substantive now: {still}; noise among them {left['noise']} ({100 * left['noise'] / max(1, still):.0f}%); "
      f"readings lost {len(lost)}")
for l in lost:
    print("  lost:", l)
PY
