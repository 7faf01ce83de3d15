#!/usr/bin/env bash
# A Taishō volume's worth of CBETA-shaped TEI (issue 45), in one run: NFILES
# files (default 40), each a text of about 25,000 characters (全唐詩's poems
# as <p>s with CBETA's <lb n> and <pb n>, a <byline>), carrying a Taishō-style
# standoff apparatus in <back>: an <app from to> on <anchor>s every 40
# characters or so, read otherwise by 【宋】【元】【明】 (a character
# replaced, one left out, two added), and a <note> on each. Imported three
# ways: the TEI as CBETA writes it (base + three witness editions linked by
# the apparatus), the same TEI without its <listWit> (the base alone), and
# the base's text as plain text (the import bench's pace: the baseline).
# Then the two TEI databases are merged into an empty copy each.
# Usage: bench/cbeta_bench.sh [NFILES]
nfiles=${1:-40}
source "$(dirname "$0")/common.sh"
mapfile -t tang < <(ls "$corpus"/poet.tang.*.json | sort -t. -k3 -n)
python3 - "$work" "$nfiles" "${tang[@]}" <<'PY'
import json, os, random, sys
from xml.sax.saxutils import escape
work, n, paths = sys.argv[1], int(sys.argv[2]), sys.argv[3:]
rng = random.Random(45)
poems = iter(p for path in paths for p in json.load(open(path, encoding="utf-8")) if p.get("paragraphs"))
wits = '<listWit><witness xml:id="wit1">【大】</witness><witness xml:id="wit2">【宋】</witness><witness xml:id="wit3">【元】</witness><witness xml:id="wit4">【明】</witness></listWit>'
os.makedirs(f"{work}/tei", exist_ok=True); os.makedirs(f"{work}/bare", exist_ok=True); os.makedirs(f"{work}/plain", exist_ok=True)
for k in range(n):
    body, back, plain, app, chars, line = [], [], [], 0, 0, 0
    body.append(f'<head>經{k + 1}</head><byline>唐三藏法師譯</byline>')
    while chars < 25000:
        text = "".join(next(poems)["paragraphs"])
        out = []
        i = 0
        while i < len(text):
            if rng.random() < 1 / 40 and "\u4e00" <= text[i] <= "\u9fff":
                app += 1
                lem = text[i]
                rdg = rng.choice([chr(ord(lem) + 1), "", lem + "之也"])
                out.append(f'<anchor xml:id="beg{k}_{app}" n="{app}"/>{escape(lem)}<anchor xml:id="end{k}_{app}"/>')
                back.append(f'<app from="#beg{k}_{app}" to="#end{k}_{app}"><lem wit="#wit1">{escape(lem)}</lem>'
                            f'<rdg wit="#wit2 #wit3 #wit4">{escape(rdg)}</rdg></app>'
                            f'<note n="{k}_{app}" resp="#resp1" type="orig" target="#beg{k}_{app}">{escape(lem)}＝{escape(rdg)}【三】</note>')
            else:
                out.append(escape(text[i]))
            i += 1
        line += 1
        body.append(f'<lb n="{line:07d}"/><p>{"".join(out)}</p>')
        if line % 20 == 0: body.append(f'<pb n="{line // 20:04d}a"/>')
        plain.append(text)
        chars += len(text)
    head = ('<?xml version="1.0" encoding="UTF-8"?>\n<TEI xmlns="http://www.tei-c.org/ns/1.0" xmlns:cb="http://www.cbeta.org/ns/1.0">'
            f'<teiHeader><fileDesc><titleStmt><title>T{k}</title></titleStmt><publicationStmt><p>b</p></publicationStmt>'
            '<sourceDesc><p>b</p></sourceDesc></fileDesc><encodingDesc>')
    rest = ('</encodingDesc></teiHeader><text><body><cb:div type="jing">' + "".join(body) + '</cb:div></body><back><cb:div type="apparatus">'
            + "".join(back) + '</cb:div></back></text></TEI>\n')
    open(f"{work}/tei/T{k:03d}.xml", "w", encoding="utf-8").write(head + wits + rest)
    open(f"{work}/bare/T{k:03d}.xml", "w", encoding="utf-8").write(head + rest)
    open(f"{work}/plain/T{k:03d}.txt", "w", encoding="utf-8").write("\n".join(plain) + "\n")
PY
export JIAOZHU_AUTHOR="Bench <bench@example.org>"
machine
echo "corpus: $nfiles files, TEI $(( $(du -sb "$work/tei" | cut -f1) / 1048576 )) MB, $(cat "$work"/tei/*.xml | grep -o '<app ' | wc -l) apparatus entries"
printf '%-34s %8s %8s %9s %11s %13s\n' run wall_s peak_MB editions characters chars_per_s
row() {
  local name=$1 dir=$2; shift 2
  "$jz" --db "$work/$name.db" init >/dev/null
  read -r wall peak < <(measure "$jz" -q --db "$work/$name.db" import "$work/$dir"/* --work 經 --siglum T "$@")
  local e c
  e=$(sqlite3 "$work/$name.db" "SELECT count(*) FROM edition")
  c=$(sqlite3 "$work/$name.db" "SELECT sum(length(text)) FROM passage")
  printf '%-34s %8s %8s %9s %11s %13s\n' "$name ($dir)" "$wall" "$peak" "$e" "$c" "$(python3 -c "print(round($c / max($wall, 0.01)))")"
}
row plain plain
row bare bare
row witnesses tei
echo "links from the apparatus: $(sqlite3 "$work/witnesses.db" "SELECT count(*) FROM link") ($(sqlite3 "$work/witnesses.db" "SELECT count(*) FROM link WHERE origin = 'manual'") manual)," \
     "variants: $(sqlite3 "$work/witnesses.db" "SELECT count(*) FROM variant"), notes: $(sqlite3 "$work/witnesses.db" "SELECT count(*) FROM note")"
# A collaborator's copy receives it all: merge into an empty database (the
# apparatus's variants copied, not collated), beside the base alone.
for name in bare witnesses; do
  "$jz" --db "$work/into-$name.db" init >/dev/null
  read -r wall peak < <(measure "$jz" -q --db "$work/into-$name.db" merge "$work/$name.db")
  echo "merge $name.db into an empty copy: $wall s, $peak MB; variants there: $(sqlite3 "$work/into-$name.db" "SELECT count(*) FROM variant")"
done
