#!/usr/bin/env python3
"""Writes two editions for the alignment benchmark, with the answer known.

a.txt: the first poems of 全宋詩 (chinese-poetry; PREFIX poet.tang. for 全唐詩) up to CHARS characters, one
       poem a line.
b.txt: the same converted to Simplified (ICU Hant-Hans, via uconv), with about 1% of the
       Han characters edited (substituted, inserted, deleted; edits at least 4 apart, never
       beside an equal character, so that each has one right place) and some poems split in two.
edits.json: every edit as [passage, start, end] in a.txt's code points.
Usage: make_derived_edition.py CORPUS_DIR OUT_DIR CHARS [SEED [PREFIX]]"""
import json, os, random, re, subprocess, sys

corpus, out, limit = sys.argv[1], sys.argv[2], int(sys.argv[3])
rng = random.Random(int(sys.argv[4]) if len(sys.argv) > 4 else 42)
HAN = re.compile(r"[\u3400-\u9fff\uf900-\ufaff\U00020000-\U0003134f]")

prefix = sys.argv[5] if len(sys.argv) > 5 else "poet.song."
files = sorted((f for f in os.listdir(corpus) if f.startswith(prefix)), key=lambda f: int(f.split(".")[2]))
poems, total = [], 0
for f in files:
    for p in json.load(open(os.path.join(corpus, f), encoding="utf-8")):
        text = "".join(p.get("paragraphs") or []).replace("\n", "")
        if text:
            poems.append(text)
            total += len(text)
    if total >= limit:
        break
converted = subprocess.run(["uconv", "-x", "Hant-Hans"], input="\n".join(poems), capture_output=True,
                           text=True, check=True).stdout.split("\n")
fold = lambda c: subprocess_fold.get(c, c)
# The comparison must use the same folding on both sides: a character and its
# conversion are the same reading, so edits are chosen against converted text.
subprocess_fold = {}
pool = [c for c in "".join(converted[:2000]) if HAN.match(c)]
edits, b_lines, splits = [], [], 0
for seq, (a, b) in enumerate(zip(poems, converted), 1):
    if len(a) != len(b):
        b_lines.append(b)
        continue
    b = list(b)
    spots = [i for i in range(2, len(a) - 2)
             if all(HAN.match(a[k]) for k in range(i - 2, i + 3)) and rng.random() < 0.0125]
    kept, last = [], -10
    for i in spots:
        if i - last >= 4:
            kept.append(i)
            last = i
    split = None
    for i in reversed(kept):
        prev, here, nxt = b[i - 1], b[i], b[i + 1]
        pick = rng.choice(pool)
        while pick in (prev, here, nxt):
            pick = rng.choice(pool)
        kind = rng.randrange(4)
        if kind == 0:
            b[i] = pick
            edits.append([seq, i, i + 1, 0])
        elif kind == 1:
            b.insert(i, pick)
            edits.append([seq, i, i, 1])
        elif kind == 2 and prev != here != nxt:
            del b[i]
            edits.append([seq, i, i + 1, -1])
        elif split is None:
            split = i
    if split is not None:
        cut = split + sum(e[3] for e in edits if e[0] == seq and e[1] < split)
        b_lines += ["".join(b[:cut]), "".join(b[cut:])]
        splits += 1
    else:
        b_lines.append("".join(b))

os.makedirs(out, exist_ok=True)
open(os.path.join(out, "a.txt"), "w", encoding="utf-8").write("\n".join(poems) + "\n")
open(os.path.join(out, "b.txt"), "w", encoding="utf-8").write("\n".join(b_lines) + "\n")
json.dump([e[:3] for e in edits], open(os.path.join(out, "edits.json"), "w"))
print(f"{len(poems)} poems, {total} characters; {len(edits)} edits, {splits} splits", file=sys.stderr)
