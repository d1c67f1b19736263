// pgas-refactor: rewrites upc_forall loops into tiled loops that read and write the chosen shared arrays
// through the software cache, with hints computed ahead of each tile (Cong et al. section 4.3). Command line
// in the manner of clang-format and clang-tidy; README.md documents every flag.
#include <clang/Tooling/ArgumentsAdjusters.h>
#include <clang/Tooling/CommonOptionsParser.h>
#include <llvm/Support/CommandLine.h>
#include <llvm/Support/FileSystem.h>
#include <llvm/Support/MemoryBuffer.h>
#include <llvm/Support/Path.h>
#include <llvm/Support/raw_ostream.h>

#include <algorithm>
#include <atomic>
#include <sstream>

#include "file_runs.hpp"
#include "output.hpp"
#include "suggest.hpp"
#include "trace_selection.hpp"
#include "upc_sources.hpp"

namespace cl = llvm::cl;
using namespace pgas::refactor;

namespace {

cl::OptionCategory category("pgas-refactor options");
cl::list<std::string> arrays("array",
                             cl::desc("Cache this shared array (repeatable); its element accesses in "
                                      "upc_forall loops go through the software cache. NAME:POLICY gives "
                                      "it its own write policy (else --policy's)"),
                             cl::value_desc("NAME[:POLICY]"), cl::cat(category));
cl::opt<std::string> trace("trace",
                           cl::desc("Choose the arrays from a trace database: in each loop, the "
                                    "variables with the most remote accesses on its lines (an error if it "
                                    "chooses nothing in any loop)"),
                           cl::value_desc("DB"), cl::cat(category));
cl::opt<double> threshold("trace-threshold",
                          cl::desc("With --trace: the share of a loop's remote accesses (0-100%) a variable "
                                   "needs to be cached (default 10)"),
                          cl::init(10.0), cl::cat(category));
cl::opt<std::string> policy("policy",
                            cl::desc("Write-back policy of racing writes for the arrays without their "
                                     "own (--array NAME:POLICY): any, priority, min, max, sum (default any)"),
                            cl::init("any"), cl::cat(category));
cl::opt<unsigned long> chunk("chunk",
                             cl::desc("Iterations per tile, counted among the thread's own where its "
                                      "affinity walks by layout (default: the largest whose caches fit "
                                      "in --cache-memory)"),
                             cl::init(0), cl::cat(category));
cl::opt<unsigned long> cache_memory("cache-memory",
                                    cl::desc("Bytes the caches of one loop may use, which sets "
                                             "the default chunk (default 262144; not with --chunk)"),
                                    cl::init(1u << 18), cl::cat(category));
cl::opt<int> levels("inspector-levels",
                    cl::desc("Hint rounds per tile for indices that are themselves read "
                             "from a cached array, like D[D[i]], and for the values of such "
                             "reads inside a loop of the body (D[D[D[i]]] for the loop's next "
                             "step) (default 3; deeper reads miss at get)"),
                    cl::init(3), cl::cat(category));
cl::opt<bool> privatize("privatize",
                        cl::desc("Accesses of the element the affinity names (x[i] under &x[i]), and of "
                                 "the row a 2-D affinity names (a[i][l] under &c[i][0], when a's and c's "
                                 "rows lie alike: checked at run time), become plain loads and stores "
                                 "through the thread's local part"),
                        cl::cat(category));
cl::opt<bool> dry_run("dry-run",
                      cl::desc("Report which loops would be rewritten, changing nothing; exit 1 if any "
                               "would, 2 on an error, else 0"),
                      cl::cat(category));
cl::opt<bool> diff("diff", cl::desc("Print a unified diff instead of the new source"), cl::cat(category));
cl::opt<bool> in_place("i", cl::desc("Rewrite the files in place"), cl::cat(category));
cl::opt<std::string> output("o", cl::desc("Write the new source to FILE (one input file only)"),
                            cl::value_desc("FILE"), cl::cat(category));
cl::opt<std::string> fixes("export-fixes",
                           cl::desc("Write the replacements as YAML for clang-apply-replacements (and "
                                    "nothing else unless -i, -o or --diff is given)"),
                           cl::value_desc("FILE"), cl::cat(category));
cl::opt<bool> line_directives(
    "line-directives",
    cl::desc("Mark the rewritten code with #line directives to the original's lines "
             "(for generated files: debug information and traces then give the "
             "original's lines; pgas_refactor() passes it; not with --export-fixes)"),
    cl::cat(category));
cl::opt<bool> suggest(
    "suggest",
    cl::desc("With --trace: list the upc_forall loops by remote accesses, each with its "
             "arrays and their shares, the verdict of the legality analysis (with its "
             "reason when it refuses), the write policy it needs and the command that "
             "rewrites it; changes nothing. A .upc file is analysed as pgas-upcc translates "
             "it, with the pgas-upcc flags after --, and its loops get no command"),
    cl::cat(category));
cl::opt<std::string> format("format", cl::desc("--suggest's output: text (default) or json"),
                            cl::value_desc("FORMAT"), cl::init("text"), cl::cat(category));
cl::opt<unsigned> jobs("j",
                       cl::desc("Analyse up to N files at a time, printing '[i/N] file' and its "
                                "diagnostics as each finishes (default 1)"),
                       cl::value_desc("N"), cl::init(1), cl::cat(category));
cl::opt<bool> warnings_as_errors("warnings-as-errors",
                                 cl::desc("A loop left untouched is an error: its file is left unchanged "
                                          "and the exit status is that of an error"),
                                 cl::cat(category));
cl::opt<bool> require_rewrite("require-rewrite", cl::desc("A file in which no loop is rewritten is an error"),
                              cl::cat(category));
cl::opt<std::string> style("style",
                           cl::desc("clang-format style of the rewritten loops (default: file, i.e. "
                                    "the .clang-format above the source, else Google)"),
                           cl::init("file"), cl::cat(category));

// Messages may quote a trace database (its program, its errors): escaped like every such string.
int fail(const std::string &message, int status) {
  llvm::errs() << error_line(message);
  return status;
}

// ", 2 opted out (NOREFACTOR)" for the --dry-run summary; "" when none is.
std::string opted_out_note(unsigned count) {
  return count ? ", " + std::to_string(count) + " opted out (NOREFACTOR)" : "";
}

std::string listing(const std::vector<std::string> &files) {
  std::string text;
  for (const std::string &file : files) text += (text.empty() ? "" : ", ") + file;
  return text;
}

// A value of an option that would silently do nothing (a typo, most likely), as a message; "" if none.
std::string idle_option() {
  if (threshold.getNumOccurrences() > 0 && trace.empty())
    return "--trace-threshold applies only with --trace";
  if (!(threshold >= 0 && threshold <= 100)) {  // NaN included
    std::ostringstream text;
    text << threshold;
    return "--trace-threshold is a percentage from 0 to 100, not " + text.str();
  }
  if (cache_memory.getNumOccurrences() > 0 && chunk.getNumOccurrences() > 0)
    return "--cache-memory only sets the default --chunk; give one or the other";
  return "";
}

// With --trace: an error if no remote access of the trace lies in any of the files (a trace of another
// program, or one recorded without source lines); "" otherwise.
std::string trace_misses(const TraceSelection &selection, const std::vector<std::string> &files) {
  if (std::any_of(files.begin(), files.end(),
                  [&](const std::string &f) { return selection.has_lines_in(f); }))
    return "";
  const std::string &program = selection.program();
  if (!selection.has_lines())
    return "--trace " + trace + ": the trace of " + program +
           " has no source lines (record it with pgasrun --trace DB --lines)";
  return "--trace " + trace + ": no remote access of the trace is on a line of " + listing(files) +
         " (it was recorded from " + program + ")";
}

// With --trace: why no loop of `files` got an array (the trace's accesses in them lie outside every
// upc_forall loop, typically because the file changed after it was traced).
std::string trace_chose_nothing(const TraceSelection &selection, const std::vector<std::string> &files) {
  std::string busiest;
  for (const std::string &line : selection.busiest_lines(files, 3))
    busiest += (busiest.empty() ? "" : ", ") + line;
  return "--trace " + trace + ": none of the trace's remote accesses in " + listing(files) +
         " lies in a upc_forall loop (its busiest lines: " + busiest +
         "); if the source changed after it was " + "traced (at " + selection.recorded_at() +
         "), trace the program again";
}

// The arguments every parse gets after the user's: Clang's resource directory, and the dialect headers of
// the tree pgas-refactor is installed in (<bindir>/PGAS_INCLUDEDIR_FROM_BINDIR), searched after the user's
// own include directories, so that a program builds without -I for them.
std::vector<std::string> parse_arguments(const char *argv0) {
  std::vector<std::string> arguments = {"-resource-dir=" PGAS_CLANG_RESOURCE_DIR,
                                        "-Wno-unknown-warning-option", "-w"};
  std::string self = llvm::sys::fs::getMainExecutable(argv0, reinterpret_cast<void *>(&parse_arguments));
  if (self.empty()) return arguments;
  llvm::SmallString<256> include(llvm::sys::path::parent_path(self));
  llvm::sys::path::append(include, PGAS_INCLUDEDIR_FROM_BINDIR);
  llvm::sys::path::remove_dots(include, /*remove_dot_dot=*/true);
  if (llvm::sys::fs::exists(include + "/pgas/upc.hpp")) arguments.push_back("-isystem" + include.str().str());
  return arguments;
}

// The compile flags as the suggested commands repeat them: "--" and the flags as given (read before the
// parser takes them off the command line), else "-p DIR" (CommonOptionsParser's option).
std::vector<std::string> build_flags(int argc, const char **argv) {
  for (int k = 1; k < argc; ++k)
    if (std::string(argv[k]) == "--") return std::vector<std::string>(argv + k, argv + argc);
  return {};
}

std::vector<std::string> build_path_flag() {
  auto &registered = cl::getRegisteredOptions();
  auto p = registered.find("p");
  if (p == registered.end()) return {};
  const std::string &dir = static_cast<cl::opt<std::string> *>(p->second)->getValue();
  if (dir.empty()) return {};
  return {"-p", dir};
}

int print_suggestions(const clang::tooling::CompilationDatabase &database,
                      const std::vector<std::string> &files, const Settings &settings,
                      const TraceSelection &selection, const std::vector<std::string> &flags,
                      const char *argv0) {
  SuggestOptions options;
  options.settings = &settings;
  options.selection = &selection;
  options.parse_arguments = parse_arguments(argv0);
  options.build_flags = flags.empty() ? build_path_flag() : flags;
  std::vector<std::string> errors;
  const std::vector<LoopAdvice> advice = advise(database, files, options, errors);
  int status = 0;
  for (const std::string &error : errors) status = fail(error, 1);
  if (advice.empty() && errors.empty())
    return fail(
        "--trace " + trace + ": no remote access of the trace lies in a upc_forall loop of " + listing(files),
        2);
  llvm::outs() << (format == "json" ? advice_json(advice, options, trace)
                                    : advice_text(advice, options, trace));
  return status;
}

}  // namespace

