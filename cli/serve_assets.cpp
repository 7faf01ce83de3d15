// The stylesheet and script every page loads from the server itself (the
// Content-Security-Policy allows no other, and no inline code).
#include <string_view>

#include "serve.h"

namespace jiaozhu::cli {
namespace {

constexpr std::string_view kStylesheet = R"css(
body { font-family: "Noto Serif CJK TC", "Noto Serif CJK SC", serif; margin: 0 auto; max-width: 72rem; padding: 1rem 2rem; line-height: 1.8; color: #222; }
header nav a { margin-right: 1rem; }
header form.search { display: inline; }
h1 { font-size: 1.4rem; } h2.section { font-size: 1.15rem; border-bottom: 1px solid #ccc; margin-top: 2rem; }
.page { color: #888; font-size: .85rem; }
article.passage { display: grid; grid-template-columns: 5rem 1fr 22rem; gap: 1rem; padding: .4rem 0; border-bottom: 1px dotted #ddd; }
article.passage .address a { color: #666; text-decoration: none; font-family: sans-serif; font-size: .85rem; }
.text { white-space: pre-wrap; font-size: 1.15rem; }
mark.note { background: #fff2a8; border-bottom: 2px solid #e0b000; }
mark.note.mapped { background: #e3f0ff; border-bottom-color: #6b9fd6; }
ol.notes { margin: 0; padding-left: 1.4rem; font-size: .9rem; }
ol.notes .meta { color: #777; font-size: .8rem; }
.parallel { display: grid; grid-template-columns: repeat(auto-fit, minmax(20rem, 1fr)); gap: 1.5rem; }
.parallel section { border: 1px solid #ddd; padding: .8rem; }
form#note-form { position: fixed; right: 1rem; bottom: 1rem; background: #fafafa; border: 1px solid #aaa; padding: .8rem; width: 22rem; box-shadow: 0 2px 8px #0003; }
form#note-form textarea { width: 100%; min-height: 5rem; }
form#note-form input { width: 100%; }
.error { color: #a00; }
.hits li { margin-bottom: .4rem; }
)css";

constexpr std::string_view kScript = R"js(
"use strict";
(function () {
  const form = document.getElementById("note-form");
  if (!form) return;
  const field = (name) => form.querySelector("[name=" + name + "]");
  // Words selected in a passage's text open the form, anchored as
  // `note add --quote` anchors: by the selected words.
  document.addEventListener("mouseup", () => {
    const selection = window.getSelection();
    if (!selection || selection.isCollapsed || !selection.anchorNode) return;
    const start = selection.anchorNode.nodeType === 1 ? selection.anchorNode : selection.anchorNode.parentElement;
    const passage = start && start.closest("[data-address]");
    if (!passage) return;
    const quote = selection.toString().trim();
    if (!quote) return;
    field("address").value = passage.dataset.address;
    field("quote").value = quote;
    form.hidden = false;
    field("text").focus();
  });
  form.querySelector("[name=cancel]").addEventListener("click", () => { form.hidden = true; });
  form.addEventListener("submit", (event) => {
    event.preventDefault();
    const tags = field("tags").value.split(/[,，\s]+/).filter((t) => t);
    const body = { address: field("address").value, quote: field("quote").value, text: field("text").value, tags };
    fetch("/api/notes", { method: "POST", credentials: "same-origin", headers: { "Content-Type": "application/json" },
                          body: JSON.stringify(body) })
      .then((r) => r.ok ? location.reload() : r.json().then((e) => { form.querySelector(".error").textContent = e.error; }))
      .catch((e) => { form.querySelector(".error").textContent = String(e); });
  });
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
}

}  // namespace jiaozhu::cli
