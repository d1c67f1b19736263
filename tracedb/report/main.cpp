// pgas-report: terminal tables (or csv, json) of the remote accesses in a trace database.
#include <iostream>
#include <string>
#include <vector>

#include "on_demand.hpp"
#include "options.hpp"
#include "sections.hpp"
#include "writers.hpp"

namespace {

constexpr int kUsageOrDataError = 2;

int report(const pgas::report::Options &options) {
  using pgas::tracedb::TraceReader;
  std::vector<pgas::report::Table> tables;
  for (const std::string &database : options.databases) pgas::report::symbolize_on_demand(database);
  if (options.diff) {
    TraceReader a(options.databases[0]);
    TraceReader b(options.databases[1]);
    tables = pgas::report::diff_tables(a, b, options);
  } else {
    TraceReader trace(options.databases[0]);
    tables = pgas::report::trace_tables(trace, options);
  }
  pgas::report::write_tables(std::cout, options.format, tables);
  std::cout.flush();
  return std::cout ? 0 : 1;
}

}  // namespace

int main(int argc, char **argv) {
  pgas::report::Options options;
  try {
    options = pgas::report::parse_options(std::vector<std::string>(argv + 1, argv + argc));
  } catch (const pgas::report::UsageError &e) {
    std::cerr << "pgas-report: " << e.what() << " (see pgas-report --help)\n";
    return kUsageOrDataError;
  }
  if (options.help) {
    std::cout << pgas::report::help_text();
    return 0;
  }
  if (options.version) {
    std::cout << "pgas-report (pgas-toolkit) " << PGAS_VERSION << "\n";
    return 0;
  }
  try {
    return report(options);
  } catch (const std::exception &e) {
    // Reader errors already name the database: "<path>: <what is wrong>".
    std::string message = e.what();
    for (char &c : message)
      if (c == '\n' || c == '\r') c = ' ';
    std::cerr << "pgas-report: " << message << "\n";
    return kUsageOrDataError;
  }
}
