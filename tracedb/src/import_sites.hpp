// The importer's part on where events were made: database ids of the raw files' modules, call sites and
// call paths, each deduplicated across threads (every process has its own load addresses, so a site is
// keyed by its module and offset, and a call path link by its site and caller).
#pragma once

#include <cstdint>
#include <map>
#include <string>
#include <utility>

#include "pgas/tracedb/database.hpp"
#include "raw_files.hpp"

namespace pgas::tracedb {

class SiteIds {
 public:
  explicit SiteIds(const Database &db) : db_(db) {}

  // site.id of raw site slot `slot` of `f` (inserted if new); 0 for the unknown site.
  std::int64_t site(const RawFile &f, std::uint32_t slot);
  // call_path.id of raw call path node `slot` of `f`, its links inserted if new; 0 for the empty chain.
  std::int64_t path(const RawFile &f, std::uint32_t slot);
  // A site known by its source location only ("path:line" from the program): already symbolized.
  std::int64_t source_site(const std::string &location);

 private:
  std::int64_t module(const raw::Module &m);

  const Database &db_;
  std::map<std::pair<std::string, std::string>, std::int64_t> modules_;   // (path, build id) -> id
  std::map<std::pair<std::int64_t, std::uint64_t>, std::int64_t> sites_;  // (module, offset) -> id
  std::map<std::string, std::int64_t> source_sites_;
  std::map<std::pair<std::int64_t, std::int64_t>, std::int64_t> paths_;  // (site, caller) -> id
  std::int64_t next_site_ = 1;
};

}  // namespace pgas::tracedb
