// pgas-trace-import trusts no field of a raw file: each corruption of thread 0's file is reported by name
// and thread 1's file is still imported (a partial trace). And the accounting of full recorder tables: a
// program that allocates more shared objects than the object table holds gets its calls counted exactly.
#include <fcntl.h>
#include <gtest/gtest.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cstddef>
#include <functional>

#include "faults_util.hpp"
#include "pgas/tracedb/database.hpp"
#include "pgas/tracedb/raw_format.hpp"
#include "pgasrun_process.hpp"

namespace {

using namespace trace_faults;
namespace raw = pgas::tracedb::raw;
using pgas::tracedb::Database;

template <typename T>
void write_at(const std::string &path, std::size_t offset, T value) {
  int fd = open(path.c_str(), O_WRONLY);
  ASSERT_GE(fd, 0) << path;
  ASSERT_EQ(pwrite(fd, &value, sizeof value, static_cast<off_t>(offset)), static_cast<ssize_t>(sizeof value));
  close(fd);
}

#pragma GCC diagnostic ignored "-Winvalid-offsetof"  // the header holds atomics; its layout is fixed
constexpr std::size_t kHeader = offsetof(raw::File, header);
constexpr std::size_t kFirstAccess = offsetof(raw::File, access);
constexpr std::size_t kPaths = offsetof(raw::File, paths);

struct Corruption {
  const char *name;
  std::function<void(const std::string &path)> apply;
  const char *message;  // expected in the importer's warning about thread-0.bin
};

// What the importer says of a file of an older format (version 3).
const std::string kOldVersion =
    "raw trace format version 3, this importer reads " + std::to_string(raw::kVersion);

const Corruption kCorruptions[] = {
    // The reproducer: a huge histogram bin count made the importer read far out of bounds.
    {"bins",
     [](const std::string &p) {
       write_at<std::uint32_t>(p, kHeader + offsetof(raw::Header, bins), 0x7fffffff);
     },
     "bins is 2147483647 (1..256)"},
    {"threads",
     [](const std::string &p) { write_at<std::uint32_t>(p, kHeader + offsetof(raw::Header, threads), 0); },
     "THREADS is 0"},
    {"modules_used",
     [](const std::string &p) {
       write_at<std::uint32_t>(p, kHeader + offsetof(raw::Header, modules_used), 0xffffffff);
     },
     "modules_used is 4294967295"},
    {"host",
     [](const std::string &p) {
       for (std::size_t i = 0; i < sizeof(raw::Header::host); ++i)
         write_at<char>(p, kHeader + offsetof(raw::Header, host) + i, 'x');
     },
     "host or command line is not terminated"},
    {"access_peer",
     [](const std::string &p) {
       write_at<std::uint64_t>(p, kFirstAccess + offsetof(raw::AccessRecord, key_handle), 1);
       write_at<std::int32_t>(p, kFirstAccess + offsetof(raw::AccessRecord, peer), 999);
     },
     "access record 0 has peer thread 999 of 2"},
    {"access_site",
     [](const std::string &p) {
       write_at<std::uint64_t>(p, kFirstAccess + offsetof(raw::AccessRecord, key_handle), 1);
       write_at<std::uint32_t>(p, kFirstAccess + offsetof(raw::AccessRecord, site), 0x7fffffff);
     },
     "access record 0 has site 2147483647"},
    {"access_path",
     [](const std::string &p) {
       write_at<std::uint64_t>(p, kFirstAccess + offsetof(raw::AccessRecord, key_handle), 1);
       write_at<std::uint32_t>(p, kFirstAccess + offsetof(raw::AccessRecord, path), 0x7fffffff);
     },
     "access record 0 has call path 2147483647"},
    // Two call path nodes that are each other's caller: a chain that never ends.
    {"call_path_loop",
     [](const std::string &p) {
       for (std::uint32_t node : {1u, 2u}) {
         const std::size_t at = kPaths + node * sizeof(raw::CallPath);
         write_at<std::uint32_t>(p, at + offsetof(raw::CallPath, used), 1);
         write_at<std::uint32_t>(p, at + offsetof(raw::CallPath, caller), 3 - node);
       }
     },
     "call path node 1 has a broken or looping chain of callers"},
    {"callers",
     [](const std::string &p) { write_at<std::uint32_t>(p, kHeader + offsetof(raw::Header, callers), 17); },
     "callers is 17 (0..16)"},
    {"version",
     [](const std::string &p) { write_at<std::uint32_t>(p, kHeader + offsetof(raw::Header, version), 3); },
     kOldVersion.c_str()},
    {"truncated", [](const std::string &p) { ASSERT_EQ(truncate(p.c_str(), 100), 0); },
     "truncated raw trace file (100 bytes)"},
    // A FIFO must not hang the import.
    {"fifo",
     [](const std::string &p) {
       fs::remove(p);
       ASSERT_EQ(mkfifo(p.c_str(), 0600), 0);
     },
     "not a regular file"},
    {"wrong_name",
     [](const std::string &p) { write_at<std::uint32_t>(p, kHeader + offsetof(raw::Header, thread), 1); },
     "it says it is thread 1"},
};

class CorruptRawFile : public ::testing::TestWithParam<Corruption> {};

TEST_P(CorruptRawFile, IsReportedByNameAndTheOthersImported) {
  ScratchDirectory scratch(std::string("pgas-trace-faults-corrupt-") + GetParam().name);
  const std::string database = scratch / "x.db", thread0 = database + ".raw/thread-0.bin";
  auto run = run_preloaded(database, 2);
  ASSERT_EQ(run.exit_code, 0) << run.err;
  GetParam().apply(thread0);
  auto import = launcher_test::run_program(kImporter, {"--keep-raw", "--no-symbolize", database});
  ASSERT_EQ(import.exit_code, 0) << import.err;
  EXPECT_NE(import.err.find("warning: left out " + thread0 + ": "), std::string::npos) << import.err;
  EXPECT_NE(import.err.find(GetParam().message), std::string::npos) << import.err;
  EXPECT_NE(import.err.find("from 1 of 2 threads (partial trace"), std::string::npos) << import.err;
  Database db = Database::open(database);
  EXPECT_EQ(db.scalar("SELECT threads FROM run"), 2);
  EXPECT_EQ(db.scalar("SELECT complete FROM run"), 0);
  EXPECT_EQ(db.scalar("SELECT group_concat(thread) FROM thread"), 1);
  EXPECT_GT(db.scalar("SELECT sum(count) FROM access WHERE thread = 1"), 0);
  EXPECT_TRUE(fs::exists(database + ".raw/thread-1.bin"));
}

// Without --keep-raw, a directory with a rejected file is kept too, and the importer says where.
TEST(CorruptRawFileKept, TheRawDirectoryStays) {
  ScratchDirectory scratch("pgas-trace-faults-corrupt-kept");
  const std::string database = scratch / "x.db";
  ASSERT_EQ(run_preloaded(database, 2).exit_code, 0);
  kCorruptions[0].apply(database + ".raw/thread-0.bin");
  auto import = launcher_test::run_program(kImporter, {"--no-symbolize", database});
  ASSERT_EQ(import.exit_code, 0) << import.err;
  EXPECT_NE(import.err.find("the raw files are kept in " + database + ".raw"), std::string::npos)
      << import.err;
  EXPECT_TRUE(fs::exists(database + ".raw/thread-0.bin"));
}

INSTANTIATE_TEST_SUITE_P(Fields, CorruptRawFile, ::testing::ValuesIn(kCorruptions),
                         [](const auto &info) { return std::string(info.param.name); });

// More shared objects than the recorder's object table holds: every call is still counted once, the
// thread totals are exact (not inflated by the objects left out), and the warning says what is missing.
TEST(FullObjectTable, CallCountsStayExact) {
  ScratchDirectory scratch("pgas-trace-faults-churn");
  const std::string database = scratch / "churn.db";
  const long rounds = static_cast<long>(raw::kHandleCapacity) + 2000;
  auto run = launcher_test::run_pgasrun(
      {"-n", "2", "--timeout", "120", "--trace", database, kChurnProgram, std::to_string(rounds)});
  ASSERT_EQ(run.exit_code, 0) << run.err;
  EXPECT_NE(run.out.find("thread 0 calls " + std::to_string(rounds)), std::string::npos) << run.out;
  Database db = Database::open(database);
  for (int t = 0; t < 2; ++t) {
    auto q = db.prepare(
        "SELECT remote_count, (SELECT sum(count) FROM access WHERE thread = ?1) FROM thread WHERE thread = "
        "?1");
    q.bind(1, std::int64_t{t});
    ASSERT_TRUE(q.step());
    EXPECT_EQ(q.int64(0), rounds) << "thread " << t;
    EXPECT_EQ(q.int64(1), rounds) << "thread " << t;
  }
  EXPECT_EQ(db.scalar("SELECT dropped_events FROM run"), 0);
  EXPECT_NE(run.err.find("shared objects found the recorder's object table full: their accesses are counted"),
            std::string::npos)
      << run.err;
  EXPECT_EQ(run.err.find("transport calls found the recorder's access table full"), std::string::npos)
      << run.err;
}

}  // namespace
