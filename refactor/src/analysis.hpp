// The analysis of one upc_forall loop: recognizing the macro, reading the header, finding the chosen
// arrays' element accesses, and deciding whether the rewrite is legal (with the reasons when it is not).
#pragma once

#include <clang/AST/ASTContext.h>

#include <optional>
#include <set>
#include <string>
#include <vector>

#include "loop_model.hpp"
#include "options.hpp"

namespace pgas::refactor {

// How a for statement relates to the upc_forall macro.
struct ForallSpelling {
  bool is_forall = false;         // the `for` comes from upc_forall's expansion
  std::string wrapper;            // the user macro upc_forall is expanded in, if any
  clang::SourceLocation keyword;  // where the loop is written (the upc_forall or wrapper token)
};

ForallSpelling forall_spelling(const clang::ForStmt *loop, const clang::ASTContext &ctx);

// Reads the loop header (iteration variable, bounds, step, affinity). Adds a refusal when the header has a
// form the rewrite cannot tile.
bool read_header(const clang::ForStmt *loop, const clang::ASTContext &ctx, LoopModel &model,
                 std::vector<Refusal> &refusals);

// Finds the element accesses of the arrays in `chosen` and classifies them; false if none is accessed (a
// chosen array whose type depends on a template parameter adds a refusal and counts as accessed).
bool find_accesses(const std::set<std::string> &chosen, clang::ASTContext &ctx, LoopModel &model,
                   std::vector<Refusal> &refusals);

// The legality rules (see README, "pgas-refactor"). Adds one refusal per violated rule.
void check_legality(const Settings &settings, clang::ASTContext &ctx, const LoopModel &model,
                    std::vector<Refusal> &refusals);

// Whether the affinity moves by exactly one element or one integer per iteration of a unit-step loop: `&A[e]`
// or `&A[r][e]` (A, r free of the loop variable) or an integer `e`, with e the variable plus or minus
// terms free of it.
bool affinity_walks(const LoopModel &model);

// Whether the access is to the element the affinity names (`&A[i]` with A[i]), which is always local.
bool owner_computes(const Access &a, const LoopModel &model, const clang::ASTContext &ctx);

// Variables a statement may change (assigned, incremented, address taken, passed by non-const reference) and
// the shared arrays it writes element-wise.
void scan_writes(const clang::Stmt *s, std::set<const clang::ValueDecl *> &modified,
                 std::set<const clang::ValueDecl *> &written_arrays);

// The outermost ordinary loop around the loop (in the same function, no upc_forall or try in between) across
// which opening its caches is invariant, or null. The caches are then opened once before that loop instead of
// at every execution of the upc_forall (a cache is empty between tiles, so nothing else changes).
const clang::Stmt *hoist_target(const LoopModel &model, clang::ASTContext &ctx);

// The declarations of the body the expression reads, directly or through other body declarations.
std::vector<const clang::DeclStmt *> needed_decls(const clang::Expr *e, const LoopModel &model);

}  // namespace pgas::refactor
