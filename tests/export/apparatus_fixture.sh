#!/usr/bin/env bash
# Builds, in directory $1 with the binary $2, a database of the fixture's
# 松錦之戰 with four witnesses against A: B (the Simplified edition), C
# (A with planted substitutions and an omission), D (some of C's readings,
# an addition, a passage left out), a person with an alias and a note on
# the base. Sourced by the apparatus export tests.
set -euo pipefail
dir=$1 jz=$2
corpus=${JZ_CORPUS:-$(cd "$(dirname "$0")/../../../shared/corpus" && pwd)}
export JIAOZHU_AUTHOR="tester"
db=$dir/app.db
rm -f "$db"
"$jz" -q --db "$db" init
"$jz" -q --db "$db" import "$corpus/songjin/hant.txt" --work songjin --siglum A --title "松錦之戰（繁體）"
"$jz" -q --db "$db" import "$corpus/songjin/hans.txt" --work songjin --siglum B --title "松锦之战（简体）"
# C: the third character of lines 2, 4 and 6 replaced, line 8 loses three;
# D: C's reading on line 4, two characters added on line 10, line 12 left out.
python3 - "$corpus/songjin/hant.txt" "$dir" <<'PY'
import sys
lines = open(sys.argv[1], encoding="utf-8").read().split("\n")
c, d = list(lines), list(lines)
for n in (2, 4, 6):
    c[n - 1] = c[n - 1][:2] + "甲" + c[n - 1][3:]
c[7] = c[7][:4] + c[7][7:]
d[3] = d[3][:2] + "甲" + d[3][3:]
d[9] = d[9][:5] + "乙丙" + d[9][5:]
del d[11]
for name, text in (("C", c), ("D", d)):
    open(f"{sys.argv[2]}/{name}.txt", "w", encoding="utf-8").write("\n".join(text))
PY
"$jz" -q --db "$db" import "$dir/C.txt" --work songjin --siglum C
"$jz" -q --db "$db" import "$dir/D.txt" --work songjin --siglum D
"$jz" -q --db "$db" character add 洪承疇
"$jz" -q --db "$db" alias add 洪承疇 亨九 --kind style
"$jz" -q --db "$db" note add A:2 --quote 洪承疇 --text "明薊遼總督 <b>&</b>" --tag person
