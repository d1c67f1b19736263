// pgas-trace-import DB: turns the raw files a traced run left in DB.raw/ into the trace database DB and
// symbolizes its call sites. pgasrun --trace runs it after the job; run it by hand after a run traced with
// LD_PRELOAD=libpgas-trace.so PGAS_TRACE_FILE=DB. --recover imports what killed jobs left behind.
#include <csignal>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <string>

#include "pgas/tracedb/database.hpp"
#include "pgas/tracedb/importer.hpp"
#include "pgas/tracedb/recovery.hpp"
#ifdef PGAS_HAVE_SYMBOLIZER
#include "pgas/tracedb/symbolizer.hpp"
#endif

namespace {

void usage(std::FILE *out) {
  std::fprintf(
      out,
      "Usage: pgas-trace-import [--keep-raw] [--raw-dir=DIR] [--no-symbolize] [--as=NAME] [--conduit=C] DB\n"
      "       pgas-trace-import --recover [--keep-raw] [--no-symbolize] [DB]\n"
      "Builds the trace database DB from the raw recorder files (in DB.raw/ or DIR), removes them, and\n"
      "symbolizes call sites and variable names (LLVM debug info, source lines).\n"
      "  --keep-raw       keep the raw files after a successful import\n"
      "  --raw-dir=DIR    read the raw files from DIR instead of DB.raw/\n"
      "  --as=NAME        report as NAME (pgasrun --trace uses it)\n"
      "  --conduit=C      the conduit the run used, recorded in the run table: shm (default) or mpi\n"
      "  --no-symbolize   leave call sites as addresses (readers symbolize on demand)\n"
      "  --recover        find the raw files of traced jobs that were killed before their import\n"
      "                   (pgasrun SIGKILLed: /dev/shm/pgas-trace-XXXXXX, or DB.raw-XXXXXX beside DB\n"
      "                   under --conduit mpi), list them and import each into the database its run\n"
      "                   was traced into (only those of DB if given). Directories of running jobs\n"
      "                   are skipped; a database written after the killed run started is not\n"
      "                   replaced (import it elsewhere with --raw-dir=DIR OTHER.db)\n"
      "  -h, --help       print this help\n"
      "  --version        print the version\n"
      "Prints one line on stderr per database: its remote accesses and threads.\n"
      "Exit status 2 on error (with --recover: if any directory could not be imported, or none of DB\n"
      "was found).\n");
}

struct Settings {
  pgas::tracedb::ImportOptions options;
  std::string database, name = "pgas-trace-import";
  bool symbolize = true, recover = false;
};

// Imports one run and reports it in one line (and a line per problem). False on error.
bool import_one(const std::string &database, const pgas::tracedb::ImportOptions &options,
                const Settings &settings) {
  const char *name = settings.name.c_str();
  try {
    pgas::tracedb::ImportOptions with_symbols = options;
#ifdef PGAS_HAVE_SYMBOLIZER
    if (settings.symbolize)
      with_symbols.before_commit = [name](pgas::tracedb::Database &db) {
        auto counts = pgas::tracedb::symbolize_database(db);
        if (counts.sites_unresolved > 0)
          std::fprintf(
              stderr,
              "%s: warning: %lld of %lld call sites have no source line (build the program with -g)\n", name,
              static_cast<long long>(counts.sites_unresolved),
              static_cast<long long>(counts.sites_unresolved + counts.sites_symbolized));
      };
#endif
    auto summary = pgas::tracedb::import_raw_trace(database, with_symbols);
    for (const std::string &rejected : summary.rejected)
      std::fprintf(stderr, "%s: warning: left out %s\n", name, rejected.c_str());
    if (summary.dropped > 0)
      std::fprintf(stderr,
                   "%s: warning: %llu transport calls found the recorder's access table full: the thread "
                   "totals count them, the per-variable, per-line and per-pair counts miss them\n",
                   name, static_cast<unsigned long long>(summary.dropped));
    if (summary.objects_unrecorded > 0)
      std::fprintf(stderr,
                   "%s: warning: %llu shared objects found the recorder's object table full: their "
                   "accesses are counted, without a variable name or index histogram\n",
                   name, static_cast<unsigned long long>(summary.objects_unrecorded));
    if (summary.replaced_newer)
      std::fprintf(stderr,
                   "%s: warning: %s was written by another run while this one ran; this run's trace "
                   "replaces it\n",
                   name, database.c_str());
    if (summary.raw_kept && !options.keep_raw)
      std::fprintf(
          stderr, "%s: the raw files are kept in %s\n", name,
          (options.raw_directory.empty() ? pgas::tracedb::raw_directory(database) : options.raw_directory)
              .c_str());
    std::fprintf(stderr, "%s: trace %s: %llu remote accesses from %d of %d threads%s\n", name,
                 database.c_str(), static_cast<unsigned long long>(summary.accesses), summary.threads_found,
                 summary.threads, summary.complete ? "" : " (partial trace: not every thread finished)");
    return true;
  } catch (const pgas::tracedb::Error &e) {
    std::fprintf(stderr, "pgas-trace-import: %s\n", e.what());
    return false;
  }
}

// Ctrl-C or a kill during the import: the half-written temporary database is removed, then the signal
// takes its default course.
void on_terminating_signal(int signo) {
  pgas::tracedb::abandon_import_in_progress();
  signal(signo, SIG_DFL);
  raise(signo);
}

int recover(const Settings &settings) {
  auto runs = pgas::tracedb::find_leaked_runs(settings.database);
  if (runs.empty()) {
    if (!settings.database.empty()) {
      std::fprintf(stderr, "pgas-trace-import: --recover: no raw trace files of %s left by a killed job\n",
                   settings.database.c_str());
      return 2;
    }
    std::fprintf(stderr, "pgas-trace-import: --recover: no raw trace files left by killed jobs\n");
    return 0;
  }
  for (const auto &run : runs)
    std::fprintf(stderr, "pgas-trace-import: --recover: %s holds a trace of %s\n", run.directory().c_str(),
                 run.job().database.c_str());
  bool all = true;
  for (const auto &run : runs) {
    if (!pgas::tracedb::raw::holds_raw_files(run.directory())) {  // its threads died before tracing
      std::error_code ec;
      std::filesystem::remove_all(run.directory(), ec);
      std::fprintf(stderr, "pgas-trace-import: --recover: %s: no thread recorded anything; removed\n",
                   run.directory().c_str());
      continue;
    }
    pgas::tracedb::ImportOptions options = settings.options;
    options.raw_directory = run.directory();
    options.conduit = run.job().conduit.empty() ? "shm" : run.job().conduit;
    options.replace_newer = false;  // a later run's database is worth more than a killed run's
    bool imported = import_one(run.job().database, options, settings);
    if (!imported)
      std::fprintf(stderr,
                   "pgas-trace-import: --recover: kept %s (import it with pgas-trace-import --raw-dir=%s "
                   "DB)\n",
                   run.directory().c_str(), run.directory().c_str());
    all = all && imported;
  }
  return all ? 0 : 2;
}

}  // namespace

