#!/usr/bin/python3
"""`jiaozhu serve` in a real browser: headless Chromium driven through WebDriver (Debian's chromium-driver
and python3-selenium). Opens the reading view, selects 张着麟 in B:17 as a reader does and adds a note,
sees it on the linked span of A:2 in the parallel view and in `jiaozhu notes --json`; edits, removes and
restores it; settles a conflict made in two copies by keeping one version; adds an alias from a selection
and follows a person's words to the person's page; sets a variant's kind; shows the live apparatus, where
the editor decides places with the keyboard alone and with a button; and a search. A note holding <script> and <img onerror> stays text. Every page is kept as a screenshot in
ARTEFACTS.
Usage: browser_test.py JIAOZHU CORPUS ARTEFACTS"""
import json, os, re, shutil, signal, subprocess, sys, tempfile

from selenium import webdriver
from selenium.webdriver.chrome.service import Service
from selenium.common.exceptions import NoSuchElementException, StaleElementReferenceException
from selenium.webdriver.common.by import By
from selenium.webdriver.support import expected_conditions as EC
from selenium.webdriver.support.ui import Select, WebDriverWait

jz, corpus, artefacts = sys.argv[1], sys.argv[2], sys.argv[3]
os.makedirs(artefacts, exist_ok=True)
work = tempfile.mkdtemp()
db = os.path.join(work, "t.db")
env = dict(os.environ, JIAOZHU_AUTHOR="Browser Tester <b@example.org>", HOME=work, XDG_CONFIG_HOME=work)


def run(*args, db_path=db, ok=True):
    r = subprocess.run([jz, "--db", db_path, *args], capture_output=True, text=True, env=env)
    assert not ok or r.returncode == 0, f"jiaozhu {' '.join(args)}: {r.stderr}"
    return r.stdout


def jrun(*args):
    return json.loads(run(*args, "--json"))


run("init")
run("import", f"{corpus}/songjin/hant.txt", "--work", "songjin", "--siglum", "A")
run("import", f"{corpus}/songjin/hans.txt", "--work", "songjin", "--siglum", "B")
run("align", "A", "B")
poems = os.path.join(work, "poems.json")
with open(poems, "w", encoding="utf-8") as f:
    json.dump([{"title": "贈汪倫", "author": "李白", "paragraphs": ["李白乘舟將欲行，忽聞岸上踏歌聲。"]}], f, ensure_ascii=False)
run("import", poems, "--work", "唐詩", "--siglum", "P")
run("character", "add", "张若麟")
run("note", "add", "B:20", "--text", "<script>window.jzpwned=1</script><img src=x onerror=\"window.jzpwned=2\">惡意")
# A conflict: one note edited apart in two copies, then merged.
disputed = jrun("note", "add", "B:21", "--text", "原注")["id"]
other = os.path.join(work, "other.db")
shutil.copy(db, other)
run("note", "edit", disputed, "--text", "甲本之見")
run("note", "edit", disputed, "--text", "乙本之見", db_path=other)
run("merge", other, ok=False)
assert any(n["id"] == disputed for n in jrun("conflicts")["notes"]), "the merge made no conflict"

server = subprocess.Popen([jz, "--db", db, "serve"], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env)
options = webdriver.ChromeOptions()
options.binary_location = shutil.which("chromium") or "/usr/bin/chromium"
for flag in ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--window-size=1400,1800"):
    options.add_argument(flag)
browser = webdriver.Chrome(service=Service(shutil.which("chromedriver") or "/usr/bin/chromedriver"), options=options)
# A page reloads after each write: what was found before it is stale, and is looked for again.
wait = WebDriverWait(browser, 20, ignored_exceptions=(NoSuchElementException, StaleElementReferenceException))
shots = 0


def shot(name):
    global shots
    shots += 1
    browser.save_screenshot(os.path.join(artefacts, f"{shots:02d}-{name}.png"))


