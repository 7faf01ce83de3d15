#!/usr/bin/python3
"""The page beside the text (#42), end to end: the fixture's 松錦之戰 as two TEI editions with page breaks,
A with <pb facs> on local scans, B matched by order to a IIIF Presentation 2 manifest whose level-0 image
service (info.json and full/…/default.png files) is served from 127.0.0.1 by this test. The CLI names each
passage's image; the reading room, in headless Chromium over WebDriver, shows it, follows the page as the
reader scrolls, zooms, and takes a note on a rectangle dragged on the image; the IIIF image and its
info.json are loaded from their server, whose origin the Content-Security-Policy allows, and no other.
Usage: facsimile_test.py JIAOZHU CORPUS ARTEFACTS"""
import http.server, json, os, re, shutil, signal, socket, struct, subprocess, sys, tempfile, threading, urllib.request, zlib
from xml.sax.saxutils import escape

from selenium import webdriver
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By
from selenium.webdriver.support import expected_conditions as EC
from selenium.webdriver.support.ui import WebDriverWait

jz, corpus, artefacts = sys.argv[1], sys.argv[2], sys.argv[3]
os.makedirs(artefacts, exist_ok=True)
work = tempfile.mkdtemp()
db = os.path.join(work, "t.db")
env = dict(os.environ, JIAOZHU_AUTHOR="Facsimile Tester <f@example.org>", HOME=work, XDG_CONFIG_HOME=work)
env.pop("JIAOZHU_CONFIG", None)


def run(*args, ok=True):
    r = subprocess.run([jz, "--db", db, *args], capture_output=True, text=True, env=env)
    assert (r.returncode == 0) == ok, f"jiaozhu {' '.join(args)} exited {r.returncode}: {r.stderr}"
    return r


def jrun(*args):
    return json.loads(run(*args, "--json").stdout)


def png(path, w, h, rgb):
    row = b"\x00" + bytes(rgb) * w
    chunk = lambda t, d: struct.pack(">I", len(d)) + t + d + struct.pack(">I", zlib.crc32(t + d) & 0xFFFFFFFF)
    data = (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", w, h, 8, 2, 0, 0, 0)) +
            chunk(b"IDAT", zlib.compress(row * h)) + chunk(b"IEND", b""))
    with open(path, "wb") as f:
        f.write(data)
    return data


def tei(lines, facs):
    """Six paragraphs to a page, pages 1a, 1b, 2a …, each <pb> naming scans/PAGE.png when `facs`."""
    body, pages = [], []
    for i, line in enumerate(lines):
        if i % 6 == 0:
            page = f"{i // 12 + 1}{'ab'[(i // 6) % 2]}"
            pages.append(page)
            body.append(f'<pb n="{page}"' + (f' facs="scans/{page}.png"' if facs else "") + "/>")
        body.append(f"<p>{escape(line)}</p>")
    return pages, ('<?xml version="1.0" encoding="UTF-8"?><TEI xmlns="http://www.tei-c.org/ns/1.0"><teiHeader><fileDesc>'
                   "<titleStmt><title>松錦之戰</title></titleStmt><publicationStmt><p>t</p></publicationStmt>"
                   "<sourceDesc><p>t</p></sourceDesc></fileDesc></teiHeader><text><body><div>" + "".join(body) +
                   "</div></body></text></TEI>")


def lines_of(name):
    return [l.strip() for l in open(f"{corpus}/songjin/{name}", encoding="utf-8") if l.strip()]


# A: TEI with local scans beside it.
os.makedirs(os.path.join(work, "scans"))
pages_a, text_a = tei(lines_of("hant.txt"), True)
scans = {p: png(os.path.join(work, "scans", f"{p}.png"), 300 + 10 * k, 400, (30 * k % 255, 120, 180)) for k, p in enumerate(pages_a)}
open(os.path.join(work, "a.xml"), "w", encoding="utf-8").write(text_a)
# B: TEI without facs; its images come from a IIIF v2 manifest, matched in order.
pages_b, text_b = tei(lines_of("hans.txt"), False)
open(os.path.join(work, "b.xml"), "w", encoding="utf-8").write(text_b)

