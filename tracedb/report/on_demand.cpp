#include "on_demand.hpp"

#include <unistd.h>

#include <iostream>

#include "pgas/tracedb/database.hpp"
#ifdef PGAS_HAVE_SYMBOLIZER
#include "pgas/tracedb/symbolizer.hpp"
#endif

namespace pgas::report {

void symbolize_on_demand(const std::string &database) {
#ifdef PGAS_HAVE_SYMBOLIZER
  if (access(database.c_str(), W_OK) != 0) return;  // read-only: the report notes unsymbolized sites
  try {
    auto db = tracedb::Database::open(database, /*writable=*/true);
    if (db.scalar("SELECT count(*) FROM site WHERE symbolized = 0 AND module IS NOT NULL").value_or(0) == 0)
      return;
    auto counts = tracedb::symbolize_database(db);
    if (counts.sites_symbolized > 0)
      std::cerr << "pgas-report: symbolized " << counts.sites_symbolized << " call sites of " << database
                << "\n";
  } catch (const tracedb::Error &) {
    // Opening for the report itself reports what is wrong with the file.
  }
#else
  (void)database;
#endif
}

}  // namespace pgas::report
