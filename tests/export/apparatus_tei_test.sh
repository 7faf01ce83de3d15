#!/usr/bin/env bash
# The TEI apparatus of the fixture's four witnesses is valid TEI P5: Debian's
# jing against the standard's own schema (../shared/schemas/tei_all.rng),
# and holds every planted reading as a <rdg> of its witnesses; then with the
# editor's decisions made, valid still, <lem> the edited reading.
# Usage: apparatus_tei_test.sh JIAOZHU JING TEI_ALL_RNG
set -euo pipefail
jz=$1 jing=$2 schema=$3
command -v "$jing" >/dev/null || { echo "$jing is not installed (scripts/setup installs it)" >&2; exit 1; }
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
"$(dirname "$0")/apparatus_fixture.sh" "$dir" "$jz"
"$jz" -q --db "$dir/app.db" apparatus A B C D --format tei -o "$dir/app.xml"
"$jing" "$schema" "$dir/app.xml"
for want in '<rdg wit="#C" type="substantive" cause="other">甲</rdg>' '<rdg wit="#C #D" type="substantive" cause="other">甲</rdg>' \
            '<rdg wit="#D" type="substantive" cause="addition">乙丙</rdg>' '<lacunaStart/>' '<persName ref="#person-' \
            '<note type="annotation"' '&lt;b&gt;&amp;&lt;/b&gt;' '<witness xml:id="D">'; do
  grep -qF -- "$want" "$dir/app.xml" || { echo "the TEI lacks: $want" >&2; exit 1; }
done
# With the editor's decisions: an adopted reading, an emendation, a doubt, a
# place omitted and a policy, the apparatus is valid still, and says so.
ids=$("$jz" -q --db "$dir/app.db" apparatus A B C D --format json | python3 -c '
import json, sys
entries = json.load(sys.stdin)["entries"]
def first(test): return next(e["id"] for e in entries if test(e))
subs = [e for e in entries if any("甲" in r["text"] for r in e["readings"])]
print(subs[0]["id"], subs[1]["id"], subs[2]["id"], first(lambda e: any(r["text"] == "乙丙" for r in e["readings"])))')
read -r adopt emend doubt omit <<<"$ids"
export JIAOZHU_AUTHOR="tester <t@example.org>"
"$jz" -q --db "$dir/app.db" decide "$adopt" --adopt C
"$jz" -q --db "$dir/app.db" decide "$emend" --emend 某 --reason 據文義改 --note "<b>按</b>"
"$jz" -q --db "$dir/app.db" decide "$doubt" --doubt
"$jz" -q --db "$dir/app.db" decide "$omit" --omit
"$jz" -q --db "$dir/app.db" policy add omit --class script >/dev/null
"$jz" -q --db "$dir/app.db" apparatus A B C D --format tei -o "$dir/decided.xml"
"$jing" "$schema" "$dir/decided.xml"
for want in 'cause="adopted">甲</lem>' '<lem resp="#ed1" cause="emendation">某</lem>' '<note type="emendation">據文義改</note>' \
            '<note type="doubt">未知孰是</note>' '&lt;b&gt;按&lt;/b&gt;' '<respStmt xml:id="ed1"><resp>校勘</resp><name>tester</name>'; do
  grep -qF -- "$want" "$dir/decided.xml" || { echo "the TEI with decisions lacks: $want" >&2; exit 1; }
done
if grep -qF '乙丙' "$dir/decided.xml"; then echo "a place omitted (不出校) is in the TEI" >&2; exit 1; fi
echo "ok: valid TEI P5, every planted reading present; with decisions valid, lem the edited reading with @resp"
