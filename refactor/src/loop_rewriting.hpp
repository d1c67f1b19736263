// Step 3 of rewriting a translation unit: the replacements of the loops judged ready. Each loop becomes its
// tiled inspector/executor form (rewrite_loop); caches whose opening is invariant across an enclosing
// ordinary loop are opened once before it, the loops hoisted to one target sharing one opening and closing.
// Generated names avoid the names in use in the file (NamesInUse) and each other.
#pragma once

#include <clang/AST/ASTContext.h>
#include <clang/Tooling/Core/Replacement.h>

#include <vector>

#include "loop_model.hpp"
#include "options.hpp"

namespace pgas::refactor {

struct FileRewrite {
  clang::tooling::Replacements replacements;  // one per rewritten loop, and the hoisted openings/closings
  unsigned rewritten = 0;
  std::vector<Refusal> failures;  // loops found unwritable after all (one refusal each)
};

FileRewrite rewrite_ready_loops(const Settings &settings, clang::ASTContext &ctx,
                                const std::vector<const LoopModel *> &ready);

}  // namespace pgas::refactor
