#include "pgas/tracedb/symbolize_on_demand.hpp"

#include <unistd.h>

#include <iostream>

#include "pgas/tracedb/database.hpp"
#ifdef PGAS_HAVE_SYMBOLIZER
#include "pgas/tracedb/symbolizer.hpp"
#endif

namespace pgas::tracedb {

std::int64_t symbolize_on_demand(const std::string &database) {
#ifdef PGAS_HAVE_SYMBOLIZER
  if (access(database.c_str(), W_OK) != 0) return 0;  // read-only: readers note unsymbolized sites
  try {
    auto db = Database::open(database, /*writable=*/true);
    if (db.scalar("SELECT count(*) FROM site WHERE symbolized = 0 AND module IS NOT NULL").value_or(0) == 0)
      return 0;
    return symbolize_database(db).sites_symbolized;
  } catch (const Error &) {
    return 0;  // the reader's own open says what is wrong with the file
  }
#else
  (void)database;
  return 0;
#endif
}

void symbolize_on_demand(const std::string &database, const std::string &program) {
  if (std::int64_t sites = symbolize_on_demand(database); sites > 0)
    std::cerr << program << ": symbolized " << sites << " call sites of " << database << "\n";
}

}  // namespace pgas::tracedb
