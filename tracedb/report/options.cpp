#include "options.hpp"

#include <algorithm>
#include <charconv>
#include <functional>
#include <map>
#include <optional>

namespace pgas::report {
namespace {

const std::map<std::string, Section> kSections = {
    {"summary", Section::kSummary}, {"threads", Section::kThreads},     {"variables", Section::kVariables},
    {"lines", Section::kLines},     {"pairs", Section::kPairs},         {"ops", Section::kOps},
    {"sync", Section::kSync},       {"imbalance", Section::kImbalance}, {"paths", Section::kPaths}};

const std::map<std::string, Format> kFormats = {
    {"table", Format::kTable}, {"csv", Format::kCsv}, {"json", Format::kJson}};

std::vector<std::string> split_commas(const std::string &value) {
  std::vector<std::string> items;
  std::size_t start = 0;
  for (std::size_t comma; (comma = value.find(',', start)) != std::string::npos; start = comma + 1)
    items.push_back(value.substr(start, comma - start));
  items.push_back(value.substr(start));
  return items;
}

// A non-negative integer, decimal or 0x hexadecimal; false if `text` is anything else.
bool parse_number(std::string_view text, std::int64_t &out) {
  int base = 10;
  if (text.size() > 2 && text[0] == '0' && (text[1] == 'x' || text[1] == 'X')) {
    text.remove_prefix(2);
    base = 16;
  }
  auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), out, base);
  return !text.empty() && error == std::errc() && end == text.data() + text.size() && out >= 0;
}

std::int64_t number(const std::string &option, const std::string &text) {
  std::int64_t value;
  if (!parse_number(text, value))
    throw UsageError(option + " expects a non-negative integer, not '" + text + "'");
  return value;
}

// "3", "0,2" or "4-7".
void add_threads(std::set<int> &threads, const std::string &value) {
  for (const std::string &item : split_commas(value)) {
    std::size_t dash = item.find('-', 1);
    std::int64_t first = number("--thread", item.substr(0, dash));
    std::int64_t last = dash == std::string::npos ? first : number("--thread", item.substr(dash + 1));
    if (last < first || last > 1 << 20) throw UsageError("--thread: bad range '" + item + "'");
    for (std::int64_t t = first; t <= last; ++t) threads.insert(static_cast<int>(t));
  }
}

// A handle (a number: variable names cannot start with a digit) or a name.
void add_variables(tracedb::Filter &filter, const std::string &value) {
  for (const std::string &item : split_commas(value)) {
    std::int64_t handle;
    if (item.empty()) throw UsageError("--variable: empty variable name");
    if (parse_number(item, handle))
      filter.handles.insert(handle);
    else
      filter.variables.insert(item);
  }
}

void add_ops(std::set<std::string> &ops, const std::string &value) {
  const std::vector<std::string> &known = tracedb::known_ops();
  for (const std::string &item : split_commas(value)) {
    if (std::find(known.begin(), known.end(), item) == known.end()) {
      std::string list;
      for (const std::string &op : known)
        if (op.rfind("cache_", 0) != 0) list += (list.empty() ? "" : ", ") + op;
      throw UsageError("--op: unknown operation '" + item + "' (one of: " + list +
                       "; each also with a cache_ prefix)");
    }
    ops.insert(item);
  }
}

template <typename T>
T lookup(const std::map<std::string, T> &names, const std::string &option, const std::string &value) {
  auto found = names.find(value);
  if (found != names.end()) return found->second;
  std::string list;
  for (const auto &entry : names) list += (list.empty() ? "" : ", ") + entry.first;
  throw UsageError(option + ": unknown value '" + value + "' (one of: " + list + ")");
}

}  // namespace

