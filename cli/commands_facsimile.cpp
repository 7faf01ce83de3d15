// facsimile: the page images beside the text. `facsimile S:N` names the
// images of a passage's pages, `facsimile list S` an edition's mapping;
// `add` maps pages to a IIIF manifest's canvases or a folder's scans,
// `folder` sets where this machine keeps an edition's scans, `remove`
// withdraws a mapping.
#include <iostream>

#include "app.h"
#include "jiaozhu/address.h"
#include "jiaozhu/edition.h"
#include "jiaozhu/error.h"
#include "jiaozhu/facsimile.h"
#include "jiaozhu/field.h"
#include "jiaozhu/image_folders.h"
#include "jiaozhu/user_config.h"
#include "json_output.h"
#include "table.h"

namespace jiaozhu::cli {
namespace {

using ojson = nlohmann::ordered_json;

ojson image_json(const ShownImage& s) {
  const PageImage& i = s.image;
  ojson out = {{"page", i.page}, {"order", i.order}};
  if (!i.file.empty()) {
    out["file"] = i.file;
    out["path"] = s.path ? ojson(s.path->string()) : ojson(nullptr);
    if (!s.missing.empty()) out["missing"] = s.missing;
  }
  if (!i.url.empty()) out["url"] = i.url;
  if (!i.canvas.empty()) out["canvas"] = i.canvas;
  if (!i.service.empty()) out["service"] = i.service, out["image_api"] = i.image_api;
  if (!i.manifest.empty()) out["manifest"] = i.manifest;
  if (i.width > 0) out["width"] = i.width, out["height"] = i.height;
  out["author"] = i.author;
  out["set_at"] = i.set_at;
  return out;
}

// Where the image is, in one line: its file here, or its URL.
std::string where_line(const ShownImage& s) {
  if (!s.image.file.empty()) return s.path ? s.path->string() : s.image.file + " — missing: " + s.missing;
  std::string line = s.image.url;
  if (!s.image.service.empty()) line += "  (IIIF Image API " + std::to_string(s.image.image_api) + ": " + s.image.service + ")";
  return line;
}

void show_passage(const Globals& g, const std::string& address, bool json) {
  Database db = g.open();
  const PassagePages p = FacsimileRepository(db).of_passage(checked_argument(Field::kReference, address, "the address"));
  if (json) {
    ojson images = ojson::array();
    for (const ShownImage& s : p.images) images.push_back(image_json(s));
    return print_json({{"address", p.address}, {"pages", p.pages}, {"images", images}});
  }
  if (p.pages.empty()) {
    std::cout << p.address << ": its source names no page\n";
    return;
  }
  std::string pages;
  for (const std::string& page : p.pages) pages += (pages.empty() ? "" : ", ") + page;
  std::cout << p.address << " stands on page" << (p.pages.size() > 1 ? "s " : " ") << pages << '\n';
  for (const ShownImage& s : p.images) std::cout << "  page " << s.image.page << ": " << where_line(s) << '\n';
  if (p.images.empty()) std::cout << "  no page image is set (jiaozhu facsimile add)\n";
}

void list_edition(const Globals& g, const std::string& siglum, bool json) {
  Database db = g.open();
  const std::vector<ShownImage> images = FacsimileRepository(db).list(siglum);
  if (json) {
    ojson list = ojson::array();
    for (const ShownImage& s : images) list.push_back(image_json(s));
    return print_json({{"siglum", siglum}, {"total", static_cast<int64_t>(images.size())}, {"images", list}});
  }
  std::vector<std::vector<std::string>> rows;
  int64_t missing = 0;
  for (const ShownImage& s : images) {
    rows.push_back({s.image.page, where_line(s)});
    missing += s.missing.empty() ? 0 : 1;
  }
  print_table(rows, {});
  std::cout << count_of(static_cast<int64_t>(images.size()), "page image") << " of edition " << siglum;
  if (missing > 0) std::cout << ", " << missing << " not on this machine";
  std::cout << '\n';
}

struct AddArgs {
  std::string siglum, iiif, images, pattern, match = "label", author;
  bool json = false;
};

PageMatch parse_match(const std::string& m) {
  if (m == "label") return PageMatch::kLabel;
  if (m == "order") return PageMatch::kOrder;
  throw UsageError("--match '" + m + "': use label or order");
}

void run_add(const Globals& g, const AddArgs& a) {
  if (a.iiif.empty() == a.images.empty()) throw UsageError("give one of --iiif MANIFEST and --images DIR");
  if (!a.pattern.empty() && a.images.empty()) throw UsageError("--pattern names the files of --images");
  const PageMatch match = parse_match(a.match);
  const std::string author = author_or_unknown(a.author);
  Database db = g.open();
  FacsimileRepository repo(db);
  const FacsimileAdded added = a.iiif.empty()
      ? repo.add_folder(a.siglum, checked_argument(Field::kFileName, a.images, "--images"), a.pattern, match, author)
      : repo.add_iiif(a.siglum, checked_argument(Field::kReference, a.iiif, "--iiif"), match, author);
  std::string text = a.siglum + ": " + count_of(added.pages, "page") + " given an image";
  if (!added.unmatched.empty()) {
    text += "; " + count_of(static_cast<int64_t>(added.unmatched.size()), "page") + " without one (first: " +
            added.unmatched.front() + (a.match == "label" ? "; try --match order" : "") + ")";
  }
  if (added.images_unused > 0) text += "; " + count_of(added.images_unused, "image") + " matched no page";
  print_result(a.json, {{"siglum", a.siglum}, {"pages", added.pages}, {"unmatched", added.unmatched}, {"images_unused", added.images_unused}},
               text);
}

void run_folder(const Globals& g, const std::string& siglum, const std::string& dir, bool json) {
  Database db = g.open();
  const Edition e = EditionRepository(db).get(siglum);
  std::error_code ec;
  const std::filesystem::path folder = std::filesystem::absolute(checked_argument(Field::kFileName, dir, "DIR"), ec);
  if (!std::filesystem::is_directory(folder, ec)) throw InputError(folder.string() + " is not a folder");
  write_image_folder(e.uuid, folder);
  int64_t missing = 0;
  const std::vector<ShownImage> images = FacsimileRepository(db).list(siglum);
  for (const ShownImage& s : images) missing += s.missing.empty() ? 0 : 1;
  std::string text = "the page images of " + siglum + " are in " + folder.string() + " on this machine (" +
                     user_config_path().string() + ")";
  if (missing > 0) text += "; " + std::to_string(missing) + " of its " + std::to_string(images.size()) + " image files are not there";
  print_result(json, {{"siglum", siglum}, {"folder", folder.string()}, {"missing", missing}}, text);
}

}  // namespace

void add_facsimile_commands(CLI::App& app, Globals& g) {
  add_command(app, g, "facsimile", "Page images beside the text: facsimile S:N, list, add, folder, remove", [&g](CLI::App* fac) {
    auto address = std::make_shared<std::string>();
    auto json = std::make_shared<bool>(false);
    fac->require_subcommand(0, 1);
    fac->add_option("ADDRESS", *address, "S:N: the images of the passage's pages");
    add_json_flag(fac, g, *json, "Print as JSON");
    fac->callback([&g, fac, address, json] {
      if (!fac->get_subcommands().empty()) return;
      if (address->empty()) throw UsageError("give a passage, S:N, or a subcommand (list, add, folder, remove)");
      if (address->find(':') == std::string::npos) return list_edition(g, *address, *json);
      show_passage(g, *address, *json);
    });

    auto list_args = std::make_shared<std::pair<std::string, bool>>();
    auto* list = fac->add_subcommand("list", "The page images of an edition, in page order");
    list->add_option("SIGLUM", list_args->first, "The edition")->required();
    add_json_flag(list, g, list_args->second, "Print as JSON");
    list->callback([&g, list_args] { list_edition(g, list_args->first, list_args->second); });

    auto add_args = std::make_shared<AddArgs>();
    auto* add = fac->add_subcommand("add", "Map an edition's pages to a IIIF manifest's canvases or a folder's scans");
    add->add_option("SIGLUM", add_args->siglum, "The edition")->required();
    add->add_option("--iiif", add_args->iiif, "A IIIF Presentation manifest (2 or 3): a file, or an http(s) URL");
    add->add_option("--images", add_args->images, "A folder of scans (jpg, png, tif …), set as this machine's folder of the edition");
    add->add_option("--pattern", add_args->pattern, "The scan's file name for page {n}: 'p{n}.jpg', 'scan_{n:3}.png'");
    add->add_option("--match", add_args->match, "How pages find images: label (canvas label or the number in the file name) or order");
    add_author_option(add, add_args->author);
    add_json_flag(add, g, add_args->json, "Print what was mapped as JSON");
    add->callback([&g, add_args] { run_add(g, *add_args); });

    auto folder_args = std::make_shared<std::tuple<std::string, std::string, bool>>();
    auto* folder = fac->add_subcommand("folder", "Set the folder where this machine keeps an edition's scans");
    folder->add_option("SIGLUM", std::get<0>(*folder_args), "The edition")->required();
    folder->add_option("DIR", std::get<1>(*folder_args), "The folder")->required();
    add_json_flag(folder, g, std::get<2>(*folder_args), "Print the setting as JSON");
    folder->callback([&g, folder_args] { run_folder(g, std::get<0>(*folder_args), std::get<1>(*folder_args), std::get<2>(*folder_args)); });

    auto remove_args = std::make_shared<std::tuple<std::string, std::string, std::string, bool>>();
    auto* remove = fac->add_subcommand("remove", "Withdraw the image of a page (--page), or of every page of an edition");
    remove->add_option("SIGLUM", std::get<0>(*remove_args), "The edition")->required();
    remove->add_option("--page", std::get<1>(*remove_args), "Only this page");
    add_author_option(remove, std::get<2>(*remove_args));
    add_json_flag(remove, g, std::get<3>(*remove_args), "Print what was withdrawn as JSON");
    remove->callback([&g, remove_args] {
      const auto& [siglum, page, author, as_json] = *remove_args;
      Database db = g.open();
      const int64_t n = FacsimileRepository(db).remove(siglum, page.empty() ? std::nullopt : std::optional(page), author_or_unknown(author));
      print_result(as_json, {{"siglum", siglum}, {"withdrawn", n}}, siglum + ": " + count_of(n, "page image") + " withdrawn");
    });
  });
}

}  // namespace jiaozhu::cli
