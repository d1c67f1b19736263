// Running the analysis and the rewrite over one translation unit: the frontend action that finds the
// upc_forall loops of the main file, reports the ones it leaves untouched, and collects one replacement per
// rewritten loop.
#pragma once

#include <clang/Tooling/Core/Replacement.h>
#include <clang/Tooling/Tooling.h>
#include <llvm/Support/raw_ostream.h>

#include <functional>
#include <memory>
#include <set>
#include <string>

#include "loop_finding.hpp"
#include "options.hpp"

namespace pgas::refactor {

struct FileResult {
  clang::tooling::Replacements loops;  // one per rewritten loop
  unsigned rewritten = 0, refused = 0;
  unsigned opted_out = 0;               // loops marked NOREFACTOR (loop_finding.hpp)
  std::set<std::string> shared_arrays;  // the names --array can match (shared_array_names)
};

// Where the diagnostics of the loops left untouched go, and whether they are errors (--warnings-as-errors).
struct Reporting {
  llvm::raw_ostream *out = nullptr;
  bool warnings_as_errors = false;
};

std::unique_ptr<clang::tooling::FrontendActionFactory> make_action_factory(const Settings &settings,
                                                                           ArraySelector select,
                                                                           Reporting reporting,
                                                                           FileResult &result);

}  // namespace pgas::refactor