root, requests = os.path.join(work, "iiif-root"), []
s = socket.socket(); s.bind(("127.0.0.1", 0)); iport = s.getsockname()[1]; s.close()
iiif = f"http://127.0.0.1:{iport}/iiif"
canvases = []
for k, p in enumerate(pages_b):
    d = os.path.join(root, "iiif", f"b{k}")
    os.makedirs(os.path.join(d, "full", "full", "0"))
    png(os.path.join(d, "full", "full", "0", "default.png"), 320, 400, (200, 60 + 20 * k % 190, 60))
    json.dump({"@context": "http://iiif.io/api/image/2/context.json", "@id": f"{iiif}/b{k}", "protocol": "http://iiif.io/api/image",
               "profile": ["http://iiif.io/api/image/2/level0.json"], "width": 320, "height": 400,
               "sizes": [{"width": 320, "height": 400}]}, open(os.path.join(d, "info.json"), "w"))
    canvases.append({"@id": f"{iiif}/canvas/{k}", "@type": "sc:Canvas", "label": f"f. {k + 1}", "width": 320, "height": 400,
                     "images": [{"@type": "oa:Annotation", "motivation": "sc:painting", "on": f"{iiif}/canvas/{k}",
                                 "resource": {"@id": f"{iiif}/b{k}/full/full/0/default.png", "@type": "dctypes:Image",
                                              "service": {"@context": "http://iiif.io/api/image/2/context.json",
                                                          "@id": f"{iiif}/b{k}", "profile": "http://iiif.io/api/image/2/level0.json"}}}]})
json.dump({"@context": "http://iiif.io/api/presentation/2/context.json", "@id": f"{iiif}/manifest.json", "@type": "sc:Manifest",
           "label": "松錦之戰", "sequences": [{"@type": "sc:Sequence", "canvases": canvases}]},
          open(os.path.join(root, "iiif", "manifest.json"), "w"), ensure_ascii=False)


class Static(http.server.SimpleHTTPRequestHandler):
    def __init__(self, *a, **k):
        super().__init__(*a, directory=root, **k)

    def log_message(self, *a):
        requests.append(self.path)

    def end_headers(self):
        self.send_header("Access-Control-Allow-Origin", "*")
        super().end_headers()


images = http.server.ThreadingHTTPServer(("127.0.0.1", iport), Static)
threading.Thread(target=images.serve_forever, daemon=True).start()

run("init")
run("import", os.path.join(work, "a.xml"), "--work", "songjin", "--siglum", "A")
run("import", os.path.join(work, "b.xml"), "--work", "songjin", "--siglum", "B")
run("align", "A", "B")
# The manifest fetched by URL, as a scholar gives a library's.
added = jrun("facsimile", "add", "B", "--iiif", f"{iiif}/manifest.json", "--match", "order")
assert added["pages"] == len(pages_b) and not added["unmatched"], added

# The CLI names each passage's image.
a7 = jrun("facsimile", "A:7")
assert a7["pages"] == ["1b"] and a7["images"][0]["path"] == os.path.join(work, "scans", "1b.png"), a7
b1 = jrun("facsimile", "B:1")
assert b1["images"][0]["service"] == f"{iiif}/b0" and b1["images"][0]["image_api"] == 2, b1
listed = jrun("facsimile", "list", "A")
assert [i["page"] for i in listed["images"]] == pages_a, listed
bad = run("facsimile", "add", "A", "--iiif", os.path.join(work, "a.xml"), ok=False)
assert bad.returncode == 4 and "not JSON" in bad.stderr, bad.stderr
unknown = run("facsimile", "Z:1", ok=False)
assert unknown.returncode == 3, unknown.stderr

server = subprocess.Popen([jz, "--db", db, "serve"], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env)
options = webdriver.ChromeOptions()
options.binary_location = shutil.which("chromium") or "/usr/bin/chromium"
for flag in ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--window-size=1400,900"):
    options.add_argument(flag)
browser = webdriver.Chrome(service=Service(shutil.which("chromedriver") or "/usr/bin/chromedriver"), options=options)
wait = WebDriverWait(browser, 20)
shots = 0


def shot(name):
    global shots
    shots += 1
    browser.save_screenshot(os.path.join(artefacts, f"facsimile-{shots:02d}-{name}.png"))


def image_state():
    return browser.execute_script(
        "const i = document.querySelector('img.facsimile-image');"
        "return i && {src: i.getAttribute('src'), page: i.dataset.page, w: i.naturalWidth, shown: i.clientWidth, complete: i.complete};")