def select_words(address, words, where=".text"):
    """Selects `words` in the text (or the title, where=".field[data-field=title]") of passage `address`
    as a mouse would, and lets go of the button."""
    found = browser.execute_script("""
        const [address, words, where] = arguments;
        const text = document.querySelector(where + '[data-address="' + address + '"]');
        const walker = document.createTreeWalker(text, NodeFilter.SHOW_TEXT);
        const nodes = []; let all = '';
        for (let n = walker.nextNode(); n; n = walker.nextNode()) { nodes.push([n, all.length]); all += n.data; }
        const at = all.indexOf(words);
        if (at < 0) return false;
        const place = (offset) => { for (const [n, from] of nodes) if (offset <= from + n.data.length) return [n, offset - from]; };
        const range = document.createRange();
        range.setStart(...place(at)); range.setEnd(...place(at + words.length));
        const selection = window.getSelection(); selection.removeAllRanges(); selection.addRange(range);
        text.dispatchEvent(new MouseEvent('mouseup', {bubbles: true}));
        return true;""", address, words, where)
    assert found, f"{words} is not in the text of {address}"
    wait.until(EC.visibility_of_element_located((By.ID, "note-form")))


def note_item(text):
    return wait.until(EC.presence_of_element_located((By.XPATH, f"//li[@data-note][span[@class='body' and contains(., '{text}')]]")))


