#!/usr/bin/env python3
"""parallels and reuse through the binary on the fixture: 松錦之戰 (songjin/hant.txt) as one work, and a
commentary that quotes three of its sentences, one in Simplified script (ICU's Hant-Hans) and one with a
character changed, among sentences of its own. Each quotation is found at its span, by `parallels` (text
and --json) and by `reuse` (JSON and CSV) and `reuse --all`; the commentary's own sentences find nothing; bad arguments exit
with the documented codes; a parallel kept as a link is left out unless --linked; `check` passes; the reading room's parallel view lists the parallels.
Usage: parallels_e2e.py JIAOZHU CORPUS"""
import json, os, re, signal, subprocess, sys, tempfile, urllib.error, urllib.request

jz, corpus = sys.argv[1], sys.argv[2]
work = tempfile.mkdtemp()
db = os.path.join(work, "t.db")
env = dict(os.environ, JIAOZHU_AUTHOR="Parallels Tester <p@example.org>", HOME=work, XDG_CONFIG_HOME=work)


def run(*args, code=0):
    r = subprocess.run([jz, "--db", db, *args], capture_output=True, text=True, env=env)
    assert r.returncode == code, f"jiaozhu {' '.join(args)} exited {r.returncode}, not {code}: {r.stderr}"
    return r.stdout


hant = [l.strip() for l in open(f"{corpus}/songjin/hant.txt", encoding="utf-8") if l.strip()]
q1 = hant[3][2:16]                      # exact
q2 = subprocess.run(["uconv", "-x", "Hant-Hans"], input=hant[7][0:14], capture_output=True, text=True,
                    check=True).stdout.strip()  # in Simplified script
q3 = hant[10][1:13]
q3 = q3[:6] + ("甲" if q3[6] != "甲" else "乙") + q3[7:]  # one character changed
commentary = ["按：此段所記，今不可考。", "注云：" + q1 + "，蓋實錄也。", "又曰：" + q2 + "。", "或作：" + q3 + "，字異而義同。",
              "存疑待考。"]
open(os.path.join(work, "c.txt"), "w", encoding="utf-8").write("\n".join(commentary) + "\n")
run("init")
run("import", f"{corpus}/songjin/hant.txt", "--work", "songjin", "--siglum", "A")
run("import", os.path.join(work, "c.txt"), "--work", "箋", "--siglum", "C")

for n, line in ((2, 4), (3, 8), (4, 11)):
    doc = json.loads(run("parallels", f"C:{n}", "--json"))
    assert doc["total"] >= 1, (n, doc)
    best = doc["parallels"][0]
    assert best["parallel"]["address"] == f"A:{line}", (n, best)
    other = hant[line - 1]
    assert other[best["parallel"]["start"]:best["parallel"]["end"]] == best["parallel"]["text"], best
    assert best["work"] == "songjin", best
    if n == 4:
        assert best["differing"] == 1 and best["differences"][0]["reading"] in "甲乙", best
assert "C:2 [" in run("parallels", "C:2") and "1 parallel" in run("parallels", "C:2")
for n in (1, 5):
    assert json.loads(run("parallels", f"C:{n}", "--json"))["total"] == 0, n
assert json.loads(run("parallels", "C:2", "--in", "箋", "--json"))["total"] == 0

reuse = json.loads(run("reuse", "C", "A", "--json"))
assert sorted((p["passage"]["address"], p["parallel"]["address"]) for p in reuse["parallels"]) == \
    [("C:2", "A:4"), ("C:3", "A:8"), ("C:4", "A:11")], reuse
run("reuse", "C", "A", "--format", "csv", "-o", os.path.join(work, "r.csv"))
csv = open(os.path.join(work, "r.csv"), encoding="utf-8-sig").read().splitlines()
assert csv[0].startswith("passage,start,end,text,parallel") and len(csv) == 4, csv
# Across the whole collection: the same three, each pair once, from the edition made first (A).
everything = json.loads(run("reuse", "--all", "--json"))
assert everything["all"] and sorted((p["passage"]["address"], p["parallel"]["address"]) for p in everything["parallels"]) == \
    [("A:11", "C:4"), ("A:4", "C:2"), ("A:8", "C:3")], everything
assert json.loads(run("reuse", "--all", "--in", "箋", "--json"))["total"] == 0
assert "3 parallels between editions of different works" in run("reuse", "--all")
run("reuse", "C", code=2)
run("reuse", "--all", "C", "A", code=2)
run("reuse", "C", "A", "--in", "箋", code=2)

# A parallel kept as a link: left out of parallels unless --linked; the commentary's link takes no
# passage of songjin out of its own links.
run("import", f"{corpus}/songjin/hans.txt", "--work", "songjin", "--siglum", "B")
run("align", "A", "B")
links_before = json.loads(run("links", "A", "B", "--json"))
run("link", "add", "C:2", "A:4")
in_a = lambda doc: [p for p in doc["parallels"] if p["parallel"]["address"] == "A:4"]
assert not in_a(json.loads(run("parallels", "C:2", "--json")))
assert in_a(json.loads(run("parallels", "C:2", "--linked", "--json")))
assert json.loads(run("links", "A", "B", "--json")) == links_before
run("parallels", "Z:1", code=3)
run("parallels", "C:99", code=3)
run("parallels", "C:1", "--min-length", "2", code=2)
run("reuse", "C", "A", "--json", "--format", "csv", code=2)
run("parallels", "C:1", "--in", "無此書", code=3)
assert "ok    parallel index" in run("check")

first = json.loads(run("parallels", "C:2", "--json"))["parallels"][0]["parallel"]
in_b, span = first["address"], f'{first["start"]}-{first["end"]}'

server = subprocess.Popen([jz, "--db", db, "serve"], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env)
try:
    line = server.stdout.readline()
    m = re.fullmatch(r"(http://127\.0\.0\.1:\d+)/\?token=([0-9a-f]{64})\n", line)
    assert m, line
    get = lambda path: urllib.request.urlopen(urllib.request.Request(m.group(1) + path, headers={"Authorization": f"Bearer {m.group(2)}"}))
    page = get("/parallel/C:2").read().decode("utf-8")
    assert "Parallel passages in other works" in page and f'href="/read/{in_b}?span={span}#{in_b}"' in page, page[-600:]
    # The passage it opens marks the words the parallel shares, and only those.
    opened = get(f"/read/{in_b}?span={span}").read().decode("utf-8")
    marked = "".join(re.findall(r'<span class="quoted[^"]*"[^>]*>([^<]*)</span>', opened))
    assert marked == first["text"], (marked, first["text"])
    try:
        get(f"/read/{in_b}?span=9-3")
        raise AssertionError("a span ending before it starts was taken")
    except urllib.error.HTTPError as e:
        assert e.code == 400, e.code
finally:
    server.send_signal(signal.SIGINT)
    server.wait(timeout=10)
print("ok: quotations found by parallels and reuse at their spans, none elsewhere; errors, check and the reading room")