int main(int argc, const char **argv) {
  cl::SetVersionPrinter([](llvm::raw_ostream &out) { out << "pgas-refactor " << PGAS_VERSION << "\n"; });
  const std::vector<std::string> command_flags = build_flags(argc, argv);  // before the parser takes them
  auto parsed = clang::tooling::CommonOptionsParser::create(
      argc, argv, category, cl::OneOrMore,
      "Rewrites upc_forall loops with tiled caching and coalescing of remote accesses.\n\n"
      "A loop with a comment that is exactly NOREFACTOR, NOREFACTOR(reason) or NOREFACTOR: reason on\n"
      "its upc_forall line, or alone on the line above, is left as it is, silently; a comment that only\n"
      "contains the word (// NOREFACTORING) does not opt a loop out.\n"
      "Exit status: 0 done; 1 an error in a file (with --dry-run: something would change); 2 a bad\n"
      "command line (with --dry-run: also an error in a file).\n");
  if (!parsed) {
    llvm::errs() << llvm::toString(parsed.takeError());
    return 2;
  }
  const std::vector<std::string> files = parsed->getSourcePathList();
  const std::optional<pgas::write_policy> default_policy = parse_policy(policy);
  if (!default_policy) return fail("unknown --policy '" + policy + "' (" + kPolicyNames + ")", 2);
  if (arrays.empty() == trace.empty())
    return fail("choose the arrays with --array NAME or with --trace DB", 2);
  if (!output.empty() && files.size() != 1) return fail("-o needs exactly one input file", 2);
  if (levels < 1) return fail("--inspector-levels must be at least 1", 2);
  if (int(in_place) + int(!output.empty()) + int(diff) + int(dry_run) > 1)
    return fail("-i, -o, --diff and --dry-run exclude each other", 2);
  if (std::string idle = idle_option(); !idle.empty()) return fail(idle, 2);
  if (jobs < 1) return fail("-j must be at least 1", 2);
  if (suggest && (trace.empty() || in_place || !output.empty() || diff || dry_run || !fixes.empty()))
    return fail(
        "--suggest needs --trace DB and writes only its list (no -i, -o, --diff, --dry-run or "
        "--export-fixes)",
        2);
  for (const std::string &file : files)
    if (is_upc_file(file) && !suggest)
      return fail(file + ": pgas-refactor rewrites the C++ dialect; on a UPC file it gives --suggest only",
                  2);
  if (format != "text" && format != "json") return fail("unknown --format '" + format + "' (text, json)", 2);
  if (format.getNumOccurrences() > 0 && !suggest) return fail("--format applies only with --suggest", 2);
  if (line_directives && !fixes.empty())
    return fail("--line-directives marks the new text, not the replacements --export-fixes writes", 2);
  // An error in a file: 1, or with --dry-run 2 (1 says there is something to rewrite there).
  const int error_status = dry_run ? 2 : 1;

  Settings settings;
  for (const std::string &spec : arrays) {
    const std::size_t colon = spec.find(':');
    const std::string name = spec.substr(0, colon);
    if (name.empty()) return fail("--array '" + spec + "' names no array", 2);
    if (colon != std::string::npos) {
      const std::string own = spec.substr(colon + 1);
      const std::optional<pgas::write_policy> parsed_policy = parse_policy(own);
      if (!parsed_policy)
        return fail("unknown policy '" + own + "' in --array " + spec + " (" + kPolicyNames + ")", 2);
      settings.array_policies[name] = *parsed_policy;
    }
    settings.arrays.insert(name);
  }
  settings.policy = *default_policy;
  settings.chunk = chunk;
  settings.cache_memory = cache_memory;
  settings.inspector_levels = levels;
  settings.line_directives = line_directives;
  settings.privatize = privatize;
  ArraySelector select = [&](const std::string &, unsigned, unsigned) { return settings.arrays; };
  std::optional<TraceSelection> selection;
  std::atomic<bool> trace_chose_any{false};  // whether --trace chose an array in some loop (of any file)
  if (!trace.empty()) {
    try {
      selection.emplace(trace, threshold);
    } catch (const std::exception &e) {
      return fail(e.what(), error_status);
    }
    if (std::string missed = trace_misses(*selection, files); !missed.empty()) return fail(missed, 2);
    select = [&](const std::string &file, unsigned first, unsigned last) {
      std::set<std::string> chosen = (*selection)(file, first, last);
      if (!chosen.empty()) trace_chose_any = true;
      return chosen;
    };
  }

  if (suggest)
    return print_suggestions(parsed->getCompilations(), files, settings, *selection, command_flags, argv[0]);

  // Every file is analysed before any is written, so that an --array matching nothing changes no file.
  AnalysisOptions options;
  options.settings = &settings;
  options.select = select;
  options.style = style;
  options.parse_arguments = parse_arguments(argv[0]);
  options.jobs = jobs;
  options.warnings_as_errors = warnings_as_errors;
  options.require_rewrite = require_rewrite;
  std::vector<AnalysedFile> analysed = analyse_files(parsed->getCompilations(), files, options);
  int status = 0;
  std::vector<std::string> names;
  std::set<std::string> shared_arrays;
  for (const AnalysedFile &a : analysed) {
    if (!a.error.empty()) {
      status = error_status;  // already reported with the file's diagnostics
      continue;
    }
    names.push_back(a.file);
    shared_arrays.insert(a.result.shared_arrays.begin(), a.result.shared_arrays.end());
  }
  if (!names.empty()) {
    int unmatched = 0;
    for (const std::string &name : settings.arrays)
      if (!shared_arrays.count(name))
        unmatched = fail("--array " + name + ": no shared array of that name in " + listing(names), 2);
    if (unmatched) return unmatched;
    if (selection && !trace_chose_any) return fail(trace_chose_nothing(*selection, names), 2);
  }

  std::vector<clang::tooling::Replacement> exported;
  for (const AnalysedFile &a : analysed) {
    if (!a.error.empty()) continue;
    const std::string &file = a.file, &code = a.code, &changed = a.edit.code;
    std::string error;
    for (const clang::tooling::Replacement &r : a.edit.replacements) exported.push_back(r);
    if (dry_run) {
      llvm::outs() << file << ": " << a.result.rewritten << " loop(s) would be rewritten, "
                   << a.result.refused << " left unchanged" << opted_out_note(a.result.opted_out) << "\n";
      if (changed != code && status == 0) status = 1;
    } else if (diff) {
      llvm::outs() << unified_diff(file, code, changed);
    } else if (in_place) {
      if (changed != code && !write_file(file, changed, error)) status = fail(error, error_status);
    } else if (!output.empty()) {
      if (!write_file(output, changed, error)) status = fail(error, error_status);
    } else if (fixes.empty()) {
      llvm::outs() << changed;
    }
  }
  std::string error;
  if (!fixes.empty() && !export_fixes(fixes, files.size() == 1 ? files[0] : "", exported, error))
    status = fail(error, error_status);
  return status;
}
