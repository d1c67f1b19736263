// symbolize_database on call paths: a site in the dialect's headers (an out-of-line copy of an inline
// function) moves to its first caller outside them, chains are cut to run.callers, and rows that meet merge.
#include <gtest/gtest.h>

#include "pgas/tracedb/symbolizer.hpp"
#include "scratch_directory.hpp"

namespace pgas::tracedb {
namespace {

// Sites: 1 and 2 in include/pgas/ (two out-of-line header frames), 3 the helper's line, 4 and 5 the two
// loops calling it, 6 main's caller. Chains: 1 = [2, 3, 4, 6], 2 = [2, 3, 5, 6], 3 = [4] (a row already
// at its final place).
Database build(const std::filesystem::path &path, int callers) {
  Database db = Database::create(path);
  db.exec(
      "INSERT INTO run(id, program, arguments, threads, conduit, latency_ns, bandwidth_bps, start_time, "
      "wall_ns, call_sites, unwind_depth, histogram_bins, timeline_interval_ns, time_every, complete, "
      "dropped_events, callers) VALUES (1, 'p', '[]', 2, 'shm', 0, 0, '', 1, 1, 16, 64, 0, 1, 1, 0, " +
      std::to_string(callers) +
      "); "
      "INSERT INTO module VALUES (1, '/bin/p', ''); "
      "INSERT INTO site(id, module, pc, function, file, line, symbolized) VALUES (0, NULL, 0, NULL, NULL, "
      "NULL, "
      "1), (1, 1, 16, 'upc_barrier_t::~upc_barrier_t', '/usr/include/pgas/sync.hpp', 47, 1), "
      "(2, 1, 32, 'pgas::barrier', '/usr/include/pgas/sync.hpp', 17, 1), (3, 1, 48, 'helper', '/src/p.cpp', "
      "13, 1), (4, 1, 64, 'main', '/src/p.cpp', 24, 1), (5, 1, 80, 'main', '/src/p.cpp', 25, 1), "
      "(6, 1, 96, '_start', NULL, NULL, 1); "
      "INSERT INTO call_path VALUES (10, 6, 0), (11, 4, 10), (12, 5, 10), (13, 3, 11), (14, 3, 12), "
      "(1, 2, 13), (2, 2, 14), (3, 4, 0); "
      "INSERT INTO sync_wait(thread, site, kind, object, path, name, count, ns_sum, ns_min, ns_max) VALUES "
      "(0, 1, 'barrier', 0, 1, '', 3, 30, 5, 15), (0, 1, 'barrier', 0, 2, '', 5, 50, 4, 20), "
      "(0, 3, 'barrier', 0, 3, '', 1, 10, 10, 10); "
      "INSERT INTO access(thread, peer, variable, site, op, path, count, elements, bytes, timed, ns_sum, "
      "ns_min, ns_max) VALUES (0, 1, 7, 1, 'get', 1, 3, 3, 12, 3, 30, 10, 10), "
      "(0, 1, 7, 3, 'get', 3, 2, 2, 8, 2, 20, 5, 15)");
  return db;
}

// "site line < caller line ...: count" for every row of `table`, ordered.
std::vector<std::string> rows(const Database &db, const std::string &table) {
  std::vector<std::string> out;
  Statement s = db.prepare("SELECT site, path, count, ns_min, ns_max FROM " + table + " ORDER BY site, path");
  while (s.step()) {
    auto line = [&](std::int64_t site) {
      Statement l = db.prepare("SELECT coalesce(line, 0) FROM site WHERE id = ?1");
      l.bind(1, site);
      l.step();
      return std::to_string(l.int64(0));
    };
    std::string text = line(s.int64(0));
    for (std::int64_t path = s.int64(1); path != 0;) {
      Statement link = db.prepare("SELECT site, caller FROM call_path WHERE id = ?1");
      link.bind(1, path);
      if (!link.step()) break;
      text += " < " + line(link.int64(0));
      path = link.int64(1);
    }
    out.push_back(text + ": " + std::to_string(s.int64(2)) + " [" + std::to_string(s.int64(3)) + ", " +
                  std::to_string(s.int64(4)) + "]");
  }
  return out;
}

TEST(SymbolizePaths, HeaderSitesMoveToTheirCallerAndChainsAreCut) {
  pgas_test::ScratchDirectory dir("pgas-symbolize-paths");
  Database db = build(dir.path() / "t.db", 1);
  symbolize_database(db);
  EXPECT_EQ(
      rows(db, "sync_wait"),
      (std::vector<std::string>{"13 < 24: 4 [5, 15]", "13 < 25: 5 [4, 20]"}));  // merged with the row at 13
  EXPECT_EQ(rows(db, "access"), (std::vector<std::string>{"13 < 24: 5 [5, 15]"}));
  // A second pass changes nothing.
  symbolize_database(db);
  EXPECT_EQ(rows(db, "access"), (std::vector<std::string>{"13 < 24: 5 [5, 15]"}));
}

TEST(SymbolizePaths, WithoutCallersEveryChainIsEmpty) {
  pgas_test::ScratchDirectory dir("pgas-symbolize-paths");
  Database db = build(dir.path() / "t.db", 0);
  symbolize_database(db);
  EXPECT_EQ(rows(db, "sync_wait"), (std::vector<std::string>{"13: 9 [4, 20]"}));
  EXPECT_EQ(rows(db, "access"), (std::vector<std::string>{"13: 5 [5, 15]"}));
}

}  // namespace
}  // namespace pgas::tracedb