try:
    line = server.stdout.readline()
    m = re.fullmatch(r"(http://127\.0\.0\.1:\d+)/\?token=([0-9a-f]{64})\n", line)
    assert m, f"serve's first line: {line!r}"
    base, token = m.group(1), m.group(2)
    browser.get(line.strip())

    # A local scan, served behind the token, the one of the passage's page.
    browser.get(base + "/read/A:1")
    wait.until(lambda b: (image_state() or {}).get("w", 0) > 0)
    state = image_state()
    assert state["page"] == "1a" and state["w"] == 300, state
    req = urllib.request.Request(base + state["src"], headers={"Authorization": f"Bearer {token}"})
    assert urllib.request.urlopen(req).read() == scans["1a"], "the image served is not the scan of page 1a"
    try:
        urllib.request.urlopen(base + state["src"])
        raise AssertionError("a scan was served without the token")
    except urllib.error.HTTPError as e:
        assert e.code == 401, e.code
    shot("page-1a")

    # Scrolling to a passage of page 1b brings its scan.
    browser.execute_script("document.getElementById('A:8').scrollIntoView({block: 'start'});")
    wait.until(lambda b: image_state()["page"] == "1b" and image_state()["w"] == 310)
    shot("page-1b-after-scroll")
    browser.execute_script("window.scrollTo(0, 0);")
    wait.until(lambda b: image_state()["page"] == "1a")

    # Zoom: the image is drawn larger.
    before = image_state()["shown"]
    browser.find_element(By.CSS_SELECTOR, "aside.facsimile [data-zoom='1']").click()
    wait.until(lambda b: image_state()["shown"] > before * 1.3)
    browser.find_element(By.CSS_SELECTOR, "aside.facsimile [data-zoom='-1']").click()
    wait.until(lambda b: abs(image_state()["shown"] - before) < 2)

    # A rectangle dragged on the image: a note on that region of page 1a.
    box = browser.execute_script("const r = document.querySelector('img.facsimile-image').getBoundingClientRect();"
                                 "return [r.left, r.top, r.width / 300];")
    at = lambda px, py: (int(box[0] + px * box[2]), int(box[1] + py * box[2]))
    drag = ActionChains(browser)
    drag.w3c_actions.pointer_action.move_to_location(*at(30, 40))
    drag.w3c_actions.pointer_action.pointer_down()
    drag.w3c_actions.pointer_action.move_to_location(*at(90, 90))
    drag.w3c_actions.pointer_action.pointer_up()
    drag.perform()
    form = wait.until(EC.visibility_of_element_located((By.CSS_SELECTOR, "form.region-note")))
    assert "page 1a" in form.text, form.text
    form.find_element(By.NAME, "text").send_keys("此頁右上漫漶")
    shot("region-form")
    form.find_element(By.CSS_SELECTOR, "button[type=submit]").click()
    wait.until(lambda b: b.find_elements(By.CSS_SELECTOR, ".facsimile-frame .region"))
    shot("region-noted")
    notes = jrun("notes", "A")["notes"]
    region = [n for n in notes if n.get("region")]
    assert len(region) == 1 and region[0]["region"]["page"] == "1a" and region[0]["address"] == "A:1", notes
    x, y, w, h = map(int, region[0]["region"]["xywh"].split(","))
    assert abs(x - 30) <= 3 and abs(y - 40) <= 3 and abs(w - 60) <= 4 and abs(h - 50) <= 4, region[0]
    w3c = run("export", "notes", "--format", "w3c").stdout
    assert f"xywh={x},{y},{w},{h}" in w3c, "the region note is not exported with its xywh"

    # B: the IIIF image and its info.json, from their server; the policy allows it and no other host.
    requests.clear()
    browser.get(base + "/read/B:1")
    wait.until(lambda b: (image_state() or {}).get("w", 0) == 320)
    wait.until(lambda b: any(r.endswith("/iiif/b0/info.json") for r in requests))
    assert any(r.startswith("/iiif/b0/full/") for r in requests), requests
    assert not any(r.startswith("/iiif/b1/") for r in requests), f"another page's image was loaded: {requests}"
    shot("iiif-page")
    req = urllib.request.Request(base + "/read/B:1", headers={"Authorization": f"Bearer {token}"})
    policy = urllib.request.urlopen(req).headers.get_all("Content-Security-Policy")
    assert len(policy) == 1, policy
    img_src = re.search(r"img-src ([^;]*)", policy[0]).group(1).split()
    assert img_src == ["'self'", "data:", f"http://127.0.0.1:{iport}"], img_src
    plain = urllib.request.urlopen(urllib.request.Request(base + "/persons", headers={"Authorization": f"Bearer {token}"}))
    assert f"127.0.0.1:{iport}" not in plain.headers["Content-Security-Policy"], "a page without images allows the image host"

    # The parallel view: each side with its own page.
    browser.get(base + "/parallel/A:7")
    wait.until(lambda b: len(b.find_elements(By.CSS_SELECTOR, "aside.facsimile img.facsimile-image")) == 2)
    pages = [i.get_attribute("data-page") for i in browser.find_elements(By.CSS_SELECTOR, "aside.facsimile img.facsimile-image")]
    assert pages[0] == "1b", pages
    shot("parallel")
finally:
    browser.quit()
    server.send_signal(signal.SIGINT)
    server.wait(timeout=10)
    images.shutdown()
    shutil.rmtree(work, ignore_errors=True)
print("ok: scans and IIIF beside the text, followed on scroll, zoomed, a region noted, the policy exact")
