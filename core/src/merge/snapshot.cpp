// snapshot and sync: the copies of a database one sends to collaborators.
#include <SQLiteCpp/Database.h>
#include <SQLiteCpp/Statement.h>
#include <unistd.h>

#include <algorithm>

#include "jiaozhu/database.h"
#include "jiaozhu/error.h"
#include "jiaozhu/merge.h"
#include "util/sha256.h"

namespace jiaozhu {
namespace {

constexpr const char* kReplicaKey = "replica";

// The replica id, stored with the path of the file it was made for: a copy
// of the file elsewhere (mailed, copied) is another replica and gets its own.
std::string replica_id(Database& db) {
  const std::string here = std::filesystem::absolute(db.path()).lexically_normal().string();
  SQLite::Statement q(db.sql(), "SELECT value FROM setting WHERE key = ?");
  q.bind(1, kReplicaKey);
  if (q.executeStep()) {
    const std::string v = q.getColumn(0).getString();
    const auto cut = v.find('\x1f');
    if (cut != std::string::npos && v.substr(cut + 1) == here) return v.substr(0, cut);
  }
  const std::string id = detail::random_uuid();
  db.write([&] {
    SQLite::Statement set(db.sql(), "INSERT OR REPLACE INTO setting (key, value) VALUES (?, ?)");
    set.bind(1, kReplicaKey);
    set.bind(2, id + '\x1f' + here);
    set.exec();
  });
  return id;
}

}  // namespace

void snapshot(Database& db, const std::filesystem::path& out) {
  std::error_code ec;
  if (std::filesystem::exists(out, ec)) throw ConflictError(out.string() + " exists already; name a new file");
  try {
    SQLite::Statement q(db.sql(), "VACUUM INTO ?");
    q.bind(1, out.string());
    q.exec();
  } catch (const SQLite::Exception& e) {
    std::filesystem::remove(out, ec);
    throw DatabaseError("cannot write " + out.string() + " (" + e.what() + ")");
  }
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
  const auto temporary = dir / ("." + report.replica + ".tmp-" + std::to_string(::getpid()));
  std::filesystem::remove(temporary, ec);
  snapshot(db, temporary);
  std::filesystem::rename(temporary, final_path, ec);
  if (ec) {
    std::filesystem::remove(temporary, ec);
    throw DatabaseError("cannot write " + final_path.string() + ": " + ec.message());
  }
  report.written = final_path;
  return report;
}

}  // namespace jiaozhu
