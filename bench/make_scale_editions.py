#!/usr/bin/env python3
"""Writes the two editions of the scale benchmark (issue 16) from 全宋詩 (chinese-poetry).

a.jsonl: the first FILES files of poet.song.*.json as they are, one poem a record.
b.jsonl: a derived edition as a later print would differ: converted to Simplified
         (ICU Hant-Hans, via uconv); every 20th poem joined with the next (2:1 links),
         every 30th split at its middle line (1:2 links), one poem in 50 left out, and
         about one Han character in 300 replaced (substantive readings).
Usage: make_scale_editions.py CORPUS_DIR OUT_DIR FILES [SEED]"""
import json, os, random, re, subprocess, sys

corpus, out, nfiles = sys.argv[1], sys.argv[2], int(sys.argv[3])
rng = random.Random(int(sys.argv[4]) if len(sys.argv) > 4 else 16)
HAN = re.compile(r"[\u4e00-\u9fff]")
files = sorted((f for f in os.listdir(corpus) if f.startswith("poet.song.")),
               key=lambda f: int(f.split(".")[2]))[:nfiles]
poems = [p for f in files for p in json.load(open(os.path.join(corpus, f), encoding="utf-8")) if p.get("paragraphs")]
with open(os.path.join(out, "a.jsonl"), "w", encoding="utf-8") as a:
    for p in poems:
        a.write(json.dumps({"title": p.get("title", ""), "author": p.get("author", ""),
                            "paragraphs": p["paragraphs"]}, ensure_ascii=False) + "\n")

texts = ["\n".join(p["paragraphs"]) for p in poems]
converted = subprocess.run(["uconv", "-x", "Hant-Hans"], input="\x1e".join(texts), capture_output=True,
                           text=True, check=True).stdout.split("\x1e")
assert len(converted) == len(texts), "uconv changed the number of poems"
pool = [c for c in "".join(converted[:3000]) if HAN.match(c)]

def edited(text):
    return "".join(rng.choice(pool) if HAN.match(c) and rng.random() < 1 / 300 else c for c in text)

records, i = [], 0
while i < len(converted):
    if i % 50 == 7:
        i += 1
        continue
    lines = edited(converted[i]).split("\n")
    if i % 20 == 3 and i + 1 < len(converted):
        records.append(lines + edited(converted[i + 1]).split("\n"))
        i += 2
        continue
    if i % 30 == 11 and len(lines) >= 2:
        half = len(lines) // 2
        records += [lines[:half], lines[half:]]
    else:
        records.append(lines)
    i += 1
with open(os.path.join(out, "b.jsonl"), "w", encoding="utf-8") as b:
    for lines in records:
        b.write(json.dumps({"paragraphs": lines}, ensure_ascii=False) + "\n")
print(len(poems), len(records), sum(len(t) for t in texts))
