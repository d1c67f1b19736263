// pgas-trace-import DB: turns the raw files a traced run left in DB.raw/ into the trace database DB and
// symbolizes its call sites. pgasrun --trace runs it after the job; run it by hand after a run traced with
// LD_PRELOAD=libpgas-trace.so PGAS_TRACE_FILE=DB.
#include <cstdio>
#include <cstring>
#include <string>

#include "pgas/tracedb/database.hpp"
#include "pgas/tracedb/importer.hpp"
#ifdef PGAS_HAVE_SYMBOLIZER
#include "pgas/tracedb/symbolizer.hpp"
#endif

namespace {

void usage(std::FILE *out) {
  std::fprintf(
      out,
      "Usage: pgas-trace-import [--keep-raw] [--raw-dir=DIR] [--no-symbolize] [--as=NAME] [--conduit=C] DB\n"
      "Builds the trace database DB from the raw recorder files (in DB.raw/ or DIR), removes them, and\n"
      "symbolizes call sites and variable names (LLVM debug info, source lines).\n"
      "  --keep-raw       keep the raw files after a successful import\n"
      "  --raw-dir=DIR    read the raw files from DIR instead of DB.raw/\n"
      "  --as=NAME        report as NAME (pgasrun --trace uses it)\n"
      "  --conduit=C      the conduit the run used, recorded in the run table: shm (default) or mpi\n"
      "  --no-symbolize   leave call sites as addresses (readers symbolize on demand)\n"
      "  -h, --help   print this help\n"
      "Prints one line on stderr: the database, its remote accesses and threads.\n"
      "Exit status 2 on error.\n");
}

}  // namespace

int main(int argc, char **argv) {
  pgas::tracedb::ImportOptions options;
  std::string database, name = "pgas-trace-import";
  bool symbolize = true;
  for (int a = 1; a < argc; ++a) {
    std::string arg = argv[a];
    if (arg == "-h" || arg == "--help") {
      usage(stdout);
      return 0;
    }
    if (arg == "--keep-raw") {
      options.keep_raw = true;
    } else if (arg.starts_with("--raw-dir=")) {
      options.raw_directory = arg.substr(10);
    } else if (arg == "--no-symbolize") {
      symbolize = false;
    } else if (arg.starts_with("--as=")) {
      name = arg.substr(5);
    } else if (arg.starts_with("--conduit=")) {
      options.conduit = arg.substr(10);
      if (options.conduit != "shm" && options.conduit != "mpi") {
        std::fprintf(stderr, "pgas-trace-import: --conduit: '%s' is not a conduit (shm or mpi)\n",
                     options.conduit.c_str());
        return 2;
      }
    } else if (!arg.starts_with("-") && database.empty()) {
      database = arg;
    } else {
      std::fprintf(stderr, "pgas-trace-import: unexpected argument '%s'\nTry 'pgas-trace-import --help'.\n",
                   arg.c_str());
      return 2;
    }
  }
  if (database.empty()) {
    std::fprintf(stderr, "pgas-trace-import: missing DB\nTry 'pgas-trace-import --help'.\n");
    return 2;
  }
  try {
    auto summary = pgas::tracedb::import_raw_trace(database, options);
#ifdef PGAS_HAVE_SYMBOLIZER
    if (symbolize) {
      auto db = pgas::tracedb::Database::open(database, /*writable=*/true);
      auto counts = pgas::tracedb::symbolize_database(db);
      if (counts.sites_unresolved > 0)
        std::fprintf(stderr,
                     "%s: warning: %lld of %lld call sites have no source line (build the program with -g)\n",
                     name.c_str(), static_cast<long long>(counts.sites_unresolved),
                     static_cast<long long>(counts.sites_unresolved + counts.sites_symbolized));
    }
#endif
    std::fprintf(stderr, "%s: trace %s: %llu remote accesses from %d of %d threads%s%s\n", name.c_str(),
                 database.c_str(), static_cast<unsigned long long>(summary.accesses), summary.threads_found,
                 summary.threads, summary.complete ? "" : " (partial trace: not every thread finished)",
                 summary.dropped ? " (some events dropped: recorder tables full)" : "");
  } catch (const pgas::tracedb::Error &e) {
    std::fprintf(stderr, "pgas-trace-import: %s\n", e.what());
    return 2;
  }
  return 0;
}
