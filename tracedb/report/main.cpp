// pgas-report: terminal tables (or csv, json) of the remote accesses in a trace database.
#include <iostream>
#include <string>
#include <vector>

#include "filter_check.hpp"
#include "options.hpp"
#include "pgas/tracedb/symbolize_on_demand.hpp"
#include "pgas/tracedb/text.hpp"
#include "sections.hpp"
#include "writers.hpp"

namespace {

constexpr int kUsageOrDataError = 2;

int report(const pgas::report::Options &options) {
  using pgas::tracedb::TraceReader;
  std::vector<pgas::report::Table> tables;
  for (const std::string &database : options.databases)
    pgas::tracedb::symbolize_on_demand(database, "pgas-report");
  if (options.diff) {
    TraceReader a(options.databases[0]);
    TraceReader b(options.databases[1]);
    pgas::report::check_filter_matches(options, {&a, &b});
    tables = pgas::report::diff_tables(a, b, options);
  } else {
    TraceReader trace(options.databases[0]);
    pgas::report::check_filter_matches(options, {&trace});
    tables = pgas::report::trace_tables(trace, options);
  }
  pgas::report::write_tables(std::cout, options.format, tables);
  std::cout.flush();
  return std::cout ? 0 : 1;
}

}  // namespace

int main(int argc, char **argv) {
  try {
    const pgas::report::Options options =
        pgas::report::parse_options(std::vector<std::string>(argv + 1, argv + argc));
    if (options.help) {
      std::cout << pgas::report::help_text();
      return 0;
    }
    if (options.version) {
      std::cout << "pgas-report " << PGAS_VERSION << "\n";
      return 0;
    }
    return report(options);
  } catch (const pgas::report::UsageError &e) {
    // A bad command line, or a filter that matches nothing in the trace.
    std::cerr << "pgas-report: " << pgas::tracedb::terminal_escape(e.what()) << " (see pgas-report --help)\n";
    return kUsageOrDataError;
  } catch (const std::exception &e) {
    // Reader errors already name the database: "<path>: <what is wrong>".
    std::cerr << "pgas-report: " << pgas::tracedb::terminal_escape(e.what()) << "\n";
    return kUsageOrDataError;
  }
}
