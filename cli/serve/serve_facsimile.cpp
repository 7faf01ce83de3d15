// The page beside the text in the reading room: the panel that shows the
// image of the page a reader is at (facsimile.js follows the scroll, zooms
// and takes region notes), and the route that serves an edition's local
// scans behind the server's token.
#include <fstream>
#include <set>
#include <sstream>

#include "jiaozhu/address.h"
#include "jiaozhu/database.h"
#include "jiaozhu/error.h"
#include "jiaozhu/facsimile.h"
#include "jiaozhu/field.h"
#include "serve.h"
#include "serve_html.h"

namespace jiaozhu::cli {
namespace {

// Follows the reader: the image of the page of the topmost passage in view;
// zooms, asking a IIIF service for a size that fits (its info.json: the
// sizes a level-0 service has, any width from level 1); draws the region
// notes of the page and takes a new one from a rectangle dragged on it.
constexpr std::string_view kFacsimileScript = R"js(
"use strict";
(function () {
  const infos = {};
  const info = (service) => infos[service] || (infos[service] = fetch(service + "/info.json").then((r) => r.ok ? r.json() : null, () => null));
  const levelZero = (j) => JSON.stringify(j.profile || "").indexOf("level0") >= 0;
  // The URL of the image at least `want` pixels wide the service can give, or nothing.
  const sized = (d, j, want) => {
    if (!j) return null;
    if (!levelZero(j)) return d.service + "/full/" + Math.round(want) + ",/0/default.jpg";
    const sizes = (j.sizes || []).slice().sort((a, b) => a.width - b.width);
    const fit = sizes.find((s) => s.width >= want) || sizes[sizes.length - 1];
    if (!fit || (j.width && fit.width >= j.width)) return null;  // the full image is d.src already
    return d.service + "/full/" + fit.width + "," + "/0/default." + (d.src.match(/\.(png|jpg|gif|webp)$/) || [0, "jpg"])[1];
  };

  const setup = (panel) => {
    const img = panel.querySelector("img.facsimile-image");
    const frame = panel.querySelector(".facsimile-frame");
    const caption = panel.querySelector(".facsimile-caption");
    const pages = Array.from(panel.querySelectorAll(".facsimile-pages li"));
    const regions = Array.from(panel.querySelectorAll(".facsimile-regions li"));
    let zoom = 1, current = null;
    img.draggable = false;

    const scale = () => (img.naturalWidth ? img.clientWidth / img.naturalWidth : 0);
    const place = (box, x, y, w, h) => {
      const k = scale();
      box.style.left = x * k + "px"; box.style.top = y * k + "px";
      box.style.width = w * k + "px"; box.style.height = h * k + "px";
    };
    const drawRegions = () => {
      frame.querySelectorAll(".region").forEach((r) => r.remove());
      if (!current) return;
      for (const li of regions) {
        if (li.dataset.page !== current.dataset.page) continue;
        const [x, y, w, h] = li.dataset.region.split(",").map(Number);
        const box = document.createElement("div");
        box.className = "region";
        box.title = li.textContent + " (" + li.dataset.note + ")";
        place(box, x, y, w, h);
        frame.appendChild(box);
      }
    };
    const setSource = () => {
      const d = current.dataset;
      img.style.width = zoom * 100 + "%";
      if (img.getAttribute("src") !== d.src && !(d.service && img.dataset.page === d.page)) img.src = d.src;
      img.dataset.page = d.page;
      if (d.service) {
        info(d.service).then((j) => {
          const better = sized(d, j, frame.clientWidth * zoom * (window.devicePixelRatio || 1));
          if (better && current === pages.find((p) => p.dataset.page === d.page) && img.getAttribute("src") !== better) img.src = better;
        });
      }
      drawRegions();
    };
    const show = (li) => {
      if (!li || li === current) return;
      const samePage = current && current.dataset.page === li.dataset.page;
      current = li;
      caption.textContent = "page " + li.dataset.page + (li.dataset.missing ? " — " + li.dataset.missing : "");
      if (!samePage) setSource();
    };
    img.addEventListener("load", drawRegions);
    window.addEventListener("resize", drawRegions);
    panel.querySelectorAll("[data-zoom]").forEach((b) => b.addEventListener("click", () => {
      zoom = Math.min(8, Math.max(1, zoom * (b.dataset.zoom === "1" ? 1.5 : 1 / 1.5)));
      setSource();
    }));

    // The topmost passage in view names the page (the reading view shows many).
    const byAddress = new Map(pages.map((li) => [li.dataset.passage, li]));
    const visible = new Set();
    const articles = Array.from(document.querySelectorAll("article.passage")).filter((a) => byAddress.has(a.id));
    if (articles.length > 1 && "IntersectionObserver" in window) {
      const watch = new IntersectionObserver((entries) => {
        for (const e of entries) (e.isIntersecting ? visible.add(e.target) : visible.delete(e.target));
        const top = articles.find((a) => visible.has(a));
        if (top) show(byAddress.get(top.id));
      });
      articles.forEach((a) => watch.observe(a));
    }
    show(pages[0]);

    // A rectangle dragged on the image: a note on that region of the page.
    let start = null, draft = null;
    const at = (e) => {
      const r = img.getBoundingClientRect(), k = scale() || 1;
      return { x: Math.max(0, Math.round((e.clientX - r.left) / k)), y: Math.max(0, Math.round((e.clientY - r.top) / k)) };
    };
    img.addEventListener("mousedown", (e) => {
      e.preventDefault();
      start = at(e);
      draft = document.createElement("div");
      draft.className = "region draft";
      frame.appendChild(draft);
    });
    document.addEventListener("mousemove", (e) => {
      if (!start) return;
      const p = at(e);
      place(draft, Math.min(start.x, p.x), Math.min(start.y, p.y), Math.abs(p.x - start.x), Math.abs(p.y - start.y));
    });
    document.addEventListener("mouseup", (e) => {
      if (!start) return;
      const p = at(e), x = Math.min(start.x, p.x), y = Math.min(start.y, p.y);
      const w = Math.min(Math.abs(p.x - start.x), img.naturalWidth - x), h = Math.min(Math.abs(p.y - start.y), img.naturalHeight - y);
      start = null;
      if (w < 3 || h < 3) { draft.remove(); return; }
      askNote(x + "," + y + "," + w + "," + h);
    });
    // A region is on a page: its note goes to the first passage shown on that page.
    const first = (page) => pages.find((li) => li.dataset.page === page);
    const askNote = (region) => {
      const form = document.createElement("form");
      form.className = "region-note";
      form.innerHTML = "<p class=\"where\"></p><textarea name=\"text\" required></textarea>" +
        "<button type=\"submit\">note</button> <button type=\"button\" name=\"cancel\">cancel</button><p class=\"error\"></p>";
      form.querySelector(".where").textContent = first(current.dataset.page).dataset.passage + ", page " + current.dataset.page + ", region " + region;
      panel.appendChild(form);
      form.querySelector("textarea").focus();
      form.querySelector("[name=cancel]").addEventListener("click", () => { form.remove(); draft.remove(); });
      form.addEventListener("submit", (ev) => {
        ev.preventDefault();
        fetch("/api/notes", { method: "POST", credentials: "same-origin", headers: { "Content-Type": "application/json" },
          body: JSON.stringify({ address: first(current.dataset.page).dataset.passage, region, page: current.dataset.page,
                                 text: form.querySelector("textarea").value }) })
          .then((r) => r.ok ? location.reload() : r.json().then((j) => { form.querySelector(".error").textContent = j.error; }));
      });
    };
  };
  document.querySelectorAll("aside.facsimile").forEach(setup);
})();
)js";

// Bytes of a URL's query value: unreserved characters as they are, the
// rest as %XX (page labels may be 一 or 2a).
std::string query_value(std::string_view v) {
  static const char* hex = "0123456789ABCDEF";
  std::string out;
  for (unsigned char c : v) {
    if (std::isalnum(c) || c == '-' || c == '_' || c == '.' || c == '~') out += static_cast<char>(c);
    else out += std::string("%") + hex[c >> 4] + hex[c & 15];
  }
  return out;
}

std::string content_type_of(const std::filesystem::path& p) {
  std::string ext = p.extension().string();
  for (char& c : ext) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  if (ext == ".png") return "image/png";
  if (ext == ".gif") return "image/gif";
  if (ext == ".webp") return "image/webp";
  if (ext == ".tif" || ext == ".tiff") return "image/tiff";
  if (ext == ".jp2") return "image/jp2";
  return "image/jpeg";
}

// Where the browser loads a page's image from: this server for a file,
// else the image's URL (its full size; facsimile.js asks the service for
// other sizes).
std::string source_of(const std::string& siglum, const ShownImage& s) {
  if (!s.image.file.empty()) return "/page-image/" + query_value(siglum) + "?page=" + query_value(s.image.page);
  return image_url(s.image, 0);
}

std::string image_attributes(const std::string& siglum, const ShownImage& s) {
  std::string out = " data-page=\"" + html_escape(s.image.page) + "\" data-src=\"" + html_escape(source_of(siglum, s)) + "\"";
  if (!s.image.service.empty()) {
    out += " data-service=\"" + html_escape(s.image.service) + "\" data-api=\"" + std::to_string(s.image.image_api) + "\"";
  }
  if (s.image.width > 0) out += " data-width=\"" + std::to_string(s.image.width) + "\" data-height=\"" + std::to_string(s.image.height) + "\"";
  if (!s.missing.empty()) out += " data-missing=\"" + html_escape(s.missing) + "\"";
  return out;
}

void serve_page_image(Database& db, const WebRequest& req, WebResponse& res) {
  const std::string siglum = checked_argument(Field::kReference, req.matches.at(1), "siglum");
  const std::string page = req.param("page");
  const std::optional<ShownImage> s = FacsimileRepository(db).image_of(siglum, page);
  if (!s) throw NotFound("page " + page + " of edition " + siglum + " has no image");
  if (!s->path) throw NotFound(s->missing.empty() ? "page " + page + " of " + siglum + " is an image on the web" : s->missing);
  std::ifstream in(*s->path, std::ios::binary);
  if (!in) throw NotFound(s->path->string() + " cannot be read");
  std::ostringstream bytes;
  bytes << in.rdbuf();
  res.content_type = content_type_of(*s->path);
  res.body = bytes.str();
}

}  // namespace

