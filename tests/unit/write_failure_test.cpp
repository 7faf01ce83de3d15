// A disk that fills in the middle of a commit, simulated by a SQLite VFS
// that passes everything to the real one but refuses writes to the main
// database file once a budget of writes is spent: the write is an error,
// and either the file stands as it was or the error says that its journal
// holds the undo, which the next open plays back.
#include <sqlite3.h>

#include <catch2/catch.hpp>
#include <string>

#include "jiaozhu/database.h"
#include "jiaozhu/error.h"
#include "jiaozhu/workflow.h"
#include "support.h"

namespace failing_disk {

// Writes to main database files still allowed; negative: no limit.
int main_writes_left = -1;
// The size a main database file may not grow past (a full disk); negative:
// no limit.
sqlite3_int64 main_size_limit = -1;

sqlite3_vfs* real_vfs = nullptr;
sqlite3_vfs shim_vfs;
sqlite3_io_methods shim_methods;

struct ShimFile {
  sqlite3_file base;
  sqlite3_file* real;
  bool main_db;
};

sqlite3_file* real(sqlite3_file* f) { return reinterpret_cast<ShimFile*>(f)->real; }

bool refused(sqlite3_file* f) {
  if (!reinterpret_cast<ShimFile*>(f)->main_db || main_writes_left < 0) return false;
  if (main_writes_left == 0) return true;
  --main_writes_left;
  return false;
}

int shim_close(sqlite3_file* f) { return real(f)->pMethods->xClose(real(f)); }
int shim_read(sqlite3_file* f, void* p, int n, sqlite3_int64 at) { return real(f)->pMethods->xRead(real(f), p, n, at); }
int shim_write(sqlite3_file* f, const void* p, int n, sqlite3_int64 at) {
  const bool beyond = reinterpret_cast<ShimFile*>(f)->main_db && main_size_limit >= 0 && at + n > main_size_limit;
  return beyond || refused(f) ? SQLITE_FULL : real(f)->pMethods->xWrite(real(f), p, n, at);
}
int shim_truncate(sqlite3_file* f, sqlite3_int64 size) {
  return refused(f) ? SQLITE_IOERR_TRUNCATE : real(f)->pMethods->xTruncate(real(f), size);
}
int shim_sync(sqlite3_file* f, int flags) { return real(f)->pMethods->xSync(real(f), flags); }
int shim_size(sqlite3_file* f, sqlite3_int64* size) { return real(f)->pMethods->xFileSize(real(f), size); }
int shim_lock(sqlite3_file* f, int level) { return real(f)->pMethods->xLock(real(f), level); }
int shim_unlock(sqlite3_file* f, int level) { return real(f)->pMethods->xUnlock(real(f), level); }
int shim_reserved(sqlite3_file* f, int* out) { return real(f)->pMethods->xCheckReservedLock(real(f), out); }
int shim_control(sqlite3_file* f, int op, void* arg) { return real(f)->pMethods->xFileControl(real(f), op, arg); }
int shim_sector(sqlite3_file* f) { return real(f)->pMethods->xSectorSize(real(f)); }
int shim_device(sqlite3_file* f) { return real(f)->pMethods->xDeviceCharacteristics(real(f)); }
int shim_shm_map(sqlite3_file* f, int i, int size, int extend, void volatile** p) {
  return real(f)->pMethods->xShmMap(real(f), i, size, extend, p);
}
int shim_shm_lock(sqlite3_file* f, int offset, int n, int flags) { return real(f)->pMethods->xShmLock(real(f), offset, n, flags); }
void shim_shm_barrier(sqlite3_file* f) { real(f)->pMethods->xShmBarrier(real(f)); }
int shim_shm_unmap(sqlite3_file* f, int drop) { return real(f)->pMethods->xShmUnmap(real(f), drop); }
int shim_fetch(sqlite3_file* f, sqlite3_int64 at, int n, void** p) { return real(f)->pMethods->xFetch(real(f), at, n, p); }
int shim_unfetch(sqlite3_file* f, sqlite3_int64 at, void* p) { return real(f)->pMethods->xUnfetch(real(f), at, p); }

int shim_open(sqlite3_vfs*, sqlite3_filename name, sqlite3_file* f, int flags, int* out_flags) {
  auto* shim = reinterpret_cast<ShimFile*>(f);
  shim->real = reinterpret_cast<sqlite3_file*>(shim + 1);
  shim->main_db = (flags & SQLITE_OPEN_MAIN_DB) != 0;
  const int rc = real_vfs->xOpen(real_vfs, name, shim->real, flags, out_flags);
  shim->base.pMethods = rc == SQLITE_OK ? &shim_methods : nullptr;
  return rc;
}

// Makes the shim the default VFS while it lives; the real one after.
class Installed {
 public:
  Installed() {
    real_vfs = sqlite3_vfs_find(nullptr);
    shim_vfs = *real_vfs;
    shim_vfs.zName = "jz_failing_disk";
    shim_vfs.szOsFile = static_cast<int>(sizeof(ShimFile)) + real_vfs->szOsFile;
    shim_vfs.xOpen = shim_open;
    shim_methods = {3, shim_close, shim_read, shim_write, shim_truncate, shim_sync, shim_size, shim_lock, shim_unlock,
                    shim_reserved, shim_control, shim_sector, shim_device, shim_shm_map, shim_shm_lock,
                    shim_shm_barrier, shim_shm_unmap, shim_fetch, shim_unfetch};
    main_writes_left = -1;
    main_size_limit = -1;
    sqlite3_vfs_register(&shim_vfs, 1);
  }
  ~Installed() {
    main_writes_left = -1;
    main_size_limit = -1;
    sqlite3_vfs_register(real_vfs, 1);
    sqlite3_vfs_unregister(&shim_vfs);
  }
};

// A write that touches many pages of the file: every passage rewritten and
// the file grown by some hundreds of kilobytes.
void large_change(jiaozhu::Database& db) {
  db.sql().exec("UPDATE passage SET text = text || '。'");
  db.sql().exec(
      "WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 2000) "
      "INSERT INTO work (uuid, name, created_at) SELECT lower(hex(randomblob(16))), hex(randomblob(100)), 'now' FROM n");
}

std::string passages_digest(jiaozhu::Database& db) {
  return db.sql().execAndGet("SELECT group_concat(text, '|') FROM (SELECT text FROM passage ORDER BY id)").getString();
}

// A database of the fixture at `path`; returns its passages_digest.
std::string songjin_at(const std::filesystem::path& path) {
  jiaozhu::Database db = jiaozhu::open_database(path, jiaozhu::OpenMode::kCreate);
  jz_test::import_songjin(db);
  return passages_digest(db);
}

}  // namespace failing_disk

