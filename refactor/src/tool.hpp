// Running the analysis and the rewrite over one translation unit: the frontend action that finds the
// upc_forall loops of the main file, reports the ones it leaves untouched, and collects one replacement per
// rewritten loop.
#pragma once

#include <clang/Tooling/Core/Replacement.h>
#include <clang/Tooling/Tooling.h>

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
  std::set<std::string> shared_arrays;  // the names --array can match (shared_array_names)
};

std::unique_ptr<clang::tooling::FrontendActionFactory> make_action_factory(const Settings &settings,
                                                                           ArraySelector select,
                                                                           FileResult &result);

}  // namespace pgas::refactor
