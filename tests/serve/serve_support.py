"""What the HTTP tests of `jiaozhu serve` share: a database of the fixture songjin (A and B aligned) in a
fresh folder, the binary run on it, and the server started on it with its address and token."""
import os, re, subprocess, tempfile


class Songjin:
    def __init__(self, jz, corpus, author):
        self.jz, self.work = jz, tempfile.mkdtemp()
        self.db = os.path.join(self.work, "t.db")
        self.env = dict(os.environ, JIAOZHU_AUTHOR=author, HOME=self.work, XDG_CONFIG_HOME=self.work)
        self.run("init")
        self.run("import", f"{corpus}/songjin/hant.txt", "--work", "songjin", "--siglum", "A")
        self.run("import", f"{corpus}/songjin/hans.txt", "--work", "songjin", "--siglum", "B")
        self.run("align", "A", "B")

    def run(self, *args):
        r = subprocess.run([self.jz, "--db", self.db, *args], capture_output=True, text=True, env=self.env)
        assert r.returncode == 0, f"jiaozhu {' '.join(args)}: {r.stderr}"
        return r.stdout

    def serve(self):
        """The server process, its port and its token, from the first line it prints."""
        server = subprocess.Popen([self.jz, "--db", self.db, "serve"], stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                                  text=True, env=self.env)
        line = server.stdout.readline()
        m = re.fullmatch(r"http://127\.0\.0\.1:(\d+)/\?token=([0-9a-f]{64})\n", line)
        if not m:
            server.kill()
            raise AssertionError(f"first line is not the loopback address with a token: {line!r}")
        return server, m.group(1), m.group(2)
