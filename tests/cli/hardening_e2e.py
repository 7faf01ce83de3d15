#!/usr/bin/env python3
"""What a collaborator's repository or file can do through the binary (#54): `git install` writes through no
symlinked .gitattributes and keeps journals, WAL and SHM files out of git; `dump` (git's textconv) escapes
control and bidi characters, never changes or upgrades the file it reads, and answers in one line, exit 0, for a
file that is not a database; `-o` writes into a named pipe instead of replacing it; an endless `--file` or
manifest is refused; the merge driver takes a path that begins with `-`.
Usage: hardening_e2e.py JIAOZHU CORPUS"""
import hashlib, http.client, os, re, shutil, socket, stat, subprocess, sys, tempfile, time, urllib.parse, urllib.request

jz, corpus = os.path.abspath(sys.argv[1]), os.path.abspath(sys.argv[2])
root = tempfile.mkdtemp()
env = dict(os.environ, GIT_AUTHOR_NAME="T", GIT_AUTHOR_EMAIL="t@x", GIT_COMMITTER_NAME="T", GIT_COMMITTER_EMAIL="t@x",
           GIT_CONFIG_NOSYSTEM="1", HOME=root, XDG_CONFIG_HOME=root, JIAOZHU_AUTHOR="Tester <t@x>")
db = os.path.join(root, "t.db")


def run(*args, cwd=root, code=0, timeout=60):
    r = subprocess.run([jz, *args], cwd=cwd, capture_output=True, env=env, timeout=timeout)
    assert code is None or r.returncode == code, f"jiaozhu {' '.join(args)} exited {r.returncode}: {r.stderr.decode()}"
    return r


def sha(path): return hashlib.sha256(open(path, "rb").read()).hexdigest()


run("--db", db, "init")
run("--db", db, "import", f"{corpus}/songjin/hant.txt", "--work", "songjin", "--siglum", "A")

# git install: a symlinked .gitattributes is refused, the file it points at untouched; journals ignored.
repo = os.path.join(root, "repo"); os.makedirs(repo)
subprocess.run(["git", "init", "-q"], cwd=repo, check=True, env=env)
victim = os.path.join(root, "victim"); open(victim, "w").write("untouched\n")
os.symlink(victim, os.path.join(repo, ".gitattributes"))
r = run("git", "install", cwd=repo, code=None)
assert r.returncode != 0 and b"symbolic link" in r.stderr, r.stderr
assert open(victim).read() == "untouched\n", "git install wrote through a symlink"
os.remove(os.path.join(repo, ".gitattributes"))
run("git", "install", cwd=repo)
run("git", "install", cwd=repo)  # twice: nothing doubled
assert open(os.path.join(repo, ".gitattributes")).read().count("merge=jiaozhu") == 1
for name in ("proj.db-journal", "proj.db-wal", "proj.db-shm", "proj.db-journal.from-another-copy"):
    assert subprocess.run(["git", "check-ignore", "-q", name], cwd=repo, env=env).returncode == 0, f"{name} is not ignored"
driver = subprocess.run(["git", "config", "merge.jiaozhu.driver"], cwd=repo, capture_output=True, text=True, env=env).stdout
assert " git merge-driver -- %O %A %B %P" in driver, driver

# The merge driver: a path beginning with - is a path.
dash = os.path.join(root, "-ours.db"); shutil.copy(db, dash)
run("git", "merge-driver", "--", dash, dash, db, "-ours.db")

# A collaborator's file in WAL mode is merged without -wal or -shm left beside it.
wal = os.path.join(root, "wal.db"); shutil.copy(db, wal)
run("--db", wal, "note", "add", "A:2", "--text", "from a WAL copy")
subprocess.run(["sqlite3", wal, "PRAGMA journal_mode=WAL"], check=True, capture_output=True)
assert not os.path.exists(wal + "-wal") and not os.path.exists(wal + "-shm")
run("--db", db, "merge", wal)
assert not os.path.exists(wal + "-wal") and not os.path.exists(wal + "-shm"), "merge left -wal/-shm beside the file it read"

