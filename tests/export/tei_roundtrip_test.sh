#!/usr/bin/env bash
# TEI in, TEI out: a TEI P5 edition of the fixture's 松錦之戰 with nested
# divisions, page and line breaks, a note, an <app> and a <choice> imports
# with its sections, pages and lines and without the note, <rdg> or <sic>
# in the text; its TEI apparatus against the Simplified edition is valid TEI
# P5 (jing) and, imported again, gives back every passage with its text,
# section path, page and line.
# Usage: tei_roundtrip_test.sh JIAOZHU JING TEI_ALL_RNG CORPUS
set -euo pipefail
jz=$1 jing=$2 schema=$3 corpus=$4
command -v "$jing" >/dev/null || { echo "$jing is not installed (scripts/setup installs it)" >&2; exit 1; }
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
export JIAOZHU_AUTHOR="tester"
db=$dir/t.db
"$jz" -q --db "$db" init
python3 - "$corpus/songjin/hant.txt" "$dir/in.xml" <<'PY'
import sys
from xml.sax.saxutils import escape
lines = [l.strip() for l in open(sys.argv[1], encoding="utf-8") if l.strip()]
body = ['<div type="juan"><head>卷一</head>', '<div type="chapter"><head>松錦之戰 上</head>', '<pb n="1a"/>']
for i, l in enumerate(lines[:12]):
    if i == 6: body.append('<pb n="1b"/>')
    t = escape(l)
    if i == 2: t = t[:3] + '<note place="margin">此處諸本同。</note>' + t[3:]
    if i == 3: t = '<app><lem>' + t[:2] + '</lem><rdg wit="#X">某某</rdg></app>' + t[2:]
    if i == 4: t = '<choice><sic>誤字</sic><corr>' + t[:1] + '</corr></choice>' + t[1:]
    body.append(f'<p><lb n="{i % 6 + 1}"/>{t}</p>')
body.append('</div><div type="chapter"><head>松錦之戰 下</head><pb n="2a"/>')
body += [f"<p>{escape(l)}</p>" for l in lines[12:]]
body.append('</div></div>')
open(sys.argv[2], "w", encoding="utf-8").write(
    '<?xml version="1.0" encoding="UTF-8"?>\n<TEI xmlns="http://www.tei-c.org/ns/1.0"><teiHeader><fileDesc><titleStmt>'
    '<title>松錦之戰</title></titleStmt><publicationStmt><p>test</p></publicationStmt><sourceDesc><p>test</p></sourceDesc>'
    '</fileDesc></teiHeader><text><body>\n' + "\n".join(body) + '\n</body></text></TEI>\n')
PY
"$jing" "$schema" "$dir/in.xml"
"$jz" -q --db "$db" import "$dir/in.xml" --work songjin --siglum TE
"$jz" -q --db "$db" import "$corpus/songjin/hans.txt" --work songjin --siglum B
"$jz" -q --db "$db" show TE --json > "$dir/te.json"
python3 - "$dir/te.json" "$corpus/songjin/hant.txt" <<'PY'
import json, sys
ps = json.load(open(sys.argv[1], encoding="utf-8"))["passages"]
lines = [l.strip() for l in open(sys.argv[2], encoding="utf-8") if l.strip()]
assert len(ps) == len(lines), f"{len(ps)} passages, not one per <p> ({len(lines)})"
assert ps[0]["section_path"] == ["卷一", "松錦之戰 上"], ps[0]["section_path"]
assert ps[12]["section_path"] == ["卷一", "松錦之戰 下"], ps[12]["section_path"]
assert [p["page"] for p in ps[:13]] == ["1a"] * 6 + ["1b"] * 6 + ["2a"], [p["page"] for p in ps[:13]]
assert ps[1]["line"] == "2", ps[1]["line"]
for i, p in enumerate(ps):
    assert p["text"] == lines[i], f"TE:{i + 1} reads {p['text']!r}, not {lines[i]!r}"
assert "此處諸本同" not in json.dumps(ps, ensure_ascii=False).split('"notes"')[0]
notes = [n for p in ps for n in p["notes"]]
assert len(notes) == 1 and notes[0]["body"] == "此處諸本同。" and notes[0]["address"] == "TE:3" and notes[0]["quote"]["exact"], notes
PY
"$jz" -q --db "$db" apparatus TE B --format tei -o "$dir/out.xml"
"$jing" "$schema" "$dir/out.xml"
"$jz" -q --db "$db" import "$dir/out.xml" --work again --siglum T2
"$jz" -q --db "$db" show T2 --json > "$dir/t2.json"
python3 - "$dir/te.json" "$dir/t2.json" <<'PY'
import json, sys
a = json.load(open(sys.argv[1], encoding="utf-8"))["passages"]
b = json.load(open(sys.argv[2], encoding="utf-8"))["passages"]
assert len(a) == len(b), f"{len(b)} passages came back, not {len(a)}"
for x, y in zip(a, b):
    for key in ("text", "section_path", "page", "line"):
        assert x[key] == y[key], f"{x['address']}: {key} {x[key]!r} came back as {y[key]!r}"
PY
"$jz" -q --db "$db" check >/dev/null
echo "ok: TEI in keeps sections, pages, lines and notes apart; TEI out is valid and reads back the same"
