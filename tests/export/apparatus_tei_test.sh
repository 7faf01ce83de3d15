#!/usr/bin/env bash
# The TEI apparatus of the fixture's four witnesses is valid TEI P5: Debian's
# jing against the standard's own schema (../shared/schemas/tei_all.rng),
# and holds every planted reading as a <rdg> of its witnesses.
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
echo "ok: valid TEI P5, every planted reading present"
