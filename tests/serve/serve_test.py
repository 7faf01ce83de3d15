#!/usr/bin/env python3
"""`jiaozhu serve` end to end over HTTP: the address and token on the first line, loopback only; every
request without the token refused (401), and one naming another host (403); the JSON API as the CLI's
--json; a note posted over HTTP written for the CLI to see; errors as JSON with their status; text from
the database escaped in the pages, which carry a Content-Security-Policy and no inline script; nothing
outside the built-in routes; Ctrl-C stops it and the database checks.
Usage: serve_test.py JIAOZHU CORPUS"""
import json, os, re, signal, sys, urllib.error, urllib.parse, urllib.request

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from serve_support import Songjin

jz, corpus = sys.argv[1], sys.argv[2]
fixture = Songjin(jz, corpus, "Tester <t@example.org>")
run = fixture.run
run("note", "add", "B:20", "--text", "<script>alert(1)</script><img src=x onerror=alert(2)>惡意")

server, port, token = fixture.serve()
try:
    base = f"http://127.0.0.1:{port}"

    def request(path, token_header=True, data=None, method=None, headers=None):
        req = urllib.request.Request(base + path, data=data, method=method, headers=headers or {})
        if token_header: req.add_header("Authorization", f"Bearer {token}")
        if data is not None: req.add_header("Content-Type", "application/json")
        try:
            with urllib.request.urlopen(req, timeout=20) as r: return r.status, dict(r.headers), r.read().decode()
        except urllib.error.HTTPError as e: return e.code, dict(e.headers), e.read().decode()

    status, _, body = request("/api/editions", token_header=False)
    assert status == 401 and "token" in json.loads(body)["error"], (status, body)
    assert request("/", token_header=False)[0] == 401
    assert request("/api/editions", headers={"Host": "evil.example:" + port})[0] == 403, "a foreign Host was served"
    status, _, body = request("/api/editions")
    assert status == 200 and [e["siglum"] for e in json.loads(body)["editions"]] == ["A", "B"], body
    assert json.loads(body) == json.loads(run("editions", "--json")), "/api/editions differs from `editions --json`"

    status, headers, _ = request(f"/?token={token}", token_header=False)
    cookie = headers.get("Set-Cookie", "")
    assert status == 200 and "HttpOnly" in cookie and "SameSite=Strict" in cookie, cookie
    assert request("/api/editions", token_header=False, headers={"Cookie": cookie.split(";")[0]})[0] == 200

    note = {"address": "B:17", "quote": "张着麟", "text": "網頁之注", "tags": ["校勘"]}
    status, _, body = request("/api/notes", data=json.dumps(note).encode(), method="POST")
    assert status == 201 and json.loads(body)["quote"]["exact"] == "张着麟", (status, body)
    assert "網頁之注" in run("notes", "B:17"), "the CLI does not see the note posted over HTTP"
    status, _, body = request("/api/notes", data=json.dumps(dict(note, quote="不在此處")).encode(), method="POST")
    assert status == 400 and "不在此處" in json.loads(body)["error"], (status, body)
    status, _, body = request("/api/passages/B:999")
    assert status == 404 and "B:999" in json.loads(body)["error"], (status, body)
    status, _, body = request("/api/search?q=" + urllib.parse.quote("张若麟") + "&edition=A")
    assert status == 200 and json.loads(body)["total"] == json.loads(run("search", "张若麟", "--edition", "A", "--json"))["total"]

    # A correction over HTTP is `passage set`'s: a revision the CLI's log lists, as its --json gives it.
    a3 = json.loads(run("show", "A:3", "--json"))["passages"][0]["text"]
    fix = {"text": a3.replace("張若麟", "張着麟"), "reason": "據原書"}
    status, _, body = request("/api/passages/A:3/revisions", data=json.dumps(fix).encode(), method="POST")
    assert status == 201 and json.loads(body)["written"] is True, (status, body)
    status, _, body = request("/api/passages/A:3/revisions")
    assert status == 200 and json.loads(body) == json.loads(run("passage", "log", "A:3", "--json")), body
    assert [r["reason"] for r in json.loads(body)["revisions"]] == ["", "據原書"], body
    status, _, body = request("/api/passages/A:3/revisions", data=json.dumps(fix).encode(), method="POST")
    assert status == 200 and json.loads(body)["written"] is False, (status, body)
    first = json.loads(body)["revisions"][0]["id"]
    status, _, body = request("/api/passages/A:3/revisions", data=json.dumps({"restore": first}).encode(), method="POST")
    assert status == 201 and json.loads(run("show", "A:3", "--json"))["passages"][0]["text"] == a3, (status, body)
    status, _, body = request("/api/passages/A:3/revisions", data=json.dumps({"text": " "}).encode(), method="POST")
    assert status == 400 and "empty" in json.loads(body)["error"], (status, body)

    status, headers, page = request("/read/B:20")
    assert status == 200 and "script-src 'self'" in headers["Content-Security-Policy"], headers
    assert "&lt;script&gt;alert(1)&lt;/script&gt;" in page and "<script>alert" not in page and "<img src=x" not in page
    assert re.findall(r"<script[^>]*>", page) == ['<script src="/assets/app.js">'], "a page holds inline script"
    status, _, par = request("/parallel/A:2")
    assert status == 200 and "網頁之注" in par, "the note on B:17 is not shown in the parallel view of A:2"
    assert request("/assets/app.js")[0] == 200
    assert request("/assets/../../etc/passwd")[0] == 404 and request("/etc/passwd")[0] == 404
finally:
    server.send_signal(signal.SIGINT)
    try:
        code = server.wait(timeout=10)
    except subprocess.TimeoutExpired:
        server.kill(); raise AssertionError("serve does not stop on Ctrl-C within 10 s")
assert code == 0, f"serve exited {code} on Ctrl-C: {server.stderr.read()}"
run("check")
print("ok: token and host enforced, API as the CLI's JSON, HTTP note and correction seen by the CLI, escaped pages, stops on Ctrl-C")
