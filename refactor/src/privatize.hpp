// Privatization (the local-address translation of UPC compilers): accesses of the element the loop's
// affinity names become plain loads and stores through the thread's local part (privatize.cpp).
#pragma once

#include <clang/AST/ASTContext.h>

#include <vector>

#include "loop_model.hpp"
#include "options.hpp"

namespace pgas::refactor {

// Fills model.private_accesses with the body's accesses `X[e]` under affinity `&X[e]` (`X[r][e]` under
// `&X[r][e]`) when that is provably the element the affinity test found local: X is not cached, not strict
// and not changed by the body, the index's variables are not changed by the body, and no other name the body
// writes may reach X's memory. Otherwise leaves them to their proxies and, when such accesses exist, adds a
// note saying why to `notes`. Writes `X[e] = v` of a cached X under min or max, when the body writes X
// nowhere else, become plain stores (Access::owned_store), and reads `X[e]` of a cached X plain loads
// (Access::owned_load).
void privatize_owned_accesses(const Settings &settings, clang::ASTContext &ctx, LoopModel &model,
                              std::vector<Refusal> &notes);

}  // namespace pgas::refactor
