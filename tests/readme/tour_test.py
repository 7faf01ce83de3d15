#!/usr/bin/env python3
"""The README's five-minute tour is documentation that runs: each `$ jiaozhu …` line of its first code
block is run with the built binary in a fresh folder (the fixture corpus beside it as songjin/ and
kanripo/, no user configuration), and what the README prints under it must be what the binary prints.
Masked: timings (0.01 s), dates and times, the server's port and token; the folder it runs in is `~`. A note id the README shows
(cefd46c1) stands for the one the run makes, in later commands too. A command followed by `(excerpt)`
shows some of its lines, in order; a line `(exit status N: …)` says the status it exits with (else 0).

Usage: tour_test.py JIAOZHU README CORPUS         checks the tour
       tour_test.py JIAOZHU README CORPUS --print prints the tour as the binary runs it now"""
import os, re, shlex, signal, subprocess, sys, tempfile, time

jz, readme, corpus = (os.path.abspath(a) for a in sys.argv[1:4])
printing = "--print" in sys.argv[4:]

TIMING = re.compile(r"\b\d+\.\d\d s\b")
MOMENT = re.compile(r"\b\d{4}-\d\d-\d\d(T\d\d:\d\d:\d\d(\.\d+)?Z)?\b")
ADDRESS = re.compile(r"http://127\.0\.0\.1:\d+/\?token=[0-9a-f…]+")
NOTE_ID = re.compile(r"\b[0-9a-f]{8}\b")


def masked(line):
    return ADDRESS.sub("<address>", MOMENT.sub("<moment>", TIMING.sub("<t> s", line)))


def tour_steps(text):
    """(command line, annotation, expected lines) for each step of the tour's first code block."""
    block = text.split("## A five-minute tour", 1)[1].split("```", 2)[1]
    steps = []
    for line in block.splitlines()[1:]:
        step = re.fullmatch(r"\$ (jiaozhu.*?)(?:\s{2,}(\(.*\)))?\s*", line)
        if step:
            steps.append([step.group(1), step.group(2) or "", []])
        elif steps:
            steps[-1][2].append(line)
    for step in steps:
        while step[2] and not step[2][-1].strip():
            step[2].pop()
    return steps


def run(args, cwd, env):
    if args[:2] == ["jiaozhu", "serve"] or args[1:2] == ["serve"]:
        return serve(args, cwd, env)
    r = subprocess.run([jz, *args[1:]], cwd=cwd, env=env, capture_output=True, text=True, timeout=120)
    return r.returncode, (r.stdout + r.stderr).splitlines()


def serve(args, cwd, env):
    """The server's first lines; then Ctrl-C, as a reader would."""
    p = subprocess.Popen([jz, *args[1:]], cwd=cwd, env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    lines = [p.stdout.readline().rstrip("\n") for _ in range(2)]
    p.send_signal(signal.SIGINT)
    p.wait(timeout=10)
    return 0, sorted(lines, key=lambda l: not l.startswith("http"))


def main():
    text = open(readme, encoding="utf-8").read()
    work = tempfile.mkdtemp(prefix="jz-tour-")
    for name in ("songjin", "kanripo"):
        os.symlink(os.path.join(corpus, name), os.path.join(work, name))
    env = {k: v for k, v in os.environ.items() if not k.startswith("JIAOZHU_")}
    env.update(HOME=work, XDG_CONFIG_HOME=os.path.join(work, ".config"), NO_COLOR="1", TZ="UTC")
    ids, failures, last_added = {}, [], None
    for command, note, expected in tour_steps(text):
        # A new tour's ids: those of the notes it adds (a place's id, derived
        # from the text, is the same in every run).
        if printing and last_added and " note " in command:
            for shown in NOTE_ID.findall(command):
                ids.setdefault(shown, last_added)
        for shown, actual in ids.items():
            command = command.replace(shown, actual)
        status_lines = [l for l in expected if re.fullmatch(r"\(exit status \d+.*\)", l.strip())]
        want_status = int(re.search(r"\d+", status_lines[0]).group()) if status_lines else 0
        expected = [l for l in expected if l not in status_lines]
        status, got = run(shlex.split(command), work, env)
        got = [line.replace(work, "~") for line in got]
        while got and not got[-1].strip():
            got.pop()
        for line in got:
            added = re.match(r"added note ([0-9a-f]{8}) ", line)
            last_added = added.group(1) if added else last_added
        if printing:
            print("$ " + command + (("  " + note) if note else ""))
            print("\n".join(got) + ("\n(exit status %d)" % status if status else "") + "\n")
            continue
        if status != want_status:
            failures.append(f"`{command}` exited {status}, the README says {want_status}: {got[-1:] }")
            continue
        if note == "(excerpt)":
            at = 0
            for line in expected:
                while at < len(got) and masked(got[at]) != masked(line):
                    at += 1
                if at == len(got):
                    failures.append(f"`{command}`: the excerpt's line {line!r} is not in its output")
                    break
            continue
        for i in range(max(len(expected), len(got))):
            want = expected[i] if i < len(expected) else "<nothing>"
            have = got[i] if i < len(got) else "<nothing>"
            for shown, actual in zip(NOTE_ID.findall(want), NOTE_ID.findall(have)):
                if shown not in ids and shown != actual and not re.fullmatch(r"\d+", shown):
                    ids[shown] = actual
            for shown, actual in ids.items():
                want = want.replace(shown, actual)
            if masked(want) != masked(have):
                failures.append(f"`{command}` line {i + 1}:\n  README: {want}\n  binary: {have}")
                break
    if printing:
        return 0
    for f in failures:
        print(f, file=sys.stderr)
    if failures:
        print(f"{len(failures)} steps of the README's tour differ from what the binary prints "
              f"(tour_test.py JIAOZHU README CORPUS --print shows the tour as it runs now)", file=sys.stderr)
        return 1
    print(f"ok: {len(tour_steps(text))} steps of the README's tour print what the README shows")
    return 0


sys.exit(main())
