// Step 1 of rewriting a translation unit: finding the upc_forall loops of the main file that touch the
// chosen arrays, each read into a LoopModel (its header, the arrays and their element accesses) with what
// already refuses it (a header the rewrite cannot tile, upc_forall spelled inside another macro).
#pragma once

#include <clang/AST/ASTContext.h>

#include <functional>
#include <set>
#include <string>
#include <vector>

#include "loop_model.hpp"

namespace pgas::refactor {

// The arrays to cache in the loop spanning lines [first_line, last_line] of `file`.
using ArraySelector =
    std::function<std::set<std::string>(const std::string &file, unsigned first_line, unsigned last_line)>;

// A loop that touches a chosen array, and the reasons to leave it untouched (none yet: it is to be judged).
struct Candidate {
  LoopModel model;
  std::vector<Refusal> refusals;
  std::vector<Refusal> notes;  // what a rewritten loop leaves undone (privatization refused), as warnings
  // The user opted the loop out with a comment holding NOREFACTOR on its upc_forall line or alone on the
  // line above (`// NOREFACTOR: the order of writes matters`), as NOLINT does for clang-tidy. It stays a
  // candidate so that a loop around it is not rewritten either (of nested loops only the innermost is).
  bool opted_out = false;
};

// The upc_forall loops written in the main file, in source order (template patterns once, never their
// instantiations).
std::vector<const clang::ForStmt *> forall_loops(clang::ASTContext &ctx);

// The candidates in source order. Left out: loops that already go through a cache or are the original kept
// beside a rewrite (a second run changes nothing), loops that touch no chosen array, and loops whose every
// access is to the iteration's own element (local by the affinity: nothing to cache).
std::vector<Candidate> find_candidates(clang::ASTContext &ctx, const ArraySelector &select);

}  // namespace pgas::refactor
