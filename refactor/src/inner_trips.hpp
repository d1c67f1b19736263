// Sizing a cache for accesses inside the body's own counting loops (inner_trips.cpp).
#pragma once

#include <clang/AST/ASTContext.h>

#include <set>
#include <string>

#include "loop_model.hpp"

namespace pgas::refactor {

// The elements one iteration of the loop may hint in model.arrays[array], as a C++ expression evaluated
// where the cache is opened: its number of accesses, where an access inside counting loops of the body
// counts their trips (pgas::refactored::trips of trip_count per loop). Just the number of accesses when no
// access is inside such a loop or a loop's bounds are not literals or variables the body leaves unchanged.
std::string elements_per_iteration(const LoopModel &model, int array, const clang::ASTContext &ctx);

// The variables those trip counts read, which must keep their values wherever the cache is opened.
void inner_trip_refs(const LoopModel &model, const clang::ASTContext &ctx,
                     std::set<const clang::ValueDecl *> &out);

}  // namespace pgas::refactor
