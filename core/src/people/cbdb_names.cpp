// CBDB's alternate-name tables (ALTNAME_DATA joined with BIOG_MAIN's name
// and ALTNAME_CODES' label), as scholars export them from its SQLite or
// Access release: one row per alternate name.
#include <algorithm>
#include <sstream>
#include <fstream>
#include <map>

#include "jiaozhu/csv.h"
#include "jiaozhu/error.h"
#include "util/bounded_input.h"
#include "jiaozhu/field.h"
#include "jiaozhu/people.h"
#include "jiaozhu/unicode.h"
#include "people/cbdb_ids.h"

namespace jiaozhu {
namespace {

// CBDB's alternate-name types (ALTNAME_CODES.c_name_chn) and jiaozhu's kinds.
const std::map<std::string, std::string>& kinds_by_label() {
  static const std::map<std::string, std::string> kinds{
      {"字", "courtesy"},     {"號", "style"},       {"别號", "style"},     {"別號", "style"},  {"室名", "style"},
      {"室名、別號", "style"}, {"諡號", "posthumous"}, {"谥号", "posthumous"}, {"廟號", "temple"}, {"庙号", "temple"},
      {"封爵", "title"},      {"封號", "title"},     {"爵位", "title"},     {"本名", "name"},   {"原名", "name"},
      {"小名", "childhood"},  {"小字", "childhood"}, {"乳名", "childhood"}, {"別名", "variant"}, {"别名", "variant"},
      {"行第", "birth-order"}};
  return kinds;
}

// The codes whose meaning is settled across CBDB releases (ALTNAME_CODES);
// another code is kept as "cbdb:N" and reported.
const std::map<std::string, std::string>& kinds_by_code() {
  static const std::map<std::string, std::string> kinds{
      {"2", "courtesy"}, {"5", "posthumous"}, {"6", "style"}, {"7", "birth-order"}, {"9", "childhood"}};
  return kinds;
}

// One CSV record (RFC 4180) that fits on its line: names hold no line break.
std::vector<std::string> split_csv(const std::string& line) {
  std::vector<std::string> out(1);
  bool quoted = false;
  for (std::size_t i = 0; i < line.size(); ++i) {
    const char c = line[i];
    if (quoted && c == '"' && i + 1 < line.size() && line[i + 1] == '"') {
      out.back() += '"';
      ++i;
    } else if (c == '"') {
      quoted = !quoted;
    } else if (c == ',' && !quoted) {
      out.emplace_back();
    } else {
      out.back() += c;
    }
  }
  return out;
}

std::string trimmed(std::string s) {
  while (!s.empty() && (s.back() == '\r' || s.back() == ' ')) s.pop_back();
  std::size_t start = 0;
  while (start < s.size() && s[start] == ' ') ++start;
  return to_nfc(s.substr(start));
}

struct Columns {
  std::size_t id, name, alt, type;
};

Columns columns_of(const std::vector<std::string>& header, const std::string& file) {
  auto find = [&](std::initializer_list<const char*> names) -> std::optional<std::size_t> {
    for (const char* n : names) {
      for (std::size_t i = 0; i < header.size(); ++i) {
        if (header[i] == n) return i;
      }
    }
    return std::nullopt;
  };
  const auto id = find({"c_personid"}), name = find({"c_name_chn"}), alt = find({"c_alt_name_chn"});
  const auto label = find({"c_alt_name_type", "c_alt_name_type_chn", "c_name_type"}), code = find({"c_alt_name_type_code"});
  if (!id || !name || !alt || (!label && !code)) {
    throw InputError(file + ": line 1: the header must name c_personid, c_name_chn, c_alt_name_chn and "
                            "c_alt_name_type (or c_alt_name_type_code)");
  }
  return {*id, *name, *alt, label ? *label : *code};
}

// A type is a code when it is digits, whatever its column says: exports
// that did not join ALTNAME_CODES hold codes under the label's name, and
// hand-made tables labels under the code's.
std::string kind_of(const std::string& type, std::vector<std::string>& warnings) {
  const bool code = !type.empty() && type.find_first_not_of("0123456789") == std::string::npos;
  const auto& table = code ? kinds_by_code() : kinds_by_label();
  if (auto it = table.find(type); it != table.end()) return it->second;
  const std::string kept = code ? "cbdb:" + type : type;
  const std::string warning = "alternate-name type " + type + " has no alias kind in jiaozhu: kept as '" + kept + "'";
  if (std::find(warnings.begin(), warnings.end(), warning) == warnings.end()) warnings.push_back(warning);
  return kept;
}

}  // namespace

std::vector<PersonRecord> read_cbdb_alternate_names(const std::filesystem::path& file, std::vector<std::string>& warnings) {
  const std::string name = file.string();
  // CBDB's whole ALTNAME_DATA is ~20 MB.
  std::istringstream in(detail::read_bounded(file, 1ull << 30, "a table of alternate names"));
  std::string line;
  if (!std::getline(in, line)) throw InputError(name + " is empty: there is no table to import");
  if (line.starts_with("\xEF\xBB\xBF")) line.erase(0, 3);  // the byte-order mark spreadsheets write
  const bool tabs = line.find('\t') != std::string::npos;
  auto split = [&](const std::string& l) {
    std::vector<std::string> f = tabs ? split_tsv(l) : split_csv(l);
    for (std::string& s : f) s = trimmed(s);
    return f;
  };
  const Columns c = columns_of(split(line), name);
  std::vector<PersonRecord> persons;
  std::map<std::string, std::size_t> by_id;
  for (int64_t number = 2; std::getline(in, line); ++number) {
    const std::string at = name + ": line " + std::to_string(number);
    if (first_invalid_utf8(line)) throw InputError(at + " is not valid UTF-8");
    if (is_blank(line)) continue;
    const std::vector<std::string> f = split(line);
    if (f.size() <= std::max({c.id, c.name, c.alt, c.type})) throw InputError(at + " has too few fields");
    try {
      detail::check_cbdb_id(f[c.id]);
    } catch (const UsageError&) {
      throw InputError(at + ": c_personid " + f[c.id] + " is not a CBDB person id (digits)");
    }
    for (std::size_t i : {c.name, c.alt}) {
      if (auto fault = field_fault(Field::kPersonName, f[i])) throw InputError(at + ": the name " + *fault);
    }
    if (f[c.name].empty()) throw InputError(at + " has no c_name_chn");
    auto [it, added] = by_id.emplace(f[c.id], persons.size());
    if (added) persons.push_back({f[c.name], f[c.id], {}});
    if (!f[c.alt].empty()) persons[it->second].aliases.emplace_back(f[c.alt], kind_of(f[c.type], warnings));
  }
  return persons;
}

namespace detail {

void check_cbdb_id(std::string_view id) {
  if (id.empty() || id.size() > 12 || id.find_first_not_of("0123456789") != std::string_view::npos) {
    throw UsageError("'" + std::string(id) + "' is not a CBDB person id (1 to 12 digits)");
  }
}

}  // namespace detail
}  // namespace jiaozhu
