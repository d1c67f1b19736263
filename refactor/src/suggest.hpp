// --suggest: advice from a trace. For every upc_forall loop of the files with remote accesses on its lines,
// most first: the shared variables accessed there and their shares, whether the rewrite would take it (the
// legality analysis's verdict, with its first reason when it refuses), the write policy it needs, and the
// command (and the pgas_refactor() call) that rewrites it.
#pragma once

#include <clang/Tooling/CompilationDatabase.h>

#include <cstdint>
#include <map>
#include <string>
#include <vector>

#include "options.hpp"
#include "trace_selection.hpp"

namespace pgas::refactor {

struct LoopAdvice {
  std::string file;  // as given
  unsigned line = 0, last_line = 0;
  std::int64_t accesses = 0;                  // remote accesses on the loop's lines
  std::vector<TraceSelection::Share> shares;  // per variable, most first
  std::vector<std::string> chosen;            // the variables --trace caches (share >= --trace-threshold)
  enum Verdict { kRewritable, kRefused, kNothingToCache, kOptedOut } verdict = kRefused;
  std::string reason, note;  // why it is refused (the first reason), or why nothing is cached
  std::map<std::string, write_policy> policies;  // the policy each written chosen array needs (any if absent)
};

// How the suggested commands name the compile flags: "-p DIR" or "-- flags...", word by word.
struct SuggestOptions {
  const Settings *settings = nullptr;  // --policy, --chunk, ... as given (the arrays come from the trace)
  const TraceSelection *selection = nullptr;
  std::vector<std::string> parse_arguments;
  std::vector<std::string> build_flags;  // as the commands repeat them
};

// The advice for every loop with remote accesses, most first. A file that does not parse is an error (its
// message in `errors`).
std::vector<LoopAdvice> advise(const clang::tooling::CompilationDatabase &database,
                               const std::vector<std::string> &files, const SuggestOptions &options,
                               std::vector<std::string> &errors);

// The advice as text (one block per loop) or as JSON (an object with the trace and the loops).
std::string advice_text(const std::vector<LoopAdvice> &advice, const SuggestOptions &options,
                        const std::string &trace);
std::string advice_json(const std::vector<LoopAdvice> &advice, const SuggestOptions &options,
                        const std::string &trace);

}  // namespace pgas::refactor
