// The rewrite of one legal loop into the tiled inspector/executor form of Cong et al. section 4.3.
#pragma once

#include <clang/AST/ASTContext.h>

#include <functional>
#include <string>
#include <utility>
#include <vector>

#include "loop_model.hpp"
#include "options.hpp"

namespace pgas::refactor {

struct LoopRewrite {
  clang::CharSourceRange range;  // the loop as written, from the upc_forall token to the end of its body
  std::string text;              // what replaces it (unformatted)
  // Opening and closing the caches: part of `text`, or, when hoisted, to be placed around the hoist target.
  std::string opening, closing;
  std::vector<std::string> names;  // the identifiers it declares
  std::string error;               // set when the loop cannot be rewritten after all (range is then invalid)
};

// `taken` says whether an identifier is already used in the file (generated names avoid those).
LoopRewrite rewrite_loop(const LoopModel &model, const Settings &settings, clang::ASTContext &ctx,
                         const std::function<bool(const std::string &)> &taken,
                         const clang::Stmt *hoist_to = nullptr);

// Whether the loop's init value may have effects (a call): the rewrite then evaluates it once, into a
// variable declared with the caches, which are then not hoisted.
bool first_has_effects(const LoopModel &model, const clang::ASTContext &ctx);

// Where the caches' opening (an empty range before the statement) and closing (after it) go when they are
// hoisted before an enclosing loop.
std::pair<clang::CharSourceRange, clang::CharSourceRange> hoist_ranges(const clang::Stmt *target,
                                                                       const clang::ASTContext &ctx);

// The tile size for a loop when --chunk is not given: the largest whose caches fit in --cache-memory
// (hpcstpf_memory_bound per array, with room for up to 1024 threads' bookkeeping).
std::size_t default_chunk(const LoopModel &model, std::size_t cache_memory);

}  // namespace pgas::refactor
