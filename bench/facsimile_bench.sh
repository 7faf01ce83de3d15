#!/usr/bin/env bash
# Page images at scale (issue 42), in one run: 全宋詩 (the first NFILES files
# of chinese-poetry, one poem a <p>) as a TEI edition A with a <pb facs> every
# 10 poems (about 5,000 pages for 56 files: 50,000 passages) and the same
# text as B without facs (one line added), mapped to a generated IIIF 3 manifest of as many
# canvases. Times the import (against the same TEI without facs), the
# manifest's mapping, and every facsimile command as a whole process, beside
# a baseline: the sqlite3 shell reading the same rows from the same file.
# Usage: bench/facsimile_bench.sh [NFILES]
nfiles=${1:-56}
source "$(dirname "$0")/common.sh"
db=$work/f.db
python3 - "$work" "$nfiles" "${files[@]}" <<'PY'
import json, sys
from xml.sax.saxutils import escape
work, n, paths = sys.argv[1], int(sys.argv[2]), sys.argv[3:]
poems = [p for f in paths[:n] for p in json.load(open(f, encoding="utf-8")) if p.get("paragraphs")]
def tei(facs):
    out = ['<?xml version="1.0" encoding="UTF-8"?><TEI xmlns="http://www.tei-c.org/ns/1.0"><teiHeader><fileDesc><titleStmt>'
           '<title>全宋詩</title></titleStmt><publicationStmt><p>b</p></publicationStmt><sourceDesc><p>b</p></sourceDesc>'
           '</fileDesc></teiHeader><text><body><div>']
    for i, p in enumerate(poems):
        if i % 10 == 0:
            page = i // 10 + 1
            out.append(f'<pb n="{page}"' + (f' facs="scans/{page:05d}.jpg"' if facs else "") + "/>")
        out.append("<p>" + escape("".join(p["paragraphs"])) + "</p>")
    out.append("</div></body></text></TEI>")
    return "".join(out)
open(f"{work}/a.xml", "w", encoding="utf-8").write(tei(True))
open(f"{work}/plain.xml", "w", encoding="utf-8").write(tei(False))
poems[0] = dict(poems[0], paragraphs=poems[0]["paragraphs"] + ["（B本）"])  # B: another edition, not the same text twice
open(f"{work}/b.xml", "w", encoding="utf-8").write(tei(False))
pages = (len(poems) + 9) // 10
base = "https://iiif.example.org/song"
items = [{"id": f"{base}/canvas/{k}", "type": "Canvas", "label": {"none": [str(k)]}, "width": 2000, "height": 3000,
          "items": [{"id": f"{base}/page/{k}", "type": "AnnotationPage", "items": [{"id": f"{base}/anno/{k}", "type": "Annotation",
          "motivation": "painting", "body": {"id": f"{base}/{k}/full/max/0/default.jpg", "type": "Image", "width": 2000, "height": 3000,
          "service": [{"id": f"{base}/{k}", "type": "ImageService3", "profile": "level1"}]}, "target": f"{base}/canvas/{k}"}]}]}
         for k in range(1, pages + 1)]
json.dump({"@context": "http://iiif.io/api/presentation/3/context.json", "id": f"{base}/manifest.json", "type": "Manifest",
           "label": {"zh": ["全宋詩"]}, "items": items}, open(f"{work}/manifest.json", "w"), ensure_ascii=False)
PY
export JIAOZHU_CONFIG=$work/config.json JIAOZHU_AUTHOR="Bench <bench@example.org>"
"$jz" --db "$work/plain.db" init >/dev/null
read -r plain_s plain_mb < <(measure "$jz" -q --db "$work/plain.db" import "$work/plain.xml" --work 全宋詩 --siglum A)
"$jz" --db "$db" init >/dev/null
read -r tei_s tei_mb < <(measure "$jz" -q --db "$db" import "$work/a.xml" --work 全宋詩 --siglum A)
"$jz" -q --db "$db" import "$work/b.xml" --work 全宋詩 --siglum B
read -r iiif_s iiif_mb < <(measure "$jz" -q --db "$db" facsimile add B --iiif "$work/manifest.json" --match label)
mid=$(( $(sqlite3 "$db" "SELECT count(*) FROM passage p JOIN edition e ON e.id = p.edition_id WHERE e.siglum = 'A'") / 2 ))
"$jz" -q --db "$db" note add "A:$mid" --region 10,20,300,400 --text 漫漶 >/dev/null