Options parse_options(const std::vector<std::string> &args) {
  Options o;
  using Handler = std::function<void(const std::string &)>;
  const std::map<std::string, Handler> with_value = {
      {"--top", [&](const std::string &v) { o.filter.top = static_cast<std::size_t>(number("--top", v)); }},
      {"--thread", [&](const std::string &v) { add_threads(o.filter.threads, v); }},
      {"--variable", [&](const std::string &v) { add_variables(o.filter, v); }},
      {"--op", [&](const std::string &v) { add_ops(o.filter.ops, v); }},
      {"--format", [&](const std::string &v) { o.format = lookup(kFormats, "--format", v); }},
      {"--section",
       [&](const std::string &v) {
         for (const std::string &s : split_commas(v)) o.sections.insert(lookup(kSections, "--section", s));
       }},
      {"--source-root", [&](const std::string &v) { o.source_roots.push_back(v); }},
  };
  std::vector<std::string> positional;
  for (std::size_t i = 0; i < args.size(); ++i) {
    std::string arg = args[i];
    std::optional<std::string> inline_value;
    if (std::size_t eq = arg.find('='); arg.rfind("--", 0) == 0 && eq != std::string::npos) {
      inline_value = arg.substr(eq + 1);
      arg.resize(eq);
    }
    auto next = [&]() -> std::string {
      if (inline_value) return *inline_value;
      if (i + 1 >= args.size()) throw UsageError(arg + " needs a value");
      return args[++i];
    };
    if (arg == "-h" || arg == "--help") {
      o.help = true;
    } else if (arg == "--version") {
      o.version = true;
    } else if (arg == "--diff") {
      if (inline_value) throw UsageError("--diff takes two databases: --diff A.db B.db");
      if (i + 2 >= args.size()) throw UsageError("--diff needs two databases: --diff A.db B.db");
      o.diff = true;
      positional.push_back(args[++i]);
      positional.push_back(args[++i]);
    } else if (auto handler = with_value.find(arg); handler != with_value.end()) {
      handler->second(next());
    } else if (arg == "--") {
      positional.insert(positional.end(), args.begin() + static_cast<std::ptrdiff_t>(i) + 1, args.end());
      break;
    } else if (arg.size() > 1 && arg[0] == '-') {
      throw UsageError("unknown option '" + args[i] + "'");
    } else {
      positional.push_back(arg);
    }
  }
  if (o.help || o.version) return o;
  if (positional.empty()) throw UsageError("no trace database given");
  if (positional.size() != (o.diff ? 2u : 1u))
    throw UsageError(o.diff ? "--diff compares exactly two databases; give no other"
                            : "more than one database given (compare two with --diff A.db B.db)");
  o.databases = std::move(positional);
  return o;
}

std::string_view help_text() {
  return R"(usage: pgas-report [options] DB
       pgas-report [options] --diff A.db B.db

Prints the remote accesses and waits recorded in a trace database (pgasrun --trace DB): a summary, then
tables per thread, per shared variable, per source line, per thread pair and per operation, the
synchronization (waits per line, kind and object), the load imbalance per line and the call paths.

Options:
  --section NAME     show only these sections: summary, threads, variables, lines, pairs, ops,
                     sync, imbalance, paths
                     (repeatable or a comma list; default: all)
  --thread T         count only accesses initiated by these threads: a number, a comma list or a
                     range such as 4-7 (repeatable)
  --variable NAME    count only accesses to this shared variable; a number selects a handle
                     (repeatable or a comma list); also prints the variable's accesses per thread
  --op OP            count only this operation: get, put, get_strict, put_strict, memget, memput,
                     getv, putv, accv, get_nb, put_nb, getv_nb, putv_nb, atomic, or one of
                     these with a cache_ prefix: made by the software cache (repeatable)
  --top N            at most N rows in the ranked tables (variables, lines, pairs, ops, sync,
                     imbalance, paths and the diff), ordered by accesses (sync, paths: by time;
                     imbalance: by lost time), then key; 0 = all (default)
  --format FORMAT    table (default: aligned columns, human units), csv (exact values; one block
                     per section, each after a '# section' line when there are several) or json
                     (exact values; one object with a member per section)
  --source-root DIR  where to read source files that moved since the run: DIR holding the tree, or
                     OLD=NEW to replace a path prefix (repeatable; tried in order, then the
                     recorded path)
  --diff A.db B.db   compare two traces line by line and variable by variable, with ratios B/A
                     (sections: summary, lines, variables, sync, imbalance, paths)
  -h, --help         print this help and exit
  --version          print the version and exit

With --thread, --variable or --op, per-thread totals are sums over the selected accesses (the
thread table's totals otherwise). Only --thread selects waits (sync, and the waits of imbalance
and paths).
The imbalance section gives, per source line, the spread over the selected threads of the time
and count of its accesses or of one kind of wait (min, mean, max, coefficient of variation), and
the time lost to it: for a wait, what the threads waited beyond the least-waiting one; for
accesses, what the others would wait for the slowest at the next synchronization. The paths
section gives, per source line and chain of calling lines (pgasrun --trace --lines --callers N),
its accesses and each kind of wait: a helper called from several loops shows once per calling
line. In table format the thread-pair section is a matrix
of accesses when the run has at most 16 threads and --top is not given, else a list of the top
pairs (20 unless --top is given).

Exit status: 0 on success; 2 for a bad command line, a filter that matches nothing in the trace
(a --thread, --variable or --source-root it does not hold), or a database that cannot be read
(missing, not a trace database, truncated, corrupt, or written by a newer version).
)";
}

}  // namespace pgas::report