try:
    line = server.stdout.readline()
    m = re.fullmatch(r"(http://127\.0\.0\.1:\d+)/\?token=([0-9a-f]{64})\n", line)
    assert m, f"serve's first line: {line!r}"
    base = m.group(1)
    browser.get(line.strip())  # the first load carries the token and sets the cookie
    shot("editions")

    # Select 张着麟 in B:17 and add a note.
    browser.get(base + "/read/B:17")
    shot("reading-view")
    select_words("B:17", "张着麟")
    form = browser.find_element(By.ID, "note-form")
    assert form.find_element(By.CLASS_NAME, "quote").text == "张着麟"
    form.find_element(By.NAME, "text").send_keys("網頁之注：張若麟之訛")
    form.find_element(By.NAME, "tags").send_keys("校勘")
    shot("selection-form")
    form.find_element(By.NAME, "add-note").click()
    item = note_item("網頁之注")
    mark = browser.find_element(By.CSS_SELECTOR, '.text[data-address="B:17"] mark.note')
    assert mark.text == "张着麟", f"the note is marked on {mark.text!r}, not on 张着麟"
    shot("note-added")

    # Words of a title carry a note as the text's words do.
    browser.get(base + "/read/P:1")
    select_words("P:1", "汪倫", ".field[data-field=title]")
    form = browser.find_element(By.ID, "note-form")
    assert form.find_element(By.CLASS_NAME, "where").text == "P:1 (title)"
    form.find_element(By.NAME, "text").send_keys("題下之注")
    form.find_element(By.NAME, "add-note").click()
    note_item("題下之注")
    mark = browser.find_element(By.CSS_SELECTOR, '.field[data-field=title][data-address="P:1"] mark.note')
    assert mark.text == "汪倫", f"the title's note is marked on {mark.text!r}"
    titled = jrun("notes", "P:1")["notes"]
    assert [(n["field"], n["quote"]["exact"]) for n in titled] == [("title", "汪倫")], titled

    # The note on the linked span of A:2, in the parallel view.
    browser.get(base + "/parallel/A:2")
    mapped = wait.until(EC.presence_of_element_located((By.CSS_SELECTOR, '.text[data-address="A:2"] mark.note.mapped')))
    assert mapped.text == "張着麟", f"the note is mapped onto {mapped.text!r} of A:2"
    assert "網頁之注" in browser.find_element(By.ID, "A:2").text, "the note is not listed beside A:2"
    shot("parallel-view")

    notes = [n for n in jrun("notes", "B:17")["notes"] if "網頁之注" in n["body"]]
    assert len(notes) == 1 and notes[0]["quote"]["exact"] == "张着麟" and notes[0]["tags"] == ["校勘"], notes
    assert notes[0]["author"] == "Browser Tester <b@example.org>", notes[0]["author"]
    uuid = notes[0]["id"]

    # Edit, remove and restore it in the page.
    browser.get(base + "/read/B:17")
    note_item("網頁之注").find_element(By.CSS_SELECTOR, "[data-action=edit]").click()
    editor = browser.find_element(By.CSS_SELECTOR, f"#n-{uuid} textarea")
    editor.clear()
    editor.send_keys("網頁之注，改定")
    browser.find_element(By.XPATH, f"//li[@id='n-{uuid}']//button[.='save']").click()
    note_item("改定")
    assert [r["body"] for r in jrun("note", "show", uuid)["history"]][-1] == "網頁之注，改定"
    note_item("改定").find_element(By.CSS_SELECTOR, "[data-action=remove]").click()
    wait.until(lambda b: "改定" not in b.find_element(By.ID, "B:17").text)
    assert jrun("note", "show", uuid)["state"] == "removed", "the removal did not reach the database"
    browser.get(base + "/notes?removed=1")
    note_item("改定").find_element(By.CSS_SELECTOR, "[data-action=restore]").click()
    wait.until(lambda b: not b.find_elements(By.CSS_SELECTOR, f"#n-{uuid}.removed"))
    assert jrun("note", "show", uuid)["state"] == "live", "the restoration did not reach the database"
    browser.get(base + f"/notes/{uuid}")
    assert len(browser.find_elements(By.CSS_SELECTOR, "table tr")) == 5, "the history lacks a revision"
    shot("note-history")

    # Settle the conflict by keeping 乙本之見, both versions being shown.
    browser.get(base + "/notes?conflicts=1")
    versions = browser.find_elements(By.CSS_SELECTOR, f"#n-{disputed} .versions blockquote")
    assert sorted(v.text.split(" ")[0] for v in versions) == ["乙本之見", "甲本之見"], [v.text for v in versions]
    shot("conflict")
    browser.find_element(By.XPATH, f"//li[@id='n-{disputed}']//blockquote[contains(., '乙本之見')]/button").click()
    wait.until(lambda b: not b.find_elements(By.CSS_SELECTOR, f"#n-{disputed}"))
    assert not jrun("conflicts")["notes"], "the conflict is still listed"
    assert jrun("note", "show", disputed)["body"] == "乙本之見"

    # An alias from a selection, then the person's page from the person's words.
    browser.get(base + "/read/B:17")
    select_words("B:17", "张着麟")
    form = browser.find_element(By.ID, "note-form")
    form.find_element(By.NAME, "character").send_keys("张若麟")
    Select(form.find_element(By.NAME, "kind")).select_by_visible_text("error")
    form.find_element(By.NAME, "add-alias").click()
    wait.until(EC.presence_of_element_located(
        (By.XPATH, "//div[@data-address='B:17']//*[@data-person='张若麟' and .='张着麟']")))
    aliases = {a["form"]: a["kind"] for a in jrun("character", "show", "张若麟")["aliases"]}
    assert aliases.get("张着麟") == "error", aliases
    browser.find_elements(By.CSS_SELECTOR, '.text[data-address="B:17"] [data-person]')[-1].click()
    wait.until(EC.url_contains("/person/"))
    page = browser.find_element(By.TAG_NAME, "main").text
    assert "张着麟" in page and "error" in page and "A:2" in page, "the person's page lacks the alias or the mentions"
    shot("person")

    # The kind of a substantive variant, set by hand against witness A.
    browser.get(base + "/read/B?with=A")
    chooser = wait.until(EC.presence_of_element_located((By.CSS_SELECTOR, ".set-kind")))
    variant = chooser.get_attribute("data-variant")
    shot("reading-view-against-A")
    Select(chooser.find_element(By.TAG_NAME, "select")).select_by_value("graphic")
    chooser.find_element(By.NAME, "why").send_keys("形近而誤")
    chooser.find_element(By.CSS_SELECTOR, "[data-action=set-kind]").click()
    wait.until(EC.presence_of_element_located((By.XPATH, f"//li[@id='v-{variant}']/span[@class='kind' and contains(., '已定')]")))
    assert "形近" in browser.find_element(By.ID, f"v-{variant}").text

    # The live apparatus and a search.
    browser.get(base + "/apparatus/A?with=B")
    entries = wait.until(EC.presence_of_all_elements_located((By.CSS_SELECTOR, "ol.apparatus li")))
    assert entries and browser.find_element(By.ID, "witness"), "the apparatus page has no entries"
    shot("apparatus")

    # The editor decides places with the keyboard alone: the first undecided place has the focus;
    # o 不出校, then j to pass one by, a 據改 (the witness its list names), d 存疑.
    undecided = lambda: int(browser.find_element(By.ID, "undecided").text)
    before = undecided()
    places = browser.find_elements(By.CSS_SELECTOR, "li.entry[data-place]")
    assert len(places) >= 4 and "current" in places[0].get_attribute("class"), "no place has the focus"
    ids = [p.get_attribute("data-place") for p in places[:4]]
    body = browser.find_element(By.TAG_NAME, "body")
    body.send_keys("o")
    wait.until(lambda b: undecided() == before - 1)
    body.send_keys("j")
    body.send_keys("a")
    wait.until(lambda b: undecided() == before - 2)
    body.send_keys("d")
    wait.until(lambda b: undecided() == before - 3)
    labels = [browser.find_element(By.CSS_SELECTOR, f'li[data-place="{i}"] .decision').text for i in ids]
    assert labels[0] == "不出校" and labels[1] == "未定" and labels[2] == "據B本改" and labels[3] == "存疑", labels
    shot("apparatus-decided")
    decided = {e["id"]: e["decision"] for e in json.loads(run("apparatus", "A", "B", "--format", "json"))["entries"]}
    assert [decided[i] and decided[i]["action"] for i in ids] == ["omit", None, "adopt", "doubt"], [decided[i] for i in ids]
    assert decided[ids[2]]["author"] == "Browser Tester <b@example.org>"
    # A button does what its key does; the page after a reload shows what was decided.
    browser.find_element(By.CSS_SELECTOR, f'li[data-place="{ids[1]}"] [data-decision=record]').click()
    wait.until(lambda b: undecided() == before - 4)
    browser.refresh()
    assert undecided() == before - 4, "the count of places to decide is not what the server holds"
    assert browser.find_element(By.CSS_SELECTOR, f'li[data-place="{ids[1]}"] .decision').text == "出校"
    browser.get(base + "/search?q=張若麟&edition=B")
    hits = browser.find_elements(By.CSS_SELECTOR, "ol.hits mark")
    assert hits and all(h.text == "张若麟" for h in hits), [h.text for h in hits]
    shot("search")

    # A transcription corrected where it is read: 校改 opens the text in place; saved with a reason, it is
    # a revision the CLI's log lists; history lists the revisions beside the text.
    browser.get(base + "/read/B:19")
    browser.find_element(By.CSS_SELECTOR, '#B\\:19 [data-correct="edit"]').click()
    area = wait.until(EC.visibility_of_element_located((By.CSS_SELECTOR, "#B\\:19 form.correct textarea")))
    old_text = area.get_attribute("value")
    assert old_text == jrun("show", "B:19")["passages"][0]["text"], "the editor does not hold the passage's text"
    browser.execute_script("arguments[0].value = arguments[1]", area, old_text + "補")
    browser.find_element(By.CSS_SELECTOR, "#B\\:19 form.correct input[name=reason]").send_keys("據原書")
    shot("correcting")
    browser.find_element(By.CSS_SELECTOR, "#B\\:19 form.correct button:not([type=button])").click()
    wait.until(lambda b: jrun("show", "B:19")["passages"][0]["text"] == old_text + "補")
    log = jrun("passage", "log", "B:19")["revisions"]
    assert [r["reason"] for r in log] == ["", "據原書"] and log[1]["author"] == "Browser Tester <b@example.org>", log
    browser.get(base + "/read/B:19")
    browser.find_element(By.CSS_SELECTOR, '#B\\:19 [data-correct="history"]').click()
    items = wait.until(lambda b: b.find_elements(By.CSS_SELECTOR, "#B\\:19 ol.revisions li") or None)
    assert len(items) == 2 and "(as imported)" in items[0].text and "據原書" in items[1].text, [i.text for i in items]
    shot("correction-history")

    # Text from the database stays text.
    browser.get(base + "/read/B:20")
    assert browser.execute_script("return window.jzpwned === undefined"), "a note's markup ran"
    assert "<script>window.jzpwned=1</script>" in browser.find_element(By.ID, "B:20").text
    assert not browser.find_elements(By.CSS_SELECTOR, "main img"), "a note's <img> was rendered"
    shot("escaped-note")
finally:
    browser.quit()
    server.send_signal(signal.SIGINT)
    server.wait(timeout=10)
run("check")
print(f"ok: note by selection seen on A:2 and by the CLI; edit, remove, restore, resolve; alias; person; kind; "
      f"apparatus and its decisions by key and button; search; a correction and its history; escaped; {shots} screenshots in {artefacts}")