FacsimilePanel facsimile_panel(Database& db, const std::string& siglum, const std::vector<std::string>& addresses,
                               const std::map<std::string, NotesOf>& notes) {
  FacsimilePanel out;
  FacsimileRepository repo(db);
  std::string pages, first, first_src;
  std::set<std::string> origins;
  if (addresses.empty()) return out;
  const Address range{siglum, parse_address(addresses.front()).first, parse_address(addresses.back()).first};
  for (const PassagePages& p : repo.of_passages(range)) {
    const std::string& address = p.address;
    if (p.images.empty()) continue;
    for (const std::string& o : image_origins(p.images.front().image)) origins.insert(o);
    if (first.empty()) {
      first = image_attributes(siglum, p.images.front()) + " data-passage=\"" + html_escape(address) + "\"";
      first_src = source_of(siglum, p.images.front());
    }
    pages += "<li data-passage=\"" + html_escape(address) + "\"" + image_attributes(siglum, p.images.front()) + "></li>";
  }
  if (first.empty()) return out;
  std::string regions;
  for (const auto& [address, of] : notes) {
    for (const Note& n : of.own) {
      if (n.region.empty() || n.current.deleted) continue;
      regions += "<li data-page=\"" + html_escape(n.region_page) + "\" data-region=\"" + html_escape(n.region) + "\" data-note=\"" +
                 html_escape(n.uuid.substr(0, 8)) + "\">" + html_escape(n.current.body) + "</li>";
    }
  }
  out.html = "<aside class=\"facsimile\" data-siglum=\"" + html_escape(siglum) + "\">"
             "<div class=\"facsimile-tools\"><button type=\"button\" data-zoom=\"-1\" title=\"smaller\">−</button>"
             "<button type=\"button\" data-zoom=\"1\" title=\"larger\">+</button> <span class=\"facsimile-caption\"></span>"
             " <span class=\"hint\">drag on the image to note a region</span></div>"
             "<div class=\"facsimile-frame\"><img class=\"facsimile-image\" alt=\"page image\"" + first +
             " src=\"" + html_escape(first_src) + "\"></div><ol class=\"facsimile-pages\" hidden>" + pages + "</ol><ol class=\"facsimile-regions\" hidden>" + regions + "</ol></aside>";
  out.origins.assign(origins.begin(), origins.end());
  return out;
}

void add_facsimile_routes(Routes& routes, DatabaseGate& gate) {
  routes.get("/assets/facsimile.js", [](const WebRequest&, WebResponse& res) {
    res.content_type = "text/javascript; charset=utf-8";
    res.body = kFacsimileScript;
  });
  routes.get("/page-image/([^/]+)", [&](const WebRequest& req, WebResponse& res) {
    gate.with([&](Database& db) { serve_page_image(db, req, res); });
  });
}

}  // namespace jiaozhu::cli
