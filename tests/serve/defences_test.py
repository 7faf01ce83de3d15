#!/usr/bin/env python3
"""The defences of `jiaozhu serve` against what a local page or process can send: a write from another
origin (another port of 127.0.0.1) or as text/plain is refused and leaves nothing; the token cookie is
named after the port; a body longer than the limit is refused by its length, not read; sockets that
trickle their headers do not stop an authenticated request; a body without the field a change names, or
with a NUL byte, is a 400; stored text in the notes page stands in elements that isolate bidi controls.
Usage: defences_test.py JIAOZHU CORPUS"""
import json, os, re, signal, socket, sys, threading, time, urllib.error, urllib.request

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from serve_support import Songjin

jz, corpus = sys.argv[1], sys.argv[2]
fixture = Songjin(jz, corpus, "Tester \u202eevil <t@example.org>")
run = fixture.run
run("note", "add", "B:17", "--text", "右至左\u202e之注", "--tag", "\u202e校")
variant = json.loads(run("variants", "A", "B", "--json"))["variants"][0]["uuid"]

server, port, token = fixture.serve()
try:
    base = f"http://127.0.0.1:{port}"

    def request(path, data=None, method=None, headers=None, timeout=20):
        req = urllib.request.Request(base + path, data=data, method=method, headers=headers or {})
        req.add_header("Authorization", f"Bearer {token}")
        try:
            with urllib.request.urlopen(req, timeout=timeout) as r: return r.status, dict(r.headers), r.read().decode()
        except urllib.error.HTTPError as e: return e.code, dict(e.headers), e.read().decode()

    json_type = {"Content-Type": "application/json"}
    note = json.dumps({"address": "B:17", "text": "跨站之注"}).encode()
    status, _, body = request("/api/notes", note, "POST", dict(json_type, Origin="http://127.0.0.1:9"))
    assert status == 403 and "127.0.0.1:9" in json.loads(body)["error"], (status, body)
    status, _, _ = request("/api/notes", note, "POST", {"Content-Type": "text/plain"})
    assert status == 415, status
    status, _, _ = request("/api/notes", note, "POST", {"Content-Type": "application/x-www-form-urlencoded"})
    assert status == 415, status
    assert "跨站之注" not in run("notes", "B:17"), "a refused request left a note behind"
    status, _, _ = request("/api/notes", json.dumps({"address": "B:17", "text": "同源之注"}).encode(), "POST",
                           dict(json_type, Origin=base))
    assert status == 201, f"a write from the server's own origin was refused ({status})"

    _, headers, _ = request(f"/?token={token}")
    assert headers.get("Set-Cookie", "").startswith(f"jz_token_{port}="), headers.get("Set-Cookie")

    # 9 MB declared: refused from the header, so the connection may close before the body is sent.
    big = b'{"address": "B:17", "text": "' + b"a" * (9 << 20) + b'"}'
    try: status = request("/api/notes", big, "POST", json_type)[0]
    except (ConnectionError, urllib.error.URLError): status = 413
    assert status == 413, f"a 9 MB body was not refused by its length ({status})"

    status, _, body = request(f"/api/variants/{variant}/kind", b'{"note": "x"}', "POST", json_type)
    assert status == 400 and '"kind"' in json.loads(body)["error"], (status, body)
    status, _, body = request(f"/api/variants/{variant}/kind", b'{"kind": "\\u8131"}\x00{"kind": null}', "POST", json_type)
    assert status == 400 and "NUL" in json.loads(body)["error"], (status, body)
    assert json.loads(run("variants", "A", "B", "--json"))["variants"][0]["kind_chosen"] is False

    slow = []
    for _ in range(16):
        c = socket.create_connection(("127.0.0.1", int(port)))
        c.sendall(b"GET /api/editions HTTP/1.1\r\nHost: 127.0.0.1\r\n")
        slow.append(c)
    stop = threading.Event()
    def trickle():
        while not stop.wait(1):
            for c in slow:
                try: c.sendall(b"X-a: b\r\n")
                except OSError: pass
    threading.Thread(target=trickle, daemon=True).start()
    time.sleep(1.5)
    try: status = request("/api/editions", timeout=5)[0]
    except OSError as e: status = repr(e)
    stop.set()
    for c in slow: c.close()
    assert status == 200, f"with 16 trickling sockets open, an authenticated request got no answer in 5 s ({status})"

    status, _, page = request("/notes")
    _, _, css = request("/assets/app.css")
    assert re.search(r"body \*[^{}]*\{[^}]*unicode-bidi: isolate", css), "the stylesheet does not isolate elements"
    for stored in ("右至左\u202e之注", "Tester \u202eevil &lt;t@example.org&gt;", "#\u202e校"):
        at = page.find(stored)
        assert at > 0, f"{stored!r} is not on the notes page"
        assert page[:at].endswith(">") and page[at + len(stored):].startswith("</"), \
            f"{stored!r} shares its element with other text: {page[at - 40:at + len(stored) + 20]!r}"
finally:
    server.send_signal(signal.SIGINT)
    server.wait(timeout=10)
run("check")
print("ok: foreign origin and non-JSON writes refused, per-port cookie, 413 by length, slow sockets, 400s, bidi isolated")
