#!/usr/bin/env bash
# Structured sources (issue 21), in one run on this machine: 全唐詩 from
# chinese-poetry (poet.tang.*.json, 57,603 poems) imported as the JSON it is
# (the baseline), as TEI P5 (a <div> per poet with its <head>, an <lg> per
# poem with its title as <head> and a line per <l>, a <pb n> every 20 poems)
# and as Mandoku text (a `** ` heading per poet, a paragraph per poem, a
# <pb:…> marker every 20 poems, ¶ ending each line): the same text, so the
# difference is the parsing and the structure written. Then `import-notes`
# of 1,000 Hypothesis annotations, each quoting four characters of a random
# poem with its context, on a web page mapped to the TEI edition with
# --edition: every quote is looked for through the search index.
# Usage: bench/structured_import_bench.sh [build dir]
BENCH_BUILD=${1:-}
source "$(dirname "$0")/common.sh"
mapfile -t tang < <(ls "$corpus"/poet.tang.*.json | sort -t. -k3 -n)
python3 - "$work" "${tang[@]}" <<'PY'
import json, random, sys
from xml.sax.saxutils import escape
work, paths = sys.argv[1], sys.argv[2:]
poems = [p for path in paths for p in json.load(open(path, encoding="utf-8")) if p.get("paragraphs")]
tei = ['<?xml version="1.0" encoding="UTF-8"?>\n<TEI xmlns="http://www.tei-c.org/ns/1.0"><teiHeader><fileDesc><titleStmt>'
       '<title>全唐詩</title></titleStmt></fileDesc></teiHeader><text><body>']
mandoku = ["# -*- mode: mandoku-view -*-", "#+TITLE: 全唐詩", "#+PROPERTY: ID KR4c0001", ""]
author = None
for i, p in enumerate(poems):
    if p.get("author") != author:
        if author is not None: tei.append("</div>")
        author = p.get("author") or "無名氏"
        tei.append(f"<div><head>{escape(author)}</head>")
        mandoku += [f"** {author}", ""]
    if i % 20 == 0:
        tei.append(f'<pb n="{i // 20 + 1}"/>')
        mandoku.append(f"<pb:KR4c0001_bench_{i // 20 + 1:05d}a>¶")
    lines = "".join(f"<l>{escape(l)}</l>" for l in p["paragraphs"])
    tei.append(f"<lg><head>{escape(p.get('title', ''))}</head>{lines}</lg>")
    mandoku += ["¶\n".join(p["paragraphs"]), ""]
tei.append("</div></body></text></TEI>\n")
open(f"{work}/qts.xml", "w", encoding="utf-8").write("\n".join(tei))
open(f"{work}/qts.txt", "w", encoding="utf-8").write("\n".join(mandoku) + "\n")
rng = random.Random(21)
rows = []
for k in range(1000):
    text = "".join(rng.choice(poems)["paragraphs"])
    if len(text) < 16: continue
    s = rng.randrange(4, len(text) - 8)
    rows.append({"id": f"b{k}", "user": "acct:bench@hypothes.is", "text": f"note {k}", "tags": ["bench"],
                 "uri": "https://example.org/qts", "target": [{"source": "https://example.org/qts", "selector": [
                     {"type": "TextQuoteSelector", "exact": text[s:s + 4], "prefix": text[max(0, s - 8):s], "suffix": text[s + 4:s + 12]}]}]})
json.dump({"rows": rows, "total": len(rows)}, open(f"{work}/hyp.json", "w", encoding="utf-8"), ensure_ascii=False)
PY
"$jz" --db "$work/jz.db" init >/dev/null
[ -n "${KEEP:-}" ] && trap 'mkdir -p "$KEEP" && cp "$work"/jz.db "$work"/hyp.json "$KEEP"/; rm -rf "$work"' EXIT
machine
echo "corpus:  ${#tang[@]} files of 全唐詩; TEI $(( $(stat -c %s "$work/qts.xml") / 1048576 )) MB, Mandoku $(( $(stat -c %s "$work/qts.txt") / 1048576 )) MB"
printf '%-22s %8s %9s %9s %9s\n' run wall_s peak_MB passages sections
row() {
  local name=$1 siglum=$2; shift 2
  read -r wall peak < <(measure "$jz" -q --db "$work/jz.db" import "$@" --work "全唐詩 $siglum" --siglum "$siglum")
  local n s
  n=$("$jz" --db "$work/jz.db" editions --json | python3 -c "import json,sys; print([e['passages'] for e in json.load(sys.stdin)['editions'] if e['siglum']=='$siglum'][0])")
  s=$(sqlite3 "$work/jz.db" "SELECT count(*) FROM section WHERE edition_id = (SELECT id FROM edition WHERE siglum = '$siglum')")
  printf '%-22s %8s %9s %9s %9s\n' "$name" "$wall" "$peak" "$n" "$s"
}
row "json (baseline)" J "${tang[@]}"
row "tei" T "$work/qts.xml"
row "mandoku" M "$work/qts.txt"
read -r wall peak < <(measure "$jz" -q --db "$work/jz.db" import-notes "$work/hyp.json" --edition T)
placed=$("$jz" --db "$work/jz.db" notes --tag bench --json | python3 -c 'import json,sys; d=json.load(sys.stdin); print(sum(1 for n in d["notes"] if n["state"] != "orphaned"), len(d["notes"]))')
printf 'import-notes of 1,000 Hypothesis rows --edition T: %s s, %s MB; placed / imported: %s\n' "$wall" "$peak" "$placed"