int main(int argc, char **argv) {
  for (int signo : {SIGINT, SIGTERM, SIGHUP}) signal(signo, on_terminating_signal);
  Settings settings;
  pgas::tracedb::ImportOptions &options = settings.options;
  bool conduit_given = false;
  for (int a = 1; a < argc; ++a) {
    std::string arg = argv[a];
    if (arg == "-h" || arg == "--help") {
      usage(stdout);
      return 0;
    }
    if (arg == "--version") {
      std::printf("pgas-trace-import %s\n", PGAS_VERSION);
      return 0;
    }
    if (arg == "--keep-raw") {
      options.keep_raw = true;
    } else if (arg.starts_with("--raw-dir=")) {
      options.raw_directory = arg.substr(10);
    } else if (arg == "--no-symbolize") {
      settings.symbolize = false;
    } else if (arg == "--recover") {
      settings.recover = true;
    } else if (arg.starts_with("--as=")) {
      settings.name = arg.substr(5);
    } else if (arg.starts_with("--conduit=")) {
      options.conduit = arg.substr(10);
      conduit_given = true;
      if (options.conduit != "shm" && options.conduit != "mpi") {
        std::fprintf(stderr, "pgas-trace-import: --conduit: '%s' is not a conduit (shm or mpi)\n",
                     options.conduit.c_str());
        return 2;
      }
    } else if (!arg.starts_with("-") && settings.database.empty()) {
      settings.database = arg;
    } else {
      std::fprintf(stderr, "pgas-trace-import: unexpected argument '%s'\nTry 'pgas-trace-import --help'.\n",
                   arg.c_str());
      return 2;
    }
  }
  if (settings.recover) {
    if (!options.raw_directory.empty() || conduit_given) {
      std::fprintf(stderr,
                   "pgas-trace-import: --recover finds the raw directories and their conduit itself: "
                   "--raw-dir and --conduit do not go with it\n");
      return 2;
    }
    return recover(settings);
  }
  if (settings.database.empty()) {
    std::fprintf(stderr, "pgas-trace-import: missing DB\nTry 'pgas-trace-import --help'.\n");
    return 2;
  }
  return import_one(settings.database, options, settings) ? 0 : 2;
}
