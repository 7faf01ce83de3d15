# Shared by the benchmark scripts: sourced, not run.
# Sets root, build, jz (the binary), corpus (全宋詩's folder), work (a
# temporary folder removed on exit) and files (poet.song.*.json in order);
# defines machine (one line on this machine), measure, write_rows and scale_pair.
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
build=${BENCH_BUILD:-$root/build}
jz=$build/cli/jiaozhu
corpus=$("$root/scripts/fetch-corpus")/dist/quantangshi
work=$(mktemp -d); trap 'rm -rf "$work"' EXIT
mapfile -t files < <(ls "$corpus"/poet.song.*.json | sort -t. -k3 -n)

machine() {
  echo "machine: $(nproc) cores, $(free -g | awk '/Mem:/{print $2}') GiB, $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ //')"
}

# measure COMMAND...: runs it, prints "wall_s peak_MB"; stops the script if it fails.
measure() {
  /usr/bin/time -f "%e %M" -o "$work/time" "$@" >/dev/null 2>"$work/err" || { cat "$work/err"; exit 1; }
  read -r wall kb < <(tail -n 1 "$work/time")
  echo "$wall $((kb / 1024))"
}

# write_rows OUT: one record per poem with text, fields separated by 0x1F and
# records by 0x1E (the sqlite3 shell's ascii mode), so poems need no quoting.
write_rows() {
  python3 - "$1" "${files[@]}" <<'PY'
import json, sys
with open(sys.argv[1], "w", encoding="utf-8") as out:
    for path in sys.argv[2:]:
        for p in json.load(open(path, encoding="utf-8")):
            text = "\n".join(p.get("paragraphs") or [])
            if text:
                out.write("\x1f".join([p.get("title", ""), p.get("author", ""), p.get("id", ""), text]) + "\x1e")
PY
}

# scale_pair DB NFILES: the scale benchmark's pair in DB: two editions of the
# first NFILES files of 全宋詩 (bench/make_scale_editions.py) imported as A
# and B of work 宋詩 and aligned.
scale_pair() {
  python3 "$root/bench/make_scale_editions.py" "$corpus" "$work" "$2" >/dev/null
  "$jz" --db "$1" init >/dev/null
  "$jz" -q --db "$1" import "$work/a.jsonl" --work 宋詩 --siglum A
  "$jz" -q --db "$1" import "$work/b.jsonl" --work 宋詩 --siglum B
  "$jz" -q --db "$1" align A B
}
