// Collation: which passages of two editions carry the same text (links), and
// the readings in which they differ (variants), classified so that script
// and punctuation noise never hides a real reading.
//
// Offsets are code points into the stored passage texts. A link joins one or
// more passages of one edition with one or more of another (a paragraph split
// in one edition is a 2:1 link). Links made by `align` are automatic and are
// replaced when it runs again; links added by hand are kept, and the
// passages they hold are left out of automatic alignment.
#pragma once

#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "jiaozhu/passage.h"
#include "jiaozhu/variant_kind.h"

namespace jiaozhu {

class Database;

enum class VariantClass {
  kScript,       // differ only by Traditional/Simplified form, between editions of different scripts
  kConversion,   // between editions of one script, a pair only that conversion merges (髮/發): a reading
  kGlyph,        // differ only by variant forms (異體字), the built-in table's or a fold rule's
  kPlaceholder,  // a stand-in (□, 〓, ⿰…) for a character the digitizer could not write
  kPunct,        // punctuation only
  kPinyin,       // a pinyin syllable stands for a character with that reading
  kBreak,        // a passage boundary only
  kEditorial,    // matter added around the text: a title's part number, 「——韓愈」, 不詳 as an author
  kSubstantive,  // everything else: a reading
};
inline constexpr std::size_t kVariantClassCount = 9;
std::string_view to_string(VariantClass c);
// What a 校勘記 calls the class: 異文, 異體, 繁簡, 繁簡轉換, 闕字, 拼音, 標點, 分段, 編者.
std::string_view chinese_name(VariantClass c);
// Parses a class name; throws UsageError naming it.
VariantClass parse_variant_class(std::string_view name);

// What a variant's spans are in: the passages' text, or their title or
// author (metadata is collated too).
enum class VariantField { kText, kTitle, kAuthor };
std::string_view to_string(VariantField f);
// Parses text, title or author; throws UsageError naming it.
VariantField parse_variant_field(std::string_view name);
// The passage's text, title or author ("" when it has none).
std::string passage_field(const Passage& p, VariantField f);

struct PassageSpan {
  std::string address;  // S:N
  int64_t start = 0;    // [start, end) in code points
  int64_t end = 0;
  std::string reading;  // the text of the span, as stored
};

struct Variant {
  std::string uuid;
  std::string link_uuid;
  int64_t link_id = 0;
  VariantClass variant_class = VariantClass::kSubstantive;
  VariantField field = VariantField::kText;
  PassageSpan a;  // in the first edition of the pair
  PassageSpan b;  // in the second
  // Substantive and conversion readings of the text: the 校勘 kind, as the
  // first edition reads against the second (an empty b is the second's
  // omission), proposed (variant_kind.h) or set by hand (kind_chosen, with
  // the scholar's note as evidence). A glyph variant takes only taboo (寧 →
  // 甯 is a variant form used to avoid a name). Nothing for other classes
  // and fields.
  std::optional<VariantKind> kind;
  std::string kind_evidence;
  bool kind_chosen = false;
};

struct Link {
  int64_t id = 0;
  std::string uuid;
  bool manual = false;
  bool moved = false;           // found out of order: a transposition
  std::vector<std::string> a;   // addresses in the first edition, in order
  std::vector<std::string> b;
};

struct AlignReport {
  std::string siglum_a, siglum_b;
  int64_t passages_a = 0, passages_b = 0;
  int64_t links = 0, manual_links = 0, moved_links = 0;
  std::vector<std::string> unmatched_a, unmatched_b;
  std::vector<std::pair<VariantClass, int64_t>> variants;  // per class
  double seconds = 0;
};

// What the layers above must do, in the alignment's transaction, around
// the replacement of two editions' automatic links: `before` runs while the
// old links are still there, `after` once the new ones are written (with
// the editions' ids). Either may be empty.
struct AlignSteps {
  std::function<void(Database& db)> before;
  std::function<void(Database& db, int64_t edition_a, int64_t edition_b)> after;
};

// Aligns editions `a` and `b` (sigla) of one work and stores the links and
// their variants, replacing earlier automatic ones, with `steps` around the
// replacement, in one transaction of its own. Throws NotFound for an unknown siglum,
// ConflictError for editions of different works or one edition twice,
// DatabaseError when the write fails. Scholars' callers use align_editions
// (workflow.h), which passes the notes' step.
AlignReport align_pair(Database& db, const std::string& a, const std::string& b, const AlignSteps& steps);

// Links and variants as stored. Reads run in the caller's transaction when
// there is one; each call that writes (add_manual_link, remove_link) runs in
// one transaction of its own.
// Holds `db` by reference: the Database must outlive it, and, like the
// Database, it is used by one thread at a time. Any call may also throw
// DatabaseError naming the file when SQLite cannot read or write it
// (database.h); the errors each call names are the others.
class CollationRepository {
 public:
  explicit CollationRepository(Database& db) : db_(db) {}

