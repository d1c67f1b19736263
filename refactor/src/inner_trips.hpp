// Sizing a cache for accesses inside the body's own counting loops (inner_trips.cpp).
#pragma once

#include <clang/AST/ASTContext.h>

#include <optional>
#include <set>
#include <string>

#include "loop_model.hpp"

namespace pgas::refactor {

// A counting loop of the body, `for (T v = first; v < bound (or <=); ++v / v++ / v += 1)`, whose first and
// bound are integer literals or variables named before the loop that its body (`modified`: what the body
// may change, from scan_writes) leaves unchanged.
struct Trip {
  const clang::VarDecl *var = nullptr;
  const clang::Expr *first = nullptr, *bound = nullptr;
  bool inclusive = false;
};
std::optional<Trip> trip_of(const clang::ForStmt *loop, const LoopModel &model,
                            const std::set<const clang::ValueDecl *> &modified,
                            const clang::SourceManager &sm);

// The elements one iteration of the loop may hint in model.arrays[array], as a C++ expression evaluated
// where the cache is opened: its number of accesses, where an access inside counting loops of the body
// counts their trips (pgas::refactored::trips of trip_count per loop). Just the number of accesses when no
// access is inside such a loop or a loop's bounds are not literals or variables the body leaves unchanged.
std::string elements_per_iteration(const LoopModel &model, int array, const clang::ASTContext &ctx);

// The variables those trip counts read, which must keep their values wherever the cache is opened.
void inner_trip_refs(const LoopModel &model, const clang::ASTContext &ctx,
                     std::set<const clang::ValueDecl *> &out);

}  // namespace pgas::refactor
