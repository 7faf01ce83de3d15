#!/usr/bin/env python3
"""A team on git, with real git and no network: a bare repository and two clones of a project holding the
fixture's songjin, each running `jiaozhu git install`. Notes committed apart meet on pull through the merge
driver; a note edited on both sides stops the pull, is listed by `conflicts`, settled and committed, and the
other clone pulls the settled text; `git diff` and `git log -p` read as text (dump), and the merged file is
sound, not in WAL mode, and does not grow with each merge. A shared folder's conflict copies (Syncthing's
.sync-conflict-…, Dropbox's "conflicted copy") are merged by `sync`.
Usage: git_e2e.py JIAOZHU CORPUS"""
import json, os, shutil, subprocess, sys, tempfile

jz, corpus = os.path.abspath(sys.argv[1]), os.path.abspath(sys.argv[2])
root = tempfile.mkdtemp()
env = dict(os.environ, GIT_AUTHOR_NAME="T", GIT_AUTHOR_EMAIL="t@x", GIT_COMMITTER_NAME="T", GIT_COMMITTER_EMAIL="t@x",
           GIT_CONFIG_NOSYSTEM="1", HOME=root, XDG_CONFIG_HOME=root)
env.pop("JIAOZHU_CONFIG", None)


def git(cwd, *a, ok=True):
    r = subprocess.run(["git", *a], cwd=cwd, capture_output=True, text=True, env=env, timeout=120)
    assert not ok or r.returncode == 0, f"git {' '.join(a)} in {cwd}: {r.stderr or r.stdout}"
    return r


def jzr(cwd, *a, who="Tester <t@x>", code=0, db="project.db"):
    r = subprocess.run([jz, "--db", os.path.join(cwd, db), *a], cwd=cwd, capture_output=True, text=True,
                       env=dict(env, JIAOZHU_AUTHOR=who), timeout=120)
    assert code is None or r.returncode == code, f"jiaozhu {' '.join(a)} in {cwd} exited {r.returncode}: {r.stderr}"
    return r


bare = os.path.join(root, "team.git")
git(root, "init", "-q", "--bare", bare)
seed = os.path.join(root, "seed")
git(root, "clone", "-q", bare, seed)
jzr(seed, "init")
jzr(seed, "import", f"{corpus}/songjin/hant.txt", "--work", "songjin", "--siglum", "A")
jzr(seed, "import", f"{corpus}/songjin/hans.txt", "--work", "songjin", "--siglum", "B")
jzr(seed, "align", "A", "B")
nid = json.loads(jzr(seed, "note", "add", "B:20", "--text", "底稿", "--json").stdout)["id"]
out = jzr(seed, "git", "install").stdout
assert "every clone runs `jiaozhu git install` once" in out, out
assert "*.db merge=jiaozhu diff=jiaozhu" in open(os.path.join(seed, ".gitattributes")).read()
jzr(seed, "git", "install")  # twice: the line is not written twice
assert open(os.path.join(seed, ".gitattributes")).read().count("merge=jiaozhu") == 1
git(seed, "add", "-A"); git(seed, "commit", "-qm", "project"); git(seed, "push", "-q", "origin", "HEAD:main")
jia, yi = os.path.join(root, "jia"), os.path.join(root, "yi")
for c in (jia, yi):
    git(root, "clone", "-q", "-b", "main", bare, c)
    jzr(c, "git", "install")

jzr(jia, "note", "add", "B:21", "--text", "甲之注", who="Jia <j@x>"); git(jia, "commit", "-qam", "jia"); git(jia, "push", "-q")
jzr(yi, "note", "add", "B:22", "--text", "乙之注", who="Yi <y@x>"); git(yi, "commit", "-qam", "yi")
size_before = os.path.getsize(os.path.join(yi, "project.db"))
git(yi, "pull", "-q", "--no-rebase", "--no-edit")
bodies = [n["body"] for n in json.loads(jzr(yi, "notes", "--json").stdout)["notes"]]
assert "甲之注" in bodies and "乙之注" in bodies, bodies
assert "ok    notes" in jzr(yi, "check").stdout
with open(os.path.join(yi, "project.db"), "rb") as f:
    header = f.read(20)
assert header[18] == 1 and header[19] == 1, "the merged database is in WAL mode"
assert os.path.getsize(os.path.join(yi, "project.db")) <= size_before * 1.2, "the database grew with the merge"
git(yi, "push", "-q")
log = git(yi, "log", "-p", "--", "project.db").stdout
assert "Binary files" not in log and "甲之注" in log and "乙之注" in log, log[:400]
diff = git(yi, "diff", "HEAD~1", "HEAD", "--", "project.db").stdout
assert "+  revision" in diff and "甲之注" in diff, diff[:400]

git(jia, "pull", "-q", "--no-rebase", "--no-edit")
jzr(jia, "note", "edit", nid, "--text", "甲改", who="Jia <j@x>"); git(jia, "commit", "-qam", "jia edits"); git(jia, "push", "-q")
jzr(yi, "note", "edit", nid, "--text", "乙改", who="Yi <y@x>"); git(yi, "commit", "-qam", "yi edits")
r = git(yi, "pull", "-q", "--no-rebase", "--no-edit", ok=False)
assert r.returncode != 0 and "CONFLICT" in (r.stdout + r.stderr), r.stdout + r.stderr
conflicts = jzr(yi, "conflicts", "--json", code=None).stdout
assert nid[:8] in conflicts, conflicts
history = jzr(yi, "note", "show", nid, "--json").stdout
assert "甲改" in history and "乙改" in history
jzr(yi, "note", "resolve", nid, "--text", "甲乙合改", who="Yi <y@x>")
git(yi, "add", "project.db"); git(yi, "commit", "-qm", "settled"); git(yi, "push", "-q")
git(jia, "pull", "-q", "--no-rebase", "--no-edit")
assert "甲乙合改" in jzr(jia, "note", "show", nid, "--json").stdout
assert jzr(jia, "check").returncode == 0

# A shared folder: the sync engine's conflict copies of a replica are merged, not ignored.
shared = os.path.join(root, "shared")
os.makedirs(shared)
solo = os.path.join(root, "solo")
os.makedirs(solo)
shutil.copy(os.path.join(jia, "project.db"), os.path.join(solo, "project.db"))
jzr(solo, "sync", shared)
replica = [f for f in os.listdir(shared) if f.endswith(".db")][0]
for copy, body in ((replica[:-3] + ".sync-conflict-20261207-101010-ABCDEFG.db", "同步衝突之注"),
                   (replica[:-3] + " (conflicted copy 2026-12-07).db", "衝突副本之注")):
    other = os.path.join(root, "other-" + body)
    os.makedirs(other)
    shutil.copy(os.path.join(jia, "project.db"), os.path.join(other, "project.db"))
    jzr(other, "note", "add", "B:23", "--text", body, who="Bing <b@x>")
    shutil.copy(os.path.join(other, "project.db"), os.path.join(shared, copy))
jzr(solo, "sync", shared)
bodies = [n["body"] for n in json.loads(jzr(solo, "notes", "--json").stdout)["notes"]]
assert "同步衝突之注" in bodies and "衝突副本之注" in bodies, bodies
shutil.rmtree(root, ignore_errors=True)
print("ok: notes merged on pull, a conflict stopped, listed, settled and committed, diffs readable, conflict copies synced")
