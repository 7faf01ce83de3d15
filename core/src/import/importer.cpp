// import: source files into one new edition, in one transaction.
//
// Files are read and parsed on background threads (SourceStream) while this
// thread writes the passages of the files already read, so an import of many
// files costs little more than its parsing. The edition's content hash is
// known only at the end: the edition row is written first with a placeholder
// hash and completed before commit; any error rolls all of it back.
#include <limits>

#include "align/apparatus_links.h"
#include "align/icu_transforms.h"
#include "align/link_store.h"
#include "import/source_reader.h"
#include "jiaozhu/address.h"
#include "jiaozhu/database.h"
#include "jiaozhu/edition.h"
#include "jiaozhu/error.h"
#include "jiaozhu/field.h"
#include "jiaozhu/fold.h"
#include "jiaozhu/unicode.h"
#include "jiaozhu/interrupt.h"
#include "jiaozhu/import.h"
#include "jiaozhu/passage.h"
#include "util/content_hash.h"
#include "util/sha256.h"

namespace jiaozhu {
namespace {

// The options with their text in NFC; throws UsageError naming the option at fault.
ImportOptions validated(ImportOptions o) {
  if (!valid_siglum(o.siglum)) {
    throw UsageError("'" + o.siglum +
                     "' is not a valid siglum (a letter, then letters, digits, _ or -; at most 32)");
  }
  o.work = checked_argument(Field::kWork, o.work, "--work");
  if (o.work.empty() || o.work.size() > 200) throw UsageError("--work needs a name of 1 to 200 bytes");
  o.title = checked_argument(Field::kTitle, o.title, "--title");
  for (auto* pairs : {&o.inline_notes, &o.supplements}) {
    if (!*pairs) continue;
    const char* name = pairs == &o.inline_notes ? "--inline-notes" : "--supplied";
    **pairs = checked_argument(Field::kReference, **pairs, name);
    const std::u32string cps = to_code_points(**pairs);
    if (cps.size() % 2 != 0 || std::any_of(cps.begin(), cps.end(), [](char32_t c) { return c < 0x21; })) {
      throw UsageError(std::string(name) + " takes pairs of opening and closing characters, such as （）[]");
    }
  }
  for (const auto& [label, siglum] : o.witness_sigla) {
    if (!valid_siglum(siglum)) throw UsageError("--witness-siglum " + label + "=" + siglum + ": not a valid siglum");
    checked_argument(Field::kReference, label, "--witness-siglum");
  }
  return o;
}

uint64_t total_size(std::span<const std::filesystem::path> files) {
  uint64_t total = 0;
  for (const auto& f : files) {
    std::error_code ec;
    const auto size = std::filesystem::file_size(f, ec);
    total += ec ? 0 : size;
  }
  return total;
}

// Refuses to import into the edition the siglum names when it is of another work.
void refuse_other_work(const Edition& existing, const ImportOptions& o) {
  if (existing.work != o.work) {
    throw ConflictError("siglum " + o.siglum + " already names an edition of work '" + existing.work +
                        "'; choose another --siglum");
  }
}

// Refuses an import whose siglum or content is taken; returns true when the
// siglum already holds exactly this content (a no-op).
bool already_imported(EditionRepository& editions, const std::optional<Edition>& existing, const std::string& hash,
                      const ImportOptions& o) {
  if (existing) refuse_other_work(*existing, o);
  if (existing && existing->content_hash == hash) return true;
  if (existing && !o.replace) {
    throw ConflictError("siglum " + o.siglum + " already names another text of work '" + existing->work +
                        "'; choose another --siglum, or give --replace to correct it");
  }
  if (auto same = editions.find_by_content(hash)) {
    throw ConflictError("this text is already edition " + same->siglum + " (of work '" + same->work +
                        "'); nothing was imported");
  }
  return false;
}

// The most witness editions one import makes: a real apparatus names a few
// dozen; a file naming thousands would make an edition of each.
constexpr std::size_t kMaxWitnesses = 200;

// Thrown inside the transaction to roll back a replacement that turned out
// to change nothing.
struct SameText {};


// A passage's place in its edition's structure, as the content hash reads
// it: what a replacement passage by passage must leave as it was.
bool same_structure(const PassageDraft& d, const Passage& p) {
  return d.title == p.title && d.author == p.author && d.ref == p.ref && d.section == p.section && d.page == p.page &&
         d.line == p.line;
}

// Why `drafts` cannot replace `stored` passage by passage, or nothing when
// they can (the same number, each in the same place of the structure).
std::optional<std::string> structure_change(const std::vector<const PassageDraft*>& drafts, const std::vector<Passage>& stored) {
  if (drafts.size() != stored.size()) {
    return "the new text has " + std::to_string(drafts.size()) + " passages, the old " + std::to_string(stored.size());
  }
  for (std::size_t i = 0; i < drafts.size(); ++i) {
    if (!same_structure(*drafts[i], stored[i])) {
      return "passage " + std::to_string(i + 1) + " has another title, author, ref, section or page";
    }
  }
  return std::nullopt;
}

// What a replacement holds, read whole before anything is written: it is
// written passage by passage or whole depending on all of it.
struct ReadText {
  std::vector<detail::ReadSource> sources;
  std::vector<const PassageDraft*> drafts() const {
    std::vector<const PassageDraft*> out;
    for (const auto& s : sources) {
      for (const PassageDraft& d : s.parsed.passages) out.push_back(&d);
    }
    return out;
  }
};

// Corrects the passages of `existing` whose text `drafts` changes; false
// (nothing written) when the structure differs, and `report` says why.
bool corrected_in_place(Database& db, const Edition& existing, const std::vector<const PassageDraft*>& drafts,
                        const ImportSteps& steps, ImportReport& report) {
  const std::vector<Passage> stored = PassageRepository(db).get(Address{existing.siglum, 0, 0});
  if (auto why = structure_change(drafts, stored)) {
    report.replaced_whole = *why;
    return false;
  }
  std::vector<PassageCorrection> changed;
  for (std::size_t i = 0; i < drafts.size(); ++i) {
    if (drafts[i]->text != stored[i].text) changed.push_back({static_cast<int64_t>(i + 1), drafts[i]->text});
  }
  if (changed.empty()) throw SameText{};
  if (!steps.correct) {
    report.replaced_whole = "this build corrects no passages in place";
    return false;
  }
  for (const PassageCorrection& c : changed) {
    PassageDraft d;
    d.text = c.text;
    if (auto fault = passage_fault(d)) throw InputError("passage " + std::to_string(c.seq) + ": " + *fault);
  }
  report.replaced = true;
  steps.correct(db, existing.id, changed, report);
  if (report.passages_corrected == 0) throw SameText{};  // white space only
  return true;
}

// A siglum for witness `w` of edition `base`: 【宋】 → T-Song (its label in
// pinyin), else the witness's id; a number added when it is taken.
std::string witness_siglum(EditionRepository& editions, const ImportOptions& options, const std::string& base,
                           const detail::SourceWitness& w) {
  std::u32string label;
  for (char32_t c : to_code_points(w.label)) {
    if (is_han(c) || (c < 0x80 && std::isalnum(static_cast<int>(c)))) label += c;
  }
  for (const std::string& key : {to_utf8(label), w.label, w.id}) {
    const auto given = options.witness_sigla.find(key);
    if (given == options.witness_sigla.end()) continue;
    if (editions.find(given->second)) throw ConflictError("--witness-siglum " + key + "=" + given->second + ": that siglum is taken");
    return given->second;
  }
  std::string name;
  for (char32_t c : detail::toneless(detail::transformed("Han-Latin", label))) {
    if (c < 0x80 && std::isalnum(static_cast<int>(c))) name += static_cast<char>(name.empty() ? std::toupper(static_cast<int>(c)) : c);
  }
  if (name.empty()) {
    for (char c : w.id) if (std::isalnum(static_cast<unsigned char>(c))) name += c;
  }
  std::string siglum = base.substr(0, 16) + "-" + name.substr(0, 12);
  for (int n = 2; editions.find(siglum) || !valid_siglum(siglum); ++n) siglum = base.substr(0, 16) + "-" + name.substr(0, 10) + std::to_string(n);
  return siglum;
}

// Witness `w`'s text: the base's passages with its readings put in, and
// where each reading stands in both. A reading that overlaps one put in
// already, or lies outside its passage, is left out.
struct WitnessText {
  std::vector<PassageDraft> drafts;               // one per base passage; empty: the witness lacks it
  std::vector<std::vector<detail::WitnessReading>> readings;  // per base passage, in text order
  int64_t applied = 0;
};

WitnessText witness_text(const std::vector<PassageDraft>& base, const detail::SourceWitness& w) {
  WitnessText out{{}, std::vector<std::vector<detail::WitnessReading>>(base.size()), 0};
  // A partial witness has only the passages it reads: the base's others are
  // not copied (22 witnesses of 全唐詩's notes would copy it 22 times).
  if (w.partial) {
    out.drafts.resize(base.size());
    for (const auto& r : w.readings) {
      if (r.passage < base.size() && out.drafts[r.passage].text.empty()) out.drafts[r.passage] = base[r.passage];
    }
  } else {
    out.drafts = base;
  }
  std::vector<const detail::SourceReading*> readings;
  for (const auto& r : w.readings) readings.push_back(&r);
  // From the end, so that a reading put in moves no place before it; a
  // passage's text is taken apart once for all its readings.
  std::sort(readings.begin(), readings.end(), [](auto* a, auto* b) { return std::tie(a->passage, a->start) > std::tie(b->passage, b->start); });
  std::optional<std::size_t> open;  // the passage whose text is in `text`
  std::u32string text;
  const auto put_back = [&] {
    if (open) out.drafts[*open].text = to_utf8(text);
  };
  int64_t last_start = 0;
  for (const detail::SourceReading* r : readings) {
    if (r->passage >= out.drafts.size()) continue;
    if (open == r->passage && r->end > last_start) continue;  // overlaps one put in
    if (open != r->passage) {
      put_back();
      open = r->passage;
      text = to_code_points(out.drafts[r->passage].text);
      last_start = std::numeric_limits<int64_t>::max();  // nothing put in here yet
    }
    if (r->end > static_cast<int64_t>(text.size())) continue;
    const std::u32string reading = to_code_points(r->text);
    text.replace(static_cast<std::size_t>(r->start), static_cast<std::size_t>(r->end - r->start), reading);
    // Its place in the witness is found once every reading is in (below).
    out.readings[r->passage].push_back({r->start, r->end, 0, static_cast<int64_t>(reading.size())});
    last_start = r->start;
    ++out.applied;
  }
  put_back();
  for (std::vector<detail::WitnessReading>& in_passage : out.readings) {
    std::reverse(in_passage.begin(), in_passage.end());
    int64_t shift = 0;  // what the readings before this one added to the witness's text
    for (detail::WitnessReading& r : in_passage) {
      const int64_t length = r.witness_end;
      r.witness_start = r.base_start + shift;
      r.witness_end = r.witness_start + length;
      shift += length - (r.base_end - r.base_start);
    }
  }
  return out;
}

// The base's passages as drafts, read back from edition `base_id`: the
// witnesses' editions are made of them.
std::vector<PassageDraft> base_drafts(Database& db, const Edition& base) {
  std::vector<PassageDraft> out;
  for (Passage& p : PassageRepository(db).get(Address{base.siglum, 0, 0})) {
    out.push_back({std::move(p.text), std::move(p.title), std::move(p.author), std::move(p.ref), p.source_line,
                   std::move(p.section), std::move(p.page), std::move(p.line)});
  }
  return out;
}

// The editions of the witnesses an apparatus records: each the base's
// passages with that witness's readings put in, of the base's work, linked
// to the base passage by passage as the apparatus says (apparatus_links.h),
// in the caller's transaction; a witness whose text is another edition's
// already is said so and left out. A partial witness (known from a source's
// notes) holds only the passages it has readings in, and is recorded partial.
void write_witnesses(Database& db, const ImportOptions& options, const std::vector<detail::SourceWitness>& witnesses,
                     int64_t base_id, const ImportSteps& steps, ImportReport& report) {
  if (witnesses.empty()) return;
  EditionRepository editions(db);
  const Edition source = *editions.find_by_id(base_id);
  const std::vector<PassageDraft> base = base_drafts(db, source);
  for (const detail::SourceWitness& w : witnesses) {
    WitnessText wt = witness_text(base, w);
    std::vector<PassageDraft> drafts;
    std::vector<detail::WitnessPassage> collation;
    for (std::size_t i = 0; i < wt.drafts.size(); ++i) {
      if (wt.drafts[i].text.empty()) continue;  // a passage the witness lacks whole
      if (w.partial && wt.readings[i].empty()) continue;  // unknown there
      drafts.push_back(std::move(wt.drafts[i]));
      collation.push_back({static_cast<int64_t>(i + 1), static_cast<int64_t>(drafts.size()), std::move(wt.readings[i])});
    }
    // Two witnesses may read alike throughout (【元】 and 【明】): each is an
    // edition all the same, its passages named by the witness (their ref).
    for (PassageDraft& d : drafts) d.ref = d.ref ? *d.ref + " " + w.label : w.label;
    detail::ContentHasher hasher;
    for (const PassageDraft& d : drafts) {
      hasher.add_passage(d.text, d.title, d.author, d.ref);
      hasher.add_structure(d.section, d.page, d.line);
    }
    const std::string hash = hasher.hex();
    if (drafts.empty() || editions.find_by_content(hash)) {
      report.warnings.push_back("the witness " + w.label + " reads as an edition already here; no edition was made of it");
      continue;
    }
    const std::string siglum = witness_siglum(editions, options, source.siglum, w);
    const int64_t id = editions.insert({siglum, options.work, w.label, Script::kUnknown, hash, ""});
    if (w.partial) {
      editions.set_partial(editions.find_by_id(id)->uuid, true, "known from the notes of " + source.siglum,
                           options.author.empty() ? "unknown" : options.author);
    }
    SourceFileRecord record;
    record.name = (w.partial ? "notes of " : "apparatus of ") + source.siglum + ": " + w.id;
    record.sha256 = detail::sha256_hex(record.name + "\x1f" + hash);
    record.encoding = "utf-8";
    record.format = "text";
    if (!w.partial) record.markup = "tei";
    const int64_t source_id = editions.add_source_file(id, 1, record);
    {
      PassageAppender passages(db, id);
      for (const PassageDraft& d : drafts) passages.append(d, source_id);
    }
    editions.set_content(id, hash, source.script, std::nullopt);
    ImportReport own;
    steps.after_new_text(db, id, {}, own);
    // Collated by the apparatus itself, not aligned: the base's apparatus
    // against the witness gives back the source's readings, however far the
    // witness strays.
    const int64_t links = detail::store_apparatus_links(db, base_id, id, collation);
    report.witnesses.push_back({siglum, w.label, wt.applied, links, w.partial});
  }
}

// Writes the edition in the caller's transaction.
void write_edition(Database& db, detail::SourceStream& stream, const ImportOptions& options, uint64_t total_bytes,
                   const ImportProgress& progress, const ImportSteps& steps, ImportReport& report) {
  EditionRepository editions(db);
  // Re-importing under a taken siglum only hashes, to tell a no-op from a
  // conflict; with --replace the new text is read whole first, then either
  // corrects the passages that changed or replaces the old text.
  const std::optional<Edition> existing = editions.find(options.siglum);
  int64_t edition_id = existing ? existing->id : 0;
  std::optional<ReadText> whole;
  if (existing && options.replace) {
    refuse_other_work(*existing, options);
    whole.emplace();
    for (std::size_t i = 0; i < stream.size(); ++i) {
      check_interrupt();
      whole->sources.push_back(stream.take(i));
    }
    if (corrected_in_place(db, *existing, whole->drafts(), steps, report)) {
      for (const auto& s : whole->sources) {
        report.passages += static_cast<int64_t>(s.parsed.passages.size());
        report.code_points += s.code_points;
        report.encodings.push_back(s.record.encoding);
        report.labels.add(s.labels);
      }
      report.script = existing->script;
      return;
    }
  }
  std::optional<PassageAppender> passages;
  if (existing && options.replace) {
    report.replaced = true;
    report.links_removed = detail::delete_links_of_edition(db, edition_id);
    editions.clear_content(edition_id);
    passages.emplace(db, edition_id);
  } else if (!existing) {
    const std::string placeholder = detail::sha256_hex("jiaozhu pending import\x1f" + options.siglum);
    edition_id = editions.insert({options.siglum, options.work, options.title, Script::kUnknown, placeholder, ""});
    passages.emplace(db, edition_id);
  }
  detail::ContentHasher hasher;
  ScriptCounter script;
  std::vector<SourceNote> notes;
  std::vector<SourcePageFacs> page_images;
  std::vector<detail::SourceWitness> witnesses;
  bool all_tei = true;  // only TEI files have an apparatus: the witnesses' passages are the base's
  uint64_t done_bytes = 0;
  for (std::size_t i = 0; i < stream.size(); ++i) {
    check_interrupt();  // reading and parsing a file run outside SQL
    const detail::ReadSource s = whole ? std::move(whole->sources[i]) : stream.take(i);
    const int64_t source_id = passages ? editions.add_source_file(edition_id, static_cast<int64_t>(i + 1), s.record) : 0;
    for (const detail::SourceNoteDraft& n : s.parsed.notes) {
      notes.push_back({report.passages + static_cast<int64_t>(n.passage) + 1, n.at, n.text, n.end, n.tags});
    }
    for (const detail::SourcePageImage& p : s.parsed.page_images) page_images.push_back({p.page, p.facs, p.base, p.inside});
    // A witness of several files (a volume's texts, each with its <listWit>) is one witness.
    for (detail::SourceWitness w : s.parsed.witnesses) {
      for (detail::SourceReading& r : w.readings) r.passage += static_cast<std::size_t>(report.passages);
      const auto same = std::find_if(witnesses.begin(), witnesses.end(),
                                     [&](const detail::SourceWitness& x) { return x.id == w.id && x.label == w.label; });
      if (same == witnesses.end()) witnesses.push_back(std::move(w));
      else same->readings.insert(same->readings.end(), w.readings.begin(), w.readings.end());
    }
    all_tei = all_tei && s.record.markup == std::optional<std::string>("tei");
    for (const PassageDraft& d : s.parsed.passages) {
      hasher.add_passage(d.text, d.title, d.author, d.ref);
      hasher.add_structure(d.section, d.page, d.line);
      if (passages) passages->append(d, source_id);
    }
    report.passages += static_cast<int64_t>(s.parsed.passages.size());
    report.code_points += s.code_points;
    script.add(s.script);
    report.encodings.push_back(s.record.encoding);
    report.warnings.insert(report.warnings.end(), s.parsed.warnings.begin(), s.parsed.warnings.end());
    report.labels.add(s.labels);
    done_bytes += static_cast<uint64_t>(s.record.byte_size);
    if (progress) progress("importing", done_bytes, total_bytes);
  }
  const std::string hash = hasher.hex();
  report.script = options.script.value_or(script.result());
  report.unchanged = already_imported(editions, existing, hash, options);
  if (report.unchanged && report.replaced) throw SameText{};
  if (!report.unchanged) {
    editions.set_content(edition_id, hash, report.script,
                         report.replaced ? std::optional<std::string>(existing->content_hash) : std::nullopt);
    steps.after_new_text(db, edition_id, notes, report);
    // A TEI apparatus's witnesses hold every passage of the base, so the
    // base must be all TEI; a partial witness holds only its own.
    const auto tei_witnesses = std::stable_partition(witnesses.begin(), witnesses.end(), [](const auto& w) { return w.partial; });
    if (!all_tei && tei_witnesses != witnesses.end()) {
      report.warnings.push_back("the witnesses of the TEI apparatus were not made: this import mixes TEI with other files");
      witnesses.erase(tei_witnesses, witnesses.end());
    }
    if (witnesses.size() > kMaxWitnesses) {
      throw InputError("the sources name " + std::to_string(witnesses.size()) + " witnesses; an import makes at most " +
                       std::to_string(kMaxWitnesses) + " (import fewer files at once, or name fewer in the apparatus)");
    }
    write_witnesses(db, options, witnesses, edition_id, steps, report);
  }
  if (!page_images.empty() && steps.page_images) steps.page_images(db, edition_id, page_images, report);
}

}  // namespace

void LabelChanges::add(const LabelChanges& o) {
  tabs += o.tabs;
  line_breaks += o.line_breaks;
  spaces += o.spaces;
  nfc += o.nfc;
  for (const std::string& p : o.places) {
    if (places.size() < kPlacesKept) places.push_back(p);
  }
}

SourceFormat parse_format(std::string_view name) {
  if (name == "auto") return SourceFormat::kAuto;
  if (name == "text") return SourceFormat::kText;
  if (name == "json") return SourceFormat::kJson;
  if (name == "tei") return SourceFormat::kTei;
  if (name == "mandoku") return SourceFormat::kMandoku;
  throw UsageError("unknown format '" + std::string(name) + "' (use auto, text, json, tei or mandoku)");
}

ImportReport import_text(Database& db, std::span<const std::filesystem::path> files, const ImportOptions& requested,
                         const ImportProgress& progress, const ImportSteps& steps) {
  const ImportOptions options = validated(requested);
  ImportReport report;
  report.siglum = options.siglum;
  const uint64_t total_bytes = total_size(files);
  detail::SourceStream stream(files, options);

  try {
    db.write([&] {
      write_edition(db, stream, options, total_bytes, progress, steps, report);
      db.refresh_statistics();
    });
  } catch (const SameText&) {
    report.unchanged = true;
    report.replaced = false;
  }
  return report;
}

}  // namespace jiaozhu
