// The stylesheet and script every page loads from the server itself (the
// Content-Security-Policy allows no other, and no inline code).
#include <string_view>

#include "jiaozhu/apparatus.h"
#include "serve.h"

namespace jiaozhu::cli {
namespace {

constexpr std::string_view kStylesheet = R"css(
body { font-family: "Noto Serif CJK TC", "Noto Serif CJK SC", serif; margin: 0 auto; max-width: 80rem; padding: 1rem 2rem; line-height: 1.8; color: #222; }
/* Stored text may hold bidi controls (U+202E…). Every element isolates
   its content, so that no control reorders anything outside the element
   it stands in; stored text is always an element of its own. */
body *, .body, .quote, .text, .author { unicode-bidi: isolate; }
header.site nav a { margin-right: 1rem; }
td.number { text-align: right; font-variant-numeric: tabular-nums; }
header.site form.search { display: inline; }
h1 { font-size: 1.4rem; } h2.section { font-size: 1.15rem; border-bottom: 1px solid #ccc; margin-top: 2rem; }
.page { color: #888; font-size: .85rem; }
article.passage { display: grid; grid-template-columns: 5rem 1fr 24rem; gap: 1rem; padding: .4rem 0; border-bottom: 1px dotted #ddd; }
article.passage .address a { color: #666; text-decoration: none; font-family: sans-serif; font-size: .85rem; }
.text { white-space: pre-wrap; font-size: 1.15rem; }
mark.note { background: #fff2a8; border-bottom: 2px solid #e0b000; }
mark.note.mapped { background: #e3f0ff; border-bottom-color: #6b9fd6; }
/* The words a parallel passage shares with this one, when it opened this one. */
.quoted { outline: 2px solid #7a4fb5; outline-offset: 1px; background: #f1eafb; }
.person { text-decoration: underline dotted #2a6f2a 2px; text-underline-offset: .3em; cursor: pointer; }
/* A variant's line is a shadow, not a border, so that a note's border on the same words leaves it seen. */
.variant { box-shadow: inset 0 -3px 0 #c33; }
.variant.v-conversion { box-shadow: inset 0 -3px 0 #d2691e; }
.variant.v-glyph, .variant.v-editorial { box-shadow: inset 0 -2px 0 #aaa; }
.variant.v-placeholder, .variant.v-pinyin { box-shadow: inset 0 -3px 0 #7a4fb5; }
.variant.k-omission, .variant.k-addition { background: #fde2e2; }
.variant.k-inversion { background: #fbe7ff; }
.variant.k-graphic { background: #e6f4ea; }
.variant.k-phonetic, .variant.k-loan { background: #e8eefc; }
.variant.k-taboo { background: #fff0d6; }
.variant:empty::before { content: "‸"; color: #c33; font-weight: bold; }
ol.notes, ol.variants { margin: 0; padding-left: 1.4rem; font-size: .9rem; }
.meta, .class, .kind { color: #777; font-size: .8rem; }
li.note-item.removed .body { text-decoration: line-through; color: #999; }
li.note-item.conflict { border-left: 3px solid #c33; padding-left: .4rem; }
li.focus { outline: 2px solid #e0b000; }
li.entry.current { outline: 2px solid #e0b000; }
li.entry .decision { font-weight: bold; margin: 0 .3rem; }
li.entry.undecided .decision, li.entry.conflict .decision { color: #a33; }
li.entry.decided-omit .sentence { color: #999; text-decoration: line-through; }
li.entry .decide button { font-size: .8rem; margin-right: .2rem; }
li.entry .decide input { width: 8rem; }
.actions button, .versions button, .set-kind select, .set-kind input, .set-kind button { font-size: .75rem; margin-left: .3rem; }
.actions a { font-size: .75rem; margin-left: .4rem; }
ol.suggestions li.dismissed { color: #999; }
ol.suggestions button { font-size: .75rem; margin-left: .3rem; }
.versions blockquote { margin: .2rem 0 .2rem 1rem; border-left: 2px solid #ccc; padding-left: .5rem; }
.parallel { display: grid; grid-template-columns: repeat(auto-fit, minmax(24rem, 1fr)); gap: 1.5rem; margin-bottom: 1.5rem; }
.parallel section { border: 1px solid #ddd; padding: .8rem; }
.parallel article.passage { grid-template-columns: 1fr; }
form#note-form { position: fixed; right: 1rem; bottom: 1rem; background: #fafafa; border: 1px solid #aaa; padding: .8rem; width: 24rem; box-shadow: 0 2px 8px #0003; z-index: 20; }
form#note-form textarea { width: 100%; min-height: 4rem; }
form#note-form input, form#note-form select { width: 100%; }
form#note-form fieldset { margin: .4rem 0; }
form.filters input { margin-right: .3rem; }
article.passage .correction button { font-size: .7rem; margin-top: .3rem; display: block; }
form.correct textarea { width: 100%; min-height: 5rem; font-size: 1.1rem; }
form.correct input { width: 100%; }
ol.revisions { font-size: .85rem; padding-left: 1.4rem; }
ol.revisions li.head .meta::after { content: " (shown)"; }
ol.revisions ins { background: #d8f5d0; text-decoration: none; }
.error { color: #a00; }
.hits li, ol.mentions li { margin-bottom: .4rem; }
.beside-facsimile { display: grid; grid-template-columns: minmax(0, 1fr) minmax(18rem, 36%); gap: 1rem; align-items: start; }
.beside-facsimile article.passage { grid-template-columns: 4rem 1fr 16rem; }
aside.facsimile { position: sticky; top: .5rem; max-height: calc(100vh - 1rem); display: flex; flex-direction: column; font-family: sans-serif; font-size: .85rem; }
.facsimile-tools { padding: .2rem 0; } .facsimile-tools .hint { color: #999; }
.facsimile-frame { position: relative; overflow: auto; border: 1px solid #ccc; min-height: 12rem; }
.facsimile-frame img { display: block; width: 100%; cursor: crosshair; user-select: none; }
.facsimile-frame .region { position: absolute; border: 2px solid #e0b000; background: #e0b00022; pointer-events: none; }
.facsimile-frame .region.draft { border: 2px dashed #c33; background: #c3333318; }
form.region-note textarea { width: 100%; min-height: 3rem; }
table { border-collapse: collapse; } td, th { padding: .2rem .6rem; border-bottom: 1px solid #eee; text-align: left; }
)css";

constexpr std::string_view kScript = R"js(
"use strict";
(function () {
  const post = (url, body, method) => fetch(url, {
    method: method || "POST", credentials: "same-origin", headers: { "Content-Type": "application/json" },
    body: JSON.stringify(body || {}),
  }).then((r) => r.ok ? r.json() : r.json().then((e) => { throw new Error(e.error); }));
  const shout = (where, error) => { if (where) where.textContent = error.message; else window.alert(error.message); };

  // Words selected in a passage's text open the form, anchored as
  // `note add --quote` anchors: by the selected words.
  const form = document.getElementById("note-form");
  const field = (name) => form.querySelector("[name=" + name + "]");
  document.addEventListener("mouseup", (event) => {
    if (form.contains(event.target)) return;
    const selection = window.getSelection();
    if (!selection || selection.isCollapsed || !selection.anchorNode) return;
    const start = selection.anchorNode.nodeType === 1 ? selection.anchorNode : selection.anchorNode.parentElement;
    const passage = start && start.closest("[data-address]");
    if (!passage) return;
    const quote = selection.toString().trim();
    if (!quote) return;
    field("address").value = passage.dataset.address;
    field("quote").value = quote;
    field("field").value = passage.dataset.field || "text";
    form.querySelector(".where").textContent =
      passage.dataset.address + (passage.dataset.field ? " (" + passage.dataset.field + ")" : "");
    form.querySelector(".quote").textContent = quote;
    form.querySelector(".error").textContent = "";
    form.hidden = false;
    field("text").focus();
  });
  field("cancel").addEventListener("click", () => { form.hidden = true; });
  form.addEventListener("submit", (event) => {
    event.preventDefault();
    const tags = field("tags").value.split(/[,，\s]+/).filter((t) => t);
    post("/api/notes", { address: field("address").value, quote: field("quote").value, field: field("field").value,
                         text: field("text").value,
                         tags, motivation: field("motivation").value })
      .then(() => location.reload(), (e) => shout(form.querySelector(".error"), e));
  });
  field("add-alias").addEventListener("click", () => {
    const who = field("character").value.trim();
    if (!who) { form.querySelector(".error").textContent = "name the character the words are an alias of"; return; }
    post("/api/persons/" + encodeURIComponent(who) + "/aliases", { form: field("quote").value, kind: field("kind").value })
      .then(() => location.reload(), (e) => shout(form.querySelector(".error"), e));
  });

  // A note's actions: edit in place, remove, restore, keep one version of a conflict.
  document.addEventListener("click", (event) => {
    const button = event.target.closest("[data-action]");
    if (!button) return;
    const item = button.closest("[data-note]");
    if (!item) return;  // another control's action (a kind's "set")
    const url = "/api/notes/" + encodeURIComponent(item.dataset.note);
    const action = button.dataset.action;
    if (action === "remove" || action === "restore") {
      post(url + "/" + action).then(() => location.reload(), (e) => shout(null, e));
    } else if (action === "take") {
      post(url + "/resolve", { take: button.dataset.revision }).then(() => location.reload(), (e) => shout(null, e));
    } else if (action === "edit") {
      const body = item.querySelector(".body");
      const editor = document.createElement("textarea");
      editor.value = body.textContent;
      const save = document.createElement("button");
      save.type = "button";
      save.textContent = "save";
      save.addEventListener("click", () => post(url, { text: editor.value }).then(() => location.reload(), (e) => shout(null, e)));
      body.replaceChildren(editor, save);
      editor.focus();
    }
  });

  // A person's words lead to the person; a variant's to its line beside.
  document.addEventListener("click", (event) => {
    if (!window.getSelection().isCollapsed) return;
    const person = event.target.closest("[data-person]");
    const variant = event.target.closest("[data-variants]");
    if (variant) {
      const line = document.getElementById("v-" + variant.dataset.variants.split(" ")[0]);
      if (line) {
        document.querySelectorAll("li.focus").forEach((l) => l.classList.remove("focus"));
        line.classList.add("focus");
        line.scrollIntoView({ block: "nearest" });
        return;
      }
    }
    if (person) location.href = "/person/" + encodeURIComponent(person.dataset.person);
  });

  // The kind of a variant, set by hand with the evidence beside it.
  document.addEventListener("click", (event) => {
    const button = event.target.closest("[data-action=set-kind]");
    if (!button) return;
    const setter = button.closest(".set-kind");
    const kind = setter.querySelector("select").value;
    if (!kind) return shout(null, new Error("choose a kind first"));
    const note = kind === "clear" ? "" : setter.querySelector("input[name=why]").value;
    post("/api/variants/" + encodeURIComponent(setter.dataset.variant) + "/kind", { kind: kind === "clear" ? null : kind, note })
      .then(() => location.reload(), (e) => shout(null, e));
  });

  // Suggestions: accepted, dismissed or a dismissal taken back, through the API.
  document.addEventListener("click", (event) => {
    const button = event.target.closest("[data-decide]");
    if (!button) return;
    const item = button.closest("li[data-kind]");
    const d = item.dataset;
    const decision = button.dataset.decide;
    const done = (word) => () => { item.classList.add(word); button.parentElement.querySelectorAll("button").forEach((b) => b.remove()); item.append(" " + word); };
    const fail = (e) => shout(null, e);
    if (decision === "accept" && d.kind === "alias") {
      post("/api/persons/" + encodeURIComponent(d.character) + "/aliases", { form: d.form, kind: d.aliasKind }).then(done("accepted"), fail);
    } else if (decision === "accept") {
      post("/api/fold-rules", { form: d.form, standard: d.standard, source: "accepted from jiaozhu's suggestions" }).then(done("accepted"), fail);
    } else {
      const body = d.kind === "alias" ? { character: d.character, form: d.form } : { form: d.form, standard: d.standard };
      body.undo = decision === "undo";
      post("/api/suggestions/" + (d.kind === "alias" ? "aliases" : "folds") + "/dismiss", body)
        .then(done(decision === "undo" ? "suggested again" : "dismissed"), fail);
    }
  });

  // The editor's decisions on the apparatus page, by button or by key:
  // j/k (or the arrows) move from place to place, o 不出校, r 出校, a 據改
  // (the witness chosen in the place's list), d 存疑, u 撤銷, n the note.
  // A witness not aligned with the base yet: aligned on request (a POST).
  document.addEventListener("click", (event) => {
    const button = event.target.closest("[data-align]");
    const shown = document.getElementById("apparatus-window");
    if (!button || !shown) return;
    button.disabled = true;
    post("/api/align", { a: shown.dataset.base, b: button.dataset.align }).then(() => location.reload(), (e) => shout(null, e));
  });
  const places = Array.from(document.querySelectorAll("li.entry[data-place]"));
  if (places.length) {
    let at = Math.max(0, places.findIndex((p) => p.classList.contains("undecided")));
    const focus = (i) => {
      at = Math.min(Math.max(i, 0), places.length - 1);
      places.forEach((p) => p.classList.remove("current"));
      places[at].classList.add("current");
      places[at].focus({ preventScroll: true });
      places[at].scrollIntoView({ block: "nearest" });
    };
    const remaining = () => {
      document.getElementById("undecided").textContent = document.querySelectorAll("li.entry.undecided, li.entry.conflict").length;
    };
    const decide = (item, action) => {
      const shown = document.getElementById("apparatus-window");
      const body = { place: item.dataset.place, action, note: item.querySelector("[name=note]").value,
                     window: shown ? shown.dataset.window : "", with: shown ? shown.dataset.with : "" };
      if (action === "adopt") {
        const witness = item.querySelector("[name=witness]");
        if (!witness) return shout(null, new Error("no witness reads otherwise here"));
        body.witness = witness.value;
      }
      post("/api/decisions", body).then((r) => {
        if (action === "undo") return location.reload();  // a policy may hold again
        item.querySelector(".decision").textContent = r.decision.label;
        item.classList.remove("undecided", "conflict", "decided-omit", "decided-record", "decided-adopt", "decided-emend", "decided-doubt");
        item.classList.add("decided-" + r.decision.action);
        if (r.conflict) item.classList.add("conflict");
        remaining();
      }, (e) => shout(null, e));
    };
    document.addEventListener("click", (event) => {
      const button = event.target.closest("[data-decision]");
      if (!button) return;
      const item = button.closest("li.entry");
      focus(places.indexOf(item));
      decide(item, button.dataset.decision);
    });
    const keys = { o: "omit", r: "record", a: "adopt", d: "doubt", u: "undo" };
    document.addEventListener("keydown", (event) => {
      if (event.target.closest("input, textarea, select") || event.ctrlKey || event.metaKey || event.altKey) return;
      if (event.key === "j" || event.key === "ArrowDown") focus(at + 1);
      else if (event.key === "k" || event.key === "ArrowUp") focus(at - 1);
      else if (event.key === "n") places[at].querySelector("[name=note]").focus();
      else if (keys[event.key]) { decide(places[at], keys[event.key]); focus(at + 1); }
      else return;
      event.preventDefault();
    });
    focus(at);
  }

  // A passage corrected from where it is read: its text in place, with the
  // reason; its history beside, each revision restorable.
  document.addEventListener("click", (event) => {
    const button = event.target.closest("[data-correct]");
    if (!button) return;
    const address = button.closest("[data-address]").dataset.address;
    const article = button.closest("article.passage");
    const url = "/api/passages/" + encodeURIComponent(address) + "/revisions";
    const reload = () => location.reload();
    if (button.dataset.correct === "edit") {
      const text = article.querySelector(".text");
      fetch("/api/passages/" + encodeURIComponent(address), { credentials: "same-origin" }).then((r) => r.json()).then((doc) => {
        const editor = document.createElement("form");
        editor.className = "correct";
        const area = document.createElement("textarea");
        area.name = "text";
        area.value = doc.passages[0].text;
        const reason = document.createElement("input");
        reason.name = "reason";
        reason.placeholder = "reason: 據原書卷三頁十二";
        const save = document.createElement("button");
        save.textContent = "save";
        const cancel = document.createElement("button");
        cancel.type = "button";
        cancel.textContent = "cancel";
        cancel.addEventListener("click", reload);
        const error = document.createElement("p");
        error.className = "error";
        editor.append(area, reason, save, cancel, error);
        editor.addEventListener("submit", (e) => {
          e.preventDefault();
          post(url, { text: area.value, reason: reason.value }).then((r) => {
            if (!r.written) return shout(error, new Error("the text is the same (white space aside): nothing was written"));
            reload();
          }, (e2) => shout(error, e2));
        });
        text.replaceChildren(editor);
        area.focus();
      }, (e) => shout(null, e));
    } else {
      fetch(url, { credentials: "same-origin" }).then((r) => r.json()).then((doc) => {
        const list = document.createElement("ol");
        list.className = "revisions";
        if (!doc.revisions.length) list.append("never corrected: as imported");
        for (const rev of doc.revisions) {
          const item = document.createElement("li");
          if (doc.heads.includes(rev.id)) item.classList.add("head");
          const meta = document.createElement("div");
          meta.className = "meta";
          meta.textContent = rev.time + " " + (rev.imported ? "(as imported)" : rev.author) + (rev.reason ? " — " + rev.reason : "");
          // The words a revision changed, marked against its (first) parent.
          const words = document.createElement("div");
          const parent = doc.revisions.find((r) => r.id === rev.parents[0]);
          if (!parent) {
            words.textContent = rev.text;
          } else {
            const a = Array.from(parent.text), b = Array.from(rev.text);
            let head = 0, tail = 0;
            while (head < a.length && head < b.length && a[head] === b[head]) ++head;
            while (tail < a.length - head && tail < b.length - head && a[a.length - 1 - tail] === b[b.length - 1 - tail]) ++tail;
            const changed = document.createElement("ins");
            changed.textContent = b.slice(head, b.length - tail).join("") || "‸";
            words.append(b.slice(0, head).join(""), changed, b.slice(b.length - tail).join(""));
          }
          const back = document.createElement("button");
          back.type = "button";
          back.textContent = "restore";
          back.addEventListener("click", () => post(url, { restore: rev.id }).then(reload, (e) => shout(null, e)));
          item.append(meta, words, back);
          list.append(item);
        }
        article.querySelector(".beside").prepend(list);
      }, (e) => shout(null, e));
    }
  });

  // A person's page: another form of the name.
  const aliasForm = document.querySelector("form.alias-add");
  if (aliasForm) {
    aliasForm.addEventListener("submit", (event) => {
      event.preventDefault();
      post("/api/persons/" + encodeURIComponent(aliasForm.dataset.character) + "/aliases",
           { form: aliasForm.querySelector("[name=form]").value, kind: aliasForm.querySelector("[name=kind]").value })
        .then(() => location.reload(), (e) => shout(aliasForm.querySelector(".error"), e));
    });
  }
})();
)js";

}  // namespace

void add_asset_routes(Routes& routes) {
  routes.get("/assets/app.css", [](const WebRequest&, WebResponse& res) {
    res.content_type = "text/css; charset=utf-8";
    res.body = kStylesheet;
  });
  routes.get("/assets/app.js", [](const WebRequest&, WebResponse& res) {
    res.content_type = "text/javascript; charset=utf-8";
    res.body = kScript;
  });
  // The apparatus export's own style and script (apparatus.h), linked here
  // rather than inlined.
  routes.get("/assets/apparatus.css", [](const WebRequest&, WebResponse& res) {
    res.content_type = "text/css; charset=utf-8";
    res.body = apparatus_html_style();
  });
  routes.get("/assets/apparatus.js", [](const WebRequest&, WebResponse& res) {
    res.content_type = "text/javascript; charset=utf-8";
    res.body = apparatus_html_script();
  });
}

}  // namespace jiaozhu::cli
