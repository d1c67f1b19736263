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

// How a for statement relates to upc_forall: the dialect's macro, or a UPC upc_forall as pgas-upcc
// translates it (upc_sources.hpp).
struct ForallSpelling {
  bool is_forall = false;         // the `for` comes from upc_forall's expansion or translation
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

// Sets each access's inspector level (Access::depth): 1 + the deepest cached read its index needs, directly
// or through the body's declarations, and marks the reads that chase their own array (Access::chases)
// (inspector_levels.cpp).
void assign_inspector_levels(clang::ASTContext &ctx, LoopModel &model);

// Gives each member of a struct element the loop writes (`A[i].field(&S::m) = v`, `+= v`, `++`) a view of
// its own in model.arrays, whose cache fetches and writes back that member alone, and moves the member's
// accesses to it; then counts every array's sites, reads and writes (member_views.cpp). Refuses members it
// cannot cache alone.
void split_member_views(clang::ASTContext &ctx, LoopModel &model, std::vector<Refusal> &refusals);

// A view of whole struct elements next to views of their written members (member_views.cpp): its accesses
// must not reach a written member's bytes behind that member's cache.
void check_member_views(const Settings &settings, const clang::ASTContext &ctx, const LoopModel &model,
                        std::vector<Refusal> &refusals);

// The legality rules (see README, "pgas-refactor"). Adds one refusal per violated rule; records in the
// model the pairs of arrays whose distinctness the rewritten code checks before it runs (aliases).
void check_legality(const Settings &settings, clang::ASTContext &ctx, LoopModel &model,
                    std::vector<Refusal> &refusals);

// A refusal of the loop with a note at `at`.
Refusal refusal_at(const LoopModel &model, const clang::Stmt *at, const std::string &why, std::string note);

// The write policies (write_policy.cpp): each cached array's policy accepts only writes of its form (min:
// A[k] = min(A[k], v) or `if (v < A[k]) A[k] = v`; max likewise; sum: additions), and with `any` an array
// both read and written must be accessed only at the iteration's own element. `modified` holds what the
// loop body writes.
void check_write_policies(const Settings &settings, clang::ASTContext &ctx, const LoopModel &model,
                          const std::set<const clang::ValueDecl *> &modified, std::vector<Refusal> &refusals);

// Whether two names of shared objects may denote overlapping shared memory (aliases.cpp).
bool may_alias(const clang::ValueDecl *a, const clang::ValueDecl *b);

// Other names in the body that may reach a cached array's memory (aliases.cpp): refused, or, when both are
// named before the loop and not changed by it, checked by the rewritten code before it runs (model.distinct).
void check_aliases(clang::ASTContext &ctx, LoopModel &model,
                   const std::set<const clang::ValueDecl *> &modified, std::vector<Refusal> &refusals);

class CallEffects;
// The inspector evaluates the indices of the hinted accesses and the declarations they need for every
// iteration; where the original evaluates them only under a condition, they must not trap (speculation.cpp).
void check_speculation(clang::ASTContext &ctx, const LoopModel &model, CallEffects &effects,
                       std::vector<Refusal> &refusals);

// Whether the affinity moves by exactly one element or one integer per iteration of a unit-step loop: `&A[e]`
// or `&A[r][e]` (A, r free of the loop variable) or an integer `e`, with e the variable plus or minus
// terms free of it.
bool affinity_walks(const LoopModel &model);
// Whether the statement names v (affinity_walk.cpp).
bool mentions(const clang::Stmt *s, const clang::ValueDecl *v);
// Whether e = v + (terms free of v) - (terms free of v), in any order of the additions: e moves by exactly
// one when v does.
bool unit_in(const clang::Expr *e, const clang::ValueDecl *v);
// Whether e is an increasing affine function of v: v, positive integer literals times such terms, plus or
// minus terms free of v (`2 * v + k`, `(v - 1) * 3`; not `n - v`): e moves up by the same amount whenever v
// moves up by the same amount.
bool affine_in(const clang::Expr *e, const clang::ValueDecl *v);

// Whether the access is to the element the affinity names (`&A[i]` with A[i]), which is always local.
bool owner_computes(const Access &a, const LoopModel &model, const clang::ASTContext &ctx);

// Variables a statement may change (assigned, incremented, address taken, passed by non-const reference) and
// the shared arrays it writes element-wise.
void scan_writes(const clang::Stmt *s, std::set<const clang::ValueDecl *> &modified,
                 std::set<const clang::ValueDecl *> &written_arrays);

// Variables of a function (its body `s`) whose address escapes it: taken, bound to a non-const reference or
// captured by reference. A write through a pointer or reference anywhere may change them.
void escaping(const clang::Stmt *s, std::set<const clang::ValueDecl *> &out);

// The outermost ordinary loop around the loop (in the same function, no upc_forall or try in between) across
// which opening its caches is invariant, or null. The caches are then opened once before that loop instead of
// at every execution of the upc_forall (a cache is empty between tiles, so nothing else changes).
const clang::Stmt *hoist_target(const LoopModel &model, clang::ASTContext &ctx);

// The declarations of the body the expression reads, directly or through other body declarations.
std::vector<const clang::DeclStmt *> needed_decls(const clang::Expr *e, const LoopModel &model);

}  // namespace pgas::refactor
