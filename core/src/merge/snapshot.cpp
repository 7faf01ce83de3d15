// snapshot and sync: the copies of a database one sends to collaborators.
#include <SQLiteCpp/Database.h>
#include <SQLiteCpp/Statement.h>

#include <algorithm>
#include <optional>

#include "db/settings.h"
#include "jiaozhu/database.h"
#include "jiaozhu/error.h"
#include "jiaozhu/merge.h"
#include "jiaozhu/atomic_file.h"
#include "util/sha256.h"
#include "util/uuid.h"

namespace jiaozhu {
namespace {

constexpr const char* kReplicaKey = "replica";

// Where the file is, as stored beside its replica id: a salted digest of the
// absolute path, never the path itself, which would travel in every
// snapshot and replica and tell collaborators the user's folders.
std::string place_of(const std::string& replica, const std::filesystem::path& file) {
  const std::string here = std::filesystem::absolute(file).lexically_normal().string();
  return "sha256:" + detail::sha256_hex(replica + '\x1f' + here);
}

// The replica id, stored with where the file it was made for is: a copy of
// the file elsewhere (mailed, copied) is another replica and gets its own.
std::string replica_id(Database& db) {
  const std::string here = std::filesystem::absolute(db.path()).lexically_normal().string();
  std::optional<std::string> keep;
  if (const auto stored = detail::read_setting(db, kReplicaKey)) {
    const std::string& v = *stored;
    const auto cut = v.find('\x1f');
    if (cut != std::string::npos) {
      const std::string id = v.substr(0, cut), place = v.substr(cut + 1);
      // Earlier builds stored the path itself: recognised, and
      // rewritten below as a digest.
      if (place == place_of(id, db.path()) || place == here) keep = id;
      if (place == place_of(id, db.path())) return id;
    }
  }
  const std::string id = keep.value_or(detail::random_uuid());
  db.write([&] { detail::write_setting(db, kReplicaKey, id + '\x1f' + place_of(id, db.path())); });
  return id;
}

// Writes a compact copy of `db` to `file`, which must not exist.
void vacuum_into(Database& db, const std::filesystem::path& file) {
  SQLite::Statement q(db.sql(), "VACUUM INTO ?");
  q.bind(1, file.string());
  q.exec();
}

// A snapshot written whole to `out`, or nothing there.
void write_snapshot(Database& db, const std::filesystem::path& out, bool replace) {
  AtomicFile file(out);
  try {
    vacuum_into(db, file.temporary());
  } catch (const SQLite::Exception& e) {
    throw DatabaseError("cannot write " + out.string() + " (" + e.what() + "); nothing was written there");
  }
  file.commit(replace);
}

}  // namespace

void snapshot(Database& db, const std::filesystem::path& out) {
  std::error_code ec;
  if (std::filesystem::exists(out, ec)) throw ConflictError(out.string() + " exists already; name a new file");
  write_snapshot(db, out, false);
}

SyncReport sync_folder(Database& db, const std::filesystem::path& dir) {
  std::error_code ec;
  if (!std::filesystem::is_directory(dir, ec)) throw NotFound("no folder at " + dir.string());
  SyncReport report;
  report.replica = replica_id(db);
  const std::string mine = report.replica + ".db";
  std::vector<std::filesystem::path> others;
  for (const auto& entry : std::filesystem::directory_iterator(dir, ec)) {
    const auto name = entry.path().filename().string();
    if (entry.is_regular_file() && entry.path().extension() == ".db" && name != mine) others.push_back(entry.path());
  }
  std::sort(others.begin(), others.end());
  for (const auto& other : others) {
    try {
      report.merged.push_back(merge_database(db, other, false));
    } catch (const Error& e) {
      report.refused.push_back(e.what());
    }
  }
  // Written beside its final name and renamed over it, so that a sync tool
  // never sees half a file.
  const auto final_path = dir / mine;
  write_snapshot(db, final_path, true);
  report.written = final_path;
  return report;
}

}  // namespace jiaozhu