TEST_CASE("a disk full when the commit writes the file: the undo runs and nothing was changed") {
  const failing_disk::Installed shim;
  jz_test::TempDir dir;
  const auto path = dir / "t.db";
  const std::string before = failing_disk::songjin_at(path);
  jiaozhu::Database db = jiaozhu::open_database(path, jiaozhu::OpenMode::kExisting);
  // Pages the file has are rewritten, but it cannot grow: the undo, which
  // only puts old pages back and shrinks the file, can run.
  failing_disk::main_size_limit = static_cast<sqlite3_int64>(std::filesystem::file_size(path));
  try {
    db.write([&] { failing_disk::large_change(db); });
    FAIL("the write succeeded on a full disk");
  } catch (const jiaozhu::DatabaseError& e) {
    CHECK_THAT(e.what(), Catch::Contains("full") && Catch::Contains("nothing was changed"));
  }
  failing_disk::main_size_limit = -1;
  CHECK_FALSE(std::filesystem::exists(path.string() + "-journal"));
  CHECK(failing_disk::passages_digest(db) == before);
}

TEST_CASE("a disk full even for the undo: the error says the journal holds it, and the next open restores the file") {
  const failing_disk::Installed shim;
  jz_test::TempDir dir;
  const auto path = dir / "t.db";
  const std::string before = failing_disk::songjin_at(path);
  const std::string file_before = jz_test::file_sha256(path);
  {
    jiaozhu::Database db = jiaozhu::open_database(path, jiaozhu::OpenMode::kExisting);
    try {
      db.write([&] {
        failing_disk::large_change(db);
        // Two pages of the commit reach the file; nothing after, undo included.
        failing_disk::main_writes_left = 2;
      });
      FAIL("the write succeeded on a full disk");
    } catch (const jiaozhu::DatabaseError& e) {
      const std::string message = e.what();
      CHECK_THAT(message, Catch::Contains(path.string() + "-journal") && Catch::Contains("alone") &&
                              Catch::Contains("jiaozhu check"));
      CHECK_THAT(message, !Catch::Contains("nothing was changed"));
    }
    // What the message describes: the file half written, its undo beside it.
    CHECK(jz_test::file_sha256(path) != file_before);
    CHECK(std::filesystem::exists(path.string() + "-journal"));
  }
  failing_disk::main_writes_left = -1;
  jiaozhu::Database db = jiaozhu::open_database(path, jiaozhu::OpenMode::kExisting);
  CHECK(failing_disk::passages_digest(db) == before);
  CHECK_FALSE(std::filesystem::exists(path.string() + "-journal"));
  CHECK(jz_test::passes_check(db));
}