# dump: escaped, read-only, one line for a non-database.
raw = os.path.join(root, "raw.db"); shutil.copy(db, raw)
run("--db", raw, "note", "add", "A:1", "--text", "plain")
subprocess.run(["sqlite3", raw, "update note_revision set body = 'x' || char(27) || '[8mhidden' || char(7) || char(8238)"],
               check=True)
before = sha(raw)
out = run("dump", raw).stdout
assert b"\x1b" not in out and b"\x07" not in out and "\u202e".encode() not in out, out
assert b"\\x1b[8mhidden\\x07\\u202e" in out, out
assert sha(raw) == before, "dump changed the file it read"
garbage = os.path.join(root, "garbage.db"); open(garbage, "wb").write(os.urandom(8192))
r = run("dump", garbage)
assert r.stdout.decode().count("\n") == 1 and b"not a jiaozhu database" in r.stdout, r.stdout

# -o into a named pipe: written into, still a pipe.
fifo = os.path.join(root, "out.fifo"); os.mkfifo(fifo)
reader = subprocess.Popen(["cat", fifo], stdout=subprocess.PIPE)
run("--db", raw, "export", "notes", "-o", fifo)
got = reader.communicate(timeout=30)[0]
assert stat.S_ISFIFO(os.stat(fifo).st_mode), "-o replaced the pipe with a regular file"
assert b"plain" in got or b"hidden" in got, got[:200]

# Endless inputs are refused, and quickly.
for args in (("passage", "set", "A:3", "--file", "/dev/zero", "--reason", "x"), ("facsimile", "add", "A", "--iiif", "/dev/zero")):
    r = run("--db", db, *args, code=None, timeout=30)
    assert r.returncode != 0 and b"more than" in r.stderr, (args, r.stderr)
# The reading room: GETs write nothing, aligning is a POST, a chunked body is refused.
run("--db", db, "import", f"{corpus}/songjin/hans.txt", "--work", "songjin", "--siglum", "B")
before = sha(db)
s = socket.socket(); s.bind(("127.0.0.1", 0)); port = s.getsockname()[1]; s.close()
srv = subprocess.Popen([jz, "--db", db, "serve", "--port", str(port)], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env)
try:
    line, t0 = "", time.time()
    while time.time() - t0 < 15 and srv.poll() is None and "token=" not in line: line = srv.stdout.readline()
    token = re.search(r"token=([A-Za-z0-9_\-]+)", line).group(1)
    base = f"http://127.0.0.1:{port}"
    def get(path):
        req = urllib.request.Request(base + urllib.parse.quote(path, safe="/?=&:,")); req.add_header("Authorization", f"Bearer {token}")
        try: return urllib.request.urlopen(req, timeout=30).read().decode()
        except urllib.error.HTTPError as e: return e.read().decode()
    page = get("/apparatus/A?with=B")
    assert 'data-align="B"' in page and "jiaozhu align A B" in page, page[:300]
    assert "not aligned" in get("/api/apparatus/A?with=B")
    for path in ("/", "/read/A:1", "/parallel/A:3", "/api/editions", "/search?q=張若麟"): get(path)
    assert sha(db) == before, "a GET of the reading room changed the database"
    def post(path, body, chunked=False):
        c = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
        headers = {"Authorization": f"Bearer {token}", "Content-Type": "application/json", "Origin": base}
        if chunked:
            c.putrequest("POST", path)
            for k, v in headers.items(): c.putheader(k, v)
            c.putheader("Transfer-Encoding", "chunked"); c.endheaders()
            c.send(b"%x\r\n%s\r\n0\r\n\r\n" % (len(body), body))
        else:
            c.request("POST", path, body=body, headers=headers)
        return c.getresponse().status
    assert post("/api/align", b'{"a": "A", "b": "B"}', chunked=True) == 411
    assert post("/api/align", b'{"a": "A", "b": "B"}') == 200
    assert "data-place" in get("/apparatus/A?with=B"), "the apparatus is empty after aligning"
finally:
    srv.terminate(); srv.wait(10)
print("ok")
