#!/usr/bin/env bash
# Page images in and out of TEI: the fixture's 松錦之戰 as TEI with <pb facs>
# on local scans (one through <facsimile>/<surface>), and B mapped to a IIIF
# manifest; the TEI apparatus of each carries <facsimile> and <pb facs>, is
# valid TEI P5 (jing, tei_all.rng), and imported again gives the same pages
# their images.
# Usage: facsimile_tei_test.sh JIAOZHU JING TEI_ALL_RNG CORPUS
set -euo pipefail
jz=$1 jing=$2 schema=$3 corpus=$4
command -v "$jing" >/dev/null || { echo "$jing is not installed (scripts/setup installs it)" >&2; exit 1; }
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
export JIAOZHU_AUTHOR="tester" JIAOZHU_CONFIG=$dir/config.json
python3 - "$corpus/songjin" "$dir" <<'PY'
import json, os, sys
from xml.sax.saxutils import escape
src, out = sys.argv[1], sys.argv[2]
os.makedirs(f"{out}/scans")
def tei(name, facs):
    lines = [l.strip() for l in open(f"{src}/{name}", encoding="utf-8") if l.strip()]
    body, surfaces = [], []
    for i, l in enumerate(lines):
        if i % 8 == 0:
            n = i // 8 + 1
            if facs and n == 2:
                surfaces.append(f'<surface xml:id="s{n}"><graphic url="scans/{n:03d}.jpg"/></surface>')
                body.append(f'<pb n="{n}" facs="#s{n}"/>')
            else:
                body.append(f'<pb n="{n}"' + (f' facs="scans/{n:03d}.jpg"' if facs else "") + "/>")
            if facs: open(f"{out}/scans/{n:03d}.jpg", "wb").write(b"\xff\xd8\xff\xd9")
        body.append(f"<p>{escape(l)}</p>")
    return ('<?xml version="1.0" encoding="UTF-8"?><TEI xmlns="http://www.tei-c.org/ns/1.0"><teiHeader><fileDesc><titleStmt>'
            '<title>松錦之戰</title></titleStmt><publicationStmt><p>t</p></publicationStmt><sourceDesc><p>t</p></sourceDesc>'
            '</fileDesc></teiHeader>' + (f"<facsimile>{''.join(surfaces)}</facsimile>" if surfaces else "") +
            "<text><body><div>" + "".join(body) + "</div></body></text></TEI>"), (len(lines) + 7) // 8
a, pages = tei("hant.txt", True)
open(f"{out}/a.xml", "w", encoding="utf-8").write(a)
open(f"{out}/b.xml", "w", encoding="utf-8").write(tei("hans.txt", False)[0])
base = "https://iiif.example.org/songjin"
json.dump({"@context": "http://iiif.io/api/presentation/3/context.json", "id": f"{base}/manifest", "type": "Manifest",
           "label": {"none": ["松錦之戰"]}, "items": [
    {"id": f"{base}/canvas/{n}", "type": "Canvas", "label": {"none": [str(n)]}, "width": 1000, "height": 1500,
     "items": [{"id": f"{base}/p/{n}", "type": "AnnotationPage", "items": [{"id": f"{base}/a/{n}", "type": "Annotation",
     "motivation": "painting", "target": f"{base}/canvas/{n}", "body": {"id": f"{base}/{n}/full/max/0/default.jpg",
     "type": "Image", "service": [{"id": f"{base}/{n}", "type": "ImageService3", "profile": "level2"}]}}]}]}
    for n in range(1, pages + 1)]}, open(f"{out}/manifest.json", "w"), ensure_ascii=False)
PY
"$jz" -q --db "$dir/t.db" init
"$jz" -q --db "$dir/t.db" import "$dir/a.xml" --work songjin --siglum A
"$jz" -q --db "$dir/t.db" import "$dir/b.xml" --work songjin --siglum B
"$jz" -q --db "$dir/t.db" facsimile add B --iiif "$dir/manifest.json"
"$jz" -q --db "$dir/t.db" align A B
"$jz" -q --db "$dir/t.db" apparatus A B --format tei -o "$dir/a-app.xml"
"$jz" -q --db "$dir/t.db" apparatus B A --format tei -o "$dir/b-app.xml"
"$jing" "$schema" "$dir/a-app.xml" "$dir/b-app.xml"
for want in '<surface xml:id="facs-2" n="2"><graphic url="scans/002.jpg"/></surface>' '<pb n="2" facs="#facs-2"/>'; do
  grep -qF -- "$want" "$dir/a-app.xml" || { echo "the TEI apparatus of A lacks: $want" >&2; exit 1; }
done
grep -qF '<graphic url="https://iiif.example.org/songjin/3/full/max/0/default.jpg" width="1000px" height="1500px"/><desc>IIIF canvas https://iiif.example.org/songjin/canvas/3</desc>' \
  "$dir/b-app.xml" || { echo "the TEI apparatus of B lacks canvas 3's image" >&2; exit 1; }
# Imported again (the apparatus of A written where A's scans are), the same pages have the same images.
"$jz" -q --db "$dir/t.db" import "$dir/a-app.xml" --work again --siglum R
"$jz" -q --db "$dir/t.db" import "$dir/b-app.xml" --work again --siglum S
python3 - "$jz" "$dir/t.db" <<'PY'
import json, subprocess, sys
jz, db = sys.argv[1], sys.argv[2]
def images(s):
    out = json.loads(subprocess.run([jz, "--db", db, "facsimile", "list", s, "--json"], check=True, capture_output=True, text=True).stdout)
    return [(i["page"], i.get("file") or i.get("url"), bool(i.get("path")) or "url" in i) for i in out["images"]]
for old, new in (("A", "R"), ("B", "S")):
    assert images(old) == images(new), f"{new} does not give back the images of {old}: {images(old)[:3]} {images(new)[:3]}"
    assert all(found for _, _, found in images(new)), images(new)
PY
echo "ok: the TEI apparatus carries <facsimile> and <pb facs>, valid TEI P5, and gives the page images back"