machine
echo "A: $(sqlite3 "$db" "SELECT count(*) FROM passage p JOIN edition e ON e.id = p.edition_id WHERE e.siglum = 'A'") passages," \
     "$(sqlite3 "$db" "SELECT count(*) FROM page_image") page images in all"
echo "import A with <pb facs>: $tei_s s, $tei_mb MB; the same TEI without facs: $plain_s s, $plain_mb MB"
echo "facsimile add B --iiif (manifest of $(grep -o '"Canvas"' "$work/manifest.json" | wc -l) canvases): $iiif_s s, $iiif_mb MB"
row() {
  local label=$1 sql=$2; shift 2
  /usr/bin/time -f "%e" -o "$work/t.jz" "$jz" --db "$db" "$@" >"$work/out" 2>"$work/err" || { cat "$work/err"; exit 1; }
  /usr/bin/time -f "%e" -o "$work/t.sql" sqlite3 "$db" "$sql" >"$work/sql.out"
  printf '%9s %10s %9s %12s  %s\n' "$(tail -n1 "$work/t.jz")" "$(wc -l <"$work/out")" "$(tail -n1 "$work/t.sql")" \
    "$(tail -n1 "$work/sql.out")" "$label"
}
printf '%9s %10s %9s %12s  %s\n' jiaozhu_s out_lines sqlite3_s sqlite3_rows command
row "facsimile A:$mid" "SELECT count(*) FROM page_image" facsimile "A:$mid"
row "facsimile B:$mid --json" "SELECT count(*) FROM page_image" facsimile "B:$mid" --json
row "facsimile list A" "SELECT count(*) FROM page_image" facsimile list A
row "facsimile list B --json" "SELECT count(*), sum(length(image)) FROM page_image" facsimile list B --json
row "notes A:$mid" "SELECT count(*) FROM note WHERE region IS NOT NULL" notes "A:$mid"
row "export notes --format w3c" "SELECT count(*) FROM note" export notes --format w3c
row "check" "PRAGMA integrity_check" check
# The reading view with its page image, rendered by `serve` (its
# Server-Timing), beside the same page of the edition without images.
"$jz" --db "$db" serve --port 0 >"$work/serve.out" 2>/dev/null &
server=$!
for _ in $(seq 50); do grep -q token= "$work/serve.out" 2>/dev/null && break; sleep 0.1; done
url=$(head -n1 "$work/serve.out"); origin=${url%%/\?token=*}; token=${url##*token=}
render() {
  curl -s -o /dev/null -D - -H "Authorization: Bearer $token" "$origin$1" | tr -d '\r' | sed -n 's/^Server-Timing: render;dur=//p'
}
for path in "/read/A:$mid" "/read/B:$mid" "/parallel/A:$mid"; do
  render "$path" >/dev/null
  printf '%9s ms  %s\n' "$(for _ in 1 2 3 4 5; do render "$path"; done | sort -n | sed -n 3p)" "serve $path (median of 5)"
done
"$jz" --db "$work/plain.db" serve --port 0 >"$work/serve2.out" 2>/dev/null &
plain=$!
for _ in $(seq 50); do grep -q token= "$work/serve2.out" 2>/dev/null && break; sleep 0.1; done
url=$(head -n1 "$work/serve2.out"); origin=${url%%/\?token=*}; token=${url##*token=}
render "/read/A:$mid" >/dev/null
printf '%9s ms  %s\n' "$(for _ in 1 2 3 4 5; do render "/read/A:$mid"; done | sort -n | sed -n 3p)" "serve /read/A:$mid of the same text without images (baseline)"
kill -INT "$server" "$plain"; wait "$server" "$plain" 2>/dev/null || true