  // The links between editions a and b, ordered by their first passage of a
  // (links with none of a last), and the passages of each edition in no link.
  std::vector<Link> links(const std::string& a, const std::string& b) const;
  std::vector<std::string> unmatched(const std::string& of, const std::string& other) const;
  // The pairs of editions linked through any of these passages (ids), each
  // once, the older edition first: the alignments a change to them touches.
  std::vector<std::pair<std::string, std::string>> linked_pairs(const std::vector<int64_t>& passage_ids) const;

  // Which variants between a and b a listing shows, and which page of them.
  struct VariantQuery {
    std::vector<VariantClass> classes;   // all when empty
    std::vector<VariantField> fields;    // all when empty
    std::optional<std::string> passage;  // S:N: only the variants touching it
    int64_t offset = 0;                  // skip this many (in listing order)
    std::optional<int64_t> limit;        // at most this many
    std::vector<VariantKind> kinds;      // only readings of these kinds (any, when empty)
    // Without `passage`: only the variants of a's passages first..last (a
    // page of a's text), by an index range, not a scan of the pair.
    std::optional<std::pair<int64_t, int64_t>> seqs;
  };
  // The variants between a and b in the order of a's passages (then start
  // and end in a), one at a time: a listing of the whole pair may hold
  // hundreds of thousands. Throws NotFound for an unknown siglum or passage.
  void each_variant(const std::string& a, const std::string& b, const VariantQuery& query,
                    const std::function<void(Variant&&)>& each) const;
  // How many of them there are per class (offset and limit ignored), in
  // class-name order, classes with none left out. With kinds, the variants
  // are read one by one (a kind is not stored).
  std::vector<std::pair<VariantClass, int64_t>> count_variants(const std::string& a, const std::string& b,
                                                               const VariantQuery& query) const;
  // How many readings of the query there are per kind (offset and limit
  // ignored), in VariantKind order, kinds with none left out.
  std::vector<std::pair<VariantKind, int64_t>> count_kinds(const std::string& a, const std::string& b,
                                                           const VariantQuery& query) const;
  // each_variant's variants in a vector, for queries known to be small.
  std::vector<Variant> variants(const std::string& a, const std::string& b, const std::vector<VariantClass>& classes,
                                const std::optional<std::string>& passage) const;

  // Whether any link joins editions a and b: a lookup, not a listing.
  // Throws NotFound for an unknown siglum.
  bool aligned(const std::string& a, const std::string& b) const;

  // The links that hold passage `address`, with any other edition.
  std::vector<Link> links_of(const std::string& address) const;

  // What add_manual_link did: the link made, and the links it took
  // passages out of (as they were), which are gone now (tombstoned, so
  // that merge removes them in every copy).
  struct ManualLink {
    Link link;
    std::vector<Link> broken;
  };
  // Adds a manual link between the passages at `a` and `b` (S:N or S:N-M,
  // each within one edition) with its variants, in one transaction. A
  // passage in an automatic link is taken out of it, which removes that
  // link (listed in `broken`); one in a manual link only with `force`:
  // without, ConflictError names that link. Throws ConflictError too for
  // passages of one edition on both sides, editions of different works, or
  // passages linked already.
  ManualLink add_manual_link(const std::string& a, const std::string& b, const std::string& author, bool force = false);

  // The variant or link whose uuid begins with `prefix`, scanning them all
  // (variants have no stored uuid). Throws NotFound, or UsageError when the
  // prefix is ambiguous.
  Variant find_variant(const std::string& prefix) const;
  Link find_link(const std::string& prefix) const;
  // The variant with this full uuid among the variants of link `link_uuid`
  // (a variant's uuid derives from its link's): a lookup, not a scan.
  // Nothing when the link or the variant is no longer there.
  std::optional<Variant> find_variant_of_link(const std::string& link_uuid, const std::string& uuid) const;

  // Removes every link holding both passages, as `author` (the tombstone's);
  // returns how many. Throws NotFound when there is none.
  int64_t remove_link(const std::string& a, const std::string& b, const std::string& author);

 private:
  Database& db_;
};

}  // namespace jiaozhu
